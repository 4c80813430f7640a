"""HEXX editions: the board's shape and the tiles in the bag, read from a data file.

The physical game's board size and tile counts are not public, so they live in an edition file
that an owner can write from their box. wordboard ships one stand-in, ``standin`` (the file
``data/standin.edition``), which is wordboard's own guess and says so in its header. The format
is the common data-file format (:mod:`wordboard.datafile`)::

    name: My HEXX box
    [board]
    squares:          # one line per row: '.' square, '+' centre (exactly one), '-' no square
    .....
    ..+..
    .....
    [tiles]
    A: 8              # letter tiles per letter
    hexx: 6           # HEXX tiles

Every problem is reported with the file and line (:class:`~wordboard.errors.DataFileError`).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from string import ascii_uppercase

from wordboard.datafile import DataFile
from wordboard.errors import UserError
from wordboard.hexx.board import Layout

#: Tiles in a hand (the rulebook: "Each player draws 6 tiles from the bag").
HAND_SIZE = 6

#: The name of the edition used when none is given.
DEFAULT_EDITION = "standin"


@dataclass(frozen=True)
class Edition:
    """A HEXX set: its name, board layout, letter tile counts and number of HEXX tiles."""

    name: str
    layout: Layout
    letters: tuple[tuple[str, int], ...]
    hexx_tiles: int
    source: str = "<text>"

    @property
    def letter_counts(self) -> dict[str, int]:
        return dict(self.letters)

    @property
    def tile_count(self) -> int:
        return sum(count for _, count in self.letters) + self.hexx_tiles


def _count(text: str) -> int:
    if not text.isdigit():
        raise ValueError(f"expected a whole number of tiles, got {text!r}")
    value = int(text)
    if value > 999:
        raise ValueError(f"{value} tiles is too many (at most 999)")
    return value


def parse_edition(text: str, path: str | Path = "<text>") -> Edition:
    """Read an edition from the text of an edition file; errors name the file and line."""
    return _edition_from(DataFile(text, path))


def _edition_from(data: DataFile) -> Edition:
    data.check_sections({"board", "tiles"})
    top = data.section("")
    name = top.get("name", required=True)
    top.check_unknown({"name"})

    board = data.section("board")
    rows = board.block("squares")
    board.check_unknown({"squares"})
    first = rows[0]
    for line in rows:
        if len(line.text) != len(first.text):
            raise data.error(line.number, f"row has {len(line.text)} squares, expected "
                                          f"{len(first.text)} like the first row "
                                          f"(line {first.number})")
        bad = next((char for char in line.text if char not in ".+-"), None)
        if bad is not None:
            raise data.error(line.number, f"{bad!r} is not a square: use '.' (square), '+' (the "
                                          f"centre) or '-' (no square)")
    centres = [line for line in rows if "+" in line.text]
    if not centres:
        raise data.error(board.entry("squares").line, "the board has no centre square '+'")
    if len(centres) > 1 or centres[0].text.count("+") > 1:
        second = centres[1] if len(centres) > 1 else centres[0]
        raise data.error(second.number, "a second centre square '+': the board has exactly one")
    if len(rows) > 99 or len(first.text) > 26:
        raise data.error(first.number, "a board has at most 26 columns and 99 rows")
    layout = Layout([line.text for line in rows])

    tiles = data.section("tiles")
    letters = []
    for key, entry in tiles.entries.items():
        if key == "hexx":
            continue
        if len(key) != 1 or key.upper() not in ascii_uppercase:
            raise data.error(entry.line, f"'{entry.key.upper()}' is not a letter A-Z (or 'hexx')")
    for letter in ascii_uppercase:
        count = tiles.get(letter, _count, 0)
        if count:
            letters.append((letter, count))
    hexx = tiles.get("hexx", _count, required=True)
    total = sum(count for _, count in letters) + hexx
    if total < 2 * HAND_SIZE:
        raise data.error(tiles.line, f"only {total} tiles: two hands of {HAND_SIZE} need at "
                                     f"least {2 * HAND_SIZE}")
    return Edition(name=name, layout=layout, letters=tuple(letters), hexx_tiles=hexx,
                   source=data.path)


def load_edition(name_or_path: str | Path = DEFAULT_EDITION) -> Edition:
    """An edition by name (``standin``) or from an edition file's path."""
    text_name = str(name_or_path)
    if "/" not in text_name and "\\" not in text_name and not text_name.endswith(".edition"):
        resource = resources.files("wordboard.hexx") / "data" / f"{text_name}.edition"
        if resource.is_file():
            return parse_edition(resource.read_text(encoding="utf-8"), f"{text_name}.edition")
        if not Path(text_name).exists():
            known = ", ".join(edition_names())
            raise UserError(f"unknown HEXX edition {text_name!r} (known: {known}; or give an "
                            f"edition file's path)")
    return _edition_from(DataFile.read(name_or_path, what="HEXX edition"))


def edition_names() -> list[str]:
    """The editions shipped with wordboard."""
    folder = resources.files("wordboard.hexx") / "data"
    return sorted(item.name[: -len(".edition")] for item in folder.iterdir()
                  if item.name.endswith(".edition"))
