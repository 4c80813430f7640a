"""The board's outbox: what it has to tell the game night, kept in SQLite until the broker has it.

Reading the journal and putting the messages it makes in the outbox happen in one transaction
with the note of how far each game has been read (``followed``), so after a power cut the board
neither misses an event nor makes its messages twice. A message leaves the outbox only when the
broker has acknowledged it (QoS 1 PUBACK); whatever was not acknowledged is sent again after a
restart, and the organiser recognises the repeats by game and sequence number. A newer retained
state replaces an older one not yet sent (only the newest matters).

The outbox lives beside the journal (``night-outbox.sqlite3`` in the data folder) and never
writes to the journal.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from wordboard.errors import UserError

_SCHEMA = """
CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    topic TEXT NOT NULL,
    payload BLOB NOT NULL,
    retain INTEGER NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS followed (
    game INTEGER PRIMARY KEY,         -- the journal's game id
    started REAL NOT NULL,            -- its start time: a replaced journal is a different game
    next_seq INTEGER NOT NULL,        -- events before this one are in the outbox (or sent)
    round INTEGER,                    -- the night's round and table it was played for
    table_no INTEGER
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


@dataclass(frozen=True)
class Pending:
    id: int
    topic: str
    payload: bytes
    retain: bool


@dataclass
class Followed:
    game: int
    started: float
    next_seq: int
    round: int | None
    table: int | None


class Outbox:
    def __init__(self, path: str | Path, *, clock=time.time):
        self.path = Path(path)
        self.clock = clock
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, isolation_level=None, timeout=30, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(_SCHEMA)
        except (sqlite3.DatabaseError, OSError) as exc:
            raise UserError(f"cannot open the outbox {self.path}: {exc}") from None
        if self.meta("since") is None:
            self.set_meta("since", self.clock())

    def close(self) -> None:
        self.db.close()

    # -- what has been read from the journal ----------------------------------------------------

    def followed(self) -> dict[int, Followed]:
        return {row[0]: Followed(*row) for row in self.db.execute(
            "SELECT game, started, next_seq, round, table_no FROM followed")}

    def commit(self, follow: Followed, messages: list[tuple[str, bytes, bool]]) -> None:
        """Queue ``messages`` (topic, payload, retain) and note how far ``follow``'s game has been
        read, in one transaction. A retained message replaces an unsent one on the same topic."""
        now = self.clock()
        self.db.execute("BEGIN IMMEDIATE")
        try:
            for topic, payload, retain in messages:
                if retain:
                    self.db.execute("DELETE FROM outbox WHERE topic=? AND retain=1", (topic,))
                self.db.execute("INSERT INTO outbox (topic, payload, retain, created) VALUES (?,?,?,?)",
                                (topic, payload, int(retain), now))
            self.db.execute("INSERT OR REPLACE INTO followed (game, started, next_seq, round, table_no) "
                            "VALUES (?,?,?,?,?)", (follow.game, follow.started, follow.next_seq,
                                                   follow.round, follow.table))
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def queue(self, messages: list[tuple[str, bytes, bool]]) -> None:
        """Queue messages that change nothing else (a status, events sent again on request)."""
        now = self.clock()
        self.db.execute("BEGIN IMMEDIATE")
        try:
            for topic, payload, retain in messages:
                if retain:
                    self.db.execute("DELETE FROM outbox WHERE topic=? AND retain=1", (topic,))
                self.db.execute("INSERT INTO outbox (topic, payload, retain, created) VALUES (?,?,?,?)",
                                (topic, payload, int(retain), now))
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # -- sending ----------------------------------------------------------------------------------

    def pending(self, after: int = 0, limit: int = 100) -> list[Pending]:
        return [Pending(i, t, bytes(p), bool(r)) for i, t, p, r in self.db.execute(
            "SELECT id, topic, payload, retain FROM outbox WHERE id > ? ORDER BY id LIMIT ?", (after, limit))]

    def remove(self, ids) -> None:
        ids = list(ids)
        if ids:
            self.db.executemany("DELETE FROM outbox WHERE id=?", [(i,) for i in ids])

    def count(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0]

    # -- small settings ---------------------------------------------------------------------------

    def meta(self, key: str):
        row = self.db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return None if row is None else json.loads(row[0])

    def set_meta(self, key: str, value) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, json.dumps(value)))


def default_path(environ=None, *, twin: bool = False) -> Path:
    from wordboard.paths import data_dir

    return data_dir(environ) / ("night-outbox-twin.sqlite3" if twin else "night-outbox.sqlite3")
