"""The organiser's record of a game night, in SQLite (``night.sqlite3`` in the event's folder).

Players (with an optional rating and a fixed table), tables (each played on one board), rounds
and their pairings, and what the boards sent: every game's latest state and every event once
(``(board, game, seq)`` is the key: a repeat is recognised, a different event under a used key
is refused). A result counts in the standings only when the organiser has all of the game's
events, its own replay of them (the journal's engine) says the game is over, and the game came
from the board assigned to that round's table with the pairing's players.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from wordboard.errors import UserError
from wordboard.night import pairings as pair

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS players (
    name TEXT PRIMARY KEY, rating INTEGER, fixed_table INTEGER, active INTEGER NOT NULL DEFAULT 1,
    added INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS tables (number INTEGER PRIMARY KEY, board TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS pairings (
    round INTEGER NOT NULL, table_no INTEGER NOT NULL, first TEXT NOT NULL, second TEXT,
    method TEXT NOT NULL, PRIMARY KEY (round, first)
);
CREATE TABLE IF NOT EXISTS games (
    board TEXT NOT NULL, key TEXT NOT NULL, info TEXT NOT NULL, state TEXT NOT NULL,
    round INTEGER, table_no INTEGER, updated REAL NOT NULL, PRIMARY KEY (board, key)
);
CREATE TABLE IF NOT EXISTS events (
    board TEXT NOT NULL, key TEXT NOT NULL, seq INTEGER NOT NULL, type TEXT NOT NULL,
    data TEXT NOT NULL, extra TEXT NOT NULL, at REAL NOT NULL, received REAL NOT NULL,
    PRIMARY KEY (board, key, seq)
);
CREATE TABLE IF NOT EXISTS results (
    round INTEGER NOT NULL, table_no INTEGER NOT NULL, board TEXT NOT NULL, key TEXT NOT NULL,
    first TEXT NOT NULL, second TEXT NOT NULL, first_score INTEGER NOT NULL, second_score INTEGER NOT NULL,
    PRIMARY KEY (round, table_no)
);
CREATE TABLE IF NOT EXISTS rejected (
    id INTEGER PRIMARY KEY AUTOINCREMENT, at REAL NOT NULL, topic TEXT NOT NULL, reason TEXT NOT NULL
);
"""

METHODS = ("roundrobin", "swiss", "koth")
#: hostile or malformed messages kept in the log, at most (older ones are forgotten)
MAX_REJECTED = 1000


@dataclass(frozen=True)
class Pairing:
    round: int
    table: int          # 0 for a bye
    first: str
    second: str | None
    method: str


