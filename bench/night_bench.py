"""Game night at scale: twenty twin boards (each its own process, as at a real night each is its own
Pi) play a round against one real Mosquitto; the organiser's collector and live page run here,
and a WebSocket client watches the page the way a browser does.

Prints: whether every move of every game reached the organiser (counted against the boards'
journals: published, received, lost, duplicated), the latency from a move's commit in a board's
journal to the organiser's record and to the live page (p50, p99, max), and the CPU time and peak
memory of the organiser's process and of Mosquitto.

    .venv/bin/python bench/night_bench.py                  # 20 boards, as fast as the machine goes
    .venv/bin/python bench/night_bench.py --speed 10       # each table at ten times real-time pace

The boards share this machine's cores with the organiser, so at full speed the latencies include
waiting for a core; ``--speed`` paces the tables (1 is real time).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import tempfile
import threading
import time
from pathlib import Path


def proc_stats(pid: int) -> tuple[float, int]:
    """CPU seconds and peak resident memory (KiB) of a process, from /proc."""
    ticks = 100.0
    try:
        import os

        ticks = os.sysconf("SC_CLK_TCK")
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / ticks
        peak = next(int(line.split()[1]) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                    if line.startswith("VmHWM:"))
        return cpu, peak
    except (OSError, StopIteration, IndexError, ValueError):
        return 0.0, 0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


class PageWatcher:
    """A WebSocket client on the live page: when each table's event count first went up."""

    def __init__(self, url: str):
        self.url = url.replace("http", "ws") + "ws"
        self.seen: dict[int, list[tuple[int, float]]] = {}     # table -> [(events held, time)]
        self.snapshots = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)

    def start(self):
        self._thread.start()
        return self

    async def _run(self):
        from websockets.asyncio.client import connect

        async with connect(self.url, max_size=None) as ws:
            while not self._stop.is_set():
                try:
                    text = await asyncio.wait_for(ws.recv(), 0.5)
                except TimeoutError:
                    continue
                now = time.time()
                msg = json.loads(text)
                if msg.get("type") != "night":
                    continue
                self.snapshots += 1
                for table in msg["state"]["tables"]:
                    held = self.seen.setdefault(table["table"], [])
                    if not held or table["seq"] > held[-1][0]:
                        held.append((table["seq"], now))

    def stop(self):
        self._stop.set()
        self._thread.join(5)

    def latencies(self, table: int, events) -> list[float]:
        """For each journal event (seq, at): the first time the page held more than ``seq`` events."""
        out = []
        held = self.seen.get(table, [])
        for seq, at in events:
            shown = next((t for n, t in held if n > seq), None)
            if shown is not None:
                out.append(max(0.0, shown - at))
        return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=20)
    parser.add_argument("--speed", default="inf", help="the twin tables' pace (inf: as fast as it goes)")
    parser.add_argument("--hardware", default="sim", choices=("sim", "direct"),
                        help="sim: each board's sensor firmware simulated over a pty, as in wordboard run")
    args = parser.parse_args()

    from wordboard.journal import Journal
    from wordboard.night.broker import Mosquitto
    from wordboard.night.collector import Collector
    from wordboard.night.demo import BoardProcess, count_against_journals, player_names
    from wordboard.night.event import setup
    from wordboard.night.live import NightServer

    with tempfile.TemporaryDirectory(prefix="night-bench-") as tmp:
        folder = Path(tmp)
        event = setup(folder / "event", args.boards, name="bench night")
        broker = Mosquitto(folder / "broker", event.users(), tls=event.broker_tls()).start()
        store = event.store()
        for name in player_names(2 * args.boards):
            store.add_player(name)
        store.pair_round("swiss")
        cpu0 = resource.getrusage(resource.RUSAGE_SELF)
        wall0 = time.monotonic()
        collector = Collector(store, event.organiser(), broker=broker.address, client_id="bench-organiser").start()
        page = NightServer(collector, "127.0.0.1:0", lan=False).start()
        watcher = PageWatcher(page.url).start()
        collector.connected.wait(10)
        boards = {}
        for table, board in store.tables().items():
            boards[board] = BoardProcess(event, board, broker.address, folder / "boards" / board, seed=table,
                                         speed=args.speed, hardware=args.hardware, lexicon="scowl:70")
            boards[board].start()
        started = time.monotonic()
        for b in boards.values():
            b.wait(1800)
        round_wall = time.monotonic() - started
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(store.results(1)) < args.boards:
            time.sleep(0.1)
        time.sleep(1.0)
        watcher.stop()
        cpu1 = resource.getrusage(resource.RUSAGE_SELF)
        wall = time.monotonic() - wall0
        broker_cpu, broker_peak = proc_stats(broker.proc.pid)
        counts = count_against_journals(collector, {b: p.folder / "journal.sqlite3" for b, p in boards.items()})
        page_latencies = []
        for table, board in store.tables().items():
            with Journal(boards[board].folder / "journal.sqlite3") as journal:
                for info in journal.games():
                    events = [(e.seq, e.at) for e in journal.events(info.id)]
                    page_latencies += watcher.latencies(table, events)
        stored = collector.stats.latencies
        organiser_cpu = (cpu1.ru_utime + cpu1.ru_stime) - (cpu0.ru_utime + cpu0.ru_stime)
        print(f"night bench: {args.boards} twin boards ({args.hardware}), speed {args.speed}, one Mosquitto "
              f"on loopback; round played in {round_wall:.1f} s")
        print(f"  results: {len(store.results(1))} of {args.boards}; moves: {counts['published']} published, "
              f"{counts['received']} received, {counts['lost']} lost, {counts['duplicated']} duplicated; "
              f"{collector.stats.repeats} repeats recognised, {collector.stats.rejected} rejected")
        print(f"  journal -> organiser: p50 {percentile(stored, .5) * 1000:.0f} ms, p99 "
              f"{percentile(stored, .99) * 1000:.0f} ms, max {max(stored, default=0) * 1000:.0f} ms "
              f"({len(stored)} events)")
        print(f"  journal -> live page: p50 {percentile(page_latencies, .5) * 1000:.0f} ms, p99 "
              f"{percentile(page_latencies, .99) * 1000:.0f} ms, max {max(page_latencies, default=0) * 1000:.0f} ms "
              f"({len(page_latencies)} events, {watcher.snapshots} page updates)")
        print(f"  organiser (collector, record, page): {organiser_cpu:.1f} s CPU in {wall:.1f} s "
              f"({100 * organiser_cpu / wall:.0f}% of one core), peak memory {cpu1.ru_maxrss / 1024:.0f} MiB")
        print(f"  mosquitto: {broker_cpu:.2f} s CPU, peak memory {broker_peak / 1024:.1f} MiB")
        ok = counts["lost"] == 0 and counts["duplicated"] == 0 and len(store.results(1)) == args.boards
        page.stop()
        collector.close()
        broker.stop()
        store.close()
        return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
