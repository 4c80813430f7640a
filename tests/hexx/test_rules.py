"""HEXX rules, one test per rule, in the rulebook's words."""

import pytest

from wordboard.hexx import (
    DecisionKind,
    Direction,
    Discard,
    GameResult,
    HexxGame,
    IllegalMoveError,
    Pass,
    Play,
    Rule,
    Square,
)
from wordboard.hexx.edition import HAND_SIZE

from .conftest import BLACK, RED, WORDS, all_tile_ids, edition, owners, position


def rule_of(game, move):
    with pytest.raises(IllegalMoveError) as error:
        game.play(move)
    return error.value.rule


# ---------------------------------------------------------------- setup

def test_setup_each_player_draws_six_tiles():
    # "Each player draws 6 tiles from the bag to form their 'hand'"
    game = HexxGame(edition(), WORDS, seed=1)
    assert len(game.hand(RED)) == len(game.hand(BLACK)) == HAND_SIZE
    assert game.bag_size == edition().tile_count - 12


def test_setup_a_seeded_tile_flip_picks_the_starting_player():
    # "Flip a tile, the color that comes up will be the starting player"
    starters = {HexxGame(edition(), WORDS, seed=seed).to_move for seed in range(20)}
    assert starters == {RED, BLACK}
    assert HexxGame(edition(), WORDS, seed=5).to_move is HexxGame(edition(), WORDS, seed=5).to_move
    assert HexxGame(edition(), WORDS, seed=5, first_player=RED).to_move is RED


def test_setup_the_bag_holds_the_editions_tiles_and_six_hexx_tiles():
    game = HexxGame(edition(), WORDS, seed=1)
    tiles = list(game.bag_tiles()) + list(game.hand(RED)) + list(game.hand(BLACK))
    assert sum(t.is_hexx for t in tiles) == 6
    assert len(tiles) == edition().tile_count


# ---------------------------------------------------------------- placing words

def test_first_word_covers_the_centre():
    # "The starting player lays down a word in their color, with one tile in the center space."
    game = position(black="CATXXX")
    assert rule_of(game, Play.parse("A1 E CAT")) == Rule.CENTRE
    game.play(Play.parse("E5 E CAT"))
    assert owners(game) == {"E5": "b", "F5": "b", "G5": "b"}


@pytest.mark.parametrize("direction", list(Direction))
def test_words_can_be_played_in_all_eight_directions(direction):
    # "Words can be played in any direction; horizontal, diagonal (both ways) as well as
    # forwards and backwards"
    game = position(black="CATXXX")
    game.play(Play(Square.parse("E5"), direction, "CAT"))
    record = game.last_turn
    assert record.words[0].text == "CAT"
    assert record.placed == (Square.parse("E5"), Square.parse("E5").step(direction),
                             Square.parse("E5").step(direction, 2))


def test_new_words_must_connect_to_tiles_in_play():
    # "New words must connect to an existing word or tile(s) already in play"
    game = position({"E5": ("C", RED), "F5": ("A", RED), "G5": ("T", RED)}, black="DOGXXX")
    assert rule_of(game, Play.parse("A1 E DOG")) == Rule.CONNECT
    game.play(Play.parse("D6 E DOG"))         # touches CAT from below: connected
    assert game.last_turn.placed


def test_tiles_go_on_one_line_and_keep_the_letters_already_there():
    # "placing letter tiles on a single line": the word spells the whole line, tiles in play too
    game = position({"E5": ("A", RED)}, black="CTXXXX")
    assert rule_of(game, Play.parse("D5 E COT")) == Rule.SAME_LETTER
    game.play(Play.parse("D5 E CAT"))
    assert [q.name for q in game.last_turn.placed] == ["D5", "F5"]


def test_a_play_needs_at_least_one_new_tile():
    game = position({"E5": ("A", RED), "F5": ("T", RED)}, black="XXXXXX")
    assert rule_of(game, Play.parse("E5 E AT")) == Rule.NEW_TILE


