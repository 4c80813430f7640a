"""How long the children's word filter takes: the first call (lists, lemminflect, SCOWL 80 loaded),
then a word judged once (is_unsuitable) and a run of letters a child typed (hides_unsuitable), the
way the kiosk calls them. Prints figures; asserts nothing.

    .venv/bin/python bench/wordfilter.py
"""

from __future__ import annotations

import random
import time

from wordboard.dictionary import load_dictionary
from wordboard.extradiction import wordfilter


def main() -> None:
    start = time.perf_counter()
    wordfilter.is_unsuitable("grape")
    print(f"first call (lists and lexicons loaded): {time.perf_counter() - start:.2f} s")
    words = sorted(load_dictionary("scowl:70"))
    random.Random(37).shuffle(words)
    sample = words[:5000]
    start = time.perf_counter()
    blocked = sum(wordfilter.is_unsuitable(w) for w in sample)
    took = time.perf_counter() - start
    print(f"is_unsuitable, 5000 words of scowl:70 judged once: {took / len(sample) * 1e6:.0f} µs a word "
          f"({blocked} blocked)")
    start = time.perf_counter()
    for w in sample:
        wordfilter.is_unsuitable(w)
    print(f"is_unsuitable, the same words again: {(time.perf_counter() - start) / len(sample) * 1e6:.1f} µs a word")
    runs = ["".join(random.Random(i).choice("abcdefghijklmnopqrstuvwxyz") for _ in range(8)) for i in range(2000)]
    start = time.perf_counter()
    hidden = sum(wordfilter.hides_unsuitable(r) for r in runs)
    took = time.perf_counter() - start
    print(f"hides_unsuitable, 2000 random runs of 8 letters: {took / len(runs) * 1e6:.0f} µs a run ({hidden} hidden)")
    typed = [w[:n] for w in sample[:500] for n in range(1, len(w) + 1)]
    start = time.perf_counter()
    for t in typed:
        wordfilter.hides_unsuitable(t)
    took = time.perf_counter() - start
    print(f"hides_unsuitable, {len(typed)} prefixes as typed: {took / len(typed) * 1e6:.0f} µs a call")


if __name__ == "__main__":
    main()
