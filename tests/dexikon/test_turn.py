"""A turn's six phases: play, declare, attacks, refresh, spend or bank and buy, cleanup."""

from __future__ import annotations

import pytest

from wordboard.dexikon.engine import (
    AcceptWord,
    Bank,
    Buy,
    BuyDecision,
    ChallengeDecision,
    ChooseWord,
    DeclareWord,
    EndTurn,
    Game,
    GiveUp,
    IllegalAction,
    Phase,
    PlayCards,
    PlayDecision,
    PointsDecision,
    RefreshPool,
    ResolveAction,
    Respond,
    ResponseDecision,
    Spend,
    WordChoice,
)
from wordboard.dictionary import Dictionary

from .helpers import check_conservation, ids, set_hand, set_pool, set_zone

WORDS = Dictionary.from_words(["cat", "act", "at", "sat", "set", "sit", "mat", "tam", "vat",
                               "cats", "acts", "mats", "vats", "tea", "eat", "ate", "seat",
                               "test", "zest", "best", "bet"])


@pytest.fixture
def game(card_set):
    return Game(card_set, WORDS, ["Ann", "Bob", "Cy"], seed=1, first_player=0)


def lay(game, *names, word=None, accept=True):
    """Give the active player exactly these cards, play them all and declare them as a row."""
    cards = set_hand(game, game.turn.player, *names)
    game.play(PlayCards(ids(cards)))
    game.play(DeclareWord(ids(cards), word))
    if accept and game.phase is Phase.CHALLENGE:
        game.play(AcceptWord())
    return cards


# -- 1. Play cards --------------------------------------------------------------------------


def test_play_cards_from_hand_onto_the_table(game):
    """1. "Play any or all of the cards in your hand onto the table"."""
    hand = set_hand(game, 0, "C", "AT", "AT", "ES")
    game.play(PlayCards(ids(hand[:2])))
    assert game.table == tuple(hand[:2]) and game.players[0].hand == hand[2:]
    with pytest.raises(IllegalAction, match="not in the hand"):
        game.play(PlayCards(ids(hand[:1])))


def test_action_effect_resolves_once(game):
    """1. "Each Action (blue) card has an effect that you can resolve once"."""
    hand = set_hand(game, 0, "D", "AT")
    game.play(PlayCards(ids(hand[:1])))
    deck_before = len(game.players[0].deck)
    game.play(ResolveAction(hand[0].id))                       # D: draw 1
    assert len(game.players[0].deck) == deck_before - 1 and len(game.players[0].hand) == 2
    with pytest.raises(IllegalAction, match="already resolved") as err:
        game.play(ResolveAction(hand[0].id))
    assert "resolve once" in err.value.rule
    with pytest.raises(IllegalAction, match="not in play on the table"):
        game.play(ResolveAction(hand[1].id))


def test_actions_resolve_in_any_order_and_points_effect_adds_to_spend(game):
    """1. "Action effects ... can be resolved in any order"; points N adds to what is spent."""
    hand = set_hand(game, 0, "A", "E", "T")
    game.play(PlayCards(ids(hand)))
    game.play(ResolveAction(hand[1].id))
    game.play(ResolveAction(hand[0].id))
    game.play(DeclareWord((hand[0].id, hand[2].id, hand[1].id), "ATE"))
    game.play(AcceptWord())
    assert game.pending.value == 2 + 2 + 2 + 1            # all cards used: +1
    game.play(Bank())
    assert game.pending.budget == 7 // 2 + 2               # half the value, plus the two points


