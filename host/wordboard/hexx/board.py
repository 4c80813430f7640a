"""The HEXX board: squares, the 8 directions and the 4 lines through a square.

The board is a grid of squares (the physical board's size is not public: it comes from the
edition, see :mod:`wordboard.hexx.edition`). A square is named as on every wordboard game: a
column letter (``A`` at the left) and a row number (``1`` at the top), so ``E5`` is the fifth
column of the fifth row (lower case is read too). Words run along any of the 8 directions: the 4 lines through a square (across,
down and the two diagonals), each read forwards or backwards.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator

from wordboard import rules


class Square(rules.Square):
    """A square of the HEXX board (see :class:`wordboard.rules.Square`), with steps along the 8
    directions."""

    __slots__ = ()

    def step(self, direction: Direction, count: int = 1) -> Square:
        """The square ``count`` steps away in ``direction`` (it may be off the board)."""
        return Square(self.row + direction.drow * count, self.col + direction.dcol * count)

    @classmethod
    def parse(cls, text: str) -> Square:
        """``e5`` -> Square(row=4, col=4). Raises ``ValueError`` with a readable message."""
        return cls(*rules.Square.parse(text))


class Direction(enum.Enum):
    """The 8 directions a word can be read in; ``N`` is up the board (towards row 1)."""

    N = (-1, 0)
    NE = (-1, 1)
    E = (0, 1)
    SE = (1, 1)
    S = (1, 0)
    SW = (1, -1)
    W = (0, -1)
    NW = (-1, -1)

    @property
    def drow(self) -> int:
        return self.value[0]

    @property
    def dcol(self) -> int:
        return self.value[1]

    @property
    def opposite(self) -> Direction:
        return Direction((-self.drow, -self.dcol))

    @property
    def axis(self) -> Direction:
        """The line this direction runs along, named by its forward direction (E, S, SE or NE)."""
        return self if self in AXES else self.opposite

    @property
    def words(self) -> str:
        return _DIRECTION_WORDS[self]

    @classmethod
    def parse(cls, text: str) -> Direction:
        """``E``, ``ne``, ``right``, ``up-left``... -> a Direction; ``ValueError`` otherwise."""
        key = text.strip().lower().replace("_", "-").replace(" ", "-")
        if key.upper() in cls.__members__:
            return cls[key.upper()]
        for direction, words in _DIRECTION_WORDS.items():
            if key == words or key == words.replace("-", ""):
                return direction
        raise ValueError(f"{text.strip()!r} is not a direction (N, NE, E, SE, S, SW, W, NW or "
                         f"up, up-right, right, down-right, down, down-left, left, up-left)")


_DIRECTION_WORDS = {
    Direction.N: "up", Direction.NE: "up-right", Direction.E: "right", Direction.SE: "down-right",
    Direction.S: "down", Direction.SW: "down-left", Direction.W: "left", Direction.NW: "up-left",
}

#: The 4 lines through a square, each named by the direction that reads it forwards.
AXES: tuple[Direction, ...] = (Direction.E, Direction.S, Direction.SE, Direction.NE)


class Layout:
    """The shape of a board: which squares exist and which one is the centre.

    Rows are given top to bottom as strings: ``.`` a square, ``+`` the centre square, ``-`` no
    square (for boards that are not rectangles).
    """

    def __init__(self, rows: list[str]):
        if not rows:
            raise ValueError("a board needs at least one row")
        width = len(rows[0])
        if any(len(row) != width for row in rows):
            raise ValueError("all rows of a board must have the same length")
        self.height = len(rows)
        self.width = width
        squares: set[Square] = set()
        centre: Square | None = None
        for r, row in enumerate(rows):
            for c, char in enumerate(row):
                if char not in ".+-":
                    raise ValueError(f"row {r + 1} has {char!r}: use '.' (square), '+' (the "
                                     f"centre) or '-' (no square)")
                if char != "-":
                    squares.add(Square(r, c))
                if char == "+":
                    if centre is not None:
                        raise ValueError("the board has more than one centre square '+'")
                    centre = Square(r, c)
        if centre is None:
            raise ValueError("the board has no centre square '+'")
        self.squares: frozenset[Square] = frozenset(squares)
        self.centre: Square = centre
        self.rows = tuple(rows)
        self._neighbours: dict[Square, tuple[Square, ...]] = {}
        self._lines: tuple[tuple[Direction, tuple[Square, ...]], ...] | None = None

    def __contains__(self, square: object) -> bool:
        return square in self.squares

    def __iter__(self) -> Iterator[Square]:
        """Squares in reading order: top row first, left to right."""
        return iter(sorted(self.squares))

    def __len__(self) -> int:
        return len(self.squares)

    def neighbours(self, square: Square) -> tuple[Square, ...]:
        """The up to 8 squares touching ``square`` (sides and corners)."""
        found = self._neighbours.get(square)
        if found is None:
            found = tuple(other for other in (square.step(d) for d in Direction)
                          if other in self.squares)
            self._neighbours[square] = found
        return found

    def lines(self) -> tuple[tuple[Direction, tuple[Square, ...]], ...]:
        """Every maximal straight line of consecutive squares, with its forward direction."""
        if self._lines is None:
            self._lines = tuple((axis, tuple(line)) for axis, line in self._find_lines())
        return self._lines

    def _find_lines(self) -> Iterator[tuple[Direction, list[Square]]]:
        for axis in AXES:
            for square in self:
                if square.step(axis.opposite) in self.squares:
                    continue
                line = []
                current = square
                while current in self.squares:
                    line.append(current)
                    current = current.step(axis)
                yield axis, line

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Layout) and self.rows == other.rows

    def __hash__(self) -> int:
        return hash(self.rows)

    def __repr__(self) -> str:
        return f"Layout({self.width}x{self.height}, centre={self.centre})"
