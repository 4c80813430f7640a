"""Keeps words that are unsuitable for children off the clue cards.

eXtraDICTION is played by young children (and by the learning kiosk), so a clue card's word and
its meaning must not contain swear words, slurs, sexual words, or words about drugs, alcohol,
tobacco, weapons, killing or death. The list is wordboard's own: ``data/unsuitable-words.txt``,
one word per line; a line ending in ``*`` matches every word that starts with it.

The filter is used by the deck builder (to leave such words out) and by the clue-card loader (an
owner's card with such a word is refused, naming its line).
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

_WORD = re.compile(r"[A-Za-z]+")


@lru_cache(maxsize=1)
def _lists() -> tuple[frozenset[str], tuple[str, ...]]:
    text = resources.files("wordboard.extradiction").joinpath("data").joinpath(
        "unsuitable-words.txt").read_text(encoding="utf-8")
    words, prefixes = set(), []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip().lower()
        if not line:
            continue
        if line.endswith("*"):
            prefixes.append(line[:-1])
        else:
            words.add(line)
    return frozenset(words), tuple(prefixes)


def is_unsuitable(word: str) -> bool:
    """True if ``word`` (one word, any case) is on the unsuitable list."""
    word = word.strip().lower()
    words, prefixes = _lists()
    if word in words or word.startswith(prefixes):
        return True
    # simple plurals and verb forms of a listed word: guns, killed, killing
    for ending in ("s", "es", "ed", "d", "ing"):
        if word.endswith(ending) and word[: -len(ending)] in words:
            return True
    return False


def unsuitable_words_in(text: str) -> list[str]:
    """The unsuitable words found in a phrase, in order (empty when the phrase is fine)."""
    return [w for w in _WORD.findall(text) if is_unsuitable(w)]
