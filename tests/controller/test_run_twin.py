"""`wordboard run` on the digital twin: the sensor board's firmware over a pseudo-terminal to the
real serial link, scripted players, the journal. A whole quick game; a noisy evening with zero
phantom and zero missed moves; SIGKILL at random moments across well over a hundred moves."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from wordboard.cli import main
from wordboard.controller.session import Session, SessionConfig
from wordboard.journal import Journal, rebuild

REPO = Path(__file__).resolve().parents[2]
COMMIT_LINE = re.compile(r"^\S+ (plays .* for -?\d+ \(total -?\d+\)|passes|swaps \d+ tiles)$")


def test_run_quick_plays_a_whole_game_and_shows_board_leds_and_scores(tmp_path, capsys):
    code = main(["run", "--quick", "--seed", "7", "--journal", str(tmp_path / "j.sqlite3"), "--speed", "inf"])
    out = capsys.readouterr().out
    assert code == 0
    assert "new game 1: lexulous" in out and "game over" in out
    assert "LEDs:" in out and "scores: " in out
    with Journal(tmp_path / "j.sqlite3") as journal:
        info = journal.game(1)
        assert info.finished is not None
        moves = [e for e in journal.events(1) if e.type == "move"]
        assert len(moves) == sum(1 for line in out.splitlines() if COMMIT_LINE.match(line))


def test_run_refuses_what_it_cannot_do(tmp_path, capsys):
    assert main(["run", "--resume", "--journal", str(tmp_path / "j.sqlite3")]) == 2
    assert "no unfinished game" in capsys.readouterr().err


def test_a_noisy_evening_has_no_phantom_and_no_missed_move(tmp_path):
    """Flickering tags, crosstalk between coils, a wire that corrupts, drops and repeats frames,
    and untidy players (slides, second thoughts, knocks, bumps, refused plays). The twin runs in
    lockstep (its speed, here as fast as it goes, changes nothing but the wall time)."""
    from wordboard.controller.twin import Habits

    config = SessionConfig(hardware="sim", camera="none", journal=tmp_path / "j.sqlite3", seed=13, speed=0,
                           noise=True, show_leds=False, out=lambda s: None)
    with Session(config) as s:
        s.wait_ready()
        s.players.habits = Habits(slide=0.25, second_thoughts=0.15, knock=0.2, bump=0.3, mistake=0.15)
        s.run(max_seconds=150)
        assert s.adapter.over, "the game did not finish"
        assert s.players.mismatches == []                              # zero phantom moves
        assert s.players.as_meant == s.controller.stats.moves > 15      # zero missed moves
        counters = s.sensor.counters
        assert counters.corrupted + counters.gaps + counters.duplicates > 0   # the wire was noisy


HARD_LIMIT = 120.0  # seconds a child run may take at most


def _child(db: Path, seed: int, kill_after: float | None):
    env = dict(os.environ, PYTHONPATH=str(REPO / "host") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "wordboard", "run", "--hardware", "sim", "--quick",
                             "--speed", "80", "--no-leds", "--seed", str(seed), "--journal", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    lines = []
    deadline = None    # ``kill_after`` seconds once the board is up (start-up time varies with load)
    killed = False
    # A child that stops printing must not hang the test: kill it at a hard limit (the test then
    # fails on what it printed, or on the twin's own stall report).
    watchdog = threading.Timer(HARD_LIMIT, proc.kill)
    watchdog.start()
    for line in proc.stdout:
        lines.append(line.rstrip("\n"))
        if deadline is None and kill_after is not None and lines[-1].startswith("wordboard run:"):
            deadline = time.monotonic() + kill_after
        if deadline is not None and time.monotonic() >= deadline and lines[-1].startswith("scores:"):
            proc.send_signal(signal.SIGKILL)
            killed = True
            break
    if not killed and deadline is not None and proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
        killed = True
    proc.wait(timeout=30)
    watchdog.cancel()
    proc.stdout.close()
    return killed, lines


def _journal_moves(db: Path) -> list[tuple[int, int]]:
    with Journal(db) as journal:
        return [(g.id, e.seq) for g in journal.games() for e in journal.events(g.id) if e.type == "move"]


def test_sigkill_at_random_moments_loses_and_repeats_nothing(tmp_path):
    rng = random.Random(99)
    db = tmp_path / "j.sqlite3"
    kills = 0
    started = time.monotonic()
    # Until well over a hundred moves are in (a wall-clock cap only against a hang: a loaded
    # machine makes each child slower, not the test wrong).
    while len(_journal_moves(db) if db.exists() else []) < 110 and time.monotonic() - started < 400:
        before = _journal_moves(db) if db.exists() else []
        # kill right after a move was shown, or at a random moment
        killed, lines = _child(db, 3, rng.uniform(0.2, 1.5))
        kills += killed
        after = _journal_moves(db)
        shown = [line for line in lines if COMMIT_LINE.match(line)]
        added = len(after) - len(before)
        assert after[:len(before)] == before                 # nothing committed was lost
        assert len(shown) <= added <= len(shown) + 1          # shown => journalled (journal first)
        if before and any(line.startswith("resuming game") for line in lines):
            game = int(re.search(r"resuming game (\d+)", lines[0]).group(1))
            assert game == before[-1][0] or game > before[-1][0]
    assert kills >= 5
    moves = _journal_moves(db)
    assert len(moves) >= 100
    with Journal(db) as journal:
        for info in journal.games():
            events = journal.events(info.id)
            assert [e.seq for e in events] == list(range(len(events)))   # no gap, no duplicate
            _, game = rebuild(journal, info.id)                            # every game replays
            assert (info.finished is not None) == game.is_over
