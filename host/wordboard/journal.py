"""The journal: every committed move and every decision, in SQLite, before it is shown.

A game is its kind (``lexulous``...), edition, players, seed and options, then the ordered list
of its events: ``move`` (what a player did) and ``decision`` (what the table decided: a rack
read from the real bag, a challenge upheld, an undo...), each a small JSON object in the
game's own vocabulary. Replaying the events through the engine rebuilds the game exactly, so
after a power cut ``wordboard run`` carries on where it was.

Durability: the database is in WAL mode with ``synchronous=FULL``; :meth:`Journal.append`
returns only after its transaction is committed (fsynced), so a move that was shown is on disk.
The log is checkpointed into the database every :data:`WAL_CHECKPOINT_PAGES` pages (about a dozen
events), so a damaged log (a bad SD card, a power cut mid-write) can cost at most the events since
the last checkpoint; such a loss, which SQLite itself passes over in silence, is counted before
the journal is opened (:mod:`wordboard.walcheck`), the damaged log kept aside and the loss said in
:attr:`Journal.wal_report`.
Events are numbered per game (``seq`` 0, 1, 2...) under a primary key: appending the same
``seq`` twice is refused unless it is the identical event (idempotent), so a retry after a crash
never duplicates a move.

Games plug in through a :class:`GameCodec`, which each game family gives in the registry
(:mod:`wordboard.registry`; the codecs live in the games' folders): how to start the engine, how
to write a move as JSON, how to apply an event. The journal itself knows no game.

The database lives in ``$WORDBOARD_DATA_DIR``, else ``$XDG_DATA_HOME/wordboard``, else
``~/.local/share/wordboard`` (:func:`wordboard.paths.data_dir`), as ``journal.sqlite3``; the
digital twin's games in ``journal-twin.sqlite3`` (:func:`default_path`).
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, Protocol, TypeAlias, TypeVar

from wordboard.errors import UserError
from wordboard.paths import data_dir

log = logging.getLogger(__name__)

#: An event's data, a game's options: a JSON object as :func:`json.loads` gives it (what its
#: values are is for the game's codec to know).
JsonObject: TypeAlias = dict[str, Any]
#: A row as :mod:`sqlite3` gives it.
_Row: TypeAlias = tuple[Any, ...]
_T = TypeVar("_T")

SCHEMA_VERSION = 1
#: pages the write-ahead log may hold before it is checkpointed into the database (SQLite's
#: default is 1,000: hundreds of events that one damaged frame could take with it)
WAL_CHECKPOINT_PAGES = 64
_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    edition TEXT NOT NULL,
    players TEXT NOT NULL,           -- JSON list of names
    seed INTEGER,
    options TEXT NOT NULL,           -- JSON object
    started REAL NOT NULL,           -- unix time
    finished REAL,
    result TEXT                      -- JSON, once over
);
CREATE TABLE IF NOT EXISTS events (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('move', 'decision')),
    data TEXT NOT NULL,              -- JSON object
    at REAL NOT NULL,
    PRIMARY KEY (game, seq)
);
"""


def default_path(environ: Mapping[str, str] | None = None, *, twin: bool = False) -> Path:
    """The journal of games on the board, or with ``twin`` of games on the digital twin (kept
    apart so demo games never mix with real ones)."""
    return data_dir(environ) / ("journal-twin.sqlite3" if twin else "journal.sqlite3")


@dataclass(frozen=True)
class GameInfo:
    id: int
    kind: str
    edition: str
    players: tuple[str, ...]
    seed: int | None
    options: JsonObject
    started: float
    finished: float | None
    result: Any
    events: int = 0
    damaged: str | None = None       # why the game cannot be replayed (a row that does not read)


@dataclass(frozen=True)
class Event:
    seq: int
    type: str  # "move" or "decision"
    data: JsonObject
    at: float


