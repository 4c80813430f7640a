"""The rulebook's sample game (turns 1-7) replayed on wordboard's layout for it.

Layout (see ``wordboard.hexx.sample``): WORD on row 5 from D5 with O on the centre E5.
"""

import pytest

from wordboard.hexx import Colour, DecisionKind, IllegalMoveError, Rule, Square
from wordboard.hexx.sample import SAMPLE_GIRLR, SAMPLE_TURNS, sample_game

RED, BLACK = Colour.RED, Colour.BLACK


def names(squares):
    return sorted(Square.name.fget(q) for q in squares)


def turn(n):
    """The game after turn n-1, then turn n played (turn 7 without its roll)."""
    game = sample_game(n - 1)
    player, play = SAMPLE_TURNS[n - 1]
    assert game.to_move is player
    game.play(play)
    return game


def test_turn_1_black_won_the_tile_flip_and_plays_word_over_the_centre():
    # "They play 'WORD' onto the game board, with one of the letters crossing over the center spot."
    game = turn(1)
    record = game.last_turn
    assert record.player is BLACK
    assert [w.text for w in record.words] == ["WORD"]
    assert game.layout.centre in record.placed
    assert names(record.placed) == ["D5", "E5", "F5", "G5"]
    assert record.flipped == ()
    assert game.to_move is RED


def test_turn_2_red_art_and_to_flip_o_and_r():
    # "form the word 'ART' as their primary word, also creating 'TO' as a secondary word ...
    # in this case the 'O' and 'R' flip to red."
    game = turn(2)
    record = game.last_turn
    assert [w.text for w in record.words] == ["ART", "TO"]
    assert record.words[0].primary and not record.words[1].primary
    assert names(record.flipped) == ["E5", "F5"]
    assert game.tile_at("E5").letter == "O" and game.tile_at("E5").owner is RED
    assert game.tile_at("F5").letter == "R" and game.tile_at("F5").owner is RED
    # A touches D (forced on any grid); AD is not a word here, so D stays black.
    assert game.tile_at("G5").owner is BLACK


def test_turn_3_black_golf_and_fad_flip_o_and_a():
    # "create the primary word 'GOLF' and the secondary word 'FAD', flipping the 'O' and 'A'"
    game = turn(3)
    record = game.last_turn
    assert [w.text for w in record.words] == ["GOLF", "FAD"]
    assert names(record.placed) == ["D6", "F4", "G3"]
    assert names(record.flipped) == ["E5", "G4"]
    assert game.tile_at("E5").owner is BLACK and game.tile_at("G4").owner is BLACK


def test_turn_4_red_sword_flips_w_o_d():
    # "plays an 'S' to create the word SWORD, flipping the 'W', 'O' and 'D' to red"
    game = turn(4)
    record = game.last_turn
    assert [w.text for w in record.words] == ["SWORD"]
    assert names(record.placed) == ["C5"]
    assert names(record.flipped) == ["D5", "E5", "G5"]


def test_girlr_is_not_allowed_words_must_take_the_whole_line():
    # "playing 'G', 'I' and 'R', to create GIRL does not work - the resulting word would be
    # 'GIRLR'."
    game = sample_game(4)
    with pytest.raises(IllegalMoveError) as error:
        game.play(SAMPLE_GIRLR)
    assert error.value.rule == Rule.WHOLE_LINE
    assert "GIRLR" in str(error.value)


def test_turn_5_black_girl_upwards_flips_the_r():
    # "playing a 'G' and 'I' upwards creates the proper word 'GIRL'" ... "flipping the 'R' to black"
    game = turn(5)
    record = game.last_turn
    assert record.move.direction.name == "N"
    assert [w.text for w in record.words] == ["GIRL"]
    assert names(record.flipped) == ["F5"]


def test_turn_6_red_strap_flips_r_and_a():
    # "plays an 'S' and 'P' to create the word 'STRAP', flipping the 'R' and 'A'"
    game = turn(6)
    record = game.last_turn
    assert [w.text for w in record.words] == ["STRAP"]
    assert names(record.placed) == ["D7", "H3"]
    assert names(record.flipped) == ["F5", "G4"]


def test_turn_7_black_atop_with_alp_aid_gas_flips_s_t_o_a_d():
    # "plays a 'HEXX' tile as a 'P' ... and an 'A' to create 'ATOP' as their primary word, also
    # creating 'ALP', 'AID' and 'GAS' (or 'SAG') ... they flip 'S', 'T', 'O', 'A' and 'D' to black."
    game = turn(7)
    assert game.pending is not None and game.pending.kind is DecisionKind.ROLL
    assert game.pending.chooser is BLACK
    words = {w.text for w in game.current_words}
    assert words == {"ATOP", "ALP", "AID", "SAG"}   # GAS reads SAG the other way
    flipped = {e.square.name: game.board[e.square].letter for e in game.current_events
               if e.kind == "flipped"}
    assert flipped == {"D7": "S", "E6": "T", "E5": "O", "G4": "A", "G5": "D"}
    hexx = game.tile_at("E4")
    assert hexx.is_hexx and hexx.letter == "P"
    # "Once a HEXX tile is played, the player must resolve the HEXX immediately after redrawing"
    assert len(game.hand(BLACK)) == 6


def test_turn_7_roll_of_4_reversal_of_fortune_flips_atop_to_red():
    # "the player rolled a '4', giving them the Reversal of Fortune HEXX. Resulting in 'ATOP'
    # flipping to the opponent's color, (in this case red)."
    game = turn(7)
    game.decide(4)
    record = game.last_turn
    assert record.effect.number == 4 and record.effect.name == "Reversal of Fortune"
    for name in ("E7", "E6", "E5", "E4"):
        assert game.tile_at(name).owner is RED
    # the secondary words' flips stay black
    for name in ("D7", "G4", "G5"):
        assert game.tile_at(name).owner is BLACK
    assert game.to_move is RED
    assert (game.count(RED), game.count(BLACK)) == (8, 8)


def test_the_whole_sample_in_one_go_matches_the_rulebooks_pictures():
    game = sample_game(7)
    board = {sq.name: t.letter + t.owner.value[0] for sq, t in game.board.items()}
    assert board == {
        "G3": "Fb", "H3": "Pr", "E4": "Pr", "F4": "Lb", "G4": "Ab", "C5": "Sr", "D5": "Wr",
        "E5": "Or", "F5": "Rr", "G5": "Db", "D6": "Gb", "E6": "Tr", "F6": "Ib", "D7": "Sb",
        "E7": "Ar", "F7": "Gb",
    }
