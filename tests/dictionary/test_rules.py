"""The rulebooks' word rules applied to single entries (wordboard.dictionary.rules)."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordboard.dictionary import RejectReason, WordRules, fold_word, judge_entry
from wordboard.dictionary.rules import list_has_case_information


# Dexikon: "Plurals and conjugations are valid, as are words that would normally be spelled
# with an accent (such as sauté)."
@pytest.mark.parametrize("entry, word", [
    ("sauté", "SAUTE"), ("café", "CAFE"), ("naïve", "NAIVE"), ("fiancée", "FIANCEE"),
    ("cats", "CATS"), ("sautéed", "SAUTEED"), ("jumped", "JUMPED"), ("cat", "CAT"),
])
def test_accented_words_plurals_and_conjugations_are_words(entry, word):
    assert judge_entry(entry) == (word, None)


# Dexikon: "Acronyms (... like NORAD) and proper nouns (... like Marvin and Scotland) are not
# valid. Words that require an apostrophe (such as don't) are also not valid."
# Lexulous: "words that are always capitalised, ... abbreviations, and words requiring an
# apostrophe / hyphen" are not permitted.
@pytest.mark.parametrize("entry, reason", [
    ("Marvin", RejectReason.PROPER_NOUN), ("Scotland", RejectReason.PROPER_NOUN),
    ("Bogotá", RejectReason.PROPER_NOUN), ("McDonald", RejectReason.PROPER_NOUN),
    ("NORAD", RejectReason.ACRONYM), ("NASA", RejectReason.ACRONYM), ("CDs", RejectReason.ACRONYM),
    ("X", RejectReason.ACRONYM),
    ("don't", RejectReason.APOSTROPHE), ("cat's", RejectReason.APOSTROPHE),
    ("cat’s", RejectReason.APOSTROPHE), ("Aaron's", RejectReason.APOSTROPHE),
    ("well-known", RejectReason.HYPHEN), ("anti-", RejectReason.HYPHEN), ("-ness", RejectReason.HYPHEN),
    ("3D", RejectReason.DIGIT), ("mp3", RejectReason.DIGIT),
    ("ice cream", RejectReason.SPACE), ("ice\tcream", RejectReason.SPACE),
    ("etc.", RejectReason.NOT_A_TO_Z), ("λόγος", RejectReason.NOT_A_TO_Z),
])
def test_rejected_entries_give_their_reason(entry, reason):
    assert judge_entry(entry) == (None, reason)


def test_without_case_information_capitals_say_nothing():
    # A tournament list is all capitals: NASA and AARON there are just words.
    assert judge_entry("NASA", has_case_information=False) == ("NASA", None)
    assert judge_entry("AARON", has_case_information=False) == ("AARON", None)
    assert judge_entry("SAUTÉ", has_case_information=False) == ("SAUTE", None)
    # ... but apostrophes and hyphens still are not words.
    assert judge_entry("DON'T", has_case_information=False).reason is RejectReason.APOSTROPHE
    assert judge_entry("CO-OP", has_case_information=False).reason is RejectReason.HYPHEN


# Decision: the special letters transliterate the usual way; other scripts are rejected.
@pytest.mark.parametrize("entry, word", [
    ("encyclopædia", "ENCYCLOPAEDIA"), ("œuvre", "OEUVRE"), ("straße", "STRASSE"),
    ("smørrebrød", "SMORREBROD"), ("złoty", "ZLOTY"), ("ﬁsh", "FISH"),
])
def test_ligatures_and_special_letters_transliterate(entry, word):
    assert judge_entry(entry) == (word, None)
    assert fold_word(entry) == word


def test_fold_word_normalises_typed_words_without_case_rules():
    assert fold_word("Aaron") == "AARON"
    assert fold_word("  sauté\n") == "SAUTE"
    for bad in ("", "  ", "cat's", "ice cream", "a1", "ж", None, 5):
        assert fold_word(bad) is None


def test_case_information_needs_a_real_share_of_lower_case():
    assert list_has_case_information(["cat", "Aaron", "NASA"])
    assert not list_has_case_information(["CAT", "NASA", "AARON"])
    # A title line on an all-capitals list does not make every word an acronym.
    assert not list_has_case_information(["Collins Scrabble Words"] + ["AA"] * 50)
    assert not list_has_case_information([])


def test_rules_can_force_the_case_mode():
    entries = ["CAT", "DOG"]
    assert WordRules(case="respect").has_case_information(entries)
    assert not WordRules(case="ignore").has_case_information(["cat", "Aaron"])
    with pytest.raises(ValueError):
        WordRules(case="sometimes")
    with pytest.raises(ValueError):
        WordRules(case_share=0)


entries = st.text(alphabet=string.ascii_letters + "éèüßæ'- 1.", max_size=12)


@settings(max_examples=300, deadline=None)
@given(entries, st.booleans())
def test_every_entry_is_either_a_folded_word_or_has_a_reason(entry, has_case):
    word, reason = judge_entry(entry, has_case)
    assert (word is None) != (reason is None)
    if word is not None:
        assert word.isascii() and word.isalpha() and word.isupper()
        assert fold_word(entry) == word  # the list rules never spell a word differently


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=string.ascii_lowercase, min_size=1, max_size=15))
def test_plain_lower_case_words_are_always_words(entry):
    assert judge_entry(entry) == (entry.upper(), None)
    assert judge_entry(entry.upper(), has_case_information=False) == (entry.upper(), None)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=10))
def test_fold_word_is_idempotent(text):
    folded = fold_word(text)
    if folded is not None:
        assert fold_word(folded) == folded
