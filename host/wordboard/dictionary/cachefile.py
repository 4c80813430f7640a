"""The on-disk cache of compiled word lists.

Where: ``$WORDBOARD_CACHE_DIR``, else ``$XDG_CACHE_HOME/wordboard``, else ``~/.cache/wordboard``.
One file per list and rules, named from a hash of the format version, the rules and the source
files' paths, e.g. ``lexicon-3f9c...e1.wbl``.

A cache file records each source file's path, size and modification time and a SHA-256 of their
contents. It is reused when the paths, sizes and times still match *and* the contents still hash
the same; if only the times changed (a ``touch``, a reinstall of the same package) and the hash
matches, it is reused too. Anything else compiles the list again.

File layout (all integers big-endian)::

    b"WORDBOARD-LEXICON\\n"  magic
    u32                      length of the JSON header
    JSON header              format, source, files, content hash, rules, stats, sections, CRC-32
    payload                  per word length: the words in order, each followed by b"\\n"

A file that is truncated, fails its CRC, or whose records are not ``length`` letters A-Z and a
newline is corrupt: it is never trusted, only replaced. Writes go to a temporary file in the
same folder that is then renamed over the old one, so a reader never sees half a file.
"""

from __future__ import annotations

import hashlib
import json
import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from wordboard.dictionary.compile import DictionaryStats
from wordboard.paths import cache_dir, write_atomically

__all__ = [
    "FORMAT_VERSION",
    "CorruptCacheError",
    "CachedLexicon",
    "SourceFileState",
    "cache_dir",
    "cache_path",
    "source_states",
    "content_sha256",
    "write_cache",
    "read_cache",
]

FORMAT_VERSION = 1
MAGIC = b"WORDBOARD-LEXICON\n"
_LENGTH = struct.Struct(">I")
_RECORD_BYTES = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ\n"


class CorruptCacheError(Exception):
    """A cache file that cannot be trusted (truncated, damaged, another format)."""


@dataclass(frozen=True)
class SourceFileState:
    """What identifies one source file without reading it."""

    path: str
    size: int
    mtime_ns: int

    @classmethod
    def of(cls, path: Path) -> SourceFileState:
        st = path.stat()
        return cls(str(path), st.st_size, st.st_mtime_ns)


@dataclass(frozen=True)
class CachedLexicon:
    """The contents of a valid cache file."""

    source: str
    files: tuple[SourceFileState, ...]
    content_sha256: str
    rules: str
    stats: DictionaryStats
    sections: dict[int, bytes]


def cache_path(directory: Path, source_name: str, paths: Sequence[Path], rules_token: str) -> Path:
    """The cache file for a list: keyed by format version, rules, name and resolved paths."""
    key = json.dumps([FORMAT_VERSION, rules_token, source_name,
                      [str(Path(p).resolve()) for p in paths]])
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
    return directory / f"lexicon-{digest}.wbl"


def source_states(paths: Sequence[Path]) -> tuple[SourceFileState, ...]:
    return tuple(SourceFileState.of(p) for p in paths)


def content_sha256(contents: Sequence[bytes]) -> str:
    """One hash over the source files' contents, in order (length-prefixed, so files can't blur)."""
    digest = hashlib.sha256()
    for data in contents:
        digest.update(_LENGTH.pack(len(data) & 0xFFFFFFFF))
        digest.update(data)
    return digest.hexdigest()


def write_cache(path: Path, lexicon: CachedLexicon) -> None:
    """Write atomically (temporary file in the same folder, then rename). Raises OSError."""
    payload = b"".join(lexicon.sections[length] for length in sorted(lexicon.sections))
    header = {
        "format": FORMAT_VERSION,
        "source": lexicon.source,
        "files": [[f.path, f.size, f.mtime_ns] for f in lexicon.files],
        "content_sha256": lexicon.content_sha256,
        "rules": lexicon.rules,
        "stats": lexicon.stats.to_json(),
        "sections": [[length, len(lexicon.sections[length]) // (length + 1)]
                     for length in sorted(lexicon.sections)],
        "payload_crc32": zlib.crc32(payload),
    }
    header_bytes = json.dumps(header, separators=(",", ":")).encode("utf-8")
    write_atomically(path, MAGIC, _LENGTH.pack(len(header_bytes)), header_bytes, payload)


def read_cache(path: Path) -> CachedLexicon:
    """Read and fully check a cache file. Raises OSError if unreadable, CorruptCacheError if bad."""
    with open(path, "rb") as f:
        data = f.read()
    if not data.startswith(MAGIC) or len(data) < len(MAGIC) + _LENGTH.size:
        raise CorruptCacheError("not a wordboard lexicon cache")
    start = len(MAGIC) + _LENGTH.size
    (header_len,) = _LENGTH.unpack_from(data, len(MAGIC))
    try:
        header = json.loads(data[start:start + header_len])
        if header["format"] != FORMAT_VERSION:
            raise CorruptCacheError(f"cache format {header['format']}, expected {FORMAT_VERSION}")
        files = tuple(SourceFileState(str(p), int(s), int(m)) for p, s, m in header["files"])
        stats = DictionaryStats.from_json(header["stats"])
        layout = [(int(length), int(count)) for length, count in header["sections"]]
        crc = int(header["payload_crc32"])
        source, sha, rules = str(header["source"]), str(header["content_sha256"]), str(header["rules"])
    except CorruptCacheError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise CorruptCacheError(f"bad cache header: {exc}") from None
    payload = memoryview(data)[start + header_len:]
    if sum((length + 1) * count for length, count in layout) != len(payload):
        raise CorruptCacheError("cache payload has the wrong size")
    if zlib.crc32(payload) != crc:
        raise CorruptCacheError("cache payload fails its CRC")
    sections: dict[int, bytes] = {}
    offset = 0
    total = 0
    for length, count in layout:
        if length < 1 or count < 1 or length in sections:
            raise CorruptCacheError("bad cache section table")
        blob = bytes(payload[offset:offset + (length + 1) * count])
        offset += len(blob)
        if (blob[length::length + 1] != b"\n" * count or blob.count(b"\n") != count
                or blob.translate(None, _RECORD_BYTES)):
            raise CorruptCacheError(f"bad records for length {length}")
        sections[length] = blob
        total += count
    if total != stats.accepted:
        raise CorruptCacheError("cache word count does not match its stats")
    return CachedLexicon(source, files, sha, rules, stats, sections)
