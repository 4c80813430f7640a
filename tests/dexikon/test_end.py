"""The end of the game: the trigger, last words, B cards, scoring, ties, variants."""

from __future__ import annotations

import random

import pytest

from wordboard.dexikon.autoplay import AutoPlayer, play_out
from wordboard.dexikon.engine import (
    AcceptWord,
    Bank,
    Buy,
    Challenge,
    DeclareWord,
    EndReturn,
    EndReturnDecision,
    EndTurn,
    Game,
    GameOver,
    GiveUp,
    IllegalAction,
    Insist,
    LastWordDecision,
    Phase,
    PlayCards,
    PlayDecision,
)
from wordboard.dexikon.scoring import (
    LONG,
    LONG_BEST_FIVE,
    QUICK,
    STANDARD,
    BankedWord,
    FinalScore,
    ScoreSheet,
    final_score,
    rank,
)
from wordboard.dictionary import Dictionary

from .helpers import check_conservation, ids, set_hand, set_zone

WORDS = Dictionary.from_words(["cat", "act", "sat", "tea", "eat", "cost", "coat", "cats"])

BARBARA = [("Catch", 5), ("Counts", 6), ("Catfish", 9), ("Finch", 5), ("Gifted", 8),
           ("Franking", 11), ("Canning", 7)]


def test_worked_example_barbara_scores_53(card_set):
    """The rulebook's score sheet: best five 41 + last word Counterfeiting 15 + bonus 7 (five
    challenges won, two N cards) - 10 (five Penalties) = 53."""
    sheet = ScoreSheet("Barbara", first=True, challenges_won=5, last_word="COUNTERFEITING",
                       last_word_value=15)
    for word, value in BARBARA:
        sheet.bank(word, value)
    cards = ([card_set.kind("N")] * 2 + [card_set.kind("PENALTY")] * 5
             + [card_set.kind("AT")] * 6 + [card_set.kind("C")] * 2)
    score = final_score(sheet, cards, STANDARD)
    assert [b.value for b in score.best] == [11, 9, 8, 7, 6]
    assert score.subtotal == 41
    assert score.last_word_value == 15
    assert score.bonus == 7 and score.card_bonus == 2 and score.challenges_won == 5
    assert score.penalty_points == -10
    assert score.total == 53


def test_special_penalties_cost_two_points_too(card_set):
    """"subtract two points for each Penalty card (including Special Penalties)"."""
    sheet = ScoreSheet("A")
    score = final_score(sheet, [card_set.kind("SPECIAL"), card_set.kind("PENALTY")], STANDARD)
    assert score.penalties == 2 and score.total == -4


def test_p_cards_give_two_bonus_points(card_set):
    """"1 or 2 for each N or P card in your deck"."""
    score = final_score(ScoreSheet("A"), [card_set.kind("P"), card_set.kind("N")], STANDARD)
    assert score.card_bonus == 3 and score.total == 3


def _score(name, total, values, last=0):
    banked = tuple(BankedWord(f"W{i}", v) for i, v in enumerate(values))
    return FinalScore(name, False, banked, banked, sum(values), "LAST", last, 0, 0, 0, 0, total)


def test_ties_broken_by_highest_word_then_the_next():
    """"If there is a tie, the winner is the player who has the highest value word recorded on
    the score sheet (including 'last word'). If there is still a tie, check the next highest
    value word, and so on.\""""
    a = _score("A", 40, [9, 8, 7], last=5)
    b = _score("B", 40, [9, 8, 6], last=7)
    c = _score("C", 40, [10, 2], last=1)
    d = _score("D", 41, [1])
    e = _score("E", 40, [9, 8, 7], last=5)
    places = rank([a, b, c, d, e])
    # B's words 9 8 7 6 beat A's 9 8 7 5; A and E are equal throughout and share a place.
    assert [(p, s.name) for p, s in places] == [(1, "D"), (2, "C"), (3, "B"), (4, "A"),
                                                (4, "E")]


@pytest.fixture
def game(card_set):
    return Game(card_set, WORDS, ["Ann", "Bob", "Cy"], seed=9, first_player=0)


def bank_word(game, player, names, word):
    cards = set_hand(game, player, *names)
    game.play(PlayCards(ids(cards)))
    game.play(DeclareWord(ids(cards), word))
    game.play(AcceptWord())
    game.play(Bank())
    game.play(Buy("AT"))
    game.play(EndTurn())


def pass_turn(game):
    game.play(GiveUp())
    game.play(Buy("ES"))
    game.play(EndTurn())


def test_game_ends_before_the_first_players_turn_once_seven_words_are_banked(game):
    """"Before the player who went first takes his or her turn, check the score sheets to see
    whether any player has banked seven or more words. If somebody has, the first player's turn
    does not begin - the game is over.\""""
    for i in range(6):
        game.players[1].sheet.bank(f"WORD{i}", 3)
    pass_turn(game)                                   # Ann
    bank_word(game, 1, ["C", "AT", "AT"], "CAT")      # Bob's seventh word
    assert isinstance(game.pending, PlayDecision) and game.pending.player == 2   # Cy still plays
    pass_turn(game)
    d = game.pending
    assert game.phase is Phase.LAST_WORD and isinstance(d, LastWordDecision) and d.player == 0


