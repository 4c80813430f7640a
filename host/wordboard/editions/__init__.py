"""Editions of the crossword games: a board layout and a tile set, read from a data file.

An edition file (see ``data/lexulous.edition``) has a ``[board]`` section (size, premium squares,
first-move rule) and a ``[tiles]`` section (letters, counts, points, blanks, rack size, bingo
bonuses, how scoreless turns end the game, how unplayed tiles are settled). wordboard ships
``lexulous`` and ``scrabble``; an owner can point at their own file instead of a name.

Every problem in a file is reported as one line naming the file, the line and the problem.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import MappingProxyType

from wordboard.datafile import DataFile, Section
from wordboard.errors import UserError

BLANK = "?"

#: Square codes in a board grid, and what they mean.
SQUARE_CODES: Mapping[str, str] = MappingProxyType({
    ".": "",      # plain
    "d": "DL",    # double letter
    "t": "TL",    # triple letter
    "q": "QL",    # quadruple letter (some editions)
    "D": "DW",    # double word
    "T": "TW",    # triple word
    "Q": "QW",    # quadruple word (some editions)
    "*": "DW",    # the centre star: a double word square
})
LETTER_MULTIPLIER = {"DL": 2, "TL": 3, "QL": 4}
WORD_MULTIPLIER = {"DW": 2, "TW": 3, "QW": 4}

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class BoardLayout:
    """The squares of a board: size, premiums, centre and the first-move rule."""

    rows: int
    cols: int
    squares: tuple[str, ...]  # one string per row, one code per square (see SQUARE_CODES)
    centre: tuple[int, int]
    first_move_tiles: int

    def premium(self, row: int, col: int) -> str:
        """``""``, ``"DL"``, ``"TL"``, ``"DW"`` or ``"TW"`` (or ``QL``/``QW``) for a square."""
        return SQUARE_CODES[self.squares[row][col]]

    def letter_multiplier(self, row: int, col: int) -> int:
        return LETTER_MULTIPLIER.get(self.premium(row, col), 1)

    def word_multiplier(self, row: int, col: int) -> int:
        return WORD_MULTIPLIER.get(self.premium(row, col), 1)

    def on_board(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col < self.cols


@dataclass(frozen=True)
class TileSet:
    """The tiles and the end-of-game rules that depend on them."""

    counts: Mapping[str, int]  # letter (or BLANK) -> number of tiles
    points: Mapping[str, int]  # letter (or BLANK) -> points
    rack_size: int
    bingo: Mapping[int, int]  # tiles played in one turn -> bonus
    scoreless_end_turns: int | None  # consecutive scoreless turns that end the game...
    scoreless_end_rounds: int | None  # ...or the same counted in rounds (times players)
    scoreless_end_turns_empty_bag: int | None
    scoreless_end_rounds_empty_bag: int | None
    going_out_multiplier: int  # the player who goes out gains this times the others' racks
    others_lose_own_rack: bool  # when someone goes out, the others lose their own rack's value
    tie_break_before_adjustments: bool  # ties go to the higher score before rack adjustments
    exchange_min_bag: int | None  # None: the bag must hold at least as many tiles as are swapped
    # With three or four players (a settlement of its own; by default the same as two players').
    multiplayer_going_out_multiplier: int | None = None
    multiplayer_others_lose_own_rack: bool | None = None

    def settlement(self, players: int) -> tuple[int, bool]:
        """(going-out multiplier, whether the others lose their own racks) for ``players``."""
        if players > 2:
            return (self.going_out_multiplier if self.multiplayer_going_out_multiplier is None
                    else self.multiplayer_going_out_multiplier,
                    self.others_lose_own_rack if self.multiplayer_others_lose_own_rack is None
                    else self.multiplayer_others_lose_own_rack)
        return self.going_out_multiplier, self.others_lose_own_rack

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def letters(self) -> str:
        """Every tile of the set as one string (``?`` for blanks), in alphabetical order."""
        return "".join(letter * count for letter, count in sorted(self.counts.items()))

    def value(self, letter: str) -> int:
        """Points of a tile: ``?`` or a lower-case letter (a blank) is worth the blank's points."""
        if letter == BLANK or letter.islower():
            return self.points.get(BLANK, 0)
        return self.points[letter]

    def rack_value(self, tiles: str) -> int:
        return sum(self.value(t) for t in tiles)

    def scoreless_turns_to_end(self, players: int, bag_empty: bool) -> int:
        """How many consecutive scoreless turns end a game of ``players`` players."""
        if bag_empty and (self.scoreless_end_turns_empty_bag or self.scoreless_end_rounds_empty_bag):
            turns, rounds = self.scoreless_end_turns_empty_bag, self.scoreless_end_rounds_empty_bag
        else:
            turns, rounds = self.scoreless_end_turns, self.scoreless_end_rounds
        if turns is not None:
            return turns
        assert rounds is not None, "a scoreless end is given in turns or in rounds"
        return rounds * players


