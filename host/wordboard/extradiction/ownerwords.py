"""The grown-up's own words for the children's filter: words to allow although the shipped lists
block them (COCKPIT, a family name) and words to block although the lists miss them.

Kept in ``children-words.txt`` in the config folder (:func:`wordboard.paths.config_dir`), one
``allow WORD`` or ``block WORD`` a line, written whole (:func:`wordboard.paths.write_atomically`)
by ``wordboard words`` and the kiosk's grown-up page, read by
:mod:`wordboard.extradiction.wordfilter` whenever the file changes. A line that is neither is
skipped by the filter (a child's game never stops on a damaged file) and named by
``wordboard words list``.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from wordboard.errors import UserError

FILE_NAME = "children-words.txt"
LIMIT = 256 * 1024                  # a few thousand words at most
_LINE = re.compile(r"^(allow|block)\s+([a-z]{2,30})$")
_HEADER = ("# wordboard: the grown-up's own words for the children's filter (allow WORD / block WORD),\n"
           "# written by 'wordboard words' and the kiosk's grown-up page.\n")


@dataclass(frozen=True)
class OwnerWords:
    allowed: frozenset[str] = frozenset()
    blocked: frozenset[str] = frozenset()
    bad_lines: tuple[int, ...] = ()        # line numbers that are neither allow nor block WORD


def words_path(environ: dict[str, str] | None = None) -> Path:
    from wordboard.paths import config_dir

    return config_dir(environ) / FILE_NAME


def plain_word(word: str) -> str:
    """``word`` as the lists keep it (lower case), or a :class:`UserError` if it is not 2-30 letters."""
    plain = word.strip().lower()
    if not re.fullmatch(r"[a-z]{2,30}", plain):
        raise UserError(f"{word.strip()!r} is not a word of 2 to 30 letters A-Z")
    return plain


def parse(text: str) -> OwnerWords:
    allowed: set[str] = set()
    blocked: set[str] = set()
    bad: list[int] = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip().lower()
        if not line:
            continue
        match = _LINE.match(re.sub(r"\s+", " ", line))
        if match is None:
            bad.append(number)
        elif match[1] == "allow":
            allowed.add(match[2])
            blocked.discard(match[2])
        else:
            blocked.add(match[2])
            allowed.discard(match[2])
    return OwnerWords(frozenset(allowed), frozenset(blocked), tuple(bad))


def read(path: Path | None = None) -> OwnerWords:
    """The grown-up's words (none when the file is missing). ``UserError`` if it cannot be read."""
    from wordboard.userfiles import read_text

    path = words_path() if path is None else path
    if not path.exists():
        return OwnerWords()
    return parse(read_text(path, what="list of the grown-up's words", limit=LIMIT))


_written = [0]


def generation() -> int:
    """How many times this process wrote the file, or said it :func:`changed` (a reader's cache
    is stale when this changes)."""
    return _written[0]


def changed() -> None:
    """Tell this process's readers the file may be another now (written, or the config folder moved)."""
    _written[0] += 1


def write(words: OwnerWords, path: Path | None = None) -> None:
    from wordboard.paths import write_atomically

    path = words_path() if path is None else path
    lines = [f"allow {w}\n" for w in sorted(words.allowed)] + [f"block {w}\n" for w in sorted(words.blocked)]
    try:
        write_atomically(path, (_HEADER + "".join(lines)).encode("utf-8"))
    finally:
        changed()


def change(word: str, action: str, path: Path | None = None) -> OwnerWords:
    """Allow, block or forget (``action``) one word in the file; the words as they are then."""
    plain = plain_word(word)
    old = read(path)
    allowed, blocked = set(old.allowed) - {plain}, set(old.blocked) - {plain}
    if action == "allow":
        allowed.add(plain)
    elif action == "block":
        blocked.add(plain)
    elif action != "forget":
        raise ValueError(action)
    new = OwnerWords(frozenset(allowed), frozenset(blocked))
    write(new, path)
    return new


def version(path: Path) -> tuple[int, int, int] | None:
    """What tells a changed file (None: no file), for readers that cache it."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_mtime_ns, status.st_size, status.st_ino
