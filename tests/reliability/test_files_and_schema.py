"""Issue 23, the journal: a newer schema is refused in one line; the PIN and the camera calibration
are replaced through the project's flushed, atomic write (``wordboard.paths.write_atomically``)."""

from __future__ import annotations

import sqlite3
import stat

import pytest

from wordboard import cli, paths
from wordboard.errors import UserError
from wordboard.journal import SCHEMA_VERSION, Journal
from wordboard.screen import pin


def test_a_newer_journal_is_refused_and_left_as_it_is(tmp_path):
    path = tmp_path / "journal.sqlite"
    Journal(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    with pytest.raises(UserError) as caught:
        Journal(path)
    message = str(caught.value)
    assert "\n" not in message and "newer" in message
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
    db.close()


def test_the_current_journal_opens_again(tmp_path):
    path = tmp_path / "journal.sqlite"
    Journal(path).close()
    Journal(path).close()


def _record_writes(monkeypatch):
    written = []
    real = paths.write_atomically

    def spy(path, *chunks, **options):
        written.append(path)
        return real(path, *chunks, **options)

    return written, spy


def test_the_pin_is_written_atomically_and_private(tmp_path, monkeypatch):
    written, spy = _record_writes(monkeypatch)
    monkeypatch.setattr(pin, "write_atomically", spy)
    target = tmp_path / "screen-pin.json"
    pin.set_pin("4711", target)
    assert written == [target]
    assert stat.S_IMODE(target.stat().st_mode) & 0o077 == 0
    assert not list(tmp_path.glob("*.tmp"))


def test_the_calibration_is_written_atomically(tmp_path, monkeypatch):
    calibration = pytest.importorskip("wordboard.camera.calibration")
    written, spy = _record_writes(monkeypatch)
    monkeypatch.setattr(calibration, "write_atomically", spy)
    from wordboard.camera.geometry import GridCorners

    corners = GridCorners.from_array([[10, 10], [190, 12], [188, 140], [12, 138]])
    saved = calibration.CameraCalibration(corners, 15, 15, (200, 150), "given", "Scrabble")
    path = calibration.save_calibration(saved, tmp_path)
    assert written == [path]
    assert calibration.load_calibration(tmp_path) == saved
    assert not list(tmp_path.glob("*.tmp"))


# -- issue 40: a file that is not a journal, an older layout ---------------------------------------

def _files(folder):
    return sorted((p.name, p.read_bytes()) for p in folder.iterdir())


@pytest.mark.parametrize("action", [["list"], ["show", "1"], ["export", "1"], ["resume"]])
def test_a_file_that_is_not_a_journal_is_refused_and_left_as_it_is(tmp_path, capsys, action):
    record = tmp_path / "game.gcg"
    record.write_text("#character-encoding UTF-8\n#player1 Ann Ann\n>Ann: AEINRST H8 RETAINS +74 74\n")
    other = tmp_path / "photos.sqlite3"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE photos (name TEXT)")
    db.execute("INSERT INTO photos VALUES ('board.jpg')")
    db.commit()
    db.close()
    empty = tmp_path / "notes.txt"         # (issue 40: a journal was written into an empty file)
    empty.write_bytes(b"")
    before = _files(tmp_path)
    for path in (record, other, empty, tmp_path / "missing.sqlite3"):
        assert cli.main(["games", "--journal", str(path), *action]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and ("not a wordboard journal" in err or "no journal" in err), err
    assert _files(tmp_path) == before      # nothing renamed, nothing written beside them


def _old_layout_journal(path):
    """A journal of the layout before games had options (written the way it was then)."""
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE games (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, edition TEXT NOT NULL,
            players TEXT NOT NULL, seed INTEGER, started REAL NOT NULL, finished REAL, result TEXT);
        CREATE TABLE events (game INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
            type TEXT NOT NULL CHECK (type IN ('move', 'decision')), data TEXT NOT NULL, at REAL NOT NULL,
            PRIMARY KEY (game, seq));
        PRAGMA user_version=1;
    """)
    db.execute("INSERT INTO games (kind, edition, players, seed, started) VALUES "
               "('lexulous', 'lexulous', '[\"Ann\", \"Ben\"]', 1, 1700000000.0)")
    db.commit()
    db.close()


@pytest.mark.parametrize("action", [["list"], ["show", "1"], ["export", "1", "--format", "json"], ["resume"]])
def test_an_older_table_layout_reads_without_a_traceback(tmp_path, capsys, action):
    path = tmp_path / "journal.sqlite3"
    _old_layout_journal(path)
    assert cli.main(["games", "--journal", str(path), *action]) == 0, capsys.readouterr().err
    with Journal(path) as journal:
        assert journal.game(1).options == {}
        assert journal.game(1).players == ("Ann", "Ben")


def test_an_older_layout_is_salvaged_too(tmp_path):
    path = tmp_path / "journal.sqlite3"
    _old_layout_journal(path)
    with open(path, "r+b") as f:
        f.write(bytes(100))
    with Journal(path) as journal:
        assert [(g.id, g.players, g.options) for g in journal.games()] == [(1, ("Ann", "Ben"), {})]
