"""A screen a child and a table can use, in a real browser (headless Debian ``chromium`` driven by
Playwright) at the official 7" display's 800x480, Touch Display 2's 1280x720 and 1920x1080, with
game states set up by the test (``rig.py``). Geometry is measured, not guessed:

* eXtraDICTION's guess: big letter buttons over the board, never over the clue card (its
  picture, first letter and length); no free-text box; a guess spelt otherwise asks the
  grown-up, and a guess said aloud is confirmed by them;
* Level 3's card: the first letter, the length and the meaning, no picture;
* the board: the squares' names around it, the stars printed on the squares, the letters the
  camera reads before the word is taken; a refused word said in words, its squares lit;
* long clue words on one line, no word of the card's meaning or a refusal split across lines;
* the scoreboard read across a table: score digits at least 42 px tall at 800x480 (8 mm on the
  7" display: 154.2 mm for 800 px), and the board and the side never overlapping.

Screenshots are kept (``WORDBOARD_SCREENSHOTS``).
"""

from __future__ import annotations

import pytest

from tests.screen.support import CHROMIUM, PIN, WAIT_MS, check_screenshot, hold, wait_until

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
if CHROMIUM is None:
    pytest.skip("chromium is not installed (Debian package chromium)", allow_module_level=True)

SIZES = [(800, 480), (1280, 720), (1920, 1080)]
MM_PER_PX_7INCH = 154.2 / 800


@pytest.fixture(scope="module")
def rig(tmp_path_factory):
    from tests.screen.rig import Rig

    board = Rig(tmp_path_factory.mktemp("table"), PIN)
    yield board
    board.close()


def open_page(browser, url: str, width: int, height: int, kids: bool = False):
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(url + ("?mode=kids" if kids else "?mode=normal"))
    page.wait_for_selector(".conn.on", timeout=WAIT_MS)
    page.wait_for_selector("#board .cell", timeout=WAIT_MS)
    return page


def box(page, selector: str) -> dict:
    found = page.eval_on_selector(selector, """e => { const r = e.getBoundingClientRect();
        return {x: r.left, y: r.top, right: r.right, bottom: r.bottom, w: r.width, h: r.height}; }""")
    assert found["w"] > 0 and found["h"] > 0, f"{selector} is not shown"
    return found


def overlap(a: dict, b: dict) -> bool:
    return a["x"] < b["right"] - 0.5 and b["x"] < a["right"] - 0.5 and a["y"] < b["bottom"] - 0.5 and b["y"] < a["bottom"] - 0.5


def inside_viewport(page, r: dict) -> bool:
    size = page.viewport_size
    return r["x"] >= -0.5 and r["y"] >= -0.5 and r["right"] <= size["width"] + 0.5 and r["bottom"] <= size["height"] + 0.5


#: the words of an element's text that are split across lines (each word's rectangles)
SPLIT_WORDS = """e => {
  const split = [];
  const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const re = /\\S+/g; let m;
    while ((m = re.exec(node.textContent)) !== null) {
      const range = document.createRange();
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      const tops = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (tops.size > 1) split.push(m[0]);
    }
  }
  return split;
}"""

#: each player's score: the height of its digits' ink in its font (the canvas measures the
#: glyphs), its box and its row's box, measured in one go (the page redraws the scores often)
SCORES = """() => Array.from(document.querySelectorAll("#scores .player")).map(row => {
  const e = row.querySelector(".score");
  const style = getComputedStyle(e);
  const ctx = document.createElement("canvas").getContext("2d");
  ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const m = ctx.measureText("0123456789");
  const r = e.getBoundingClientRect(), p = row.getBoundingClientRect();
  return {digits: m.actualBoundingBoxAscent + m.actualBoundingBoxDescent,
          score: {x: r.left, y: r.top, right: r.right, bottom: r.bottom},
          row: {x: p.left, y: p.top, right: p.right, bottom: p.bottom}};
})"""


def no_split_words(page, selector: str) -> None:
    for i in range(page.locator(selector).count()):
        split = page.locator(selector).nth(i).evaluate(SPLIT_WORDS)
        assert split == [], f"{selector}: words split across lines: {split}"


def side_and_board_apart(page) -> None:
    board, side = box(page, "#board-frame"), box(page, "#side")
    assert not overlap(board, side)
    assert inside_viewport(page, board), board


def check_scores(page, width: int, height: int) -> None:
    """Score digits read across the table: 8 mm on the 7" display, more on larger ones."""
    scores = page.evaluate(SCORES)
    assert scores
    for found in scores:
        assert inside_viewport(page, found["score"]), found
        assert found["digits"] >= 42 * min(width / 800, height / 480) * 0.99, (width, height, found)
        if (width, height) == (800, 480):
            assert found["digits"] * MM_PER_PX_7INCH >= 8.0, found
    for i, a in enumerate(scores):
        for b in scores[i + 1:]:
            assert not overlap(a["row"], b["row"])


