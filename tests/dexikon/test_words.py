"""The word finder: a row in order (declaring), cards in any order (help), a whole deck."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordboard.dexikon.words import best_assignment, best_last_word, find_words, fits_row, row_spellings
from wordboard.dictionary import Dictionary


def kinds(card_set, *names):
    return [card_set.kind(n) for n in names]


def test_row_spellings_find_the_letter_of_each_choice_card(card_set):
    """"? cards count as any letter, and the AT, ES and IOU cards count as whichever one of the
    printed letters you like"."""
    d = Dictionary.from_words(["sat", "set", "sit", "cat", "cot", "tea"])
    row = kinds(card_set, "ES", "AT", "AT")
    assert row_spellings(row, d) == ["SAT"]
    row = kinds(card_set, "ES", "PENALTY", "AT")
    assert row_spellings(row, d) == ["SAT", "SET", "SIT"]


def test_row_spellings_leave_out_banked_words(card_set):
    d = Dictionary.from_words(["sat", "set", "sit"])
    assert row_spellings(kinds(card_set, "ES", "PENALTY", "AT"), d,
                         exclude={"SET"}) == ["SAT", "SIT"]


def test_fits_row_checks_each_position(card_set):
    row = kinds(card_set, "C", "AT", "AT")
    assert fits_row("cat", row)
    assert not fits_row("cot", row)
    assert not fits_row("ca", row)


def test_find_words_lists_best_first_with_the_letter_of_each_card(card_set):
    d = Dictionary.from_words(["cat", "act", "at", "taco", "coat"])
    cards = kinds(card_set, "AT", "C", "IOU", "AT")
    found = find_words(cards, d)
    assert [o.word for o in found] == ["COAT", "TACO", "ACT", "CAT", "AT"]
    coat = found[0]
    assert coat.value == 2 + 1 + 1 + 1 and coat.uses_all
    assert [(k.name, letter) for k, letter in coat.letters()] == [
        ("C", "C"), ("IOU", "O"), ("AT", "A"), ("AT", "T")]
    assert coat.describe() == "COAT (5 pt): C IOU=O AT=A AT=T"


def test_find_words_prefers_high_points_and_keeps_wilds_for_last(card_set):
    d = Dictionary.from_words(["cat"])
    cards = kinds(card_set, "PENALTY", "C", "AT", "AT", "X")
    (cat,) = find_words(cards, d)
    assert [k.name for k in cat.cards] == ["C", "AT", "AT"]
    assert cat.value == 4


def test_empty_hand_bonus_counts_when_every_card_is_used(card_set):
    """Phase 5: "If you have no cards left in your hand, add 1 bonus point"."""
    d = Dictionary.from_words(["cat", "at"])
    found = find_words(kinds(card_set, "C", "AT", "AT"), d, empty_hand_bonus=True)
    assert [(o.word, o.score) for o in found] == [("CAT", 5), ("AT", 2)]


def test_first_turn_outset_is_always_possible(card_set):
    """"On your first turn, you are guaranteed to be able to spell a word using all of your
    cards - OUTSET": any six of the starting ten cards spell it."""
    deck = [card_set.kind(n) for n, count in card_set.starting_deck for _ in range(count)]
    for hand in itertools.combinations(deck, 6):
        assert best_assignment("OUTSET", hand) is not None


def test_best_last_word_from_a_whole_deck(card_set, dictionary):
    """Last word: "look through all of your cards ... use them to spell any word you like"."""
    deck = kinds(card_set, "AT", "AT", "ES", "ES", "IOU", "IOU", "PENALTY", "PENALTY", "C", "N",
                 "R", "F", "G", "N")
    best = best_last_word(deck, dictionary)
    assert best is not None and best.word in dictionary
    everything = find_words(deck, dictionary, limit=None)
    assert best.score == max(o.score for o in everything)


def test_no_words_from_one_card(card_set, dictionary):
    assert find_words(kinds(card_set, "AT"), dictionary) == []
    assert row_spellings(kinds(card_set, "AT"), dictionary) == []


POOL = st.sampled_from(["AT", "ES", "IOU", "PENALTY", "SPECIAL", "C", "N", "T", "R", "S", "E",
                        "B", "K", "Q", "O"])


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=st.lists(POOL, min_size=2, max_size=6))
def test_finder_agrees_with_brute_force(card_set, names):
    """Every word found can be laid with the cards, at the best value; none is missed."""
    d = Dictionary.from_words(["cat", "set", "bone", "tin", "rest", "quit", "knots", "one",
                               "ten", "net", "sent", "best", "stone", "notes", "tones", "oat"])
    cards = kinds(card_set, *names)
    found = {o.word: o for o in find_words(cards, d, limit=None)}
    for word in d:
        brute = None
        for subset in itertools.permutations(range(len(cards)), len(word)):
            laid = [cards[i] for i in subset]
            if fits_row(word, laid):
                value = sum(k.points for k in laid)
                brute = value if brute is None else max(brute, value)
        if brute is None:
            assert word not in found
        else:
            assert found[word].value == brute
            assert fits_row(word, found[word].cards)
            assert sum(k.points for k in found[word].cards) == brute
