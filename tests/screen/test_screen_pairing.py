"""A game night's pairing on the board's screen, in a real browser (headless Chromium, as
test_screen_browser): ``wordboard run`` sees the pairing the board's link keeps (the pairing
file) arrive mid-game and the screen says the next game, "Next: round 2 · table 3: Cy v Di".
Skips when chromium or playwright is missing."""

from __future__ import annotations

import pytest

from tests.screen.support import CHROMIUM, WAIT_MS, check_screenshot, start_board, wait_until
from wordboard.night import pairing_file

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
if CHROMIUM is None:
    pytest.skip("chromium is not installed (Debian package chromium)", allow_module_level=True)


def test_the_next_pairing_shows_on_the_screen_when_it_arrives(tmp_path, browser, shots):
    board = start_board(tmp_path, ["--players", "Ann", "Bob"], ask_screen=False)   # the data folder is this test's
    try:
        page = browser.new_page(viewport={"width": 800, "height": 480})
        page.goto(board.url())
        page.wait_for_selector(".conn.on", timeout=WAIT_MS)
        page.wait_for_selector("#scores .player", timeout=WAIT_MS)
        assert not page.is_visible("#pairing")                      # no game night yet
        pairing_file.write({"round": 2, "table": 3, "players": ["Cy", "Di"], "event": "Tuesday club"})
        page.wait_for_selector("#pairing:not(.hidden)", timeout=WAIT_MS)
        text = page.inner_text("#pairing")
        assert "Next: round 2 · table 3" in text and "Cy v Di" in text
        assert page.get_attribute("#pairing", "title") == "Tuesday club"
        page.screenshot(path=str(shots / "pairing-800x480.png"))
        check_screenshot(shots / "pairing-800x480.png")
        wait_until(lambda: "game night: next, round 2, table 3: Cy v Di" in "".join(board.log), "the log line")
        page.close()
    finally:
        board.stop()
