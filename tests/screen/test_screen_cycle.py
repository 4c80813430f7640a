"""A whole game night on the page for the games that are not crosswords: each game ends
naturally, the page shows the summary (winner, final scores, score sheet), and a new game of the
next kind is set up on the page (PIN, setup form with that game's options) and starts:
HEXX -> eXtraDICTION, eXtraDICTION -> Dexikon, Dexikon -> HEXX.

eXtraDICTION (Level 1, 4 clue cards) and Dexikon (the quick variant) are played to their end on
the twin by ``wordboard run --quick --stay`` (the scripted players answer, the page watches; the
two boards run at once), and the next game starts in the same ``wordboard run``. A HEXX game on
the twin is long, so HEXX ends from a test state (``rig.py``: the real server, bridge and
controller): the bag empty, a last word, two passes; the game set up on the page is then started
as ``wordboard run`` starts it. Screenshots of each summary are checked and kept.
"""

from __future__ import annotations

import re

import pytest

from tests.screen.support import (
    CHROMIUM,
    PIN,
    WAIT_MS,
    check_screenshot,
    no_sideways_scroll,
    open_new_game_setup,
    start_board,
    visible_in_viewport,
    wait_until,
)

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
if CHROMIUM is None:
    pytest.skip("chromium is not installed (Debian package chromium)", allow_module_level=True)

GAME_END_SECONDS = 150      # the twin plays the whole game (usually well under a minute)


@pytest.fixture(scope="module")
def boards(tmp_path_factory):
    games = {"extradiction": ["--level", "1", "--turns", "4"], "dexikon": ["--variant", "quick"]}
    running = {game: start_board(tmp_path_factory.mktemp(f"cycle-{game}"), ["--game", game, *extra], wait=False,
                                 ask_screen=False, speed="40")
               for game, extra in games.items()}
    for board in running.values():
        board.url()
    yield running
    for board in running.values():
        board.stop()


@pytest.fixture(scope="module")
def rig(tmp_path_factory):
    from tests.screen.rig import Rig

    board = Rig(tmp_path_factory.mktemp("cycle-rig"), PIN)
    yield board
    board.close()


def summary_of_a_finished_game(browser, url: str, shots, name: str, width: int = 800, height: int = 480):
    mobile = width < height
    page = browser.new_page(viewport={"width": width, "height": height}, is_mobile=mobile, has_touch=mobile)
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(url + "?mode=normal")
    page.wait_for_selector(".conn.on", timeout=WAIT_MS)
    page.wait_for_selector("#summary:not(.hidden)", timeout=GAME_END_SECONDS * 1000)
    assert page.inner_text("#summary-title") == "Game over"
    # the winner, everybody's final score, the score sheet
    page.wait_for_selector("#summary-winner .winner-name", timeout=WAIT_MS)
    assert re.search(r"(wins|tie)!$", page.inner_text("#summary-winner .winner-name"))
    assert page.locator("#summary-scores .final").count() >= 2
    assert page.locator("#summary-scores .final.won").count() >= 1
    for selector in ("#summary-title", "#summary-winner", "#summary-scores", "#summary-new"):
        assert visible_in_viewport(page, selector), selector
    # nothing covers them (the bar) and the new game's button is in reach, however long the sheet
    assert page.eval_on_selector("#summary-new", """e => { const r = e.getBoundingClientRect();
        return r.bottom <= innerHeight + 1 && document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === e; }""")
    assert page.eval_on_selector("#summary-title", """e => { const r = e.getBoundingClientRect();
        return document.elementFromPoint(r.x + 4, r.y + r.height / 2) === e; }""")
    no_sideways_scroll(page)
    page.screenshot(path=str(shots / f"{name}-summary-{width}x{height}.png"))
    check_screenshot(shots / f"{name}-summary-{width}x{height}.png")
    return page


def set_up_next_game(page, game: str, players: list[str], options: dict[str, str]) -> None:
    """The summary's "New game" as the owner does it: the PIN first, then the setup form."""
    open_new_game_setup(page, "#summary-new")
    page.select_option("#setup-game", game)
    inputs = page.locator("#setup-players input")
    for i in range(inputs.count()):
        if inputs.nth(i).is_visible():
            inputs.nth(i).fill(players[i] if i < len(players) else "")
    for select, value in options.items():
        assert page.locator(select).is_visible(), select
        page.select_option(select, value)
    page.click("#setup-form button[type=submit]")
    page.wait_for_selector("#setup.hidden", state="attached", timeout=WAIT_MS)


