"""Keeps words that are unsuitable for children out of eXtraDICTION.

eXtraDICTION is played by young children (and by the learning kiosk), so a word a child plays,
forms, is shown or hears must not be a swear word, a slur, a sexual word, or a word about drugs,
alcohol, tobacco, weapons, killing or death. The lists ship inside the package (nothing is
downloaded at run time; see ``data/README-wordfilter.md``):

* ``data/ldnoobw-en.txt``: the maintained LDNOOBW English list, from the npm package
  ``naughty-words`` (CC BY 4.0, ``data/LICENSE-ldnoobw-en.txt``);
* ``data/ldnoobw-other.txt``: the same package's lists of 19 other languages written in the Latin
  alphabet (kurwa, cazzo, arschloch), less the entries that are English words: matched whole only
  (English morphology, compounds and misspellings are not theirs: read as misspellings, they
  blocked SEXTETTE, TIPI and MILLEPEDE);
* ``data/cuss-en.tsv``: the npm package ``cuss`` (MIT, ``data/LICENSE-cuss-en.txt``), words rated
  by how surely they are profane: those rated 1 (likely) or 2 (surely) are used;
* ``data/swearjar-en.json``: the npm package ``swearjar``'s English words with their categories
  (MIT, ``data/LICENSE-swearjar-en.txt``), all of them;
* ``data/unsuitable-addendum.txt`` and ``data/unsuitable-slurs.txt``: wordboard's own reviewed
  additions (weapons, drugs, death, insults and slurs the lists lack);
* ``data/unsuitable-allowed.txt``: listed words whose everyday meaning is innocent (escort,
  tinker, welfare...) and innocent look-alikes the rules below would block (peacock, cockpit);
* the grown-up's own words (:mod:`wordboard.extradiction.ownerwords`): allowed or blocked on the
  kiosk or with ``wordboard words``.

A word is blocked when it is a listed word or a form of one. Forms come from English morphology,
not from a suffix list of ours: `lemminflect <https://pypi.org/project/lemminflect/>`_ gives the
inflections of every listed word (BITCHES, SHAGGED) and the lemmas of a word it does not know
(FUCKERS -> FUCKER -> FUCK, SHITTIER -> SHITTY); the Snowball English stemmer
(`snowballstemmer <https://pypi.org/project/snowballstemmer/>`_) joins derivations that share a
stem with a listed word. A word no dictionary knows (lemminflect's lexicon, SCOWL size 80) is also
read as a compound: a listed word or form joined to another word (FUCKNUGGET, TWATFACE), and as a
close misspelling of one (the same Metaphone key from `jellyfish
<https://pypi.org/project/jellyfish/>`_, two letters changed at most: FUKER). A word a dictionary
knows is judged whole, so BUTTER, BUTTON, ASSESS, CLASSIC and PEACOCK stay playable. A multi-word entry ("jail bait") matches those words in a phrase, and the same letters
run together on the board.

The filter is used by the deck builder (to leave such words out), by the clue-card loader (an
owner's card with such a word is refused, naming its line), by the engine (in Speed and at
Level 3 a word that is, or forms, one of them is refused and never scored) and by what is shown
or said back to a child (:func:`hides_unsuitable`).
"""

from __future__ import annotations

import re
import time
from collections.abc import Container, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from wordboard.extradiction import ownerwords

_WORD = re.compile(r"[A-Za-z]+")
_POS = ("NOUN", "VERB", "ADJ")
_PART = 3            # the shortest listed word read inside a compound (ASS, CUM, TIT)
_STEMMED = 5         # the shortest form whose stem is compared (short stems collide: DIE/DIET)
_ESTABLISHED = ("scowl:80", "scowl:80:british")
_SOUNDED = 4         # the shortest word compared by its sound
_MISSPELT = 2        # letters a misspelling may change (Damerau-Levenshtein distance)
_CUSS_SURE = 1       # cuss rates 0 (maybe), 1 (likely) or 2 (surely profane)


def _read(name: str) -> list[str]:
    text = resources.files("wordboard.extradiction").joinpath("data").joinpath(name).read_text(
        encoding="utf-8")
    entries = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip().lower() if name != "ldnoobw-en.txt" else line.strip().lower()
        if line:
            entries.append(line)
    return entries


@dataclass(frozen=True)
class _Shipped:
    words: frozenset[str]                       # listed words, less the allowed ones
    allowed: frozenset[str]
    phrases: tuple[tuple[str, ...], ...]
    slurs: frozenset[str]
    foreign: frozenset[str] = frozenset()       # other languages' words: matched whole only


