"""The word finder: which words a row of Dexikon cards, or a whole deck, can spell.

Two questions come up at the table:

* **Declaring a word** (:func:`row_spellings`): the cards lie in a row in a fixed order, and the
  question is which dictionary words fit it position by position (an ``AT`` card is A or T, a ``?``
  card any letter). This is one call to the dictionary's pattern query.
* **Help** (:func:`find_words`, :func:`best_last_word`): given some cards in any order (a hand, a
  row, a whole deck for the last word), which words can they spell using some or all of them, and
  which card stands for which letter, best first.

The help search works on a letter-count index of the dictionary (built once per dictionary and
cached): a word is spellable when, after the single-letter cards have been used on their letters,
the letters left over can be matched to the choice cards (``AT``, ``ES``, ``IOU``) and wild cards.
Hall's marriage condition over the few kinds of choice card decides that for every word of a length
at once with numpy. The value of a spellable word is the best total of card points over all ways
of laying it (a maximum-weight matching, found greedily because the sets of cards that can be laid
into a word form a matroid); an upper bound per word lets the search stop once the best ``limit``
words are certain.

"Best" means: most points, then the longest word, then alphabetical order.
"""

from __future__ import annotations

import heapq
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

import numpy as np

from wordboard.dexikon.cards import ALPHABET, Card, CardKind

__all__ = ["WordOption", "row_pattern", "row_spellings", "find_words", "best_last_word",
           "best_assignment", "MIN_WORD_LENGTH", "commonness", "for_people", "KNOWN_ZIPF"]

#: Dexikon's rulebook gives no minimum length. wordboard asks for two letters: word lists carry
#: single letters ("b", "x") as entries, and a one-card word is not what the game is about.
MIN_WORD_LENGTH = 2
_MAX_WORD_LENGTH = 40


class WordList(Protocol):
    """What the finder needs from a :class:`wordboard.dictionary.Dictionary`."""

    def is_word(self, word: str) -> bool: ...
    def matching(self, pattern: Sequence[str | None]) -> list[str]: ...
    def words_of_length(self, n: int) -> Iterable[str]: ...


CardLike = Card | CardKind


def _kind(item: CardLike) -> CardKind:
    return item.kind if isinstance(item, Card) else item


@dataclass(frozen=True)
class WordOption:
    """A word some cards can spell: the cards in word order, each standing for ``word[i]``."""

    word: str
    value: int                      # the total points of the cards used
    cards: tuple                    # the given items (cards or kinds), in the order of the word
    uses_all: bool                  # every given card is used
    score: int                      # value, plus 1 when ``empty_hand_bonus`` and ``uses_all``

    def letters(self) -> list[tuple[CardLike, str]]:
        """Each card with the letter it stands for."""
        return list(zip(self.cards, self.word))

    def describe(self) -> str:
        laid = " ".join(f"{_kind(c).name}={letter}" if _kind(c).letters != letter else letter
                        for c, letter in self.letters())
        return f"{self.word} ({self.score} pt): {laid}"


def row_pattern(row: Sequence[CardLike]) -> list[str | None]:
    """The dictionary pattern of a row: each card's letters, ``None`` for a wild card."""
    return [(_kind(c).letters or None) for c in row]


def row_spellings(row: Sequence[CardLike], dictionary: WordList,
                  exclude: Iterable[str] = ()) -> list[str]:
    """The dictionary words that fit ``row`` position by position (sorted), minus ``exclude``."""
    if len(row) < MIN_WORD_LENGTH:
        return []
    excluded = {w.upper() for w in exclude}
    words = (w.upper() for w in dictionary.matching(row_pattern(row)))
    return sorted(w for w in words if w not in excluded and len(w) == len(row))


def fits_row(word: str, row: Sequence[CardLike]) -> bool:
    """Whether ``word`` can be laid on ``row`` in this order."""
    word = word.upper()
    return len(word) == len(row) and all(_kind(c).can_be(ch) for c, ch in zip(row, word))


