"""Each game's own view in a real browser (headless Debian ``chromium`` driven by Playwright)
against ``wordboard run --game hexx|extradiction|dexikon --screen`` on the digital twin, the
questions left to the screen and answered on the page. Screenshots at 800x480 and 375x667 are
checked (not blank, the game's key parts visible) and kept (``WORDBOARD_SCREENSHOTS``).

The three boards run at once (one module fixture) to keep the tests short.
"""

from __future__ import annotations

import time

import pytest

from tests.screen.support import CHROMIUM, PIN, WAIT_MS, check_screenshot, start_board, visible_in_viewport, wait_until

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
if CHROMIUM is None:
    pytest.skip("chromium is not installed (Debian package chromium)", allow_module_level=True)

PREFERRED = ("roll", "carry on", "accept", "bank", "spend", "done", "insist", "no", "show", "1")


@pytest.fixture(scope="module")
def boards(tmp_path_factory):
    games = {"hexx": [], "extradiction": ["--level", "1"], "dexikon": []}
    running = {game: start_board(tmp_path_factory.mktemp(game), ["--game", game, *extra], wait=False)
               for game, extra in games.items()}
    urls = {game: board.url() for game, board in running.items()}
    yield urls
    for board in running.values():
        board.stop()


def answer_prompt(page, free: str = "CAT", prefer=PREFERRED) -> str | None:
    """Answer the question shown (the first preferred choice), as a person would."""
    if not page.locator("#prompt:not(.hidden)").count():
        return None
    choices = page.locator("#prompt .choice")
    values = [choices.nth(i).get_attribute("data-value") for i in range(choices.count())]
    if values:
        value = next((v for v in prefer if v in values), values[0])
        page.click(f"#prompt .choice[data-value='{value}']")
        return value
    page.fill("#prompt-input", free)
    page.click("#prompt-free button[type=submit]")
    return free


def play_until(page, done, what: str, timeout: float = 40.0, shoot=None, prefer=()) -> list[str]:
    """Answer the screen's questions until ``done()``; returns the answers given."""
    answers = []
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what} (answered {answers})")
        if page.locator("#prompt:not(.hidden)").count():
            if shoot is not None:
                shoot(page)
                shoot = None
            given = answer_prompt(page, prefer=(*prefer, *PREFERRED) if len(answers) >= 2 else PREFERRED)
            if given:
                answers.append(given)
                page.wait_for_timeout(200)
        page.wait_for_timeout(100)
    return answers


def open_page(browser, url: str, width: int, height: int, kids: bool = False):
    mobile = width < height
    page = browser.new_page(viewport={"width": width, "height": height}, is_mobile=mobile, has_touch=mobile)
    page.goto(url + ("?mode=kids" if kids else "?mode=normal"))
    page.wait_for_selector(".conn.on", timeout=WAIT_MS)
    page.wait_for_selector("#board .cell", timeout=WAIT_MS)
    return page


def no_sideways_scroll(page) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1


def test_hexx_colours_effects_and_its_questions(boards, browser, shots):
    page = open_page(browser, boards["hexx"], 800, 480)
    assert page.locator("#board .cell").count() == 13 * 13
    assert page.locator("#scores .player.colour-red").count() == 1
    assert page.locator("#scores .player.colour-black").count() == 1

    def shoot_prompt(p):
        p.screenshot(path=str(shots / "hexx-prompt-800x480.png"))
        check_screenshot(shots / "hexx-prompt-800x480.png")

    # the questions (no tile put down, which word, a HEXX's d20 and choices) are answered here
    answers = play_until(page, lambda: page.locator("#board .cell.owner-red .tile").count() > 0
                         and page.locator("#board .cell.owner-black .tile").count() > 0,
                         "red and black tiles", shoot=shoot_prompt)
    assert answers, "the page answered no question"
    assert page.locator("#history li").count() >= 1
    page.wait_for_selector("#last .word", timeout=WAIT_MS)
    for selector in ("#board", "#scores", "#last"):
        assert visible_in_viewport(page, selector), selector
    no_sideways_scroll(page)
    # a tile's owner is its colour on the screen
    red = page.eval_on_selector("#board .cell.owner-red .tile", "e => getComputedStyle(e).backgroundColor")
    black = page.eval_on_selector("#board .cell.owner-black .tile", "e => getComputedStyle(e).backgroundColor")
    assert red != black
    page.screenshot(path=str(shots / "hexx-800x480.png"))
    check_screenshot(shots / "hexx-800x480.png")
    phone = open_page(browser, boards["hexx"], 375, 667)
    phone.wait_for_selector("#board .cell.owner-red", timeout=WAIT_MS)
    no_sideways_scroll(phone)
    phone.screenshot(path=str(shots / "hexx-375x667.png"), full_page=True)
    check_screenshot(shots / "hexx-375x667.png")
    phone.close()
    # effects: shown with their d20 number when a HEXX was cast
    if page.locator("#view .effect").count():
        assert page.locator("#view .effect .d20").count() >= 1
        page.screenshot(path=str(shots / "hexx-effect-800x480.png"))
    page.close()


