"""The children's kiosk on a 7" display, shared by its browser tests
(``test_screen_kiosk_small.py``) and ``scripts/kiosk-screenshots``: eXtraDICTION games in the
states a child meets at each level (on the stand-in board of 11 x 11 squares, with the shipped
clue cards whose meanings are the longest), and what the page shows of them measured in
millimetres.

Millimetres from CSS pixels: the page runs at a device pixel ratio of 1 (Chromium's kiosk, no
zoom), so a CSS pixel is a pixel of the panel. The Raspberry Pi Touch Display (7", 800 x 480)
shows about 155 x 86 mm: 0.194 mm a pixel. A 7" panel of 1024 x 600 shows the same 155 mm across:
0.151 mm a pixel.
"""

from __future__ import annotations

#: The 7" displays: (width, height) -> millimetres a CSS pixel.
DISPLAYS = {(800, 480): 155 / 800, (1024, 600): 155 / 1024}
#: What a child taps (the letter keys, the board's buttons, the squares said empty): at least this.
TAP_MM = 9.0
#: The stars printed on a square: their number at least this tall (its font size).
STAR_MM = 4.0
LEVELS = ("1", "2", "3", "speed")
PLAYERS = ("Ann", "Bo")


def long_cards(count: int = 4):
    """Shipped clue cards with the longest meanings (most lines to fit), longest first."""
    from wordboard.extradiction.cards import shipped_cards

    return sorted((c for c in shipped_cards() if c.length <= 9), key=lambda c: (-len(c.meaning), c.word))[:count]


def kiosk_game(level: str, players=PLAYERS):
    """A game of ``level`` on the stand-in board as a child meets it: one word already written
    (the last word shown, stars won), the next card waiting (a guess at Levels 2 and 3)."""
    from wordboard.extradiction.edition import load_edition
    from wordboard.extradiction.engine import Direction, Game, Guess, Level, Write

    level_ = Level(level)
    cards = long_cards()
    words = {"APPLE", "STAR", "RAT", "CAT"} | {c.word for c in cards}
    game = Game(load_edition("standin"), level_, list(players), clue_cards=cards if level_.uses_clue_cards else (),
                dictionary=words if level_.crossword_rules else None, seed=1, shuffle=False)
    first = game.pending.card.word if game.pending.card is not None else "APPLE"
    if level_.guesses:
        game.play(Guess(first))
    centre = (game.edition.rows // 2, max(0, game.edition.columns // 2 - len(first) // 2))
    game.play(Write(first, centre if level_.crossword_rules else (0, 0), Direction.ACROSS))
    return game


#: Run in the page: the rectangles of what a child needs, the page's scrolling, and any box on
#: the side column or over the board whose content is cut off.
MEASURE = """() => {
  const shown = (e) => { if (!e) return false; const s = getComputedStyle(e); const r = e.getBoundingClientRect();
    return s.display !== "none" && s.visibility !== "hidden" && r.width > 0 && r.height > 0 &&
      !e.closest(".hidden"); };
  const rect = (e) => { const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height, right: r.right, bottom: r.bottom}; };
  const name = (e) => e.id ? "#" + e.id : (e.getAttribute("aria-label") || e.dataset.button || e.dataset.letter ||
    e.dataset.value || e.dataset.square || e.className || e.tagName).toString().slice(0, 40);
  const all = (selector) => [...document.querySelectorAll(selector)].filter(shown).map((e) => ({name: name(e), ...rect(e)}));
  const taps = all("#buttons .btn, #guess-keys .key, #guess-say, .clue-card .say, .kid-word .say, " +
                   "#correct-box .correct-empty, #correct-box .zoom-square, #prompt .choice");
  const needs = all("#scores .player, .clue-card, .clue-card .picture, .clue-card .card-word, .clue-card .meaning, " +
                    "#kid-turn, #refusal, #notices, #pairing, #last, #guess-head, #guess-slots, #guess-said .btn, " +
                    "#correct-box, #board");
  const cut = [...document.querySelectorAll("#side > *, #side .clue-card, #refusal .refusal-text, #guess > *, #correct-box")]
    .filter(shown).filter((e) => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1)
    .map((e) => ({name: name(e), scroll: [e.scrollWidth, e.scrollHeight], client: [e.clientWidth, e.clientHeight]}));
  const star = document.querySelector("#board .star-count:not(.chance)");
  const cell = document.querySelector("#board .cell");
  const side = document.getElementById("side");
  return {taps, needs, cut, star: star ? parseFloat(getComputedStyle(star).fontSize) : null,
          cell: cell ? rect(cell) : null, width: innerWidth, height: innerHeight,
          scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight,
                   document.body.scrollHeight],
          side: [side.scrollHeight, side.clientHeight]};
}"""


def measure(page) -> dict:
    return page.evaluate(MEASURE)


def problems(seen: dict, size: tuple[int, int], *, check_taps: bool = True) -> list[str]:
    """What a child could not reach or read in ``seen`` (:func:`measure`), in words."""
    mm = DISPLAYS[size]
    width, height = size
    found = []
    if seen["scroll"][0] > width + 1 or max(seen["scroll"][1:]) > height + 1 or seen["side"][0] > seen["side"][1] + 1:
        found.append(f"the page scrolls: {seen['scroll']}, side {seen['side']}")
    for item in seen["taps"] + seen["needs"]:
        if item["x"] < -1 or item["y"] < -1 or item["right"] > width + 1 or item["bottom"] > height + 1:
            found.append(f"{item['name']} is outside the screen: {item}")
    if check_taps:
        for item in seen["taps"]:
            if min(item["w"], item["h"]) * mm < TAP_MM - 0.05:
                found.append(f"{item['name']} is {item['w'] * mm:.1f} x {item['h'] * mm:.1f} mm (< {TAP_MM} mm)")
    for item in seen["cut"]:
        found.append(f"{item['name']} is cut off: content {item['scroll']} in {item['client']}")
    if seen["star"] is not None and seen["star"] * mm < STAR_MM - 0.05:
        found.append(f"the stars on the squares are {seen['star'] * mm:.1f} mm (< {STAR_MM} mm)")
    return found


def smallest(seen: dict, size: tuple[int, int]) -> dict:
    """The figures: the smallest tap target, the stars' number and a board square, in mm."""
    mm = DISPLAYS[size]
    taps = [min(t["w"], t["h"]) for t in seen["taps"]]
    return {"tap_mm": round(min(taps) * mm, 1) if taps else None,
            "star_mm": round(seen["star"] * mm, 1) if seen["star"] else None,
            "square_mm": round(seen["cell"]["w"] * mm, 1) if seen["cell"] else None}
