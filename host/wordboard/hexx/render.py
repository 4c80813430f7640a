"""Drawing a HEXX board as text, with red and black tiles in ANSI colours or plain marks.

Colour is used when asked (``always``), or for ``auto`` when the output is a terminal and the
``NO_COLOR`` environment variable is not set. Without colour a red tile is ``(W)`` and a black
tile ``[W]``. A HEXX tile shows its letter in small type (``[p]``). In colour, the tiles placed
in the last turn are underlined and the flipped ones blink.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO

from wordboard.hexx.board import Layout, Square
from wordboard.hexx.model import Colour, flipped_squares, placed_squares

if TYPE_CHECKING:
    from wordboard.hexx.game import HexxGame

_RED = "\x1b[1;97;41m"
_BLACK = "\x1b[1;97;40m"
_EMPTY = "\x1b[2m"
_CENTRE = "\x1b[2;33m"
_RESET = "\x1b[0m"


@dataclass(frozen=True)
class ShownTile:
    letter: str
    owner: Colour
    hexx: bool = False


@dataclass
class BoardPicture:
    """What to draw: the layout, the tiles, the last turn's placed and flipped squares."""

    layout: Layout
    tiles: dict[Square, ShownTile]
    placed: tuple[Square, ...] = ()
    flipped: tuple[Square, ...] = ()
    notes: list[str] = field(default_factory=list)


def picture_of(game: HexxGame) -> BoardPicture:
    """The picture of a :class:`~wordboard.hexx.game.HexxGame`: the tiles, and what the last
    turn placed and flipped (or, while a HEXX waits for a decision, the turn so far)."""
    tiles = {sq: ShownTile(t.letter, t.owner, t.is_hexx) for sq, t in game.board.items()}
    events = game.current_events
    if not events:
        last = game.last_turn
        events = last.events if last else ()
    return BoardPicture(game.layout, tiles, placed_squares(events), flipped_squares(events))


def use_colour(mode: str, stream: TextIO) -> bool:
    """``always``/``never``/``auto`` -> whether to write ANSI colours to ``stream``."""
    if mode == "always":
        return True
    if mode == "never":
        return False
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def render(picture: BoardPicture, colour: bool) -> str:
    """The board as lines of text (no trailing newline)."""
    layout = picture.layout
    header = "    " + "".join(f" {Square(0, c).name[:-1]:<2}" for c in range(layout.width))
    lines = [header.rstrip()]
    for r in range(layout.height):
        cells = []
        for c in range(layout.width):
            square = Square(r, c)
            cells.append(_cell(square, picture, colour))
        lines.append(f"{r + 1:>3} " + "".join(cells).rstrip())
    red = sum(1 for t in picture.tiles.values() if t.owner is Colour.RED)
    black = len(picture.tiles) - red
    legend = f"red {red}, black {black}"
    if not colour:
        legend += "   (X) red  [X] black  small letter: HEXX tile  + centre"
    lines.append(legend)
    if picture.placed:
        lines.append("last turn placed: " + " ".join(q.name for q in picture.placed))
    if picture.flipped:
        lines.append("last turn flipped: " + " ".join(q.name for q in picture.flipped))
    lines.extend(picture.notes)
    return "\n".join(lines)


def _cell(square: Square, picture: BoardPicture, colour: bool) -> str:
    layout = picture.layout
    if square not in layout:
        return "   "
    tile = picture.tiles.get(square)
    if tile is None:
        mark = "+" if square == layout.centre else "."
        if colour:
            return f"{_CENTRE if mark == '+' else _EMPTY} {mark} {_RESET}"
        return f" {mark} "
    letter = tile.letter.lower() if tile.hexx else tile.letter
    if not colour:
        return f"({letter})" if tile.owner is Colour.RED else f"[{letter}]"
    style = _RED if tile.owner is Colour.RED else _BLACK
    if square in picture.placed:
        style += "\x1b[4m"
    elif square in picture.flipped:
        style += "\x1b[5m"
    return f"{style} {letter} {_RESET}"
