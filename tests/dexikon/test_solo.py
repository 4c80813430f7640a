"""Solo play, in full."""

from __future__ import annotations

import random

import pytest

from wordboard.dexikon.autoplay import AutoPlayer, play_out
from wordboard.dexikon.engine import (
    SOLO_POOL_PENALTIES,
    Buy,
    DeclareWord,
    EndTurn,
    Game,
    GiveUp,
    IllegalAction,
    KeepDecision,
    KeepPoolCard,
    Phase,
    PlayCards,
    PlayDecision,
    RefreshPool,
    Spend,
)
from wordboard.dictionary import Dictionary

from .helpers import check_conservation, ids, pool_stack_top, set_hand, set_pool, take

WORDS = Dictionary.from_words(["cat", "mat", "lat", "tam"])


@pytest.fixture
def game(card_set):
    return Game(card_set, WORDS, 1, seed=11)


def test_solo_setup_ten_penalties_in_the_pool_deck_rest_in_the_box(game, card_set):
    """"shuffle ten Penalties into the pool deck after revealing the six cards in the starting
    pool. Put the rest of the Penalty cards back in the box ... the Penalty stack begins the game
    empty.\""""
    assert not any(c.kind.is_penalty for c in game.pool)
    assert sum(c.name == "PENALTY" for c in game.pool_stack) == SOLO_POOL_PENALTIES
    assert len(game.pool_stack) == 53 - 6 + 10
    assert game.penalty_stack == []
    assert sum(c.name == "PENALTY" for c in game.box) == 24 - 4 - 10
    assert game.strict
    check_conservation(game)


def play_cat(game, *extra):
    cards = set_hand(game, 0, "C", "AT", "AT", *extra)
    game.play(PlayCards(ids(cards[:3])))
    game.play(DeclareWord(ids(cards[:3])))
    return cards


def test_solo_no_refresh(game):
    """"You can no longer choose to refresh the pool.\""""
    play_cat(game)
    assert not game.pending.can_refresh
    with pytest.raises(IllegalAction) as err:
        game.play(RefreshPool())
    assert "no longer choose to refresh" in err.value.rule


def test_solo_cleanup_keeps_one_pool_card_and_refills(game):
    """"At the end of each turn, before drawing a new hand, return all but one (your choice) of
    the pool cards, then refresh to six cards.\""""
    pool = set_pool(game, "A", "E", "D", "K", "B", "Q")
    play_cat(game)
    game.play(Spend())
    game.play(Buy("IOU"))
    arrange_penalties_on_top(game, 0)
    game.play(EndTurn())
    d = game.pending
    assert isinstance(d, KeepDecision) and d.pool == tuple(pool)
    with pytest.raises(IllegalAction, match="not in the pool"):
        game.play(KeepPoolCard(game.players[0].hand[0].id if game.players[0].hand
                               else game.players[0].discard[0].id))
    game.play(KeepPoolCard(pool[3].id))
    assert pool[3] in game.pool and len(game.pool) == 6
    assert set(pool) - {pool[3]} <= set(game.pool_returns)
    assert isinstance(game.pending, PlayDecision)
    check_conservation(game)


def arrange_penalties_on_top(game, n):
    """The next five cards dealt to the pool: ``n`` Penalties and pool cards."""
    pool_stack_top(game, *["A", "E", "D", "K", "B"][: 5 - n], *["PENALTY"] * n)


def test_solo_penalties_in_the_pool_are_gained(game):
    """"After drawing your new hand, check to see whether there are any Penalties in the pool.
    If there are, you immediately gain them\""""
    play_cat(game)
    game.play(Spend())
    game.play(Buy("IOU"))
    arrange_penalties_on_top(game, 2)
    game.play(EndTurn())
    keep = game.pool[0]
    game.play(KeepPoolCard(keep.id))
    player = game.players[0]
    assert not any(c.kind.is_penalty for c in game.pool)
    assert sum(c.name == "PENALTY" for c in player.discard) == 2
    assert "2 Penalty card(s) in the pool: Player 1 gains them" in game.log
    check_conservation(game)


def test_solo_l_card_sends_pool_penalties_to_the_stack(game):
    """"... unless you hold an L card, in which case the Penalties are placed in the Penalty
    stack.\""""
    play_cat(game)
    game.play(Spend())
    game.play(Buy("IOU"))
    arrange_penalties_on_top(game, 2)
    player = game.players[0]
    player.deck[:] = [take(game, "L")] + [take(game, "ES") for _ in range(5)]
    game.play(EndTurn())
    game.play(KeepPoolCard(game.pool[0].id))
    assert any(c.name == "L" for c in player.hand)
    assert len(game.penalty_stack) == 2
    assert not any(c.name == "PENALTY" for c in player.discard)
    assert game.log[-1].endswith("the card in your hand sends them to the Penalty stack")


