"""The organiser's side of the broker: it takes in what the boards send and keeps the night's
standings.

Every message is checked (:func:`wordboard.night.protocol.decode`) and stored before the broker
is told it arrived (QoS 1, manual acknowledgement), so a crash of the organiser's command loses
nothing the broker still holds for it (its session is persistent). Anything malformed or hostile
is logged (the ``rejected`` table, and one line through ``log``) and dropped; it never stops the
command. A repeat of an event already stored is recognised by ``(board, game, seq)`` and counted
once; a *different* event under a used key is refused.

A board's word is taken only for what has come: a ``state`` counts once every event it says there
are has been received (until then it waits, and a later state is not held up by it), its count of
moves must be theirs, a result is the organiser's own replay of the events the state covers, and
no event is taken after the end of a game or far ahead of what has come (:data:`MAX_AHEAD`).
Moves of a game whose state has not come yet are held in memory, not stored. What one board may
send is capped (games, events, held events: :data:`MAX_GAMES_PER_BOARD` and the rest); the
broker passes on no message over :data:`wordboard.night.protocol.MAX_PAYLOAD` bytes, and the
organiser drops any that still comes. Every drop is one line of the log.

When a board's state says it has sent more events than the organiser holds (the broker lost some,
say it was killed before it saved them), the organiser asks that board to send them again
(``to/ID/resend``). A game's result goes into the standings once the organiser has every event,
its own replay says the game is over, and the game is the one the pairing sent to that board
(round, table, players).

:meth:`Collector.snapshot` is what the live page shows.
"""

from __future__ import annotations

import json
import os
import queue
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from wordboard.night import games, protocol
from wordboard.night.mqtt import Credentials, check_transport
from wordboard.night.mqtt import client as make_client
from wordboard.night.store import EventStore, rebuild_game

#: seconds a gap may stay open before the board is asked to send again (and between two asks)
GAP_WAIT = 1.5
#: messages stored in one transaction at most (one write to disk for all of them)
BATCH = 200
#: the longest wait between two asks for the same gap
MAX_GAP_WAIT = 60.0
#: what one board may send in one night (more is a board gone wrong, or hostile): games, events
#: stored, events of games it has not announced yet (held in memory until their state comes)
MAX_GAMES_PER_BOARD = 200
MAX_EVENTS_PER_BOARD = 20_000
MAX_HELD_PER_BOARD = 500
#: how far a state's events or a move's number may be ahead of the events received without a gap
#: (a whole game a broker lost is a few hundred events)
MAX_AHEAD = 2000
#: states of one game kept while their events are on their way
MAX_CLAIMS = 32
#: the record's notes of the organiser's collector: the one process that speaks for the organiser
#: (the broker makes its client id its user name), and the last pairings it sent
SERVING = "serving"
PAIRINGS_SENT = "pairings sent"


@dataclass
class CollectorStats:
    messages: int = 0
    moves: int = 0             # new events stored
    repeats: int = 0           # events delivered again and recognised
    rejected: int = 0
    resend_requests: int = 0
    results: int = 0
    latencies: list[float] = field(default_factory=list)   # journal commit -> stored here, seconds


@dataclass
class GameView:
    board: str
    key: str
    info: dict
    state: dict
    round: int | None
    table: int | None
    moves: dict[int, dict] = field(default_factory=dict)    # seq -> {player, text, score, total, type}
    #: states whose events have not all come yet, by their events (:meth:`Collector._settle`)
    claims: dict[int, dict] = field(default_factory=dict)
    have: int = 0              # events 0 .. have - 1 have all come
    _moves_below: list[int] = field(default_factory=lambda: [0])     # [i]: moves among events 0 .. i - 1

    def add(self, seq: int, event: dict) -> None:
        self.moves[seq] = event
        while self.have in self.moves:
            self._moves_below.append(self._moves_below[-1] + (self.moves[self.have].get("type") == "move"))
            self.have += 1

    def moves_before(self, events: int) -> int:
        """How many of the first ``events`` events (all come) are moves."""
        return self._moves_below[events]