@dataclass(frozen=True)
class Edition:
    """A board layout and a tile set, with the name and file they came from."""

    name: str
    description: str
    board: BoardLayout
    tiles: TileSet
    source: str


def edition_names() -> list[str]:
    """Names of the editions shipped with wordboard."""
    folder = resources.files("wordboard.editions") / "data"
    return sorted(p.name[: -len(".edition")] for p in folder.iterdir() if p.name.endswith(".edition"))


def load_edition(name_or_path: str | Path) -> Edition:
    """Load a shipped edition by name (``lexulous``, ``scrabble``) or an owner's file by path."""
    text = str(name_or_path)
    if text.lower() in edition_names():
        path = resources.files("wordboard.editions") / "data" / f"{text.lower()}.edition"
        with resources.as_file(path) as real:
            return parse_edition(DataFile.read(real, what="edition"), source=f"{text.lower()}.edition")
    path = Path(text)
    if not path.exists() and path.suffix == "" and "/" not in text:
        raise UserError(f"unknown edition {text!r}: choose one of {', '.join(edition_names())} "
                        "or give the path of an edition file")
    return parse_edition(DataFile.read(path, what="edition file"))


def parse_edition(data: DataFile, source: str | None = None) -> Edition:
    """Build an :class:`Edition` from a parsed file, checking every value."""
    data.check_sections({"board", "tiles"})
    top = data.section("")
    name = top.get("name", required=True)
    description = top.get("description", default="") or ""
    top.check_unknown({"name", "description"})
    board = _parse_board(data.section("board"))
    tiles = _parse_tiles(data.section("tiles"), data)
    return Edition(name, description, board, tiles, source or data.path)


