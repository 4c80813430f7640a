"""Benchmark: Dexikon's word finder. A row of 10 cards -> valid words, best first (target: under
50 ms), and a whole deck -> the best last word.

    .venv/bin/python bench/dexikon_bench.py [--lexicon wamerican] [--rows 200] [--seed 1]

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from wordboard.dexikon.cards import load_card_set
from wordboard.dexikon.words import best_last_word, find_words, prepare
from wordboard.dictionary import load_dictionary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lexicon", default="wamerican")
    parser.add_argument("--rows", type=int, default=200)
    parser.add_argument("--limit", type=int, default=20, help="words listed per row")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    cards = load_card_set()
    rng = random.Random(args.seed)
    t = time.perf_counter()
    dictionary = load_dictionary(args.lexicon)
    print(f"dictionary {args.lexicon}: {len(dictionary):,} words, loaded in "
          f"{(time.perf_counter() - t) * 1000:.0f} ms")
    t = time.perf_counter()
    prepare(dictionary)
    print(f"finder index built in {(time.perf_counter() - t) * 1000:.0f} ms (once per dictionary)")

    # A mid-game deck: the starting ten plus bought pool and core cards.
    start = [cards.kind(n) for n, count in cards.starting_deck for _ in range(count)]
    pool = [k for k in cards.pool_kinds for _ in range(k.count)]
    core = [cards.kind(n) for n in ("AT", "ES", "IOU")]

    def deck(size: int):
        return start + rng.sample(pool, size - len(start) - 3) + [rng.choice(core) for _ in range(3)]

    for label, _size, limit in (("row of 10 cards", 10, args.limit),
                               ("row of 10 cards, every word", 10, None)):
        times, counts = [], []
        for _ in range(args.rows):
            row = rng.sample(deck(20), 10)
            t = time.perf_counter()
            found = find_words(row, dictionary, limit=limit, empty_hand_bonus=True)
            times.append((time.perf_counter() - t) * 1000)
            counts.append(len(found))
        times.sort()
        print(f"{label}: median {statistics.median(times):.1f} ms, 95th percentile "
              f"{times[int(len(times) * 0.95) - 1]:.1f} ms, max {times[-1]:.1f} ms "
              f"({args.rows} rows, {statistics.mean(counts):.0f} words listed on average)")
    row = rng.sample(deck(20), 10)
    for option in find_words(row, dictionary, limit=5, empty_hand_bonus=True):
        print(f"  example: {option.describe()}")

    times = []
    for _ in range(max(10, args.rows // 10)):
        whole = deck(28)
        t = time.perf_counter()
        best = best_last_word(whole, dictionary)
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    print(f"best last word from a 28-card deck: median {statistics.median(times):.1f} ms, max "
          f"{times[-1]:.1f} ms (e.g. {best.describe() if best else 'none'})")


if __name__ == "__main__":
    main()
