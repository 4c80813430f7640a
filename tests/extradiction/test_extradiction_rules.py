"""eXtraDICTION's rules, one test per rule, quoting the rulebook where it speaks."""

import pytest

from wordboard.extradiction.edition import ChanceCard, parse_square
from wordboard.extradiction.engine import Game, Guess, GuessWanted, IllegalMove, Level, Pass, Rule, WordWanted

from .helpers import ACROSS, DOWN, WORDS, card, example, game, write

# --- the rulebook's worked example (Note 2, Level 3 scoring) ---------------------------------

def test_worked_example_apple_star_apples_rat():
    """'apple' 4 x 3 = 12; 'star' touching it: 5 x 2 = 10 plus 'apples' 4 x 3 = 12 -> 22;
    'rat' floating: 3 stars in 2 zones, 'the score is only 3 stars'."""
    g = game("speed", players=("Ann", "Ben"))
    first = g.play(write("apple", "A5"))
    assert [(w.word, w.stars, w.zones, w.points) for w in first.placement.words] == [("APPLE", 4, 3, 12)]
    second = g.play(write("star", "F5", DOWN))
    assert [(w.word, w.points) for w in second.placement.words] == [("STAR", 10), ("APPLES", 12)]
    assert second.stars_change == 22
    third = g.play(write("rat", "G2"))
    assert third.placement.floating
    assert (third.placement.words[0].stars, third.placement.words[0].zones) == (3, 2)
    assert third.stars_change == 3
    assert g.stars == [12 + 3, 22]
    # counted as the rulebook counts: "1 + 2 + 1 = 4 ... 4 x 3 = 12"
    assert first.placement.words[0].explain() == "APPLE: 1 + 2 + 1 = 4 stars x 3 zones = 12"
    assert second.placement.words[0].explain() == "STAR: 2 + 1 + 2 = 5 stars x 2 zones = 10"
    assert third.placement.words[0].explain() == "RAT: 1 + 2 = 3 stars"


def test_worked_example_in_level_3_with_clue_cards():
    g = game("3", players=("Ann", "Ben"))
    assert isinstance(g.pending, GuessWanted) and g.pending.reader == 1
    assert g.play(Guess("apple")).correct
    g.play(write("apple", "A5"))
    g.play(Guess("Star"))
    g.play(write("star", "F5", DOWN))
    g.play(Guess("rat"))
    g.play(write("rat", "G2"))
    assert g.stars == [15, 22] and g.is_over  # the clue deck ran out


# --- Levels 1 and 2 ---------------------------------------------------------------------------

def test_level1_stars_are_the_stars_on_the_squares():
    """'count the number of stars in the squares occupied by the letters'"""
    g = game("1", ["apple"])
    record = g.play(write("apple", "A5"))
    assert record.stars_change == 4 and g.stars == [4]
    assert record.placement.words[0].explain() == "APPLE: 1 + 2 + 1 = 4 stars"


def test_level1_word_goes_horizontally_anywhere():
    """'The word should be written horizontally anywhere on the board.'"""
    g = game("1", ["rat"])
    assert g.is_legal(write("rat", "A1")) and g.is_legal(write("rat", "G9"))
    with pytest.raises(IllegalMove) as err:
        g.play(write("rat", "A1", DOWN))
    assert err.value.rule is Rule.HORIZONTAL_ONLY


def test_level1_each_letter_occupies_an_empty_square_on_the_board():
    """'Each letter must occupy one square.' (Levels 1 and 2 never write over a letter.)"""
    g = game("1", ["apple", "rat"])
    with pytest.raises(IllegalMove) as err:
        g.play(write("apple", "F1"))
    assert err.value.rule is Rule.OFF_BOARD
    g.play(write("apple", "A5"))
    with pytest.raises(IllegalMove) as err:
        g.play(write("rat", "C5"))
    assert err.value.rule is Rule.SQUARE_TAKEN


