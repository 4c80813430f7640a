"""Issue 23, the journal: a newer schema is refused in one line; the PIN and the camera calibration
are replaced through the project's flushed, atomic write (``wordboard.paths.write_atomically``)."""

from __future__ import annotations

import sqlite3
import stat

import pytest

from wordboard import paths
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
