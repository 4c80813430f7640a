"""Overlays drawn over a game's base scene: what the controller wants the players to notice.

Each overlay is a frozen value with ``apply(frame, t) -> frame`` (``t``: seconds since the
overlay appeared), so a scene is ``compose(base, overlays, t)``: pure and testable. Colours:

=======================  ========================================================================
last move                the squares of the last committed move, steady warm white
pending, valid           the tiles being placed, breathing in the colour of their score band
                         (:data:`SCORE_BANDS`: green < 10, cyan < 20, blue < 30, violet < 50,
                         gold 50 and more), the rest of the word's squares dim in the same colour
pending, invalid         the squares at fault (``IllegalMove.squares``) blink red; other pending
                         tiles steady amber; nothing is scored until it is valid
placing                  tiles just put down, before the board settles: dim warm white
hint                     the hinted squares breathe cyan
blank waiting            the blank's square blinks magenta until its letter is known
tile disturbed           a committed tile moved or lifted: its square blinks orange, fast
winner                   a rainbow wave across the board (or over the winner's squares)
waiting for the sensors  the board's border breathes amber: the camera cannot see the board, the
                         sensor board is unplugged, or (before a game) nothing is attached yet
pairing arrived          a game night's next pairing has come (the screen says who plays whom, at
                         which table): a blue light runs round the border, on a dim blue ring, for
                         :data:`PAIRING_SIGN_SECONDS` (three laps)
=======================  ========================================================================
"""

from __future__ import annotations

import colorsys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from wordboard.leds.frame import Colour, Frame, Square, blink, breathe, scale

LAST_MOVE: Colour = (255, 180, 90)
INVALID: Colour = (255, 0, 0)
PENDING_OTHER: Colour = (255, 120, 0)
HINT: Colour = (0, 230, 255)
BLANK: Colour = (255, 0, 200)
DISTURBED: Colour = (255, 70, 0)
SCORE_BANDS: tuple[tuple[int, Colour], ...] = (
    (10, (0, 255, 0)), (20, (0, 255, 200)), (30, (0, 80, 255)), (50, (170, 0, 255)),
)
SCORE_TOP: Colour = (255, 200, 0)
WAITING: Colour = (255, 140, 0)
PAIRING: Colour = (40, 90, 255)
#: how long the "pairing arrived" sign shows (seconds of the controller's game time)
PAIRING_SIGN_SECONDS = 9.0


class Overlay(Protocol):
    """What every overlay is: drawn over a frame, ``t`` seconds after it appeared."""

    def apply(self, frame: Frame, t: float) -> Frame: ...


def score_colour(score: int) -> Colour:
    """The colour of a valid pending play's score band."""
    for limit, colour in SCORE_BANDS:
        if score < limit:
            return colour
    return SCORE_TOP


def _squares(squares: Iterable[Square]) -> tuple[Square, ...]:
    return tuple((int(s[0]), int(s[1])) for s in squares)


@dataclass(frozen=True)
class LastMove:
    squares: tuple[Square, ...]
    level: float = 0.5

    def apply(self, frame: Frame, t: float) -> Frame:
        return frame.with_colours({sq: scale(LAST_MOVE, self.level) for sq in self.squares})


@dataclass(frozen=True)
class PendingValid:
    """A placement the rules accept: ``squares`` the new tiles, ``word_squares`` the rest of the
    words it forms (optional), ``score`` what it would score."""

    squares: tuple[Square, ...]
    score: int
    word_squares: tuple[Square, ...] = ()

    def apply(self, frame: Frame, t: float) -> Frame:
        colour = score_colour(self.score)
        colours = {sq: scale(colour, 0.25) for sq in self.word_squares}
        colours.update({sq: scale(colour, breathe(t, 1.6, 0.5)) for sq in self.squares})
        return frame.with_colours(colours)


@dataclass(frozen=True)
class PendingInvalid:
    """A placement the rules refuse: ``at_fault`` (``IllegalMove.squares``) blink red; the other
    pending ``squares`` stay amber. With no squares at fault, every pending square blinks."""

    squares: tuple[Square, ...]
    at_fault: tuple[Square, ...] = ()

    def apply(self, frame: Frame, t: float) -> Frame:
        fault = set(self.at_fault) or set(self.squares)
        on = blink(t, 0.6)
        colours = {sq: scale(PENDING_OTHER, 0.6) for sq in self.squares if sq not in fault}
        colours.update({sq: (INVALID if on else scale(INVALID, 0.1)) for sq in fault})
        return frame.with_colours(colours)


@dataclass(frozen=True)
class Placing:
    """Tiles just put down, not yet judged (the board is still settling): dim warm white."""

    squares: tuple[Square, ...]

    def apply(self, frame: Frame, t: float) -> Frame:
        return frame.with_colours({sq: scale(LAST_MOVE, 0.2) for sq in self.squares})


@dataclass(frozen=True)
class Hint:
    squares: tuple[Square, ...]

    def apply(self, frame: Frame, t: float) -> Frame:
        return frame.with_colours({sq: scale(HINT, breathe(t, 2.0, 0.2)) for sq in self.squares})