def test_words_must_be_two_letters_minimum():
    # "(Words must be 2 letters minimum.)"
    game = position(black="AXXXXX")
    assert rule_of(game, Play.parse("E5 E A")) == Rule.MIN_LENGTH


def test_words_must_be_in_the_dictionary():
    # "Words must be found in a dictionary of your choice"
    game = position(black="CTAXXX")
    assert rule_of(game, Play.parse("E5 E TCA")) == Rule.DICTIONARY


def test_tiles_come_from_the_hand():
    game = position(black="CAXXXX")
    assert rule_of(game, Play.parse("E5 E CAT")) == Rule.IN_HAND
    assert rule_of(game, Play.parse("E5 E CAt")) == Rule.IN_HAND   # no HEXX tile either


def test_words_stay_on_the_board():
    game = position(black="CATXXX")
    assert rule_of(game, Play.parse("E9 S CAT")) == Rule.ON_BOARD


def test_the_word_must_include_all_tiles_in_that_line():
    # "The word must include all tiles in that line - not just part of the line."
    game = position({"E5": ("A", RED), "F5": ("T", RED), "G5": ("S", RED)}, black="CXXXXX")
    assert rule_of(game, Play.parse("D5 E CAT")) == Rule.WHOLE_LINE
    game.play(Play.parse("D5 E CATS"))


def test_colour_makes_no_difference_to_where_a_word_starts_and_stops():
    # "The color of the tiles makes no difference in defining a word's start and stop points"
    game = position({"E5": ("A", BLACK), "F5": ("T", RED)}, black="CXXXXX")
    game.play(Play.parse("D5 E CAT"))
    assert owners(game) == {"D5": "b", "E5": "b", "F5": "b"}


# ---------------------------------------------------------------- secondary words & flipping

def test_flipping_all_tiles_of_primary_and_secondary_words_turn_to_the_player():
    # "the player who created that word flips all the tiles that are part of that primary word
    # and any secondary words created through that action to their own color."
    board = {"E5": ("A", RED), "F6": ("O", RED), "G6": ("X", RED)}
    game = position(board, black="CTXXXX")
    game.play(Play.parse("D5 E CAT"))          # T on f5 sits on top of OX: TOX? no: T/O column
    record = game.last_turn
    assert record.words[0].text == "CAT"
    assert {w.text for w in record.words[1:]} == {"TO"}
    assert owners(game) == {"D5": "b", "E5": "b", "F5": "b", "F6": "b", "G6": "r"}


def test_a_secondary_word_may_read_in_either_direction():
    # "'GAS' (or 'SAG')": the sample accepts a secondary word read backwards
    board = {"E5": ("A", RED), "F4": ("O", RED)}     # T on f5 makes OT (up) = TO (down)
    game = position(board, black="CTXXXX", words=WORDS - {"OT"})
    game.play(Play.parse("D5 E CAT"))
    secondary = game.last_turn.words[1]
    assert secondary.text == "TO" and [q.name for q in secondary.squares] == ["F5", "F4"]
    assert owners(game)["F4"] == "b"


def test_a_run_that_is_no_word_either_way_is_no_secondary_word_and_flips_nothing():
    # wordboard's reading: "Secondary words are any words created" - a non-word run is not one
    board = {"E5": ("A", RED), "F6": ("Q", RED)}
    game = position(board, black="CTXXXX")
    preview = game.preview(Play.parse("D5 E CAT"))
    assert preview.ignored_runs == ("TQ",)
    game.play(Play.parse("D5 E CAT"))
    assert owners(game)["F6"] == "r"


