"""Camera-only play on the twin: the same seeds played with the simulated sensor board and with
the virtual camera alone (no sensor board), and how many games have the same record move for
move and score for score.

    .venv/bin/python bench/camera_only_bench.py [--seeds N] [--first S] [--game lexulous|scrabble|hexx|dexikon] [--noise]
                                                [--camera-elevation DEG]

Prints a line per seed (moves, the moves that differ, seconds) and the total; a game's record is
its journalled moves and its final scores (any game). The tidy players
are used. ``--noise``: the camera's run sees the players' hands (the sensor board's run, the
reference, stays clean): the hand that lays a tile stays over the board a while
(0.3-1.5 s, one time in ten 3-8 s leaning over it), so presses come while the view is blocked;
now and then a hand passes over the board and someone leans over it (a shadow for 6-30 frames),
the room's light changes slowly (+-12%), and once in the game the camera is knocked (by the hand
laying one of the 8th to the 39th tiles: the board moves by up to 3% of its side in the picture,
and the calibration is wrong from then on). With or without ``--noise`` the board's LEDs shine in
the camera's picture as the game lights them (empty squares glow in their LED's colour, a tile
shows a ring of light round it), and the camera is told where they change.
``--camera-elevation``: the camera's run sees the table from that many degrees above it, at the
board's edge, in 3D (tiles with their thickness, a webcam's lens; see ``wordboard run
--camera-elevation``); without it, from straight above, the board drawn flat.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "host"))

from wordboard.controller.session import SessionConfig, open_session  # noqa: E402


def record(game: str, seed: int, sensing: str, folder: Path, noise: bool = False,
           elevation: float | None = None) -> tuple[list, object, bool]:
    """The game's record (its journalled moves and the final scores), the camera's frames with a
    hand in them, and whether it ended."""
    config = SessionConfig(game=game, hardware="sim", sensing=sensing, journal=folder / f"{sensing}.sqlite3",
                           seed=seed, show_leds=False, habits="tidy", speed=float("inf"), out=lambda s: None,
                           noise=noise, camera_elevation=elevation)
    with open_session(config) as s:
        s.wait_ready()
        try:
            s.run(max_seconds=900)
        except Exception as exc:  # noqa: BLE001 - a stalled game is a figure, not the end of the run
            print(f"  {sensing}: {type(exc).__name__}: {exc}", flush=True)
        hands = f"{getattr(s.camera_source, 'hand_frames', 0)} frames with a hand"
        if getattr(s.camera_source, "knocks", 0):
            hands += ", the camera knocked"
        lights = getattr(getattr(s.sensor, "eyes", None), "lights", None)
        if lights is not None:
            hands += f", the LEDs' light changed {lights.changes} times"
        # any game: the moves as journalled (decisions such as corrections left out), then the outcome
        moves = [e.data for e in s.journal.events(s.jgame.id) if e.type == "move"]
        outcome = s.adapter.game.outcome() if s.adapter.over else None
        return moves + [dict(outcome.scores) if outcome else None], hands, bool(s.adapter.over)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--game", default="lexulous")
    parser.add_argument("--noise", action="store_true", help="the hazards of a real table (see above)")
    parser.add_argument("--camera-elevation", type=float, default=None,
                        help="the camera's run seen from this many degrees above the table (30-90)")
    args = parser.parse_args()
    same = ended = 0
    for seed in range(args.first, args.first + args.seeds):
        started = time.monotonic()
        with tempfile.TemporaryDirectory() as folder:
            sensor, _, _ = record(args.game, seed, "sensor", Path(folder))   # the game as the players meant it
            camera, hands, over = record(args.game, seed, "camera", Path(folder), args.noise,
                                         args.camera_elevation)
        differ = sum(1 for a, b in zip(sensor, camera) if a != b) + abs(len(sensor) - len(camera))
        same += differ == 0
        ended += over
        print(f"seed {seed}: {len(sensor) - 1} moves with the sensor board, {len(camera) - 1} with the camera alone "
              f"({'ended' if over else 'NOT ended'}; {hands}), {differ} differ "
              f"({time.monotonic() - started:.0f} s)", flush=True)
    view = f" --camera-elevation {args.camera_elevation:g}" if args.camera_elevation is not None else ""
    print(f"{args.game}{' --noise' if args.noise else ''}{view}: {same}/{args.seeds} camera-only games identical to the "
          f"sensor board's, {ended}/{args.seeds} played to the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
