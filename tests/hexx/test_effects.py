"""The 20 HEXX, one test (or more) each, numbered as the D20 rolls them.

Every test starts from the same position: red's first word CAT(S) across row 5 (D5-G5, red),
a red A on A1, a black X on F7; black plays ``E4 S bAT`` with a HEXX tile as the B, flipping
E5's A, then resolves the HEXX "after you redraw tiles back to 6, and before your opponent takes
their turn".
"""

import pytest

from wordboard.hexx import (
    DecisionKind,
    Discard,
    IllegalMoveError,
    LastingKind,
    Metamorphosis,
    Play,
    Square,
)
from wordboard.hexx.board import Direction

from .conftest import BLACK, RED, all_tile_ids, owners, position

BOARD = {"D5": ("C", RED), "E5": ("A", RED), "F5": ("T", RED), "G5": ("S", RED),
         "A1": ("A", RED), "F7": ("X", BLACK)}
BAT = Play.parse("E4 S bAT")


def hexx_played(*, red="S?NDGO", black="?TMOES", bag="EEEEEEEEEE", board=BOARD):
    game = position(board, red=red, black=black, bag=bag, to_move=BLACK,
                    first_word=["D5", "E5", "F5"])
    game.play(BAT)
    assert game.pending.kind is DecisionKind.ROLL and game.pending.chooser is BLACK
    return game


def sq(name):
    return Square.parse(name)


def test_hexx_tile_is_wild_and_keeps_its_letter():
    # "HEXX tiles can be used as any letter ... The HEXX tile remains that letter"
    game = hexx_played()
    tile = game.tile_at("E4")
    assert tile.is_hexx and tile.letter == "B"
    assert owners(game)["E5"] == "b"


def test_roll_waits_for_the_die_and_blocks_the_next_turn():
    game = hexx_played()
    with pytest.raises(IllegalMoveError):
        game.play(Discard("S"))
    with pytest.raises(IllegalMoveError):
        game.decide(21)
    assert game.to_move is BLACK


def test_a_seeded_roll_is_repeatable():
    first, second = hexx_played(), hexx_played()
    first.roll()
    second.roll()

    def rolls(game):
        events = game.current_events or game.last_turn.events
        return [e.value for e in events if e.kind == "rolled"]

    assert rolls(first) == rolls(second) and 1 <= rolls(first)[0] <= 20


def test_01_take_two_you_get_another_turn():
    game = hexx_played()
    turn = game.turn_number
    game.decide(1)
    assert game.to_move is BLACK and game.turn_number == turn + 1
    [effect] = game.lasting_effects
    assert effect.kind is LastingKind.ANOTHER_TURN and effect.player is BLACK and effect.active
    game.play(Discard("E"))
    assert game.to_move is RED and game.lasting_effects == ()


def test_02_take_two_your_opponent_plays_twice_on_their_next_turn():
    game = hexx_played()
    game.decide(2)
    assert game.to_move is RED and game.plays_left == 2
    [effect] = game.lasting_effects
    assert effect.kind is LastingKind.PLAY_TWICE and effect.player is RED and effect.active
    game.play(Discard("D"))
    assert game.to_move is RED and game.plays_left == 1
    game.play(Discard("G"))
    assert game.to_move is BLACK and game.lasting_effects == ()


def test_03_poached_pair_flip_any_two_tiles_to_your_color():
    game = hexx_played()
    game.decide(3)
    decision = game.pending
    assert decision.kind is DecisionKind.FLIP_TILES and decision.chooser is BLACK
    assert decision.count == 2
    assert set(decision.options) == {sq(n) for n in ("A1", "D5", "F5", "G5")}
    with pytest.raises(IllegalMoveError):
        game.decide((sq("D5"),))              # two tiles, not one
    with pytest.raises(IllegalMoveError):
        game.decide((sq("D5"), sq("E4")))     # e4 is already black
    game.decide((sq("D5"), sq("G5")))
    assert owners(game)["D5"] == owners(game)["G5"] == "b"
    assert set(game.last_turn.flipped) >= {sq("D5"), sq("G5")}
    assert game.to_move is RED


