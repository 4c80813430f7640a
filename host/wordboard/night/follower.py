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
"""

from __future__ import annotations

import time

from wordboard.night import games, protocol
from wordboard.night.outbox import Followed, Outbox


class JournalFollower:
    def __init__(self, journal, outbox: Outbox, board: str, *, root: str = protocol.ROOT, since: float = 0.0):
        self.journal = journal
        self.outbox = outbox
        self.board = protocol.check_board_id(board)
        self.root = root
        self.since = since
        self.moves_queued = 0
        self.messages_queued = 0
        self._engines: dict[int, list] = {}       # journal game id -> [info, engine, moves]

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

    def _engine(self, info, follow: Followed):
        held = self._engines.get(info.id)
        if held is None or held[0].started != info.started:
            engine = games.new_engine(info)
            moves = 0
            for event in self.journal.events(info.id)[:follow.next_seq]:
                games.apply(info, engine, event.type, event.data)
                moves += event.type == "move"
            held = self._engines[info.id] = [info, engine, moves]
        return held

    def _read_game(self, info, follow: Followed) -> int:
        held = self._engine(info, follow)
        engine = held[1]
        key = protocol.game_key(info.id, info.started)
        messages = []
        events = [e for e in self.journal.events(info.id) if e.seq >= follow.next_seq]
        for event in events:
            extra = games.apply(info, engine, event.type, event.data)
            held[2] += event.type == "move"
            messages.append(self._move_message(key, follow, event, extra))
            follow.next_seq = event.seq + 1
        held[0] = info
        messages.append(self._state_message(key, info, follow, engine, held[2]))
        self.outbox.commit(follow, messages)
        self.messages_queued += len(messages)
        self.moves_queued += len(events)
        return len(events)

    def _move_message(self, key, follow, event, extra):
        body = {"game": key, "seq": event.seq, "type": event.type, "data": event.data, "at": event.at,
                "round": follow.round, "table": follow.table, **extra}
        return (protocol.board_topic(self.board, "move", self.root), protocol.encode(body), False)

    def _state_message(self, key, info, follow, engine, moves):
        body = {"game": key, "info": {"kind": info.kind, "edition": info.edition, "players": list(info.players),
                                      "seed": info.seed, "options": info.options, "started": info.started},
                "round": follow.round, "table": follow.table, "events": follow.next_seq, "moves": moves,
                "at": time.time(), **games.state(info, engine)}
        return (protocol.board_topic(self.board, "state", self.root), protocol.encode(body), True)

    def resend(self, key: str, start: int) -> int:
        """Queue game ``key``'s events from ``start`` again (and its state); returns how many."""
        follow = next((f for f in self.outbox.followed().values()
                       if protocol.game_key(f.game, f.started) == key), None)
        if follow is None:
            return 0
        info = self.journal.game(follow.game)
        engine = games.new_engine(info)
        messages, moves = [], 0
        for event in self.journal.events(info.id)[:follow.next_seq]:
            extra = games.apply(info, engine, event.type, event.data)
            moves += event.type == "move"
            if event.seq >= start:
                messages.append(self._move_message(key, follow, event, extra))
        messages.append(self._state_message(key, info, follow, engine, moves))
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
            _, engine, moves = self._engine(info, follow)
            messages.append(self._state_message(protocol.game_key(info.id, info.started), info, follow, engine,
                                                moves))
        if messages:
            self.outbox.queue(messages)
            self.messages_queued += len(messages)
        return len(messages)