def test_six_words_do_not_end_the_game(game):
    for i in range(5):
        game.players[1].sheet.bank(f"WORD{i}", 3)
    pass_turn(game)
    bank_word(game, 1, ["C", "AT", "AT"], "CAT")
    pass_turn(game)
    assert isinstance(game.pending, PlayDecision) and game.pending.player == 0


def end_now(game):
    """Make the game end before Ann's next turn."""
    for i in range(7):
        game.players[2].sheet.bank(f"WORD{i}", 3)
    for _ in range(3):
        pass_turn(game)
    assert game.phase is Phase.LAST_WORD


def test_last_word_from_all_cards_points_only_may_repeat_a_banked_word(game):
    """"You may look through all of your cards (hand, deck and discard) ... Ignore any text on
    the cards - only the points value counts. Your 'last word' can be ... a word that was
    spelled and banked during the game.\""""
    bank_word(game, 0, ["C", "AT", "AT"], "CAT")
    pass_turn(game)
    pass_turn(game)
    end_now(game)
    ann = game.players[0]
    set_zone(game, 0, "deck", "M", "AT")
    set_zone(game, 0, "discard", "C", "AT")
    set_zone(game, 0, "hand")
    m, at1 = ann.deck
    c, at2 = ann.discard
    game.play(DeclareWord((c.id, at1.id, at2.id), "CAT"))
    discards = [len(p.discard) for p in game.players]
    game.play(AcceptWord())
    assert ann.sheet.last_word == "CAT" and ann.sheet.last_word_value == 4    # no +1
    assert [len(p.discard) for p in game.players] == discards              # M ignored
    assert game.pending.player == 1


def test_penalty_won_in_a_last_word_challenge_cannot_be_used(game):
    """"if you gain a Penalty card in a challenge over a 'last word', you may not use that card
    in your own 'last word'.\""""
    end_now(game)
    set_zone(game, 0, "hand", "C", "AT", "AT")
    cards = game.players[0].hand
    game.play(DeclareWord(ids(cards), "CAT"))
    game.play(Challenge((1,)))
    game.play(Insist())                                # CAT is valid: Bob gains a Penalty
    penalty = game.players[1].discard[-1]
    assert penalty.name == "PENALTY"
    d = game.pending
    assert d.player == 1 and penalty not in d.cards
    with pytest.raises(IllegalAction, match="usable cards") as err:
        game.play(DeclareWord((penalty.id,) + ids(d.cards[:2]), "CAT"))
    assert "last word" in err.value.rule


def test_b_card_returns_two_cards_not_used_in_the_last_word(game):
    """"you may resolve the 'End of the game' effect on any B cards in your deck. These allow
    you to return two cards (normally Penalties) that were not used in your 'last word'.\""""
    end_now(game)
    set_zone(game, 0, "deck", "B", "PENALTY", "PENALTY", "PENALTY")
    set_zone(game, 0, "hand", "C", "AT", "AT")
    set_zone(game, 0, "discard")
    ann = game.players[0]
    game.play(DeclareWord(ids(ann.hand), "CAT"))
    game.play(AcceptWord())
    game.play(GiveUp())
    game.play(GiveUp())
    d = game.pending
    assert isinstance(d, EndReturnDecision) and d.player == 0 and d.limit == 2
    assert not set(ann.hand) & set(d.cards)
    penalties = [c for c in ann.deck if c.name == "PENALTY"]
    with pytest.raises(IllegalAction, match="at most 2"):
        game.play(EndReturn(ids(penalties)))
    with pytest.raises(IllegalAction, match="not in the cards not used"):
        game.play(EndReturn((ann.hand[0].id,)))
    game.play(EndReturn(ids(penalties[:2])))
    result = game.pending
    assert isinstance(result, GameOver)
    score = result.scores[0]
    assert score.penalties == 1 and score.last_word_value == 4
    assert score.total == 4 - 2
    check_conservation(game)


@pytest.mark.parametrize("variant", [STANDARD, QUICK, LONG, LONG_BEST_FIVE],
                         ids=lambda v: v.name)
@pytest.mark.parametrize("players", [2, 4])
def test_variants_play_to_the_end(card_set, dictionary, variant, players):
    """A longer or shorter game: "play until any player has banked five words rather than
    seven, then score the best three ... play to eight words and score the best six ... play to
    eight and score the best five\""""
    game = Game(card_set, dictionary, players, seed=100 + players, variant=variant)
    play_out(game, AutoPlayer(random.Random(players), challenge_rate=0.1, bluff_rate=0.05))
    result = game.result
    assert result is not None
    assert max(len(s.banked) for s in result.scores) >= variant.words_to_end
    for s in result.scores:
        assert len(s.best) == min(variant.best_words, len(s.banked))
        assert s.subtotal == sum(sorted((b.value for b in s.banked), reverse=True)
                                 [: variant.best_words])
        assert s.last_word is not None
    check_conservation(game)