def the_new_game_starts(page, title: str, players: list[str], view: str) -> None:
    # the view's box is in place (it is empty, and so not shown, until the game has something for it:
    # HEXX's box shows only a HEXX cast)
    page.wait_for_selector(f"#view.view-{view}", state="attached", timeout=60_000)
    wait_until(lambda: page.inner_text("#title").startswith(title), f"the title {title}")
    assert page.locator("#summary.hidden").count() == 1                   # a new game: no summary
    names = page.locator("#scores .player .name").all_inner_texts()
    assert [n.strip() for n in names] == players


def hexx_at_its_end():
    """A HEXX game whose bag is empty: black's last word (MATS), then both pass and it is over."""
    from tests.hexx.conftest import BLACK, position
    from tests.hexx.test_effects import BOARD
    from wordboard.hexx import Play

    game = position(BOARD, red="SNDGO", black="TMOES", bag="", to_move=BLACK, first_word=["d5", "e5", "f5"])
    game.play(Play.parse("e4 S MATS"))
    return game


def test_hexx_ends_then_extradiction_is_set_up(rig, boards, browser, shots):
    # (``boards``: the twin's eXtraDICTION and Dexikon games play on meanwhile)
    from wordboard.hexx import Pass

    rig.load("hexx", hexx_at_its_end(), players=("Ada", "Blaise"))
    rig.play(Pass())
    rig.play(Pass())
    assert rig.call(lambda: rig.game.is_over)
    page = summary_of_a_finished_game(browser, rig.url, shots, "hexx")
    assert page.inner_text("#summary-winner .winner-name") == "Blaise wins!"
    names = page.locator("#summary-scores .final .name").all_inner_texts()
    scores = page.locator("#summary-scores .final .score").all_inner_texts()
    assert list(zip(names, scores)) == [("Ada", "4"), ("Blaise", "5")]
    assert "MATS" in page.inner_text("#summary-sheet table.sheet")          # the turns, player by player
    phone = summary_of_a_finished_game(browser, rig.url, shots, "hexx", 375, 667)
    phone.close()
    set_up_next_game(page, "extradiction", ["Mia", "Leo"], {"#setup-level": "1", "#setup-turns": "4"})
    wait_until(lambda: rig.bridge.next_setup is not None, "the new game set up")
    setup = rig.bridge.next_setup
    assert (setup["game"], setup["players"], setup["level"], setup["turns"]) == ("extradiction", ["Mia", "Leo"], "1", 4)
    assert rig.bridge.stop_requested                                       # this game makes way for it
    rig.load_setup(setup)
    the_new_game_starts(page, "eXtraDICTION", ["Mia", "Leo"], "extradiction")
    page.wait_for_selector("#view .clue-card .letter-tile", timeout=WAIT_MS)
    assert rig.call(lambda: rig.game.turn_limit) == 4
    page.close()


def test_extradiction_ends_then_dexikon_is_set_up(boards, browser, shots):
    board = boards["extradiction"]
    page = summary_of_a_finished_game(browser, board.url(), shots, "extradiction")
    assert "game over" in "".join(board.log).lower()
    assert page.locator("#summary-sheet table.sheet tr td").count() > 0
    set_up_next_game(page, "dexikon", ["Ann", "Bo", "Cy"], {"#setup-variant": "quick"})
    the_new_game_starts(page, "Dexikon", ["Ann", "Bo", "Cy"], "dexikon")
    assert any("new game" in line and "dexikon" in line for line in board.log), "".join(board.log[-20:])
    page.wait_for_selector("#view .pool .card", timeout=WAIT_MS)
    page.close()


def test_dexikon_ends_then_hexx_is_set_up(boards, browser, shots):
    board = boards["dexikon"]
    page = summary_of_a_finished_game(browser, board.url(), shots, "dexikon")
    assert "game over" in "".join(board.log).lower()
    sheets = page.locator("#summary-sheet img.sheet-svg")                 # Dexikon's own score sheets
    assert sheets.count() == 2
    assert all(sheets.nth(i).evaluate("e => e.complete && e.naturalWidth > 0") for i in range(2))
    phone = summary_of_a_finished_game(browser, board.url(), shots, "dexikon", 375, 667)
    phone.close()
    set_up_next_game(page, "hexx", ["Red", "Black"], {})
    the_new_game_starts(page, "HEXX", ["Red", "Black"], "hexx")
    assert any("new game" in line and "hexx" in line for line in board.log), "".join(board.log[-20:])
    assert page.locator("#board .cell").count() == 13 * 13
    page.close()
