"""``Dictionary``: a compiled word list and its queries (is it a word, pattern, anagram)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from wordboard.dictionary.compile import DictionaryStats, ProgressCallback, compile_entries
from wordboard.dictionary.patterns import PatternError, parse_letters, parse_pattern, pattern_regex
from wordboard.dictionary.rules import WordRules, fold_word

if TYPE_CHECKING:
    from wordboard.dictionary.anagrams import LetterCountIndex

__all__ = ["Dictionary"]


#: Up to this many words membership is a set of them (fast); past it a binary search in the
#: compiled records themselves: a set of 2.5 million words took about 300 MB, its records 27 MB.
SET_AT_MOST = 1_000_000


class SortedRecords:
    """Membership of a big list in its compiled sections (per length, sorted fixed-width records
    ``WORD\\n``): a binary search, so a list of millions of words fits a small Pi's memory."""

    __slots__ = ("_sections", "_count")

    def __init__(self, sections: Mapping[int, bytes], count: int) -> None:
        self._sections = sections
        self._count = count

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        blob = self._sections.get(len(word))
        if not blob:
            return False
        try:
            key = word.encode("ascii")
        except UnicodeEncodeError:
            return False
        width = len(key) + 1
        lo, hi = 0, len(blob) // width
        while lo < hi:
            mid = (lo + hi) // 2
            if blob[mid * width:mid * width + width - 1] < key:
                lo = mid + 1
            else:
                hi = mid
        return blob[lo * width:lo * width + width - 1] == key

    def __len__(self) -> int:
        return self._count


class Dictionary:
    """A set of words (upper case A-Z) with fast membership, pattern and anagram queries.

    Make one with ``load_dictionary`` (a system list or a file, cached on disk) or
    ``Dictionary.from_words`` (in memory). Words are folded: ``"sauté" in d`` asks about
    ``SAUTE``. Instances are immutable and safe to share.
    """

    __slots__ = ("source", "stats", "cache_file", "from_cache", "_words", "_sections", "_anagram_indexes")

    def __init__(self, sections: Mapping[int, bytes], *, source: str,
                 stats: DictionaryStats | None = None, cache_file: Path | None = None,
                 from_cache: bool = False) -> None:
        """Wrap compiled sections (see ``wordboard.dictionary.compile``); not usually called directly."""
        self._sections = {length: sections[length] for length in sorted(sections)}
        count = sum(len(blob) // (length + 1) for length, blob in self._sections.items())
        self._words: frozenset[str] | SortedRecords = (
            frozenset(b"".join(self._sections.values()).decode("ascii").split()) if count <= SET_AT_MOST
            else SortedRecords(self._sections, count))
        self._anagram_indexes: dict[int, LetterCountIndex] = {}
        #: What the list is: a system list name such as ``scowl:70:american:0``, a file path, or
        #: ``<memory>``.
        self.source = source
        #: Words kept and entries rejected by reason.
        self.stats = stats if stats is not None else DictionaryStats(len(self._words))
        #: The cache file this dictionary was read from or written to, if any.
        self.cache_file = cache_file
        #: True when it was read from the cache, False when compiled from the source.
        self.from_cache = from_cache

    @classmethod
    def from_words(cls, words: Iterable[str], rules: WordRules | None = None, *,
                   source: str = "<memory>", progress: ProgressCallback | None = None) -> Dictionary:
        """A dictionary of ``words``, applying the word rules exactly as for a list file.

        So ``from_words(["cat", "Cats"])`` holds only CAT (with lower case present, "Cats" is a
        proper noun), while ``from_words(["CAT", "CATS"])`` is an all-capitals list and holds both.
        """
        entries = [w for w in words if isinstance(w, str)]
        sections, stats = compile_entries(entries, rules or WordRules(), progress)
        return cls(sections, source=source, stats=stats)

    # -- membership ---------------------------------------------------------------------------

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        upper = word.upper()
        if upper in self._words:
            return True
        if upper.isascii():
            return False  # folding an ASCII string only upper-cases it
        folded = fold_word(word)
        return folded is not None and folded in self._words

    def is_word(self, word: object) -> bool:
        """Whether ``word`` is in the dictionary (case and accents fold; non-letters are False)."""
        return word in self

    def __len__(self) -> int:
        return len(self._words)

    def __iter__(self) -> Iterator[str]:
        """Every word, shortest first, alphabetical within a length."""
        for length in self._sections:
            yield from self.words_of_length(length)

    def __repr__(self) -> str:
        return f"<Dictionary {self.source} with {len(self):,} words>"

    def compiled_sections(self) -> dict[int, bytes]:
        """The compiled form: per length, the sorted words each followed by a newline (ASCII)."""
        return dict(self._sections)

    def lengths(self) -> list[int]:
        """The word lengths present, ascending."""
        return list(self._sections)

    def words_of_length(self, length: int) -> list[str]:
        """The words of exactly ``length`` letters, alphabetical."""
        blob = self._sections.get(length)
        return blob.decode("ascii").split() if blob else []

    # -- pattern ------------------------------------------------------------------------------

    def matching(self, pattern: str | Sequence[str | None]) -> list[str]:
        """Every word matching a pattern, alphabetical.

        ``pattern`` is text (``"C?T"``, ``"[AE]?[IOU]S"``: a letter, ``?`` any letter, ``[..]`` a
        choice) or a sequence with one item per position, ``None`` for any letter or a string of
        allowed letters (``["C", None, "AE"]``). Raises ``PatternError`` if it cannot be read.
        """
        positions = parse_pattern(pattern)
        if not positions:
            return []
        blob = self._sections.get(len(positions))
        if blob is None:
            return []
        letters = [next(iter(pos)) for pos in positions if pos is not None and len(pos) == 1]
        if len(letters) == len(positions):      # one letter in every position: one word to look up
            word = "".join(letters)
            return [word] if word in self._words else []
        found = pattern_regex(positions).findall(blob)
        return [match.decode("ascii") for match in found]

    # -- anagram ------------------------------------------------------------------------------

    def anagrams(self, letters: str, wilds: int = 0, min_length: int = 2,
                 max_length: int | None = None, use_all: bool = False) -> list[str]:
        """Every word that can be made from ``letters`` plus ``wilds`` any-letters, alphabetical.

        Each letter is used at most as often as it appears; a ``?`` in ``letters`` is one more
        wild. Words have ``min_length`` to ``max_length`` letters (default: as many as there are
        tiles); ``use_all`` asks for words that use every letter and every wild.
        """
        rack, extra_wilds = parse_letters(letters)
        if isinstance(wilds, bool) or not isinstance(wilds, int) or wilds < 0:
            raise PatternError(f"wilds must be a whole number 0 or more, not {wilds!r}")
        wilds += extra_wilds
        tiles = len(rack) + wilds
        if use_all:
            lengths = [tiles]
        else:
            top = tiles if max_length is None else min(max_length, tiles)
            lengths = list(range(max(min_length, 1), top + 1))
        lengths = [n for n in lengths if n in self._sections and n > 0]
        if not lengths:
            return []
        from wordboard.dictionary.anagrams import rack_counts

        counts = rack_counts(rack)
        found: list[str] = []
        for length in lengths:
            found.extend(self._anagram_index(length).words_from(counts, wilds))
        found.sort()
        return found

    def _anagram_index(self, length: int) -> LetterCountIndex:
        index = self._anagram_indexes.get(length)
        if index is None:
            from wordboard.dictionary.anagrams import LetterCountIndex

            index = LetterCountIndex(length, self._sections[length])
            self._anagram_indexes[length] = index
        return index
