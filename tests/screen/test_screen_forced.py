"""The page in a real browser (headless Debian ``chromium`` driven by Playwright) for the things
a game on the twin produces only by chance, forced with a game state the test sets up (see
``rig.py``: the real server, bridge and controller over a real engine and journal):

* HEXX: a d20 prompt answered on the page, and the lasting HEXX it casts (Take Two, Frozen in
  Place, Metamorphosis) shown with how long they last;
* questions answered by tapping squares on the board: a HEXX Poached Pair (two squares), Null &
  Void (one square), a Metamorphosis (the square, then its swap), and a crossword square whose
  tag and camera disagree (the answers shown at the square);
* eXtraDICTION Level 1 in the children's mode: nothing to read (a picture, letter tiles, the Pi
  says the word and spells it, a tapped letter is said), and the stars of a word counted up one
  by one (a paused clock shows the count in between).

Screenshots at 800x480 and 375x667 are checked and kept (``WORDBOARD_SCREENSHOTS``).
"""

from __future__ import annotations

import pytest

from tests.screen.support import (
    CHROMIUM,
    PIN,
    WAIT_MS,
    check_screenshot,
    no_sideways_scroll,
    open_new_game_setup,
    visible_in_viewport,
    wait_until,
    words_to_read,
)

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
if CHROMIUM is None:
    pytest.skip("chromium is not installed (Debian package chromium)", allow_module_level=True)


@pytest.fixture(scope="module")
def rig(tmp_path_factory):
    from tests.screen.rig import Rig

    board = Rig(tmp_path_factory.mktemp("rig"), PIN)
    yield board
    board.close()


def open_page(browser, url: str, width: int = 800, height: int = 480, kids: bool = False, clock: bool = False):
    mobile = width < height
    page = browser.new_page(viewport={"width": width, "height": height}, is_mobile=mobile, has_touch=mobile)
    if clock:
        page.clock.install()
    page.goto(url + ("?mode=kids" if kids else "?mode=normal"))
    page.wait_for_selector(".conn.on", timeout=WAIT_MS)
    page.wait_for_selector("#board .cell", timeout=WAIT_MS)
    return page


def cell(page, rig, square: str):
    """The board's cell for a square name (``e5``: column letter, row number)."""
    col, row = ord(square[0]) - ord("a"), int(square[1:]) - 1
    return page.locator("#board .cell").nth(row * rig.controller.adapter.cols + col)


def hexx_roll_waiting():
    """Black has just played bAT with a HEXX tile on a 9x9 board: the d20 is to be rolled."""
    from tests.hexx.test_effects import hexx_played

    return hexx_played()


def roll_on_the_page(page, rig, number: int) -> None:
    page.wait_for_selector("#prompt:not(.hidden) #prompt-choices.dice", timeout=WAIT_MS)
    assert "roll the d20" in page.inner_text("#prompt-text")
    page.click(f"#prompt .choice[data-value='{number}']")
    wait_until(lambda: rig.call(lambda: rig.game.pending is None or rig.game.pending.kind.name != "ROLL"),
               f"the roll of {number} taken by the game")


def owner(rig, square: str):
    return rig.call(lambda: (lambda t: t and t.owner.value)(rig.game.tile_at(square)))


# -- HEXX: the roll, and the HEXX that last ------------------------------------------------------------