class EventStore:
    def __init__(self, path: str | Path, *, create: bool = False):
        self.path = Path(path)
        if not create and not self.path.exists():
            raise UserError(f"no game night in {self.path.parent} (start one with 'wordboard night setup')")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, isolation_level=None, timeout=30, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(_SCHEMA)
        except (sqlite3.DatabaseError, OSError) as exc:
            raise UserError(f"cannot open the game night's record {self.path}: {exc}") from None

    def close(self) -> None:
        self.db.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def transaction(self):
        return _Transaction(self.db)

    # -- settings ---------------------------------------------------------------------------------

    def meta(self, key: str, default=None):
        row = self.db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return default if row is None else json.loads(row[0])

    def set_meta(self, key: str, value) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, json.dumps(value)))

    # -- players and tables -----------------------------------------------------------------------

    def add_player(self, name: str, rating: int | None = None, fixed_table: int | None = None) -> None:
        name = " ".join(name.split())
        if not name or len(name) > 40 or not name.isprintable():
            raise UserError(f"not a player's name: {name!r} (1-40 printable characters)")
        if fixed_table is not None and fixed_table not in self.tables():
            raise UserError(f"there is no table {fixed_table} (tables: {_ranges(self.tables())})")
        n = self.db.execute("SELECT COUNT(*) FROM players").fetchone()[0]
        try:
            self.db.execute("INSERT INTO players (name, rating, fixed_table, added) VALUES (?,?,?,?)",
                            (name, rating, fixed_table, n))
        except sqlite3.IntegrityError:
            raise UserError(f"{name} is already playing") from None

    def drop_player(self, name: str) -> None:
        if self.db.execute("UPDATE players SET active=0 WHERE name=?", (name,)).rowcount == 0:
            raise UserError(f"no player {name!r}")

    def players(self, *, active_only: bool = True) -> list[tuple[str, int | None, int | None]]:
        """``(name, rating, fixed table)`` in the order they were added."""
        where = " WHERE active=1" if active_only else ""
        return [tuple(r) for r in self.db.execute(
            f"SELECT name, rating, fixed_table FROM players{where} ORDER BY added")]

    def set_tables(self, boards: dict[int, str]) -> None:
        with self.transaction():
            self.db.execute("DELETE FROM tables")
            self.db.executemany("INSERT INTO tables (number, board) VALUES (?, ?)", sorted(boards.items()))

    def tables(self) -> dict[int, str]:
        return dict(self.db.execute("SELECT number, board FROM tables ORDER BY number"))

    # -- rounds -----------------------------------------------------------------------------------

    def current_round(self) -> int:
        return self.db.execute("SELECT COALESCE(MAX(round), 0) FROM pairings").fetchone()[0]

    def pairings(self, round_number: int | None = None) -> list[Pairing]:
        rnd = self.current_round() if round_number is None else round_number
        return [Pairing(*r) for r in self.db.execute(
            "SELECT round, table_no, first, second, method FROM pairings WHERE round=? "
            "ORDER BY table_no = 0, table_no", (rnd,))]

    def all_pairings(self) -> list[Pairing]:
        return [Pairing(*r) for r in self.db.execute(
            "SELECT round, table_no, first, second, method FROM pairings ORDER BY round, table_no = 0, table_no")]

    def pair_round(self, method: str | None = None, *, rounds: int | None = None) -> tuple[int, list[Pairing]]:
        """Pair the next round and store it. ``method`` ``roundrobin`` (the next round of its fixed
        schedule), ``swiss`` or ``koth``; None: Swiss, and King of the Hill for round ``rounds``
        (the last)."""
        players = self.players()
        if len(players) < 2:
            raise UserError("add at least two players first ('wordboard night players add NAME')")
        previous = self.current_round()
        if previous and len(self.results(previous)) < len([p for p in self.pairings(previous) if p.second]):
            raise UserError(f"round {previous} is not finished yet ({len(self.results(previous))} of "
                            f"{len([p for p in self.pairings(previous) if p.second])} results in)")
        rnd = previous + 1
        names = [p[0] for p in players]
        if method is None:
            method = "koth" if rounds and rnd == rounds and rnd > 1 else "swiss"
        if method not in METHODS:
            raise UserError(f"pairing methods: {', '.join(METHODS)}")
        order = self.standings()
        order = [s for s in order if s.name in set(names)]
        try:
            if method == "roundrobin":
                games = self._round_robin(players)
            elif method == "swiss":
                games = pair.swiss(order)
            else:
                games = pair.king_of_the_hill(order)
            fixed = {name: t for name, _, t in players if t is not None}
            placed = pair.assign_tables(games, fixed, sorted(self.tables()))
        except ValueError as exc:
            raise UserError(f"cannot pair round {rnd}: {exc}") from None
        out = [Pairing(rnd, table, g.first, g.second, method) for table, g in placed]
        with self.transaction():
            self.db.executemany("INSERT INTO pairings (round, table_no, first, second, method) VALUES (?,?,?,?,?)",
                                [(p.round, p.table, p.first, p.second, p.method) for p in out])
        return rnd, out

    def _round_robin(self, players) -> list[pair.Game]:
        """The round robin's next round. Its schedule is fixed by the entry list when its first
        round is paired (kept in ``meta``): a withdrawal gives the opponent a bye, a late entry is
        refused, and a round past the schedule's end is refused (:class:`ValueError`)."""
        done = self.db.execute("SELECT COUNT(DISTINCT round) FROM pairings WHERE method='roundrobin'").fetchone()[0]
        entries = self.meta("roundrobin_entries") if done else None
        if entries is None:
            entries = _seeded(players)
            self.set_meta("roundrobin_entries", entries)
        late = [name for name, _, _ in players if name not in entries]
        if late:
            raise ValueError(f"{', '.join(late)} entered after the round robin's schedule was made "
                             f"(it cannot take a new player; pair with --method swiss)")
        if done >= len(pair.berger_schedule(entries)):
            raise ValueError(f"the round robin of {len(entries)} players is over: all its "
                             f"{done} rounds are paired (pair with --method swiss or koth)")
        return pair.round_robin(entries, done + 1, [name for name, _, _ in players])

    # -- results and standings --------------------------------------------------------------------

    def results(self, round_number: int | None = None) -> list[tuple]:
        """``(round, table, board, key, first, second, first_score, second_score)``."""
        where, args = ("WHERE round=?", (round_number,)) if round_number is not None else ("", ())
        return [tuple(r) for r in self.db.execute(
            f"SELECT round, table_no, board, key, first, second, first_score, second_score FROM results "
            f"{where} ORDER BY round, table_no", args)]

    def standings(self) -> list[pair.Standing]:
        players = self.players(active_only=False)
        ratings = {name: rating or 0 for name, rating, _ in players}
        results = [pair.Result(r[0], r[4], r[5], r[6], r[7]) for r in self.results()]
        results += [pair.Result(p.round, p.first, None) for p in self.all_pairings() if p.second is None]
        active = {name for name, _, _ in self.players()}
        return [s for s in pair.standings([p[0] for p in players], results, ratings)
                if s.name in active or s.games]

    # -- what the boards sent ---------------------------------------------------------------------

    def reject(self, topic: str, reason: str) -> None:
        self.db.execute("INSERT INTO rejected (at, topic, reason) VALUES (?,?,?)", (time.time(), topic[:200],
                                                                                   reason[:300]))
        self.db.execute("DELETE FROM rejected WHERE id <= (SELECT MAX(id) FROM rejected) - ?", (MAX_REJECTED,))

    def rejected(self) -> list[tuple[float, str, str]]:
        return [tuple(r) for r in self.db.execute("SELECT at, topic, reason FROM rejected ORDER BY id")]

    def game_events(self, board: str, key: str) -> list[tuple[int, str, dict, dict, float]]:
        return [(seq, t, json.loads(d), json.loads(x), at) for seq, t, d, x, at in self.db.execute(
            "SELECT seq, type, data, extra, at FROM events WHERE board=? AND key=? ORDER BY seq", (board, key))]

    def games(self) -> list[tuple[str, str, dict, dict, int | None, int | None]]:
        """``(board, key, info, state, round, table)`` of every game heard of."""
        return [(b, k, json.loads(i), json.loads(s), r, t) for b, k, i, s, r, t in self.db.execute(
            "SELECT board, key, info, state, round, table_no FROM games ORDER BY round, table_no, board, key")]

    def move_count(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM events WHERE type='move'").fetchone()[0]


class _Transaction:
    def __init__(self, db):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type, exc, tb):
        self.db.execute("ROLLBACK" if exc_type else "COMMIT")
        return False


