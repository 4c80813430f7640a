"""Start-up benchmark: how long `wordboard scan` and `wordboard run` take before they do their
work (prints figures; asserts nothing).

    .venv/bin/python bench/startup_bench.py [--repeat N]

Every figure is the median over N runs (default 5) of a fresh process, with warm caches (the
classifier and the word list compiled once before timing) and BLAS held to one thread:

- importing OpenCV and numpy alone, the floor every camera command stands on (``wordboard scan``'s
  time is also given as a multiple of it);
- ``wordboard --version``: the interpreter and the command line alone;
- the letter classifier loaded from its cache (in a fresh process: numpy, OpenCV and the
  classifier module imported, the cache read, everything it computes at load time), and the
  load alone, imports excluded, with one BLAS thread and with as many as the machine gives;
- ``wordboard scan`` of a rendered 15x15 board (no Tesseract): start-up and one full read;
- ``wordboard run --quick --max-moves 0`` on the digital twin: the session set up (word list,
  journal, simulated board) and closed, no move played.

Wall-clock seconds, so they depend on what else the machine is doing; a Raspberry Pi is several
times slower.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HOST = Path(__file__).resolve().parents[1] / "host"


def _env(extra: dict[str, str]) -> dict[str, str]:
    env = {**os.environ, **extra, "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    env["PYTHONPATH"] = str(HOST) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def _timed(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = _env({"WORDBOARD_DATA_DIR": os.path.join(tmp, "data"), "WORDBOARD_CONFIG_DIR": os.path.join(tmp, "config")})
        image = os.path.join(tmp, "board.png")
        setup = ("import cv2\n"
                 "from wordboard.camera.state import BoardState\n"
                 "from wordboard.camera.virtual import render_scene\n"
                 "from wordboard.camera.letters import load_classifier\n"
                 "state = BoardState.empty(15, 15)\n"
                 "for i, ch in enumerate('WORDBOARD'): state = state.with_square(7, 3 + i, ch)\n"
                 f"cv2.imwrite({image!r}, render_scene(state, seed=3).image)\n"
                 "load_classifier()\n")
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", setup], env=env, check=True)
        wb = [sys.executable, "-m", "wordboard"]
        subprocess.run(wb + ["lexicon", "info", "scowl:70"], env=env, check=True, stdout=subprocess.DEVNULL)
        print(f"warming the caches (classifier, word list, if not cached yet): {time.perf_counter() - started:.2f} s")
        cases = [
            ("import cv2 and numpy (the floor)", [sys.executable, "-c", "import cv2, numpy"]),
            ("wordboard --version", wb + ["--version"]),
            ("classifier from its cache (fresh process)",
             [sys.executable, "-c", "from wordboard.camera.letters import load_classifier; load_classifier()"]),
            ("wordboard scan (rendered 15x15, no Tesseract)", wb + ["scan", image, "--no-tesseract"]),
            ("wordboard run --quick --max-moves 0 (twin)",
             wb + ["run", "--hardware", "sim", "--quick", "--new", "--max-moves", "0", "--no-leds"]),
        ]
        medians = {}
        for name, argv in cases:
            times = [_timed(argv, env) for _ in range(args.repeat)]
            medians[name] = statistics.median(times)
            _print(name, times)
        floor = medians["import cv2 and numpy (the floor)"]
        scan = medians["wordboard scan (rendered 15x15, no Tesseract)"]
        print(f"wordboard scan / importing cv2 and numpy: {scan / floor:.1f}x")
        # The load alone (imports excluded), with BLAS held to one thread and as the machine sets it.
        load = ("import time\nfrom wordboard.camera.letters import load_classifier\n"
                "t = time.perf_counter(); load_classifier(); print(time.perf_counter() - t)")
        free = {k: v for k, v in env.items() if not k.endswith("_NUM_THREADS")}
        for name, run_env in (("classifier load alone, 1 BLAS thread", env), ("classifier load alone, default BLAS threads", free)):
            times = [float(subprocess.run([sys.executable, "-c", load], env=run_env, check=True, capture_output=True,
                                          text=True).stdout) for _ in range(args.repeat)]
            _print(name, times)


def _print(name: str, times: list[float]) -> None:
    print(f"{name:50s} median {statistics.median(times):6.2f} s   (min {min(times):.2f}, max {max(times):.2f})")


if __name__ == "__main__":
    main()