def test_extradiction_clue_card_and_childrens_mode(boards, browser, shots):
    page = open_page(browser, boards["extradiction"], 800, 480, kids=True)
    page.wait_for_selector("#view .clue-card", timeout=WAIT_MS)
    # the card: a picture, the word's letters (Level 1 copies it: no reading needed), big type
    assert page.locator(".clue-card .picture").inner_text().strip()
    letters = page.locator(".clue-card .letter-tile")
    assert letters.count() >= 2 and letters.first.inner_text().strip()
    # the card is drawn first and then laid out beside the board: it must settle inside the screen
    wait_until(lambda: visible_in_viewport(page, ".clue-card .picture"), lambda: page.eval_on_selector(
        ".clue-card .picture", "e => 'the picture inside the screen, seen at ' + "
        "JSON.stringify(e.getBoundingClientRect()) + ' in ' + innerWidth"))
    size = page.eval_on_selector(".clue-card .letter-tile", "e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 30
    assert not page.locator(".buttons .label").first.is_visible()       # the buttons are pictures
    assert page.locator("#kid-turn .big-avatar").count() == 1
    assert "⭐" in page.inner_text("#scores")
    page.screenshot(path=str(shots / "extradiction-kids-800x480.png"))
    check_screenshot(shots / "extradiction-kids-800x480.png")
    # a word written: the stars are counted up (the animation shows), the history grows
    seen = []

    def stars_shown() -> bool:
        if page.locator("#stars:not(.hidden)").count():
            seen.append(page.inner_text("#stars-count"))
        return bool(seen)

    play_until(page, lambda: stars_shown() or page.locator("#last .kid-points").count() > 0,
               "a turn", timeout=45, prefer=("give up",))
    if seen:       # a word was written: its stars were counted up
        page.screenshot(path=str(shots / "extradiction-stars-800x480.png"))
        check_screenshot(shots / "extradiction-stars-800x480.png")
    page.close()

    phone = open_page(browser, boards["extradiction"], 375, 667)
    phone.wait_for_selector("#view .clue-card .meaning", timeout=WAIT_MS)
    assert phone.locator(".clue-card .first").inner_text().startswith(
        phone.locator(".clue-card .letter-tile").first.inner_text().strip())
    assert "letters" in phone.inner_text(".clue-card .length")
    no_sideways_scroll(phone)
    phone.screenshot(path=str(shots / "extradiction-375x667.png"), full_page=True)
    check_screenshot(shots / "extradiction-375x667.png")
    phone.close()


def test_dexikon_pool_sheets_and_phase_questions(boards, browser, shots):
    page = open_page(browser, boards["dexikon"], 800, 480)
    page.wait_for_selector("#view .pool .card", timeout=WAIT_MS)
    assert page.locator("#view .pool .card").count() >= 6
    assert page.locator("#view .dex-sheet").count() == 2
    page.wait_for_selector("#view .phase", timeout=WAIT_MS)

    def shoot_prompt(p):
        p.screenshot(path=str(shots / "dexikon-prompt-800x480.png"))
        check_screenshot(shots / "dexikon-prompt-800x480.png")

    # the phases' questions (challenge, spend or bank, buy...) are answered on the page
    answers = play_until(page, lambda: page.locator("#view .dex-sheet .word").count() > 0,
                         "a banked word", shoot=shoot_prompt, timeout=30)
    assert answers
    no_sideways_scroll(page)
    page.screenshot(path=str(shots / "dexikon-800x480.png"))
    check_screenshot(shots / "dexikon-800x480.png")
    phone = open_page(browser, boards["dexikon"], 375, 667)
    phone.wait_for_selector("#view .dex-sheet", timeout=WAIT_MS)
    no_sideways_scroll(phone)
    phone.screenshot(path=str(shots / "dexikon-375x667.png"), full_page=True)
    check_screenshot(shots / "dexikon-375x667.png")
    phone.close()
    page.close()


def test_setup_offers_every_game_and_its_options(boards, browser):
    page = open_page(browser, boards["hexx"], 800, 480)
    page.wait_for_selector("#scores .player", timeout=WAIT_MS)
    page.click("#lock")
    for digit in PIN:
        page.click(f"#pinpad .key:text-is('{digit}')")
    page.click("#pinpad .key:text-is('OK')")
    page.wait_for_selector("#admin-menu:not(.hidden)", timeout=WAIT_MS)
    page.click("#admin-new")
    page.wait_for_selector("#setup:not(.hidden)")
    games = page.eval_on_selector_all("#setup-game option", "os => os.map(o => o.value)")
    assert set(games) >= {"lexulous", "scrabble", "hexx", "extradiction", "dexikon"}
    assert page.input_value("#setup-game") == "hexx"              # the game being played
    assert "(2)" in page.inner_text("#setup-players-legend")     # HEXX: two players
    page.select_option("#setup-game", "extradiction")
    assert page.locator("#setup-level-box").is_visible() and page.locator("#setup-turns-box").is_visible()
    levels = page.eval_on_selector_all("#setup-level option", "os => os.map(o => o.value)")
    assert levels == ["1", "2", "3", "speed"]
    assert not page.locator("#setup-variant-box").is_visible()
    page.select_option("#setup-game", "dexikon")
    assert page.locator("#setup-variant-box").is_visible() and not page.locator("#setup-level-box").is_visible()
    page.close()