def _parse_board(section: Section) -> BoardLayout:
    rows, cols = section.get("size", _parse_size, required=True)
    grid = section.block("squares")
    if len(grid) != rows:
        raise section.source.error(grid[min(rows, len(grid) - 1)].number,
                                   f"squares: {len(grid)} rows, but size says {rows}")
    squares = []
    stars = []
    for r, line in enumerate(grid):
        row = line.text.replace(" ", "")
        if len(row) != cols:
            raise section.source.error(line.number, f"row {r + 1} has {len(row)} squares, expected {cols}")
        for c, code in enumerate(row):
            if code not in SQUARE_CODES:
                raise section.source.error(
                    line.number, f"unknown square code {code!r} in row {r + 1}, column {c + 1} "
                                 f"(known: {' '.join(SQUARE_CODES)})")
            if code == "*":
                stars.append((r, c))
        squares.append(row)
    first_line = grid[0].number
    if len(stars) > 1:
        raise section.source.error(first_line, f"{len(stars)} centre squares '*', expected one")
    if "centre" in section:
        centre = section.get("centre", lambda v: _parse_square(v, rows, cols), required=True)
    elif stars:
        centre = stars[0]
    elif rows % 2 and cols % 2:
        centre = (rows // 2, cols // 2)
    else:
        raise section.source.error(first_line, "no centre square: mark it '*' or give 'centre:'")
    first_move_tiles = section.get("first-move-tiles", _parse_count, default=1)
    if first_move_tiles < 1:
        raise section.source.error(section.entry("first-move-tiles").line,
                                   "first-move-tiles: must be at least 1")
    section.check_unknown({"size", "squares", "centre", "first-move-tiles"})
    return BoardLayout(rows, cols, tuple(squares), centre, first_move_tiles)


def _parse_tiles(section: Section, data: DataFile) -> TileSet:
    counts: dict[str, int] = {}
    points: dict[str, int] = {}
    for line in section.block("letters"):
        parts = line.text.split()
        if len(parts) != 3:
            raise data.error(line.number, f"expected 'LETTER COUNT POINTS', got {line.text!r}")
        letter, count, value = parts
        letter = letter.upper()
        if letter != BLANK and (len(letter) != 1 or letter not in _ALPHABET):
            raise data.error(line.number, f"unknown tile {parts[0]!r}: a letter A-Z or '?' for a blank")
        if letter in counts:
            raise data.error(line.number, f"tile {letter} listed twice")
        try:
            counts[letter] = _parse_count(count)
            points[letter] = _parse_count(value)
        except ValueError as exc:
            raise data.error(line.number, f"tile {letter}: {exc}") from None
    rack = section.get("rack", _parse_count, required=True)
    if rack < 1:
        raise data.error(section.entry("rack").line, "rack: must hold at least one tile")
    total = sum(counts.values())
    if "total-tiles" in section:
        stated = section.get("total-tiles", _parse_count)
        if stated != total:
            raise data.error(section.entry("total-tiles").line,
                             f"total-tiles says {stated}, but the letters add up to {total}")
    bingo = section.get("bingo", _parse_bingo, default={})
    for tiles_played in bingo:
        if tiles_played > rack:
            raise data.error(section.entry("bingo").line,
                             f"bingo for {tiles_played} tiles, but the rack holds {rack}")
    turns, rounds = section.get("scoreless-end", _parse_turns, required=True)
    turns_empty, rounds_empty = section.get("scoreless-end-empty-bag", _parse_turns, default=(None, None))
    bonus = section.get("going-out-bonus", _parse_multiplier, default=1)
    others_lose = section.get("others-lose-own-rack", _parse_yes_no, default=True)
    tie_break = section.get("tie-break", _parse_tie_break, default=False)
    exchange = section.get("exchange-needs-bag", _parse_exchange, default=None)
    bonus_multi = section.get("going-out-bonus-3-4-players", _parse_multiplier, default=None)
    others_lose_multi = section.get("others-lose-own-rack-3-4-players", _parse_yes_no, default=None)
    section.check_unknown({"rack", "bingo", "letters", "total-tiles", "scoreless-end",
                           "scoreless-end-empty-bag", "going-out-bonus", "others-lose-own-rack",
                           "tie-break", "exchange-needs-bag", "going-out-bonus-3-4-players",
                           "others-lose-own-rack-3-4-players"})
    return TileSet(MappingProxyType(counts), MappingProxyType(points), rack, MappingProxyType(bingo),
                   turns, rounds, turns_empty, rounds_empty, bonus, others_lose, tie_break, exchange,
                   bonus_multi, others_lose_multi)


# Value converters: each raises ValueError with a message that ends up on the file's line.

def _parse_count(text: str) -> int:
    if not re.fullmatch(r"\d+", text.strip()):
        raise ValueError(f"expected a whole number, got {text!r}")
    return int(text)


def _parse_size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
    if not match:
        raise ValueError(f"expected ROWS x COLUMNS, got {text!r}")
    rows, cols = int(match.group(1)), int(match.group(2))
    if not (2 <= rows <= 99 and 2 <= cols <= 26):
        raise ValueError("a board has 2-99 rows and 2-26 columns")
    return rows, cols


def _parse_square(text: str, rows: int, cols: int) -> tuple[int, int]:
    match = re.fullmatch(r"\s*([A-Za-z])(\d+)\s*", text)
    if not match:
        raise ValueError(f"expected a square like H8, got {text!r}")
    col, row = ord(match.group(1).upper()) - ord("A"), int(match.group(2)) - 1
    if not (0 <= row < rows and 0 <= col < cols):
        raise ValueError(f"{text.strip()} is not on a {rows} x {cols} board")
    return row, col


def _parse_bingo(text: str) -> dict[int, int]:
    bonus = {}
    for part in text.replace(",", " ").split():
        match = re.fullmatch(r"(\d+)=(\d+)", part)
        if not match:
            raise ValueError(f"expected TILES=BONUS pairs like '7=50', got {part!r}")
        bonus[int(match.group(1))] = int(match.group(2))
    return bonus


def _parse_turns(text: str) -> tuple[int | None, int | None]:
    match = re.fullmatch(r"\s*(\d+)\s+(turns?|rounds?)\s*", text)
    if not match or int(match.group(1)) < 1:
        raise ValueError(f"expected 'N turns' or 'N rounds' (N at least 1), got {text!r}")
    n = int(match.group(1))
    return (n, None) if match.group(2).startswith("turn") else (None, n)


def _parse_multiplier(text: str) -> int:
    match = re.fullmatch(r"\s*(\d+)\s*[xX]\s*", text)
    if not match:
        raise ValueError(f"expected a multiplier like 1x or 2x, got {text!r}")
    return int(match.group(1))


def _parse_yes_no(text: str) -> bool:
    value = text.strip().lower()
    if value not in ("yes", "no"):
        raise ValueError(f"expected yes or no, got {text!r}")
    return value == "yes"


def _parse_tie_break(text: str) -> bool:
    value = text.strip().lower()
    if value not in ("none", "score-before-adjustments"):
        raise ValueError(f"expected 'none' or 'score-before-adjustments', got {text!r}")
    return value == "score-before-adjustments"


def _parse_exchange(text: str) -> int | None:
    value = text.strip().lower()
    if value == "swapped":
        return None
    if not re.fullmatch(r"\d+", value):
        raise ValueError(f"expected 'swapped' (as many tiles as are swapped) or a whole number, got {text.strip()!r}")
    return int(value)
