"""The board of a crossword game: which tile lies on which square.

Squares are ``(row, col)`` pairs counted from 0 at the top left. In text they are written the way
game records (GCG) write them: ``H8`` is column H, row 8.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from wordboard.editions import BoardLayout
from wordboard.rules import Square as Square
from wordboard.rules import square_name as square_name


def parse_square(text: str) -> Square:
    """``"H8"`` (or ``"h8"``) -> ``Square(7, 7)``; ``ValueError`` for anything else."""
    return Square.parse(text)


@dataclass(frozen=True)
class Tile:
    """A tile on the board: the letter it shows, and whether it is a blank standing for it.

    A blank keeps the letter chosen for it for the rest of the game. ``str(tile)`` follows the
    records' convention: a blank is written in lower case.
    """

    letter: str
    blank: bool = False

    def __str__(self) -> str:
        return self.letter.lower() if self.blank else self.letter


class Board:
    """The tiles on a board with a given layout. Changed only through :class:`~wordboard.crossword.Game`."""

    def __init__(self, layout: BoardLayout):
        self.layout = layout
        self._grid: list[list[Tile | None]] = [[None] * layout.cols for _ in range(layout.rows)]
        self._count = 0

    @property
    def rows(self) -> int:
        return self.layout.rows

    @property
    def cols(self) -> int:
        return self.layout.cols

    def __getitem__(self, square: Square) -> Tile | None:
        row, col = square
        return self._grid[row][col]

    def __len__(self) -> int:
        """The number of tiles on the board."""
        return self._count

    def is_empty(self) -> bool:
        return self._count == 0

    def on_board(self, square: Square) -> bool:
        return self.layout.on_board(*square)

    def occupied(self, square: Square) -> bool:
        return self.on_board(square) and self._grid[square[0]][square[1]] is not None

    def tiles(self) -> Iterator[tuple[Square, Tile]]:
        """Every tile on the board with its square, row by row."""
        for r, row in enumerate(self._grid):
            for c, tile in enumerate(row):
                if tile is not None:
                    yield Square(r, c), tile

    def place(self, square: Square, tile: Tile) -> None:
        row, col = square
        if self._grid[row][col] is not None:
            raise ValueError(f"{square_name(square)} is already taken")
        self._grid[row][col] = tile
        self._count += 1

    def remove(self, square: Square) -> Tile:
        row, col = square
        tile = self._grid[row][col]
        if tile is None:
            raise ValueError(f"{square_name(square)} is empty")
        self._grid[row][col] = None
        self._count -= 1
        return tile

    def copy(self) -> Board:
        other = Board(self.layout)
        other._grid = [row[:] for row in self._grid]
        other._count = self._count
        return other

    def rows_text(self) -> list[str]:
        """Each row as text: a letter per tile (lower case for blanks), ``.`` for an empty square."""
        return ["".join(str(t) if t else "." for t in row) for row in self._grid]

    def render(self, highlight: set[Square] | frozenset[Square] = frozenset()) -> str:
        """The board as text with coordinates; empty premium squares show their code.

        ``=`` triple word, ``-`` double word, ``"`` triple letter, ``'`` double letter, ``*`` centre.
        Runs of squares in ``highlight`` (the last move) are bracketed.
        """
        marks = {"": ".", "DL": "'", "TL": '"', "QL": "^", "DW": "-", "TW": "=", "QW": "#"}
        lines = ["   " + "".join(" " + chr(ord("A") + c) for c in range(self.cols))]
        for r in range(self.rows):
            cells, seps = [], [" "] * (self.cols + 1)
            for c in range(self.cols):
                tile = self._grid[r][c]
                if tile is not None:
                    cells.append(str(tile))
                elif (r, c) == self.layout.centre:
                    cells.append("*")
                else:
                    cells.append(marks[self.layout.premium(r, c)])
            for c in range(self.cols + 1):
                lit, lit_before = (r, c) in highlight, (r, c - 1) in highlight
                if lit != lit_before:
                    seps[c] = "[" if lit else "]"
            text = "".join(sep + cell for sep, cell in zip(seps, cells)) + seps[-1]
            lines.append(f"{r + 1:>3}" + text.rstrip())
        return "\n".join(lines)

    def __str__(self) -> str:
        return "\n".join(self.rows_text())
