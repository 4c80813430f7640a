"""Dexikon's Action effects on the table path (issue 21): they are resolved in phase 1, before the
word is declared, each with the player's choice asked as a question; a card that draws leaves the
row open, so the drawn cards can join the word, and declining it keeps the empty-hand point."""

from __future__ import annotations

from tests.dexikon.helpers import set_hand, set_zone
from tests.dexikon.table_helpers import Table, answers, table_session
from wordboard.dexikon.engine import Phase


def capote_hand(game):
    """The current player's hand spells CAPOTE with all six cards; T draws 1 (issue: seed 37563)."""
    me = game.current.index
    c, pa, p, o, t, pe = set_hand(game, me, "C", "PENALTY", "P", "IOU", "T", "PENALTY")
    set_zone(game, me, "deck", "AT", "ES")           # ES is drawn first
    return [c, pa, p, o, t, pe]


def test_declining_a_draw_keeps_the_empty_hand_point(tmp_path):
    with table_session(tmp_path) as s:
        table = Table(s, answers({"Action effect of C": "return nothing", "Action effect of T": "not now",
                                  "challenge": "accept", "which word": "CAPOTE"}))
        game = table.game
        row = capote_hand(game)
        table.lay(row)
        table.end_turn(4)
        prompts = table.prompts()
        assert any("Action effect of T (draw 1)" in p for p in prompts)
        assert game.phase is Phase.USE_POINTS
        assert game.turn.word.word == "CAPOTE" and not game.current.hand
        assert game.turn.value == 8 + 1                  # the word's 8 and the empty hand's 1


def test_a_card_drawn_in_phase_one_can_join_the_word(tmp_path):
    with table_session(tmp_path) as s:
        table = Table(s, answers({"Action effect of C": "return nothing", "Action effect of T": "resolve (draw 1)",
                                  "challenge": "accept"}))
        game = table.game
        row = capote_hand(game)
        table.lay(row)
        table.end_turn(3)
        assert game.phase is Phase.PLAY and [c.name for c in game.current.hand] == ["ES"]
        assert any("Lay the word (the cards drawn may join it)" in line for line in table.said)
        drawn = game.current.hand[0]
        asked = len(table.asked)
        table.lay(row + [drawn])                          # CAPOTES: the drawn card joins the word
        table.end_turn(3)
        assert not any("Action effect" in question.prompt for question in table.asked[asked:])   # once
        assert game.phase is Phase.USE_POINTS and game.turn.word.word == "CAPOTES"
        assert game.turn.value == 8 + 1 + 1


def test_a_return_is_the_players_choice(tmp_path):
    with table_session(tmp_path) as s:
        table = Table(s, answers({"Action effect of C": "return AT", "challenge": "accept",
                                  "which word": "CAT"}))
        game = table.game
        me = game.current.index
        c, at, t = set_hand(game, me, "C", "AT", "AT")
        set_zone(game, me, "discard", "PENALTY", "AT")
        table.lay([c, at, t])
        table.end_turn(3)
        question = next(question for question in table.asked if "Action effect of C" in question.prompt)
        assert question.choices == ("return PENALTY", "return AT", "return nothing")
        assert game.phase is Phase.USE_POINTS
        assert [x.name for x in game.current.discard] == ["PENALTY"]     # the AT went back to its stack
