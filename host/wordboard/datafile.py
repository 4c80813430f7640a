"""The line format of wordboard's data files: editions, layouts, card sets.

Owners write these files by hand, so the format is small and every problem is reported as one
line naming the file, the line and what is wrong (:class:`~wordboard.errors.DataFileError`).

::

    # A comment: a line whose first non-blank character is '#'.
    name: Lexulous            # key: value (a trailing ' # comment' is dropped)

    [board]                   # a section; keys before the first section are in the top section ""
    size: 15 x 15
    squares:                  # a key with no value starts a block: the lines that follow, up to
    T..d...T...d..T           # a blank line, the next section or the end of the file
    ..D...d.d...D..

Keys are case-insensitive and may contain letters, digits, ``-`` and ``_``. A key given twice in a
section is an error. Block lines keep their text (stripped of surrounding white space and of a
trailing comment) so grids may use any characters except ``#``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, TypeVar, overload

from wordboard.errors import DataFileError
from wordboard.userfiles import MIB, read_text

T = TypeVar("T")
D = TypeVar("D")

#: The largest data file read: an edition, a card set or a saved game is a few KiB by hand.
MAX_DATA_FILE_BYTES = 4 * MIB

_SECTION = re.compile(r"^\[\s*([A-Za-z0-9_.\- ]+?)\s*\]$")
_KEY = re.compile(r"^([A-Za-z][A-Za-z0-9_\-]*)\s*:\s*(.*)$")


@dataclass(frozen=True)
class Line:
    """One meaningful line of a data file: its 1-based number and its text."""

    number: int
    text: str


@dataclass
class Entry:
    """``key: value``, or ``key:`` followed by a block of lines."""

    key: str
    value: str
    line: int
    block: list[Line] = field(default_factory=list)


@dataclass
class Section:
    """The entries under one ``[name]`` header (``""`` for those before any header)."""

    name: str
    line: int
    source: DataFile
    entries: dict[str, Entry] = field(default_factory=dict)
    _used: set[str] = field(default_factory=set)

    def __contains__(self, key: str) -> bool:
        return key.lower() in self.entries

    def entry(self, key: str) -> Entry:
        """The entry for ``key``; a missing key is an error naming the section."""
        key = key.lower()
        if key not in self.entries:
            where = f"section [{self.name}]" if self.name else "the file"
            raise self.source.error(self.line if self.name else None, f"{where} has no '{key}:' entry")
        self._used.add(key)
        return self.entries[key]

    # The value's type (``T`` is what ``convert`` returns, ``str`` without it): ``T`` when the key
    # is required, ``T`` or the default's type with a default, else ``T | None``.
    @overload
    def get(self, key: str, *, required: Literal[True]) -> str: ...
    @overload
    def get(self, key: str, *, default: str, required: bool = False) -> str: ...
    @overload
    def get(self, key: str, *, default: None = None, required: bool = False) -> str | None: ...
    @overload
    def get(self, key: str, convert: Callable[[str], T], default: None = None,
            *, required: Literal[True]) -> T: ...
    @overload
    def get(self, key: str, convert: Callable[[str], T], default: D, *, required: bool = False) -> T | D: ...
    @overload
    def get(self, key: str, convert: Callable[[str], T], default: None = None,
            *, required: bool = False) -> T | None: ...

    def get(self, key: str, convert: Callable[[str], object] = str, default: object = None,
            *, required: bool = False) -> object:
        """The value of ``key`` converted by ``convert``; ``default`` if the key is missing (an
        error if ``required``).

        ``convert`` may raise ``ValueError`` with a message; it is reported on the entry's line.
        """
        if key.lower() not in self.entries:
            if required:
                self.entry(key)
            return default
        entry = self.entry(key)
        try:
            return convert(entry.value)
        except ValueError as exc:
            raise self.source.error(entry.line, f"{entry.key}: {exc}") from None

    def block(self, key: str, *, required: bool = True) -> list[Line]:
        """The block of lines under ``key:``; an empty or missing block is an error if required."""
        if key.lower() not in self.entries and not required:
            return []
        entry = self.entry(key)
        if entry.value:
            raise self.source.error(entry.line, f"{entry.key}: expected the lines below, not a value")
        if required and not entry.block:
            raise self.source.error(entry.line, f"{entry.key}: no lines follow")
        return entry.block

    def check_unknown(self, allowed: set[str] | None = None) -> None:
        """Fail on the first key that was never read (or is not in ``allowed``): catches typos."""
        for key, entry in self.entries.items():
            if (allowed is not None and key not in allowed) or (allowed is None and key not in self._used):
                where = f"[{self.name}]" if self.name else "this file"
                raise self.source.error(entry.line, f"unknown key '{entry.key}' in {where}")


class DataFile:
    """A parsed data file: its sections in order, with errors that point at lines."""

    def __init__(self, text: str, path: str | Path = "<text>"):
        self.path = str(path)
        self.sections: dict[str, Section] = {}
        self._key_in_block: dict[int, str] = {}  # line -> block it was swallowed by (for hints)
        self._parse(text)

    @classmethod
    def read(cls, path: str | Path, *, what: str = "data file") -> DataFile:
        """Read ``path`` (UTF-8, BOM and CRLF tolerated); a missing file, a folder, a pipe or device,
        or one over :data:`MAX_DATA_FILE_BYTES` is a :class:`UserError`."""
        path = Path(path)
        return cls(read_text(path, what=what, limit=MAX_DATA_FILE_BYTES), path)

    def error(self, line: int | None, problem: str) -> DataFileError:
        """An error to raise: ``file:line: problem``."""
        if line in self._key_in_block:
            problem += (f" (this line was read as part of the '{self._key_in_block[line]}:' block; "
                        "end a block with a blank line)")
        return DataFileError(self.path, line, problem)

    def section(self, name: str, *, required: bool = True) -> Section:
        """The section ``[name]`` (``""`` for the top); a missing required section is an error."""
        name = name.lower()
        if name not in self.sections:
            if required:
                raise self.error(None, f"missing section [{name}]")
            return Section(name, 0, self)
        return self.sections[name]

    def check_sections(self, allowed: set[str]) -> None:
        """Fail on a section whose name is not in ``allowed``."""
        for name, section in self.sections.items():
            if name and name not in allowed:
                raise self.error(section.line, f"unknown section [{name}]")

    def _parse(self, text: str) -> None:
        current = Section("", 0, self)
        self.sections[""] = current
        block_entry: Entry | None = None
        ended_block: Entry | None = None  # a block a blank line just ended (for a hint)
        for number, raw in enumerate(text.splitlines(), start=1):
            stripped = raw.strip()
            if stripped.startswith("#"):
                continue
            content = _strip_comment(stripped)
            if not content:
                if block_entry is not None and block_entry.block:
                    ended_block = block_entry
                block_entry = None
                continue
            match = _SECTION.match(content)
            if match:
                name = match.group(1).lower()
                if name in self.sections:
                    raise self.error(number, f"section [{name}] appears twice (first on line "
                                             f"{self.sections[name].line})")
                current = Section(name, number, self)
                self.sections[name] = current
                block_entry = ended_block = None
                continue
            if block_entry is not None:
                block_entry.block.append(Line(number, content))
                if _KEY.match(content) and not _KEY.match(block_entry.block[0].text):
                    self._key_in_block.setdefault(number, block_entry.key)
                continue
            match = _KEY.match(content)
            if not match:
                hint = ""
                if ended_block is not None:
                    hint = (f" (a blank line ended the '{ended_block.key}:' block before this line; "
                            "remove it to go on with the block)")
                raise self.error(number, f"expected 'key: value' or '[section]', got {content!r}{hint}")
            ended_block = None
            key, value = match.group(1).lower(), match.group(2).strip()
            if key in current.entries:
                raise self.error(number, f"'{key}' given twice (first on line {current.entries[key].line})")
            entry = Entry(key, value, number)
            current.entries[key] = entry
            if not value:
                block_entry = entry

    def __iter__(self) -> Iterator[Section]:
        return iter(self.sections.values())


def _strip_comment(text: str) -> str:
    """Drop a trailing `` # comment`` (a '#' preceded by white space)."""
    match = re.search(r"\s#", text)
    return text[: match.start()].rstrip() if match else text
