"""What a board publishes of each game beyond a crossword's grid: the game clock (every move's
message and the state), HEXX's letters with their owners, eXtraDICTION's written letters,
Dexikon's row of cards. Every message passes the organiser's checks, the collector gives them to
the page, and malformed ones are dropped."""

from __future__ import annotations

import json

import pytest

from tests.night.conftest import OTHER_GAMES
from tests.night.support import board_messages
from wordboard import registry
from wordboard.journal import Journal
from wordboard.night import games, protocol
from wordboard.night.collector import Collector
from wordboard.night.store import EventStore
from wordboard.timecontrol import TimeControl

PAIRINGS = {board: {"round": 1, "table": i + 1, "players": list(players)}
            for i, (board, (_, players, _, _)) in enumerate(OTHER_GAMES.items())}


def four_table_store(path) -> EventStore:
    """Round 1 paired: table N is played on board-0N with :data:`OTHER_GAMES`' players."""
    store = EventStore(path, create=True)
    store.set_tables({p["table"]: board for board, p in PAIRINGS.items()})
    for p in PAIRINGS.values():
        for name in p["players"]:
            store.add_player(name)
    store.pair_round("koth")   # 1 v 2, 3 v 4: the pairs the twin games were played by
    assert [[p.first, p.second] for p in store.pairings()] == [p["players"] for p in PAIRINGS.values()]
    return store


@pytest.fixture(scope="module")
def published(other_games, tmp_path_factory):
    """``{board: [(topic, payload)]}``: what each board of :data:`OTHER_GAMES` sends, paired."""
    folder = tmp_path_factory.mktemp("other-outboxes")
    return {board: board_messages(path, folder / f"{board}.sqlite3", board, PAIRINGS[board])
            for board, path in other_games.items()}


def decoded(messages, kind):
    return [m.body for m in (protocol.decode(t, p) for t, p in messages) if m.kind == kind]


def replay(journal_path):
    """``(info, [(event, engine after it)])`` of the journal's game, one engine per step."""
    with Journal(journal_path) as journal:
        info = journal.games()[-1]
        events = journal.events(info.id)
    steps = []
    for n in range(len(events) + 1):
        engine = games.new_engine(info)
        for event in events[:n]:
            games.apply(info, engine, event.type, event.data)
        steps.append(engine)
    return info, events, steps


def test_a_game_on_a_clock_publishes_each_players_time_left(published, other_games):
    messages = published["board-01"]
    moves = [m for m in decoded(messages, "move") if m["type"] == "move"]
    state = decoded(messages, "state")[-1]
    info, events, engines = replay(other_games["board-01"])
    control = TimeControl.from_json(info.options["clock"])
    assert control.seconds == 180 and control.increment == 5
    used = [0, 0]
    expected = []
    for n, event in enumerate(events):
        if event.type == "decision" and "clock" in event.data:
            used = event.data["clock"]["used_ms"]
        if event.type == "move":
            # the board journals the time used just before each move
            assert events[n - 1].type == "decision" and "clock" in events[n - 1].data
            engine = engines[n + 1]
            expected.append([round(control.seconds + control.increment * engine.turns_taken(i) - ms / 1000)
                             for i, ms in enumerate(used)])
    assert [m["clock"] for m in moves] == expected
    assert len(expected) > 10 and expected[0] != expected[-1]
    assert state["clock"]["remaining"] == expected[-1]
    assert state["clock"]["control"] == control.as_json()
    # a game without a clock says nothing of one
    assert all("clock" not in m for m in decoded(published["board-02"], "move"))
    assert "clock" not in decoded(published["board-02"], "state")[-1]


def test_hexx_publishes_its_letters_and_who_owns_each_tile(published, other_games):
    state = decoded(published["board-02"], "state")[-1]
    info, _, engines = replay(other_games["board-02"])
    tiles = registry.family_for_kind("hexx").view(engines[-1])["tiles"]
    grid, owners = state["grid"], state["owners"]
    assert len(grid) == len(owners) == 13 and all(len(row) == 13 for row in grid + owners)
    assert sum(ch != "." for row in grid for ch in row) == len(tiles) > 20
    for where, tile in tiles.items():
        r, c = (int(x) for x in where.split(","))
        assert grid[r][c] == tile["letter"].upper()
        assert owners[r][c] == {"red": "0", "black": "1"}[tile["owner"]]
    assert {ch for row in owners for ch in row} == {".", "0", "1"}


def test_extradiction_publishes_the_letters_written_on_its_11_by_11_board(published, other_games):
    state = decoded(published["board-03"], "state")[-1]
    info, _, engines = replay(other_games["board-03"])
    board = engines[-1].board
    assert len(state["grid"]) == 11 and all(len(row) == 11 for row in state["grid"])
    assert "owners" not in state and "cards" not in state
    letters = {(r, c): ch for r, row in enumerate(state["grid"]) for c, ch in enumerate(row) if ch != "."}
    assert letters == {sq: letter.upper() for sq, letter in board.items()} and len(letters) > 10