def test_04_reversal_of_fortune_flips_the_word_just_played_to_the_opponent():
    game = hexx_played()
    game.decide(4)
    o = owners(game)
    assert (o["E4"], o["E5"], o["E6"]) == ("r", "r", "r")
    assert o["F7"] == "b"


def test_05_collateral_damage_flips_all_tiles_touching_the_word_to_your_color():
    game = hexx_played()
    game.decide(5)
    o = owners(game)
    assert o["D5"] == o["F5"] == "b"          # touch e4 and e6
    assert o["F7"] == "b"                     # touches e6, black already
    assert o["G5"] == "r" and o["A1"] == "r"  # do not touch BAT


def test_06_poached_pair_your_opponent_flips_two_tiles_to_their_color():
    game = hexx_played()
    game.decide(6)
    decision = game.pending
    assert decision.chooser is RED and decision.kind is DecisionKind.FLIP_TILES
    assert set(decision.options) == {sq(n) for n in ("E4", "E5", "E6", "F7")}
    game.decide((sq("E4"), sq("F7")))
    assert owners(game)["E4"] == owners(game)["F7"] == "r"


def test_07_lost_origin_removes_the_first_words_original_squares_to_the_bag():
    game = hexx_played()
    bag = game.bag_size
    ids = all_tile_ids(game)
    game.decide(7)
    # CAT was on d5-f5; its A (e5) is black's now, and the S on g5 was added later: "remove the
    # tiles where the original word was played on the game board (not any additions)"
    assert all(game.tile_at(n) is None for n in ("D5", "E5", "F5"))
    assert game.tile_at("G5") is not None and game.tile_at("E4") is not None
    assert game.bag_size == bag + 3
    assert all_tile_ids(game) == ids


def test_07_lost_origin_rolled_a_second_time_is_rolled_again():
    # "* - In the event you roll this more than once during a game - reroll for another HEXX"
    game = hexx_played()
    game.decide(7)
    game.play(Play.parse("E6 S To"))          # red's HEXX tile as O: TO
    game.decide(7)
    assert game.pending.kind is DecisionKind.ROLL and game.pending.chooser is RED
    assert "Lost Origin" in game.pending.prompt
    assert game.current_events[-1].kind == "rolled"
    game.decide(4)
    assert game.pending is None and game.to_move is BLACK


def test_08_collateral_damage_flips_touching_tiles_to_the_opponents_color():
    game = hexx_played()
    game.decide(8)
    o = owners(game)
    assert o["F7"] == "r" and o["D5"] == o["F5"] == "r"
    assert (o["E4"], o["E5"], o["E6"]) == ("b", "b", "b")


def test_09_metamorphosis_swap_a_letter_on_your_next_turn_and_take_the_word():
    game = hexx_played()
    game.decide(9)
    [effect] = game.lasting_effects
    assert effect.kind is LastingKind.METAMORPHOSIS and effect.player is BLACK
    assert not effect.active
    game.play(Discard("D"))                   # red's turn
    decision = game.pending
    assert decision.kind is DecisionKind.METAMORPHOSIS and decision.chooser is BLACK
    assert decision.can_decline
    choice = Metamorphosis(sq("D5"), "M", False, Direction.E)
    assert choice in decision.options
    assert game.metamorphosis_word(choice) == "MATS"
    game.decide(choice)
    o = owners(game)
    assert all(o[n] == "b" for n in ("D5", "E5", "F5", "G5"))
    assert game.tile_at("D5").letter == "M"
    assert "C" in [t.symbol for t in game.hand(BLACK)]  # the swapped-out tile
    assert len(game.hand(BLACK)) == 6
    assert [w.text for w in game.last_turn.words] == ["MATS"]
    assert game.lasting_effects == () and game.to_move is RED


def test_09_metamorphosis_otherwise_you_forfeit_your_turn():
    game = hexx_played()
    game.decide(9)
    game.play(Discard("D"))
    before = owners(game)
    game.decide(None)
    assert owners(game) == before and game.to_move is RED and game.lasting_effects == ()


