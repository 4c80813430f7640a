"""The children's kiosk on a 7" display (issue 37), in a real browser (headless Debian
``chromium``), at 800x480 and 1024x600 in the children's mode, at each level: every control a
child needs is on the screen without scrolling, what a child taps is at least 9 mm across (the
letter keys, the board's buttons, the squares said empty), the stars printed on the squares at
least 4 mm, and no banner (a refusal, the clue card, whose turn it is) is cut off. The grown-up's
"that is the word" is held down (or tapped on a page unlocked with the PIN), never a child's tap.
Millimetres: see ``kiosk.py``. Screenshots are kept (``WORDBOARD_SCREENSHOTS``)."""

from __future__ import annotations

import pytest

from tests.screen.kiosk import DISPLAYS, LEVELS, kiosk_game, measure, problems, smallest
from tests.screen.support import CHROMIUM, PIN, WAIT_MS, check_screenshot, hold, unlock, wait_until

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
if CHROMIUM is None:
    pytest.skip("chromium is not installed (Debian package chromium)", allow_module_level=True)

SIZES = list(DISPLAYS)


@pytest.fixture(scope="module")
def rig(tmp_path_factory):
    from tests.screen.rig import Rig

    board = Rig(tmp_path_factory.mktemp("rig"), PIN)
    yield board
    board.close()


def open_kids(browser, rig, size):
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(rig.url + "?mode=kids")
    page.wait_for_selector(".conn.on", timeout=WAIT_MS)
    page.wait_for_selector("#board .cell .star-count", timeout=WAIT_MS)
    page.wait_for_timeout(400)                  # the stars counted up for the word written go
    return page


def check(page, size, shots, name, **kw):
    page.screenshot(path=str(shots / f"{name}-{size[0]}x{size[1]}.png"))
    check_screenshot(shots / f"{name}-{size[0]}x{size[1]}.png")
    seen = measure(page)
    found = problems(seen, size, **kw)
    assert not found, f"{name} at {size}: " + "; ".join(found)
    return seen


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_everything_a_child_needs_is_on_the_screen_and_big_enough(rig, browser, shots, level, size):
    rig.load("extradiction", kiosk_game(level), players=("Ann", "Bo"))
    page = open_kids(browser, rig, size)
    if level in ("2", "3"):
        page.wait_for_selector("#guess:not(.hidden) #guess-keys .key", timeout=WAIT_MS)
    else:
        page.wait_for_selector("#last .kid-word .letter-tile", timeout=WAIT_MS)
    seen = check(page, size, shots, f"kiosk-level-{level}")
    names = {t["name"] for t in seen["taps"]}
    assert {"end-turn", "pass", "hint"} <= names                      # the board's buttons, in sight
    if level in ("2", "3"):
        assert {"A", "Z", "rub out a letter", "#guess-ok"} <= names
    figures = smallest(seen, size)
    assert figures["tap_mm"] >= 9.0 and figures["star_mm"] >= 4.0
    page.close()


@pytest.mark.parametrize("players", [("Mia",), ("Ann", "Bo", "Cy", "Di")], ids=len)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_one_child_alone_or_four_fit_the_screen(rig, browser, shots, size, players):
    """One child (the grown-up reads the card) or four (two rows of scores) at Level 2."""
    rig.load("extradiction", kiosk_game("2", players), players=players)
    page = open_kids(browser, rig, size)
    page.wait_for_selector("#guess:not(.hidden) #guess-keys .key", timeout=WAIT_MS)
    check(page, size, shots, f"kiosk-{len(players)}-players")
    assert page.locator("#scores .player").count() == len(players)
    if len(players) == 1:
        assert "Grown-up" in page.inner_text("#guess-said")
    page.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_refusal_and_the_square_said_empty_fit_the_screen(rig, browser, shots, size):
    """Level 1: letters the camera reads wrong are refused in words (the banner whole, the
    buttons still in sight); a square tapped shows the squares around it big enough to choose
    the right one, then the big 🧽 says it is empty."""
    from tests.screen.rig import CorrectableSensor
    from wordboard.controller.tracking import Seen

    sensor = CorrectableSensor()

    def misread():
        rig.controller.sensor = sensor
        now = rig.controller.clock() - 2.0
        for n, letter in enumerate("SCOXTER"):
            rig.controller.board.place((4, n), Seen(f"{0x7100 + n:08x}", letter), now)

    game = kiosk_game("1")
    rig.load("extradiction", game, players=("Ann", "Bo"))
    rig.call(misread)
    page = open_kids(browser, rig, size)
    page.wait_for_selector("#refusal:not(.hidden)", timeout=WAIT_MS)
    check(page, size, shots, "kiosk-refusal")
    cols = rig.controller.adapter.cols
    page.locator("#board .cell").nth(4 * cols + 4).click()              # the finger lands on the T
    page.wait_for_selector("#correct-box:not(.hidden) .zoom-square", timeout=WAIT_MS)
    assert page.locator("#correct-box .zoom-square").count() == 9
    assert page.locator("#correct-box .zoom-square.chosen").get_attribute("data-square") == "4,4"
    check(page, size, shots, "kiosk-square-empty")
    # the X, next to it, is the smudge: the child chooses it in the big squares
    page.click("#correct-box .zoom-square[data-square='4,3']")
    page.click("#correct-box .correct-empty")
    wait_until(lambda: sensor.fixed == [((4, 3), ".")], "the square chosen said empty")
    # a grown-up with the PIN also gets the letters, each at least 9 mm
    unlock(page)
    page.click("#admin [data-close=admin]")
    page.locator("#board .cell").nth(4 * cols + 5).click()
    page.wait_for_selector("#correct-box:not(.hidden) .correct-letter", timeout=WAIT_MS)
    letters = page.eval_on_selector_all("#correct-box .correct-letter", """ls => ls.map(l => {
        const r = l.getBoundingClientRect(); return [r.width, r.height, r.bottom]; })""")
    mm = DISPLAYS[size]
    assert len(letters) == 26 and min(min(w, h) for w, h, _ in letters) * mm >= 9.0
    assert max(bottom for _, _, bottom in letters) <= size[1]
    check(page, size, shots, "kiosk-correct-letters")
    page.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_grown_ups_answer_is_held_down_not_tapped(rig, browser, shots, size):
    from wordboard.extradiction.engine import GuessWanted, WordWanted

    game = kiosk_game("2")
    rig.load("extradiction", game, players=("Ann", "Bo"))
    page = open_kids(browser, rig, size)
    page.wait_for_selector("#guess:not(.hidden) .said-answer", timeout=WAIT_MS)
    page.click("#guess .said-answer[data-value='=right']")            # a child's tap: nothing
    page.wait_for_timeout(600)
    assert isinstance(rig.call(lambda: rig.game.pending), GuessWanted)
    # a misspelt guess: the grown-up's yes/no, also held
    for letter in "SKOOTA":
        page.click(f"#guess-keys .key[data-letter='{letter}']")
    page.click("#guess-ok")
    page.wait_for_selector("#guess.heard:not(.hidden) .guess-answer", timeout=WAIT_MS)
    check(page, size, shots, "kiosk-grown-up")
    page.click("#guess .guess-answer[data-value='yes']")
    page.wait_for_timeout(600)
    assert isinstance(rig.call(lambda: rig.game.pending), GuessWanted)
    hold(page, "#guess .guess-answer[data-value='yes']")
    wait_until(lambda: isinstance(rig.call(lambda: rig.game.pending), WordWanted), "the grown-up's yes")
    page.close()



