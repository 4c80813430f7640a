"""Kill and resume every game: each game is stopped at random points (as a power cut would) and
resumed from its journal; the figures say how many resumed games went on exactly as the same game
played in one go.

    .venv/bin/python bench/resume_bench.py [--seeds N] [--stops K]

Prints a line per game and a total: games, stops (kills), games resumed identical. Uses the
direct twin (fast), untidy players; the tiles' RFID tag ids are left out of the comparison (a
resumed twin lays fresh tiles for the ones already played; a Dexikon card keeps its one tag).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.controller.test_resume_identical import play  # noqa: E402
from wordboard import registry  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5, help="games per game family (default 5)")
    parser.add_argument("--stops", type=int, default=2, help="stops per game (default 2)")
    args = parser.parse_args()
    total_games = total_stops = total_same = 0
    for family in registry.families():
        game = next(iter(family.editions))
        same = stops_made = 0
        started = time.monotonic()
        for seed in range(1, args.seeds + 1):
            rng = random.Random(f"{game}:{seed}")
            stops, at = [], 0
            for _ in range(args.stops):
                at += rng.randint(1, 4)
                stops.append(at)
            with tempfile.TemporaryDirectory() as folder:
                whole = play(game, seed, Path(folder) / "whole.sqlite3")
                resumed = play(game, seed, Path(folder) / "resumed.sqlite3", tuple(stops))
            same += resumed == whole
            stops_made += len(stops)
        print(f"{game:13} {args.seeds} games, {stops_made} kills, {same}/{args.seeds} resumed identical "
              f"({time.monotonic() - started:.0f} s)", flush=True)
        total_games += args.seeds
        total_stops += stops_made
        total_same += same
    print(f"all: {total_games} games, {total_stops} kills, {total_same}/{total_games} resumed identical")
    return 0 if total_same == total_games else 1


if __name__ == "__main__":
    sys.exit(main())
