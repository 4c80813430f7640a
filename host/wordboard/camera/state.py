"""What is on the board's squares, as the camera reads it or as the virtual camera draws it."""

from __future__ import annotations

from dataclasses import dataclass

EMPTY = "."
BLANK = "?"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SQUARE_SYMBOLS = EMPTY + BLANK + LETTERS
#: A reading of a square (a letter, a blank tile) at least this sure counts as read when the
#: camera is the only sensor (wordboard.controller.written); below it the square is unsure and the
#: game works the letter out from what it knows or asks the players. The reader reads a square it
#: cannot be sure of below it.
SURE = 0.6
#: What a reading the reader knows to be doubtful is capped at (a blank whose square shows ink as
#: dark as a letter's, an O made a Q by its tail alone, a letter half off its square).
BELOW_SURE = SURE - 0.1


@dataclass(frozen=True)
class BoardState:
    """The content of every square: ``.`` empty, ``A``-``Z`` a letter, ``?`` a blank tile.

    ``lines`` holds one string per row, all of the same length.
    """

    lines: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.lines or not self.lines[0]:
            raise ValueError("a board needs at least one row and one column")
        width = len(self.lines[0])
        for number, line in enumerate(self.lines, 1):
            if len(line) != width:
                raise ValueError(f"row {number} has {len(line)} squares, expected {width}")
            bad = set(line) - set(SQUARE_SYMBOLS)
            if bad:
                raise ValueError(f"row {number} has unknown symbols {''.join(sorted(bad))!r}")

    @classmethod
    def empty(cls, rows: int, cols: int) -> BoardState:
        return cls(tuple(EMPTY * cols for _ in range(rows)))

    @classmethod
    def from_text(cls, text: str) -> BoardState:
        """Parse rows of symbols, one row a line (blank lines and surrounding spaces ignored)."""
        return cls(tuple(line.strip().upper() for line in text.splitlines() if line.strip()))

    @property
    def rows(self) -> int:
        return len(self.lines)

    @property
    def cols(self) -> int:
        return len(self.lines[0])

    def at(self, row: int, col: int) -> str:
        return self.lines[row][col]

    def with_square(self, row: int, col: int, symbol: str) -> BoardState:
        """A copy with square ``(row, col)`` set to ``symbol``."""
        if symbol not in SQUARE_SYMBOLS or len(symbol) != 1:
            raise ValueError(f"not a square symbol: {symbol!r}")
        line = self.lines[row]
        lines = list(self.lines)
        lines[row] = line[:col] + symbol + line[col + 1 :]
        return BoardState(tuple(lines))

    def occupied(self) -> list[tuple[int, int, str]]:
        """``(row, col, symbol)`` of every square holding a tile or a letter."""
        return [(r, c, s) for r, line in enumerate(self.lines) for c, s in enumerate(line) if s != EMPTY]

    def text(self) -> str:
        return "\n".join(self.lines)

    def __str__(self) -> str:
        return self.text()