def best_assignment(word: str, cards: Sequence[CardLike]) -> tuple[int, tuple[int, ...]] | None:
    """The best way to lay ``word`` with some of ``cards``: (value, card index per letter).

    ``None`` when the cards cannot spell it. Greedy over cards by points is exact: the sets of
    cards that can be matched into the word's letters are the independent sets of a matroid.
    """
    kinds = [_kind(c) for c in cards]
    return _assign(word.upper(), kinds, _greedy_order(kinds))


def _greedy_order(kinds: Sequence[CardKind]) -> list[int]:
    """Cards by points, highest first; among equals the least flexible first (wilds last)."""
    return sorted(range(len(kinds)), key=lambda i: (-kinds[i].points, kinds[i].is_wild,
                                                    len(kinds[i].letters)))


def _assign(word: str, kinds: Sequence[CardKind], order: Sequence[int]
            ) -> tuple[int, tuple[int, ...]] | None:
    n = len(word)
    if n > len(kinds):
        return None
    by_letter: dict[str, list[int]] = {}
    for pos, ch in enumerate(word):
        by_letter.setdefault(ch, []).append(pos)
    everywhere = list(range(n))
    by_letters: dict[str, list[int]] = {"": everywhere}       # cards of one kind reach alike
    reach: list[list[int]] = []
    for k in kinds:
        positions = by_letters.get(k.letters)
        if positions is None:
            positions = by_letters[k.letters] = [p for ch in k.letters
                                                 for p in by_letter.get(ch, ())]
        reach.append(positions)
    owner = [-1] * n

    def augment(i: int, seen: list[bool]) -> bool:
        for p in reach[i]:
            if seen[p]:
                continue
            seen[p] = True
            if owner[p] == -1 or augment(owner[p], seen):
                owner[p] = i
                return True
        return False

    matched = 0
    value = 0
    for i in order:
        if reach[i] and augment(i, [False] * n):
            matched += 1
            value += kinds[i].points
            if matched == n:
                return value, tuple(owner)
    return None


class _Index:
    """Letter counts of every word of a dictionary, grouped by length (numpy arrays)."""

    def __init__(self, dictionary: WordList):
        self.words: dict[int, np.ndarray] = {}
        self.counts: dict[int, np.ndarray] = {}
        for n in range(MIN_WORD_LENGTH, _MAX_WORD_LENGTH + 1):
            words = sorted({w.upper() for w in dictionary.words_of_length(n)})
            words = [w for w in words if w.isascii() and w.isalpha() and len(w) == n]
            if not words:
                continue
            letters = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8)
            letters = (letters - ord("A")).reshape(len(words), n)
            counts = np.zeros((26, len(words)), dtype=np.int16)   # letter-major rows
            rows = np.arange(len(words))
            for col in range(n):
                np.add.at(counts, (letters[:, col], rows), 1)
            self.words[n] = np.array(words, dtype=object)
            self.counts[n] = counts


_INDEXES: dict[int, tuple[object, _Index]] = {}
_LOCK = threading.Lock()


def _index(dictionary: WordList) -> _Index:
    with _LOCK:
        held = _INDEXES.get(id(dictionary))
        if held is None or held[0] is not dictionary:
            if len(_INDEXES) >= 4:
                _INDEXES.pop(next(iter(_INDEXES)))
            held = (dictionary, _Index(dictionary))
            _INDEXES[id(dictionary)] = held
        return held[1]


def prepare(dictionary: WordList) -> None:
    """Build the finder's index of ``dictionary`` now rather than on the first query."""
    _index(dictionary)


