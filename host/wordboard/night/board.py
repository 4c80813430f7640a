"""A board's link to the game night: it follows the board's journal and tells the organiser.

The journal stays the truth and the table never waits for the network: ``wordboard run`` writes
the journal as always, and the link (in its own process, ``wordboard night board``, or its own
thread) reads it through the journal's public API a few times a second. Each new event becomes a
``move`` message (with the move's score and word worked out by the journal's own engine) and the
game's ``state`` (retained: scores, racks' counts, the grid, the result); both go through the
:class:`~wordboard.night.outbox.Outbox`, so what could not be sent while the broker or the Wi-Fi
was down, or before a power cut, is sent when it is back. Messages go with QoS 1 on a persistent
session; the broker's acknowledgement takes a message out of the outbox.

The link takes the board's pairing (``to/ID/pairing``, retained, from the organiser): the next
game whose players are the pairing's is tagged with its round and table, which the organiser
checks before it counts the result. It answers the organiser's ``resend`` requests (a gap the
organiser noticed, say after the broker lost what it held) by queueing those events again.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from wordboard.night import protocol
from wordboard.night.follower import JournalFollower
from wordboard.night.mqtt import Credentials, check_transport
from wordboard.night.mqtt import client as make_client
from wordboard.night.outbox import Outbox

#: messages handed to the MQTT client and not yet acknowledged, at most
WINDOW = 50
#: a game's events are sent again on request at most this often
RESEND_INTERVAL = 1.0


@dataclass
class LinkStats:
    queued: int = 0          # messages put in the outbox
    acknowledged: int = 0    # messages the broker acknowledged (out of the outbox)
    moves_queued: int = 0    # journal events put in the outbox as move messages (resends included)
    resends: int = 0         # resend requests answered
    dropped: int = 0         # incoming messages dropped (malformed, not for this board)
    connects: int = 0
    log: list[str] = field(default_factory=list)


class BoardLink:
    """Follow ``journal_path`` and publish it for board ``credentials.user`` (see the module)."""

    def __init__(self, credentials: Credentials, journal_path: str | Path, outbox_path: str | Path, *,
                 broker: tuple[str, int], poll: float = 0.05, since: float | None = None,
                 on_pairing: Callable[[dict], None] | None = None, log: Callable[[str], None] | None = None):
        self.credentials = credentials
        self.board = protocol.check_board_id(credentials.user)
        check_transport(credentials, broker[0])
        self.root = credentials.root
        self.journal_path = Path(journal_path)
        self.outbox = Outbox(outbox_path)
        self.broker = broker
        self.poll = poll
        self.since = since if since is not None else float(self.outbox.meta("since"))
        self.on_pairing = on_pairing
        self.log = log or (lambda text: None)
        self.stats = LinkStats()
        self.pairing: dict | None = self.outbox.meta("pairing")
        self.connected = threading.Event()
        self._incoming: queue.Queue = queue.Queue()
        self._acks: queue.Queue = queue.Queue()
        self._inflight: dict[int, int] = {}       # mid -> outbox row id
        self._cursor = 0
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._resent: dict[str, float] = {}
        self._restate = False
        self._passes = 0                           # the link thread's completed passes
        self.follower: JournalFollower | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.RLock()
        status = protocol.board_topic(self.board, "status", self.root)
        self._status_topic = status
        self.client = make_client(credentials, f"wordboard-{self.board}",
                                  will=(status, protocol.encode({"online": False})), inflight=WINDOW)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_publish = self._on_publish
        self.client.on_message = self._on_message

    # -- lifecycle --------------------------------------------------------------------------------

    def start(self) -> BoardLink:
        self.client.connect_async(self.broker[0], self.broker[1], keepalive=10)
        self.client.loop_start()
        self._thread = threading.Thread(target=self._run, name=f"night-{self.board}", daemon=True)
        self._thread.start()
        return self

    def flush(self, timeout: float) -> bool:
        """Wait until everything in the journal now has been read and acknowledged by the broker
        (the outbox is empty after a reading of the journal that began after this call)."""
        deadline = time.monotonic() + timeout
        first = self._passes + 1            # the pass under way may have begun before the call
        while time.monotonic() < deadline:
            self.sync_now()
            if self._passes > first and self.pending() == 0:
                return True
            time.sleep(0.05)
        return False

    def pending(self) -> int:
        with self._lock:
            return self.outbox.count()

    def followed(self):
        """The journal's games read so far (:meth:`Outbox.followed`), from any thread."""
        with self._lock:
            return self.outbox.followed()

    def sync_now(self) -> None:
        self._wake.set()

    def close(self, flush: float = 0.0) -> None:
        if flush:
            self.flush(flush)
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(10)
        try:
            if self.connected.is_set():
                self.client.publish(self._status_topic, protocol.encode({"online": False}), qos=1,
                                    retain=True).wait_for_publish(2)
        except (RuntimeError, ValueError):
            pass
        self.client.disconnect()
        self.client.loop_stop()
        self.outbox.close()

    # -- MQTT callbacks (the client's network thread) ----------------------------------------------

    def _on_connect(self, client, userdata, flags, reason_code, properties=None):
        if reason_code.is_failure:
            self._note(f"the broker refused the board: {reason_code}")
            return
        self.stats.connects += 1
        if not getattr(flags, "session_present", False):
            self._restate = True       # the broker may have lost what it held: say where each game is
        client.subscribe(f"{self.root}/to/{self.board}/#", qos=1)
        client.publish(self._status_topic, protocol.encode({"online": True}), qos=1, retain=True)
        self.connected.set()
        self._wake.set()

    def _on_disconnect(self, client, userdata, flags, reason_code, properties=None):
        self.connected.clear()

    def _on_publish(self, client, userdata, mid, reason_code=None, properties=None):
        self._acks.put(mid)
        self._wake.set()

    def _on_message(self, client, userdata, message):
        if not message.payload:
            return           # a retained message cleared (no pairing for this board now)
        try:
            msg = protocol.decode(message.topic, message.payload, self.root)
            if msg.kind not in protocol.ORGANISER_KINDS or msg.board != self.board:
                raise protocol.ProtocolError("not a message for this board")
        except protocol.ProtocolError as exc:
            self.stats.dropped += 1
            self._note(f"dropped a message on {protocol.describe(message.topic)}: {exc}")
            return
        self._incoming.put(msg)
        self._wake.set()

    # -- the link's own thread --------------------------------------------------------------------

    def _run(self) -> None:
        from wordboard.journal import Journal

        # the journal is read on this thread only (an SQLite connection stays on its thread)
        journal = Journal(self.journal_path)
        self.follower = JournalFollower(journal, self.outbox, self.board, root=self.root, since=self.since)
        last_problem = None
        try:
            while not self._stop.is_set():
                self._wake.wait(self.poll)
                self._wake.clear()
                try:
                    with self._lock:
                        self._handle_incoming()
                        queued = self.follower.messages_queued
                        self.follower.sync(self.pairing)
                        if self._restate:
                            self._restate = False
                            self.follower.restate()
                        self.stats.queued += self.follower.messages_queued - queued
                        self.stats.moves_queued = self.follower.moves_queued
                        self._take_acks()
                        self._send()
                    self._passes += 1
                    last_problem = None
                except Exception as exc:  # noqa: BLE001 - the link must outlive a bad moment
                    problem = f"link: {type(exc).__name__}: {exc}"
                    if problem != last_problem:
                        self._note(problem)
                    last_problem = problem
                    time.sleep(0.2)
        finally:
            journal.close()

    def _note(self, text: str) -> None:
        self.stats.log.append(text)
        del self.stats.log[:-50]
        self.log(f"night {self.board}: {text}")

    def _take_acks(self) -> None:
        done = []
        while True:
            try:
                mid = self._acks.get_nowait()
            except queue.Empty:
                break
            row = self._inflight.pop(mid, None)
            if row is not None:
                done.append(row)
        if done:
            self.outbox.remove(done)
            self.stats.acknowledged += len(done)

    def _send(self) -> None:
        import paho.mqtt.client as mqtt

        if not self.connected.is_set() or len(self._inflight) >= WINDOW:
            return
        for row in self.outbox.pending(self._cursor, WINDOW - len(self._inflight)):
            info = self.client.publish(row.topic, row.payload, qos=1, retain=row.retain)
            if info.rc not in (mqtt.MQTT_ERR_SUCCESS, mqtt.MQTT_ERR_NO_CONN):
                break
            self._inflight[info.mid] = row.id
            self._cursor = row.id

    def _handle_incoming(self) -> None:
        while True:
            try:
                msg = self._incoming.get_nowait()
            except queue.Empty:
                return
            if msg.kind == "pairing":
                pairing = {k: msg.body[k] for k in ("round", "table", "players")}
                if self.pairing is None or pairing != {k: self.pairing[k] for k in pairing}:
                    # games the journal holds now were not played for this pairing (unless unfinished)
                    assert self.follower is not None
                    pairing = self.follower.note_pairing(pairing)
                    self.pairing = pairing
                    self.outbox.set_meta("pairing", pairing)
                    self._note(f"pairing: round {pairing['round']}, table {pairing['table']}: "
                               f"{' v '.join(pairing['players'])}")
                    if self.on_pairing is not None:
                        shown = {k: pairing[k] for k in ("round", "table", "players")}
                        if isinstance(msg.body.get("event"), str):
                            shown["event"] = msg.body["event"]
                        self.on_pairing(shown)
            elif msg.kind == "resend":
                self._resend(msg.body["game"], msg.body["from"])

    def _resend(self, key: str, start: int) -> None:
        now = time.monotonic()
        if now - self._resent.get(key, -1e9) < RESEND_INTERVAL:
            return
        self._resent[key] = now
        assert self.follower is not None
        queued = self.follower.messages_queued
        count = self.follower.resend(key, start)
        self.stats.queued += self.follower.messages_queued - queued
        self.stats.resends += 1
        self._note(f"sending game {key} again from event {start} ({count} events)")