class Collector:
    def __init__(self, store: EventStore, credentials: Credentials | None = None, *,
                 broker: tuple[str, int] | None = None, log: Callable[[str], None] | None = None,
                 client_id: str | None = None):
        self.store = store
        self.credentials = credentials
        self.broker = broker
        self.root = credentials.root if credentials else protocol.ROOT
        self.log = log or (lambda text: None)
        self.stats = CollectorStats()
        self.online: dict[str, bool] = {}
        self.games: dict[tuple[str, str], GameView] = {}
        self.version = 0
        self.connected = threading.Event()
        self._watchers: list[Callable[[], None]] = []
        self._lock = threading.RLock()
        self._queue: queue.Queue = queue.Queue()
        self._gaps: dict[tuple[str, str], tuple[float, float]] = {}   # -> (when to ask, then wait)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._round_seen: int | None = None
        self._snapshot: dict | None = None
        self._standings_cache: list | None = None
        # what the page shows of the record, kept here so a page never waits for the disk
        self._view: dict[str, Any] = {"round": 0, "tables": {}, "pairings": [], "results": 0,
                                      "event": "game night", "standings": []}
        self.client = None
        if credentials is not None:
            if broker is not None:
                check_transport(credentials, broker[0])
            event_id = "".join(c if c.isalnum() else "-" for c in credentials.event)
            self.client = make_client(credentials, client_id or f"wordboard-organiser-{event_id}"[:64],
                                      inflight=100)
            self.client.manual_ack_set(True)
            self.client.on_connect = self._on_connect
            self.client.on_disconnect = lambda *a, **k: self.connected.clear()
            self.client.on_message = self._on_message
        self._load()
        self._refresh_view()

    # -- lifecycle --------------------------------------------------------------------------------

    def start(self) -> Collector:
        if self.client is not None:
            assert self.broker is not None, "a collector with credentials needs the broker's address"
            self.client.connect_async(self.broker[0], self.broker[1], keepalive=10)
            self.client.loop_start()
            self.store.set_meta(SERVING, {"pid": os.getpid(), "host": socket.gethostname()})
        self._thread = threading.Thread(target=self._run, name="night-collector", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        self._queue.put(None)
        if self._thread is not None:
            self._thread.join(10)
        if self.client is not None:
            self.client.disconnect()
            self.client.loop_stop()
            if self.store.meta(SERVING) == {"pid": os.getpid(), "host": socket.gethostname()}:
                self.store.db.execute("DELETE FROM meta WHERE key=?", (SERVING,))

    def watch(self, callback: Callable[[], None]) -> None:
        self._watchers.append(callback)

    def unwatch(self, callback: Callable[[], None]) -> None:
        if callback in self._watchers:
            self._watchers.remove(callback)

    # -- MQTT (the client's network thread) ---------------------------------------------------------

    def _on_connect(self, client, userdata, flags, reason_code, properties=None):
        if reason_code.is_failure:
            self.log(f"night: the broker refused the organiser: {reason_code}")
            return
        client.subscribe(f"{self.root}/board/+/+", qos=1)
        self.connected.set()
        self._queue.put(("connected", None))

    def _on_message(self, client, userdata, message):
        self._queue.put(("message", (message.topic, bytes(message.payload), message.mid, message.qos)))

    # -- the collector's thread -------------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                items = [self._queue.get(timeout=0.25)]
            except queue.Empty:
                items = [("tick", None)]
            while len(items) < BATCH:         # what else has come: stored in one transaction
                try:
                    items.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            if None in items:
                break
            try:
                acks = []
                with self.store.transaction():         # committed (on disk) after the lock is let go
                    with self._lock:
                        for kind, data in items:
                            if kind == "message":
                                topic, payload, mid, qos = data
                                self.receive(topic, payload)
                                if qos:
                                    acks.append((mid, qos))
                # the broker hears a message arrived only once it is on disk here
                for mid, qos in acks:
                    if self.client is not None:
                        self.client.ack(mid, qos)
                with self._lock:
                    if any(kind == "connected" for kind, _ in items):
                        self.publish_pairings()
                    self._check_gaps()
                    self._check_round()
            except Exception as exc:  # noqa: BLE001 - one bad moment must not stop the night
                self.log(f"night: {type(exc).__name__}: {exc}")

    def receive(self, topic: str, payload: bytes) -> str:
        """Take in one message (any thread may call it in tests; the collector's thread does in
        the command). Returns what became of it: ``stored``, ``repeat``, ``state``, ``status``,
        or ``rejected: reason``."""
        with self._lock:
            self.stats.messages += 1
            try:
                msg = protocol.decode(topic, payload, self.root)
                if msg.kind not in protocol.BOARD_KINDS:
                    raise protocol.ProtocolError("boards do not send that")
                outcome = getattr(self, f"_{msg.kind}")(msg)
            except protocol.ProtocolError as exc:
                return self._reject(topic, str(exc))
            except Exception as exc:  # noqa: BLE001 - a message that passed the checks and still broke
                return self._reject(topic, f"could not be taken in: {type(exc).__name__}: {str(exc)[:100]}")
            self._changed()
            return outcome

    def _reject(self, topic: str, reason: str) -> str:
        self.stats.rejected += 1
        self.store.reject(topic, reason)
        self.log(f"night: dropped a message on {protocol.describe(topic)}: {reason}")
        return f"rejected: {reason}"

    def _status(self, msg) -> str:
        self.online[msg.board] = msg.body["online"]
        return "status"

    def _move(self, msg) -> str:
        board, body = msg.board, msg.body
        key, seq = body["game"], body["seq"]
        event = (body["type"], json.dumps(body["data"], sort_keys=True, separators=(",", ":")),
                 {k: body.get(k) for k in ("player", "score", "total", "text", "clock") if body.get(k) is not None},
                 body["at"])
        view = self.games.get((board, key))
        if view is None:
            return self._hold(board, key, seq, event)
        row = self.store.db.execute("SELECT type, data FROM events WHERE board=? AND key=? AND seq=?",
                                    (board, key, seq)).fetchone()
        if row is not None:
            if row == event[:2]:
                self.stats.repeats += 1
                return "repeat"
            raise protocol.ProtocolError(f"game {key} event {seq} differs from the one already received")
        self._store_event(view, seq, event)
        self._settle(view)
        return "stored"

    def _hold(self, board: str, key: str, seq: int, event: tuple) -> str:
        """A move of a game whose state has not come yet (a board sends a game's first events
        before its state): kept in memory, at most :data:`MAX_HELD_PER_BOARD` per board, and
        stored only once the game is announced."""
        held = self._held.setdefault(board, {})
        earlier = held.get(key, {}).get(seq)
        if earlier is not None:
            if earlier[:2] == event[:2]:
                self.stats.repeats += 1
                return "repeat"
            raise protocol.ProtocolError(f"game {key} event {seq} differs from the one already received")
        if sum(map(len, held.values())) >= MAX_HELD_PER_BOARD:
            raise protocol.ProtocolError(f"{board} has sent {MAX_HELD_PER_BOARD} events of games it never announced")
        held.setdefault(key, {})[seq] = event
        return "held"

    def _store_event(self, view: GameView, seq: int, event: tuple) -> None:
        """Store one event of an announced game, once it passed :meth:`_check_event`."""
        self._check_event(view, seq)
        type_, data, extra, at = event
        now = time.time()
        self.store.db.execute("INSERT INTO events (board, key, seq, type, data, extra, at, received) "
                              "VALUES (?,?,?,?,?,?,?,?)", (view.board, view.key, seq, type_, data,
                                                           json.dumps(extra), at, now))
        self._events_stored[view.board] = self._events_stored.get(view.board, 0) + 1
        self.stats.moves += type_ == "move"
        self.stats.latencies.append(max(0.0, now - at))
        del self.stats.latencies[:-100_000]
        view.add(seq, {"type": type_, **extra})

    def _check_event(self, view: GameView, seq: int) -> None:
        """A board's event must fit what was received of its game: not after the end of a game
        over, not far ahead of the events received, within the board's share of the night."""
        if view.state.get("result") is not None and seq >= view.state.get("events", 0):
            raise protocol.ProtocolError(f"game {view.key} ended with event {view.state['events'] - 1}, "
                                         f"not {seq}")
        if seq >= view.have + MAX_AHEAD:
            raise protocol.ProtocolError(f"game {view.key} event {seq}: only {view.have} of its events have come")
        if self._events_stored.get(view.board, 0) >= MAX_EVENTS_PER_BOARD:
            raise protocol.ProtocolError(f"{view.board} has sent {MAX_EVENTS_PER_BOARD} events already")

    def _state(self, msg) -> str:
        board, body = msg.board, msg.body
        key, claimed = body["game"], body["events"]
        view = self.games.get((board, key))
        if view is not None and view.info != body["info"]:
            raise protocol.ProtocolError(f"game {key}: its players or settings changed")
        if body["moves"] > claimed:
            raise protocol.ProtocolError(f"game {key}: {body['moves']} moves in {claimed} events")
        state = {k: v for k, v in body.items() if k not in ("v", "info", "game")}
        if view is None:
            held = self._held.get(board, {}).get(key, {})
            have = next(n for n in range(len(held) + 1) if n not in held)
            if claimed > have + MAX_AHEAD:
                raise protocol.ProtocolError(f"game {key}: says {claimed} events, {have} have come")
            if sum(1 for b, _ in self.games if b == board) >= MAX_GAMES_PER_BOARD:
                raise protocol.ProtocolError(f"{board} has sent {MAX_GAMES_PER_BOARD} games already")
            view = self.games[(board, key)] = GameView(board, key, body["info"], {"events": 0, "moves": 0},
                                                       body.get("round"), body.get("table"))
            self._save_game(view)
            self._take_held(view)
        if claimed > view.have + MAX_AHEAD:
            raise protocol.ProtocolError(f"game {key}: says {claimed} events, {view.have} have come")
        if view.state.get("result") is not None and claimed > view.state["events"]:
            raise protocol.ProtocolError(f"game {key} ended with {view.state['events']} events, not {claimed}")
        if claimed < view.state.get("events", 0):
            return "state"         # an older state delivered late
        view.claims[claimed] = state
        if len(view.claims) > MAX_CLAIMS:
            dropped = max(view.claims)
            del view.claims[dropped]
            self._reject(protocol.board_topic(board, "state", self.root),
                         f"game {key}: more than {MAX_CLAIMS} states ahead of its events; the one of {dropped} "
                         "events forgotten")
        self._settle(view)
        return "state"

    def _take_held(self, view: GameView) -> None:
        """Store the held events of a game just announced (:meth:`_hold`)."""
        for seq, event in sorted(self._held.get(view.board, {}).pop(view.key, {}).items()):
            try:
                self._store_event(view, seq, event)
            except protocol.ProtocolError as exc:
                self._reject(protocol.board_topic(view.board, "move", self.root), str(exc))

    def _save_game(self, view: GameView) -> None:
        self.store.db.execute(
            "INSERT OR REPLACE INTO games (board, key, info, state, round, table_no, updated) VALUES (?,?,?,?,?,?,?)",
            (view.board, view.key, json.dumps(view.info), json.dumps(view.state), view.round, view.table,
             time.time()))

    # -- results ----------------------------------------------------------------------------------

    def _settle(self, view: GameView) -> None:
        """Take the newest state whose events have all come (a state's word is taken only for
        events received), note a gap, or count the result when the game is over."""
        ready = [n for n in view.claims if n <= view.have]
        if ready:
            best = max(ready)
            state = view.claims[best]
            for n in ready:
                del view.claims[n]
            if best >= view.state.get("events", 0):
                if state["moves"] != view.moves_before(best):
                    self._reject(protocol.board_topic(view.board, "state", self.root),
                                 f"game {view.key}: says {state['moves']} moves in its first {best} events, "
                                 f"{view.moves_before(best)} came")
                else:
                    view.state, view.round, view.table = state, state.get("round"), state.get("table")
                    self._save_game(view)
        if view.state.get("result") is not None:
            for n in [n for n in view.claims if n > view.state["events"]]:
                del view.claims[n]
                self._reject(protocol.board_topic(view.board, "state", self.root),
                             f"game {view.key} ended with {view.state['events']} events, not {n}")
        wanted = max(view.claims, default=view.state.get("events", 0))
        gap_key = (view.board, view.key)
        if wanted > view.have:
            self._gaps.setdefault(gap_key, (time.monotonic() + GAP_WAIT, GAP_WAIT))
            return
        self._gaps.pop(gap_key, None)
        if view.state.get("result") is None or view.round is None:
            return
        if self.store.db.execute("SELECT 1 FROM results WHERE board=? AND key=?", (view.board, view.key)).fetchone():
            return
        problem = self._count_result(view)
        if problem:
            self.store.reject(protocol.board_topic(view.board, "state", self.root), problem)
            self.stats.rejected += 1
            self.log(f"night: result of {view.board} game {view.key} not counted: {problem}")

    def _count_result(self, view: GameView) -> str | None:
        rnd, table = view.round, view.table
        if rnd is None or table is None:
            return "not played for a round of the night"
        assigned = self.store.tables().get(table)
        if assigned != view.board:
            return f"table {table} is played on {assigned or 'no board'}, not {view.board}"
        pairing = next((p for p in self.store.pairings(rnd) if p.table == table), None)
        if pairing is None or pairing.second is None:
            return f"no game at table {table} in round {rnd}"
        players = view.info["players"]
        if sorted(players) != sorted([pairing.first, pairing.second]):
            return f"round {rnd} table {table} is {pairing.first} v {pairing.second}, not {' v '.join(players)}"
        events = [(seq, t, d) for seq, t, d, _, _ in self.store.game_events(view.board, view.key)
                  if seq < view.state["events"]]
        try:
            game_info, _, engine = rebuild_game(view.info, events)
        except ValueError as exc:
            return f"its events do not replay: {exc}"
        scores = games.final_scores(game_info, engine)
        if scores is None:
            return None if view.state.get("result") is None else "the board says it is over, its events do not"
        final = dict(zip(players, scores))
        if scores != view.state["result"]["final"]:
            self.log(f"night: {view.board} game {view.key}: the board's result {view.state['result']['final']} "
                     f"differs from its events' {scores}; counting the events'")
        if self.store.db.execute("SELECT 1 FROM results WHERE round=? AND table_no=?", (rnd, table)).fetchone():
            return f"round {rnd} table {table} already has a result"
        self.store.db.execute(
            "INSERT INTO results (round, table_no, board, key, first, second, first_score, second_score) "
            "VALUES (?,?,?,?,?,?,?,?)", (rnd, table, view.board, view.key, pairing.first, pairing.second,
                                         final[pairing.first], final[pairing.second]))
        self.stats.results += 1
        self._standings_cache = None
        self._refresh_view()
        self.log(f"night: round {rnd} table {table}: {pairing.first} {final[pairing.first]} - "
                 f"{final[pairing.second]} {pairing.second}")
        return None

    def _check_gaps(self) -> None:
        now = time.monotonic()
        for (board, key), (when, wait) in list(self._gaps.items()):
            if now < when:
                continue
            view = self.games.get((board, key))
            if view is None:
                continue
            missing = view.have
            # ask again later, less and less often (a board that is away gets them all when back)
            self._gaps[(board, key)] = (now + wait, min(2 * wait, MAX_GAP_WAIT))
            if self.client is not None and self.connected.is_set():
                self.stats.resend_requests += 1
                self.client.publish(protocol.to_board_topic(board, "resend", self.root),
                                    protocol.encode({"game": key, "from": missing}), qos=1)

    def _check_round(self) -> None:
        rnd = self.store.current_round()
        if rnd != self._round_seen:
            self._round_seen = rnd
            self._standings_cache = None
            self._refresh_view()
            self.publish_pairings()
            self._changed()

    def _refresh_view(self) -> None:
        """Read what the page shows of the record (round, tables, pairings, results, standings)."""
        rnd = self.store.current_round()
        standings = [{"rank": i + 1, "name": s.name, "wins": s.wins, "losses": s.losses, "spread": s.spread,
                      "games": s.games, "rating": s.rating} for i, s in enumerate(self.standings())]
        self._view = {"round": rnd, "tables": self.store.tables(), "pairings": self.store.pairings(rnd),
                      "results": len(self.store.results(rnd)) if rnd else 0,
                      "event": self.store.meta("event", "game night"), "standings": standings}

    def publish_pairings(self) -> int:
        """Send each board its pairing for the current round (retained); boards with no game this
        round get theirs cleared. Returns how many were sent, and notes it in the record for
        ``wordboard night pair`` (:data:`PAIRINGS_SENT`)."""
        if self.client is None or not self.connected.is_set():
            return 0
        sent = publish_pairings(self.client, self.store, self.root)
        self.store.set_meta(PAIRINGS_SENT, {"round": self.store.current_round(), "boards": sent})
        return sent

    # -- what the page shows ----------------------------------------------------------------------

    def _load(self) -> None:
        self._held: dict[str, dict[str, dict[int, tuple]]] = {}     # board -> game -> seq -> event
        self._events_stored: dict[str, int] = dict(self.store.db.execute(
            "SELECT board, COUNT(*) FROM events GROUP BY board").fetchall())
        for board, key, info, state, rnd, table in self.store.games():
            view = self.games[(board, key)] = GameView(board, key, info, state, rnd, table)
            for seq, t, _, extra, _ in self.store.game_events(board, key):
                view.add(seq, {"type": t, **extra})

    def _changed(self) -> None:
        self.version += 1
        for callback in list(self._watchers):
            callback()

    def standings(self):
        if self._standings_cache is None:
            self._standings_cache = self.store.standings()
        return self._standings_cache

    def snapshot(self) -> dict:
        """What the live page shows (from memory: it never waits for the disk; made once per change
        however many pages watch)."""
        with self._lock:
            cached = self._snapshot
            if cached is not None and cached["version"] == self.version:
                return cached
            view = self._view
            rnd, tables = view["round"], view["tables"]
            out_tables = []
            for p in view["pairings"]:
                if p.second is None:
                    continue
                board = tables.get(p.table)
                game = self._table_game(board, rnd, p.table)
                entry = {"table": p.table, "board": board, "online": self.online.get(board, False),
                         "players": [p.first, p.second], "moves": 0, "scores": None, "turn": None,
                         "over": False, "last": None, "seq": 0, "kind": None, **_board_shown(None)}
                if game is not None:
                    state = game.state
                    entry.update(players=game.info["players"], moves=state.get("moves", 0),
                                 scores=state.get("scores"), turn=state.get("turn"),
                                 over=state.get("result") is not None, seq=len(game.moves), key=game.key,
                                 last=_last_move(game), kind=game.info["kind"], **_board_shown(state))
                out_tables.append(entry)
            pairs = [{"table": p.table, "players": [p.first] + ([p.second] if p.second else []),
                      "bye": p.second is None} for p in view["pairings"]]
            self._snapshot = {"version": self.version, "event": view["event"], "round": rnd, "tables": out_tables,
                              "standings": view["standings"], "pairings": pairs, "results": view["results"]}
            return self._snapshot

    def game_detail(self, table: int) -> dict | None:
        """One table's game of this round move by move (the page's click on a table)."""
        with self._lock:
            rnd = self._view["round"]
            board = self._view["tables"].get(table)
            game = self._table_game(board, rnd, table)
            if game is None:
                return None
            moves = [{"seq": seq, **m} for seq, m in sorted(game.moves.items()) if m.get("type") == "move"]
            return {"table": table, "round": rnd, "board": board, "players": game.info["players"],
                    "kind": game.info["kind"], "moves": moves, "scores": game.state.get("scores"),
                    "result": game.state.get("result"), **_board_shown(game.state)}

    def _table_game(self, board, rnd, table) -> GameView | None:
        found = [v for v in self.games.values() if v.board == board and v.round == rnd and v.table == table]
        return max(found, key=lambda v: v.info.get("started", 0)) if found else None


def _board_shown(state: dict | None) -> dict:
    """What the page draws of a game's board and clock, from its state (None: no game yet)."""
    state = state or {}
    return {"grid": state.get("grid"), "owners": state.get("owners"), "cards": state.get("cards"),
            "clock": state.get("clock")}


def _last_move(view: GameView):
    for seq in sorted(view.moves, reverse=True):
        move = view.moves[seq]
        if move.get("type") == "move" and move.get("text"):
            players = view.info["players"]
            who = players[move["player"]] if move.get("player") is not None and move["player"] < len(players) else ""
            return {"player": who, "text": move["text"], "score": move.get("score")}
    return None


def publish_pairings(client, store: EventStore, root: str = protocol.ROOT, *, wait: float = 0.0) -> int:
    rnd = store.current_round()
    if not rnd:
        return 0
    event = store.meta("event", "game night")
    by_table = {p.table: p for p in store.pairings(rnd) if p.second is not None}
    infos = []
    for table, board in store.tables().items():
        topic = protocol.to_board_topic(board, "pairing", root)
        p = by_table.get(table)
        payload = protocol.encode({"round": rnd, "table": table, "players": [p.first, p.second],
                                   "event": event}) if p else b""
        infos.append(client.publish(topic, payload, qos=1, retain=True))
    if wait:
        deadline = time.monotonic() + wait
        for info in infos:
            info.wait_for_publish(max(0.01, deadline - time.monotonic()))
    return len(by_table)