def test_solo_attack_sets_a_penalty_aside_for_a_bonus_point(game):
    """"Whenever you play an Attack card, take a Penalty from the Penalty stack and place it to
    one side ... add a bonus point for every Penalty placed to the side using Attack cards.\""""
    game.penalty_stack.append(take(game, "PENALTY"))
    cards = set_hand(game, 0, "M", "AT", "AT")
    game.play(PlayCards(ids(cards)))
    game.play(DeclareWord(ids(cards), "MAT"))
    assert len(game.players[0].set_aside) == 1 and game.penalty_stack == []
    assert "M attacks: Player 1 sets a Penalty aside (a bonus point at the end)" in game.log
    game.play(Spend())
    game.play(Buy("IOU"))
    game.play(EndTurn())
    game.play(KeepPoolCard(game.pool[0].id))
    cards = set_hand(game, 0, "M", "AT", "AT")
    game.play(PlayCards(ids(cards)))
    game.play(DeclareWord(ids(cards), "MAT"))              # spent words may be spelled again
    assert len(game.players[0].set_aside) == 1          # the stack was empty


def test_solo_final_turn_when_the_pool_deck_is_empty(game):
    """"When the pool deck is empty at the start of a turn, that turn will be the final turn.\""""
    game.pool_returns.extend(game.pool_stack)
    game.pool_stack.clear()
    game.play(GiveUp())
    game.play(Buy("AT"))
    game.play(EndTurn())                                   # this turn was not yet final
    game.play(KeepPoolCard(game.pool[0].id))
    assert game.turn.final and game.log[-1] == "the pool deck is empty: this is the final turn"
    game.play(GiveUp())
    game.play(Buy("AT"))
    game.play(EndTurn())
    if game.phase is Phase.KEEP_POOL_CARD:
        game.play(KeepPoolCard(game.pool[0].id))
    assert game.phase is Phase.LAST_WORD
    check_conservation(game)


def test_solo_game_plays_to_the_end_and_scores_set_aside_penalties(card_set, dictionary):
    """"Play a last word and add up points as usual, then add a bonus point for every Penalty
    placed to the side using Attack cards.\""""
    for seed in (1, 2, 3):
        game = Game(card_set, dictionary, ["Solo"], seed=seed)
        play_out(game, AutoPlayer(random.Random(seed)))
        (score,) = game.result.scores
        assert score.set_aside_bonus == len(game.players[0].set_aside)
        assert score.bonus == score.challenges_won + score.card_bonus + score.set_aside_bonus
        assert game.pool_stack == [] or any(len(s.banked) >= 7 for s in game.result.scores)
        check_conservation(game)


def test_the_demo_player_never_declares_a_word_unsuitable_for_children(card_set):
    """Issue 19: the automatic player (demos, hints) skips blocked words even when the
    dictionary has them, and plays the next best word instead."""
    from wordboard.extradiction.wordfilter import is_unsuitable

    from .conftest import small_dictionary
    bad = ("SHIT", "TURD", "CUNT", "TITS", "ARSE", "PISS", "FART", "DAMN", "HELL", "DICK", "COCK",
           "SLUT", "TWAT", "CRAP", "SHITS", "TURDS", "FARTS")
    # a small list, so that the best word on the table is often a blocked one
    good = ("HITS", "THIS", "SHOT", "HOST", "TURN", "DART", "CART", "CHAT", "RATS", "STAR")
    dictionary = small_dictionary(*good, *bad)
    declared = []
    for seed in (1, 2, 3, 4):
        game = Game(card_set, dictionary, ["Solo"], seed=seed)
        auto = AutoPlayer(random.Random(seed), bluff_rate=0.0)
        play_out(game, auto)
        declared += [w for _p, w in auto._failed]
        declared += list(game.banked_words)
    assert declared and not [w for w in declared if is_unsuitable(w)]


def test_one_plays_the_solo_game_on_the_board(tmp_path):
    """The rulebook's single-player game on the board (issue 37: one may play alone where the
    rulebook allows it): ``wordboard run --game dexikon --players Mia`` on the twin plays the solo
    rules (ten Penalties in the pool deck, the pool card kept at cleanup) to the end."""
    from tests.dexikon.table_helpers import table_session
    from wordboard.commands.run import _check_player_count

    _check_player_count("dexikon", ["Mia"])
    with table_session(tmp_path, players=("Mia",), seed=3) as s:
        assert s.jgame.info.players == ("Mia",) and s.adapter.game.solo
        s.run(max_seconds=120)
        assert s.adapter.over and s.adapter.game.result is not None