def test_level1_writes_the_word_on_the_card():
    g = game("1", ["apple"])
    with pytest.raises(IllegalMove) as err:
        g.play(write("pear", "A1"))
    assert err.value.rule is Rule.NOT_THE_CLUE_WORD


def test_level1_one_chance_card_per_letter_on_a_chance_square():
    """'For each letter that occupies a Chance square ... pick a card from the stack.'"""
    g = game("1", ["rat", "cat"], chance_cards=[ChanceCard(stars=2), ChanceCard(stars=3)])
    record = g.play(write("rat", "G2"))  # H2 is a Chance square
    assert [d.card for d in record.chance] == [ChanceCard(stars=2)]
    assert record.stars_change == 3 + 2


def test_level2_right_guess_then_write_and_score():
    """'If the player guesses the word correctly ... help the player write the word'"""
    g = game("2", ["apple", "rat"], players=("Ann", "Ben"))
    assert isinstance(g.pending, GuessWanted) and g.pending.reader is None
    with pytest.raises(IllegalMove) as err:
        g.play(write("apple", "A5"))
    assert err.value.rule is Rule.NOT_NOW
    assert g.play(Guess(" Apple ")).correct
    assert g.pending == WordWanted(0, card("apple"))
    g.play(write("apple", "A5"))
    assert g.stars == [4, 0] and g.pending.player == 1


def test_level2_wrong_guess_sets_the_card_aside_and_next_player_gets_a_new_card():
    """'If the player guesses the word incorrectly, then start the process again with a new
    Clue Card. The Clue Card just used is put to one side. If there is a second player, it is
    his turn to guess the word on the new Clue Card.'"""
    g = game("2", ["apple", "rat"], players=("Ann", "Ben"))
    result = g.play(Guess("pear"))
    assert not result.correct and g.history[-1].guessed_wrong
    assert g.pending == GuessWanted(1, card("rat"))
    assert g.stars == [0, 0] and g.cards_used == 1


@pytest.mark.parametrize("level", ["2", "3"])
@pytest.mark.parametrize("guess", ["", "   ", "F6", "b00k", "apple!"])
def test_a_guess_that_is_not_letters_is_refused_and_asked_again(level, guess):
    """Decision: only letters make a guess; a typo like F6 does not lose the card."""
    g = game(level, ["apple", "rat"])
    with pytest.raises(IllegalMove) as err:
        g.play(Guess(guess))
    assert err.value.rule is Rule.NOT_LETTERS
    assert g.pending == GuessWanted(0, card("apple")) and g.cards_used == 0
    assert g.play(Guess("ap ple")).correct  # spaces and case do not matter


def test_level2_alone_the_same_player_guesses_again():
    """'repeat the process with the next player, if any. Otherwise ... with the same player.'"""
    g = game("2", ["apple", "rat"])
    g.play(Guess("pear"))
    assert g.pending == GuessWanted(0, card("rat"))


# --- Level 3 and Speed: writing (Note 1) ------------------------------------------------------

def test_level3_across_or_down():
    """'Words may be written horizontally from left to right or vertically from top to bottom.'"""
    g = game("speed")
    assert g.is_legal(write("apple", "E1", DOWN)) and g.is_legal(write("apple", "A5", ACROSS))


def test_level3_first_word_uses_the_central_square():
    """'The first word written on the board must make use of the central square.'"""
    g = game("speed")
    with pytest.raises(IllegalMove) as err:
        g.play(write("apple", "A1"))
    assert err.value.rule is Rule.FIRST_WORD_CENTRE


def test_level3_cross_where_they_share_the_same_letter():
    """'cross existing words where they share the same letter'"""
    g = game("speed")
    g.play(write("apple", "A5"))
    with pytest.raises(IllegalMove) as err:
        g.play(write("rat", "C4", DOWN))  # A over P at C5
    assert err.value.rule is Rule.LETTER_CLASH
    record = g.play(write("tap", "C3", DOWN))  # P shared at C5
    assert record.placement.new_squares == (parse_square("C3"), parse_square("C4"))
    assert not record.placement.floating and len(record.placement.words) == 1