def test_10_doppelganger_choose_a_vowel_flip_all_of_it_to_your_color():
    game = hexx_played()
    game.decide(10)
    decision = game.pending
    assert decision.kind is DecisionKind.VOWEL and decision.chooser is BLACK
    assert set(decision.options) == set("AEIOU")
    with pytest.raises(IllegalMoveError):
        game.decide("T")
    game.decide("A")
    assert owners(game)["A1"] == "b" and owners(game)["E5"] == "b"


def test_11_null_and_void_each_player_removes_one_tile_to_the_bag():
    game = hexx_played()
    bag = game.bag_size
    hexx_tile = game.tile_at("E4").tile
    game.decide(11)
    assert game.pending.kind is DecisionKind.REMOVE_TILE and game.pending.chooser is BLACK
    game.decide(sq("D5"))
    assert game.pending.kind is DecisionKind.REMOVE_TILE and game.pending.chooser is RED
    game.decide(sq("E4"))
    assert game.tile_at("D5") is None and game.tile_at("E4") is None
    assert game.bag_size == bag + 2
    # back in the bag, the HEXX tile is a fresh wild tile again
    assert hexx_tile in game.bag_tiles() and not game.is_activated(hexx_tile)


def test_12_sleight_of_hand_steal_a_tile_replacing_it_with_one_of_yours():
    game = hexx_played()
    red_before, black_before = game.hand(RED), game.hand(BLACK)
    game.decide(12)
    decision = game.pending
    assert decision.kind is DecisionKind.STEAL_TILE and decision.chooser is BLACK
    assert decision.options == tuple(range(6))
    game.decide(2)
    assert game.pending.kind is DecisionKind.GIVE_TILE and game.pending.chooser is BLACK
    game.decide(0)
    assert game.hand(BLACK)[0] == red_before[2]
    assert game.hand(RED)[2] == black_before[0]


def test_12_sleight_of_hand_without_enough_tiles_is_rolled_again():
    # "** - If there aren't enough tiles to complete this HEXX - reroll for another HEXX"
    game = hexx_played(red="")
    game.decide(12)
    assert game.pending.kind is DecisionKind.ROLL


def test_13_doppelganger_your_opponent_chooses_a_vowel_flipped_to_their_color():
    game = hexx_played()
    game.decide(13)
    assert game.pending.kind is DecisionKind.VOWEL and game.pending.chooser is RED
    game.decide("A")
    assert owners(game)["E5"] == "r" and owners(game)["A1"] == "r"


def test_14_the_changeling_pick_up_a_hexx_tile_replace_it_and_keep_it():
    game = hexx_played()
    game.decide(14)
    decision = game.pending
    assert decision.kind is DecisionKind.TAKE_HEXX and decision.chooser is BLACK
    assert decision.options == (sq("E4"),)
    game.decide(sq("E4"))
    assert game.pending.kind is DecisionKind.REPLACE_HEXX
    m = [t.symbol for t in game.hand(BLACK)].index("M")
    game.decide(m)
    tile = game.tile_at("E4")
    assert tile.letter == "M" and not tile.is_hexx and tile.owner is BLACK
    kept = [t for t in game.hand(BLACK) if t.is_hexx]
    assert len(kept) == 1 and game.is_activated(kept[0])
    # played again it is wild but casts no new HEXX (it is not its first time)
    game.play(Discard("D"))
    game.play(Play.parse("B1 W tA"))
    assert game.pending is None


def test_15_frozen_in_place_opponent_cannot_flip_your_tiles_next_turn():
    game = hexx_played()
    game.decide(15)
    [effect] = game.lasting_effects
    assert effect.kind is LastingKind.FROZEN and effect.player is RED
    assert effect.protected is BLACK and effect.active      # red's turn has begun
    game.play(Play.parse("E7 N STAB"))
    record = game.last_turn
    assert [w.text for w in record.words] == ["STAB"]
    assert record.flipped == ()
    assert {e.square.name for e in record.events if e.kind == "flip-blocked"} == {"E6", "E5",
                                                                                  "E4"}
    assert all(owners(game)[n] == "b" for n in ("E4", "E5", "E6"))
    assert game.lasting_effects == ()                         # it lasted one turn


