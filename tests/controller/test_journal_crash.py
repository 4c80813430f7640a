"""SIGKILL a process at random moments while it appends hundreds of moves: every committed
move survives, none is duplicated, and every game resumes exactly."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.controller.journal_child import next_move
from wordboard.crossword import Game
from wordboard.editions import load_edition
from wordboard.journal import Journal, codec_for, rebuild

CHILD = Path(__file__).with_name("journal_child.py")
REPO = Path(__file__).resolve().parents[2]
TARGET = 300


def run_child(db, target, kill_after=None, rng=None):
    """Run the child; with ``kill_after`` = N, SIGKILL it a random instant (0-3 ms) after it
    reports its N-th committed move, so the kill lands anywhere in the next move's work."""
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, str(CHILD), str(db), str(target)], stdout=subprocess.PIPE,
                            text=True, env=env)
    committed = []
    for line in proc.stdout:
        line = line.strip()
        if line == "done":
            break
        game, seq = map(int, line.split())
        committed.append((game, seq))
        if kill_after is not None and len(committed) >= kill_after:
            time.sleep(rng.uniform(0, 0.003))
            proc.send_signal(signal.SIGKILL)
            break
    proc.wait(timeout=30)
    proc.stdout.close()
    return proc.returncode, committed


def test_sigkill_at_random_moments(tmp_path):
    rng = random.Random(20240917)
    db = tmp_path / "journal.sqlite3"
    reported = []
    kills = 0
    for _ in range(12):
        code, committed = run_child(db, TARGET, kill_after=rng.randint(5, 22), rng=rng)
        reported += committed
        kills += code == -signal.SIGKILL
    code, committed = run_child(db, TARGET)
    reported += committed
    assert code == 0
    assert kills == 12

    with Journal(db) as journal:
        games = journal.games()
        stored = {(g.id, e.seq) for g in games for e in journal.events(g.id)}
        assert sum(g.events for g in games) == TARGET
        # every move a child reported as committed is in the journal, and was reported once
        assert set(reported) <= stored
        assert len(reported) == len(set(reported))
        for info in games:
            events = journal.events(info.id)
            assert [e.seq for e in events] == list(range(len(events)))  # no gaps, no duplicates
            # the journal holds exactly the game a single uninterrupted run would play
            reference = Game(load_edition("lexulous"), ["Ann", "Ben"], seed=info.seed)
            for event in events:
                move = next_move(reference)
                assert event.data == codec_for("lexulous").encode_move(move)
                reference.push(move)
            _, resumed = rebuild(journal, info.id)
            assert resumed.board.rows_text() == reference.board.rows_text()
            assert resumed.scores == reference.scores
            assert [resumed.rack(i) for i in range(2)] == [reference.rack(i) for i in range(2)]
            assert resumed.bag_count == reference.bag_count
            assert (info.finished is not None) == reference.is_over
