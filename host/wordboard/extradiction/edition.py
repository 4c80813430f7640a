"""An eXtraDICTION edition: the board's stars, Chance squares and zones, and the Chance deck.

The published board (11 x 11) has blank squares, squares with 1-5 stars and Chance squares
(``!``), divided into zones by bold lines; the Chance deck has 18 cards showing stars or rats.
Which square has how many stars, where the Chance squares and zone lines are, and how the
Chance deck splits between stars and rats are not public, so they are data: an owner can
transcribe their own board into an edition file. wordboard ships:

- ``standin``: wordboard's OWN stand-in 11 x 11 layout and Chance deck (the default). It follows
  the rulebook's description (Zone 1 = the centre square, Zone 2 around it, Zone 3 around that,
  four corner zones of 4 squares) but its stars and Chance squares are invented.
- ``worked-example``: a small 9 x 9 layout built so that the rulebook's worked example of Level 3
  scoring comes out exactly (apple 4 x 3 = 12, star touching it 10 + apples 12 = 22, floating
  rat 3). Used by the tests.

File format (see :mod:`wordboard.datafile`)::

    name: My board
    centre: F6                 # optional; default: the middle square of an odd-sized board

    [stars]
    squares:                   # one line per row, one character per square (spaces ignored):
    1 . 2 ! ...                # '.' or '0' no stars, '1'-'5' stars, '!' a Chance square

    [zones]
    squares:                   # one line per row, one letter or digit per square: its zone
    A A 3 3 ...                # (each zone's squares must be connected)

    [chance]
    stars: 1 1 2 2 3           # the star cards of the Chance deck, by number of stars
    rats: 1 2 3                # the rat cards, by number of rats

Squares are named like a chart: column letter then row number, ``A1`` top left, ``F6`` the centre
of an 11 x 11 board.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from wordboard.datafile import DataFile, Line, Section
from wordboard.errors import UserError
from wordboard.rules import Square, square_name

CHANCE = "!"
MAX_STARS = 5
#: Column letters: square names are a column letter and a row number (A1 top left).
COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_SQUARE_NAME = re.compile(r"^([A-Za-z])(\d{1,2})$")

#: The editions shipped in ``data/``, by name.
BUILTIN_EDITIONS = {
    "standin": "standin.edition",
    "worked-example": "worked-example.edition",
}
DEFAULT_EDITION = "standin"


def parse_square(text: str, rows: int = 26, columns: int = 26) -> Square:
    """``"F6"`` -> ``Square(5, 5)``; ``ValueError`` saying what is wrong for anything else."""
    match = _SQUARE_NAME.match(text.strip())
    if not match:
        raise ValueError(f"{text.strip()!r} is not a square: write a column letter and a row "
                         f"number, like F6")
    col = COLUMN_LETTERS.index(match.group(1).upper())
    row = int(match.group(2)) - 1
    if not (0 <= col < columns and 0 <= row < rows):
        raise ValueError(f"{text.strip().upper()} is off the board (columns A-{COLUMN_LETTERS[columns - 1]}, "
                         f"rows 1-{rows})")
    return Square(row, col)


@dataclass(frozen=True)
class ChanceCard:
    """A Chance card: ``stars`` the player keeps, or ``rats``: stars the player must return."""

    stars: int = 0
    rats: int = 0

    def __post_init__(self) -> None:
        if (self.stars > 0) == (self.rats > 0) or self.stars < 0 or self.rats < 0:
            raise ValueError("a Chance card shows either stars or rats, at least one")

    @property
    def is_rat(self) -> bool:
        return self.rats > 0

    def __str__(self) -> str:
        if self.is_rat:
            return f"{self.rats} rat{'s' if self.rats != 1 else ''}"
        return f"{self.stars} star{'s' if self.stars != 1 else ''}"


@dataclass(frozen=True)
class Edition:
    """A board layout and a Chance deck.

    ``stars[r][c]`` is the number of stars on a square (0 for blank and Chance squares),
    ``chance`` the set of Chance squares, ``zones[r][c]`` the zone label of each square.
    """

    name: str
    stars: tuple[tuple[int, ...], ...]
    chance: frozenset[Square]
    zones: tuple[tuple[str, ...], ...]
    centre: Square
    chance_cards: tuple[ChanceCard, ...]
    stand_in: bool = False

    @property
    def rows(self) -> int:
        return len(self.stars)

    @property
    def columns(self) -> int:
        return len(self.stars[0])

    def squares(self) -> Iterator[Square]:
        """Every square, row by row."""
        return (Square(r, c) for r in range(self.rows) for c in range(self.columns))

    def on_board(self, square: Square) -> bool:
        r, c = square
        return 0 <= r < self.rows and 0 <= c < self.columns

    def stars_on(self, square: Square) -> int:
        return self.stars[square[0]][square[1]]

    def is_chance(self, square: Square) -> bool:
        return square in self.chance

    def zone_of(self, square: Square) -> str:
        return self.zones[square[0]][square[1]]

    def zones_of(self, squares: Iterable[Square]) -> set[str]:
        """The distinct zones that a set of squares occupies."""
        return {self.zone_of(s) for s in squares}

    def parse_square(self, text: str) -> Square:
        return parse_square(text, self.rows, self.columns)


def load_edition(name_or_path: str | Path = DEFAULT_EDITION) -> Edition:
    """A shipped edition by name (``standin``, ``worked-example``) or an owner's file by path."""
    text_name = str(name_or_path)
    if text_name in BUILTIN_EDITIONS:
        ref = resources.files("wordboard.extradiction").joinpath("data").joinpath(BUILTIN_EDITIONS[text_name])
        return parse_edition(ref.read_text(encoding="utf-8"), f"{text_name} (built in)")
    path = Path(text_name)
    if not path.suffix and not path.exists():
        raise UserError(f"unknown eXtraDICTION edition {text_name!r}: use one of "
                        f"{', '.join(BUILTIN_EDITIONS)} or the path of an edition file")
    data = DataFile.read(path, what="eXtraDICTION edition")
    return _edition_from(data)


