"""Post-game analysis benchmark: `wordboard analyse` on the shared real games, by score and by
equity (the leave values, exchanges and the pass on top of the same move generation).

    PYTHONPATH=host python3 bench/analyse_bench.py [--lexicon wordgame] [--games N]

The games: ../shared/data/gcg (skipped cleanly when absent), on Scrabble; the word list is compiled
and loaded before the clock starts. Prints figures only; no assertions.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "host"))
GCG_DIR = REPO.parent / "shared" / "data" / "gcg"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lexicon", default="wordgame")
    parser.add_argument("--games", type=int, default=None, help="the first N games only")
    args = parser.parse_args()
    paths = sorted(GCG_DIR.glob("*.gcg"))[:args.games]
    if not paths:
        print(f"no game records in {GCG_DIR}: nothing to measure")
        return 0
    from wordboard import gcg
    from wordboard.commands.common import open_lexicon
    from wordboard.crossword.analysis import analyse_record
    from wordboard.crossword.dawgcache import dawg_for
    from wordboard.crossword.leaves import leave_table
    from wordboard.editions import load_edition

    edition = load_edition("scrabble")
    dawg = dawg_for(open_lexicon(args.lexicon))
    leave_table(edition)
    records = [gcg.load(p) for p in paths]
    for by in ("score", "equity"):
        started = time.perf_counter()
        moves = lost = 0.0
        for i, record in enumerate(records, 1):
            analysis = analyse_record(record, edition, dawg, by=by)
            moves += sum(m.best is not None for m in analysis.moves)
            lost += sum(analysis.missed_by_player().values())
            print(f"\r{by}: {i}/{len(records)} games", end="", file=sys.stderr, flush=True)
        spent = time.perf_counter() - started
        print(file=sys.stderr)
        unit = "equity lost" if by == "equity" else "points missed"
        print(f"by {by:<6}: {len(records)} games, {moves:.0f} moves analysed in {spent:.1f} s "
              f"({spent / max(moves, 1) * 1000:.1f} ms a move); {lost / max(moves, 1):.1f} {unit} a move")
    return 0


if __name__ == "__main__":
    sys.exit(main())
