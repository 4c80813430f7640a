"""The digital twin is deterministic: the same seed gives the same game (every journalled move and
decision, and the result), on a quiet computer or one whose cores are all busy, at any speed.

    .venv/bin/python bench/twin_determinism.py [--games hexx dexikon] [--seeds 11 12]
        [--modes quick full] [--load 3] [--loaded-speed inf]

Each game is played twice by ``wordboard run --new --game G [--quick] --seed S`` in a process of
its own: once at the command's own speed, then with ``--load`` busy-loop processes hogging the
cores (at ``--loaded-speed``, default the command's own speed too). It prints, per game, the
wall time of both runs, the moves journalled, whether the board made a move the scripted
players did not mean ("moves differ") and whether the two records are identical; it exits 1 if
any pair differs.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "host"))

GAMES = ("lexulous", "scrabble", "hexx", "extradiction", "dexikon")


def _busy(seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


@contextlib.contextmanager
def busy_load(processes: int, seconds: float = 3600.0):
    """``processes`` busy loops (multiprocessing), stopped on leaving (or after ``seconds``)."""
    procs = [multiprocessing.Process(target=_busy, args=(seconds,), daemon=True) for _ in range(processes)]
    for proc in procs:
        proc.start()
    try:
        yield
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.join()


def record(journal: Path):
    """Every journalled event (type and data, not the time) and the result of the one game."""
    from wordboard.journal import Journal

    with Journal(journal) as j:
        (info,) = j.games()
        return [(e.type, e.data) for e in j.events(info.id)], info.result


def play(folder: Path, name: str, game: str, quick: bool, seed: int, speed: str | None):
    journal = folder / f"{name}.sqlite3"
    args = [sys.executable, "-m", "wordboard", "run", "--new", "--game", game, "--seed", str(seed),
            "--no-leds", "--journal", str(journal)] + (["--quick"] if quick else []) \
        + (["--speed", speed] if speed else [])
    env = dict(os.environ, PYTHONPATH=str(REPO / "host"), WORDBOARD_DATA_DIR=str(folder / "data"))
    start = time.monotonic()
    proc = subprocess.run(args, capture_output=True, text=True, env=env, timeout=1800)
    wall = time.monotonic() - start
    differ = any(line.startswith("WARNING:") and "differ" in line for line in proc.stdout.splitlines())
    events, result = record(journal)
    return {"wall": wall, "code": proc.returncode, "differ": differ, "record": (events, result),
            "moves": sum(1 for kind, _ in events if kind == "move")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    parser.add_argument("--seeds", nargs="+", type=int, default=[11, 12])
    parser.add_argument("--modes", nargs="+", choices=("quick", "full"), default=["quick", "full"])
    parser.add_argument("--load", type=int, default=3, help="busy-loop processes for the loaded runs")
    parser.add_argument("--speed", default=None, help="--speed of the quiet runs (default: the command's)")
    parser.add_argument("--loaded-speed", default=None, help="--speed of the loaded runs (default: the command's)")
    args = parser.parse_args()
    same = True
    print(f"{'game':<13}{'mode':<6}{'seed':>5}{'moves':>7}{'quiet s':>9}{'loaded s':>10}"
          "  differ (quiet/loaded)  identical")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for game in args.games:
            for mode in args.modes:
                for seed in args.seeds:
                    quick = mode == "quick"
                    quiet = play(folder, f"{game}-{mode}-{seed}-quiet", game, quick, seed, args.speed)
                    with busy_load(args.load):
                        loaded = play(folder, f"{game}-{mode}-{seed}-loaded", game, quick, seed, args.loaded_speed)
                    identical = quiet["record"] == loaded["record"]
                    same &= identical and not quiet["differ"] and not loaded["differ"]
                    print(f"{game:<13}{mode:<6}{seed:>5}{quiet['moves']:>7}{quiet['wall']:>9.1f}{loaded['wall']:>10.1f}"
                          f"  {str(quiet['differ']):>6} / {str(loaded['differ']):<6}        {identical}", flush=True)
    print(f"load: {args.load} busy-loop processes on {os.cpu_count()} cores; speeds: quiet "
          f"{args.speed or 'default'}, loaded {args.loaded_speed or 'default'}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