def test_level3_touch_must_form_a_dictionary_word():
    """'touch existing words such that the existing word ... forms a new word that can be found
    in a dictionary'"""
    g = game("speed")
    g.play(write("apple", "A5"))
    with pytest.raises(IllegalMove) as err:
        g.play(write("tea", "F5", DOWN))  # APPLET is not a word here
    assert err.value.rule is Rule.NOT_A_WORD


def test_level3_word_must_not_run_into_a_letter():
    g = game("speed")
    g.play(write("apple", "A5"))
    with pytest.raises(IllegalMove) as err:
        g.play(write("sat", "F5"))  # would read APPLESAT
    assert err.value.rule is Rule.RUNS_INTO_WORD


def test_level3_a_word_may_take_in_a_word_in_its_own_line():
    """Decision: CAT on the board, CATS written over it adds the S; it scores as the new word
    and the shared letters' Chance squares give nothing."""
    g = Game(example(), Level.SPEED, ["Ann"], dictionary=WORDS | {"TAPS"},
             chance_cards=[ChanceCard(stars=1)] * 4, shuffle=False)
    g.play(write("apple", "A5"))
    g.play(write("tap", "C3", DOWN))  # the T on C3 takes a Chance card
    assert g.chance_cards_left == 3
    record = g.play(write("taps", "C3", DOWN))
    assert record.placement.new_squares == (parse_square("C6"),)
    assert [(w.word, w.points) for w in record.placement.words] == [("TAPS", 2)]
    assert record.chance == () and g.chance_cards_left == 3


def test_level3_must_add_a_letter():
    g = game("speed")
    g.play(write("apple", "A5"))
    assert not g.is_legal(write("apple", "A5"))


def test_level3_floating_word_not_multiplied_and_no_chance_cards():
    """'For a floating word, the number of stars for the word is NOT multiplied' and 'Except
    when a word is a floating word ... the player must take a Chance Card.'"""
    g = game("speed", chance_cards=[ChanceCard(stars=3)])
    g.play(write("apple", "A5"))
    record = g.play(write("rat", "G2"))  # H2 is a Chance square
    assert record.placement.floating and record.chance == () and record.stars_change == 3


def test_level3_chance_cards_only_for_new_letters():
    """'The player does not get Chance Cards for Chance Squares occupied by the existing word
    she modifies.' (nor for a crossed letter already there)."""
    g = game("speed", chance_cards=[ChanceCard(stars=1)] * 4)
    g.play(write("apple", "A5"))
    g.play(write("tap", "C3", DOWN))  # C3 is a Chance square: new letter T
    assert g.chance_cards_left == 3
    record = g.play(write("at", "B3"))  # crosses T on C3 (Chance, not new), A on B3
    assert record.chance == ()


def test_level3_chance_cards_not_multiplied_by_zones():
    """'The number of Chance Cards the player gets is not multiplied by the number of zones'"""
    g = game("speed", chance_cards=[ChanceCard(stars=1)] * 4)
    g.play(write("apple", "A5"))
    record = g.play(write("tap", "C3", DOWN))
    assert len(record.chance) == 1


def test_level3_writes_the_guessed_word():
    g = game("3")
    g.play(Guess("apple"))
    with pytest.raises(IllegalMove) as err:
        g.play(write("rat", "D5"))
    assert err.value.rule is Rule.NOT_THE_CLUE_WORD


def test_level3_wrong_guess_next_player_starts_again_with_a_new_card():
    """'If the player guesses the word incorrectly, then Player 2 start the process from the
    beginning with a new Clue Card. The Clue Card just used is put to one side.'"""
    g = game("3", players=("Ann", "Ben"))
    assert g.pending == GuessWanted(0, card("apple"), reader=1)
    assert not g.play(Guess("pear")).correct
    assert g.pending == GuessWanted(1, card("star"), reader=0)
    assert g.cards_set_aside == [card("apple")] and g.board == {}


