"""Keeps words that are unsuitable for children out of eXtraDICTION.

eXtraDICTION is played by young children (and by the learning kiosk), so a word a child plays,
forms, is shown or hears must not be a swear word, a slur, a sexual word, or a word about drugs,
alcohol, tobacco, weapons, killing or death. The lists ship inside the package (nothing is
downloaded at run time; see ``data/README-wordfilter.md``):

* ``data/ldnoobw-en.txt``: the maintained LDNOOBW English list, from the npm package
  ``naughty-words`` (CC BY 4.0, ``data/LICENSE-ldnoobw-en.txt``);
* ``data/unsuitable-addendum.txt``: wordboard's own reviewed additions (weapons, drugs, death,
  a few insults and slurs the list lacks);
* ``data/unsuitable-allowed.txt``: the few LDNOOBW words whose everyday meaning is innocent
  (escort, fingering, snatch...), reviewed and allowed.

Words match whole, with their simple forms (-s, -es after s/x/z/ch/sh, -ed, -ing, with a dropped
-e or a doubled last letter), never as prefixes: BUTT and BUTTS are blocked, BUTTON, BUTTER and
BUTTES are not. A multi-word entry ("jail bait")
matches those words in a phrase, and the same letters run together on the board.

The filter is used by the deck builder (to leave such words out), by the clue-card loader (an
owner's card with such a word is refused, naming its line) and by the engine (in Speed and at
Level 3 a word that is, or forms, one of them is refused and never scored).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from importlib import resources

_WORD = re.compile(r"[A-Za-z]+")


def _read(name: str) -> list[str]:
    text = resources.files("wordboard.extradiction").joinpath("data").joinpath(name).read_text(
        encoding="utf-8")
    entries = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip().lower() if name != "ldnoobw-en.txt" else line.strip().lower()
        if line:
            entries.append(line)
    return entries


@lru_cache(maxsize=1)
def _lists() -> tuple[frozenset[str], frozenset[str], tuple[tuple[str, ...], ...]]:
    """(blocked words, allowed words, blocked phrases as word tuples)."""
    words, phrases = set(), set()
    for entry in _read("ldnoobw-en.txt"):
        parts = tuple(_WORD.findall(entry))
        if not parts or "".join(parts) != re.sub(r"[^a-z]", "", entry):
            continue                        # digits or symbols (2g1c, s&m, an emoji): not playable
        if len(parts) == 1:
            words.add(parts[0])
        else:
            phrases.add(parts)
            words.add("".join(parts))       # "jail bait" written as one word on the board
    for line in _read("unsuitable-addendum.txt"):
        words.update(_WORD.findall(line))
    allowed = {w for line in _read("unsuitable-allowed.txt") for w in _WORD.findall(line)}
    return frozenset(words - allowed), frozenset(allowed), tuple(sorted(phrases))


def _stems(word: str) -> Iterator[str]:
    """``word`` and the words it may be a simple form of (English spelling rules, not prefixes)."""
    yield word
    if word.endswith("s") and len(word) > 3:
        yield word[:-1]                                     # butts -> butt
    if word.endswith("es") and word[:-2].endswith(("s", "x", "z", "ch", "sh")):
        yield word[:-2]                                     # bitches -> bitch (buttes stays)
    for ending in ("ed", "ing"):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            stem = word[: -len(ending)]
            yield stem                                      # killed -> kill
            yield stem + "e"                                # raping -> rape
            if stem[-1] == stem[-2]:
                yield stem[:-1]                             # stabbing -> stab


def is_unsuitable(word: str) -> bool:
    """True if ``word`` (one word, any case) is blocked: a listed word or one of its simple forms."""
    word = word.strip().lower()
    words, allowed, _ = _lists()
    if word in allowed:
        return False
    return any(stem in words for stem in _stems(word))


def hides_unsuitable(letters: str, min_length: int = 4) -> bool:
    """Whether a run of letters (not a word, perhaps: what a child wrote or spelt) is unsuitable
    or holds an unsuitable word of ``min_length`` letters or more inside it. For what is shown or
    said back to a child; not for judging words (those match whole, never inside others)."""
    plain = "".join(_WORD.findall(letters.lower()))
    if not plain:
        return False
    if is_unsuitable(plain):
        return True
    return any(len(word) >= min_length and word in plain for word in _lists()[0])


def unsuitable_words_in(text: str) -> list[str]:
    """The unsuitable words found in a phrase, in order (empty when the phrase is fine)."""
    found = _WORD.findall(text)
    bad = [w for w in found if is_unsuitable(w)]
    lowered = [w.lower() for w in found]
    for phrase in _lists()[2]:
        n = len(phrase)
        for i in range(len(lowered) - n + 1):
            if tuple(lowered[i:i + n]) == phrase:
                bad.append(" ".join(found[i:i + n]))
    return bad


def list_sizes() -> dict[str, int]:
    """How many entries each list has (for the README and tests)."""
    words, allowed, phrases = _lists()
    return {"blocked words": len(words), "allowed": len(allowed), "phrases": len(phrases)}
