"""What the game-night tests share: twin games played into journals, the messages a board makes
of them (no broker needed), and a real Mosquitto on loopback."""

from __future__ import annotations

import shutil
import threading
import time
from pathlib import Path

import pytest

from wordboard.journal import Journal
from wordboard.night.follower import JournalFollower
from wordboard.night.outbox import Outbox
from wordboard.night.store import EventStore

MOSQUITTO = shutil.which("mosquitto") or (
    "/usr/sbin/mosquitto" if Path("/usr/sbin/mosquitto").exists() else None)
#: seconds a test waits for something over the network at most
WAIT = 30.0
USERS = {"organiser": "organiser-pw", "board-01": "pw-01", "board-02": "pw-02", "board-03": "pw-03"}


def need_mosquitto():
    if MOSQUITTO is None:
        pytest.skip("mosquitto is not installed (Debian package mosquitto: scripts/install dev)")


def play_game(journal: Path, players, seed: int, game: str = "lexulous", game_options: dict | None = None) -> None:
    """A whole game (Lexulous unless told; ``game_options`` as ``wordboard run``'s, e.g. a
    ``clock``) on the twin (direct sensors, scripted players) into ``journal``."""
    from wordboard.controller.session import SessionConfig, open_session

    config = SessionConfig(game=game, hardware="direct", players=tuple(players), resume="no", speed=0,
                           seed=seed, camera="none", lexicon="scowl:70", journal=journal, habits="tidy",
                           show_leds=False, out=lambda text: None, game_options=dict(game_options or {}))
    with open_session(config) as session:
        session.run(max_seconds=120)
        assert session.adapter.over


def board_messages(journal_path: Path, outbox_path: Path, board: str, pairing: dict | None) -> list[tuple[str, bytes]]:
    """What ``board`` would send of its journal, tagged with ``pairing``, in order."""
    with Journal(journal_path) as journal:
        outbox = Outbox(outbox_path)
        try:
            JournalFollower(journal, outbox, board).sync(dict(pairing, after=0) if pairing else None)
            return [(p.topic, p.payload) for p in outbox.pending(0, 100_000)]
        finally:
            outbox.close()


PAIRINGS = {"board-01": {"round": 1, "table": 1, "players": ["Ada", "Blaise"]},
            "board-02": {"round": 1, "table": 2, "players": ["Carl", "Dora"]}}


def new_store(path):
    store = EventStore(path, create=True)
    store.set_tables({1: "board-01", 2: "board-02"})
    for name in ("Ada", "Blaise", "Carl", "Dora"):
        store.add_player(name)
    store.pair_round("koth")   # 1 v 2, 3 v 4: the pairs the twin games were played by
    assert [(p.table, p.first, p.second) for p in store.pairings()] == [(1, "Ada", "Blaise"), (2, "Carl", "Dora")]
    return store


def journal_finals(two_games):
    finals = {}
    for board, path in two_games.items():
        with Journal(path) as journal:
            info = journal.games()[-1]
            finals.update(zip(info.players, info.result["final"]))
            moves = sum(1 for e in journal.events(info.id) if e.type == "move")
            finals[board] = moves
    return finals


def check_standings(store, two_games):
    expected = journal_finals(two_games)
    results = store.results(1)
    assert len(results) == 2
    for _, _, _, _, first, second, s1, s2 in results:
        assert (s1, s2) == (expected[first], expected[second])
    assert store.move_count() == expected["board-01"] + expected["board-02"]
    standings = store.standings()
    assert sum(s.wins for s in standings) == 2 and sum(s.spread for s in standings) == 0


def until(predicate, timeout=WAIT, what="it"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    pytest.fail(f"{what} did not happen within {timeout} s")


def connected(credentials, address, client_id, *, disconnects=None):
    """A client of ``credentials`` connected to the broker at ``address`` (returns it) or refused
    (returns the reason); ``disconnects`` collects the reasons of its losses."""
    from wordboard.night.mqtt import client

    c = client(credentials, client_id)
    outcome, done = [], threading.Event()

    def on_connect(cl, userdata, flags, reason_code, properties=None):
        outcome.append(reason_code)
        done.set()

    c.on_connect = on_connect
    if disconnects is not None:
        c.on_disconnect = lambda *a: disconnects.append(a[3])
    c.connect(*address)
    c.loop_start()
    assert done.wait(10)
    if outcome[0].is_failure:
        c.loop_stop()
        return str(outcome[0])
    return c
