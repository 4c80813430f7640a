"""The watchdog on a cold first start: the longest time `wordboard run` sends systemd nothing
(prints figures; asserts nothing).

    .venv/bin/python bench/watchdog_gap_bench.py [--moves N] [--sensing camera|sensor] [--seed S]

It plays as systemd does with ``Type=notify`` and ``WatchdogSec=30``: a Unix datagram socket as
``$NOTIFY_SOCKET``, ``$WATCHDOG_USEC`` set, and notes when each ``READY=1``, ``WATCHDOG=1`` and
``STATUS=`` arrives. The caches are cold (a fresh cache folder: the word graph compiled, the
camera's classifier trained, as on the Pi's first start). The board is the digital twin (there is
no Pi here); what runs between the start and the controller's loop is the board's own code.
Wall-clock seconds on this machine: a Raspberry Pi is several times slower, so the gap to compare
with the 30 s timeout is the one printed times 3 to 5.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HOST = Path(__file__).resolve().parents[1] / "host"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2)
    parser.add_argument("--sensing", default="camera", choices=("camera", "sensor"))
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        address = os.path.join(tmp, "notify")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        sock.bind(address)
        sock.settimeout(0.2)
        heard: list[tuple[float, str]] = []
        done = threading.Event()

        def listen() -> None:
            while not done.is_set():
                try:
                    data = sock.recv(4096)
                except TimeoutError:
                    continue
                heard.append((time.monotonic(), data.decode("utf-8", "replace")))

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        env = {**os.environ, "NOTIFY_SOCKET": address, "WATCHDOG_USEC": "30000000",
               "WORDBOARD_CACHE_DIR": os.path.join(tmp, "cache"), "WORDBOARD_DATA_DIR": os.path.join(tmp, "data"),
               "WORDBOARD_CONFIG_DIR": os.path.join(tmp, "config"), "WORDBOARD_FOLDERS": "none"}
        env["PYTHONPATH"] = str(HOST) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        argv = [sys.executable, "-m", "wordboard", "run", "--hardware", "sim", "--new", "--quick",
                "--sensing", args.sensing, "--seed", str(args.seed), "--max-moves", str(args.moves), "--no-leds"]
        started = time.monotonic()
        proc = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        # the WATCHDOG_PID check: the child is the watched process
        output, _ = proc.communicate()
        ended = time.monotonic()
        done.set()
        listener.join()
    times = [started] + [t for t, _ in heard] + [ended]
    gaps = [b - a for a, b in zip(times, times[1:])]
    worst = max(range(len(gaps)), key=gaps.__getitem__)
    kinds: dict[str, int] = {}
    for _, message in heard:
        for line in message.splitlines():
            key = line.split("=", 1)[0]
            kinds[key] = kinds.get(key, 0) + 1
    print(f"wordboard run --sensing {args.sensing} --max-moves {args.moves}, cold caches: exit {proc.returncode}, "
          f"{ended - started:.1f} s")
    print(f"messages to systemd: {', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))}")
    before = "the start" if worst == 0 else heard[worst - 1][1].splitlines()[0]
    after = "the end" if worst == len(heard) else heard[worst][1].splitlines()[0]
    print(f"longest time with nothing sent: {gaps[worst]:.1f} s (between {before} and {after}); "
          f"WatchdogSec=30: the controller's loop feeds it every 15 s and, until the loop runs, the "
          f"start's keep-alive thread every 10 s; a longer gap is a step that held them up (3-5 times "
          f"longer on a Pi)")
    if proc.returncode:
        print(output[-2000:])


if __name__ == "__main__":
    main()