class _Query:
    """The cards of one search, digested for the index: which letters matter and how."""

    def __init__(self, kinds: Sequence[CardKind]):
        self.fixed = [0] * 26
        groups: dict[str, int] = {}
        self.wilds = 0
        for kind in kinds:
            if kind.is_wild:
                self.wilds += 1
            elif len(kind.letters) == 1:
                self.fixed[ord(kind.letters) - 65] += 1
            else:
                groups[kind.letters] = groups.get(kind.letters, 0) + 1
        self.groups = list(groups.items())
        # The signature of a letter: the choice groups it belongs to (a bit per group).
        self.signature = [sum(1 << g for g, (letters, _) in enumerate(self.groups) if ch in letters)
                          for ch in ALPHABET]
        # Letters that are not fixed and in no group can only be laid with wild cards.
        self.special = [i for i in range(26) if self.fixed[i] or self.signature[i]]
        self.subsets = [(mask, self.wilds + sum(c for g, (_, c) in enumerate(self.groups)
                                                if mask >> g & 1))
                        for mask in range(1 << len(self.groups))]
        self.best = [max((k.points for k in kinds if k.can_be(ch)), default=0) for ch in ALPHABET]
        self.best_wild = max((k.points for k in kinds if k.is_wild), default=0)

    def spellable(self, counts: np.ndarray, n: int) -> np.ndarray:
        """Which words (columns of ``counts``, all of length ``n``) the cards can spell.

        After each single-letter card is used on its letter, Hall's condition for the letters
        left over against the choice cards and wild cards: for every set K of choice groups,
        the letters that only K's cards or wilds can lay must not outnumber them.
        """
        size = counts.shape[1]
        by_signature: dict[int, np.ndarray] = {}
        other = np.full(size, n, dtype=np.int16)       # letters only wilds can lay
        for i in self.special:
            row = counts[i]
            other -= row
            excess = np.maximum(row - self.fixed[i], 0) if self.fixed[i] else row
            sig = self.signature[i]
            by_signature[sig] = by_signature[sig] + excess if sig in by_signature else excess
        by_signature[0] = by_signature[0] + other if 0 in by_signature else other
        ok = np.ones(size, dtype=bool)
        for mask, cap in self.subsets:
            need: np.ndarray | None = None
            for sig, excess in by_signature.items():
                if sig & ~mask == 0:
                    need = excess if need is None else need + excess
            assert need is not None, "signature 0 (none of these letters) is in every subset"
            ok &= need <= cap
        return ok

    def bound(self, counts: np.ndarray, n: int) -> np.ndarray:
        """An upper bound of each word's value: every letter laid by the best card for it."""
        total = np.zeros(counts.shape[1], dtype=np.int32)
        rest = np.full(counts.shape[1], n, dtype=np.int32)
        for i in self.special:
            total += counts[i] * self.best[i]
            rest -= counts[i]
        return total + rest * self.best_wild


def find_words(cards: Sequence[CardLike], dictionary: WordList, *, limit: int | None = 20,
               exclude: Iterable[str] = (), min_length: int = MIN_WORD_LENGTH,
               empty_hand_bonus: bool = False,
               unsuitable: Callable[[str], bool] | None = None) -> list[WordOption]:
    """The words that some or all of ``cards`` can spell in any order, best first.

    ``exclude``: words that may not be spelled (banked words). ``empty_hand_bonus``: the cards are
    a whole hand, so a word using all of them is worth one more point (rulebook phase 5).
    ``unsuitable``: a test of words never to be offered (the children's filter,
    :func:`wordboard.extradiction.wordfilter.is_unsuitable`), skipped before the best ``limit``
    are counted. ``limit=None`` lists every word.
    """
    kinds = [_kind(c) for c in cards]
    total = len(kinds)
    if total < min_length:
        return []
    index = _index(dictionary)
    excluded = {w.upper() for w in exclude}
    query = _Query(kinds)
    top_points = np.cumsum(sorted((k.points for k in kinds), reverse=True))

    # Every spellable word with an upper bound of its score, best bound first.
    bounds, lengths, words = [], [], []
    for n in range(max(min_length, MIN_WORD_LENGTH), total + 1):
        if n not in index.counts:
            continue
        counts = index.counts[n]
        ok = query.spellable(counts, n)
        if not ok.any():
            continue
        bound = np.minimum(query.bound(counts[:, ok], n), top_points[n - 1]).astype(np.int64)
        if empty_hand_bonus and n == total:
            bound += 1
        bounds.append(bound)
        lengths.append(np.full(len(bound), n, dtype=np.int64))
        words.append(index.words[n][ok])
    if not bounds:
        return []
    bound = np.concatenate(bounds)
    length = np.concatenate(lengths)
    word_of = np.concatenate(words)
    # Highest bound, then longest; within a length the index keeps alphabetical order.
    visit = np.argsort(-(bound * 64 + length), kind="stable")

    order = _greedy_order(kinds)
    results: list[WordOption] = []
    best_scores: list[int] = []        # min-heap of the best ``limit`` scores so far
    for at in visit.tolist():
        ub = int(bound[at])
        if limit is not None and len(best_scores) >= limit and ub < best_scores[0]:
            break
        word = word_of[at]
        if word in excluded or (unsuitable is not None and unsuitable(word)):
            continue
        found = _assign(word, kinds, order)
        if found is None:  # pragma: no cover - the index said it was spellable
            continue
        value, owners = found
        uses_all = len(word) == total
        score = value + (1 if empty_hand_bonus and uses_all else 0)
        results.append(WordOption(word, value, tuple(cards[i] for i in owners), uses_all, score))
        if limit is not None:
            if len(best_scores) < limit:
                heapq.heappush(best_scores, score)
            elif score > best_scores[0]:
                heapq.heapreplace(best_scores, score)
    results.sort(key=lambda o: (-o.score, -len(o.word), o.word))
    return results if limit is None else results[:limit]