def test_hexx_roll_answered_on_the_page_and_lasting_hexx_shown(rig, browser, shots):
    rig.load("hexx", hexx_roll_waiting())
    page = open_page(browser, rig.url)
    page.wait_for_selector("#prompt:not(.hidden)", timeout=WAIT_MS)
    assert page.locator("#prompt .choice").count() == 21               # 1-20 and the board's die
    page.screenshot(path=str(shots / "hexx-roll-prompt-800x480.png"))
    check_screenshot(shots / "hexx-roll-prompt-800x480.png")

    cases = [
        # roll, name, whose effect and what it does, how long it lasts
        (15, "Frozen in Place", "Ada cannot flip Blaise's tiles", "this turn"),
        (1, "Take Two", "Blaise plays another turn", "this turn"),
        (9, "Metamorphosis", "Blaise swaps a letter on the board", "next turn"),
        (2, "Take Two", "Ada plays twice", "this turn · 2 plays"),
    ]
    for n, (roll, name, does, remaining) in enumerate(cases):
        if n:
            rig.load("hexx", hexx_roll_waiting())
        roll_on_the_page(page, rig, roll)
        page.wait_for_selector("#view .effect.lasting", timeout=WAIT_MS)
        assert page.locator("#prompt.hidden").count() == 1
        effect = page.locator("#view .effect.lasting")
        assert effect.count() == 1
        assert effect.locator(".effect-name").inner_text() == name
        assert does in effect.locator(".effect-does").inner_text()
        assert effect.locator(".remaining").inner_text() == f"⏳ {remaining}"
        assert effect.locator(".d20").inner_text() == str(roll)
        # the engine agrees: the effect lasts, and is in force now when the page says "this turn"
        kinds = rig.call(lambda: [(e.kind.name, e.active) for e in rig.game.lasting_effects])
        assert len(kinds) == 1 and kinds[0][1] == remaining.startswith("this turn")
        # the HEXX just rolled is shown too, with its text
        assert f"HEXX! {name}" in page.inner_text("#view .effect.rolled")
        assert visible_in_viewport(page, "#view .effect.lasting")
        if roll == 15:
            page.screenshot(path=str(shots / "hexx-effect-frozen-800x480.png"))
            check_screenshot(shots / "hexx-effect-frozen-800x480.png")
    phone = open_page(browser, rig.url, 375, 667)
    phone.wait_for_selector("#view .effect.lasting .remaining", timeout=WAIT_MS)
    no_sideways_scroll(phone)
    phone.screenshot(path=str(shots / "hexx-effect-375x667.png"), full_page=True)
    check_screenshot(shots / "hexx-effect-375x667.png")
    phone.close()
    page.close()


# -- questions about squares, answered by tapping the board ---------------------------------------------

def test_hexx_squares_chosen_by_tapping_the_board(rig, browser, shots):
    # Poached Pair (3): two of red's tiles flipped to black, tapped on the board
    rig.load("hexx", hexx_roll_waiting())
    page = open_page(browser, rig.url)
    roll_on_the_page(page, rig, 3)
    page.wait_for_selector("#prompt.docked:not(.hidden) #prompt-pick:not(.hidden)", timeout=WAIT_MS)
    assert page.locator("#board .cell.pickable").count() == 4                 # a1 d5 f5 g5: red's tiles
    assert page.locator("#pick-ok").is_disabled()
    cell(page, rig, "d5").click()
    cell(page, rig, "g5").click()
    cell(page, rig, "a1").click()                                             # a third: not taken (two are flipped)
    assert page.inner_text("#pick-count").startswith("2 of 2: d5 g5")
    cell(page, rig, "g5").click()                                             # changed her mind
    cell(page, rig, "f5").click()
    assert page.locator("#board .cell.picked").count() == 2
    assert visible_in_viewport(page, "#board") and visible_in_viewport(page, "#pick-ok")
    page.screenshot(path=str(shots / "hexx-tap-squares-800x480.png"))
    check_screenshot(shots / "hexx-tap-squares-800x480.png")
    page.click("#pick-ok")
    wait_until(lambda: owner(rig, "d5") == "black" and owner(rig, "f5") == "black", "d5 and f5 flipped")
    assert owner(rig, "g5") == "red" and owner(rig, "a1") == "red"
    wait_until(lambda: "owner-black" in cell(page, rig, "f5").get_attribute("class"), "f5 black on the page")
    assert page.locator("#board .cell.pickable").count() == 0

    # Null & Void (11): each player takes one tile off the board, tapped on the board
    rig.load("hexx", hexx_roll_waiting())
    roll_on_the_page(page, rig, 11)
    page.wait_for_selector("#prompt.docked:not(.hidden)", timeout=WAIT_MS)
    wait_until(lambda: page.locator("#board .cell.pickable").count() == 8, "every tile to choose from")
    cell(page, rig, "a1").click()                                             # black takes red's a1
    wait_until(lambda: rig.call(lambda: rig.game.tile_at("a1")) is None, "a1 taken off")
    wait_until(lambda: "Ada" in page.inner_text("#prompt-text") and page.locator("#prompt:not(.hidden)").count(),
               "red's turn to take a tile")
    cell(page, rig, "f7").click()                                             # red takes black's X
    wait_until(lambda: rig.call(lambda: rig.game.tile_at("f7")) is None, "f7 taken off")
    wait_until(lambda: cell(page, rig, "f7").locator(".tile").count() == 0, "f7 empty on the page")

    # Metamorphosis (9): on black's next turn, a square tapped keeps its swaps only
    rig.load("hexx", hexx_roll_waiting())
    roll_on_the_page(page, rig, 9)
    from wordboard.hexx import Discard

    rig.play(Discard("S"))                                                    # red's turn
    page.wait_for_selector("#prompt:not(.hidden) .choice[data-value='forfeit']", timeout=WAIT_MS)
    every = page.locator("#prompt .choice:not(.hidden)").count()
    cell(page, rig, "e4").click()
    kept = page.locator("#prompt .choice:not(.hidden)")
    values = [kept.nth(i).get_attribute("data-value") for i in range(kept.count())]
    assert 1 < len(values) < every and all(v.startswith("E4=") or v == "forfeit" for v in values)
    page.screenshot(path=str(shots / "hexx-metamorphosis-800x480.png"))
    check_screenshot(shots / "hexx-metamorphosis-800x480.png")
    swap = next(v for v in values if v != "forfeit")
    page.click(f"#prompt .choice[data-value='{swap}']")
    letter = swap.split("=")[1][0]
    wait_until(lambda: rig.call(lambda: rig.game.tile_at("e4").letter) == letter.upper(), f"e4 swapped to {letter}")
    page.close()


