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
import shutil
import sqlite3
import stat
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
#: rotating backups of the journal kept beside it (:meth:`Journal.back_up`)
BACKUPS = 3
#: the key of a game's result that marks it damaged (:meth:`Journal.mark_damaged`)
DAMAGE_KEY = "journal_damaged"
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


#: every table's columns (as in :data:`_SCHEMA`), and how one added since the first layouts is
#: added to an older journal
_COLUMNS = {"games": ("id", "kind", "edition", "players", "seed", "options", "started", "finished", "result"),
            "events": ("game", "seq", "type", "data", "at")}
_ADDED_COLUMNS = {"games": {"seed": "INTEGER", "options": "TEXT NOT NULL DEFAULT '{}'", "finished": "REAL",
                            "result": "TEXT"},
                  "events": {"at": "REAL NOT NULL DEFAULT 0"}}


def backup_paths(path: Path) -> list[Path]:
    """The journal's rotating backups, newest first (:meth:`Journal.back_up`)."""
    return [path.with_name(f"{path.name}.backup-{n}") for n in range(1, BACKUPS + 1)]


def _create(path: Path) -> None:
    """Create an empty file with the ordinary mode for this umask (SQLite would make it 0644
    less the umask, and its -wal and -shm after it: 0640 under the service's umask 007, which
    the owner's side of the group could not write)."""
    from wordboard.paths import creation_mode

    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        os.fchmod(fd, creation_mode())
    finally:
        os.close(fd)


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
    def __init__(self, path: str | Path | None = None, *, clock: Callable[[], float] = time.time,
                 board: bool = False):
        """``board``: the board's own journal, which must open whatever the file holds (the table
        must start): a file that is not a journal, or a journal of a newer wordboard, is set aside
        untouched (``<journal>.newer-<time>``...) for a fresh journal, and said in
        :attr:`salvage_report`. Otherwise (the commands, a journal named on the command line) such
        a file is refused in one line and left as it is. A damaged journal is salvaged either way."""
        self.path = Path(path) if path is not None else default_path()
        self.clock = clock
        self.board = board
        #: what a salvage of a damaged journal lost, for the caller to show (None: nothing happened)
        self.salvage_report: str | None = None
        #: what a damaged write-ahead log lost, for the caller to show (None: nothing lost)
        self.wal_report: str | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UserError(f"cannot create the journal's folder {self.path.parent}: {exc.strerror}") from None
        try:
            _share_files(self.path)
        except OSError as exc:
            raise UserError(f"cannot use the journal {self.path}: {exc.strerror}") from None
        self._check_wal()
        try:
            self._open()
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            # (a damaged schema's text comes back in SQLite's error messages: bad UTF-8)
            if isinstance(exc, sqlite3.DatabaseError) and not _is_damage(exc):
                raise UserError(f"cannot open the journal {self.path}: {exc}") from None
            self._close_quietly()
            self._salvage(f"{exc}")
            try:
                self._open()
            except sqlite3.DatabaseError as exc2:
                raise UserError(f"cannot open the salvaged journal {self.path}: {exc2}") from None
        except OSError as exc:
            self._close_quietly()
            raise UserError(f"cannot open the journal {self.path}: {exc.strerror}") from None
        except NotThisJournal as exc:
            self._close_quietly()
            if not self.board:
                raise
            aside = self._set_aside(exc.tag)
            self.salvage_report = (f"{exc.what}: it is kept untouched as {aside.name}, and a fresh journal "
                                   "is started")
            log.warning("%s", self.salvage_report)
            self._open()
        except UserError:
            self._close_quietly()
            raise

    def _set_aside(self, tag: str) -> Path:
        """Move the journal (with its -wal and -shm) to ``<journal>.<tag>-<time>``; returns it."""
        stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        aside = self.path.with_name(f"{self.path.name}.{tag}-{stamp}")
        os.replace(self.path, aside)
        for suffix in ("-wal", "-shm"):
            side = Path(f"{self.path}{suffix}")
            if side.exists():
                os.replace(side, Path(f"{aside}{suffix}"))
        _fsync_dir(self.path.parent)
        return aside

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
            shutil.copy2(wal, aside)
        except OSError:
            aside = None
        self.wal_report = (
            f"the journal's write-ahead log was damaged (a power cut or a bad SD card?): its last "
            f"{check.lost} change(s) cannot be read and are lost, {check.usable} before them are kept"
            + (f"; the damaged log is kept as {aside.name}" if aside is not None else ""))
        log.warning("%s", self.wal_report)

    def _open(self) -> None:
        try:
            _create(self.path)
        except FileExistsError:
            pass
        self.db: sqlite3.Connection = sqlite3.connect(self.path, isolation_level=None, timeout=30)
        self.db.text_factory = lambda raw: raw.decode("utf-8", "replace")  # bad bytes: bad JSON, not a crash
        # the whole check (quick_check passes a damaged index that the games' listing then trips
        # on), before anything is written or believed: a damaged header's version is noise
        problems = [r[0] for r in self.db.execute("PRAGMA integrity_check(10)")]
        if problems != ["ok"]:
            raise _Damaged(f"integrity check: {problems[0]}" + (f" (and {len(problems) - 1} more)"
                                                                if len(problems) > 1 else ""))
        tables = {name for (name,) in self.db.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")}
        if tables and "games" not in tables:
            self.db.close()
            raise NotThisJournal(f"{self.path} is not a wordboard journal (an SQLite database of other "
                                 f"tables: {', '.join(sorted(tables)[:3])})", "foreign")
        found = self.db.execute("PRAGMA user_version").fetchone()[0]
        if found > SCHEMA_VERSION:
            self.db.close()
            raise NotThisJournal(f"the journal {self.path} has schema version {found}, newer than this "
                                 f"wordboard's {SCHEMA_VERSION}: update wordboard", "newer")
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute(f"PRAGMA wal_autocheckpoint={WAL_CHECKPOINT_PAGES}")
        self.db.execute("PRAGMA foreign_keys=ON")
        with self._transaction():
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    self.db.execute(statement)
            self._migrate()
            self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def _migrate(self) -> None:
        """Bring an older layout of the tables to this one: a column added since is added with
        its value for the games written before it (an older journal had no ``options``)."""
        for table, columns in _ADDED_COLUMNS.items():
            have = {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")}
            missing = [name for name in _COLUMNS[table] if name not in have]
            unknown = [name for name in missing if name not in columns]
            if unknown:
                raise NotThisJournal(f"the journal {self.path} has no {', '.join(unknown)} in its {table}: "
                                     "not a journal this wordboard reads", "foreign")
            for name in missing:
                self.db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {columns[name]}")

    def _close_quietly(self) -> None:
        db = getattr(self, "db", None)
        if db is not None:
            try:
                db.close()
            except sqlite3.Error:
                pass
            del self.db

    def _salvage(self, why: str) -> None:
        """Copy every game and event that still reads (page by page: :mod:`wordboard.journal_pages`,
        in time bounded by the file's size whatever its bytes; what it lacks from the newest
        backups) into a fresh journal, move the damaged file aside (with its -wal and -shm) and
        say what was lost in :attr:`salvage_report` and the log. A game whose events were lost is
        kept but marked damaged (never resumed)."""
        from wordboard.journal_pages import PageRows, read_file_rows

        found = read_file_rows(self.path)
        if not found.sqlite_header and not found.games and not found.events and not self.board:
            raise NotThisJournal(f"{self.path} is not a wordboard journal (not an SQLite database)", "foreign")
        suspects = found.suspect_games()
        backups: list[PageRows] = []
        for copy in backup_paths(self.path):
            if copy.exists():
                older = read_file_rows(copy)
                if older.games:
                    backups.append(older)
                    found.merge(older)

        def whole_in_a_backup(gid: int, kept: int) -> bool:
            """A backup holds the game finished, with no more events than were kept."""
            for older in backups:
                row = older.games.get(gid)
                if row is not None and row[7] is not None and row[6] == found.games[gid][6]:
                    return sum(1 for g, _ in older.events if g == gid) <= kept
            return False

        fresh = self.path.with_name(f"{self.path.name}.salvaging")
        for leftover in (fresh, Path(f"{fresh}-journal")):
            leftover.unlink(missing_ok=True)
        _create(fresh)
        out = sqlite3.connect(fresh, isolation_level=None)
        kept_events = lost_events = 0
        marked: list[str] = []
        try:
            out.execute("BEGIN")
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    out.execute(statement)
            out.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            for gid in sorted(found.games):
                row = found.games[gid]
                seq = 0
                while (gid, seq) in found.events:   # only the unbroken run from the first event replays
                    out.execute("INSERT INTO events (game, seq, type, data, at) VALUES (?,?,?,?,?)",
                                found.events[gid, seq])
                    seq += 1
                kept_events += seq
                known = {s for g, s in found.events if g == gid} | {s for g, s in found.index_keys if g == gid}
                lost = len({s for s in known if s >= seq})
                if lost or (gid in suspects and not whole_in_a_backup(gid, seq)):
                    lost_events += lost
                    marked.append(f"{gid} (after event {seq - 1})" if seq else f"{gid} (all its events)")
                    row = row[:7] + (row[7] or self.clock(), _dumps(
                        {DAMAGE_KEY: f"{lost} of its events were lost to a damaged journal" if lost else
                         f"events after its first {seq} may have been lost to a damaged journal"}))
                out.execute("INSERT INTO games (id, kind, edition, players, seed, options, started, "
                            "finished, result) VALUES (?,?,?,?,?,?,?,?,?)", row)
            orphans = sum(1 for g, _ in found.events if g not in found.games)
            out.execute("COMMIT")
        finally:
            out.close()
        aside = self._set_aside("damaged")
        os.replace(fresh, self.path)
        _fsync_dir(self.path.parent)
        lost_parts = []
        if found.bad_cells:
            lost_parts.append(f"{found.bad_cells} row(s) that no longer read")
        if marked:
            lost_parts.append(f"{lost_events or 'an unknown number of'} event(s) of game(s) {', '.join(marked[:5])}"
                              f"{'...' if len(marked) > 5 else ''}, now marked damaged")
        if orphans:
            lost_parts.append(f"{orphans} event(s) of games that no longer read")
        self.salvage_report = (
            f"the journal {self.path.name} was damaged ({why}); salvaged {len(found.games)} game(s) and "
            f"{kept_events} event(s) into a fresh journal"
            + (f" (with {backups} backup(s))" if backups else "")
            + f"; lost: {', '.join(lost_parts) or 'nothing that could be found'}; "
            f"the damaged file is kept as {aside.name}")
        log.warning("%s", self.salvage_report)

    def back_up(self) -> None:
        """Keep a copy of the journal as it is now (``VACUUM INTO``, flushed to disk) as
        ``<journal>.backup-1``, the older copies moving to ``-2``... (:data:`BACKUPS` in all): a
        salvage takes from them what the damaged file lost (a zeroed header loses no game). A
        copy that cannot be made is logged, never fatal."""
        copies = backup_paths(self.path)
        fresh = self.path.with_name(f"{self.path.name}.backup-new")
        try:
            fresh.unlink(missing_ok=True)
            _create(fresh)
            self.db.execute("VACUUM INTO ?", (str(fresh),))
            fd = os.open(fresh, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
            for older, newer in zip(reversed(copies[1:]), reversed(copies[:-1])):
                if newer.exists():
                    os.replace(newer, older)
            os.replace(fresh, copies[0])
            _fsync_dir(self.path.parent)
        except (OSError, sqlite3.Error) as exc:
            log.warning("the journal's backup %s was not made: %s", copies[0].name, exc)
            try:
                fresh.unlink(missing_ok=True)
            except OSError:
                pass

    def mark_damaged(self, game: int, why: str) -> None:
        """Mark a game that cannot be replayed damaged (for good: listed, never resumed)."""
        with self._transaction():
            self.db.execute("UPDATE games SET finished=COALESCE(finished, ?), result=? WHERE id=?",
                            (self.clock(), _dumps({DAMAGE_KEY: why}), game))

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
        self.back_up()
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
        self.back_up()

    # -- reading -------------------------------------------------------------------------------

    def game(self, game: int) -> GameInfo:
        row = self.db.execute(_GAME_QUERY + " WHERE g.id=? GROUP BY g.id", (game,)).fetchone()
        if row is None:
            raise UserError(f"no game {game} in the journal {self.path}")
        return _info(row)

    def games(self) -> list[GameInfo]:
        return [_info(r) for r in self.db.execute(_GAME_QUERY + " GROUP BY g.id ORDER BY g.id")]

    def latest_unfinished(self) -> GameInfo | None:
        """The newest unfinished game that can be replayed (a damaged game is never resumed;
        the board's own choice, which says a damaged one, is
        :func:`wordboard.controller.session.unfinished_board_game`)."""
        for row in self.db.execute(_GAME_QUERY + " WHERE g.finished IS NULL GROUP BY g.id "
                                   "ORDER BY g.id DESC"):
            info = _info(row)
            if info.damaged is None:
                return info
        return None

    def events(self, game: int) -> list[Event]:
        """The game's events; :class:`JournalDamaged` (one line) if one of them does not read."""
        events: list[Event] = []
        for seq, type, data, at in self.db.execute(
                "SELECT seq, type, data, at FROM events WHERE game=? ORDER BY seq", (game,)):
            if seq != len(events):
                raise JournalDamaged(f"game {game} is damaged: event {len(events)} is missing")
            try:
                value = json.loads(data)
            except (TypeError, ValueError):
                value = None
            if not isinstance(value, dict):
                raise JournalDamaged(f"game {game} is damaged: event {seq} does not read as JSON")
            events.append(Event(seq, type, value, at))
        return events


class NotThisJournal(UserError):
    """A file that is not a journal this wordboard may write (not a journal, or a newer one);
    ``tag`` names it when the board sets it aside (``newer``, ``foreign``). The message says
    it is left as it is."""

    def __init__(self, what: str, tag: str):
        super().__init__(f"{what} (the file is left as it is)")
        self.what = what
        self.tag = tag


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
        if code & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
            return True
    text = str(exc)
    return "malformed" in text or "not a database" in text or "unsupported file format" in text


def _share_files(path: Path) -> None:
    """Make the journal and its -wal and -shm writable by whoever shares its folder through the
    group (the service and the owner's commands, each with umask 007): a file of ours gets the
    mode a new one would (an older version left them 0640, which the group could only read); a
    file of another user that we may not write, while no one has the journal open, is replaced by
    a copy of our own (the folder is the group's; SQLite cannot open it otherwise: "attempt to
    write a readonly database", and the service would fail at every start)."""
    from wordboard.paths import creation_mode

    wanted = creation_mode()
    for file in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        try:
            st = file.stat()
        except FileNotFoundError:
            continue
        if st.st_uid == os.geteuid():
            if st.st_mode & wanted != wanted:
                os.chmod(file, stat.S_IMODE(st.st_mode) | wanted)
            continue
        if os.access(file, os.W_OK) or not os.access(file.parent, os.W_OK | os.X_OK):
            continue
        if _in_use(path):
            raise UserError(f"the journal {file} is in use by another user (uid {st.st_uid}) and not "
                            f"writable by you (mode {stat.S_IMODE(st.st_mode):04o}): restart the service "
                            "once (sudo systemctl restart wordboard) so that it shares it with its group")
        copy = file.with_name(file.name + ".taking")
        copy.unlink(missing_ok=True)
        if file.name.endswith("-shm") and not os.access(file, os.R_OK):
            file.unlink()                 # SQLite builds the -shm again from the log
            continue
        _create(copy)
        with open(file, "rb") as source, open(copy, "wb") as target:
            shutil.copyfileobj(source, target)
            target.flush()
            os.fsync(target.fileno())
        os.replace(copy, file)
        log.warning("the journal's %s (uid %d, mode %04o) is now this user's, shared with the group",
                    file.name, st.st_uid, stat.S_IMODE(st.st_mode))


#: where SQLite's unix VFS locks the -shm file: every open connection holds a shared lock on this
#: byte (the "DMS" lock; sqlite3.c, UNIX_SHM_DMS)
_SHM_DMS_BYTE = 128


def _in_use(path: Path) -> bool:
    """Whether a connection (of any process) has the journal open in WAL mode."""
    import fcntl
    import struct

    try:
        fd = os.open(f"{path}-shm", os.O_RDONLY)
    except OSError:
        return False
    try:
        query = struct.pack("hhqqi", fcntl.F_WRLCK, os.SEEK_SET, _SHM_DMS_BYTE, 1, 0)
        answer = fcntl.fcntl(fd, fcntl.F_GETLK, query + bytes(8))
        held: int = struct.unpack("hhqqi", answer[:len(query)])[0]
        return held != fcntl.F_UNLCK
    except OSError:
        return True
    finally:
        os.close(fd)


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
               "json_type(e.data) = 'object' ELSE 0 END), MAX(e.seq) FROM games g "
               "LEFT JOIN events e ON e.game = g.id")


def _info(row: _Row) -> GameInfo:
    gid, kind, edition, players, seed, options, started, finished, result, n, events_ok, last = row
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
    if n and last != n - 1:
        bad.append("event numbering (one is missing)")
    damaged = f"its {' and '.join(bad)} no longer read{'s' if len(bad) == 1 else ''}" if bad else None
    if isinstance(result, dict) and isinstance(result.get(DAMAGE_KEY), str):
        damaged = result[DAMAGE_KEY]
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

