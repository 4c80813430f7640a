"""Reading an SQLite write-ahead log (the journal's ``-wal`` file) the way SQLite does, to count
the transactions a damaged log would silently drop.

After a power cut the journal's newest transactions may live only in its ``-wal`` file. SQLite
replays the log's frames up to the first one whose checksum or salt does not match, and quietly
ignores everything after it: a damaged frame (a bad SD card, a torn write) loses every later
transaction without a word. :func:`check_wal` reads the log before SQLite opens it and says how
many committed transactions it holds that SQLite will not be able to use, so the journal can
report the loss instead of hiding it (file format: https://www.sqlite.org/fileformat.html, "The
WAL file format").
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

_MAGIC_LITTLE, _MAGIC_BIG = 0x377F0682, 0x377F0683
_HEADER, _FRAME_HEADER = 32, 24


@dataclass(frozen=True)
class WalCheck:
    """``usable``: committed transactions SQLite will replay; ``lost``: transactions of this log
    written after a damaged frame (or damaged themselves), which it will drop."""

    usable: int = 0
    lost: int = 0
    problem: str | None = None        # why the log could not be read at all (then nothing is known)


def _checksum(data: bytes, s0: int, s1: int, big_endian: bool) -> tuple[int, int]:
    words = struct.unpack((">" if big_endian else "<") + f"{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def check_wal(path: str | Path) -> WalCheck:
    """Count the usable and the lost transactions of the write-ahead log at ``path`` (the
    ``-wal`` file; no file or an empty one: nothing to lose)."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        return WalCheck()
    except OSError as exc:
        return WalCheck(problem=f"cannot read {Path(path).name}: {exc.strerror}")
    if len(data) < _HEADER:
        return WalCheck()
    magic, _version, page_size, _seq, salt1, salt2, c0, c1 = struct.unpack(">8I", data[:_HEADER])
    if magic not in (_MAGIC_LITTLE, _MAGIC_BIG) or page_size < 512 or page_size & (page_size - 1):
        return WalCheck(problem="its header is not a write-ahead log's (damaged)")
    big_endian = magic == _MAGIC_BIG
    s0, s1 = _checksum(data[:24], 0, 0, big_endian)
    if (s0, s1) != (c0, c1):
        # SQLite ignores the whole log: every commit in it whose salts look like this log's is lost
        return WalCheck(lost=_commits(data, page_size, salt1, salt2), problem="its header's checksum is wrong")
    usable = lost = 0
    valid = True
    offset = _HEADER
    frame = _FRAME_HEADER + page_size
    while offset + frame <= len(data):
        header = data[offset:offset + _FRAME_HEADER]
        _page, commit, f_salt1, f_salt2, f0, f1 = struct.unpack(">6I", header)
        if (f_salt1, f_salt2) != (salt1, salt2):
            break                     # an older log's leftovers: never part of this one
        if valid:
            s0, s1 = _checksum(header[:8], s0, s1, big_endian)
            s0, s1 = _checksum(data[offset + _FRAME_HEADER:offset + frame], s0, s1, big_endian)
            valid = (s0, s1) == (f0, f1)
        if commit:
            if valid:
                usable += 1
            else:
                lost += 1
        offset += frame
    return WalCheck(usable=usable, lost=lost)


def _commits(data: bytes, page_size: int, salt1: int, salt2: int) -> int:
    count = 0
    offset = _HEADER
    frame = _FRAME_HEADER + page_size
    while offset + frame <= len(data):
        _page, commit, f_salt1, f_salt2 = struct.unpack(">4I", data[offset:offset + 16])
        if (f_salt1, f_salt2) != (salt1, salt2):
            break
        count += commit != 0
        offset += frame
    return count