def level_2_guessing(words=("APPLE", "STAR", "RAT", "CAT")):
    from tests.extradiction.helpers import game

    return game("2", words=words, players=("Ann", "Bo"))


@pytest.mark.parametrize("width,height", SIZES, ids=lambda v: str(v))
def test_the_guess_is_spelt_on_big_letters_beside_the_clue_card(rig, browser, shots, width, height):
    from wordboard.extradiction.engine import GuessWanted, WordWanted

    rig.load("extradiction", level_2_guessing(), players=("Ann", "Bo"))
    for kids in (True, False):
        page = open_page(browser, rig.url, width, height, kids=kids)
        page.wait_for_selector("#guess:not(.hidden) .letter-key", timeout=WAIT_MS)
        page.wait_for_selector("#view .clue-card .picture", timeout=WAIT_MS)
        panel = box(page, "#guess")
        for part in (".clue-card .picture", ".clue-card .card-word", ".clue-card .first", ".clue-card .length",
                     ".clue-card .meaning"):
            if part == ".clue-card .meaning" and kids:
                continue
            if part in (".clue-card .first", ".clue-card .length") and kids:
                # the children's mode: the card's tiles show the first letter and the length
                tiles = page.locator(".clue-card .card-word .letter-tile").all_inner_texts()
                assert tiles[0] == "A" and len(tiles) == 5
                continue
            assert not overlap(panel, box(page, part)), part
            assert inside_viewport(page, box(page, part)), part
        assert inside_viewport(page, panel)
        # no free-text box: nothing to type into on a touch kiosk
        assert page.locator("input:visible, textarea:visible").count() == 0
        assert page.locator("#prompt.hidden").count() == 1
        keys = page.locator("#guess .letter-key")
        assert keys.count() == 26
        key = keys.first.bounding_box()
        assert key["height"] >= 44 * min(width / 800, height / 480) * 0.9 and key["width"] >= 44
        assert page.locator("#guess .said-answer").count() == 2
        no_split_words(page, "#guess-head")
        no_split_words(page, ".clue-card .meaning")
        side_and_board_apart(page)
        check_scores(page, width, height)
        name = f"guess-{'kids' if kids else 'normal'}-{width}x{height}.png"
        page.screenshot(path=str(shots / name))
        check_screenshot(shots / name)
        if kids:
            page.close()
            continue
        # a misspelt guess does not lose the card: the grown-up is asked
        for ch in "APUL":
            page.click(f"#guess .letter-key[data-letter='{ch}']")
        assert page.locator("#guess-slots .slot.filled").all_inner_texts() == list("APUL")
        page.click("#guess-ok")
        page.wait_for_selector("#guess.heard:not(.hidden) .guess-answer", timeout=WAIT_MS)
        # APUL is no word of the list: not named (issue 37)
        assert "not in our list" in page.inner_text("#guess-head") and "Grown-up" in page.inner_text("#guess-head")
        assert "APUL" not in page.inner_text("#guess-head")
        assert not overlap(box(page, "#guess"), box(page, ".clue-card .card-word"))
        page.screenshot(path=str(shots / f"guess-heard-{width}x{height}.png"))
        hold(page, "#guess .guess-answer[data-value='yes']")
        wait_until(lambda: rig.call(lambda: isinstance(rig.game.pending, WordWanted)), "the word to write")
        page.wait_for_selector("#guess.hidden", state="attached", timeout=WAIT_MS)
        page.close()
    # a guess said aloud: the grown-up confirms it
    rig.play(__import__("tests.extradiction.helpers", fromlist=["write"]).write("APPLE", "A5"))
    page = open_page(browser, rig.url, width, height)
    page.wait_for_selector("#guess:not(.hidden) .said-answer", timeout=WAIT_MS)
    hold(page, "#guess .said-answer[data-value='=right']")
    wait_until(lambda: rig.call(lambda: isinstance(rig.game.pending, WordWanted) and rig.game.pending.player == 1),
               "Bo's spoken guess taken")
    rig.play(__import__("tests.extradiction.helpers", fromlist=["write"]).write("STAR", "A7"))
    page.wait_for_selector("#guess:not(.hidden) .said-answer", timeout=WAIT_MS)
    hold(page, "#guess .said-answer[data-value='=wrong']")
    wait_until(lambda: rig.call(lambda: len(rig.game.history) == 3 and isinstance(rig.game.pending, GuessWanted)),
               "the card put to one side")
    page.close()


