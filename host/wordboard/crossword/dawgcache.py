"""The on-disk cache of move-generation data: one DAWG file per word list, keyed on its content.

Where: the word lists' cache folder (``$WORDBOARD_CACHE_DIR``, else ``$XDG_CACHE_HOME/wordboard``,
else ``~/.cache/wordboard``), as
``movegen-<hash>.wbd`` where the hash is a SHA-256 of the words themselves, so any change to
the list (or to the rules that made it) makes a new file. Layout (integers big-endian)::

    b"WORDBOARD-DAWG\\n"  magic
    u32                  length of the JSON header
    JSON header          format, content hash, words, nodes, edges, payload CRC-32
    payload              mask, term, first (one u32 per node), child (one u32 per edge), little-endian

A file that is truncated, fails its CRC or does not fit together is never trusted, only rebuilt.
Writes go to a temporary file in the same folder renamed over the old one (as for word lists).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import struct
import sys
import zlib
from array import array
from collections.abc import Callable, Iterable
from pathlib import Path

from wordboard.crossword.dawg import Dawg
from wordboard.paths import cache_dir as _cache_dir  # word lists and this cache share the folder
from wordboard.paths import write_atomically

__all__ = ["FORMAT_VERSION", "CorruptDawgError", "words_sha256", "dawg_cache_path", "write_dawg",
           "read_dawg", "load_dawg", "dawg_for"]

log = logging.getLogger(__name__)

FORMAT_VERSION = 1
MAGIC = b"WORDBOARD-DAWG\n"
_LENGTH = struct.Struct(">I")


class CorruptDawgError(Exception):
    """A DAWG cache file that cannot be trusted."""


def words_sha256(words: Iterable[str]) -> str:
    """A hash of a word list's content: a :class:`~wordboard.dictionary.Dictionary` (its compiled
    sections) or any iterable of upper-case words."""
    digest = hashlib.sha256(b"wordboard-dawg-words\n")
    sections = getattr(words, "compiled_sections", None)
    if sections is not None:
        for length, blob in sorted(sections().items()):
            digest.update(_LENGTH.pack(length))
            digest.update(_LENGTH.pack(len(blob)))
            digest.update(blob)
    else:
        for word in sorted(set(words)):
            digest.update(word.encode("ascii", "replace") + b"\n")
    return digest.hexdigest()


def dawg_cache_path(directory: Path, sha: str) -> Path:
    return directory / f"movegen-{sha[:32]}.wbd"


def _le(arr: array[int]) -> bytes:
    if arr.itemsize != 4:
        arr = array("L" if array("L").itemsize == 4 else "I", arr)
    if sys.byteorder != "little":
        arr = array(arr.typecode, arr)
        arr.byteswap()
    return arr.tobytes()


def _u32() -> str:
    for code in ("I", "L"):
        if array(code).itemsize == 4:
            return code
    raise RuntimeError("no 4-byte unsigned array type")


def write_dawg(path: Path, dawg: Dawg, sha: str) -> None:
    """Write atomically (temporary file in the same folder, then rename). Raises OSError."""
    parts = [_le(a) for a in dawg.to_arrays()]
    payload = b"".join(parts)
    header = {"format": FORMAT_VERSION, "content_sha256": sha, "words": dawg.word_count,
              "nodes": dawg.node_count, "edges": dawg.edge_count, "payload_crc32": zlib.crc32(payload)}
    header_bytes = json.dumps(header, separators=(",", ":")).encode("utf-8")
    write_atomically(path, MAGIC, _LENGTH.pack(len(header_bytes)), header_bytes, payload)


def read_dawg(path: Path, sha: str | None = None) -> Dawg:
    """Read and check a DAWG file (for the word list hashed ``sha``, when given).
    Raises OSError if unreadable, :class:`CorruptDawgError` if it cannot be trusted."""
    with open(path, "rb") as f:
        data = f.read()
    if not data.startswith(MAGIC) or len(data) < len(MAGIC) + _LENGTH.size:
        raise CorruptDawgError("not a wordboard DAWG cache")
    start = len(MAGIC) + _LENGTH.size
    (header_len,) = _LENGTH.unpack_from(data, len(MAGIC))
    try:
        header = json.loads(data[start:start + header_len])
        if header["format"] != FORMAT_VERSION:
            raise CorruptDawgError(f"DAWG cache format {header['format']}, expected {FORMAT_VERSION}")
        nodes, edges, words = int(header["nodes"]), int(header["edges"]), int(header["words"])
        crc, stored_sha = int(header["payload_crc32"]), str(header["content_sha256"])
    except CorruptDawgError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise CorruptDawgError(f"bad DAWG cache header: {exc}") from None
    if sha is not None and stored_sha != sha:
        raise CorruptDawgError("DAWG cache is for another word list")
    payload = memoryview(data)[start + header_len:]
    if len(payload) != 4 * (3 * nodes + edges):
        raise CorruptDawgError("DAWG cache payload has the wrong size")
    if zlib.crc32(payload) != crc:
        raise CorruptDawgError("DAWG cache payload fails its CRC")
    code = _u32()
    arrays = []
    offset = 0
    for count in (nodes, nodes, nodes, edges):
        arr = array(code)
        arr.frombytes(payload[offset:offset + 4 * count])
        if sys.byteorder != "little":
            arr.byteswap()
        arrays.append(arr)
        offset += 4 * count
    try:
        mask, term, first, child = arrays
        return Dawg.from_arrays(mask, term, first, child, word_count=words)
    except ValueError as exc:
        raise CorruptDawgError(str(exc)) from None


def load_dawg(words: Iterable[str], *, cache_dir: str | os.PathLike[str] | None = None, use_cache: bool = True,
              progress: Callable[[int, int], None] | None = None) -> Dawg:
    """The DAWG of ``words`` (a Dictionary or an iterable of upper-case words), from the cache
    when it holds one for exactly these words; else built and cached. A corrupt cache file is
    rebuilt; a cache folder that cannot be written only costs the next load a rebuild.
    ``progress(done, total)`` follows a build (never called when the cache is used)."""
    if not use_cache:
        return Dawg.from_words(words, progress)
    sha = words_sha256(words)
    directory = Path(cache_dir).expanduser() if cache_dir is not None else _cache_dir()
    path = dawg_cache_path(directory, sha)
    try:
        return read_dawg(path, sha)
    except FileNotFoundError:
        pass
    except (OSError, CorruptDawgError) as exc:
        log.warning("rebuilding move-generation cache %s: %s", path, exc)
    dawg = Dawg.from_words(words, progress)
    try:
        write_dawg(path, dawg, sha)
    except OSError as exc:
        log.warning("cannot write move-generation cache %s (%s); using it from memory", path,
                    exc.strerror or exc)
    return dawg


_MEMO: dict[int, tuple[object, Dawg]] = {}


def dawg_for(dictionary: Iterable[str], *, cache_dir: str | os.PathLike[str] | None = None,
             use_cache: bool = True) -> Dawg:
    """:func:`load_dawg`, remembered for the life of the process per dictionary object. A build
    that takes over a second (a word list's first use: seconds here, longer on a Pi) says how far
    it has got on stderr (:class:`~wordboard.progress.ProgressLine`)."""
    held = _MEMO.get(id(dictionary))
    if held is not None and held[0] is dictionary:
        return held[1]
    from wordboard.progress import ProgressLine

    progress = ProgressLine("building the move generator's word graph (first use of this word list)", "words",
                            after=1.0)
    dawg = load_dawg(dictionary, cache_dir=cache_dir, use_cache=use_cache, progress=progress)
    if len(_MEMO) > 8:
        _MEMO.clear()
    _MEMO[id(dictionary)] = (dictionary, dawg)
    return dawg
