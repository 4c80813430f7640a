"""The game clock on the screen, in a real browser (headless Chromium, as test_screen_browser):
each player's time left on the scoreboard, the mover's counting down, and the new-game setup's
clock for Lexulous and Scrabble only. Skips when chromium or playwright is missing."""

from __future__ import annotations

import re

import pytest

from tests.screen.support import CHROMIUM, WAIT_MS, check_screenshot, open_new_game_setup, start_board, wait_until

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
if CHROMIUM is None:
    pytest.skip("chromium is not installed (Debian package chromium)", allow_module_level=True)

FACE = re.compile(r"^-?\d+:\d\d$")


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    running = start_board(tmp_path_factory.mktemp("clock"), ["--clock", "3", "--increment", "5"], ask_screen=False)
    yield running.url()
    running.stop()


def test_the_scoreboard_shows_the_clocks_and_the_setup_offers_one(board, browser, shots):
    page = browser.new_page(viewport={"width": 800, "height": 480})
    page.goto(board)
    page.wait_for_selector(".conn.on", timeout=WAIT_MS)
    page.wait_for_selector("#scores .player .clock", timeout=WAIT_MS)
    clocks = page.locator("#scores .clock")
    assert clocks.count() == 2
    assert all(FACE.match(clocks.nth(i).inner_text()) for i in range(2))
    running = page.locator("#scores .clock.running")
    wait_until(lambda: running.count() == 1, "the mover's clock")
    first = running.inner_text()
    wait_until(lambda: running.count() == 1 and running.inner_text() != first, "the mover's clock counting")
    page.screenshot(path=str(shots / "clock-800x480.png"))
    check_screenshot(shots / "clock-800x480.png")
    # the new-game setup: a clock for Lexulous (the nearest to this game's 3 min, +5 s), none for HEXX
    open_new_game_setup(page)
    assert page.is_visible("#setup-clock") and page.input_value("#setup-clock") == "5"
    assert page.input_value("#setup-increment") == "5" and page.is_visible("#setup-increment")
    page.select_option("#setup-clock", "0")
    assert not page.is_visible("#setup-increment")
    page.select_option("#setup-game", "hexx")
    assert not page.is_visible("#setup-clock")
    page.close()