@pytest.mark.parametrize("width,height", SIZES, ids=lambda v: str(v))
def test_level_3_card_the_board_and_a_refusal(rig, browser, shots, width, height):
    from tests.extradiction.helpers import game
    from wordboard.controller.tracking import Seen
    from wordboard.extradiction.edition import load_edition
    from wordboard.extradiction.engine import Guess

    g = game("3", words=("CATERPILLAR", "STAR"), players=("Ann", "Bo"), edition=load_edition("standin"))
    g.play(Guess("CATERPILLAR"))
    rig.load("extradiction", g, players=("Ann", "Bo"))
    edition = g.edition
    # the child writes CATERPILAAR across row 6 from A: the camera reads the letters, the word is refused
    written = dict(zip([(5, c) for c in range(11)], "CATERPILAAR"))

    def write_letters():
        now = rig.controller.clock() - 2.0
        for n, (square, letter) in enumerate(sorted(written.items())):
            rig.controller.board.place(square, Seen(f"{0x6000 + n:08x}", letter), now)
    rig.call(write_letters)
    for kids in (False, True):
        page = open_page(browser, rig.url, width, height, kids=kids)
        page.wait_for_selector("#view .clue-card .card-word", timeout=WAIT_MS)
        page.wait_for_selector("#refusal:not(.hidden)", timeout=WAIT_MS)
        # Level 3: the first letter, the length, the meaning; no picture
        assert page.locator(".clue-card .picture").count() == 0
        assert page.inner_text(".clue-card .first").startswith("C")
        assert "11 letters" in page.inner_text(".clue-card .length")
        # the word (shown once guessed) on one line however long
        tops = page.eval_on_selector_all(".clue-card .card-word .letter-tile", "ts => ts.map(t => Math.round(t.getBoundingClientRect().top))")
        assert len(tops) == 11 and len(set(tops)) == 1
        assert inside_viewport(page, box(page, ".clue-card .card-word"))
        # the board: the squares' names, the stars printed on the empty squares, the letters written
        assert page.locator("#coords-cols .coord").all_inner_texts() == [chr(65 + c) for c in range(11)]
        assert page.locator("#coords-rows .coord").all_inner_texts() == [str(r + 1) for r in range(11)]
        starred = sum(1 for r in range(11) for c in range(11)
                      if (r, c) not in written and (edition.is_chance((r, c)) or edition.stars_on((r, c))))
        assert page.locator("#board .star-count").count() == starred
        seen = page.locator("#board .tile.seen").all_inner_texts()
        assert "".join(seen) == "CATERPILAAR"
        cols, rows = box(page, "#coords-cols .coord:nth-child(3)"), box(page, "#board .cell:nth-child(3)")
        assert abs((cols["x"] + cols["right"]) / 2 - (rows["x"] + rows["right"]) / 2) < 2     # C over column C
        # the refusal: in words a child understands, the wrong square lit, nothing hidden
        text = page.inner_text("#refusal")
        # CATERPILAAR is no word of the list: not named (issue 37)
        assert "That is not the card's word" in text and "CATERPILAAR" not in text and "red squares" in text
        assert page.locator("#board .cell.fault").count() >= 1
        fault = page.locator("#board .cell.fault").first
        assert fault.evaluate("e => Array.from(e.parentNode.children).indexOf(e)") == 5 * 11 + 8
        assert inside_viewport(page, box(page, "#refusal"))
        no_split_words(page, "#refusal")
        no_split_words(page, ".clue-card .meaning")
        size = page.eval_on_selector("#refusal", "e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 17
        side_and_board_apart(page)
        check_scores(page, width, height)
        name = f"level3-{'kids' if kids else 'normal'}-{width}x{height}.png"
        page.screenshot(path=str(shots / name))
        check_screenshot(shots / name)
        page.close()


@pytest.mark.parametrize("width,height", SIZES, ids=lambda v: str(v))
def test_every_games_scoreboard_reads_across_the_table(rig, browser, shots, width, height):
    from tests.screen.test_screen_final_scores import dealt_game
    from tests.screen.test_screen_forced import hexx_roll_waiting

    for kind, game, players in (("lexulous", dealt_game(), ("Ann", "Ben")), ("hexx", hexx_roll_waiting(), ("Ann", "Bo"))):
        rig.load(kind, game, players=players)
        page = open_page(browser, rig.url, width, height)
        page.wait_for_selector("#scores .score", timeout=WAIT_MS)
        page.wait_for_timeout(300)
        side_and_board_apart(page)
        check_scores(page, width, height)
        assert page.locator("#coords-cols .coord").count() == rig.controller.adapter.cols
        page.screenshot(path=str(shots / f"{kind}-{width}x{height}.png"))
        check_screenshot(shots / f"{kind}-{width}x{height}.png")
        page.close()


def test_a_new_game_chooses_the_clue_packs_and_the_childrens_mode_starts_at_level_1(rig, browser):
    rig.load("extradiction", level_2_guessing(), players=("Ann", "Bo"))
    page = open_page(browser, rig.url, 800, 480, kids=True)
    page.click("#lock")
    for digit in PIN:
        page.click(f"#pinpad .key:text-is('{digit}')")
    page.click("#pinpad .key:text-is('OK')")
    page.wait_for_selector("#admin-menu:not(.hidden)", timeout=WAIT_MS)
    page.click("#admin-new")
    page.wait_for_selector("#setup:not(.hidden)")
    page.select_option("#setup-game", "extradiction")
    assert page.input_value("#setup-level") == "1"
    assert page.locator("#setup-colours-box").is_visible()
    colours = page.eval_on_selector_all("#setup-colours option", "os => os.map(o => o.value)")
    assert colours[:3] == ["green", "blue", "red"] and "green,blue,red" in colours
    page.select_option("#setup-colours", "green")
    page.click("#setup-form button[type=submit]")
    wait_until(lambda: rig.bridge.next_setup is not None, "the new game set up")
    setup = rig.bridge.next_setup
    assert (setup["game"], setup["level"], setup["colours"]) == ("extradiction", "1", "green")
    page.close()


def test_a_square_the_camera_misreads_is_corrected_on_the_screen(rig, browser, shots):
    """eXtraDICTION: a tapped square offers "that square is empty" (and a grown-up the letters):
    on Level 1 the child, in the children's mode, gets one big button; at Level 3 only a page
    unlocked with the PIN may correct. The correction reaches the sensor and the journal."""
    from tests.extradiction.helpers import game
    from tests.screen.rig import CorrectableSensor
    from wordboard.controller.tracking import Seen
    from wordboard.extradiction.engine import Guess

    sensor = CorrectableSensor()
    fixed = sensor.fixed

    def camera_reads_k():
        rig.controller.sensor = sensor
        rig.controller.board.place((2, 3), Seen("00007001", "K"), rig.controller.clock() - 2.0)

    def journalled():
        jgame = rig.controller.adapter.jgame
        return [e.data for e in jgame.journal.events(jgame.id)]

    rig.load("extradiction", game("1", words=("STAR", "CAT"), players=("Ann", "Bo")), players=("Ann", "Bo"))
    rig.call(camera_reads_k)
    page = open_page(browser, rig.url, 800, 480, kids=True)
    page.wait_for_selector("#board .tile.seen", timeout=WAIT_MS)
    page.locator("#board .cell").nth(2 * rig.controller.adapter.cols + 3).click()
    page.wait_for_selector("#correct-box:not(.hidden) .correct-empty", timeout=WAIT_MS)
    assert page.locator("#correct-box .correct-letter").count() == 0      # the child: one big button
    big = box(page, "#correct-box .correct-empty")
    assert big["h"] >= 64 and inside_viewport(page, box(page, "#correct-box"))
    page.screenshot(path=str(shots / "correct-level1-kids-800x480.png"))
    check_screenshot(shots / "correct-level1-kids-800x480.png")
    page.click("#correct-box .correct-empty")
    wait_until(lambda: fixed == [((2, 3), ".")], "the square said empty")
    assert {"correction": {"square": "D3", "value": "."}} in rig.call(journalled)
    page.wait_for_selector("#correct-box.hidden", state="attached", timeout=WAIT_MS)
    page.close()

    g = game("3", words=("STAR", "CAT"), players=("Ann", "Bo"))
    g.play(Guess("STAR"))
    rig.load("extradiction", g, players=("Ann", "Bo"))
    rig.call(camera_reads_k)
    page = open_page(browser, rig.url, 800, 480)
    page.wait_for_selector("#board .tile.seen", timeout=WAIT_MS)
    page.locator("#board .cell").nth(2 * rig.controller.adapter.cols + 3).click()
    page.wait_for_timeout(300)
    assert page.locator("#correct-box").is_hidden()                        # Level 3: the PIN first
    page.click("#lock")
    for digit in PIN:
        page.click(f"#pinpad .key:text-is('{digit}')")
    page.click("#pinpad .key:text-is('OK')")
    page.wait_for_selector("#admin-menu:not(.hidden)", timeout=WAIT_MS)
    page.click("#admin [data-close=admin]")                               # the sheet closed, unlocked
    page.locator("#board .cell").nth(2 * rig.controller.adapter.cols + 3).click()
    page.wait_for_selector("#correct-box:not(.hidden) .correct-letter", timeout=WAIT_MS)
    assert "reads K" in page.inner_text("#correct-box .correct-head")
    assert page.locator("#correct-box .correct-letter").count() == 26
    page.screenshot(path=str(shots / "correct-level3-pin-800x480.png"))
    page.click("#correct-box .correct-letter[data-value='F']")
    wait_until(lambda: fixed[-1:] == [((2, 3), "F")], "the letter corrected")
    assert {"correction": {"square": "D3", "value": "F"}} in rig.call(journalled)
    page.close()