def test_crossword_square_where_tag_and_camera_disagree_answered_at_the_square(rig, browser, shots):
    from wordboard.controller import questions as q
    from wordboard.crossword import Game
    from wordboard.editions import load_edition

    rig.load("lexulous", Game(load_edition("lexulous"), ["Ada", "Blaise"], seed=3), edition="lexulous")
    question = q.Question(q.CONFLICT, "H8: the tile's tag says A, the camera sees O. Which is it?",
                          ("A", "O"), ((7, 7),), {"uid": "0000abcd"})
    for width, height, name in ((800, 480, "800x480"), (375, 667, "375x667")):
        page = open_page(browser, rig.url, width, height)
        rig.ask(question) if name == "800x480" else None
        page.wait_for_selector("#square-choices:not(.hidden) .candidate", timeout=WAIT_MS)
        labels = page.locator("#square-choices .candidate").all_inner_texts()
        assert labels == ["tag: A", "camera: O"]
        assert "asked" in cell(page, rig, "h8").get_attribute("class")
        # the answers are at the square: next to it on the board, and the board stays in sight
        box, square = page.locator("#square-choices").bounding_box(), cell(page, rig, "h8").bounding_box()
        assert abs((box["y"] + box["height"] / 2) - (square["y"] + square["height"] / 2)) < 2 * box["height"]
        assert visible_in_viewport(page, "#square-choices") and visible_in_viewport(page, "#board")
        no_sideways_scroll(page)
        page.screenshot(path=str(shots / f"square-conflict-{name}.png"))
        check_screenshot(shots / f"square-conflict-{name}.png")
        if name == "375x667":
            page.click("#square-choices .candidate[data-value='O']")
            key = (q.CONFLICT, (7, 7), "0000abcd")
            wait_until(lambda key=key: rig.call(lambda: rig.controller.answers.get(key)) == "O", "the camera's O taken")
            page.wait_for_selector("#square-choices.hidden", state="attached", timeout=WAIT_MS)
            assert rig.call(lambda: rig.controller.question) is None
        page.close()


def test_a_word_the_list_lacks_is_accepted_on_the_page_as_a_house_ruling(rig, browser, shots):
    """A crossword play the board refuses because the word list lacks a word: the page that may
    play offers to accept it for this game (a house ruling, after a confirmation); the children's
    page never does. Accepted, the play is valid and the ruling journalled."""
    from wordboard.controller.tracking import Seen
    from wordboard.crossword import Game
    from wordboard.dictionary import Dictionary
    from wordboard.editions import load_edition

    game = Game(load_edition("scrabble"), ["Ada", "Blaise"], dictionary=Dictionary.from_words(["CAT", "AT"]),
                seed=2, first_player=0)
    game.set_rack(0, "ZAXEEEE")
    rig.load("lexulous", game, edition="scrabble")

    def lay_zax():
        now = rig.controller.clock() - 2.0
        for n, (col, letter) in enumerate(zip((6, 7, 8), "ZAX")):
            rig.controller.board.place((7, col), Seen(f"{0x7000 + n:08x}", letter), now)
    rig.call(lay_zax)
    kids = open_page(browser, rig.url, kids=True)
    kids.wait_for_selector("#refusal:not(.hidden)", timeout=WAIT_MS)
    assert kids.locator("#house-ruling").count() == 0                   # never on the children's screen
    kids.close()
    page = open_page(browser, rig.url)
    page.wait_for_selector("#refusal:not(.hidden) #house-ruling", timeout=WAIT_MS)
    assert "ZAX" in page.inner_text("#refusal") and page.inner_text("#house-ruling") == "Accept ZAX (house ruling)"
    assert visible_in_viewport(page, "#house-ruling") and visible_in_viewport(page, "#buttons")
    page.screenshot(path=str(shots / "house-ruling-800x480.png"))
    check_screenshot(shots / "house-ruling-800x480.png")
    asked = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.click("#house-ruling")
    wait_until(lambda: rig.call(lambda: set(rig.game.house_words)) == {"ZAX"}, "ZAX accepted")
    assert asked and "ZAX" in asked[0]
    wait_until(lambda: rig.call(lambda: rig.controller.live.status) == "valid", "the play judged again: valid")
    page.wait_for_selector("#refusal.hidden", state="attached", timeout=WAIT_MS)
    events = rig.call(lambda: [e.data for e in rig.controller.adapter.jgame.journal.events(rig.controller.adapter.jgame.id)])
    assert {"house_words": ["ZAX"]} in events
    page.close()