def test_return_effect_sends_cards_to_the_right_place(game):
    """Returning cards: "If you return a core card ... on the matching stack. If you return a
    pool card ... in the pool returns pile. If you return a Special Penalty, remove it from the
    game.\""""
    hand = set_hand(game, 0, "X", "PENALTY", "AT")
    discard = set_zone(game, 0, "discard", "SPECIAL", "C")
    game.play(PlayCards(ids(hand[:1])))
    penalties = len(game.penalty_stack)
    with pytest.raises(IllegalAction, match="at most 2"):
        game.play(ResolveAction(hand[0].id, (hand[1].id, discard[0].id, discard[1].id)))
    game.play(ResolveAction(hand[0].id, (hand[1].id, discard[0].id)))
    assert len(game.penalty_stack) == penalties + 1 and game.penalty_stack[-1] is hand[1]
    assert game.removed == [discard[0]]
    set_hand(game, 0, "R", "AT")
    # a fresh turn state is not needed: the R card is resolved on this same turn
    r = game.players[0].hand[0]
    game.play(PlayCards((r.id,)))
    game.play(ResolveAction(r.id, (discard[1].id,)))
    assert game.pool_returns == [discard[1]]
    check_conservation(game)


# -- 2. Declare your word -------------------------------------------------------------------


def test_engine_finds_the_word_and_unused_cards_go_back_to_hand(game):
    """2. "If you have any cards in play that you can't use in the word, just put them back into
    your hand.\""""
    hand = set_hand(game, 0, "C", "AT", "AT", "ES")
    game.play(PlayCards(ids(hand)))
    game.play(DeclareWord(ids(hand[:3])))
    d = game.pending
    assert isinstance(d, ChallengeDecision) and d.word == "CAT" and d.challengers == (1, 2)
    assert game.players[0].hand == [hand[3]] and game.table == tuple(hand[:3])


def test_player_picks_when_several_words_fit(game):
    hand = set_hand(game, 0, "ES", "PENALTY", "AT")
    game.play(PlayCards(ids(hand)))
    game.play(DeclareWord(ids(hand)))
    d = game.pending
    assert isinstance(d, WordChoice) and d.words == ("EAT", "SAT", "SET", "SIT")
    with pytest.raises(IllegalAction, match="not one of the words"):
        game.play(ChooseWord("SOT"))
    game.play(ChooseWord("sit"))
    assert game.pending.word == "SIT"


def test_cards_still_in_hand_may_be_laid_straight_into_the_word(game):
    """Declaring with cards from the hand plays them; a refused declaration changes nothing."""
    hand = set_hand(game, 0, "C", "AT", "AT", "ES")
    game.play(PlayCards(ids(hand[:1])))
    with pytest.raises(IllegalAction, match="COT cannot be laid"):
        game.play(DeclareWord(ids(hand[:3]), "COT"))
    assert game.table == (hand[0],) and game.players[0].hand == hand[1:]
    game.play(DeclareWord(ids(hand[:3])))
    assert game.pending.word == "CAT"
    assert game.table == tuple(hand[:3]) and game.players[0].hand == [hand[3]]


def test_declared_words_are_folded_and_must_be_letters(card_set):
    game = Game(card_set, Dictionary.from_words(["sauté", "at"]), 2, seed=1, first_player=0)
    hand = set_hand(game, 0, "ES", "AT", "IOU", "AT", "PENALTY")
    with pytest.raises(IllegalAction, match="not a word: use the letters A-Z"):
        game.play(DeclareWord(ids(hand[:2]) + ids(hand[4:]), "AT'"))
    game.play(DeclareWord(ids(hand[:3]) + ids(hand[3:]), "sauté"))
    assert game.pending.word == "SAUTE"
    assert "ES=S AT=A IOU=U AT=T PENALTY=E" in game.log[-1]


def test_an_action_out_of_its_phase_names_what_the_game_waits_for(game):
    with pytest.raises(IllegalAction, match=r"buying is not possible now: the game waits for "
                                            r"Ann \(play cards\)"):
        game.play(Buy("AT"))