def test_rule_choice_adding_an_s_does_not_make_a_new_word_by_default():
    # "RULE CHOICE: Before starting, decide if adding an 's' to a word creates a new word"
    board = {"D5": ("C", RED), "E5": ("A", RED), "F5": ("T", RED)}
    game = position(board, black="SXXXXX")
    assert rule_of(game, Play.parse("D5 E CATS")) == Rule.S_RULE
    game = position(board, black="SXXXXX", s_makes_new_word=True)
    game.play(Play.parse("D5 E CATS"))
    assert owners(game)["D5"] == "b"


def test_rule_choice_an_s_in_front_is_a_new_word():
    board = {"D5": ("C", RED), "E5": ("A", RED), "F5": ("T", RED)}
    game = position(board, black="SXXXXX")
    game.play(Play.parse("C5 E SCAT"))


def test_rule_choice_an_added_s_in_a_secondary_run_does_not_count():
    board = {"E4": ("T", RED), "E5": ("O", RED), "E6": ("E", RED)}
    game = position(board, black="SATXXX")       # SAT across row 7, S under TOE
    preview = game.preview(Play.parse("E7 E SAT"))
    assert [w.text for w in preview.words] == ["SAT"]
    game = position(board, black="SATXXX", s_makes_new_word=True)
    preview = game.preview(Play.parse("E7 E SAT"))
    assert [w.text for w in preview.words] == ["SAT", "TOES"]


def test_a_hand_is_refilled_to_six_after_a_word():
    # "After playing a word, that player refills their hand to 6 tiles by drawing"
    game = position(black="CATXXX", bag="EEEEE")
    game.play(Play.parse("E5 E CAT"))
    assert len(game.hand(BLACK)) == 6 and game.bag_size == 2
    assert game.to_move is RED


def test_the_engine_shows_letter_and_owner_per_square_and_the_last_turns_placed_and_flipped():
    game = position({"E5": ("A", RED)}, black="CTXXXX")
    game.play(Play.parse("D5 E CAT"))
    tile = game.tile_at("D5")
    assert (tile.letter, tile.owner) == ("C", BLACK)
    assert [q.name for q in game.last_turn.placed] == ["D5", "F5"]
    assert [q.name for q in game.last_turn.flipped] == ["E5"]
    flip = game.last_turn.flips[0]
    assert (flip.before, flip.after) == (RED, BLACK)


# ---------------------------------------------------------------- can't play, end of game

def test_cant_play_discard_1_to_6_tiles_shuffle_and_draw_back_to_6():
    # "they can choose from 1 to 6 tiles in their hand to discard back into the bag, shuffle
    # the bag, and draw back up to 6 tiles. (This move counts as their turn)."
    game = position(black="QXZCAT", bag="EEEEEEE")
    ids = all_tile_ids(game)
    assert rule_of(game, Discard("")) == Rule.DISCARD_COUNT
    assert rule_of(game, Discard("QQ")) == Rule.IN_HAND
    game.play(Discard("QXZ"))
    assert len(game.hand(BLACK)) == 6 and game.to_move is RED
    assert all_tile_ids(game) == ids


def test_once_the_bag_is_empty_a_player_who_cannot_play_passes():
    # "If all tiles are drawn and a player cannot play any tiles, they pass their turn."
    game = position({"E5": ("A", RED)}, black="QXZ", red="QXZ", bag="E")
    assert rule_of(game, Pass()) == Rule.PASS_BAG
    game = position({"E5": ("A", RED)}, black="QXZ", red="QXZ")
    assert rule_of(game, Discard("Q")) == Rule.DISCARD_BAG
    game.play(Pass())
    assert game.to_move is RED and not game.is_over


def test_the_game_ends_when_neither_player_can_play():
    # "This will continue until the last tile has been played or neither player can create
    # any new words."
    game = position({"E5": ("A", RED)}, black="QXZ", red="QXZ")
    game.play(Pass())
    game.play(Pass())
    assert game.is_over and game.result.reason == "neither player can play"
    assert game.result == GameResult(red=1, black=0, reason="neither player can play")
    assert game.result.winner is RED
    assert rule_of(game, Pass()) == Rule.GAME_OVER