def test_an_owners_edition_is_chosen_for_the_next_game_on_the_page(rig, browser, tmp_path):
    """The owner's own edition files (the configuration folder's editions/) are offered by name in
    the new game's setup for the games that take them; the page sends the name, the board keeps
    the path. A HEXX game offers only HEXX editions."""
    from importlib import resources
    from types import SimpleNamespace

    from wordboard.crossword import Game
    from wordboard.editions import load_edition
    from wordboard.screen import edition_files

    shipped = resources.files("wordboard.editions") / "data" / "lexulous.edition"
    folder = tmp_path / "editions"
    folder.mkdir()
    (folder / "club set.edition").write_text(shipped.read_text())
    (folder / "broken.edition").write_text("[board]\nsize: 1x1\n")
    said = []
    found = edition_files(SimpleNamespace(config=SimpleNamespace(game_options={})), folder, out=said.append)
    assert found == {"lexulous": {"club-set": str((folder / "club set.edition").resolve())},
                     "scrabble": {"club-set": str((folder / "club set.edition").resolve())}}
    assert len(said) == 1 and "broken.edition" in said[0] and "not offered" in said[0]

    rig.load("lexulous", Game(load_edition("lexulous"), ["Ada", "Blaise"], seed=3), edition="lexulous")

    def offer():
        rig.bridge.setup_choices["editions"] = {game: sorted(files) for game, files in found.items()}
        rig.bridge.edition_files = found
        rig.bridge.publish_safely()
    rig.call(offer)
    page = open_page(browser, rig.url)
    page.on("dialog", lambda dialog: dialog.accept())
    open_new_game_setup(page)
    page.select_option("#setup-game", "hexx")
    assert not page.locator("#setup-edition").is_visible()             # no HEXX edition of the owner's
    page.select_option("#setup-game", "scrabble")
    assert page.locator("#setup-edition option").all_inner_texts() == ["as shipped", "club-set (your edition)"]
    page.select_option("#setup-edition", "club-set")
    page.click("#setup-form button[type=submit]")
    wait_until(lambda: rig.call(lambda: rig.bridge.next_setup) is not None, "the new game's setup sent")
    setup = rig.call(lambda: rig.bridge.next_setup)
    assert setup["game"] == "scrabble" and setup["edition"] == "club-set"
    assert setup["edition_path"] == str((folder / "club set.edition").resolve())
    page.close()


# -- eXtraDICTION Level 1 for a child who cannot read yet -------------------------------------------------