def test_16_doppelganger_choose_a_consonant_flip_all_of_it_to_your_color():
    game = hexx_played()
    game.decide(16)
    decision = game.pending
    assert decision.kind is DecisionKind.CONSONANT and decision.chooser is BLACK
    assert "A" not in decision.options and "Y" in decision.options
    game.decide("T")
    assert owners(game)["F5"] == "b"


def test_17_freaky_friday_swap_all_six_tiles_with_your_opponent():
    game = hexx_played()
    red_before, black_before = game.hand(RED), game.hand(BLACK)
    assert len(black_before) == 6      # "Redraw your used tiles" happened first
    game.decide(17)
    assert game.hand(RED) == black_before and game.hand(BLACK) == red_before


def test_17_freaky_friday_without_six_tiles_each_is_rolled_again():
    game = hexx_played(bag="")         # black cannot redraw to 6
    game.decide(17)
    assert game.pending.kind is DecisionKind.ROLL


def test_18_sleight_of_hand_your_opponent_steals_from_you():
    game = hexx_played()
    red_before, black_before = game.hand(RED), game.hand(BLACK)
    game.decide(18)
    assert game.pending.kind is DecisionKind.STEAL_TILE and game.pending.chooser is RED
    game.decide(5)
    game.decide(1)
    assert game.hand(RED)[1] == black_before[5] and game.hand(BLACK)[5] == red_before[1]


def test_19_doppelganger_your_opponent_chooses_a_consonant_for_their_color():
    game = hexx_played()
    game.decide(19)
    assert game.pending.kind is DecisionKind.CONSONANT and game.pending.chooser is RED
    game.decide("T")
    assert owners(game)["E6"] == "r"


def test_20_the_changeling_your_opponent_picks_up_the_hexx_tile():
    game = hexx_played()
    game.decide(20)
    assert game.pending.kind is DecisionKind.TAKE_HEXX and game.pending.chooser is RED
    game.decide(sq("E4"))
    game.decide([t.symbol for t in game.hand(RED)].index("D"))
    assert game.tile_at("E4").letter == "D" and game.tile_at("E4").owner is BLACK
    assert sum(t.is_hexx for t in game.hand(RED)) == 2


@pytest.mark.parametrize("roll", range(1, 21))
def test_every_hexx_keeps_every_tile(roll):
    game = hexx_played()
    ids = all_tile_ids(game)
    game.decide(roll)
    while game.pending is not None:
        decision = game.pending
        if decision.kind is DecisionKind.FLIP_TILES:
            game.decide(decision.options[: decision.count])
        elif decision.kind is DecisionKind.ROLL:
            game.decide(4)
        else:
            game.decide(decision.options[0] if decision.options else None)
    assert all_tile_ids(game) == ids
    assert game.last_turn.effect.number == roll


def test_09_metamorphosis_with_a_fresh_hexx_tile_casts_a_new_hexx():
    game = hexx_played(black="?TMOE?")
    game.decide(9)
    game.play(Discard("D"))
    choice = Metamorphosis(sq("D5"), "B", True, Direction.E)
    assert choice in game.pending.options
    game.decide(choice)
    assert game.tile_at("D5").is_hexx and game.tile_at("D5").letter == "B"
    assert game.pending.kind is DecisionKind.ROLL and game.pending.chooser is BLACK
    game.decide(4)                               # Reversal: BATS turns red
    assert all(owners(game)[n] == "r" for n in ("D5", "E5", "F5", "G5"))


def test_for_the_leds_placed_and_flipped_name_only_squares_that_still_hold_the_tile():
    # Null & Void takes the HEXX tile just placed (e4) and the flipped A (e5) off the board:
    # the LEDs must not light or animate squares that are empty now.
    game = hexx_played()
    game.decide(11)
    game.decide(sq("E5"))
    game.decide(sq("E4"))
    record = game.last_turn
    assert [q.name for q in record.placed] == ["E6"]
    assert record.flipped == ()
    assert {q.name for q in record.removed} == {"E4", "E5"}
    # The Changeling fills e4 twice in one turn: listed once
    game = hexx_played()
    game.decide(14)
    game.decide(sq("E4"))
    game.decide(0)
    assert sorted(q.name for q in game.last_turn.placed) == ["E4", "E6"]
