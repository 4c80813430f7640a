"""Dexikon with the camera alone (issue 16): the camera sees which card slots are covered, not
which card covers them (the cards' look is not public, and two cards of a kind look the same).
The player says each card's kind on the screen, a question per slot; the board takes the first
card of that kind in their hand. The slots keep one steady light, so that a card lifted is seen
gone. Played so, a game is the game the sensor board plays, card for card."""

from __future__ import annotations

import pytest

from tests.dexikon.helpers import set_hand
from tests.dexikon.table_helpers import Table, answers, table_session
from wordboard.controller import questions as q
from wordboard.controller.adapters import answer_key_from_decision
from wordboard.controller.session import SessionConfig, open_session
from wordboard.dexikon.engine import Phase
from wordboard.rules import square_name


def _kinds(table: Table, kinds: dict[int, str]):
    """Answer "which card is in slot N?" from ``kinds`` (slot number -> kind), the rest as told."""
    def respond(question):
        if question.kind == q.CARD:
            slot = int(question.prompt.rsplit("slot ", 1)[1].rstrip("?"))
            return kinds.get(slot)
        return answers({"Action effect": "return nothing", "challenge": "accept", "which word": "CAPE",
                        "spend them": "spend"})(question)
    return respond


def test_each_slot_covered_is_asked_its_kind_from_the_kinds_in_hand(tmp_path):
    with table_session(tmp_path, sensing="camera") as s:
        table = Table(s)
        me = table.game.current
        cards = set_hand(table.game, me.index, "C", "PENALTY", "P", "ES", "PENALTY", "AT")
        table.lay(cards[:4])
        table.end_turn()
        card_questions = [question for question in table.asked if question.kind == q.CARD]
        assert [question.prompt for question in card_questions] == [f"{me.name}: which card is in slot 1?"]
        assert set(card_questions[0].choices) == {"C", "PENALTY", "P", "ES", "AT"}
        assert card_questions[0].squares == (table.adapter.reader_square(0),)


def test_the_kinds_said_make_the_word_from_the_first_cards_of_each_kind(tmp_path):
    """C, PENALTY, P, ES said for slots 1-4: the word is CAPE, made of the first PENALTY in hand
    (two look alike to the camera), and the record names the slots' reader squares as the sensor
    board's does."""
    with table_session(tmp_path, sensing="camera") as s:
        table = Table(s)
        me = table.game.current
        c, pen1, p, es, pen2, at = set_hand(table.game, me.index, "C", "PENALTY", "P", "ES", "PENALTY", "AT")
        table.answer = _kinds(table, {1: "C", 2: "PENALTY", 3: "P", 4: "ES"})
        table.lay([c, pen2, p, es])                          # the second PENALTY, as a player may
        table.end_turn(4)
        assert table.game.turn.word.word == "CAPE"
        assert [card.id for card in table.game.table] == [c.id, pen1.id, p.id, es.id]
        declared = next(e.data for e in s.journal.events(s.jgame.id)
                        if e.type == "move" and e.data["action"] == "DeclareWord")
        assert declared["squares"] == [square_name(table.adapter.reader_square(i)) for i in range(4)]


def test_a_kind_not_in_hand_cannot_be_said(tmp_path):
    with table_session(tmp_path, sensing="camera") as s:
        table = Table(s)
        set_hand(table.game, table.game.current.index, "C", "PENALTY", "P", "ES", "PENALTY", "AT")
        table.lay(table.game.current.hand[:2])
        table.end_turn()
        question = next(question for question in table.asked if question.kind == q.CARD)
        assert not question.accepts("K") and question.accepts("AT")


def test_the_last_turns_cards_left_in_their_slots_are_to_be_taken_away(tmp_path):
    """The camera cannot tell the cards of the last turn from new ones: left in the slots, they
    are refused with what to do, and the player's new word waits for them to go."""
    with table_session(tmp_path, sensing="camera") as s:
        table = Table(s)
        first = table.game.current
        cards = set_hand(table.game, first.index, "C", "PENALTY", "P", "ES", "PENALTY", "AT")
        table.answer = _kinds(table, {1: "C", 2: "PENALTY", 3: "P", 4: "ES"})
        table.lay(cards[:4])
        table.end_turn(4)
        for _ in range(20):                                   # challenge, spend, buy: to the next player
            if table.game.phase is Phase.PLAY and table.game.current is not first:
                break
            table.answer = lambda question: question.choices[-1] if question.choices else None
            table.run(1.0)
        assert table.game.phase is Phase.PLAY and table.game.current is not first
        table.said.clear()
        table.end_turn()
        assert any("take the cards of the last turn away" in line for line in table.said)
        table.clear()
        table.run(1.0)
        table.said.clear()
        table.end_turn()
        assert not any("take the cards of the last turn away" in line for line in table.said)


