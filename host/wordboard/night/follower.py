"""Reading a board's journal into its outbox: the messages a board sends, made from the journal.

:class:`JournalFollower` reads the journal through its public API (:class:`~wordboard.journal.Journal`:
``games()``, ``game()``, ``events()``; the engine through the journal's own codecs) and never
writes to it. Each new event becomes a ``move`` message, and each game that changed one retained
``state`` message; they go into the :class:`~wordboard.night.outbox.Outbox` together with the note
of how far the game has been read, in one transaction. No network here: the
:class:`~wordboard.night.board.BoardLink` sends what the outbox holds.

Games that started before the outbox was made (``since``) are the board's past and not sent. A
game is tagged with the round and table of the board's pairing when its players are the
pairing's and it is either still going or started after the pairing came.

A game with a clock carries it in both: each move message has ``clock``, the players' seconds
left once the move is made (from the journal's newest ``clock`` decision, which the board
journals just before every move), and the state has the clock as
:func:`wordboard.night.games.clock` gives it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from wordboard.night import games, protocol
from wordboard.night.outbox import Followed, Outbox


@dataclass
class _Replay:
    """A journalled game replayed so far: its engine, its moves, its newest clock decision."""

    info: Any
    engine: Any
    moves: int = 0
    last_clock: dict | None = None

    def apply(self, event) -> dict:
        """Apply one journal event; the move message's extra fields (:func:`games.apply`, and
        the clock after a move)."""
        extra = games.apply(self.info, self.engine, event.type, event.data)
        self.moves += event.type == "move"
        self.last_clock = games.clock_record(event.type, event.data) or self.last_clock
        if event.type == "move":
            clock = games.clock(self.info, self.engine, self.last_clock)
            if clock is not None:
                extra["clock"] = clock["remaining"]
        return extra

    def state(self) -> dict:
        return games.state(self.info, self.engine, self.last_clock)


class JournalFollower:
    def __init__(self, journal, outbox: Outbox, board: str, *, root: str = protocol.ROOT, since: float = 0.0):
        self.journal = journal
        self.outbox = outbox
        self.board = protocol.check_board_id(board)
        self.root = root
        self.since = since
        self.moves_queued = 0
        self.messages_queued = 0
        self._replays: dict[int, _Replay] = {}      # journal game id -> the game replayed so far

    def note_pairing(self, pairing: dict) -> dict:
        """``pairing`` as the follower keeps it: with ``after``, the newest game the journal held
        when it came (an older finished game was not played for it)."""
        return {**pairing, "after": max((g.id for g in self.journal.games()), default=0)}

    def sync(self, pairing: dict | None) -> int:
        """Read new journal events into the outbox; returns how many."""
        followed = self.outbox.followed()
        tagged_rounds = {f.round for f in followed.values() if f.round is not None}
        new_events = 0
        for info in self.journal.games():
            follow = followed.get(info.id)
            if follow is not None and follow.started != info.started:
                follow = None          # the journal was replaced: a new game under an old id
            if follow is None:
                if info.started < self.since:
                    continue
                follow = Followed(info.id, info.started, 0, None, None)
            retag = False
            if follow.round is None and pairing is not None \
                    and (info.finished is None or info.id > pairing.get("after", 0)) \
                    and pairing["round"] not in tagged_rounds \
                    and sorted(info.players) == sorted(pairing["players"]):
                follow.round, follow.table = pairing["round"], pairing["table"]
                tagged_rounds.add(follow.round)
                retag = True
            known = info.id in followed and followed[info.id].started == info.started
            if info.events <= follow.next_seq and not retag and known:
                continue
            new_events += self._read_game(info, follow)
        return new_events

    def _replay(self, info, follow: Followed) -> _Replay:
        replay = self._replays.get(info.id)
        if replay is None or replay.info.started != info.started:
            replay = _Replay(info, games.new_engine(info))
            for event in self.journal.events(info.id)[:follow.next_seq]:
                replay.apply(event)
            self._replays[info.id] = replay
        return replay

    def _read_game(self, info, follow: Followed) -> int:
        replay = self._replay(info, follow)
        key = protocol.game_key(info.id, info.started)
        messages = []
        events = [e for e in self.journal.events(info.id) if e.seq >= follow.next_seq]
        for event in events:
            extra = replay.apply(event)
            messages.append(self._move_message(key, follow, event, extra))
            follow.next_seq = event.seq + 1
        replay.info = info
        messages.append(self._state_message(key, info, follow, replay))
        self.outbox.commit(follow, messages)
        self.messages_queued += len(messages)
        self.moves_queued += len(events)
        return len(events)

    def _move_message(self, key, follow, event, extra):
        body = {"game": key, "seq": event.seq, "type": event.type, "data": event.data, "at": event.at,
                "round": follow.round, "table": follow.table, **extra}
        return (protocol.board_topic(self.board, "move", self.root), protocol.encode(body), False)

    def _state_message(self, key, info, follow, replay: _Replay):
        body = {"game": key, "info": {"kind": info.kind, "edition": info.edition, "players": list(info.players),
                                      "seed": info.seed, "options": info.options, "started": info.started},
                "round": follow.round, "table": follow.table, "events": follow.next_seq, "moves": replay.moves,
                "at": time.time(), **replay.state()}
        return (protocol.board_topic(self.board, "state", self.root), protocol.encode(body), True)

    def resend(self, key: str, start: int) -> int:
        """Queue game ``key``'s events from ``start`` again (and its state); returns how many."""
        follow = next((f for f in self.outbox.followed().values()
                       if protocol.game_key(f.game, f.started) == key), None)
        if follow is None:
            return 0
        info = self.journal.game(follow.game)
        replay = _Replay(info, games.new_engine(info))
        messages = []
        for event in self.journal.events(info.id)[:follow.next_seq]:
            extra = replay.apply(event)
            if event.seq >= start:
                messages.append(self._move_message(key, follow, event, extra))
        messages.append(self._state_message(key, info, follow, replay))
        self.outbox.queue(messages)
        self.messages_queued += len(messages)
        self.moves_queued += len(messages) - 1
        return len(messages) - 1

    def restate(self, limit: int = 10) -> int:
        """Queue the state of the newest ``limit`` games read so far again (a broker that lost its
        retained messages hears them again, and the organiser sees what it may lack)."""
        followed = sorted(self.outbox.followed().values(), key=lambda f: f.game)[-limit:]
        messages = []
        for follow in followed:
            try:
                info = self.journal.game(follow.game)
            except Exception:  # noqa: BLE001 - a game no longer in the journal
                continue
            if info.started != follow.started:
                continue
            messages.append(self._state_message(protocol.game_key(info.id, info.started), info, follow,
                                                self._replay(info, follow)))
        if messages:
            self.outbox.queue(messages)
            self.messages_queued += len(messages)
        return len(messages)
