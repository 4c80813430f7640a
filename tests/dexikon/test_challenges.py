"""Challenging a player's word."""

from __future__ import annotations

import pytest

from wordboard.dexikon.engine import (
    AcceptWord,
    BuyDecision,
    Challenge,
    Concede,
    DeclareWord,
    DefendDecision,
    Game,
    GiveUp,
    IllegalAction,
    Insist,
    PlayCards,
    PlayDecision,
    PointsDecision,
    ResolveAction,
)
from wordboard.dictionary import Dictionary

from .helpers import ids, set_hand

WORDS = Dictionary.from_words(["cat", "act", "sat", "tea", "eat", "cost", "coat"])


@pytest.fixture
def game(card_set):
    return Game(card_set, WORDS, ["Ann", "Bob", "Cy"], seed=4, first_player=1)


def declare(game, cards, word):
    game.play(DeclareWord(ids(cards), word))


def test_agreed_invalid_no_penalty_and_one_more_try(game):
    """"You can then agree that the word is not valid, in which case there is no further penalty
    and you can try one more time to spell a word.\""""
    cards = set_hand(game, 1, "D", "C", "AT", "AT")
    game.play(PlayCards(ids(cards)))
    declare(game, cards[1:], "CTA")
    game.play(Challenge((2,)))
    assert isinstance(game.pending, DefendDecision) and game.pending.challengers == (2,)
    discards = [len(p.discard) for p in game.players]
    game.play(Concede())
    assert [len(p.discard) for p in game.players] == discards
    assert [p.sheet.challenges_won for p in game.players] == [0, 0, 0]
    d = game.pending
    assert isinstance(d, PlayDecision) and d.attempt == 2 and d.actions_left == ()


def test_second_attempt_may_play_new_cards_but_not_resolve_actions(game):
    """"You may play new cards from hand (but do not resolve Action effects).\""""
    cards = set_hand(game, 1, "D", "C", "AT", "AT", "ES")
    game.play(PlayCards(ids(cards[:4])))
    declare(game, cards[1:4], "CTA")
    game.play(Challenge((0,)))
    game.play(Concede())
    game.play(PlayCards((cards[4].id, cards[0].id)))       # D went back to the hand
    with pytest.raises(IllegalAction, match="not resolved on a second attempt") as err:
        game.play(ResolveAction(cards[0].id))
    assert "second attempt" in err.value.rule
    declare(game, [cards[4], cards[2], cards[3]], "SAT")
    game.play(AcceptWord())
    assert isinstance(game.pending, PointsDecision)


def test_insisting_on_a_valid_word_winner_marks_losers_gain_penalties(game):
    """"consult the dictionary ... The player(s) who won the challenge should make a mark in the
    Bonus Points section ... The losing player(s) each gain a Penalty card.\""""
    cards = set_hand(game, 1, "C", "AT", "AT")
    game.play(PlayCards(ids(cards)))
    declare(game, cards, "CAT")
    game.play(Challenge((0, 2)))
    stack = len(game.penalty_stack)
    game.play(Insist())
    assert game.players[1].sheet.challenges_won == 1
    assert [p.discard[-1].name for p in (game.players[0], game.players[2])] == ["PENALTY"] * 2
    assert len(game.penalty_stack) == stack - 2
    assert isinstance(game.pending, PointsDecision) and game.pending.word == "CAT"


def test_challenge_penalties_clockwise_stop_when_the_stack_runs_out(game):
    """"In clockwise order from the active player, each affected player gains a Penalty ...
    If the Penalty stack runs out, players no longer gain Penalties.\""""
    cards = set_hand(game, 1, "C", "AT", "AT")
    while len(game.penalty_stack) > 1:
        game.box.append(game.penalty_stack.pop())
    game.play(PlayCards(ids(cards)))
    declare(game, cards, "CAT")
    game.play(Challenge((0, 2)))
    game.play(Insist())
    assert [len(p.discard) for p in game.players] == [0, 0, 1]      # Cy comes before Ann


def test_insisting_on_an_invalid_word_then_failing_again_means_no_word(game):
    """An invalid word: challengers win a mark, the player gains a Penalty and may try again;
    "if determined to be found invalid, you do not get a third chance"; then "you must still buy
    a 0-cost card".\""""
    cards = set_hand(game, 1, "C", "AT", "AT")
    game.play(PlayCards(ids(cards)))
    declare(game, cards, "CTA")
    game.play(Challenge((2,)))
    game.play(Insist())
    assert game.players[2].sheet.challenges_won == 1
    assert game.players[1].discard[-1].name == "PENALTY"
    assert game.pending.attempt == 2
    declare(game, cards, "CAA")
    game.play(Challenge((0,)))
    game.play(Insist())
    assert [p.sheet.challenges_won for p in game.players] == [1, 0, 1]
    d = game.pending
    assert isinstance(d, BuyDecision) and d.budget == 0
    assert set(d.buyable) <= {"AT", "ES", "IOU", "PENALTY"}


def test_only_opponents_can_challenge(game):
    cards = set_hand(game, 1, "C", "AT", "AT")
    game.play(PlayCards(ids(cards)))
    declare(game, cards, "CAT")
    with pytest.raises(IllegalAction, match="cannot challenge"):
        game.play(Challenge((1,)))
    with pytest.raises(IllegalAction, match="no challenger"):
        game.play(Challenge(()))


def test_giving_up_on_the_second_attempt(game):
    cards = set_hand(game, 1, "C", "AT", "AT")
    game.play(PlayCards(ids(cards)))
    declare(game, cards, "CTA")
    game.play(Challenge((2,)))
    game.play(Concede())
    game.play(GiveUp())
    assert isinstance(game.pending, BuyDecision) and game.pending.must_buy


def test_attacks_in_a_word_found_invalid_do_not_resolve(game):
    """Attack cards "only resolve if part of a valid word": a word the dictionary refuses gives
    nobody a Penalty from its attacks (only the challenge's loser gains one)."""
    cards = set_hand(game, 1, "M", "AT", "AT")
    game.play(PlayCards(ids(cards)))
    declare(game, cards, "MTA")
    game.play(Challenge((2,)))
    game.play(Insist())
    assert [len(p.discard) for p in game.players] == [0, 1, 0]      # Bob's challenge Penalty
    game.play(GiveUp())
    assert isinstance(game.pending, BuyDecision)
    assert [len(p.discard) for p in game.players] == [0, 1, 0]