def test_declared_word_must_fit_the_row(game):
    hand = set_hand(game, 0, "C", "AT", "AT")
    game.play(PlayCards(ids(hand)))
    with pytest.raises(IllegalAction, match="COT cannot be laid with the row C AT AT"):
        game.play(DeclareWord(ids(hand), "COT"))
    with pytest.raises(IllegalAction, match="at least 2"):
        game.play(DeclareWord(ids(hand[:1]), "C"))
    with pytest.raises(IllegalAction, match="no word in the dictionary fits"):
        game.play(DeclareWord(ids(hand[1:])[::-1] + ids(hand[:1])))


def test_a_word_outside_the_dictionary_stands_unless_challenged(game):
    """Without a challenge the word stands, as at the table (strict games refuse it)."""
    lay(game, "C", "AT", "AT", word="CTA")
    assert isinstance(game.pending, PointsDecision) and game.pending.word == "CTA"


def test_strict_game_refuses_words_outside_the_dictionary(card_set):
    game = Game(card_set, WORDS, 2, seed=1, first_player=0, strict=True)
    cards = set_hand(game, 0, "C", "AT", "AT")
    game.play(PlayCards(ids(cards)))
    with pytest.raises(IllegalAction, match="CTA is not in the dictionary"):
        game.play(DeclareWord(ids(cards), "CTA"))


def test_banked_word_can_never_be_spelled_again(game):
    """"Once you BANK a word and record it on the score sheet, nobody can spell that word again
    in this game.\""""
    lay(game, "C", "AT", "AT")
    game.play(Bank())
    assert game.players[0].sheet.banked[0].word == "CAT" and "CAT" in game.banked_words
    game.play(Buy("AT"))
    game.play(EndTurn())
    cards = set_hand(game, 1, "C", "AT", "AT")
    game.play(PlayCards(ids(cards)))
    with pytest.raises(IllegalAction, match="CAT has been banked") as err:
        game.play(DeclareWord(ids(cards), "CAT"))
    assert "nobody can spell that word again" in err.value.rule
    with pytest.raises(IllegalAction, match="banked words excluded"):
        game.play(DeclareWord(ids(cards)))


def test_spent_word_can_be_spelled_again(game):
    """"SPENT words are not recorded ... so they can be spelled again later.\""""
    lay(game, "C", "AT", "AT")
    game.play(Spend())
    game.play(Buy("AT"))
    game.play(EndTurn())
    lay(game, "C", "AT", "AT")
    assert game.pending.word == "CAT"


# -- 3. Attacks --------------------------------------------------------------------------------


def test_attacks_resolve_only_in_a_valid_word_clockwise(game):
    """3. "Attack (orange) cards only resolve if part of a valid word"; each opponent gains a
    Penalty into their discard pile, clockwise from the active player."""
    lay(game, "M", "AT", "AT")
    assert [len(p.discard) for p in game.players] == [0, 1, 1]
    assert all(p.discard[0].kind.name == "PENALTY" for p in game.players[1:])


def test_attack_card_left_in_hand_does_nothing(game):
    hand = set_hand(game, 0, "C", "AT", "AT", "M")
    game.play(PlayCards(ids(hand)))
    game.play(DeclareWord(ids(hand[:3])))
    game.play(AcceptWord())
    assert [len(p.discard) for p in game.players] == [0, 0, 0]


def test_attacks_left_to_right_stop_when_the_penalty_stack_is_empty(game):
    """"If the Penalty stack runs out, players no longer gain Penalties.\""""
    cards = set_hand(game, 0, "M", "AT", "V", "ES")
    while len(game.penalty_stack) > 3:
        game.box.append(game.penalty_stack.pop())
    game.play(PlayCards(ids(cards)))
    game.play(DeclareWord(ids(cards), "MAVS"))
    game.play(AcceptWord())
    # M: Bob then Cy; V: Bob; then the stack is empty
    assert [len(p.discard) for p in game.players] == [0, 2, 1]
    assert game.penalty_stack == []
    assert "the Penalty stack is empty: no more Penalties" in game.log
    check_conservation(game)


