"""Membership, pattern and anagram queries, checked against brute force."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordboard.dictionary import Dictionary, PatternError
from wordboard.errors import UserError

SMALL_ALPHABET = "AEIOSTRNCQ"
WORDS = st.lists(st.text(alphabet=SMALL_ALPHABET, min_size=1, max_size=7), max_size=60)


@pytest.fixture(scope="module")
def small():
    return Dictionary.from_words(
        ["CAT", "COT", "CUT", "CAST", "ACT", "TAB", "EAUS", "AXIS", "OATS", "ATES", "RETAINS",
         "NASTIER", "STAINER", "RETINAS", "ANESTRI", "QI", "ZA", "A"])


def test_membership_folds_case_and_accents():
    d = Dictionary.from_words(["sauté", "cat"])
    assert "SAUTE" in d and "sauté" in d and "Sauté" in d and d.is_word("cat")
    assert "cats" not in d
    assert "ĉat" in d  # accents fold whichever letter carries them
    for odd in ("", "c a t", "cat's", "ca7", None, 3, b"CAT", "сat"):  # Cyrillic с
        assert not d.is_word(odd) and odd not in d


def test_matching_examples(small):
    assert small.matching("C?T") == ["CAT", "COT", "CUT"]
    assert small.matching("c?t") == ["CAT", "COT", "CUT"]
    assert small.matching("[AE]?[IOU]S") == ["AXIS", "EAUS"]
    assert small.matching(["C", None, "AE"]) == []
    assert small.matching(["C", None, "T"]) == ["CAT", "COT", "CUT"]
    assert small.matching(["[AT]"] * 0) == []
    assert small.matching("CAT") == ["CAT"] and small.matching("DOG") == []
    assert small.matching("?????????????") == []


def test_dexikon_cards_as_choices(small):
    # ES, AT, IOU and ES cards: each is "one of its printed letters"; a ? penalty card is any.
    assert small.matching(["ES", "AT", "IOU", "ES"]) == ["EAUS"]
    assert small.matching("[ES][AT][IOU][ES]") == ["EAUS"]
    assert small.matching(["AT", None, "ES", "ES"]) == ["ATES"]


@pytest.mark.parametrize("bad", ["C[T", "C[]T", "C-T", "C3T", "C T", "[A1]", "ß"])
def test_bad_patterns_are_clear_errors(small, bad):
    with pytest.raises(PatternError) as info:
        small.matching(bad)
    assert isinstance(info.value, UserError) and isinstance(info.value, ValueError)


def test_bad_pattern_sequences(small):
    for bad in (["C", ""], ["C", 3], ["C", "1"]):
        with pytest.raises(PatternError):
            small.matching(bad)


def test_anagram_examples(small):
    assert small.anagrams("AEINRST", use_all=True) == ["ANESTRI", "NASTIER", "RETAINS", "RETINAS", "STAINER"]
    assert small.anagrams("CAT") == ["ACT", "CAT"]
    assert small.anagrams("CAT", min_length=1) == ["A", "ACT", "CAT"]
    assert small.anagrams("CAT", wilds=1) == ["ACT", "CAST", "CAT", "COT", "CUT", "TAB", "ZA"]
    assert small.anagrams("CA?") == small.anagrams("CA", wilds=1)
    assert small.anagrams("CAT", wilds=2, max_length=2) == ["QI", "ZA"]
    assert small.anagrams("", wilds=2) == ["QI", "ZA"]
    with pytest.raises(PatternError):
        small.anagrams("CA7")
    with pytest.raises(PatternError):
        small.anagrams("CAT", wilds=-1)


def brute_matches(words, positions):
    return sorted(w for w in set(words) if len(w) == len(positions)
                  and all(p is None or ch in p for ch, p in zip(w, positions)))


@settings(max_examples=150, deadline=None)
@given(WORDS, st.lists(st.one_of(st.none(), st.text(alphabet=SMALL_ALPHABET, min_size=1, max_size=3)),
                       min_size=1, max_size=7))
def test_matching_equals_brute_force(words, pattern):
    d = Dictionary.from_words(words)
    expected = brute_matches(words, pattern)
    assert d.matching(pattern) == expected
    text = "".join("?" if p is None else f"[{p}]" for p in pattern)
    assert d.matching(text) == expected


def can_make(word, rack, wilds):
    missing = Counter(word) - Counter(rack)
    return sum(missing.values()) <= wilds


@settings(max_examples=150, deadline=None)
@given(WORDS, st.text(alphabet=SMALL_ALPHABET, max_size=8), st.integers(0, 2),
       st.integers(1, 4), st.one_of(st.none(), st.integers(1, 8)), st.booleans())
def test_anagrams_equal_brute_force(words, rack, wilds, min_length, max_length, use_all):
    d = Dictionary.from_words(words)
    tiles = len(rack) + wilds
    top = tiles if max_length is None else min(tiles, max_length)
    expected = sorted(w for w in set(words) if can_make(w, rack, wilds)
                      and ((len(w) == tiles) if use_all else (min_length <= len(w) <= top)))
    assert d.anagrams(rack, wilds=wilds, min_length=min_length, max_length=max_length,
                      use_all=use_all) == expected


@settings(max_examples=100, deadline=None)
@given(WORDS)
def test_lengths_iteration_and_membership_agree(words):
    d = Dictionary.from_words(words)
    everything = list(d)
    assert len(everything) == len(d) == len(set(words))
    assert sorted(everything) == sorted(set(words))
    for length in d.lengths():
        group = d.words_of_length(length)
        assert group == sorted(group) and all(len(w) == length for w in group)
    assert all(w in d and w.lower() in d for w in words)
