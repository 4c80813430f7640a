"""Where a word list comes from: a system list name or a file, resolved to the files to read.

System lists are the ones Debian and Raspberry Pi OS ship under ``/usr/share/dict`` (installed by
the set-up, never downloaded):

``wamerican``
    ``american-english`` from the Debian package wamerican.
``wbritish``
    ``british-english`` from the Debian package wbritish.
``scowl:SIZE[:SPELLING[:VARIANTS]]``
    SCOWL from the Debian package scowl: the English and SPELLING word lists of every size up to
    SIZE (10, 20, 35, 40, 50, 55, 60, 70, 80, 95; 60 is a spell checker's usual list, 80 adds
    rarer words, 95 has very obscure ones). SPELLING is ``american`` (the default), ``british``,
    ``british_z`` (British with -ize), ``canadian`` or ``australian``. VARIANTS 0-3 (default 0)
    adds spelling variants of that level (1: almost equal, 2: generally acceptable, 3: seldom used).
    Only the word categories are read, never the proper-name, abbreviation or contraction ones.

``wordgame``
    Shipped with wordboard: a word list made for word games (the npm package word-list, MIT
    licence, with wordboard's reviewed addendum; see ``dictionary/data/README.md``). The default
    of the crossword games and HEXX.

Anything else is a path to a plain text file, one word per line (``.gz``: compressed).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from wordboard.errors import UserError

__all__ = [
    "SYSTEM_DICT_DIR",
    "SYSTEM_LISTS",
    "SCOWL_SIZES",
    "WORDGAME",
    "SCOWL_SPELLINGS",
    "SystemList",
    "WordListSource",
    "resolve_source",
    "decode_word_list",
    "available_system_lists",
]

#: Where Debian installs word lists (the Filesystem Hierarchy Standard's place for them).
SYSTEM_DICT_DIR = Path("/usr/share/dict")

#: The word list shipped inside the package (no install step, no network).
WORDGAME = "wordgame"
WORDGAME_FILES = ("word-list.txt.gz", "wordgame-addendum.txt")
SHIPPED_DIR = Path(__file__).resolve().parent / "data"

SCOWL_SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)
SCOWL_SPELLINGS = ("american", "british", "british_z", "canadian", "australian")
SCOWL_MAX_VARIANT = 3


@dataclass(frozen=True)
class SystemList:
    """A word list Debian ships: its name, the Debian package and what it is."""

    name: str
    package: str
    description: str
    relative_path: str  # file (or folder, for scowl) under the system dictionary folder


#: The system word lists by name. ``scowl`` takes a size: ``scowl:70``, ``scowl:80:british``.
SYSTEM_LISTS: Mapping[str, SystemList] = {
    "wamerican": SystemList(
        "wamerican", "wamerican", "American English (about 64,000 words after the word rules)",
        "american-english"),
    "wbritish": SystemList(
        "wbritish", "wbritish", "British English (about 64,000 words after the word rules)",
        "british-english"),
    "scowl": SystemList(
        "scowl", "scowl",
        "SCOWL word lists by size: scowl:SIZE[:SPELLING[:VARIANTS]], e.g. scowl:70, scowl:80:british",
        "scowl"),
}

_SCOWL_SPEC = re.compile(r"scowl(?::(?P<size>[^:]*))?(?::(?P<spelling>[^:]*))?(?::(?P<variants>[^:]*))?")


@dataclass(frozen=True)
class WordListSource:
    """A resolved word list: a display name, a normalised spec and the files to read in order."""

    name: str  # what the user asked for, normalised ("scowl:70:american:0", or the file path)
    paths: tuple[Path, ...]
    system: bool  # True for a system list, False for the owner's own file


def _valid_names_text() -> str:
    sizes = ",".join(str(s) for s in SCOWL_SIZES)
    return (f"valid names: wordgame, wamerican, wbritish, scowl:SIZE[:SPELLING[:VARIANTS]] "
            f"(SIZE {sizes}; SPELLING {', '.join(SCOWL_SPELLINGS)}; VARIANTS 0-3), "
            f"or the path of a word-list file")


def _scowl_categories(spelling: str, variants: int) -> list[str]:
    categories = ["english", spelling]
    variant_prefix = "" if spelling == "american" else (
        "british_" if spelling == "british_z" else f"{spelling}_")
    for level in range(1, variants + 1):
        # Only American has a level-3 category of its own; the others share "variant_3".
        prefix = variant_prefix if level < 3 else ""
        categories.append(f"{prefix}variant_{level}")
    return categories


def _scowl_source(spec: str, dict_dir: Path) -> WordListSource:
    match = _SCOWL_SPEC.fullmatch(spec)
    if match is None:
        raise UserError(f"unknown word list {spec!r}: {_valid_names_text()}")
    size_text = match["size"]
    spelling = (match["spelling"] or "american").lower()
    variants_text = match["variants"] or "0"
    if not size_text:
        raise UserError(f"word list {spec!r} needs a size, e.g. scowl:70; {_valid_names_text()}")
    if not size_text.isdigit() or int(size_text) not in SCOWL_SIZES:
        raise UserError(f"word list {spec!r}: SCOWL size must be one of "
                        f"{', '.join(str(s) for s in SCOWL_SIZES)}")
    if spelling not in SCOWL_SPELLINGS:
        raise UserError(f"word list {spec!r}: SCOWL spelling must be one of {', '.join(SCOWL_SPELLINGS)}")
    if not variants_text.isdigit() or int(variants_text) > SCOWL_MAX_VARIANT:
        raise UserError(f"word list {spec!r}: SCOWL variants must be 0, 1, 2 or 3")
    size, variants = int(size_text), int(variants_text)
    folder = dict_dir / SYSTEM_LISTS["scowl"].relative_path
    if not folder.is_dir():
        raise UserError(f"word list {spec!r}: SCOWL is not installed (no folder {folder}); "
                        f"install the Debian package scowl")
    paths = []
    for category in _scowl_categories(spelling, variants):
        for level in SCOWL_SIZES:
            if level <= size:
                path = folder / f"{category}-words.{level}"
                if path.is_file():
                    paths.append(path)
    if not paths:
        raise UserError(f"word list {spec!r}: no SCOWL word files found in {folder}")
    return WordListSource(f"scowl:{size}:{spelling}:{variants}", tuple(paths), True)


def resolve_source(list_name: str | os.PathLike[str], dict_dir: Path | None = None) -> WordListSource:
    """Resolve a list name or file path to the files to read.

    A ``Path`` (or any path-like object) is always a file. A string is a system list name when it
    is one (``wamerican``, ``wbritish``, ``scowl:...``), otherwise a file path. An unknown name or a
    missing file raises ``UserError`` naming it and listing the valid names.
    """
    dict_dir = SYSTEM_DICT_DIR if dict_dir is None else dict_dir
    if isinstance(list_name, str):
        name = list_name.strip()
        lowered = name.lower()
        if lowered == WORDGAME:
            return WordListSource(WORDGAME, tuple(SHIPPED_DIR / f for f in WORDGAME_FILES), True)
        if lowered in ("wamerican", "wbritish"):
            system = SYSTEM_LISTS[lowered]
            path = dict_dir / system.relative_path
            if not path.is_file():
                raise UserError(f"word list {name!r} is not installed (no file {path}); "
                                f"install the Debian package {system.package}")
            return WordListSource(lowered, (path,), True)
        if lowered == "scowl" or lowered.startswith("scowl:"):
            return _scowl_source(lowered, dict_dir)
        if not name:
            raise UserError(f"no word list given: {_valid_names_text()}")
        path = Path(name).expanduser()
    elif isinstance(list_name, os.PathLike):
        path = Path(list_name).expanduser()
    else:
        raise TypeError(f"a word list is a name or a path, not {type(list_name).__name__}")
    if path.is_dir():
        raise UserError(f"word list {str(path)!r} is a folder, not a file; {_valid_names_text()}")
    if not path.is_file():
        raise UserError(f"no word list {str(path)!r}: no such file, and not a system list; "
                        f"{_valid_names_text()}")
    return WordListSource(str(path), (path,), False)


def decode_word_list(data: bytes) -> str:
    """Decode a word-list file: UTF-8 (with or without a byte-order mark), else Latin-1.

    Latin-1 can decode any bytes, so this never fails; line endings are left to the caller
    (``str.splitlines`` handles LF, CRLF and CR).
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return text.lstrip("\ufeff")


def available_system_lists(dict_dir: Path | None = None) -> list[tuple[str, str, int, int]]:
    """The system lists installed on this machine: (name, description, file count, bytes).

    SCOWL is listed once per size, in American spelling without variants.
    """
    dict_dir = SYSTEM_DICT_DIR if dict_dir is None else dict_dir
    found = [(WORDGAME, "a word list made for word games, shipped with wordboard (the crossword "
              "games' and HEXX's default)", len(WORDGAME_FILES),
              sum((SHIPPED_DIR / f).stat().st_size for f in WORDGAME_FILES))]
    for name in ("wamerican", "wbritish"):
        path = dict_dir / SYSTEM_LISTS[name].relative_path
        if path.is_file():
            found.append((name, SYSTEM_LISTS[name].description, 1, path.stat().st_size))
    if (dict_dir / "scowl").is_dir():
        for size in SCOWL_SIZES:
            try:
                source = _scowl_source(f"scowl:{size}", dict_dir)
            except UserError:
                continue
            total = sum(p.stat().st_size for p in source.paths)
            found.append((f"scowl:{size}", f"SCOWL English + American words up to size {size}",
                          len(source.paths), total))
    return found
