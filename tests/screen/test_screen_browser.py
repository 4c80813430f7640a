"""The screen in a real browser: headless Chromium (Debian's ``chromium``) driven by Playwright,
against ``wordboard run --screen`` on the digital twin.

Watches a turn happen, answers a question on the page, unlocks with the PIN and ends the game,
at the Pi's 800x480 and at a phone's 375x667, in the normal and the children's mode. The
screenshots are checked (not blank, the key parts visible) and kept: their folder is printed
(``WORDBOARD_SCREENSHOTS`` chooses it; default a temporary folder).

Skips when chromium or playwright is missing. Never downloads a browser.
"""

from __future__ import annotations

import pytest

from tests.screen.support import CHROMIUM, PIN, WAIT_MS, check_screenshot, start_board, visible_in_viewport, wait_until

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
if CHROMIUM is None:
    pytest.skip("chromium is not installed (Debian package chromium)", allow_module_level=True)


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    """``wordboard run`` on the twin with the screen, questions left to the screen."""
    running = start_board(tmp_path_factory.mktemp("screen"))
    yield running.url()
    running.stop()


def history_count(page) -> int:
    return page.locator("#history li").count()


def test_landscape_watch_a_turn_and_answer_a_question(board, browser, shots):
    page = browser.new_page(viewport={"width": 800, "height": 480})
    page.goto(board)
    page.wait_for_selector(".conn.on", timeout=WAIT_MS)
    page.wait_for_selector("#board .cell", timeout=WAIT_MS)
    assert page.locator("#board .cell").count() == 15 * 15
    assert page.locator("#scores .player").count() == 2
    # watch a turn happen: a move appears in the history, its tiles on the board
    before = history_count(page)
    wait_until(lambda: history_count(page) > before, "a move")
    page.wait_for_selector("#board .cell.has-tile .tile", timeout=WAIT_MS)
    assert page.locator("#last .points").count() == 1
    for selector in ("#board", "#scores", "#last", ".buttons"):
        assert visible_in_viewport(page, selector), selector
    assert page.evaluate("document.documentElement.scrollWidth") <= 801
    page.screenshot(path=str(shots / "landscape-800x480.png"))
    check_screenshot(shots / "landscape-800x480.png")

    # a question: the end-turn button held (pass/swap) asks the table; only the screen answers
    page.click("[data-button=pass]")
    page.wait_for_selector("#prompt:not(.hidden)", timeout=WAIT_MS)
    assert "pass" in page.inner_text("#prompt-text").lower()
    assert visible_in_viewport(page, "#prompt .choice")
    page.screenshot(path=str(shots / "landscape-prompt.png"))
    check_screenshot(shots / "landscape-prompt.png")
    page.click("#prompt .choice[data-value='carry on']")
    page.wait_for_selector("#prompt.hidden", state="attached", timeout=WAIT_MS)
    # the controller goes on: another move comes
    count = history_count(page)
    wait_until(lambda: history_count(page) > count, "another move")
    page.close()


def test_phone_and_kids_mode(board, browser, shots):
    phone = browser.new_page(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True)
    phone.goto(board)
    phone.wait_for_selector("#board .cell.has-tile", timeout=WAIT_MS)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 376
    for selector in ("#board", "#scores"):
        assert visible_in_viewport(phone, selector), selector
    box = phone.locator("#board").bounding_box()
    assert box["width"] > 300          # the board uses the phone's width
    phone.screenshot(path=str(shots / "phone-375x667.png"), full_page=True)
    check_screenshot(shots / "phone-375x667.png")
    phone.close()

    kids = browser.new_page(viewport={"width": 800, "height": 480})
    kids.goto(board + "?mode=kids")
    kids.wait_for_selector("body.kids #board .cell.has-tile", timeout=WAIT_MS)
    kids.wait_for_selector(".kid-word .letter-tile", timeout=WAIT_MS)
    assert kids.locator(".kid-turn .big-avatar").count() + kids.locator("#summary:not(.hidden)").count() >= 1
    # no reading needed: the board's buttons are pictures, the labels hidden
    assert not kids.locator(".buttons .label").first.is_visible()
    # The page redraws on every update from the board, so find the tile and measure it in one go
    # (an element found first and measured later may have been replaced: no computed style).
    kids.wait_for_function("""() => {
        const tile = document.querySelector('.kid-word .letter-tile');
        return tile !== null && parseFloat(getComputedStyle(tile).fontSize) >= 30;
    }""", timeout=WAIT_MS)
    kids.screenshot(path=str(shots / "kids-800x480.png"))
    check_screenshot(shots / "kids-800x480.png")
    kids.close()


def test_pin_unlocks_changes_and_the_summary(board, browser, shots):
    page = browser.new_page(viewport={"width": 800, "height": 480})
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(board)
    page.wait_for_selector(".conn.on", timeout=WAIT_MS)
    page.wait_for_selector("#board .cell", timeout=WAIT_MS)
    page.click("#lock")
    page.wait_for_selector("#admin:not(.hidden)")
    for digit in "1111":
        page.click(f"#pinpad .key:text-is('{digit}')")
    page.click("#pinpad .key:text-is('OK')")
    wait_until(lambda: "wrong PIN" in page.inner_text("#admin-status"), "wrong PIN")
    assert page.locator("#admin-menu.hidden").count() == 1
    for digit in PIN:
        page.click(f"#pinpad .key:text-is('{digit}')")
    page.click("#pinpad .key:text-is('OK')")
    page.wait_for_selector("#admin-menu:not(.hidden)", timeout=WAIT_MS)
    page.screenshot(path=str(shots / "admin-800x480.png"))
    check_screenshot(shots / "admin-800x480.png")
    # the grown-up's words for the children's filter (issue 37)
    page.fill("#words-word", "kale")
    page.click("#words-form button[value=block]")
    wait_until(lambda: "blocked: KALE" in page.inner_text("#words-lists"), "the blocked word listed")
    # correct a score: shown at once
    first = int(page.inner_text("#scores .player:first-child .score"))
    page.click("#score-edit .edit-row:first-child button:text-is('+10')")
    wait_until(lambda: int(page.inner_text("#scores .player:first-child .score")) >= first + 10, "the score")
    page.click("#admin-end")
    page.wait_for_selector("#summary:not(.hidden)", timeout=WAIT_MS)
    page.wait_for_selector("#summary-sheet table.sheet tr td", timeout=WAIT_MS)
    assert page.locator("#summary-scores .final").count() == 2
    page.screenshot(path=str(shots / "summary-800x480.png"))
    check_screenshot(shots / "summary-800x480.png")
    page.close()