@dataclass(frozen=True)
class BlankWaiting:
    square: Square

    def apply(self, frame: Frame, t: float) -> Frame:
        return frame.with_colours({self.square: BLANK if blink(t, 1.0) else scale(BLANK, 0.15)})


@dataclass(frozen=True)
class TileDisturbed:
    """Committed tiles moved or lifted (never a move: the players must put them back)."""

    squares: tuple[Square, ...]

    def apply(self, frame: Frame, t: float) -> Frame:
        on = blink(t, 0.3)
        return frame.with_colours({sq: DISTURBED if on else (0, 0, 0) for sq in self.squares})


@dataclass(frozen=True)
class Winner:
    """The end: a rainbow wave, over ``squares`` (e.g. the winner's tiles) or the whole board."""

    squares: tuple[Square, ...] = ()
    period: float = 3.0

    def apply(self, frame: Frame, t: float) -> Frame:
        targets = self.squares or tuple(frame.squares())
        span = frame.rows + frame.cols

        def rainbow(square: Square) -> Colour:
            hue = ((square[0] + square[1]) / span - t / self.period) % 1.0
            r, g, b = colorsys.hsv_to_rgb(hue, 1.0, 1.0)
            return (int(r * 255), int(g * 255), int(b * 255))

        return frame.with_colours({sq: rainbow(sq) for sq in targets})


@dataclass(frozen=True)
class Waiting:
    """The board waits for its sensors: the border breathes amber (the squares inside keep what
    they show), so a glance at the table says the game is paused."""

    period: float = 3.0

    def apply(self, frame: Frame, t: float) -> Frame:
        colour = scale(WAITING, 0.5 * breathe(t, self.period, 0.15))
        rows, cols = frame.rows, frame.cols
        border = {(r, c) for r in range(rows) for c in (0, cols - 1)} | {(r, c) for r in (0, rows - 1) for c in range(cols)}
        return frame.with_colours({sq: colour for sq in border})


def border_ring(rows: int, cols: int) -> list[Square]:
    """The board's border squares, clockwise from the top left corner."""
    if rows <= 1 or cols <= 1:
        return [(r, c) for r in range(rows) for c in range(cols)]
    top = [(0, c) for c in range(cols)]
    right = [(r, cols - 1) for r in range(1, rows)]
    bottom = [(rows - 1, c) for c in range(cols - 2, -1, -1)]
    left = [(r, 0) for r in range(rows - 2, 0, -1)]
    return top + right + bottom + left


@dataclass(frozen=True)
class PairingArrived:
    """A game night's next pairing has come: a bright blue run of squares goes round the border
    clockwise (one lap every ``period`` seconds) on a dim blue ring; the squares inside keep what
    they show. Shown for :data:`PAIRING_SIGN_SECONDS` by the controller."""

    period: float = PAIRING_SIGN_SECONDS / 3

    def apply(self, frame: Frame, t: float) -> Frame:
        ring = border_ring(frame.rows, frame.cols)
        if not ring:
            return frame
        head = int((t % self.period) / self.period * len(ring))
        run = max(2, len(ring) // 8)
        lit = {ring[(head - i) % len(ring)]: scale(PAIRING, 1.0 - 0.6 * i / run) for i in range(run)}
        dim = scale(PAIRING, 0.15)
        return frame.with_colours({sq: lit.get(sq, dim) for sq in ring})


def waiting() -> Waiting:
    return Waiting()


def pairing_arrived() -> PairingArrived:
    return PairingArrived()


def last_move(squares: Iterable[Square]) -> LastMove:
    return LastMove(_squares(squares))


def pending_valid(squares: Iterable[Square], score: int, word_squares: Iterable[Square] = ()) -> PendingValid:
    new = _squares(squares)
    return PendingValid(new, score, tuple(s for s in _squares(word_squares) if s not in new))


def pending_invalid(squares: Iterable[Square], at_fault: Iterable[Square] = ()) -> PendingInvalid:
    return PendingInvalid(_squares(squares), _squares(at_fault))


def placing(squares: Iterable[Square]) -> Placing:
    return Placing(_squares(squares))


def hint(squares: Iterable[Square]) -> Hint:
    return Hint(_squares(squares))


def blank_waiting(square: Square) -> BlankWaiting:
    return BlankWaiting((int(square[0]), int(square[1])))


def tile_disturbed(squares: Iterable[Square]) -> TileDisturbed:
    return TileDisturbed(_squares(squares))


def winner(squares: Iterable[Square] = ()) -> Winner:
    return Winner(_squares(squares))


def compose(base: Frame, overlays: Sequence[Overlay], t: float | Sequence[float] = 0.0) -> Frame:
    """``base`` with each overlay applied in order (later ones on top). ``t`` is one time for
    all, or one per overlay (each overlay's own age)."""
    times = [t] * len(overlays) if isinstance(t, (int, float)) else list(t)
    frame = base
    for overlay, age in zip(overlays, times):
        frame = overlay.apply(frame, age)
    return frame
