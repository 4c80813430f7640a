"""The rows a damaged journal still holds, read page by page from its bytes (as SQLite's own
``.recover`` does), never through SQLite's b-trees.

A damaged file can make SQLite walk a b-tree in a circle (a child page pointing back to its
parent) and never return. This reader looks at every page of the file once, in file order, and
decodes the cells of every table leaf page it finds; a cell whose record is a ``games`` row or an
``events`` row by its shape (column count and types) is kept. So the work is bounded by the
file's size whatever its bytes are: a loop in the damaged tree is never followed, and a zeroed
header (page size lost) is read by guessing the page size from the pages themselves.

The shapes (see :data:`wordboard.journal._SCHEMA`): an event is ``(game, seq, type, data, at)``
with ``type`` ``move`` or ``decision``; a game is ``(NULL, kind, edition, players, seed,
options, started, finished, result)`` (the id is the row id), or without ``options`` in the
oldest layout. A row found twice (a stale copy on a page SQLite freed, a log frame) is kept once:
a game's finished version before its unfinished one, an event's first copy.

File format: https://www.sqlite.org/fileformat.html ("B-tree Pages", "Record Format").
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

_MAGIC = b"SQLite format 3\x00"
_PAGE_SIZES = tuple(1 << n for n in range(9, 17))          # 512 ... 65536
_TABLE_LEAF, _TABLE_INTERIOR, _INDEX_LEAF, _INDEX_INTERIOR = 13, 5, 10, 2
_WAL_MAGICS = (0x377F0682, 0x377F0683)

GameRow = tuple[Any, ...]   # (id, kind, edition, players, seed, options, started, finished, result)
EventRow = tuple[Any, ...]  # (game, seq, type, data, at)


@dataclass
class PageRows:
    """What the pages hold: ``games`` by id, ``events`` by (game, seq); ``bad_cells``: cells of
    table pages whose record did not decode (damaged rows, of unknown table)."""

    games: dict[int, GameRow] = field(default_factory=dict)
    events: dict[tuple[int, int], EventRow] = field(default_factory=dict)
    #: (game, seq) of every event the index of the events table names (a second copy of the keys:
    #: an event it names that was not found was lost)
    index_keys: set[tuple[int, int]] = field(default_factory=set)
    #: each event's row id in the file (events are only ever appended, so their row ids run
    #: 1, 2, 3... in the order they were written: one missing is an event lost)
    event_rowids: dict[tuple[int, int], int] = field(default_factory=dict)
    bad_cells: int = 0
    pages: int = 0
    sqlite_header: bool = False
    #: the file is shorter than its header says (its end was lost)
    truncated: bool = False

    def suspect_games(self) -> set[int]:
        """Games that may have lost events the keys do not show: those whose events sat beside a
        row id that is missing (the game before it, the game after it and any game started
        between them), and, when the file's end (or its header, which says where the end is) was
        lost, the game of the last event found and those started after it. (Events lost from
        the end of a file that kept its length show in the index's keys.)"""
        if not self.event_rowids:
            return set(self.games) if (self.truncated or self.bad_cells) else set()
        by_rowid = {rowid: key for key, rowid in self.event_rowids.items()}
        found = sorted(by_rowid)
        suspects: set[int] = set()

        def around(before: int | None, after: int | None) -> None:
            low = self.events[by_rowid[before]][4] if before is not None else float("-inf")
            high = self.events[by_rowid[after]][4] if after is not None else float("inf")
            for key in (before, after):
                if key is not None:
                    suspects.add(by_rowid[key][0])
            suspects.update(gid for gid, row in self.games.items()
                            if _number(row[6]) and low <= row[6] <= high)

        if found[0] > 1:
            around(None, found[0])
        for before, after in zip(found, found[1:]):
            if after != before + 1:
                around(before, after)
        if self.truncated:
            around(found[-1], None)
        return suspects

    def add_game(self, row: GameRow) -> None:
        kept = self.games.get(row[0])
        if kept is None or (kept[7] is None and row[7] is not None):
            self.games[row[0]] = row

    def add_event(self, row: EventRow) -> None:
        self.events.setdefault((row[0], row[1]), row)

    def merge(self, other: PageRows) -> None:
        """Add ``other``'s rows where these have none (``other`` is older: a backup). A game of
        ``other`` whose id is now another game's (same id, another start time) is left out, with
        its events."""
        for gid, row in other.games.items():
            mine = self.games.get(gid)
            if mine is None or mine[6] == row[6]:
                self.add_game(row)
        self.index_keys |= {key for key in other.index_keys if key[0] in self.games
                            and other.games.get(key[0], (None,) * 7)[6] == self.games[key[0]][6]}
        for key, row in other.events.items():
            game = self.games.get(key[0])
            if game is not None and other.games.get(key[0], (None,) * 7)[6] == game[6]:
                self.add_event(row)


def read_file_rows(path: Path) -> PageRows:
    """The rows of the journal at ``path`` and of its ``-wal`` log (its frames first: newer)."""
    rows = PageRows()
    data = _read(path)
    wal = _read(Path(f"{path}-wal"))
    rows.sqlite_header = data.startswith(_MAGIC)
    page_size = _page_size(data)
    if rows.sqlite_header and len(data) >= 100 and data[24:28] == data[92:96]:   # the size is valid
        rows.truncated = struct.unpack(">I", data[28:32])[0] * page_size > len(data)
    elif not rows.sqlite_header:
        rows.truncated = True            # the header is lost: so may the end be
    budget = [4 * (len(data) + len(wal)) + (1 << 16)]  # overflow bytes read in all (bounds a loop)
    for number, page in _wal_pages(wal, page_size):
        _read_page(page, 100 if number == 1 else 0, len(page), data, rows, budget, page_size)
    if data:
        _read_pages(data, rows, page_size, budget)
    return rows


def _read_pages(data: bytes, rows: PageRows, size: int, budget: list[int]) -> None:
    """Add every games and events row of the file ``data`` to ``rows``."""
    usable = size - (data[20] if data.startswith(_MAGIC) and len(data) > 20 else 0)
    for number in range(len(data) // size + (1 if len(data) % size else 0)):
        start = number * size
        page = data[start:start + size]
        rows.pages += 1
        _read_page(page, 100 if number == 0 else 0, usable, data, rows, budget, size)


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def _page_size(data: bytes) -> int:
    """The file's page size: its header's, else the one under which most pages look like
    b-tree pages (the smallest of those nearly as good: a multiple of the true size does too)."""
    if data.startswith(_MAGIC) and len(data) >= 100:
        raw = struct.unpack(">H", data[16:18])[0]
        size = 65536 if raw == 1 else raw
        if size in _PAGE_SIZES:
            return size
    scores = {}
    for size in _PAGE_SIZES:
        count = len(data) // size
        if count < 1:
            continue
        good = sum(1 for n in range(count) if _looks_like_btree(data, n * size, size))
        scores[size] = good / count
    if not scores or max(scores.values()) == 0:
        return 4096
    best = max(scores.values())
    return min(size for size, score in scores.items() if score >= 0.8 * best)


def _looks_like_btree(data: bytes, start: int, size: int) -> bool:
    kind = data[start]
    if kind not in (_TABLE_LEAF, _TABLE_INTERIOR, _INDEX_LEAF, _INDEX_INTERIOR):
        return False
    cells, content = struct.unpack(">HH", data[start + 3:start + 7])
    header = 8 if kind in (_TABLE_LEAF, _INDEX_LEAF) else 12
    content = 65536 if content == 0 else content
    return header + 2 * cells <= content <= size


def _wal_pages(wal: bytes, page_size: int) -> Iterator[tuple[int, bytes]]:
    """The pages of the log's frames, newest first (whatever their checksums: a row that decodes
    is a row that was written)."""
    if len(wal) < 32 or struct.unpack(">I", wal[:4])[0] not in _WAL_MAGICS:
        return
    size = struct.unpack(">I", wal[8:12])[0]
    size = 65536 if size == 1 else size
    if size not in _PAGE_SIZES:
        size = page_size
    frames = []
    offset = 32
    while offset + 24 + size <= len(wal):
        frames.append((struct.unpack(">I", wal[offset:offset + 4])[0], wal[offset + 24:offset + 24 + size]))
        offset += 24 + size
    yield from reversed(frames)


def _read_page(page: bytes, offset: int, usable: int, data: bytes, rows: PageRows, budget: list[int],
               page_size: int = 0) -> None:
    if len(page) < offset + 12 or page[offset] not in (_TABLE_LEAF, _INDEX_LEAF, _INDEX_INTERIOR):
        return
    kind = page[offset]
    header = 12 if kind == _INDEX_INTERIOR else 8
    cells = struct.unpack(">H", page[offset + 3:offset + 5])[0]
    usable = min(usable, len(page))
    if offset + header + 2 * cells > usable:
        cells = (usable - offset - header) // 2
    for n in range(cells):
        pointer = struct.unpack(">H", page[offset + header + 2 * n:offset + header + 2 + 2 * n])[0]
        if kind != _TABLE_LEAF:
            _index_key(page, pointer + (4 if kind == _INDEX_INTERIOR else 0), usable, rows)
            continue
        try:
            values = _cell(page, pointer, usable, data, budget, page_size)
        except _BadCell:
            rows.bad_cells += 1
            continue
        _keep(values, rows)


def _index_key(page: bytes, pointer: int, usable: int, rows: PageRows) -> None:
    """An index cell that is an events key ``(game, seq, rowid)`` (small: never overflows)."""
    try:
        length, i = _varint(page, pointer)
        if pointer < 8 or length > 64 or i + length > usable:
            return
        values = _record(page[i:i + length])
    except _BadCell:
        return
    if len(values) == 3 and all(isinstance(v, int) and not isinstance(v, bool) for v in values) \
            and values[1] >= 0:
        rows.index_keys.add((values[0], values[1]))


class _BadCell(Exception):
    pass


def _varint(buf: bytes, i: int) -> tuple[int, int]:
    value = 0
    for k in range(9):
        if i + k >= len(buf):
            raise _BadCell
        byte = buf[i + k]
        if k == 8:
            return (value << 8) | byte, i + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, i + k + 1
    raise _BadCell  # pragma: no cover - the loop returns


def _cell(page: bytes, pointer: int, usable: int, data: bytes, budget: list[int],
          page_size: int) -> tuple[int, list[Any]]:
    if pointer < 8 or pointer >= usable:
        raise _BadCell
    length, i = _varint(page, pointer)
    rowid, i = _varint(page, i)
    if length > len(data) + usable:
        raise _BadCell
    most = usable - 35
    if length <= most:
        local = length
    else:
        least = (usable - 12) * 32 // 255 - 23
        local = least + (length - least) % (usable - 4)
        if local > most:
            local = least
    payload = page[i:i + local]
    if len(payload) < local:
        raise _BadCell
    if local < length:
        payload = payload + _overflow(page, i + local, length - local, usable, data, budget, page_size)
    return rowid, _record(payload)


def _overflow(page: bytes, at: int, missing: int, usable: int, data: bytes, budget: list[int],
              page_size: int) -> bytes:
    if not page_size or at + 4 > len(page):
        raise _BadCell
    number = struct.unpack(">I", page[at:at + 4])[0]
    parts = []
    seen = set()
    while missing > 0:
        start = (number - 1) * page_size
        if number < 1 or number in seen or start + usable > len(data) or budget[0] <= 0:
            raise _BadCell
        seen.add(number)
        chunk = data[start + 4:start + 4 + min(missing, usable - 4)]
        budget[0] -= len(chunk)
        parts.append(chunk)
        missing -= len(chunk)
        number = struct.unpack(">I", data[start:start + 4])[0]
    return b"".join(parts)


def _record(payload: bytes) -> list[Any]:
    header, i = _varint(payload, 0)
    if header > len(payload) or header < i:
        raise _BadCell
    types = []
    while i < header:
        kind, i = _varint(payload, i)
        types.append(kind)
    if i != header:
        raise _BadCell
    values: list[Any] = []
    at = header
    for kind in types:
        if kind == 0:
            values.append(None)
        elif kind in (8, 9):
            values.append(kind - 8)
        elif 1 <= kind <= 6:
            width = (0, 1, 2, 3, 4, 6, 8)[kind]
            if at + width > len(payload):
                raise _BadCell
            values.append(int.from_bytes(payload[at:at + width], "big", signed=True))
            at += width
        elif kind == 7:
            if at + 8 > len(payload):
                raise _BadCell
            values.append(struct.unpack(">d", payload[at:at + 8])[0])
            at += 8
        elif kind >= 12:
            width = (kind - 12) // 2
            if at + width > len(payload):
                raise _BadCell
            raw = payload[at:at + width]
            at += width
            if kind % 2:
                try:
                    values.append(raw.decode("utf-8"))
                except UnicodeDecodeError:
                    raise _BadCell from None
            else:
                values.append(bytes(raw))
        else:
            raise _BadCell
    if at != len(payload):
        raise _BadCell
    return values


def _number(value: object) -> bool:
    return isinstance(value, (int, float))


def _keep(cell: tuple[int, list[Any]], rows: PageRows) -> None:
    rowid, values = cell
    if len(values) == 5 and isinstance(values[0], int) and isinstance(values[1], int) and values[1] >= 0 \
            and values[2] in ("move", "decision") and isinstance(values[3], str) and _number(values[4]):
        rows.add_event(tuple(values))
        rows.event_rowids.setdefault((values[0], values[1]), rowid)
        return
    if len(values) == 8:                       # the oldest layout: no options
        values = values[:5] + ["{}"] + values[5:]
    if len(values) == 9 and values[0] in (None, rowid) and all(isinstance(v, str) for v in values[1:4]) \
            and (values[4] is None or isinstance(values[4], int)) and isinstance(values[5], str) \
            and _number(values[6]) and (values[7] is None or _number(values[7])) \
            and (values[8] is None or isinstance(values[8], str)):
        rows.add_game((rowid, *values[1:]))