def _entries() -> Iterable[str]:
    """Every blocked entry of the shipped lists, as written (phrases with their spaces)."""
    yield from _read("ldnoobw-en.txt")
    for line in _read("cuss-en.tsv"):
        entry, _, rating = line.rpartition("\t")
        if rating.strip().isdigit() and int(rating) >= _CUSS_SURE:
            yield entry
    yield from _swearjar()


def _swearjar() -> list[str]:
    """The npm package swearjar's English words (every category: sexual, insult, discriminatory,
    inappropriate, blasphemy), as the package ships them (a JSON object: word -> categories)."""
    import json

    text = resources.files("wordboard.extradiction").joinpath("data").joinpath("swearjar-en.json").read_text(
        encoding="utf-8")
    return [word.strip().lower() for word in json.loads(text)]


@lru_cache(maxsize=1)
def _shipped() -> _Shipped:
    words, phrases = set(), set()
    for entry in _entries():
        if not re.fullmatch(r"[a-z]+(?:[ '-][a-z]+)*", entry):
            continue                        # digits or symbols (2g1c, pi55, s&m, an emoji): not playable
        parts = tuple(_WORD.findall(entry))
        if len(parts) == 1:
            words.add(parts[0])
        else:
            phrases.add(parts)
            words.add("".join(parts))       # "jail bait" written as one word on the board
    slurs = {w for line in _read("unsuitable-slurs.txt") for w in _WORD.findall(line)}
    for line in _read("unsuitable-addendum.txt"):
        words.update(_WORD.findall(line))
    words |= slurs
    allowed = {w for line in _read("unsuitable-allowed.txt") for w in _WORD.findall(line)}
    foreign = {w for line in _read("ldnoobw-other.txt") for w in _WORD.findall(line)}
    return _Shipped(frozenset(words - allowed), frozenset(allowed), tuple(sorted(phrases)),
                    frozenset(slurs - allowed), frozenset(foreign - words - allowed))


@lru_cache(maxsize=65536)
def known(word: str) -> bool:
    """Whether ``word`` (lower case) is an established English word: lemminflect's lexicon or
    SCOWL's lists up to size 80 (American and British spellings) hold it. Such a word is judged
    whole, with its inflections, never read as a compound: COCKCROW, HELLCAT and PEACOCK are
    words, FUCKNUGGET is not."""
    if _lexicon_lemmas(word):
        return True
    upper = word.upper()
    return any(upper in words for words in _scowl())


@lru_cache(maxsize=1)
def _scowl() -> tuple[Container[str], ...]:
    """SCOWL size 80 (the Debian package scowl), or nothing where it is not installed."""
    from wordboard.dictionary import load_dictionary

    try:
        return tuple(load_dictionary(name) for name in _ESTABLISHED)
    except Exception:                   # no scowl here: every word not in lemminflect is read
        return ()


def lemmas(word: str) -> frozenset[str]:
    """``word`` and the words it is an inflection of: the lexicon's lemmas for a word it knows,
    else lemminflect's rules for nouns, verbs and adjectives, twice (FUCKERS -> FUCKER -> FUCK)."""
    return frozenset({word} | (_lexicon_lemmas(word) or _rule_lemmas(word)))


@lru_cache(maxsize=65536)
def _lexicon_lemmas(word: str) -> frozenset[str]:
    from lemminflect import getAllLemmas

    return frozenset().union(*getAllLemmas(word).values())


@lru_cache(maxsize=65536)
def _rule_lemmas(word: str) -> frozenset[str]:
    """lemminflect's rules (a small neural model: about a millisecond a word, so asked only
    about words that begin like a listed one). An established word is read as a noun or a verb
    (HELLER is not HELL+ER); a coinage as an adjective too, whose -er/-est lemminflect strips
    (FUCKER -> FUCK)."""
    from lemminflect import getAllLemmasOOV

    found = {word}
    parts = _POS if not known(word) else ("NOUN", "VERB")
    step = {word}
    for _ in range(2):
        step = {lemma for w in step for pos in parts for lemma in getAllLemmasOOV(w, pos).get(pos, ())
                if len(lemma) >= 2} - found
        found |= step
    return frozenset(found)


def inflections(word: str) -> set[str]:
    """``word`` and the inflections lemminflect's lexicon gives it as a lemma (BITCH: BITCHES,
    BITCHED, BITCHING). A word it does not know is matched the other way, by its lemmas."""
    from lemminflect import getAllInflections

    return {word}.union(*getAllInflections(word).values())


@lru_cache(maxsize=4096)
def _stem(word: str) -> str:
    """The Snowball English stem of ``word`` (ERECTIONS, ERECTION: ERECT)."""
    if not _STEMMER:
        import snowballstemmer

        _STEMMER.append(snowballstemmer.stemmer("english"))
    stem: str = _STEMMER[0].stemWord(word)
    return stem


