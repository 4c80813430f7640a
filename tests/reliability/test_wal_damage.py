"""A power cut with the newest events only in the journal's write-ahead log, and that log damaged
(a bad SD card, a torn write): SQLite silently drops every transaction after the damage; the
journal counts them before it opens, says so, and keeps the damaged log (issue 23)."""

from __future__ import annotations

import shutil
import sqlite3

from wordboard.journal import WAL_CHECKPOINT_PAGES, Journal
from wordboard.walcheck import check_wal


def power_cut_copy(journal: Journal, into):
    """The journal's files as a power cut leaves them (the connection never closed)."""
    into.mkdir()
    for suffix in ("", "-wal"):
        source = journal.path.with_name(journal.path.name + suffix)
        if source.exists():
            shutil.copy2(source, into / (journal.path.name + suffix))
    return into / journal.path.name


def journal_with_events(path, events: int) -> Journal:
    journal = Journal(path)
    game = journal.start_game("lexulous", "lexulous", ["Ada", "Blaise"], seed=1)
    for n in range(events):
        journal.append(game, "move", {"n": n, "word": "X" * 40})
    return journal


def test_an_intact_log_loses_nothing(tmp_path):
    journal = journal_with_events(tmp_path / "j.sqlite3", 5)
    copy = power_cut_copy(journal, tmp_path / "cut")
    check = check_wal(copy.with_name(copy.name + "-wal"))
    assert check.lost == 0 and check.usable >= 1
    reopened = Journal(copy)
    assert reopened.wal_report is None
    assert len(reopened.events(1)) == 5


def test_a_damaged_frame_loses_what_follows_and_says_how_much(tmp_path):
    journal = journal_with_events(tmp_path / "j.sqlite3", 6)
    copy = power_cut_copy(journal, tmp_path / "cut")
    wal = copy.with_name(copy.name + "-wal")
    before = check_wal(wal)
    data = bytearray(wal.read_bytes())
    page_size = int.from_bytes(data[8:12], "big")
    frames = (len(data) - 32) // (24 + page_size)
    middle = 32 + (frames // 2) * (24 + page_size) + 24 + 100      # inside a page, mid-log
    data[middle] ^= 0xFF
    wal.write_bytes(bytes(data))
    after = check_wal(wal)
    assert after.lost > 0 and after.usable + after.lost == before.usable
    reopened = Journal(copy)
    assert reopened.wal_report is not None
    assert f"its last {after.lost} change(s) cannot be read and are lost" in reopened.wal_report
    assert list(copy.parent.glob("*-wal.damaged-*"))              # the damaged log kept aside
    kept = len(reopened.events(1))
    assert kept < 6                                               # SQLite did drop them


def test_the_log_is_checkpointed_often(tmp_path):
    """However long the game, the log holds at most a few dozen pages: a damaged log costs a
    bounded number of events."""
    journal = journal_with_events(tmp_path / "j.sqlite3", 300)
    wal = journal.path.with_name(journal.path.name + "-wal")
    page_size = journal.db.execute("PRAGMA page_size").fetchone()[0]
    frames = (wal.stat().st_size - 32) // (24 + page_size)
    assert check_wal(wal).usable <= WAL_CHECKPOINT_PAGES
    assert frames <= 4 * WAL_CHECKPOINT_PAGES        # the file is reused from its start after a checkpoint


def test_a_log_that_is_not_one_is_not_a_crash(tmp_path):
    wal = tmp_path / "x-wal"
    wal.write_bytes(b"\0" * 100)
    assert check_wal(wal).problem is not None
    assert check_wal(tmp_path / "absent-wal") == check_wal(tmp_path / "absent-wal")
    sqlite3.connect(":memory:").close()
