"""The game night's attacks of issue 38, each tried against the real thing: a night made by
``wordboard night setup``, its Mosquitto (TLS with the event's own authority), the organiser's
collector, and an attacker holding one board's credentials file.

Prints, per attack, what the attacker got:

- fake adverts: an impostor broker (TLS with a certificate of its own authority) and one in clear
  advertised by mDNS for the same event, plus another event's broker; how often a board's search
  picked each, and the bytes of the board's password the impostors received;
- client id takeover: board-01's credentials connecting again and again with the organiser's
  client id for 15 s; how often the organiser was knocked off;
- a 50 MB message from a board: whether it reached the organiser, the organiser's memory;
- 4,005 moves of games never announced (from board-02), a state claiming 20,000 events for
  board-01's game, then that real game: whether its result counted, the fake rows stored, the drops
  logged.

    .venv/bin/python bench/night_attack_bench.py
"""

from __future__ import annotations

import json
import os
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path


def rss_mib() -> float:
    line = next(x for x in Path("/proc/self/status").read_text().splitlines() if x.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


class Impostor:
    """A broker's impostor on loopback that keeps every byte it is sent: after a TLS handshake
    with ``context`` (a certificate of an authority of its own, :func:`impostor_context`), or in
    clear without one. ``connections``: the connections it took, ``handshakes``: those whose TLS
    handshake the client completed."""

    def __init__(self, context: ssl.SSLContext | None):
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.context, self.received = context, bytearray()
        self.connections = self.handshakes = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.connections += 1
            threading.Thread(target=self._take, args=(conn,), daemon=True).start()

    def _take(self, conn) -> None:
        conn.settimeout(3)
        try:
            if self.context is not None:
                conn = self.context.wrap_socket(conn, server_side=True)
                self.handshakes += 1
            while chunk := conn.recv(65536):
                self.received += chunk
        except OSError:
            pass
        finally:
            conn.close()

    def close(self) -> None:
        self.sock.close()


def impostor_context(folder: Path, event: str) -> ssl.SSLContext:
    """A TLS server context with a certificate for this machine's names from an authority of the
    impostor's own, made for ``event`` (its files in ``folder``)."""
    from wordboard.night import tls

    authority, key = tls.make_authority(event)
    cert, cert_key = tls.make_broker_certificate(authority, key, tls.broker_hosts("127.0.0.1"))
    (folder / "impostor.crt").write_text(cert)
    (folder / "impostor.key").write_text(cert_key)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(folder / "impostor.crt", folder / "impostor.key")
    return context


def game_messages(folder: Path, board: str, pairing: dict) -> list[tuple[str, bytes]]:
    """A whole twin game played into a journal, and what ``board`` sends of it."""
    from wordboard.controller.session import SessionConfig, open_session
    from wordboard.journal import Journal
    from wordboard.night.follower import JournalFollower
    from wordboard.night.outbox import Outbox

    journal = folder / "journal.sqlite3"
    config = SessionConfig(game="lexulous", hardware="direct", players=tuple(pairing["players"]), resume="no",
                           speed=0, seed=11, camera="none", lexicon="scowl:70", journal=journal, habits="tidy",
                           show_leds=False, out=lambda text: None)
    with open_session(config) as session:
        session.run(max_seconds=120)
    with Journal(journal) as j:
        outbox = Outbox(folder / "outbox.sqlite3")
        JournalFollower(j, outbox, board).sync(dict(pairing, after=0))
        messages = [(p.topic, p.payload) for p in outbox.pending(0, 100_000)]
        outbox.close()
    return messages


def main() -> int:
    from wordboard.night.broker import Mosquitto
    from wordboard.night.collector import Collector
    from wordboard.night.discovery import advertise, find_broker
    from wordboard.night.event import setup
    from wordboard.night.mqtt import client, load_credentials

    with tempfile.TemporaryDirectory(prefix="night-attacks-") as tmp:
        folder = Path(tmp)
        event = setup(folder / "event", 2, name="Tuesday club")
        broker = Mosquitto(folder / "broker", event.users(), tls=event.broker_tls()).start()
        store = event.store()
        for name in ("Ada", "Blaise", "Carl", "Dora"):
            store.add_player(name)
        store.pair_round("swiss")
        lines: list[str] = []
        knocked = []
        collector = Collector(store, event.organiser(), broker=broker.address, log=lines.append).start()
        collector.client.on_disconnect = lambda *a: (knocked.append(a[3]), collector.connected.clear())
        creds = load_credentials(event.board_credentials("board-01"))
        try:
            # 1. fake adverts
            fakes = [Impostor(impostor_context(folder, "Tuesday club")), Impostor(None)]
            loopback = {"addresses": ["127.0.0.1"], "interfaces": ["127.0.0.1"]}
            adverts = [advertise(f.port, "Tuesday club", **loopback) for f in fakes]
            adverts.append(advertise(broker.port, "Thursday club", **loopback))
            adverts.append(advertise(broker.port, "Tuesday club", **loopback))
            picks = {"the event's broker": 0, "an impostor": 0, "none": 0}
            tries = 6
            for _ in range(tries):
                found = find_broker(creds.event, creds.ca, 20.0, interfaces=["127.0.0.1"])
                picks["none" if found is None else
                      "the event's broker" if found == broker.address else "an impostor"] += 1
            for advert in adverts:
                advert.close()
            for fake in fakes:
                fake.close()
            leaked = sum(bytes(f.received).count(creds.password.encode()) for f in fakes)
            print(f"fake adverts ({tries} searches, 2 impostors and another event advertised beside the broker): "
                  + ", ".join(f"{what} {n}" for what, n in picks.items())
                  + f"; TLS handshakes the impostors completed: {sum(f.handshakes for f in fakes)}; "
                  f"the password in what they received: {leaked} times")

            # 2. the organiser's client id
            organiser_id = collector.client._client_id.decode()
            deadline, attempts = time.monotonic() + 15, 0
            while time.monotonic() < deadline:
                c = client(creds, organiser_id)
                done = threading.Event()
                c.on_connect = lambda *a, done=done: done.set()
                c.connect(*broker.address)
                c.loop_start()
                done.wait(5)
                attempts += 1
                c.disconnect()
                c.loop_stop()
            print(f"client id takeover: {attempts} connections of board-01's credentials as {organiser_id!r} in 15 s; "
                  f"the organiser knocked off {len(knocked)} times")

            # 3. a 50 MB message
            before = rss_mib()
            script = ("import sys, threading; from wordboard.night.mqtt import client, load_credentials; "
                      "c = client(load_credentials(sys.argv[1]), 'x'); c.connect(sys.argv[2], int(sys.argv[3])); "
                      "c.loop_start(); i = c.publish('wordboard/board/board-01/move', b'{' * (50 << 20), qos=1); "
                      "i.wait_for_publish(120); print(i.is_published()); c.disconnect(); c.loop_stop()")
            env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1] / "host"))
            done = subprocess.run([sys.executable, "-c", script, str(event.board_credentials("board-01")),
                                   *map(str, broker.address)], capture_output=True, text=True, env=env, timeout=300)
            messages_before = collector.stats.messages
            time.sleep(2)
            print(f"50 MB message from board-01: acknowledged by the broker {done.stdout.strip()}, reached the "
                  f"organiser {collector.stats.messages - messages_before} times; organiser memory {before:.0f} -> "
                  f"{rss_mib():.0f} MiB")

            # 4. lies, then the real game, through the broker
            real = game_messages(folder, "board-01", {"round": 1, "table": 1, "players": ["Ada", "Blaise"]})
            state = next(json.loads(p) for t, p in reversed(real) if t.endswith("/state"))
            move = next(json.loads(p) for t, p in real if t.endswith("/move"))
            lies = [("wordboard/board/board-01/state",
                     json.dumps({**{k: v for k, v in state.items() if k != "result"}, "events": 20_000}).encode())]
            fakes = [("wordboard/board/board-02/move",
                      json.dumps({**move, "game": f"{900 + n // 100}-{n // 100}", "seq": n % 100}).encode())
                     for n in range(4005)]
            rejected_before = collector.stats.rejected
            for board, sent in (("board-02", fakes), ("board-01", lies + real)):
                attacker = client(load_credentials(event.board_credentials(board)), "attacker")
                attacker.connect(*broker.address)
                attacker.loop_start()
                for topic, payload in sent:
                    attacker.publish(topic, payload, qos=1).wait_for_publish(30)
                attacker.disconnect()
                attacker.loop_stop()
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and not store.results():
                time.sleep(0.2)
            fake_rows = store.db.execute("SELECT COUNT(*) FROM events WHERE key LIKE '9%'").fetchone()[0]
            logged = sum("dropped a message" in line for line in lines)
            print(f"4,005 moves of unannounced games, a state claiming 20,000 events, then the real game: "
                  f"result counted {bool(store.results())}; fake rows stored {fake_rows}; "
                  f"messages dropped {collector.stats.rejected - rejected_before}, each logged ({logged} lines)")
        finally:
            collector.close()
            store.close()
            broker.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
