"""The game night through a real Mosquitto on loopback (its own configuration, password file and
ACL, a free port), started and stopped by the tests: credentials and topics enforced by the
broker, twin boards playing a round while the broker is stopped, a board is killed and resumed and
the broker crashes, and a broker that lost everything it held."""

from __future__ import annotations

import time

from tests.night.support import USERS, WAIT, connected, need_mosquitto, play_game, until
from wordboard.journal import Journal
from wordboard.night.board import BoardLink
from wordboard.night.collector import Collector
from wordboard.night.mqtt import Credentials
from wordboard.night.store import EventStore


def connected_client(broker, user, password, client_id):
    """A client that connected (returns it) or was refused (returns the reason)."""
    return connected(Credentials(user, password), broker.address, client_id)


def test_the_broker_lets_a_board_publish_to_its_own_topics_only(mosquitto):
    received = []
    organiser = connected_client(mosquitto, "organiser", USERS["organiser"], "o")
    organiser.on_message = lambda c, u, m: received.append(m.topic)
    organiser.subscribe("wordboard/#", qos=1)
    spy_got = []
    board = connected_client(mosquitto, "board-01", USERS["board-01"], "b1")
    board.on_message = lambda c, u, m: spy_got.append(m.topic)
    board.subscribe("wordboard/to/board-02/#", qos=1)
    board.subscribe("wordboard/board/#", qos=1)
    time.sleep(0.3)
    for topic in ("wordboard/board/board-01/move", "wordboard/board/board-02/move", "wordboard/to/board-01/pairing",
                  "wordboard/to/board-02/pairing", "wordboard/elsewhere"):
        board.publish(topic, b'{"v":1}', qos=1).wait_for_publish(5)
    organiser.publish("wordboard/to/board-02/pairing", b'{"v":1}', qos=1).wait_for_publish(5)
    time.sleep(0.5)
    assert received == ["wordboard/board/board-01/move", "wordboard/to/board-02/pairing"]
    assert spy_got == []          # neither another board's pairing nor other boards' games
    # wrong password, unknown user, nobody: refused
    assert "Not authorized" in connected_client(mosquitto, "board-01", "guess", "x1")
    assert "Not authorized" in connected_client(mosquitto, "board-09", "pw-01", "x2")
    assert "Not authorized" in connected_client(mosquitto, "", "", "x3")
    for c in (organiser, board):
        c.disconnect()
        c.loop_stop()


def test_a_round_of_twin_boards_with_the_broker_stopped_a_board_killed_and_the_broker_crashed():
    need_mosquitto()
    from wordboard.night.demo import run_demo

    lines = []
    code = run_demo(2, faults=True, hardware="direct", out=lines.append)
    text = "\n".join(lines)
    assert code == 0, text
    assert "broker stopped" in text and "killed (SIGKILL) mid-game" in text and "broker crashed" in text, text
    last = lines[-1].split()
    published = int(last[1])
    assert published > 20 and lines[-1] == f"moves: {published} published, {published} received, 0 lost, 0 duplicated"
    assert "2 of 2 results in" in text and "0 results differ from the journals" in text


def test_a_broker_that_lost_everything_hears_it_all_again(tmp_path, monkeypatch):
    """No persistence: the broker is killed after it acknowledged a whole game and before the
    organiser (away) took it; the board restates its game when it reconnects, the organiser sees
    the gap and asks for the events again."""
    need_mosquitto()
    from wordboard.night.broker import Mosquitto

    broker = Mosquitto(tmp_path / "broker", USERS, persistence=False).start()
    store = EventStore(tmp_path / "night.sqlite3", create=True)
    store.set_tables({1: "board-01"})
    for name in ("Ada", "Blaise"):
        store.add_player(name)
    store.pair_round("koth")   # 1 v 2, 3 v 4: the pairs the twin games were played by
    organiser = Credentials("organiser", USERS["organiser"])
    # the board's pairing, as the broker keeps it (retained) for the board to find
    probe = connected_client(broker, "board-01", USERS["board-01"], "probe")
    kept = []
    probe.on_message = lambda cl, userdata, message: kept.append(bytes(message.payload))
    probe.subscribe("wordboard/to/board-01/pairing", qos=1)
    first = Collector(store, organiser, broker=broker.address, client_id="org-test").start()
    until(lambda: first.connected.is_set(), what="the organiser's connection")
    until(lambda: any(kept), what="the pairing kept by the broker")
    probe.disconnect()
    probe.loop_stop()
    first.close()                       # sent the pairing, then away

    journal = tmp_path / "board.sqlite3"
    link = BoardLink(Credentials("board-01", USERS["board-01"]), journal, tmp_path / "outbox.sqlite3",
                     broker=broker.address, since=0.0).start()
    try:
        until(lambda: link.pairing is not None, what="the pairing")
        assert link.pairing["players"] == ["Ada", "Blaise"] and link.pairing["table"] == 1
        play_game(journal, ("Ada", "Blaise"), 5)
        assert link.flush(WAIT)        # the broker has every message
        broker.kill()
        broker.start()
        until(lambda: link.stats.connects >= 2, what="the board's reconnection")
        assert link.flush(WAIT)

        second = Collector(store, organiser, broker=broker.address, client_id="org-test").start()
        try:
            until(lambda: len(store.results()) == 1, what="the result")
        finally:
            second.close()
        assert second.stats.resend_requests >= 1 and link.stats.resends >= 1
        with Journal(journal) as j:
            info = j.games()[-1]
            moves = sum(e.type == "move" for e in j.events(info.id))
        final = dict(zip(info.players, info.result["final"]))
        _, _, board, _, a, b, sa, sb = store.results()[0]
        assert board == "board-01" and (sa, sb) == (final[a], final[b])
        assert store.move_count() == moves
    finally:
        link.close()
        broker.stop()
        store.close()