def test_response_card_ignores_attacks_and_stays_in_hand(game):
    """Response (yellow): "show a Response card during another player's turn to ignore any or
    all Attack cards they have played. The Response card is not discarded.\""""
    w = set_hand(game, 2, "W", "AT")[0]
    lay(game, "M", "AT", "AT")
    d = game.pending
    assert isinstance(d, ResponseDecision) and d.player == 2 and d.waiting == (2,)
    with pytest.raises(IllegalAction, match="no Response card"):
        game.play(Respond(1))
    game.play(Respond(2))
    assert [len(p.discard) for p in game.players] == [0, 1, 0]
    assert "Cy shows a Response card and ignores M" in game.log
    assert w in game.players[2].hand


def test_response_may_ignore_some_attacks_only(game):
    set_hand(game, 1, "L")
    cards = lay(game, "M", "AT", "V", "ES", word="MAVS")
    game.play(Respond(1, (cards[2].id,)))          # ignores V, not M
    assert [len(p.discard) for p in game.players] == [0, 1, 2]


# -- 4. Refresh ------------------------------------------------------------------------------


def test_refresh_the_pool_once_before_using_points(game):
    """4. "Once per turn, before using your points, you may take all the cards in the pool and
    place them face-up in the pool returns pile. Then refill the pool.\""""
    lay(game, "C", "AT", "AT")
    old = list(game.pool)
    game.play(RefreshPool())
    assert game.pool_returns == old and len(game.pool) == 6 and not set(old) & set(game.pool)
    assert not game.pending.can_refresh
    with pytest.raises(IllegalAction, match="already refreshed"):
        game.play(RefreshPool())
    game.play(Spend())
    with pytest.raises(IllegalAction, match="not possible now") as err:
        game.play(RefreshPool())
    assert "before using your points" in err.value.rule


# -- 5. Use points and buy -------------------------------------------------------------------


def test_spend_uses_the_full_value(game):
    """5. "Spend: Use the full value of your word to buy new cards.\""""
    hand = set_hand(game, 0, "C", "AT", "AT", "ES")
    game.play(PlayCards(ids(hand[:3])))
    game.play(DeclareWord(ids(hand[:3])))
    game.play(AcceptWord())
    assert game.pending.value == 4
    game.play(Spend())
    assert game.pending.budget == 4 and game.players[0].sheet.banked == []


def test_bank_records_the_word_and_gives_half_rounded_down(game):
    """5. "Bank: Write down the word and its value on your score sheet. You then get half that
    many points (rounded down) to buy new cards.\""""
    hand = set_hand(game, 0, "C", "AT", "AT", "ES")
    game.play(PlayCards(ids(hand[:3])))
    game.play(DeclareWord(ids(hand[:3])))
    game.play(AcceptWord())
    game.play(Bank())
    assert game.players[0].sheet.banked[0].value == 4
    assert game.pending.budget == 2


def test_empty_hand_adds_one_point_to_the_value(game):
    """5. "If you have no cards left in your hand, add 1 bonus point" (banked with the word)."""
    lay(game, "C", "AT", "AT")
    assert game.pending.value == 5
    game.play(Bank())
    assert game.players[0].sheet.banked[0].value == 5 and game.pending.budget == 2


def test_buy_at_least_one_card_and_at_most_one_core_card(game):
    """5. "You must buy at least one card, and you may not buy more than one core (0 cost)
    card.\""""
    set_pool(game, "C", "N", "K", "X", "T", "E")
    lay(game, "K", "AT", "AT", word="KAT")
    game.play(Spend())                                    # 4 + 1 + 1 + 1 = 7
    assert isinstance(game.pending, BuyDecision) and game.pending.must_buy
    with pytest.raises(IllegalAction, match="buy a card first") as err:
        game.play(EndTurn())
    assert "at least one card" in err.value.rule
    game.play(Buy("k"))
    with pytest.raises(IllegalAction, match="X costs 7, 2 point"):
        game.play(Buy("X"))
    game.play(Buy("AT"))
    with pytest.raises(IllegalAction, match="core card was already bought") as err:
        game.play(Buy("ES"))
    assert "more than one core" in err.value.rule
    game.play(Buy("T"))
    assert [c.name for c in game.players[0].discard[-3:]] == ["K", "AT", "T"]
    with pytest.raises(IllegalAction, match="no T in the pool"):
        game.play(Buy("T"))
    with pytest.raises(IllegalAction, match="cannot be bought"):
        game.play(Buy("SPECIAL"))
    game.play(EndTurn())
    check_conservation(game)


