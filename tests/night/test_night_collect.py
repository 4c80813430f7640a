"""The organiser's collector without a broker: messages fed straight in, in any order, repeated,
forged or hostile. Each event counts once, results only from the assigned board, nothing hostile
gets in or stops it, and the standings equal the boards' journals."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.night.support import PAIRINGS, board_messages, check_standings, journal_finals, new_store, play_game
from wordboard.journal import Journal
from wordboard.night import collector as collector_module
from wordboard.night.collector import Collector


def test_in_order_every_move_and_the_results_match_the_journals(messages, two_games, tmp_path):
    store = new_store(tmp_path / "night.sqlite3")
    c = Collector(store)
    outcomes = [c.receive(t, p) for board in messages for t, p in messages[board]]
    assert not [o for o in outcomes if o.startswith("rejected")]
    check_standings(store, two_games)
    # what the page shows: each table's players, scores and grid; a click gives the moves
    snap = c.snapshot()
    assert [t["players"] for t in snap["tables"]] == [["Ada", "Blaise"], ["Carl", "Dora"]]
    assert all(t["over"] and len(t["grid"]) == 15 for t in snap["tables"])
    detail = c.game_detail(1)
    assert len(detail["moves"]) == journal_finals(two_games)["board-01"]
    assert all(m["text"] for m in detail["moves"])


@settings(max_examples=8, deadline=None)
@given(order=st.randoms(use_true_random=False), repeats=st.integers(0, 40))
def test_any_order_and_repeats_count_each_move_once(messages, two_games, tmp_path_factory, order, repeats):
    store = new_store(tmp_path_factory.mktemp("shuffled") / "night.sqlite3")
    c = Collector(store)
    stream = [m for board in messages for m in messages[board]]
    again = [order.choice(stream) for _ in range(repeats)]
    stream += again
    order.shuffle(stream)
    for topic, payload in stream:
        assert not c.receive(topic, payload).startswith("rejected")
    check_standings(store, two_games)
    assert c.stats.repeats == sum(topic.endswith("/move") for topic, _ in again)


def test_a_result_counts_only_from_the_board_assigned_to_that_table(messages, tmp_path):
    store = new_store(tmp_path / "night.sqlite3")
    c = Collector(store)
    # board-02 sends board-01's game as its own (the same round and table 1)
    for topic, payload in messages["board-01"]:
        c.receive(topic.replace("board-01", "board-02"), payload)
    assert store.results() == []
    assert any("table 1 is played on board-01, not board-02" in reason for _, _, reason in store.rejected())
    # the real board's messages still count
    for topic, payload in messages["board-01"]:
        c.receive(topic, payload)
    assert [(r[1], r[2]) for r in store.results()] == [(1, "board-01")]


def test_a_game_between_other_players_does_not_count(messages, tmp_path):
    store = new_store(tmp_path / "night.sqlite3")
    c = Collector(store)
    for topic, payload in messages["board-02"]:   # Carl v Dora, but sent as table 2's game from board-01
        body = json.loads(payload)
        if body.get("table") == 2:
            body["table"] = 1
        c.receive(topic.replace("board-02", "board-01"), json.dumps(body).encode())
    assert store.results() == []
    assert any("is Ada v Blaise, not Carl v Dora" in reason for _, _, reason in store.rejected())


HOSTILE = [
    ("wordboard/board/board-01/move", b"\xff\xfe not utf-8"),
    ("wordboard/board/board-01/move", b"[1, 2, 3]"),
    ("wordboard/board/board-01/move", b'{"v": 1, "game": "1-1", "seq": -1, "type": "move", "data": {}, "at": 1}'),
    ("wordboard/board/board-01/move", b'{"v": 1, "game": "1-1", "seq": 50000, "type": "move", "data": {}, "at": 1}'),
    ("wordboard/board/board-01/move", b'{"v": 1, "game": "1-1", "seq": 1e400, "type": "move", "data": {}, "at": 1}'),
    ("wordboard/board/board-01/move", b'{"v": 1, "game": "../../x", "seq": 0, "type": "move", "data": {}, "at": 1}'),
    ("wordboard/board/board-01/move", b'{"v": 1, "game": "1-1", "seq": 0, "type": "undo", "data": {}, "at": 1}'),
    ("wordboard/board/board-01/move", b'{"v": 1, "game": "1-1", "seq": 0, "type": "move", "data": {}, "at": NaN}'),
    ("wordboard/board/board-01/move", b'{"v": 2}'),
    ("wordboard/board/board-01/move", b"{" * 100_000),
    ("wordboard/board/board-01/move", b'{"v": 1, "x": "' + b"A" * 70_000 + b'"}'),
    ("wordboard/board/board-01/state", b'{"v": 1, "game": "1-1", "info": {"kind": "chess"}}'),
    ("wordboard/board/board-01/state", json.dumps({
        "v": 1, "game": "1-1", "events": 0, "moves": 0, "at": 1,
        "info": {"kind": "lexulous", "edition": "lexulous", "players": ["<script>", "<script>"],
                 "options": {}, "started": 1}}).encode()),
    ("wordboard/board/board-01/state", json.dumps({
        "v": 1, "game": "1-1", "events": 0, "moves": 0, "at": 1, "grid": ["AB", "C"],
        "info": {"kind": "lexulous", "edition": "../../etc/passwd", "players": ["A", "B"],
                 "options": {}, "started": 1}}).encode()),
    ("wordboard/board/board-01/status", b'{"v": 1, "online": "yes"}'),
    ("wordboard/board/BOARD+/move", b'{"v": 1}'),
    ("wordboard/board/board-01/#", b'{"v": 1}'),
    ("wordboard/to/board-01/pairing", b'{"v": 1, "round": 1, "table": 1, "players": ["A", "B"]}'),
    ("elsewhere/board/board-01/move", b'{"v": 1}'),
    ("wordboard/board/board-01/move/extra", b'{"v": 1}'),
]


def test_hostile_messages_are_logged_and_dropped(messages, two_games, tmp_path):
    store = new_store(tmp_path / "night.sqlite3")
    c = Collector(store, log=lambda text: None)
    for topic, payload in HOSTILE:
        assert c.receive(topic, payload).startswith("rejected"), (topic, payload[:60])
    assert len(store.rejected()) == len(HOSTILE)
    # a different event under a key already used is refused, the original kept
    for board in messages:
        for topic, payload in messages[board]:
            c.receive(topic, payload)
    topic, payload = next((t, p) for t, p in messages["board-01"] if t.endswith("/move"))
    forged = json.loads(payload)
    forged["data"] = {"pass": True}
    assert "differs" in c.receive(topic, json.dumps(forged).encode())
    check_standings(store, two_games)


@settings(max_examples=200, deadline=None)
@given(topic=st.sampled_from(["wordboard/board/board-01/move", "wordboard/board/board-01/state",
                              "wordboard/board/board-01/status", "wordboard/board/x/y"]),
       payload=st.one_of(st.binary(max_size=300),
                         st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                                      lambda inner: st.lists(inner, max_size=4)
                                      | st.dictionaries(st.sampled_from(
                                          ["v", "game", "seq", "type", "data", "at", "info", "events", "moves",
                                           "online", "round", "table", "players", "kind", "result", "final",
                                           "scores", "grid"]), inner, max_size=8),
                                      max_leaves=20).map(lambda v: json.dumps(v).encode())))
def test_no_message_stops_the_collector(tmp_path_factory, topic, payload):
    store = _fuzz_store(tmp_path_factory)
    c = Collector(store)
    outcome = c.receive(topic, payload)
    assert isinstance(outcome, str)


_FUZZ = {}


def _fuzz_store(tmp_path_factory):
    if "store" not in _FUZZ:
        _FUZZ["store"] = new_store(tmp_path_factory.mktemp("fuzz") / "night.sqlite3")
    return _FUZZ["store"]


def test_a_gap_makes_the_organiser_ask_the_board_again(messages, monkeypatch, tmp_path):
    monkeypatch.setattr(collector_module, "GAP_WAIT", 0.0)
    store = new_store(tmp_path / "night.sqlite3")

    class Client:
        published = []

        def publish(self, topic, payload, qos=0, retain=False):
            self.published.append((topic, json.loads(payload)))

    c = Collector(store)
    c.client = Client()
    c.connected.set()
    stream = [m for m in messages["board-01"] if not m[0].endswith("/move") or json.loads(m[1])["seq"] != 3]
    for topic, payload in stream:
        c.receive(topic, payload)
    c._check_gaps()
    assert Client.published and Client.published[0][0] == "wordboard/to/board-01/resend"
    assert Client.published[0][1]["from"] == 3
    assert store.results() == []
    missing = next(m for m in messages["board-01"] if m[0].endswith("/move") and json.loads(m[1])["seq"] == 3)
    c.receive(*missing)
    assert [r[2] for r in store.results()] == ["board-01"]


def test_a_hexx_table_counts_too(tmp_path):
    """The per-game parts come from the game registry: a HEXX game's moves, scores and result."""
    play_game(tmp_path / "hexx.sqlite3", ("Ada", "Blaise"), 3, game="hexx")
    store = new_store(tmp_path / "night.sqlite3")
    c = Collector(store)
    for topic, payload in board_messages(tmp_path / "hexx.sqlite3", tmp_path / "o.sqlite3", "board-01",
                                         PAIRINGS["board-01"]):
        assert not c.receive(topic, payload).startswith("rejected")
    with Journal(tmp_path / "hexx.sqlite3") as journal:
        info = journal.games()[-1]
    assert store.results() == [(1, 1, "board-01", c.snapshot()["tables"][0]["key"], "Ada", "Blaise",
                                info.result["red"], info.result["black"])]
    detail = c.game_detail(1)
    assert detail["moves"] and all(m.get("text") for m in detail["moves"] if m.get("score") is not None)
    assert c.snapshot()["tables"][0]["scores"] == [info.result["red"], info.result["black"]]