def test_the_card_slots_keep_one_steady_light_for_the_camera_alone():
    """A slot lit anew while a card lies on it would be seen empty, once the card is lifted, in a
    light the camera never saw it empty in: with the camera alone the slots keep their faint
    outline whatever the game shows (the screen says the cards' states); with the sensor board
    the LEDs show everything."""
    from wordboard.dexikon.table import DexikonAdapter
    from wordboard.leds.frame import Frame
    from wordboard.leds.scenes import card_rows, dexikon_scene

    red = Frame.filled(15, 15, (255, 0, 0))
    alone = DexikonAdapter.__new__(DexikonAdapter)
    alone.rows = alone.cols = 15
    alone.slots = card_rows(15, 15)
    alone.camera_alone = True
    lit = alone.as_lit(red)
    outline = dexikon_scene(15, 15, alone.slots, ())[(0, 0)]           # every slot "empty"
    assert {lit[square] for slot in alone.slots for square in slot} == {outline} and outline != (0, 0, 0)
    assert lit[(0, 14)] == (255, 0, 0)                     # column O holds no slot
    alone.camera_alone = False
    assert alone.as_lit(red) == red


@pytest.mark.parametrize("seed", [4])
def test_a_whole_game_with_the_camera_alone_is_the_sensor_boards_game(tmp_path, seed):
    """Read exactly (the fast twin), the camera alone plays the game the sensor board plays, move
    for move, asking the kind of every card laid; stopped after its first word and resumed, it
    still does."""
    records, asked = {}, 0
    for name, sensing, cut in (("sensor", "sensor", None), ("camera", "camera", None), ("resumed", "camera", 3)):
        config = SessionConfig(game="dexikon", hardware="direct", sensing=sensing, journal=tmp_path / f"{name}.sqlite3",
                               seed=seed, show_leds=False, habits="tidy", out=lambda s: None)
        if cut is not None:
            with open_session(config) as s:
                s.run(max_moves=cut)
        with open_session(config) as s:
            s.run(max_seconds=600)
            assert s.adapter.over and s.players.mismatches == []
            records[name] = [e.data for e in s.journal.events(s.jgame.id) if e.type == "move"]
            if name == "camera":
                keys = [answer_key_from_decision(e.data) for e in s.journal.events(s.jgame.id) if e.type == "decision"]
                asked = sum(1 for key in keys if key is not None and key[0][0] == q.CARD)
    assert records["camera"] == records["sensor"] == records["resumed"]
    assert len(records["sensor"]) > 50
    assert asked >= 30


def test_a_game_seen_by_the_virtual_camera_alone_is_the_sensor_boards_game(tmp_path):
    """The twin's picture, not the fast twin's exact reading: the cards drawn over their slots
    and the board's LEDs in the picture. Seed 1 played with the camera alone is the game the
    sensor board plays, move for move and score for score, and so is the game stopped after its
    first word (the cards on the table as the camera first looks) and resumed. Before: with the
    slots lit anew under each card, a slot emptied read as covered and the next player's cards
    were refused as the last turn's; resumed, the cards on the table were learnt as the board."""
    records = {}
    for name, sensing, cut in (("sensor", "sensor", None), ("camera", "camera", None), ("resumed", "camera", 3)):
        config = SessionConfig(game="dexikon", hardware="sim", sensing=sensing, journal=tmp_path / f"{name}.sqlite3",
                               seed=1, show_leds=False, habits="tidy", speed=float("inf"), out=lambda s: None)
        if cut is not None:
            with open_session(config) as s:
                s.wait_ready()
                s.run(max_moves=cut)
        with open_session(config) as s:
            s.wait_ready()
            s.run(max_seconds=900)   # game seconds: a cap for a stalled game
            assert s.adapter.over
            moves = [e.data for e in s.journal.events(s.jgame.id) if e.type == "move"]
            records[name] = (moves, dict(s.adapter.game.outcome().scores))
    assert records["camera"] == records["sensor"] == records["resumed"] and len(records["sensor"][0]) > 50
