"""What the squares show for each game: pure functions from a game's state to a :class:`Frame`.

Base scenes are dim (about a third of full) so that overlays (:mod:`wordboard.leds.overlays`)
stand out; squares under a tile are dark, since a tile covers its LED. Animated scenes take ``t``,
seconds since the state changed, and are pure functions of it: an animation is the sequence of
frames for successive ``t``.

The engines are not imported: each scene reads a small protocol (documented per function), so a
game still being written can be shown, and tests use fakes.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Protocol

from wordboard.leds.frame import OFF, WHITE, Colour, Frame, Square, breathe, mix, scale

# -- colours -------------------------------------------------------------------------------------

PREMIUM_COLOURS: Mapping[str, Colour] = {
    "TW": (255, 0, 0),       # triple word: red
    "DW": (255, 50, 90),     # double word: pink
    "QW": (200, 0, 255),     # quadruple word: violet
    "TL": (0, 40, 255),      # triple letter: dark blue
    "DL": (0, 170, 255),     # double letter: light blue
    "QL": (0, 255, 120),     # quadruple letter: green-cyan
}
CENTRE_COLOUR: Colour = (255, 170, 0)   # the centre star: gold
BASE_LEVEL = 0.3                        # base scenes at 30 %: overlays use full colour

STAR_COLOUR: Colour = (255, 190, 0)     # eXtraDICTION stars: amber, brighter with more stars
CHANCE_COLOUR: Colour = (170, 0, 255)   # Chance squares: purple
ZONE_TINTS: tuple[Colour, ...] = ((0, 60, 255), (0, 255, 80), (255, 80, 0), (0, 200, 200),
                                  (255, 0, 120), (120, 255, 0), (80, 0, 255), (255, 200, 0))

HEXX_RED: Colour = (255, 0, 0)
HEXX_BLACK: Colour = (110, 130, 255)    # LEDs cannot shine black: the black side shows cool white
FLIP_SECONDS = 0.6                      # one tile's flip
FLIP_STAGGER = 0.15                     # between successive flips, in the engine's order


def crossword_scene(layout, occupied: Collection[Square] = ()) -> Frame:
    """Lexulous / Scrabble: premium squares in their board colours, the centre star gold.

    ``layout`` needs ``rows``, ``cols``, ``premium(r, c)`` and ``centre`` (an editions
    ``BoardLayout``). ``occupied``: squares with a tile (dark).
    """
    occupied = set(occupied)

    def colour(square: Square) -> Colour:
        if square in occupied:
            return OFF
        if tuple(square) == tuple(layout.centre):
            return scale(CENTRE_COLOUR, BASE_LEVEL)
        premium = layout.premium(*square)
        return scale(PREMIUM_COLOURS[premium], BASE_LEVEL) if premium else OFF

    return Frame.from_function(layout.rows, layout.cols, colour)


def extradiction_scene(edition, occupied: Collection[Square] = (), *, show_zones: bool = True) -> Frame:
    """eXtraDICTION: stars (amber, 1-5 stars from dim to bright), Chance squares (purple), and a
    faint tint per zone on plain squares.

    ``edition`` needs ``rows``, ``columns``, ``stars_on(sq)``, ``is_chance(sq)``, ``zone_of(sq)``
    (an ``extradiction.edition.Edition``).
    """
    occupied = set(occupied)
    zones: dict[str, int] = {}
    for square in ((r, c) for r in range(edition.rows) for c in range(edition.columns)):
        zones.setdefault(str(edition.zone_of(square)), len(zones))

    def colour(square: Square) -> Colour:
        if square in occupied:
            return OFF
        if edition.is_chance(square):
            return scale(CHANCE_COLOUR, BASE_LEVEL)
        stars = edition.stars_on(square)
        if stars:
            return scale(STAR_COLOUR, BASE_LEVEL * (0.4 + 0.6 * stars / 5))
        if show_zones:
            tint = ZONE_TINTS[zones[str(edition.zone_of(square))] % len(ZONE_TINTS)]
            return scale(tint, 0.06)
        return OFF

    return Frame.from_function(edition.rows, edition.columns, colour)


class HexxView(Protocol):
    """What the HEXX scene reads (see :func:`hexx_view` for the engine's adapter).

    ``rows``/``cols``: the grid; ``squares``: the squares that exist; ``owners``: square ->
    ``"red"`` or ``"black"`` for every tile on the board; ``placed``/``flipped``: the last turn's
    placed squares and flipped squares (in the order they flipped).
    """

    rows: int
    cols: int
    squares: Collection[Square]
    owners: Mapping[Square, str]
    placed: Sequence[Square]
    flipped: Sequence[Square]


def _owner_colour(owner: str | None) -> Colour:
    if owner == "red":
        return HEXX_RED
    if owner == "black":
        return HEXX_BLACK
    return OFF


def hexx_flip_duration(view: HexxView) -> float:
    """Seconds the flip animation of the last turn lasts."""
    n = len(view.flipped)
    return 0.0 if n == 0 else FLIP_SECONDS + FLIP_STAGGER * (n - 1)


def hexx_scene(view: HexxView, t: float = math.inf) -> Frame:
    """HEXX ownership: each tile in its owner's colour (red, or cool white for black).

    For ``t`` seconds after the turn, the flipped tiles animate one after the other: from the
    colour they had to a white flash at mid-flip to their new owner's colour; the placed tiles
    pulse until the flips are done. ``t`` = infinity is the settled picture.
    """
    flip_order = {sq: i for i, sq in enumerate(view.flipped)}
    placed = set(view.placed)
    done = t >= hexx_flip_duration(view)

    def colour(square: Square) -> Colour:
        if square not in view.squares:
            return OFF
        owner = view.owners.get(square)
        if owner is None:
            return (6, 6, 6)  # an empty square: a faint glow shows the board's shape
        new = _owner_colour(owner)
        if square in flip_order:
            start = flip_order[square] * FLIP_STAGGER
            phase = (t - start) / FLIP_SECONDS
            if phase <= 0:
                return scale(_owner_colour("black" if owner == "red" else "red"), BASE_LEVEL * 2)
            if phase < 1:
                old = _owner_colour("black" if owner == "red" else "red")
                if phase < 0.5:
                    return mix(scale(old, BASE_LEVEL * 2), WHITE, phase * 2)
                return mix(WHITE, scale(new, BASE_LEVEL * 2), (phase - 0.5) * 2)
        level = BASE_LEVEL * 2
        if square in placed and not done:
            level *= breathe(t, 0.8, 0.5)
        return scale(new, level)

    return Frame.from_function(view.rows, view.cols, colour)


class _HexxAdapter:
    def __init__(self, game):
        layout = game.layout
        self.rows, self.cols = layout.height, layout.width
        self.squares = frozenset((s[0], s[1]) for s in layout.squares)
        self.owners = {(sq[0], sq[1]): str(tile.owner) for sq, tile in game.board.items()}
        last = game.last_turn
        self.placed = tuple((s[0], s[1]) for s in (last.placed if last else ()))
        self.flipped = tuple((s[0], s[1]) for s in (last.flipped if last else ()))


def hexx_view(game) -> HexxView:
    """Adapt a ``wordboard.hexx.game.HexxGame`` (layout, board, last_turn) to :class:`HexxView`."""
    return _HexxAdapter(game)


# -- Dexikon: card slots -------------------------------------------------------------------------

SLOT_COLOURS: Mapping[str, Colour] = {
    "empty": (40, 40, 40),        # a free slot: faint white outline
    "card": (255, 255, 255),      # a card lies here
    "word": (0, 255, 60),         # part of the declared word
    "challenged": (255, 150, 0),  # the word is challenged
    "invalid": (255, 0, 0),       # not a word / not allowed
    "next": (0, 120, 255),        # where the next card goes (breathes)
}


def card_slots(rows: int, cols: int, *, count: int | None = None, width: int = 2,
               height: int = 3, top: int | None = None) -> list[list[Square]]:
    """Default geometry of Dexikon's card row: ``count`` slots of ``width`` x ``height`` squares
    side by side, centred on the board. Each slot is its list of squares."""
    count = cols // width if count is None else count
    if count * width > cols or height > rows or count < 1:
        raise ValueError(f"{count} slots of {width} x {height} do not fit a {rows} x {cols} board")
    left = (cols - count * width) // 2
    top = (rows - height) // 2 if top is None else top
    return [[(top + r, left + i * width + c) for r in range(height) for c in range(width)]
            for i in range(count)]


def card_rows(rows: int, cols: int, *, width: int = 2, height: int = 3) -> list[list[Square]]:
    """Dexikon's card slots filling the board like a page: as many rows of slots as fit (five
    rows of seven slots of 2 x 3 squares on a 15 x 15 board), in reading order - left to right,
    then the next row down. A word lies in consecutive slots and may run on from the end of one
    row to the start of the next, so words of up to ``len(...)`` cards can be laid."""
    count = rows // height
    if count < 1:
        raise ValueError(f"no slot of {width} x {height} fits a {rows} x {cols} board")
    top = (rows - count * height) // 2
    return [slot for r in range(count) for slot in card_slots(rows, cols, width=width, height=height,
                                                                top=top + r * height)]


def dexikon_scene(rows: int, cols: int, slots: Sequence[Iterable[Square]],
                  states: Sequence[str], t: float = 0.0) -> Frame:
    """Dexikon's card row: each slot's outline in its state's colour (:data:`SLOT_COLOURS`).
    ``states[i]`` is the state of ``slots[i]``; missing states are ``"empty"``."""
    colours: dict[Square, Colour] = {}
    for i, squares in enumerate(slots):
        state = states[i] if i < len(states) else "empty"
        if state not in SLOT_COLOURS:
            raise ValueError(f"unknown slot state {state!r}")
        level = BASE_LEVEL * (breathe(t) if state == "next" else 1.0)
        colour = scale(SLOT_COLOURS[state], level)
        for square in squares:
            colours[square] = colour
    return Frame(rows, cols).with_colours(colours)
