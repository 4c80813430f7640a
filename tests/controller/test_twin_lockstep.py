"""The digital twin runs on one simulated time: the firmware, the pty, the real serial link, the
controller and the scripted players move in lockstep, so a game played with a given seed is the
same game at any speed and however busy the computer is (other processes hogging every core)."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys

import pytest

from wordboard.controller.clocks import TwinClock
from wordboard.controller.session import SessionConfig, open_session
from wordboard.journal import Journal

BUSY = "import time\nend = time.monotonic() + 120\nwhile time.monotonic() < end:\n    pass\n"


@contextlib.contextmanager
def busy_load(processes: int = 3):
    """Busy-loop processes hogging the cores (each gives up after two minutes by itself)."""
    procs = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(processes)]
    try:
        yield
    finally:
        for proc in procs:
            proc.kill()
        for proc in procs:
            proc.wait(timeout=10)


def play(tmp_path, name: str, *, game: str, seed: int, speed: float, max_moves: int | None = None, **kw):
    """A twin game (a whole one, or its first ``max_moves`` moves and decisions); returns its
    record (every journal event, the result) and the moves the board made that the players did
    not mean."""
    journal = tmp_path / f"{name}.sqlite3"
    config = SessionConfig(game=game, hardware="sim", journal=journal, seed=seed, speed=speed,
                           show_leds=False, out=lambda s: None, **kw)
    with open_session(config) as s:
        s.wait_ready()
        s.run(max_seconds=120, max_moves=max_moves)
        assert s.adapter.over or s.controller.stats.moves == max_moves, "the game did not get there"
        mismatches = list(s.players.mismatches)
    with Journal(journal) as j:
        (info,) = j.games()
        record = [(e.type, e.data) for e in j.events(info.id)], info.result
    return record, mismatches


def test_a_twin_game_is_the_same_game_at_any_speed_and_under_any_load(tmp_path):
    """HEXX seed 12 as ``wordboard run --game hexx --quick`` plays it (it used to report moves
    the players did not mean when the computer was busy), its first 16 moves and decisions:
    paced at x40, then as fast as it goes with every core hogged."""
    quick = dict(game="hexx", seed=12, camera="none", habits="tidy", max_moves=16)
    paced, meant = play(tmp_path, "paced", speed=40, **quick)
    with busy_load(max(2, os.cpu_count() or 2)):
        loaded, meant_loaded = play(tmp_path, "loaded", speed=0, **quick)
    assert meant == [] and meant_loaded == []
    assert len([e for e in paced[0] if e[0] == "move"]) >= 10
    assert loaded == paced


def test_the_twin_clock_caps_the_pace_and_never_races_to_catch_up():
    """A fake wall clock: the twin's clock sleeps when it runs ahead of wall x speed; after the
    computer was busy it runs unpaced for at most MAX_LAG wall seconds' worth, then keeps pace."""
    wall = [0.0]

    def sleep(seconds):
        wall[0] += seconds

    class Part:
        reached: list = []

        def advance_to(self, seconds):
            self.reached.append(seconds)

    clock = TwinClock(10.0, wall=lambda: wall[0], sleep=sleep)
    clock.parts.append(Part())
    for _ in range(4):
        clock.advance(0.5)
    assert clock() == 2.0 and Part.reached == [0.5, 1.0, 1.5, 2.0]   # the parts first, then the time
    assert wall[0] == pytest.approx(0.15)      # x10: 1.5 game seconds after the first step
    wall[0] += 5.0                             # the computer was busy for 5 s
    for _ in range(10):
        clock.advance(0.5)
    # the first step after the stall starts the pace again MAX_LAG behind: the 5 s are not made up
    assert wall[0] == pytest.approx(5.15 - TwinClock.MAX_LAG + (7.0 - 2.5) / 10)
    clock.speed = 0                            # unpaced: no sleeping at all
    before = wall[0]
    for _ in range(10):
        clock.advance(1.0)
    assert wall[0] == before and clock() == 17.0