def _seeded(players) -> list[str]:
    """Round-robin seeding: by rating (highest first), then the order players were added."""
    order = sorted(enumerate(players), key=lambda ip: (-(ip[1][1] or 0), ip[0]))
    return [p[0] for _, p in order]


def _ranges(numbers) -> str:
    numbers = sorted(numbers)
    return f"{numbers[0]}-{numbers[-1]}" if numbers else "none"


def rebuild_game(info: dict, events: list[tuple[int, str, dict]]):
    """``(game_info, codec, engine)``: the journal's engine for a game the boards sent, ``info``
    as in a state message, ``events`` ``(seq, type, data)`` from 0 without a gap.
    :class:`ValueError` if an event does not replay."""
    from wordboard.errors import UserError
    from wordboard.journal import Event, GameInfo, codec_for, replay

    game_info = GameInfo(0, info["kind"], info["edition"], tuple(info["players"]), info.get("seed"),
                         dict(info.get("options") or {}), float(info["started"]), None, None, len(events))
    codec = codec_for(info["kind"])
    try:
        engine = replay(codec, game_info, [Event(seq, type_, data, 0.0) for seq, type_, data in events])
    except UserError as exc:
        raise ValueError(str(exc).removeprefix("game 0: ")) from None
    return game_info, codec, engine
