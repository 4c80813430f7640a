"""The rest of Dexikon's issue 21 on the table path: giving up earns no Cleanup extras, hints rank
the words a player knows first, the demo lays no word unsuitable for children, the last word
keeps a Penalty a B card can return, and choices can be answered by number at the terminal."""

from __future__ import annotations

import io
import os
import time

from tests.dexikon.helpers import set_hand, set_zone
from tests.dexikon.table_helpers import Table, answers, table_session
from wordboard.controller import questions as q
from wordboard.dexikon.engine import Phase
from wordboard.dexikon.words import KNOWN_ZIPF, best_last_word, commonness


def test_giving_up_at_the_table_earns_no_cleanup_extras(tmp_path):
    """Rulebook phase 2: cards in play that no word uses go back to the hand; cleanup's extras
    are for the cards in play. So the G (extra 1) played with a draw card, then no word: 6 cards."""
    with table_session(tmp_path) as s:
        decide = answers({"Action effect of T": "resolve (draw 1)", "give up": "give up", "challenge": "accept"})
        table = Table(s, lambda question: ("done" if "done" in question.choices else "AT")
                      if "buy a card" in question.prompt else decide(question))
        game = table.game
        me = game.current
        t, g = set_hand(game, me.index, "T", "G", "PENALTY", "PENALTY", "AT", "ES")[:2]
        table.lay([t, g])                           # TG is no word, but T draws: the cards are played
        table.end_turn(3)
        assert game.phase is Phase.PLAY and {c.name for c in game.table} == {"T", "G"}
        table.clear()
        s.controller.buttons.inject("end-turn", "long")
        table.run(4)
        assert any("give up" in p for p in table.prompts())
        assert game.current is not me
        assert len(me.hand) == 6                     # no extra card for the G


def test_the_hint_lights_a_word_a_player_knows(tmp_path):
    with table_session(tmp_path) as s:
        table = Table(s)
        game = table.game
        me = game.current.index
        # PENALTY Y IOU ES IOU ES: the best score is an obscure word (PYOSIS); a known one is lit
        set_hand(game, me, "PENALTY", "Y", "IOU", "ES", "IOU", "ES")
        from wordboard.dexikon.words import find_words, for_people

        found = find_words(s.adapter.usable_cards(), game.dictionary, limit=40, exclude=game.banked_words,
                           empty_hand_bonus=True)
        assert commonness(found[0].word) < KNOWN_ZIPF                 # the finder's best is obscure
        ranked = for_people(found)
        assert commonness(ranked[0].word) >= KNOWN_ZIPF
        table.press("hint", 0.2)
        deadline = time.monotonic() + 10
        while not s.controller.hint_squares and time.monotonic() < deadline:
            table.run(0.2)
        n = len(ranked[0].cards)
        assert s.controller.hint_squares == tuple(sq for i in range(n) for sq in s.adapter.slots[i])


def test_the_demo_lays_no_unsuitable_word(tmp_path, monkeypatch):
    from wordboard.extradiction import wordfilter

    laid = []
    with table_session(tmp_path, seed=11) as s:
        s.controller.listeners.append(lambda kind, data: kind == "commit" and laid.append(
            getattr(s.adapter.last_committed_move, "word", None)))
        s.run(max_moves=30)
    words = [w for w in laid if w]
    assert words and not any(wordfilter.is_unsuitable(w) for w in words)


def test_the_best_last_word_keeps_a_penalty_a_b_card_returns(tmp_path):
    with table_session(tmp_path) as s:
        game = s.adapter.game
        me = game.first_player
        for zone in ("deck", "discard"):
            set_zone(game, me, zone)
        cards = set_hand(game, me, "B", "C", "AT", "AT", "PENALTY", "PENALTY")
        option = best_last_word(cards, game.dictionary)
        unused = 2 - sum(c.kind.is_penalty for c in option.cards)
        plain = best_last_word(cards, game.dictionary, returns=0)
        assert option.value + 2 * unused >= plain.value + 2 * (2 - sum(c.kind.is_penalty for c in plain.cards))
        assert unused == 2                                  # B returns both: neither is spent in the word


def test_a_choice_is_answered_by_its_number_at_the_terminal():
    out = io.StringIO()
    read, write = os.pipe()
    answerer = q.StdinAnswerer(stream=os.fdopen(read), out=out)
    question = q.Question(q.TURN, "which word is it?", ("CAT", "COT", "CUT"))
    answerer.ask(question)
    with os.fdopen(write, "w") as typed:                # typed once the question is asked
        typed.write("99\n2\n")
    deadline = time.monotonic() + 5
    got = []
    while not got and time.monotonic() < deadline:
        got = answerer.poll()
        time.sleep(0.01)
    assert [a.value for a in got] == ["COT"]
    assert "a number from 1 to 3" in out.getvalue() and "[1:CAT/2:COT/3:CUT]" in out.getvalue()