def test_after_the_last_tile_the_opponent_has_one_last_turn_then_most_tiles_wins():
    # "Once a player has played the last tiles in their hand, the opposing player has one last
    # turn to play any remaining tiles they can." ... "The player with the most tiles in their
    # color wins."
    game = position({"E5": ("A", RED)}, black="CT", red="SXX")
    game.play(Play.parse("D5 E CAT"))
    assert game.last_turn_for is RED and not game.is_over
    game.play(Pass())
    assert game.is_over
    assert game.result.reason == "the last turn has been played"
    assert (game.result.black, game.result.red) == (3, 0)
    assert game.result.winner is BLACK
    assert "Black wins" in game.result.describe()


def test_a_tie_is_reported_as_a_tie():
    board = {"E5": ("A", RED), "A1": ("O", RED), "A2": ("X", RED), "A3": ("Q", RED)}
    game = position(board, black="CT", red="")
    game.play(Play.parse("D5 E CAT"))
    game.play(Pass())
    assert game.result.winner is None
    assert "tie" in game.result.describe()


def test_hexx_played_first_time_casts_flipping_it_again_does_not():
    # "The first time a HEXX tile is played, the player who played it must roll the die to cast
    # a HEXX (flipping the color of a HEXX tile does not activate it again.)"
    game = position(black="?OXXXX", red="AXXXXX", bag="EEEEEEEEEE")
    game.play(Play.parse("E5 E tO"))
    assert game.pending.kind is DecisionKind.ROLL
    game.decide(16)
    game.decide("Z")                             # Doppelganger on Z: nothing to flip
    game.play(Play.parse("E4 S AT"))             # red flips black's HEXX tile T
    assert game.pending is None
    hexx = game.tile_at("E5")
    assert hexx.is_hexx and hexx.letter == "T" and hexx.owner is RED


def test_undo_restores_the_game():
    game = position({"E5": ("A", RED)}, black="CTXXXX", bag="EEEE")
    before = (owners(game), game.hand(BLACK), game.bag_tiles(), game.to_move)
    game.play(Play.parse("D5 E CAT"))
    game.pop()
    assert (owners(game), game.hand(BLACK), game.bag_tiles(), game.to_move) == before
    with pytest.raises(IndexError):
        game.pop()


def test_moves_parse_and_print_in_the_same_notation():
    play = Play.parse("E7 up ATOp")
    assert play.direction is Direction.N and play.notation == "E7 N ATOp"
    with pytest.raises(ValueError):
        Play.parse("E7 sideways CAT")
    with pytest.raises(ValueError):
        Play.parse("CAT")
    assert Square.parse("AA10") == Square(9, 26) and Square(9, 26).name == "AA10"


def test_turns_without_a_word_do_not_end_the_game_while_the_bag_has_tiles():
    # the rulebook has no such rule: the game goes on while a player can discard
    game = position({"E5": ("A", RED)}, black="QXZQXZ", red="QXZQXZ", bag="QXZQXZ")
    for _turn in range(12):
        assert not game.is_over
        game.play(Discard(game.hand(game.to_move)[0].symbol))
    assert not game.is_over


def test_ending_after_six_turns_without_a_word_is_a_house_rule_of_its_own():
    game = position({"E5": ("A", RED)}, black="QXZQXZ", red="QXZQXZ", bag="QXZQXZ", idle_turns_end=6)
    for _turn in range(6):
        assert not game.is_over
        game.play(Discard("Q"))
    assert game.is_over and game.result.reason == "6 turns in a row without a word (house rule)"


def test_a_play_is_refused_while_a_decision_is_pending_and_answers_need_one():
    game = position(black="?OXXXX", bag="EEEEEE")
    with pytest.raises(IllegalMoveError):
        game.decide(3)                            # nothing to answer yet
    game.play(Play.parse("E5 E tO"))
    assert rule_of(game, Discard("X")) == Rule.DECISION_PENDING