# -- 6. Cleanup ------------------------------------------------------------------------------


def test_cleanup_discards_everything_and_draws_six_plus_extras(game):
    """6. "Discard all the cards you played this turn, as well as all the cards left in your
    hand, then draw six new cards (plus any extra cards from Cleanup effects).\""""
    deck = set_zone(game, 0, "deck", *["ES"] * 5, *["IOU"] * 4)
    hand = set_hand(game, 0, "G", "K", "AT", "AT", "IOU")
    game.play(PlayCards(ids(hand[:4])))
    game.play(DeclareWord(ids(hand[:4]), "GKAT"))
    game.play(AcceptWord())
    game.play(Spend())
    game.play(Buy("AT"))
    game.play(EndTurn())
    ann = game.players[0]
    assert len(ann.hand) == 6 + 1 + 2                     # G: extra 1, K: extra 2
    assert set(ann.hand) == set(deck) and ann.deck == []
    assert set(hand) <= set(ann.discard)
    assert game.pending.player == 1


def test_cleanup_reshuffles_the_discard_pile_when_the_deck_runs_out(game):
    """6. "draw what you can, then shuffle your discard pile to form a new draw deck, then draw
    the remainder.\""""
    deck = set_zone(game, 0, "deck", "ES", "ES")
    lay(game, "C", "AT", "AT")
    game.play(Spend())
    game.play(Buy("IOU"))
    game.play(EndTurn())
    ann = game.players[0]
    assert set(deck) <= set(ann.hand)
    assert len(ann.hand) == 6 and ann.discard == [] and ann.deck == []   # 2 + C AT AT IOU


def test_cleanup_refills_the_pool_and_reshuffles_returns(game):
    """6. "If there are fewer than six cards in the pool, deal new cards ... If you run out of
    cards in the pool stack, shuffle the pool returns pile to create a new stack.\""""
    set_pool(game, "C", "N", "K", "A", "T", "E")
    lay(game, "AT", "AT", "X", word="TAX")
    returns = [game.pool_stack.pop() for _ in range(len(game.pool_stack))]
    game.pool_returns.extend(returns)
    game.play(Spend())
    game.play(Buy("K"))
    game.play(EndTurn())
    assert len(game.pool) == 6 and len(game.pool_stack) == len(returns) - 1
    assert game.pool_returns == []
    check_conservation(game)


# -- no word ---------------------------------------------------------------------------------


def test_no_valid_word_means_buying_a_zero_cost_card(game):
    """"If you do not spell a valid word on your turn, you must still buy a 0-cost card.\""""
    set_hand(game, 0, "C", "AT")
    game.play(GiveUp())
    d = game.pending
    assert isinstance(d, BuyDecision) and d.budget == 0 and d.must_buy
    assert set(d.buyable) == {"AT", "ES", "IOU", "PENALTY"}
    with pytest.raises(IllegalAction, match="not a 0-cost card"):
        game.play(Buy(game.pool[0].name))
    with pytest.raises(IllegalAction) as err:
        game.play(EndTurn())
    assert "must still buy a 0-cost card" in err.value.rule
    game.play(Buy("ES"))
    assert game.pending.buyable == ()
    game.play(EndTurn())
    assert isinstance(game.pending, PlayDecision) and game.pending.player == 1


def test_turns_go_clockwise(game):
    for expected in (0, 1, 2, 0):
        assert game.pending.player == expected
        game.play(GiveUp())
        game.play(Buy("AT"))
        game.play(EndTurn())