def test_a_word_longer_than_the_board_fits_nowhere():
    g = Game(example(), Level.SPEED, ["Ann"], dictionary=WORDS | {"TELEPHONES"}, shuffle=False)
    with pytest.raises(IllegalMove) as err:
        g.play(write("telephones", "A5"))
    assert err.value.rule is Rule.OFF_BOARD
    assert g.placements("telephones") == []
    g1 = game("1", ["telephones"])
    assert g1.placements() == [] and not g1.is_legal(write("telephones", "A1"))


def test_lower_case_words_and_moves_are_the_same_as_capitals():
    g = game("speed")
    assert g.play(write("aPPle", "A5")).placement.words[0].word == "APPLE"
    assert g.letter_at(parse_square("a5")) == "A"


def test_level3_alone_the_adult_reads():
    g = game("3", players=("Ann",))
    assert g.pending.reader is None


def test_speed_word_must_be_in_the_dictionary():
    g = game("speed")
    with pytest.raises(IllegalMove) as err:
        g.play(write("xyzzy", "E5"))
    assert err.value.rule is Rule.NOT_IN_DICTIONARY


def test_speed_a_single_letter_is_not_a_word():
    """Decision: word lists list single letters; a word written has at least two."""
    g = Game(example(), Level.SPEED, ["Ann"], dictionary=WORDS | {"S"}, shuffle=False)
    g.play(write("apple", "A5"))
    with pytest.raises(IllegalMove) as err:
        g.play(write("s", "F5"))
    assert err.value.rule is Rule.TOO_SHORT


def test_speed_same_word_cannot_be_used_twice():
    """'The same word cannot be used more than once in a game.'"""
    g = game("speed", players=("Ann", "Ben"))
    g.play(write("apple", "A5"))
    with pytest.raises(IllegalMove) as err:
        g.play(write("apple", "E1", DOWN))
    assert err.value.rule is Rule.WORD_USED


def test_speed_has_no_clue_cards():
    """'In this game, players do not use the Clue Cards.'"""
    g = game("speed")
    assert g.pending == WordWanted(0, None)


def test_level3_needs_a_dictionary():
    with pytest.raises(ValueError):
        Game(example(), Level.THREE, ["Ann"], clue_cards=[card("apple")])


# --- Chance cards -----------------------------------------------------------------------------

def test_chance_rat_returns_stars_and_leaves_the_game():
    """'If the Chance Card has rats, the player must return the same number of stars as there
    are rats. The card with the rats is then out of play'"""
    g = game("1", ["rat"], chance_cards=[ChanceCard(rats=2)])
    record = g.play(write("rat", "G2"))  # 3 stars, then 2 rats
    assert record.chance[0].change == -2 and g.stars == [1]
    assert g.chance_cards_left == 0 and g.rat_cards_out == [ChanceCard(rats=2)]


def test_chance_rat_never_takes_a_player_below_zero():
    """Decision: with fewer stars than rats, the player returns all they have, and no more."""
    g = game("1", ["cat"], chance_cards=[ChanceCard(rats=3)])
    record = g.play(write("cat", "B3"))  # C3 is a Chance square, no stars on B3-D3
    assert record.placement.points == 0
    assert record.chance[0].change == 0 and g.stars == [0]


def test_chance_word_stars_come_before_the_chance_card():
    """Decision (the rulebook's order): the word's stars are given, then the Chance card drawn,
    so a rat takes back stars won with the same word; a star card is kept and stays out."""
    g = game("1", ["rat", "cat"], players=("Ann", "Ben"),
             chance_cards=[ChanceCard(rats=3), ChanceCard(stars=2)])
    first = g.play(write("rat", "G2"))  # 1 + 2 stars, then 3 rats: back to 0
    assert first.word_points == 3 and first.chance[0].change == -3 and g.stars == [0, 0]
    second = g.play(write("cat", "F7"))  # Ben: 1 star (G7 is a Chance square), then 2 more
    assert second.stars_change == 3 and g.stars == [0, 3]
    assert g.chance_cards_left == 0 and g.rat_cards_out == [ChanceCard(rats=3)]