def test_the_new_game_form_for_one_child_with_the_owners_cards(rig, browser, tmp_path):
    """The setup after a Lexulous game: eXtraDICTION on its own word list (not the game's), no
    "none" for Level 3 and Speed, one player allowed, the owner's card pack offered (and only for
    eXtraDICTION); the game set up is played with them."""
    from types import SimpleNamespace

    from tests.extradiction.test_extradiction_card_packs import GOOD
    from tests.screen.support import open_new_game_setup
    from wordboard.crossword import Game
    from wordboard.editions import load_edition
    from wordboard.screen import card_pack_files

    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "our animals.txt").write_text(GOOD, encoding="utf-8")
    rig.load("lexulous", Game(load_edition("lexulous"), ["Ada", "Blaise"], seed=3), edition="lexulous")

    def offer():
        packs = card_pack_files(SimpleNamespace(config=SimpleNamespace(game_options={})), folder)
        rig.bridge.setup_choices["card_packs"] = sorted(packs)
        rig.bridge.card_files = packs
        rig.bridge.publish_safely()
    rig.call(offer)
    page = browser.new_page(viewport={"width": 800, "height": 480})
    page.goto(rig.url + "?mode=kids")
    page.wait_for_selector(".conn.on", timeout=WAIT_MS)
    open_new_game_setup(page)
    assert page.input_value("#setup-lexicon") == "default"
    assert not page.locator("#setup-cards-box").is_visible()               # Lexulous has no clue cards
    page.select_option("#setup-game", "extradiction")
    assert page.input_value("#setup-lexicon") == "default"
    assert "scowl:50" in page.locator("#setup-lexicon option[value=default]").inner_text()
    assert page.inner_text("#setup-players-legend") == "Players (1-4)"
    options = lambda: page.eval_on_selector_all("#setup-lexicon option", "os => os.map(o => o.value)")  # noqa: E731
    assert page.input_value("#setup-level") == "1" and "none" in options()
    for level in ("3", "speed"):
        page.select_option("#setup-level", level)
        assert "none" not in options(), level
    page.select_option("#setup-level", "2")
    assert page.locator("#setup-cards-box").is_visible()
    page.select_option("#setup-cards", "our-animals")
    inputs = page.locator("#setup-players input")
    for i in range(inputs.count()):
        inputs.nth(i).fill("")
    inputs.nth(0).fill("Mia")
    page.click("#setup-form button[type=submit]")
    wait_until(lambda: rig.call(lambda: rig.bridge.next_setup) is not None, "the new game set up")
    setup = rig.call(lambda: rig.bridge.next_setup)
    assert (setup["game"], setup["players"], setup["level"], setup["lexicon"]) == ("extradiction", ["Mia"], "2", "default")
    assert setup["cards_path"] == str((folder / "our animals.txt").resolve())
    page.close()
    rig.load_setup({**setup, "lexicon": "none"})
    assert "ZEBRA" in rig.call(lambda: rig.game.clue_words) and rig.call(lambda: rig.game.players) == ["Mia"]