_STEMMER: list[Any] = []


@dataclass
class _Index:
    """The blocked words with all their forms, for one version of the grown-up's words."""
    forms: frozenset[str]
    stems: frozenset[str]
    allowed: frozenset[str]                      # shipped allowed words (exact) and the grown-up's
    owner_allowed: frozenset[str]                # the grown-up's, with their forms
    slur_forms: frozenset[str]
    sounds: dict[str, tuple[str, ...]]           # Metaphone key: the forms of 4 letters or more
    heads: frozenset[str]                        # each form less its last letter
    judged: dict[str, bool] = field(default_factory=dict)
    inner: tuple[int, frozenset[str]] = (0, frozenset())


def _forms_of(words: Iterable[str]) -> set[str]:
    return {form for word in words for form in inflections(word)}


@lru_cache(maxsize=1)
def _shipped_forms() -> tuple[frozenset[str], frozenset[str]]:
    shipped = _shipped()
    return frozenset(_forms_of(shipped.words) - shipped.allowed), frozenset(_forms_of(shipped.slurs))


def _sounds(forms: Iterable[str]) -> dict[str, tuple[str, ...]]:
    from jellyfish import metaphone

    keys: dict[str, list[str]] = {}
    for form in forms:
        if len(form) >= _SOUNDED:
            keys.setdefault(metaphone(form), []).append(form)
    return {key: tuple(found) for key, found in keys.items()}


_index_cache: dict[str, tuple[object, _Index]] = {}
_checked: dict[str, tuple[object, float]] = {}
_JUDGED = 300_000    # verdicts kept (a whole word list's)
_RECHECK = 0.5       # seconds between two looks at the grown-up's file (another process may write it)


def _index() -> _Index:
    """The index for the grown-up's words as the file is now: looked at again after
    :data:`_RECHECK` seconds, at once when this process wrote it (:func:`ownerwords.changed`)."""
    where = ownerwords.generation()
    now = time.monotonic()
    cached = _index_cache.get("index")
    seen = _checked.get("where")
    if cached is not None and seen is not None and seen[0] == where and now - seen[1] < _RECHECK:
        return cached[1]
    path = ownerwords.words_path()
    version = (str(path), ownerwords.version(path))
    _checked["where"] = (where, now)
    if cached is not None and cached[0] == version:
        return cached[1]
    try:
        owner = ownerwords.read(path) if version[1] is not None else ownerwords.OwnerWords()
    except Exception:                               # unreadable: the shipped lists alone
        owner = ownerwords.OwnerWords()
    shipped = _shipped()
    shipped_forms, slur_forms = _shipped_forms()
    owner_allowed = frozenset(_forms_of(owner.allowed))
    owner_blocked = _forms_of(owner.blocked) - owner_allowed     # the grown-up may block DICE
    forms = (shipped_forms | owner_blocked) - owner_allowed
    index = _Index(
        forms=frozenset(forms),
        stems=frozenset(_stem(f) for f in forms if len(f) >= _STEMMED),
        allowed=(shipped.allowed - owner_blocked) | owner_allowed, owner_allowed=owner_allowed,
        slur_forms=slur_forms, sounds=_sounds(forms),
        heads=frozenset(f[:-1] if len(f) > 3 else f for f in forms))
    _index_cache["index"] = (version, index)
    return index


def _listed(word: str, index: _Index) -> bool:
    """A listed word or one of its inflections (not a compound, not a derivation)."""
    if word in index.forms:
        return True
    lexicon = _lexicon_lemmas(word)
    if lexicon:
        return not lexicon.isdisjoint(index.forms)
    # a lemma of the rules keeps the word's beginning but for its last letter (SHITTIER: SHITTY)
    if not any(word[:k] in index.heads for k in range(2, len(word))):
        return False
    return not _rule_lemmas(word).isdisjoint(index.forms)


def _judge(word: str, index: _Index) -> bool:
    if word in index.allowed or not _lexicon_lemmas(word).isdisjoint(index.owner_allowed):
        return False
    if word in _shipped().foreign:
        return True
    if _listed(word, index):
        return True
    if known(word):
        return False
    if len(word) >= _STEMMED and _stem(word) in index.stems:
        return True
    return (_sounds_listed(word, index) or _compound(word, index)
            or any(_judge(w, index) for w in _unstretched(word)))


def _sounds_listed(word: str, index: _Index) -> bool:
    """A misspelling of a listed word or form: the same Metaphone key (jellyfish) and at most
    two letters changed, added, dropped or swapped (FUKER, PHUCK, BASTERDS)."""
    if len(word) < _SOUNDED:
        return False
    from jellyfish import damerau_levenshtein_distance, metaphone

    return any(damerau_levenshtein_distance(word, form) <= _MISSPELT
               for form in index.sounds.get(metaphone(word), ()))


