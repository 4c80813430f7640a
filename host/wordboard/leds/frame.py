"""Colours and frames: what every square of the board shows at one moment.

A :class:`Frame` is immutable: one ``(r, g, b)`` colour (0-255 each, as the scene means it, before
gamma, brightness and the power budget) per square, rows top to bottom. Scenes build frames;
:class:`~wordboard.leds.strip.BoardLeds` turns a frame into bytes on the strip.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping

Colour = tuple[int, int, int]
Square = tuple[int, int]

OFF: Colour = (0, 0, 0)
WHITE: Colour = (255, 255, 255)


def clamp(colour: Iterable[float]) -> Colour:
    """Round and clip each channel to 0-255."""
    r, g, b = (min(255, max(0, int(round(v)))) for v in colour)
    return (r, g, b)


def scale(colour: Colour, factor: float) -> Colour:
    """``colour`` dimmed (or brightened) by ``factor``."""
    return clamp(v * factor for v in colour)


def mix(a: Colour, b: Colour, amount: float) -> Colour:
    """``a`` blended towards ``b``: ``amount`` 0 is ``a``, 1 is ``b``."""
    amount = min(1.0, max(0.0, amount))
    return clamp(x + (y - x) * amount for x, y in zip(a, b))


def parse_colour(text: str) -> Colour:
    """``#ff8000`` or ``255,128,0`` -> ``(255, 128, 0)``; ``ValueError`` otherwise."""
    text = text.strip()
    if text.startswith("#") and len(text) == 7:
        try:
            return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]
        except ValueError:
            pass
    parts = text.replace(" ", "").split(",")
    if len(parts) == 3 and all(p.isdigit() and int(p) <= 255 for p in parts):
        return tuple(int(p) for p in parts)  # type: ignore[return-value]
    raise ValueError(f"{text!r} is not a colour: write #rrggbb or r,g,b (0-255)")


class Frame:
    """One colour per square of a ``rows`` x ``cols`` board. Immutable; hashable."""

    __slots__ = ("rows", "cols", "_pixels")

    def __init__(self, rows: int, cols: int, pixels: Iterable[Colour] | None = None):
        self.rows = rows
        self.cols = cols
        if pixels is None:
            self._pixels: tuple[Colour, ...] = (OFF,) * (rows * cols)
        else:
            self._pixels = tuple(pixels)
            if len(self._pixels) != rows * cols:
                raise ValueError(f"a {rows} x {cols} frame needs {rows * cols} colours, "
                                 f"got {len(self._pixels)}")

    @classmethod
    def filled(cls, rows: int, cols: int, colour: Colour) -> Frame:
        return cls(rows, cols, (colour,) * (rows * cols))

    @classmethod
    def from_function(cls, rows: int, cols: int, fn: Callable[[Square], Colour]) -> Frame:
        """A frame whose square ``(r, c)`` shows ``fn((r, c))``."""
        return cls(rows, cols, (fn((r, c)) for r in range(rows) for c in range(cols)))

    @property
    def pixels(self) -> tuple[Colour, ...]:
        """The colours row by row."""
        return self._pixels

    def __getitem__(self, square: Square) -> Colour:
        r, c = square
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise IndexError(f"square {square} is off a {self.rows} x {self.cols} frame")
        return self._pixels[r * self.cols + c]

    def squares(self) -> Iterator[Square]:
        return ((r, c) for r in range(self.rows) for c in range(self.cols))

    def items(self) -> Iterator[tuple[Square, Colour]]:
        return zip(self.squares(), self._pixels)

    def with_colours(self, colours: Mapping[Square, Colour]) -> Frame:
        """A copy with some squares changed (squares off the board are ignored)."""
        if not colours:
            return self
        pixels = list(self._pixels)
        for (r, c), colour in colours.items():
            if 0 <= r < self.rows and 0 <= c < self.cols:
                pixels[r * self.cols + c] = colour
        return Frame(self.rows, self.cols, pixels)

    def map(self, fn: Callable[[Square, Colour], Colour]) -> Frame:
        """A copy with ``fn(square, colour)`` for every square."""
        return Frame(self.rows, self.cols, (fn(sq, col) for sq, col in self.items()))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Frame) and self.rows == other.rows and self.cols == other.cols
                and self._pixels == other._pixels)

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, self._pixels))

    def __repr__(self) -> str:
        lit = sum(1 for p in self._pixels if p != OFF)
        return f"<Frame {self.rows}x{self.cols}, {lit} lit>"


# -- time-based helpers for animations (pure functions of t, in seconds) -------------------------

def blink(t: float, period: float = 0.6, duty: float = 0.5) -> bool:
    """On for the first ``duty`` of every ``period``."""
    return (t % period) < period * duty


def breathe(t: float, period: float = 2.0, low: float = 0.35) -> float:
    """A smooth level between ``low`` and 1 that repeats every ``period`` seconds (1 at t = 0)."""
    return low + (1 - low) * (0.5 + 0.5 * math.cos(2 * math.pi * t / period))
