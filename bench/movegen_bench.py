"""Move-generation benchmark: speed on real mid-game positions, DAWG build/load time and memory.

    PYTHONPATH=host python3 bench/movegen_bench.py [--lexicon scowl:80] [--positions 250]
                                                   [--profile]

Positions: boards taken from the shared real games (../shared/data/gcg; skipped cleanly when
absent) before plays with 10-80 tiles on the board. Racks: the recorded rack when it has 7 tiles
and no blank, else 7 tiles drawn (seeded) from those not on the board; the two-blank rack is the
first five of those plus ``??``. Prints figures only; no assertions.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "host"))
GCG_DIR = REPO.parent / "shared" / "data" / "gcg"


def positions(edition, count: int, seed: int = 7):
    from wordboard import gcg
    from wordboard.crossword.replay import replay_record

    found = []
    for path in sorted(GCG_DIR.glob("*.gcg")):
        record = gcg.load(path)
        boards = []

        def before(step, boards=boards):
            boards.append(step.board.copy())

        replay_record(record, edition, on_step=before)
        board_before = None
        from wordboard.crossword.board import Board
        board_before = Board(edition.board)
        for event, after in zip(record.events, boards):
            if isinstance(event, gcg.Play) and 10 <= len(board_before) <= 80:
                found.append((board_before, (event.rack or "").upper()))
            board_before = after
    rng = random.Random(seed)
    step = max(1, len(found) // count)
    chosen = found[::step][:count]
    result = []
    for board, rack in chosen:
        if len(rack) != 7 or "?" in rack:
            left = Counter(edition.tiles.counts)
            for _, tile in board.tiles():
                left["?" if tile.blank else tile.letter] -= 1
            pool = [t for t, n in left.items() if t != "?" for _ in range(max(n, 0))]
            rack = "".join(rng.sample(pool, 7))
        result.append((board, rack, rack[:5] + "??"))
    return result


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def memory_probe(lexicon: str, cache_dir: str) -> str:
    """In a fresh interpreter: resident memory before and after loading the cached DAWG."""
    code = f"""
import sys, time
sys.path.insert(0, {str(REPO / 'host')!r})
def rss():
    for line in open('/proc/self/status'):
        if line.startswith('VmRSS'):
            return int(line.split()[1]) / 1024
from wordboard.dictionary import load_dictionary
from wordboard.crossword import dawgcache, movegen
d = load_dictionary({lexicon!r})
before = rss()
t = time.perf_counter()
g = dawgcache.load_dawg(d, cache_dir={cache_dir!r})
t = time.perf_counter() - t
after = rss()
print(f"{{t * 1000:.0f}} {{after - before:.1f}} {{after:.1f}}")
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    load_ms, delta, total = out.stdout.split()
    return f"load {load_ms} ms, resident +{delta} MB for the DAWG ({total} MB whole process with the word list)"


def cache_figures(lexicon: str) -> None:
    from wordboard.crossword import dawgcache
    from wordboard.dictionary import load_dictionary

    dictionary = load_dictionary(lexicon)
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        dawg = dawgcache.load_dawg(dictionary, cache_dir=tmp)
        build = time.perf_counter() - started
        size = sum(p.stat().st_size for p in Path(tmp).iterdir())
        print(f"{lexicon}: {len(dictionary):,} words -> {dawg.node_count:,} nodes, "
              f"{dawg.edge_count:,} edges; build {build:.1f} s, file {size / 1e6:.1f} MB")
        print(f"  {memory_probe(lexicon, tmp)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lexicon", default="scowl:80")
    parser.add_argument("--positions", type=int, default=250)
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs per position; the fastest counts (default 3: the machine may be shared)")
    parser.add_argument("--profile", action="store_true", help="cProfile the no-blank run")
    parser.add_argument("--skip-cache", action="store_true", help="skip the build/load/memory figures")
    args = parser.parse_args()

    from wordboard.crossword import dawgcache
    from wordboard.crossword.movegen import MoveGenerator
    from wordboard.dictionary import load_dictionary
    from wordboard.editions import load_edition

    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if not args.skip_cache:
        for lexicon in dict.fromkeys([args.lexicon, "scowl:70"]):
            cache_figures(lexicon)
    if not GCG_DIR.is_dir():
        print(f"no game records in {GCG_DIR}: position figures skipped")
        return 0
    edition = load_edition("scrabble")
    dictionary = load_dictionary(args.lexicon)
    gen = MoveGenerator(dawgcache.load_dawg(dictionary), edition)
    chosen = positions(edition, args.positions)
    print(f"{len(chosen)} positions from {GCG_DIR.name}/ (10-80 tiles on the board), lexicon {args.lexicon}")

    def run(which: int, label: str):
        times, moves = [], []
        for board, *racks in chosen:
            best = float("inf")
            for _ in range(max(1, args.repeat)):
                started = time.perf_counter()
                found = gen.generate(board, racks[which])
                best = min(best, time.perf_counter() - started)
            times.append(best * 1000)
            moves.append(len(found))
        print(f"{label} (fastest of {args.repeat} runs per position): median "
              f"{statistics.median(times):.1f} ms, p95 {pct(times, 95):.1f} ms, "
              f"max {max(times):.1f} ms; moves found: {sum(moves):,} in all, median "
              f"{statistics.median(moves):.0f} per position")

    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.enable()
        repeat, args.repeat = args.repeat, 1
        run(0, "7 tiles, no blank (profiled)")
        args.repeat = repeat
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(12)
    run(0, "7 tiles, no blank")
    run(1, "5 tiles + 2 blanks")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
