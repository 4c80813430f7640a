"""Setup: stacks, the pool, starting decks, Special Penalties, the first player."""

from __future__ import annotations

import pytest

from wordboard.dexikon.cards import Role
from wordboard.dexikon.engine import Game, IllegalAction, Phase, PlayDecision

from .helpers import check_conservation


def test_core_cards_in_stacks_purple_cards_aside(card_set, dictionary):
    """"Put the core cards (AT, ES, IOU and dark pink ? cards) in the middle of the table in
    three separate stacks. Put the purple ? cards to one side for now.\""""
    game = Game(card_set, dictionary, 2, seed=1)
    assert set(game.stacks) == {"AT", "ES", "IOU", "PENALTY"}
    # 14 of each letter card, 4 of each dealt to the two players' decks
    assert {n: len(s) for n, s in game.stacks.items()} == {"AT": 10, "ES": 10, "IOU": 10,
                                                           "PENALTY": 16}
    assert all(c.kind.role is Role.SPECIAL_PENALTY for c in game.box) and len(game.box) == 5
    check_conservation(game)


def test_pool_of_six_sorted_by_cost_from_the_shuffled_pool_stack(card_set, dictionary):
    """"Deal six cards from the pool stack face up ... sorted in order of cost"; a space is
    left for the pool returns."""
    game = Game(card_set, dictionary, 3, seed=5)
    assert len(game.pool) == 6
    costs = [c.kind.cost for c in game.pool]
    assert costs == sorted(costs)
    assert len(game.pool_stack) == 53 - 6 and game.pool_returns == []
    other = Game(card_set, dictionary, 3, seed=6)
    assert [c.id for c in other.pool_stack] != [c.id for c in game.pool_stack]


def test_starting_decks_of_ten_and_hands_of_six(card_set, dictionary):
    """"Give each player a 10 card starting deck ... draws six cards to form their starting
    hand.\""""
    game = Game(card_set, dictionary, 4, seed=2)
    for p in game.players:
        cards = p.cards()
        assert len(p.hand) == 6 and len(p.deck) == 4 and p.discard == []
        names = sorted(c.name for c in cards)
        assert names == sorted(["AT"] * 2 + ["ES"] * 2 + ["IOU"] * 2 + ["PENALTY"] * 4)


def test_special_penalty_option_for_young_players(card_set, dictionary):
    """"you can replace one or more of the 4 Penalties with purple Special Penalty cards"."""
    game = Game(card_set, dictionary, 2, seed=3, special_penalties=[0, 3])
    names = sorted(c.name for c in game.players[1].cards())
    assert names.count("SPECIAL") == 3 and names.count("PENALTY") == 1
    assert [c.name for c in game.players[0].cards()].count("SPECIAL") == 0
    assert len(game.box) == 2
    check_conservation(game)
    with pytest.raises(IllegalAction, match="0 to 4 Special"):
        Game(card_set, dictionary, 2, special_penalties=[5, 0])
    with pytest.raises(IllegalAction, match="5 Special Penalty cards, 8 asked"):
        Game(card_set, dictionary, 2, special_penalties=[4, 4])


def test_first_player_is_random_and_recorded(card_set, dictionary):
    """"Randomly select a player to go first, and put a check in the 'First?' box"."""
    firsts = {Game(card_set, dictionary, 4, seed=s).first_player for s in range(20)}
    assert firsts == {0, 1, 2, 3}
    game = Game(card_set, dictionary, 4, seed=0, first_player=2)
    assert [p.sheet.first for p in game.players] == [False, False, True, False]
    assert isinstance(game.pending, PlayDecision) and game.pending.player == 2
    assert game.phase is Phase.PLAY


def test_same_seed_same_game(card_set, dictionary):
    a, b = (Game(card_set, dictionary, 3, seed=42) for _ in range(2))
    assert [c.id for c in a.pool_stack] == [c.id for c in b.pool_stack]
    assert [[c.id for c in p.hand] for p in a.players] == [[c.id for c in p.hand]
                                                           for p in b.players]


def test_player_count_limits(card_set, dictionary):
    with pytest.raises(IllegalAction, match="1 to 5 players, not 6"):
        Game(card_set, dictionary, 6)
    with pytest.raises(IllegalAction, match="1 to 5 players, not 0"):
        Game(card_set, dictionary, 0)
