"""The board controller's figures: latency from a settled sensor event to the LED frame written,
CPU at idle and in play, and the resident memory of ``wordboard run``.

    .venv/bin/python bench/controller_bench.py [--quick]

Runs on the digital twin (the sensor board's firmware on a simulated grid over a pseudo-terminal,
the real serial link, the simulated LED strip on adafruit_pixelbuf), so the simulator's own CPU
is counted in "the controller's process" here; on the Pi the sensor board does that work.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "host"))


def percentile(values, p):
    values = sorted(values)
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def cpu_seconds() -> float:
    t = os.times()
    return t.user + t.system


def in_process(folder: Path, quick: bool) -> None:
    from wordboard.controller.session import Session, SessionConfig

    config = SessionConfig(hardware="sim", camera="none", journal=folder / "bench.sqlite3", seed=7,
                           speed=8.0 if not quick else 20.0, show_leds=False, out=lambda s: None)
    with Session(config) as s:
        s.wait_ready()
        # idle: the board waits for the first player (the scripted players are not stepped); the
        # twin's time runs at real time, the simulated sensor board along with it
        s.controller.start()
        idle = 3.0 if quick else 6.0
        s.clock.speed = 1.0
        c0, w0 = cpu_seconds(), time.monotonic()
        while time.monotonic() - w0 < idle:
            s.controller.step(0.0)
            s.clock.advance(0.05)
        idle_cpu = (cpu_seconds() - c0) / (time.monotonic() - w0)
        # in play: a whole game
        s.clock.speed = config.speed
        c0, w0 = cpu_seconds(), time.monotonic()
        s.run(max_seconds=120)
        wall = time.monotonic() - w0
        play_cpu = (cpu_seconds() - c0) / wall
        lat = [x * 1000 for x in s.controller.stats.latencies]
        stats = s.controller.stats
    print(f"game: {stats.moves} moves, {stats.sensor_events} sensor events, {stats.frames} LED frames, "
          f"{wall:.1f} s wall at speed x{config.speed:g}")
    print(f"latency, settled sensor event received -> LED frame written: median {percentile(lat, 50):.2f} ms, "
          f"p95 {percentile(lat, 95):.2f} ms, max {max(lat):.2f} ms ({len(lat)} samples)")
    print(f"CPU at idle (controller + simulated sensor board, 50 ms ticks of the twin's time at real time): "
          f"{idle_cpu * 100:.1f} % of one core")
    print(f"CPU in play (speed x{config.speed:g}, simulator included): {play_cpu * 100:.1f} % of one core")


def peak_rss(folder: Path, args: list[str], label: str) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO / "host"), WORDBOARD_DATA_DIR=str(folder / label))
    start = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "wordboard", "run", "--no-leds", *args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    peak = 0
    while proc.poll() is None:
        try:
            for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peak = max(peak, int(line.split()[1]))
        except OSError:
            pass
        time.sleep(0.2)
    print(f"resident memory of `wordboard run {' '.join(args)}`: peak {peak / 1024:.0f} MB "
          f"(exit {proc.returncode}, {time.monotonic() - start:.0f} s)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs; no camera memory figure")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        in_process(folder, args.quick)
        peak_rss(folder, ["--quick", "--speed", "40"], "quick")
        if not args.quick:
            peak_rss(folder, ["--speed", "30", "--max-moves", "6"], "camera")
    print("target: resident memory under 150 MB (a Pi Zero 2 W has 512 MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