def test_extradiction_level_1_needs_no_reading_and_counts_the_stars_up(rig, browser, shots):
    from tests.extradiction.helpers import game, write

    rig.load("extradiction", game("1", words=("APPLE", "STAR"), players=("Ann", "Bo")), players=("Ann", "Bo"))
    page = open_page(browser, rig.url, kids=True, clock=True)
    page.wait_for_selector("#view .clue-card .letter-tile", timeout=WAIT_MS)
    # the Pi's own screen in the children's mode turns the Pi's voice on: it says the card's word
    # and spells it, so the child hears what the picture is and which letters to write
    wait_until(lambda: ("spell", "APPLE") in rig.said, "the card's word spelled aloud")
    assert ("say", "Apple.") in rig.said
    # nothing to read: a picture, the word's letters as tiles, avatars, stars, pictured buttons
    assert words_to_read(page, ["Ann", "Bo"]) == []
    assert page.locator(".clue-card .picture").inner_text().strip()
    assert page.locator(".clue-card .letter-tile").all_inner_texts() == list("APPLE")
    assert not page.locator(".clue-card .meaning").is_visible()
    assert visible_in_viewport(page, ".clue-card .picture") and visible_in_viewport(page, ".clue-card .card-word")
    size = page.eval_on_selector(".clue-card .letter-tile", "e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 30
    # a letter tapped is said (by the Pi, for its own screen)
    page.locator(".clue-card .letter-tile").nth(3).click()
    wait_until(lambda: ("spell", "L") in rig.said, "the tapped letter said")
    page.screenshot(path=str(shots / "extradiction-level1-kids-800x480.png"))
    check_screenshot(shots / "extradiction-level1-kids-800x480.png")

    # the word written: its stars are counted up one by one (the page's clock is held, so each
    # step of the count can be looked at)
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    rig.play(write("APPLE", "A5"))
    stars = rig.call(lambda: rig.game.stars[0])
    assert stars == 4
    page.wait_for_selector("#stars:not(.hidden)", timeout=WAIT_MS)
    seen = [page.inner_text("#stars-count")]
    for _ in range(stars):
        page.clock.run_for(90)
        seen.append(page.inner_text("#stars-count"))
        if seen[-1] == "2":
            page.screenshot(path=str(shots / "extradiction-stars-counting-800x480.png"))
            check_screenshot(shots / "extradiction-stars-counting-800x480.png")
    assert seen == ["0", "1", "2", "3", "4"]                  # 0, the steps in between, the stars won
    assert page.locator("#stars:not(.hidden)").count() == 1   # the final count stays a moment
    assert "4" in page.inner_text("#scores .player:first-child .score")
    assert words_to_read(page, ["Ann", "Bo"]) == []
    page.clock.run_for(2000)
    assert page.locator("#stars.hidden").count() == 1
    wait_until(lambda: ("spell", "APPLE") in rig.said[rig.said.index(("spell", "L")):], "the written word spelled")
    # the next card is said to the next child
    wait_until(lambda: ("spell", "STAR") in rig.said, "the next card spelled")
    page.close()

    phone = open_page(browser, rig.url, 375, 667, kids=True)
    phone.wait_for_selector("#view .clue-card .letter-tile", timeout=WAIT_MS)
    assert words_to_read(phone, ["Ann", "Bo"]) == []
    no_sideways_scroll(phone)
    phone.screenshot(path=str(shots / "extradiction-level1-kids-375x667.png"), full_page=True)
    check_screenshot(shots / "extradiction-level1-kids-375x667.png")
    phone.close()


def test_a_childrens_page_of_lexulous_names_only_the_childrens_words(rig, browser, shots):
    """Issue 37 in the browser: Lexulous (a game for grown-ups) on a page in ?mode=kids. A word of
    the grown-ups' lists that the children's list (scowl:50) lacks, as a filter's miss would be
    (OATER here, an innocent one), is neither written nor spelt in letter tiles there, while a page
    for grown-ups shows it; CAT, a children's word, is shown in letter tiles."""
    from wordboard.crossword import Game, Play
    from wordboard.dictionary import Dictionary
    from wordboard.editions import load_edition

    game = Game(load_edition("lexulous"), ["Ada", "Blaise"], dictionary=Dictionary.from_words(["oater", "cat"]),
                seed=3, first_player=0)
    game.set_rack(0, "OATER")
    rig.load("lexulous", game, edition="lexulous")
    rig.play(Play.of(("D8", "O"), ("E8", "A"), ("F8", "T"), ("G8", "E"), ("H8", "R")))
    grown_ups = open_page(browser, rig.url)
    grown_ups.wait_for_selector("#last .word", timeout=WAIT_MS)
    assert "OATER" in grown_ups.locator("#last").inner_text()
    grown_ups.close()
    kids = open_page(browser, rig.url, kids=True)
    kids.wait_for_selector("#last .kid-points", timeout=WAIT_MS)
    assert kids.locator("#last .letter-tile").count() == 0
    assert "OATER" not in kids.locator("body").inner_text().upper().replace("\n", "")
    kids.screenshot(path=str(shots / "lexulous-kids-grown-ups-word-800x480.png"))
    check_screenshot(shots / "lexulous-kids-grown-ups-word-800x480.png")
    rig.call(lambda: rig.game.set_rack(1, "CT"))
    rig.play(Play.of(("E7", "C"), ("E9", "T")))                      # CAT down through OATER's A
    kids.wait_for_selector("#last .letter-tile", timeout=WAIT_MS)
    assert "".join(kids.locator("#last .letter-tile").all_inner_texts()) == "CAT"
    kids.close()
