"""Issue 40: a damaged journal is salvaged in bounded time whatever its bytes. Random damage at
random offsets (random bytes, zeros, truncation, bit flips, a page copied over another, which
makes b-trees walk in circles, a zeroed header), each copy opened as the board and the commands
open it in a worker process; a copy that does not come back within :data:`CASE_BOUND` seconds is
a hang (a hang detector, not a measure of speed: the copies take well under a second), whether
in Python or in SQLite's C code. Also the damage of the issue: 3,000 random bytes at offset
6,000 of a 24 KB journal, which hung 11 of 20 copies in the old rowid probe."""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import sys
from pathlib import Path

import pytest

from tests.reliability.journal_damage import make_journal
from wordboard.journal import Journal, backup_paths

ROOT = Path(__file__).resolve().parents[2]
CASE_BOUND = 60.0
FUZZ_CASES = [str(seed) for seed in range(40)]
ISSUE_CASES = [f"issue:{seed}" for seed in range(20)]


def run_cases(pristine: Path, folder: Path, cases: list[str]) -> list[dict]:
    """Each case's line from the worker; fails naming the case that did not end in time."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "host")])}
    worker = subprocess.Popen([sys.executable, "-m", "tests.reliability.journal_fuzz_worker", str(pristine),
                               str(folder), *cases], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    results = []
    try:
        assert worker.stdout is not None
        selector = selectors.DefaultSelector()
        selector.register(worker.stdout, selectors.EVENT_READ)
        for case in cases:
            if not selector.select(timeout=CASE_BOUND):
                pytest.fail(f"the damaged journal of case {case} did not open within {CASE_BOUND:.0f} s (a hang)")
            line = worker.stdout.readline()
            assert line, f"the worker stopped at case {case}: {worker.stderr.read() if worker.stderr else ''}"
            results.append(json.loads(line))
    finally:
        worker.kill()
        worker.wait()
    return results


@pytest.fixture(scope="module")
def pristine(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("fuzz-pristine") / "journal.sqlite3"
    make_journal(path, games=3, moves=25)
    return path


def test_random_damage_is_salvaged_in_bounded_time(pristine, tmp_path):
    results = run_cases(pristine, tmp_path, FUZZ_CASES)
    assert [r["traceback"] for r in results if r["traceback"]] == []
    assert len(results) == len(FUZZ_CASES)


def test_the_issues_damage_ends_and_backups_keep_the_games(pristine, tmp_path):
    with Journal(pristine) as journal:
        written = len(journal.games())
    assert pristine.stat().st_size == 24576
    results = run_cases(pristine, tmp_path, ISSUE_CASES)
    assert [r["traceback"] for r in results if r["traceback"]] == []
    # the games' rows are on the damaged page: what a backup holds comes back
    assert all(r["games"] == written for r in results if r["backups"]), results


def test_backups_rotate_and_a_zeroed_header_loses_no_game(tmp_path):
    path = tmp_path / "journal.sqlite3"
    make_journal(path, games=4, moves=6)
    copies = backup_paths(path)
    assert all(copy.exists() for copy in copies)
    assert not path.with_name(path.name + ".backup-4").exists()
    with open(path, "r+b") as f:
        f.write(bytes(100))
    with Journal(path) as journal:
        assert journal.salvage_report and "backup" in journal.salvage_report
        assert len(journal.games()) == 4
