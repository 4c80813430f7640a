"""Camera-only play on the twin: the same seeds played with the simulated sensor board and with
the virtual camera alone (no sensor board), and how many games have the same record move for
move and score for score.

    .venv/bin/python bench/camera_only_bench.py [--seeds N] [--game lexulous|scrabble|hexx|dexikon]

Prints a line per seed (moves, the moves that differ, seconds) and the total. The tidy players
are used: the hazards of a real table in front of the camera (hands, shadows, a knocked camera)
are not yet part of this run.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "host"))

from wordboard.controller.session import SessionConfig, open_session  # noqa: E402


def record(game: str, seed: int, sensing: str, folder: Path) -> list:
    config = SessionConfig(game=game, hardware="sim", sensing=sensing, journal=folder / f"{sensing}.sqlite3",
                           seed=seed, show_leds=False, habits="tidy", speed=float("inf"), out=lambda s: None)
    with open_session(config) as s:
        s.wait_ready()
        s.run(max_seconds=900)
        return [(t.player, str(t.move), t.score) for t in s.adapter.game.history]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--game", default="lexulous")
    args = parser.parse_args()
    same = 0
    for seed in range(1, args.seeds + 1):
        started = time.monotonic()
        with tempfile.TemporaryDirectory() as folder:
            sensor = record(args.game, seed, "sensor", Path(folder))
            camera = record(args.game, seed, "camera", Path(folder))
        differ = sum(1 for a, b in zip(sensor, camera) if a != b) + abs(len(sensor) - len(camera))
        same += differ == 0
        print(f"seed {seed}: {len(sensor)} moves with the sensor board, {len(camera)} with the camera alone, "
              f"{differ} differ ({time.monotonic() - started:.0f} s)", flush=True)
    print(f"{args.game}: {same}/{args.seeds} camera-only games identical to the sensor board's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
