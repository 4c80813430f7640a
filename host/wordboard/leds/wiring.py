"""The wiring map: which LED of the strip lies under which square.

An LED board is one or more panels chained on one data line. Each panel is a grid of LEDs wired
in runs: along its rows or its columns, starting at one corner, every run in the same direction
or alternating (serpentine, the usual flexible matrix). A panel may be mounted rotated and
anywhere on the board; some LEDs of the strip may sit before a panel and under no square
(``skip``). The map must be a bijection between the board's squares and the LEDs that are under
squares: every square has exactly one LED. :class:`Wiring` checks this when it is built.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordboard.rules import square_name

Square = tuple[int, int]

CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right")
RUNS = ("rows", "columns")
ROTATIONS = (0, 90, 180, 270)


class WiringError(ValueError):
    """A wiring map that is not a bijection; ``panel`` is the index of the panel at fault."""

    def __init__(self, message: str, panel: int | None = None):
        super().__init__(message)
        self.panel = panel


@dataclass(frozen=True)
class Panel:
    """A grid of ``rows`` x ``cols`` LEDs (as built, before rotation) placed on the board.

    ``row``/``col``: the board square under the panel's top-left corner as mounted.
    ``start``: the corner (of the panel as built) where the data line comes in.
    ``runs``: the first run goes along the panel's ``rows`` or its ``columns``.
    ``serpentine``: every other run comes back the other way.
    ``rotation``: degrees clockwise the panel is turned as mounted (0, 90, 180, 270).
    ``skip``: LEDs on the chain before this panel that are under no square.
    """

    rows: int
    cols: int
    row: int = 0
    col: int = 0
    start: str = "top-left"
    runs: str = "rows"
    serpentine: bool = True
    rotation: int = 0
    skip: int = 0

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise WiringError("a panel needs at least one row and one column")
        if self.start not in CORNERS:
            raise WiringError(f"start must be one of {', '.join(CORNERS)}")
        if self.runs not in RUNS:
            raise WiringError("runs must be 'rows' or 'columns'")
        if self.rotation not in ROTATIONS:
            raise WiringError("rotation must be 0, 90, 180 or 270")
        if self.skip < 0:
            raise WiringError("skip must be 0 or more")

    @property
    def size(self) -> int:
        return self.rows * self.cols

    @property
    def footprint(self) -> tuple[int, int]:
        """Rows and columns of board it covers as mounted."""
        return (self.cols, self.rows) if self.rotation in (90, 270) else (self.rows, self.cols)

    def local(self, k: int) -> Square:
        """Panel coordinates (as built, top-left origin) of the panel's ``k``-th LED."""
        across = self.runs == "rows"
        run_length = self.cols if across else self.rows
        line, pos = divmod(k, run_length)
        if self.serpentine and line % 2:
            pos = run_length - 1 - pos
        r, c = (line, pos) if across else (pos, line)
        if self.start.startswith("bottom"):
            r = self.rows - 1 - r
        if self.start.endswith("right"):
            c = self.cols - 1 - c
        return r, c

    def mounted(self, local: Square) -> Square:
        """Board square of panel coordinates ``local`` once the panel is rotated and placed."""
        r, c = local
        if self.rotation == 90:
            r, c = c, self.rows - 1 - r
        elif self.rotation == 180:
            r, c = self.rows - 1 - r, self.cols - 1 - c
        elif self.rotation == 270:
            r, c = self.cols - 1 - c, r
        return self.row + r, self.col + c


class Wiring:
    """The map from squares to strip indices for a ``rows`` x ``cols`` board.

    >>> w = Wiring(3, 3, [Panel(3, 3)])
    >>> [w.index((1, c)) for c in range(3)]   # serpentine: the second row runs back
    [5, 4, 3]
    """

    def __init__(self, rows: int, cols: int, panels: list[Panel]):
        if rows < 1 or cols < 1:
            raise WiringError("the board needs at least one row and one column")
        if not panels:
            raise WiringError("the wiring needs at least one panel")
        self.rows, self.cols = rows, cols
        self.panels = tuple(panels)
        self._index: list[int | None] = [None] * (rows * cols)
        self._square: dict[int, Square] = {}
        owner: dict[Square, int] = {}
        n = 0
        for p, panel in enumerate(self.panels):
            n += panel.skip
            fr, fc = panel.footprint
            if panel.row < 0 or panel.col < 0 or panel.row + fr > rows or panel.col + fc > cols:
                raise WiringError(f"panel {p + 1} ({fr} x {fc} as mounted, at row {panel.row + 1}, "
                                  f"column {panel.col + 1}) runs off the {rows} x {cols} board", p)
            for k in range(panel.size):
                square = panel.mounted(panel.local(k))
                if square in owner:
                    raise WiringError(f"panel {p + 1} overlaps panel {owner[square] + 1} at "
                                      f"{square_name(square)}", p)
                owner[square] = p
                self._index[square[0] * cols + square[1]] = n
                self._square[n] = square
                n += 1
        self.length = n
        missing = [(r, c) for r in range(rows) for c in range(cols) if self._index[r * cols + c] is None]
        if missing:
            names = ", ".join(square_name(s) for s in missing[:5]) + (" ..." if len(missing) > 5 else "")
            raise WiringError(f"{len(missing)} square(s) have no LED: {names}")

    def index(self, square: Square) -> int:
        """The strip index of the LED under ``square``."""
        r, c = square
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise IndexError(f"square {square} is off the {self.rows} x {self.cols} board")
        return self._index[r * self.cols + c]  # type: ignore[return-value]

    def square(self, index: int) -> Square | None:
        """The square over LED ``index``, or ``None`` for a skipped LED."""
        if not 0 <= index < self.length:
            raise IndexError(f"LED {index} is off a strip of {self.length}")
        return self._square.get(index)

    def indices(self) -> list[int]:
        """Strip index of every square, row by row (the order of :attr:`Frame.pixels`)."""
        return list(self._index)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        return f"<Wiring {self.rows}x{self.cols}, {len(self.panels)} panel(s), {self.length} LEDs>"


def single_panel(rows: int, cols: int, *, serpentine: bool = True, start: str = "top-left",
                 runs: str = "rows") -> Wiring:
    """The usual board: one matrix the size of the board."""
    return Wiring(rows, cols, [Panel(rows, cols, start=start, runs=runs, serpentine=serpentine)])


