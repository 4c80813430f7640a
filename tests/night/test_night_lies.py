"""Messages that lie (issue 38): a board's word is checked against what has come. A state that
claims 20,000 events, or more events than have come, neither freezes its table nor keeps its result
out; moves of games never announced are not stored; nothing is taken after the end of a game or
far ahead of it; each board's share of the night is capped; every drop is one line of the log;
and the broker passes on no message over the protocol's limit."""

from __future__ import annotations

import json
import threading

import pytest

from tests.night.support import USERS, check_standings, journal_finals, new_store
from wordboard.night import collector as collector_module
from wordboard.night.collector import MAX_AHEAD, MAX_HELD_PER_BOARD, Collector
from wordboard.night.mqtt import Credentials, client
from wordboard.night.protocol import MAX_PAYLOAD


def final_state(messages, board):
    return next(json.loads(p) for t, p in reversed(messages[board]) if t.endswith("/state"))


def lie(state, **fields):
    return json.dumps({**state, **fields}).encode()


@pytest.fixture
def logged():
    return []


@pytest.fixture
def collector(tmp_path, logged):
    store = new_store(tmp_path / "night.sqlite3")
    yield Collector(store, log=logged.append)
    store.close()


def feed(c, messages, boards=("board-01", "board-02")):
    outcomes = [c.receive(t, p) for board in boards for t, p in messages[board]]
    assert not [o for o in outcomes if o.startswith("rejected")], outcomes


def test_a_state_claiming_20000_events_neither_freezes_the_table_nor_keeps_its_result_out(
        collector, messages, two_games, logged):
    state = final_state(messages, "board-01")
    topic = "wordboard/board/board-01/state"
    unfinished = {k: v for k, v in state.items() if k != "result"}
    assert collector.receive(topic, lie(unfinished, events=20_000)).startswith("rejected")
    assert any("says 20000 events, 0 have come" in line for line in logged), logged
    # a claim within reach waits for its events and holds nothing up
    assert collector.receive(topic, lie(unfinished, events=state["events"] + 500)) == "state"
    feed(collector, messages)
    check_standings(collector.store, two_games)          # both results counted, every move once
    table = collector.snapshot()["tables"][0]
    assert table["over"] and table["scores"] == state["scores"] and table["seq"] == state["events"]
    # the game is over: the claim of more events is dropped (and said), no gap is left open
    assert any(f"ended with {state['events']} events, not {state['events'] + 500}" in line for line in logged)
    assert collector._gaps == {}


def test_moves_of_games_never_announced_are_not_stored(collector, messages, two_games, logged):
    template = next(json.loads(p) for t, p in messages["board-02"] if t.endswith("/move"))
    outcomes = []
    for n in range(4005):
        body = dict(template, game=f"{900 + n // 100}-{n // 100}", seq=n % 100)
        outcomes.append(collector.receive("wordboard/board/board-02/move", json.dumps(body).encode()))
    assert outcomes.count("held") == MAX_HELD_PER_BOARD
    assert sum(o.startswith("rejected") for o in outcomes) == 4005 - MAX_HELD_PER_BOARD
    assert collector.store.move_count() == 0          # nothing of them stored
    dropped = [line for line in logged if "never announced" in line]
    assert len(dropped) == 4005 - MAX_HELD_PER_BOARD  # each drop said
    # the real games still come in and count (board-01's moves are held by their own board's share)
    feed(collector, messages, ("board-01",))
    assert [r[2] for r in collector.store.results()] == ["board-01"]


def test_events_after_the_end_or_far_ahead_and_wrong_counts_are_refused(collector, messages, two_games, logged):
    feed(collector, messages)
    state = final_state(messages, "board-01")
    move = next(json.loads(p) for t, p in messages["board-01"] if t.endswith("/move"))
    topic = "wordboard/board/board-01/move"
    after = collector.receive(topic, json.dumps(dict(move, seq=state["events"])).encode())
    assert after.startswith("rejected") and f"ended with event {state['events'] - 1}" in after
    over = collector.receive("wordboard/board/board-01/state", lie(state, events=state["events"] + 1))
    assert over.startswith("rejected") and "ended with" in over
    assert collector.receive("wordboard/board/board-01/state", lie(state, moves=state["events"] + 1)) \
        .startswith("rejected")
    check_standings(collector.store, two_games)