def best_last_word(cards: Sequence[CardLike], dictionary: WordList, *, returns: int | None = None,
                   unsuitable: Callable[[str], bool] | None = None) -> WordOption | None:
    """The best word all of a player's cards can spell (the rulebook's "last word").

    Best for the final score: the word's value plus 2 for each Penalty an end-of-game return
    ("end-return", the B card: "return two cards not used in your last word") can give back,
    so a Penalty is not spent in the word when a B card could return it. ``returns``: how many
    cards can be returned (default: the end-return effects of ``cards``). Exact: for k of the
    Penalties left out, the best word of the other cards is found (k from 0 to ``returns``).
    ``unsuitable``: words never to be offered, as for :func:`find_words`."""
    kinds = [_kind(c) for c in cards]
    if returns is None:
        returns = sum(k.amount("end-return") for k in kinds)
    penalties = [i for i, k in enumerate(kinds) if k.is_penalty]
    best: tuple[int, WordOption] | None = None
    for left_out in range(min(returns, len(penalties)) + 1):
        out = set(penalties[len(penalties) - left_out:])
        rest = [c for i, c in enumerate(cards) if i not in out]
        found = find_words(rest, dictionary, limit=1, unsuitable=unsuitable)
        if not found:
            continue
        option = found[0]
        used = sum(_kind(c).is_penalty for c in option.cards)
        gain = option.value + 2 * min(returns, len(penalties) - used)
        if best is None or gain > best[0]:
            best = (gain, option)
    return best[1] if best is not None else None


#: A word a player knows: wordfreq's Zipf frequency at least this (2: about once in 100 million
#: words; CAPOTE 2.6 and HANGAR 3.3 are above, OSSIFY 1.3 and PYOSIS 0 below).
KNOWN_ZIPF = 2.0


def commonness(word: str) -> float:
    """How common ``word`` is in English: wordfreq's Zipf frequency (0 when unknown, or when
    wordfreq is not installed)."""
    return _zipf(word.lower())


@lru_cache(maxsize=65536)
def _zipf(word: str) -> float:
    try:
        from wordfreq import zipf_frequency
    except ImportError:  # pragma: no cover - wordfreq is a dependency
        return 0.0
    return float(zipf_frequency(word, "en"))


def for_people(options: Iterable[WordOption]) -> list[WordOption]:
    """Hints as a person would play: the words a player knows (:data:`KNOWN_ZIPF`) first, best
    score first, the rarer words after them; words unsuitable for children left out."""
    from wordboard.extradiction.wordfilter import is_unsuitable

    kept = [o for o in options if not is_unsuitable(o.word)]
    return sorted(kept, key=lambda o: (commonness(o.word) < KNOWN_ZIPF, -o.score, -commonness(o.word), o.word))