def test_chance_empty_deck_gives_nothing():
    """Decision: once the Chance deck is used up, a Chance square gives nothing."""
    g = game("1", ["rat"], chance_cards=[])
    record = g.play(write("rat", "G2"))
    assert record.chance == () and g.stars == [3]


def test_chance_deck_is_the_editions_and_shuffled_by_the_seed():
    a = game("1", ["rat"], shuffle=True, seed=5)
    b = game("1", ["rat"], shuffle=True, seed=5)
    assert a.chance_cards_left == len(example().chance_cards)
    assert a._chance_deck == b._chance_deck


# --- the end of the game ----------------------------------------------------------------------

def test_game_ends_after_10_clue_cards():
    """'The game ends when 10 Clue Cards have been used.'"""
    words = ["rat", "cat", "ant", "tea", "pea", "pet", "set", "sea", "ten", "net", "tan", "sat"]
    g = game("1", words)
    rows = "123456789"
    for i in range(10):
        assert not g.is_over
        if i % 3 == 0:
            g.play(Pass())
        else:
            g.play(write(g.pending.card.word, f"A{rows[i % 9]}" if i < 9 else "E1"))
    assert g.is_over and g.pending is None and g.cards_used == 10
    assert [c.word for c in g.cards_set_aside] == [w.upper() for w in words[:10]]


def test_game_ends_when_the_board_is_full():
    """'you can also continue playing until there are no more empty squares'"""
    words = [f"{'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[i]}AAAAAAAA" for i in range(9)]
    g = game("1", words, turn_limit=50)
    for row in range(9):
        g.play(write(words[row], f"A{row + 1}"))
    assert g.board_full() and g.is_over


def test_speed_ends_when_every_player_passes_in_a_row():
    g = game("speed", players=("Ann", "Ben"))
    g.play(write("apple", "A5"))
    g.play(Pass())
    assert not g.is_over
    g.play(Pass())
    assert g.is_over


def test_most_stars_wins_and_ties_share():
    """'The player with the most number of stars wins.'"""
    g = game("speed", players=("Ann", "Ben"))
    g.play(write("apple", "A5"))
    assert g.winners() == [0]
    g2 = game("speed", players=("Ann", "Ben"))
    assert g2.winners() == [0, 1]


def test_no_moves_after_the_end():
    g = game("1", ["rat"])
    g.play(Pass())
    with pytest.raises(IllegalMove):
        g.play(Pass())


def test_placements_lists_every_legal_place():
    g = game("speed")
    places = g.placements("apple")
    assert places and all(parse_square("E5") in m.squares() for m in places)
    assert all(g.is_legal(m) for m in places)


def test_dictionary_words_used_in_helpers_are_upper_case():
    assert all(w.isupper() for w in WORDS)


# --- words unsuitable for children (issue 19) ------------------------------------------------

@pytest.mark.parametrize("bad", ["SHIT", "TURD", "CUNT", "DILDO", "BONER"])
def test_speed_refuses_unsuitable_words_kindly_even_when_the_dictionary_has_them(bad):
    g = Game(example(), Level.SPEED, ["Ann"], dictionary=WORDS | {bad})
    move = write(bad, "E5", DOWN)
    assert not g.is_legal(move)
    with pytest.raises(IllegalMove) as err:
        g.play(move)
    assert err.value.rule is Rule.UNSUITABLE
    assert "another word" in str(err.value) and bad not in str(err.value).upper()
    assert g.stars == [0]


def test_speed_refuses_an_unsuitable_word_made_by_extending_a_good_one():
    g = Game(example(), Level.SPEED, ["Ann"], dictionary=WORDS | {"SHIT", "HIT"})
    g.play(write("HIT", "E5", ACROSS))
    stars = list(g.stars)
    with pytest.raises(IllegalMove) as err:
        g.play(write("SHIT", "D5", ACROSS))
    assert err.value.rule is Rule.UNSUITABLE
    assert g.stars == stars