def test_a_state_whose_moves_are_not_the_events_is_not_taken(tmp_path, messages, two_games, logged):
    store = new_store(tmp_path / "night.sqlite3")
    c = Collector(store, log=logged.append)
    real = final_state(messages, "board-01")
    stream = [(t, p) for t, p in messages["board-01"] if t.endswith("/move")]
    assert c.receive("wordboard/board/board-01/state", lie(real, moves=real["moves"] - 1)) == "state"
    for topic, payload in stream:
        assert not c.receive(topic, payload).startswith("rejected")
    assert store.results() == []
    assert any(f"says {real['moves'] - 1} moves in its first {real['events']} events" in line for line in logged)
    assert c.receive("wordboard/board/board-01/state", lie(real)) == "state"      # the true one counts
    assert [r[2] for r in store.results()] == ["board-01"]


def test_a_move_far_ahead_of_the_game_is_refused(collector, messages):
    state = final_state(messages, "board-01")
    unfinished = {k: v for k, v in state.items() if k != "result"}
    assert collector.receive("wordboard/board/board-01/state", lie(unfinished, events=3, moves=2)) == "state"
    move = next(json.loads(p) for t, p in messages["board-01"] if t.endswith("/move"))
    outcome = collector.receive("wordboard/board/board-01/move", json.dumps(dict(move, seq=MAX_AHEAD)).encode())
    assert outcome.startswith("rejected") and "only 0 of its events have come" in outcome


def test_each_board_s_share_of_the_night_is_capped(tmp_path, messages, two_games, monkeypatch, logged):
    expected = journal_finals(two_games)
    monkeypatch.setattr(collector_module, "MAX_EVENTS_PER_BOARD", 10)
    monkeypatch.setattr(collector_module, "MAX_GAMES_PER_BOARD", 1)
    store = new_store(tmp_path / "night.sqlite3")
    c = Collector(store, log=logged.append)
    for topic, payload in messages["board-01"]:
        c.receive(topic, payload)
    assert store.move_count() <= 10 < expected["board-01"]
    assert any("board-01 has sent 10 events already" in line for line in logged)
    state = final_state(messages, "board-01")
    other = lie(state, game="99-99", info=dict(state["info"], started=99))
    assert "board-01 has sent 1 games already" in c.receive("wordboard/board/board-01/state", other)
    # the other board is not held back by it
    for topic, payload in messages["board-02"][:5]:
        assert not c.receive(topic, payload).startswith("rejected")


def test_the_broker_passes_on_no_message_over_the_limit(mosquitto):
    got, subscribed, last = [], threading.Event(), threading.Event()

    def on_message(c, userdata, message):
        got.append(len(message.payload))
        if len(message.payload) == 10:
            last.set()

    organiser = client(Credentials("organiser", USERS["organiser"]), "o")
    organiser.on_message = on_message
    organiser.on_subscribe = lambda *a: subscribed.set()
    organiser.connect(*mosquitto.address)
    organiser.loop_start()
    board = client(Credentials("board-01", USERS["board-01"]), "b1")
    lost = []
    board.on_disconnect = lambda *a: lost.append(a[3])
    board.connect(*mosquitto.address)
    board.loop_start()
    try:
        organiser.subscribe("wordboard/board/#", qos=1)
        assert subscribed.wait(10)
        for size in (50 * 1024 * 1024, MAX_PAYLOAD + 1, MAX_PAYLOAD, 10):
            info = board.publish("wordboard/board/board-01/move", b"x" * size, qos=1)
            info.wait_for_publish(60)
            assert info.is_published()              # the broker acknowledged it, the board goes on
        assert last.wait(30)
        assert got == [MAX_PAYLOAD, 10]
        assert lost == []
    finally:
        for c in (organiser, board):
            c.disconnect()
            c.loop_stop()