def parse_edition(text: str, path: str = "<text>") -> Edition:
    """An edition from the text of an edition file (``path`` is only for error messages)."""
    return _edition_from(DataFile(text, path))


def _grid(data: DataFile, section: Section, what: str) -> list[tuple[Line, str]]:
    lines = section.block("squares")
    grid = [(line, "".join(line.text.split())) for line in lines]
    width = len(grid[0][1])
    for line, row in grid:
        if len(row) != width:
            raise data.error(line.number, f"{what} row has {len(row)} squares, expected {width} "
                                          f"like the first row")
    return grid


def _edition_from(data: DataFile) -> Edition:
    data.check_sections({"stars", "zones", "chance"})
    top = data.section("")
    name = top.get("name", default="unnamed board")
    stand_in = top.get("stand-in", _yes_no, default=False)

    star_section = data.section("stars")
    star_grid = _grid(data, star_section, "stars")
    stars: list[tuple[int, ...]] = []
    chance: set[Square] = set()
    for r, (line, row) in enumerate(star_grid):
        values = []
        for c, ch in enumerate(row):
            if ch == CHANCE:
                chance.add(Square(r, c))
                values.append(0)
            elif ch == ".":
                values.append(0)
            elif ch.isdigit() and int(ch) <= MAX_STARS:
                values.append(int(ch))
            else:
                raise data.error(line.number, f"square {square_name((r, c))}: {ch!r} is not a star "
                                              f"count: use '.' or 0-{MAX_STARS}, or '!' for Chance")
        stars.append(tuple(values))
    star_section.check_unknown()
    rows, columns = len(stars), len(stars[0])
    if rows > 26 or columns > 26:
        raise data.error(star_section.line, f"a board of {rows} x {columns} squares is too big "
                                            f"(26 x 26 at most)")

    zone_section = data.section("zones")
    zone_grid = _grid(data, zone_section, "zones")
    if len(zone_grid) != rows or len(zone_grid[0][1]) != columns:
        raise data.error(zone_section.line, f"the zones grid is {len(zone_grid)} x "
                                            f"{len(zone_grid[0][1])}, the stars grid {rows} x {columns}")
    zones: list[tuple[str, ...]] = []
    first_line: dict[str, int] = {}
    for r, (line, row) in enumerate(zone_grid):
        for c, ch in enumerate(row):
            if not ch.isalnum():
                raise data.error(line.number, f"square {square_name((r, c))}: zone {ch!r} must be "
                                              f"a letter or a digit")
            first_line.setdefault(ch, line.number)
        zones.append(tuple(row))
    zone_section.check_unknown()
    for label, number in first_line.items():
        if not _connected([Square(r, c) for r in range(rows) for c in range(columns) if zones[r][c] == label]):
            raise data.error(number, f"zone {label!r} is in pieces: a zone's squares must be connected")

    if "centre" in top:
        try:
            centre = parse_square(top.get("centre", required=True), rows, columns)
        except ValueError as exc:
            raise data.error(top.entry("centre").line, f"centre: {exc}") from None
    elif rows % 2 and columns % 2:
        centre = Square(rows // 2, columns // 2)
    else:
        raise data.error(None, f"a {rows} x {columns} board has no middle square: give 'centre: '")

    chance_section = data.section("chance")
    cards: list[ChanceCard] = []
    makers: tuple[tuple[str, Callable[[int], ChanceCard]], ...] = (
        ("stars", lambda n: ChanceCard(stars=n)), ("rats", lambda n: ChanceCard(rats=n)))
    for key, make in makers:
        for n in chance_section.get(key, _counts, default=[]):
            cards.append(make(n))
    chance_section.check_unknown()
    top.check_unknown()
    return Edition(name=name, stars=tuple(stars), chance=frozenset(chance), zones=tuple(zones),
                   centre=centre, chance_cards=tuple(cards), stand_in=bool(stand_in))


def _yes_no(text: str) -> bool:
    if text.lower() in ("yes", "true"):
        return True
    if text.lower() in ("no", "false"):
        return False
    raise ValueError(f"expected yes or no, got {text!r}")


def _counts(text: str) -> list[int]:
    values = []
    for token in text.split():
        if not token.isdigit() or not 1 <= int(token) <= 99:
            raise ValueError(f"{token!r} is not a card value (a whole number from 1 to 99)")
        values.append(int(token))
    return values


def _connected(squares: list[Square]) -> bool:
    if not squares:
        return True
    todo, seen, members = [squares[0]], {squares[0]}, set(squares)
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in members and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(members)
