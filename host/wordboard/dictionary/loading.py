"""``load_dictionary``: resolve a list, reuse its compiled cache or compile and cache it."""

from __future__ import annotations

import logging
import os
import zlib
from pathlib import Path

from wordboard.dictionary import cachefile
from wordboard.dictionary.compile import ProgressCallback, compile_entries
from wordboard.dictionary.lexicon import Dictionary
from wordboard.dictionary.rules import WordRules
from wordboard.dictionary.sources import WordListSource, decode_word_list, resolve_source
from wordboard.errors import UserError
from wordboard.userfiles import MIB, read_limited, size_text

__all__ = ["load_dictionary", "compile_source"]

log = logging.getLogger(__name__)


_CONTROL_BYTES = bytes(b for b in range(32) if b not in b"\t\n\r\f\v")


def looks_binary(data: bytes) -> bool:
    """True if ``data`` is not a text file: a NUL byte, or more than one byte in ten a control
    character, in its first 64 KiB (a word list is UTF-8 or Latin-1 text)."""
    head = data[:65536]
    if b"\0" in head:
        return True
    controls = len(head) - len(head.translate(None, _CONTROL_BYTES))
    return controls * 10 > len(head)


#: The largest word list read, compressed or not: the largest club lists are a few MiB.
MAX_WORD_LIST_BYTES = 256 * MIB


def _gunzip(data: bytes, path: Path) -> bytes:
    """A ``.gz`` list's text, at most :data:`MAX_WORD_LIST_BYTES` of it (a small file may unpack
    to gigabytes)."""
    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        text = inflate.decompress(data, MAX_WORD_LIST_BYTES + 1)
    except zlib.error as exc:
        raise UserError(f"cannot read word list {str(path)!r}: {exc}") from None
    if len(text) > MAX_WORD_LIST_BYTES:
        raise UserError(f"word list {str(path)!r} unpacks to more than {size_text(MAX_WORD_LIST_BYTES)}, "
                        "too large for a word list")
    if not inflate.eof:
        raise UserError(f"cannot read word list {str(path)!r}: the compressed file is cut short")
    return text


def _read_sources(source: WordListSource) -> list[bytes]:
    contents = []
    for path in source.paths:
        data = read_limited(path, what="word list", limit=MAX_WORD_LIST_BYTES)
        if path.suffix == ".gz":
            data = _gunzip(data, path)
        if looks_binary(data):
            raise UserError(f"word list {str(path)!r} is a binary file, not a text list of words "
                            "(one word a line, UTF-8 or Latin-1)")
        contents.append(data)
    if not any(data.strip() for data in contents):
        raise UserError(f"word list {source.name!r} is empty: a word list has one word a line")
    return contents


#: Memory compiling a list takes per line at its peak (measured: 745 MB for 3 million lines).
COMPILE_BYTES_PER_LINE = 260


def available_memory() -> int | None:
    """Bytes of memory this machine can still give (``MemAvailable``), None where unknown."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def check_memory(source: WordListSource, contents: list[bytes], available: int | None = None) -> None:
    """Refuse, in one line, to compile a list this machine has not the memory for (a 3-million-line
    list on a Pi with 1 GB), rather than being killed by the kernel part way."""
    lines = sum(data.count(b"\n") + 1 for data in contents)
    needed = lines * COMPILE_BYTES_PER_LINE
    available = available_memory() if available is None else available
    if available is not None and needed > available * 0.9:
        raise UserError(f"word list {source.name!r} has {lines:,} lines: compiling it needs about "
                        f"{needed // 2**20:,} MB and this machine has {available // 2**20:,} MB free; "
                        f"use a smaller list (e.g. scowl:70), or close other programs")


def compile_source(source: WordListSource, contents: list[bytes], rules: WordRules,
                   progress: ProgressCallback | None = None) -> Dictionary:
    """Compile already-read source files into a ``Dictionary`` (no cache involved)."""
    check_memory(source, contents)
    entries: list[str] = []
    for data in contents:
        entries.extend(decode_word_list(data).splitlines())
    sections, stats = compile_entries(entries, rules, progress)
    return Dictionary(sections, source=source.name, stats=stats)


def load_dictionary(list_name: str | os.PathLike[str], *, rules: WordRules | None = None,
                    cache_dir: str | os.PathLike[str] | None = None,
                    progress: ProgressCallback | None = None, use_cache: bool = True) -> Dictionary:
    """Load a word list by name or path, from the on-disk cache when it is still valid.

    ``list_name``: ``"wamerican"``, ``"wbritish"``, ``"scowl:SIZE[:SPELLING[:VARIANTS]]"`` or a
    path to a file with one word per line (see ``wordboard.dictionary.sources``).
    ``cache_dir``: where compiled lists are kept (default: see ``wordboard.dictionary.cachefile``).
    ``progress(done, total)`` is called while the list is compiled (not when the cache is used).
    ``use_cache=False`` compiles in memory without reading or writing the cache.

    An unknown name or a missing or unreadable file raises ``UserError``. A corrupt cache file
    is replaced; a cache folder that cannot be written only costs the next load a recompile.
    """
    rules = rules or WordRules()
    source = resolve_source(list_name)
    contents = _read_sources(source)
    if not use_cache:
        return compile_source(source, contents, rules, progress)
    try:
        states = cachefile.source_states(source.paths)
    except OSError as exc:
        raise UserError(f"cannot read word list {source.name!r}: {exc.strerror or exc}") from None
    directory = Path(cache_dir).expanduser() if cache_dir is not None else cachefile.cache_dir()
    token = rules.cache_token()
    path = cachefile.cache_path(directory, source.name, source.paths, token)
    sha = cachefile.content_sha256(contents)

    cached = _read_valid_cache(path, source, token, sha)
    if cached is not None:
        if cached.files != states:
            # Same contents with new times (touched, reinstalled): refresh so the record is current.
            _write(path, cachefile.CachedLexicon(source.name, states, sha, token, cached.stats,
                                                 cached.sections))
        return Dictionary(cached.sections, source=source.name, stats=cached.stats,
                          cache_file=path, from_cache=True)

    dictionary = compile_source(source, contents, rules, progress)
    written = _write(path, cachefile.CachedLexicon(source.name, states, sha, token,
                                                   dictionary.stats, dictionary.compiled_sections()))
    dictionary.cache_file = path if written else None
    return dictionary


def _read_valid_cache(path: Path, source: WordListSource, token: str,
                      sha: str) -> cachefile.CachedLexicon | None:
    try:
        cached = cachefile.read_cache(path)
    except FileNotFoundError:
        return None
    except (OSError, cachefile.CorruptCacheError) as exc:
        log.warning("ignoring word-list cache %s: %s", path, exc)
        return None
    if (cached.source != source.name or cached.rules != token or cached.content_sha256 != sha
            or [f.path for f in cached.files] != [str(p) for p in source.paths]):
        return None
    return cached


def _write(path: Path, lexicon: cachefile.CachedLexicon) -> bool:
    try:
        cachefile.write_cache(path, lexicon)
    except OSError as exc:
        log.warning("cannot write word-list cache %s (%s); using it from memory", path,
                    exc.strerror or exc)
        return False
    return True