class Journal:
    def __init__(self, path: str | Path | None = None, *, clock: Callable[[], float] = time.time):
        self.path = Path(path) if path is not None else default_path()
        self.clock = clock
        #: what a salvage of a damaged journal lost, for the caller to show (None: nothing happened)
        self.salvage_report: str | None = None
        #: what a damaged write-ahead log lost, for the caller to show (None: nothing lost)
        self.wal_report: str | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UserError(f"cannot create the journal's folder {self.path.parent}: {exc.strerror}") from None
        self._check_wal()
        try:
            self._open()
        except sqlite3.DatabaseError as exc:
            if not _is_damage(exc):
                raise UserError(f"cannot open the journal {self.path}: {exc}") from None
            self._close_quietly()
            self._salvage(f"{exc}")
            try:
                self._open()
            except sqlite3.DatabaseError as exc2:
                raise UserError(f"cannot open the salvaged journal {self.path}: {exc2}") from None
        except OSError as exc:
            raise UserError(f"cannot open the journal {self.path}: {exc.strerror}") from None

    def _check_wal(self) -> None:
        """Before SQLite opens the journal (and silently drops what its log holds after a damaged
        frame): count what will be lost, keep the damaged log aside, and say it."""
        from wordboard.walcheck import check_wal

        wal = self.path.with_name(self.path.name + "-wal")
        check = check_wal(wal)
        if check.lost:
            time.sleep(0.2)                  # another process mid-write? a real damage stays
            check = check_wal(wal)
        if not check.lost:
            return
        aside: Path | None = wal.with_name(f"{wal.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
        assert aside is not None
        try:
            import shutil

            shutil.copy2(wal, aside)
        except OSError:
            aside = None
        self.wal_report = (
            f"the journal's write-ahead log was damaged (a power cut or a bad SD card?): its last "
            f"{check.lost} change(s) cannot be read and are lost, {check.usable} before them are kept"
            + (f"; the damaged log is kept as {aside.name}" if aside is not None else ""))
        log.warning("%s", self.wal_report)

    def _open(self) -> None:
        self.db: sqlite3.Connection = sqlite3.connect(self.path, isolation_level=None, timeout=30)
        self.db.text_factory = lambda raw: raw.decode("utf-8", "replace")  # bad bytes: bad JSON, not a crash
        found = self.db.execute("PRAGMA user_version").fetchone()[0]
        if found > SCHEMA_VERSION:
            self.db.close()
            raise UserError(f"the journal {self.path} has schema version {found}, newer than this "
                            f"wordboard's {SCHEMA_VERSION}: update wordboard (the file is left as it is)")
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute(f"PRAGMA wal_autocheckpoint={WAL_CHECKPOINT_PAGES}")
        self.db.execute("PRAGMA foreign_keys=ON")
        problems = [r[0] for r in self.db.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise _Damaged(f"integrity check: {problems[0]}" + (f" (and {len(problems) - 1} more)"
                                                                if len(problems) > 1 else ""))
        with self._transaction():
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    self.db.execute(statement)
            self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def _close_quietly(self) -> None:
        db = getattr(self, "db", None)
        if db is not None:
            try:
                db.close()
            except sqlite3.Error:
                pass
            del self.db

    def _salvage(self, why: str) -> None:
        """Copy every game and event that still reads into a fresh journal, move the damaged file
        aside (with its -wal and -shm) and say what was lost in :attr:`salvage_report` and the log."""
        stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        fresh = self.path.with_name(f"{self.path.name}.salvaging")
        games, events, unread = _read_what_reads(self.path)
        for leftover in (fresh, Path(f"{fresh}-journal")):
            leftover.unlink(missing_ok=True)
        out = sqlite3.connect(fresh, isolation_level=None)
        kept_games: set[int] = set()
        lost_events = 0
        cut: list[str] = []
        try:
            out.execute("BEGIN")
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    out.execute(statement)
            out.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            for row in games:
                try:
                    out.execute("INSERT INTO games (id, kind, edition, players, seed, options, started, "
                                "finished, result) VALUES (?,?,?,?,?,?,?,?,?)", row)
                    kept_games.add(row[0])
                except sqlite3.Error:
                    unread += 1
            by_game: dict[int, dict[int, _Row]] = {}
            for row in events:
                by_game.setdefault(row[0], {})[row[1]] = row
            kept_events = 0
            for game, rows in sorted(by_game.items(), key=lambda item: str(item[0])):
                if game not in kept_games:
                    lost_events += len(rows)
                    continue
                seq = 0
                while seq in rows:         # only the unbroken run from the first event replays
                    try:
                        out.execute("INSERT INTO events (game, seq, type, data, at) VALUES (?,?,?,?,?)",
                                    rows[seq])
                    except sqlite3.Error:
                        break
                    seq += 1
                kept_events += seq
                if seq < len(rows):
                    lost_events += len(rows) - seq
                    cut.append(f"game {game} after event {seq - 1}" if seq else f"game {game}'s events")
            out.execute("COMMIT")
        finally:
            out.close()
        os.replace(self.path, aside)
        for suffix in ("-wal", "-shm"):
            side = Path(f"{self.path}{suffix}")
            if side.exists():
                os.replace(side, Path(f"{aside}{suffix}"))
        os.replace(fresh, self.path)
        _fsync_dir(self.path.parent)
        lost = []
        if unread:
            lost.append(f"{unread} unreadable stretch(es) of rows (games or events whose count is unknown)")
        if lost_events:
            lost.append(f"{lost_events} event(s) that no longer follow on"
                        + (f" ({'; '.join(cut[:5])}{'...' if len(cut) > 5 else ''})" if cut else ""))
        self.salvage_report = (
            f"the journal {self.path.name} was damaged ({why}); salvaged {len(kept_games)} game(s) and "
            f"{kept_events} event(s) into a fresh journal; lost: {', '.join(lost) or 'nothing that could be found'}; "
            f"the damaged file is kept as {aside.name}")
        log.warning("%s", self.salvage_report)

    def _transaction(self) -> _Transaction:
        return _Transaction(self.db)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing -------------------------------------------------------------------------------

    def start_game(self, kind: str, edition: str, players: Iterable[str], *, seed: int | None = None,
                   options: JsonObject | None = None) -> int:
        with self._transaction():
            cur = self.db.execute(
                "INSERT INTO games (kind, edition, players, seed, options, started) VALUES (?,?,?,?,?,?)",
                (kind, edition, json.dumps(list(players)), seed, _dumps(options or {}), self.clock()))
        assert cur.lastrowid is not None  # an INSERT gives its row id
        return cur.lastrowid

    def append(self, game: int, type: str, data: JsonObject, *, seq: int | None = None) -> int:
        """Append an event durably; returns its ``seq``. With ``seq`` given, an event already
        stored there must be identical (then nothing is written), else :class:`JournalConflict`."""
        if type not in ("move", "decision"):
            raise ValueError("an event is a 'move' or a 'decision'")
        text = _dumps(data)
        with self._transaction():
            if self.db.execute("SELECT 1 FROM games WHERE id=?", (game,)).fetchone() is None:
                raise UserError(f"no game {game} in the journal")
            next_seq = self.db.execute("SELECT COALESCE(MAX(seq) + 1, 0) FROM events WHERE game=?",
                                       (game,)).fetchone()[0]
            if seq is None:
                seq = next_seq
            elif seq < next_seq:
                row = self.db.execute("SELECT type, data FROM events WHERE game=? AND seq=?",
                                      (game, seq)).fetchone()
                if row == (type, text):
                    return seq
                raise JournalConflict(f"game {game} already has a different event {seq}")
            elif seq > next_seq:
                raise JournalConflict(f"game {game}: event {seq} would leave a gap after {next_seq - 1}")
            self.db.execute("INSERT INTO events (game, seq, type, data, at) VALUES (?,?,?,?,?)",
                            (game, seq, type, text, self.clock()))
        return seq

    def finish(self, game: int, result: Any) -> None:
        with self._transaction():
            self.db.execute("UPDATE games SET finished=?, result=? WHERE id=?",
                            (self.clock(), _dumps(result), game))

    # -- reading -------------------------------------------------------------------------------

    def game(self, game: int) -> GameInfo:
        row = self.db.execute(_GAME_QUERY + " WHERE g.id=? GROUP BY g.id", (game,)).fetchone()
        if row is None:
            raise UserError(f"no game {game} in the journal {self.path}")
        return _info(row)

    def games(self) -> list[GameInfo]:
        return [_info(r) for r in self.db.execute(_GAME_QUERY + " GROUP BY g.id ORDER BY g.id")]

    def latest_unfinished(self) -> GameInfo | None:
        """The newest unfinished game that can be replayed (a damaged game is never resumed)."""
        for row in self.db.execute(_GAME_QUERY + " WHERE g.finished IS NULL GROUP BY g.id "
                                   "ORDER BY g.id DESC"):
            info = _info(row)
            if info.damaged is None:
                return info
        return None

    def events(self, game: int) -> list[Event]:
        """The game's events; :class:`JournalDamaged` (one line) if one of them does not read."""
        events = []
        for seq, type, data, at in self.db.execute(
                "SELECT seq, type, data, at FROM events WHERE game=? ORDER BY seq", (game,)):
            try:
                value = json.loads(data)
            except (TypeError, ValueError):
                value = None
            if not isinstance(value, dict):
                raise JournalDamaged(f"game {game} is damaged: event {seq} does not read as JSON")
            events.append(Event(seq, type, value, at))
        return events


class JournalConflict(UserError):
    """An event that contradicts what the journal already holds."""


class JournalDamaged(UserError):
    """A game whose rows in the journal no longer read (it is listed, never resumed)."""


class _Damaged(sqlite3.DatabaseError):
    """The journal's integrity check failed."""


def _is_damage(exc: sqlite3.DatabaseError) -> bool:
    """A damaged file (rather than a locked or unreachable one)."""
    if isinstance(exc, _Damaged):
        return True
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
    text = str(exc)
    return "malformed" in text or "not a database" in text


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _read_rows(db: sqlite3.Connection, table: str, columns: str, unread: list[int]) -> list[_Row]:
    """Every row of ``table`` that reads, in rowid order, skipping over damaged pages: after an
    error the scan starts again further on (1, 2, 4... rowids past the last good one)."""
    rows: list[_Row] = []
    last = 0
    while True:
        skip = 0
        try:
            cursor = db.execute(f"SELECT rowid, {columns} FROM {table} WHERE rowid > ? ORDER BY rowid",
                                (last + skip,))
            for row in cursor:
                rows.append(row[1:])
                last = row[0]
            return rows
        except sqlite3.Error:
            unread[0] += 1
        found = False
        skip = 1
        while skip <= 1 << 40:
            try:
                row = db.execute(f"SELECT rowid FROM {table} WHERE rowid > ? ORDER BY rowid LIMIT 1",
                                 (last + skip,)).fetchone()
            except sqlite3.Error:
                skip *= 2
                continue
            if row is None:
                return rows
            # a readable row further on: carry on from just before it
            last = row[0] - 1
            found = True
            break
        if not found:
            return rows


def _read_what_reads(path: Path) -> tuple[list[_Row], list[_Row], int]:
    """The damaged journal's readable games and events, and how many stretches did not read."""
    unread = [0]
    try:
        db = sqlite3.connect(path, isolation_level=None, timeout=30)
    except sqlite3.Error:
        return [], [], 1
    db.text_factory = lambda raw: raw.decode("utf-8", "replace")
    try:
        # lets SQLite read a file shorter than its header says (truncated); nothing is written
        db.execute("PRAGMA writable_schema=ON")
    except sqlite3.Error:
        pass
    try:
        games = _read_rows(db, "games", "id, kind, edition, players, seed, options, started, finished, "
                                        "result", unread)
        events = _read_rows(db, "events", "game, seq, type, data, at", unread)
    except sqlite3.Error:
        return [], [], unread[0] + 1
    finally:
        db.close()
    return games, events, unread[0]


class _Transaction:
    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> Literal[False]:
        self.db.execute("ROLLBACK" if exc_type else "COMMIT")
        return False


_GAME_QUERY = ("SELECT g.id, g.kind, g.edition, g.players, g.seed, g.options, g.started, g.finished, "
               "g.result, COUNT(e.seq), MIN(CASE WHEN json_valid(e.data) THEN "
               "json_type(e.data) = 'object' ELSE 0 END) FROM games g "
               "LEFT JOIN events e ON e.game = g.id")


def _info(row: _Row) -> GameInfo:
    gid, kind, edition, players, seed, options, started, finished, result, n, events_ok = row
    bad: list[str] = []

    def read(name: str, text: object, kind_of: type[_T], default: _T) -> _T:
        try:
            if not isinstance(text, (str, bytes)):  # NULL, or a number where JSON text was
                raise TypeError(f"not JSON text: {text!r}")
            value = json.loads(text)
        except (TypeError, ValueError):
            bad.append(name)
            return default
        if not isinstance(value, kind_of):
            bad.append(name)
            return default
        return value

    players = read("players", players, list, [])
    options = read("options", options, dict, {})
    result = read("result", result, object, None) if result else None
    if not all(isinstance(p, str) for p in players):
        bad.append("players")
        players = []
    if n and not events_ok:
        bad.append("an event")
    damaged = f"its {' and '.join(bad)} no longer read{'s' if len(bad) == 1 else ''}" if bad else None
    return GameInfo(gid, str(kind), str(edition), tuple(players), seed, options, started, finished,
                    result, n, damaged)


def _dumps(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


# -- games: codecs -------------------------------------------------------------------------------

class GameCodec(Protocol):
    """How one kind of game goes into and comes out of the journal."""

    kind: str

    def new_game(self, info: GameInfo) -> Any:
        """A fresh engine for the journal's game (edition, players, seed, options)."""

    def encode_move(self, move: Any) -> JsonObject:
        """A move as JSON."""

    def check(self, game: Any, event_type: str, data: JsonObject) -> None:
        """Raise (the engine's illegal-move error) if the event cannot be applied."""

    def apply(self, game: Any, event_type: str, data: JsonObject) -> None:
        """Apply one event to the engine."""

    def result(self, game: Any) -> Any:
        """The game's result as JSON, or None while it goes on."""

    def export(self, game: Any, fmt: str, info: GameInfo | None = None) -> str:
        """The game in another format (``gcg``...), ``info`` its journal entry (title, date,
        word list); :class:`UserError` if not supported."""


def codec_for(kind: str) -> GameCodec:
    """The codec of the journal's ``kind`` of game, from its family in the registry."""
    from wordboard import registry

    return registry.family_for_kind(kind).codec()


class Undecided(Exception):
    """Raised by a codec's ``apply`` for an event it cannot apply alone (an old journal's
    challenge, journalled without its judgement): ``alternatives``, the events it may have been
    (the likeliest first). :func:`replay` keeps the first that the rest of the journal replays
    after and, for a finished game, that gives the journalled result."""

    def __init__(self, alternatives: list[JsonObject]):
        super().__init__(f"{len(alternatives)} possible events")
        self.alternatives = alternatives


#: The key of an event's data that keeps what the game's word list answered while the event
#: was checked: ``{"GLUTS": true, "RE": false}``. A rebuild asks those words of it, not of the
#: word list as it is then (it may have changed, or be another), so it never judges again.
LOOKED_UP = "looked_up"


class _Consulted:
    """A game's word list whose answers are noted (``in``, and ``is_word`` for word lists that
    have it); anything else is the list's own."""

    def __init__(self, words: Any):
        self.words = words
        self.answers: dict[str, bool] = {}

    def __contains__(self, word: object) -> bool:
        found = word in self.words
        if isinstance(word, str):
            self.answers[word] = bool(found)
        return bool(found)

    def is_word(self, word: str) -> bool:
        found = bool(self.words.is_word(word))
        self.answers[word] = found
        return found

    def __getattr__(self, name: str) -> Any:
        return getattr(self.words, name)


class _AsAnswered:
    """A rebuilt game's word list: the answers the journal kept, else the list's own."""

    def __init__(self, words: Any, answers: Mapping[str, bool]):
        self.words = words
        self.answers = answers

    def __contains__(self, word: object) -> bool:
        if isinstance(word, str) and word in self.answers:
            return self.answers[word]
        return word in self.words

    def is_word(self, word: str) -> bool:
        return self.answers[word] if word in self.answers else bool(self.words.is_word(word))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.words, name)


def _looked_up(events: list[Event]) -> dict[str, bool]:
    answers: dict[str, bool] = {}
    for event in events:
        kept = event.data.get(LOOKED_UP)
        if isinstance(kept, dict):
            answers.update({str(w): bool(v) for w, v in kept.items()})
    return answers


def replay(codec: GameCodec, info: GameInfo, events: list[Event]) -> Any:
    """A fresh engine for ``info`` with ``events`` applied (every rebuild of a game: the
    journal's, the game night's); :class:`UserError` naming the event that does not replay.
    The engine's word list answers as the events kept it answering (:data:`LOOKED_UP`)."""
    return _replay(codec, info, events, {})


def _replay(codec: GameCodec, info: GameInfo, events: list[Event], chosen: dict[int, JsonObject]) -> Any:
    """The replay with the events at the indexes ``chosen`` holds replaced (:class:`Undecided`)."""
    game = codec.new_game(info)
    answers = _looked_up(events)
    words = getattr(game, "dictionary", None)
    if answers and words is not None:
        game.dictionary = _AsAnswered(words, answers)
    for i, event in enumerate(events):
        data = chosen.get(i, event.data)
        try:
            codec.apply(game, event.type, data)
        except Undecided as undecided:
            refusals = []
            for alternative in undecided.alternatives:
                try:
                    branch = _replay(codec, info, events, {**chosen, i: alternative})
                except UserError as exc:
                    refusals.append(f"as {alternative}: {exc}")
                    continue
                if _agrees(info.result, codec.result(branch)):
                    return branch
                refusals.append(f"as {alternative} the game's result is not the journalled one")
            raise UserError(f"game {info.id}: event {event.seq} ({event.type} {event.data}) does not "
                            f"replay: {'; '.join(refusals)}") from None
        except Exception as exc:  # noqa: BLE001 - any engine refusal means a corrupt journal
            raise UserError(f"game {info.id}: event {event.seq} ({event.type} {data}) "
                            f"does not replay: {exc}") from None
    return game


def _agrees(journalled: Any, rebuilt: Any) -> bool:
    """A rebuilt result is the journalled one (its final scores), or no result was journalled."""
    if not isinstance(journalled, dict) or "final" not in journalled:
        return True
    return isinstance(rebuilt, dict) and rebuilt.get("final") == journalled["final"]


def rebuild(journal: Journal, game_id: int) -> tuple[GameInfo, Any]:
    """The engine of a journalled game, with every event replayed: ``(info, game)`` (the engine
    is what the codec makes: :class:`GameCodec`'s games are untyped)."""
    info = journal.game(game_id)
    if info.damaged:
        raise JournalDamaged(f"game {game_id} is damaged ({info.damaged}): it cannot be replayed")
    return info, replay(codec_for(info.kind), info, journal.events(game_id))


class JournaledGame:
    """A game whose every event goes to the journal before the engine (and the LEDs) see it.

    ``record(type, data)`` checks the event with the engine, appends it durably, then applies
    it. ``play(move)`` does the same for an engine move.
    """

    def __init__(self, journal: Journal, game_id: int, game: Any = None):
        self.journal = journal
        self.id = game_id
        self.info = journal.game(game_id)
        self.codec = codec_for(self.info.kind)
        if game is None:
            _, game = rebuild(journal, game_id)
        self.game = game
        self.seq = self.info.events
        #: called before a move is journalled (after it is checked): what must be on disk before
        #: the move, such as the game clock's time (:mod:`wordboard.controller.gameclock`)
        self.before_move: list[Callable[[], object]] = []
        result = self.codec.result(game)
        if result is not None and self.info.finished is None:
            journal.finish(game_id, result)  # the power went between the last move and this

    @classmethod
    def start(cls, journal: Journal, kind: str, edition: str, players: Iterable[str], *,
              seed: int | None = None, options: JsonObject | None = None) -> JournaledGame:
        game_id = journal.start_game(kind, edition, players, seed=seed, options=options)
        return cls(journal, game_id)

    def record(self, type: str, data: JsonObject) -> None:
        words = getattr(self.game, "dictionary", None)
        if words is None:
            self.codec.check(self.game, type, data)
        else:                               # what the word list answers is kept with the event
            consulted = _Consulted(words)
            self.game.dictionary = consulted
            try:
                self.codec.check(self.game, type, data)
            finally:
                self.game.dictionary = words
            if consulted.answers:
                data = {**data, LOOKED_UP: dict(sorted(consulted.answers.items()))}
        if type == "move":
            for hook in list(self.before_move):
                hook()
        self.journal.append(self.id, type, data, seq=self.seq)
        self.seq += 1
        self.codec.apply(self.game, type, data)
        result = self.codec.result(self.game)
        if result is not None:
            self.journal.finish(self.id, result)

    def play(self, move: object) -> None:
        self.record("move", self.codec.encode_move(move))