def test_dexikon_publishes_its_row_of_cards_and_no_grid(published, other_games):
    state = decoded(published["board-04"], "state")[-1]
    assert "grid" not in state and state["cards"] == [] and len(state["scores"]) == 2    # over: the row is cleared
    info, _, engines = replay(other_games["board-04"])
    rows = []
    for engine in engines:
        shown = games.state(info, engine)
        table = registry.family_for_kind("dexikon").view(engine)["table"]
        assert shown["cards"] == [card["letters"].upper() or card["name"].lower() for card in table]
        rows.append(shown["cards"])
    assert max(len(row) for row in rows) >= 2           # cards were laid in a row during the game
    assert "penalty" in {card for row in rows for card in row}      # a card without letters: its name


def test_the_collector_gives_the_page_every_kind_of_board_and_the_clock(published, tmp_path):
    store = four_table_store(tmp_path / "night.sqlite3")
    collector = Collector(store)
    outcomes = [collector.receive(t, p) for board in published for t, p in published[board]]
    assert not [o for o in outcomes if o.startswith("rejected")]
    tables = {t["table"]: t for t in collector.snapshot()["tables"]}
    assert [tables[n]["kind"] for n in (1, 2, 3, 4)] == ["lexulous", "hexx", "extradiction", "dexikon"]
    assert tables[1]["clock"]["remaining"] and tables[1]["owners"] is None and len(tables[1]["grid"]) == 15
    assert len(tables[2]["owners"]) == 13 and tables[2]["clock"] is None
    assert len(tables[3]["grid"]) == 11
    assert tables[4]["grid"] is None and tables[4]["cards"] == []
    assert all(t["over"] for t in tables.values())
    assert len(store.results(1)) == 4
    detail = collector.game_detail(1)
    assert detail["clock"] == tables[1]["clock"] and all(len(m["clock"]) == 2 for m in detail["moves"])
    assert collector.game_detail(2)["owners"] == tables[2]["owners"]


def test_a_malformed_board_clock_or_row_of_cards_is_dropped(published, tmp_path):
    topic, payload = next((t, p) for t, p in published["board-02"][::-1] if t.endswith("/state"))
    good = json.loads(payload)
    move_topic, move_payload = next((t, p) for t, p in published["board-01"] if json.loads(p).get("clock"))
    move = json.loads(move_payload)
    bad_states = [
        {**good, "owners": good["owners"][:-1]},                                    # not the grid's rows
        {**good, "owners": [row.replace(".", "7") for row in good["owners"]]},      # no player 7
        {**{k: v for k, v in good.items() if k != "grid"}},                         # owners without a grid
        {**good, "grid": [row.replace(".", "#") for row in good["grid"]]},
        {**good, "cards": ["AB", "xY"]}, {**good, "cards": ["A"] * 40}, {**good, "cards": "ABC"},
        {**good, "cards": ["A", ""]}, {**good, "cards": ["<b>"]},
        {**good, "clock": {"remaining": [1]}}, {**good, "clock": {"remaining": [1, 2], "running": 5}},
        {**good, "clock": {"remaining": [1, 10**9]}}, {**good, "clock": [1, 2]},
    ]
    bad_moves = [{**move, "clock": []}, {**move, "clock": [1, "2"]}, {**move, "clock": [1.5, 2]},
                 {**move, "clock": [1] * 5}, {**move, "clock": {"remaining": [1, 2]}}]
    protocol.decode(topic, payload)                      # the real ones pass
    protocol.decode(move_topic, move_payload)
    for body in bad_states:
        with pytest.raises(protocol.ProtocolError):
            protocol.decode(topic, json.dumps(body).encode())
    for body in bad_moves:
        with pytest.raises(protocol.ProtocolError):
            protocol.decode(move_topic, json.dumps(body).encode())
    store = four_table_store(tmp_path / "night.sqlite3")
    collector = Collector(store)
    assert all(collector.receive(topic, json.dumps(body).encode()).startswith("rejected") for body in bad_states)
    assert collector.snapshot()["tables"][1]["grid"] is None        # nothing of it got in


def test_the_fewest_players_of_a_game_are_the_registrys(published, monkeypatch):
    """A board's game of one player is a Dexikon solo game (its family says a game may be played
    alone); the protocol asks the registry, never a game's name."""
    from wordboard import registry

    infos = {}
    for board in ("board-01", "board-04"):
        _, payload = next((t, p) for t, p in published[board][::-1] if t.endswith("/state"))
        info = json.loads(payload)["info"]
        infos[info["kind"]] = {**info, "players": info["players"][:1]}
    assert protocol._check_info(infos["dexikon"]) == infos["dexikon"]["players"]
    with pytest.raises(protocol.ProtocolError, match="2-4 names"):
        protocol._check_info(infos["lexulous"])
    monkeypatch.setattr(type(registry.family_for_kind("lexulous")), "solo", True)
    protocol._fewest_players.cache_clear()
    try:
        assert protocol._check_info(infos["lexulous"]) == infos["lexulous"]["players"]
    finally:
        monkeypatch.undo()
        protocol._fewest_players.cache_clear()