def _unstretched(word: str) -> set[str]:
    """A word with a letter written three times or more (BOOOOBS), with it once and twice."""
    if not re.search(r"(.)\1\1", word):
        return set()
    return {re.sub(r"(.)\1{2,}", r"\1", word), re.sub(r"(.)\1{2,}", r"\1\1", word)} - {word}


def _compound(word: str, index: _Index) -> bool:
    """A listed word or form joined to another word: COCK+SUCKERS, SHIT+FACED, DUMB+ASS."""
    for i in range(_PART, len(word) - _PART + 1):
        left, right = word[:i], word[i:]
        left_bad = _listed(left, index)
        right_bad = _listed(right, index)
        if (left_bad and (right_bad or known(right))) or (right_bad and known(left)):
            return True
    return False


def is_unsuitable(word: str) -> bool:
    """True if ``word`` (one word, any case) is blocked: a listed word or a form of one."""
    plain = word.strip().lower()
    if not plain:
        return False
    index = _index()
    verdict = index.judged.get(plain)
    if verdict is None:
        if len(index.judged) >= _JUDGED:
            index.judged.clear()
        verdict = index.judged[plain] = _judge(plain, index) if plain.isalpha() else (
            any(_judge(w, index) for w in _WORD.findall(plain)))
    return verdict


def is_slur(word: str) -> bool:
    """Whether ``word`` is a slur of the shipped lists or a form of one (a grown-up who allows it
    is asked to confirm)."""
    plain = word.strip().lower()
    slurs = _index().slur_forms
    return plain in slurs or not lemmas(plain).isdisjoint(slurs)


def _inner_forms(index: _Index, min_length: int) -> frozenset[str]:
    if index.inner[0] != min_length:
        index.inner = (min_length, frozenset(f for f in index.forms if len(f) >= min_length))
    return index.inner[1]


def hides_unsuitable(letters: str, min_length: int = 4) -> bool:
    """Whether a run of letters (not a word, perhaps: what a child wrote or spelt) is unsuitable
    or holds an unsuitable word of ``min_length`` letters or more inside it. For what is shown or
    said back to a child; not for judging words (those match whole, never inside others).

    A run that is an English word (lemminflect's lexicon, SCOWL 80) or an allowed word is judged
    whole: GRAPE, HELLO, BUTTON and CANAL are said back; so is a run of such words written
    together (BESPICE: BE SPICE), none of them unsuitable. XSHELLX, holding HELL, is not."""
    plain = "".join(_WORD.findall(letters.lower()))
    if not plain:
        return False
    if is_unsuitable(plain):
        return True
    index = _index()
    if known(plain) or plain in index.allowed:
        return False
    inner = _inner_forms(index, min_length)
    n = len(plain)
    held = [(i, j) for i in range(n - min_length + 1) for j in range(i + min_length, n + 1) if plain[i:j] in inner]
    return bool(held) and not _innocent_words(plain, {p for i, j in held for p in range(i + 1, j)})


def _innocent_words(plain: str, uncut: set[int]) -> bool:
    """Whether ``plain`` splits wholly into established words of two letters or more, none of
    them unsuitable, at no position of ``uncut`` (inside a listed word): BE|SPICE, not EAT|AD|ICK."""
    n = len(plain)
    ends = [True] + [False] * n              # ends[j]: plain[:j] splits so
    for j in range(2, n + 1):
        ends[j] = (j == n or j not in uncut) and any(
            ends[i] and known(plain[i:j]) and not is_unsuitable(plain[i:j]) for i in range(0, j - 1))
    return ends[n]


def unsuitable_words_in(text: str) -> list[str]:
    """The unsuitable words found in a phrase, in order (empty when the phrase is fine)."""
    found = _WORD.findall(text)
    bad = [w for w in found if is_unsuitable(w)]
    lowered = [w.lower() for w in found]
    for phrase in _shipped().phrases:
        n = len(phrase)
        for i in range(len(lowered) - n + 1):
            if tuple(lowered[i:i + n]) == phrase:
                bad.append(" ".join(found[i:i + n]))
    return bad


def list_sizes() -> dict[str, int]:
    """How many entries each list has (for the README and tests)."""
    shipped = _shipped()
    return {"blocked words": len(shipped.words), "allowed": len(shipped.allowed),
            "phrases": len(shipped.phrases), "slurs": len(shipped.slurs), "other languages": len(shipped.foreign),
            "forms": len(_shipped_forms()[0])}
