"""Dictionary benchmark: cold load, memory and query times of a compiled word list.

Prints figures; asserts nothing. Targets (issue 2): cold load of the compiled ~170k-word SCOWL
list under 100 ms and under 40 MB of extra memory, membership under 2 us per query; pattern and
anagram times are printed alongside.

    .venv/bin/python bench/dictionary_bench.py [LIST ...]      # default: scowl:70 scowl:80

Each cold load runs in a fresh Python process (after the imports, which are timed apart), so
nothing is warm but the operating system's file cache. The cache folder is a temporary one,
filled first by a compile in another process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import textwrap
import time

DEFAULT_LISTS = ["scowl:70", "scowl:80"]

_CHILD = textwrap.dedent(r"""
    import json, resource, sys, time, tracemalloc

    def rss_kb():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * resource.getpagesize() // 1024

    t0 = time.perf_counter()
    from wordboard.dictionary import load_dictionary
    t1 = time.perf_counter()
    mode = sys.argv[2]
    if mode == "traced":
        tracemalloc.start()
    rss_before = rss_kb()
    t2 = time.perf_counter()
    d = load_dictionary(sys.argv[1])
    "QUIZ" in d  # ready to answer
    t3 = time.perf_counter()
    rss_after = rss_kb()
    out = {"import_ms": (t1 - t0) * 1e3, "load_ms": (t3 - t2) * 1e3, "words": len(d),
           "from_cache": d.from_cache, "rss_mb": (rss_after - rss_before) / 1024}
    if mode == "traced":
        current, peak = tracemalloc.get_traced_memory()
        out["traced_mb"] = current / 2**20
        out["traced_peak_mb"] = peak / 2**20
    print(json.dumps(out))
""")


def _child(list_name: str, mode: str, env: dict[str, str]) -> dict:
    result = subprocess.run([sys.executable, "-c", _CHILD, list_name, mode], env=env,
                            capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def _per_call_us(func, args_list, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for args in args_list:
            func(*args)
        best = min(best, (time.perf_counter() - start) / len(args_list))
    return best * 1e6


def bench(list_name: str, env: dict[str, str]) -> None:
    from wordboard.dictionary import load_dictionary

    print(f"== {list_name}")
    start = time.perf_counter()
    compiled = _child(list_name, "plain", env)  # fills the cache (or reuses it)
    print(f"  first load in a fresh process: {compiled['load_ms']:.0f} ms "
          f"({'cache' if compiled['from_cache'] else 'compiled'}), {compiled['words']:,} words")
    runs = [_child(list_name, "plain", env) for _ in range(5)]
    loads = sorted(r["load_ms"] for r in runs)
    imports = sorted(r["import_ms"] for r in runs)
    rss = sorted(r["rss_mb"] for r in runs)
    print(f"  cold load from cache (5 fresh processes): median {loads[2]:.1f} ms, "
          f"min {loads[0]:.1f}, max {loads[-1]:.1f}   [target < 100 ms]")
    print(f"  import wordboard.dictionary (apart):      median {imports[2]:.1f} ms")
    print(f"  extra RSS after load:                     median {rss[2]:.1f} MB   [target < 40 MB]")
    traced = _child(list_name, "traced", env)
    print(f"  tracemalloc after load:                   {traced['traced_mb']:.1f} MB "
          f"(peak {traced['traced_peak_mb']:.1f} MB)")
    del start

    d = load_dictionary(list_name)
    words = list(d)
    import random

    rng = random.Random(1)
    present = [(w,) for w in rng.sample(words, 20000)]
    absent = [(w[:-1] + "Q",) for w, in present]
    lower = [(w.lower(),) for w, in present]
    contains = d.__contains__
    print(f"  membership (word in d):  present {_per_call_us(contains, present):.2f} us, "
          f"absent {_per_call_us(contains, absent):.2f} us, lower case "
          f"{_per_call_us(contains, lower):.2f} us   [target < 2 us]")
    print(f"  d.is_word(word):         {_per_call_us(d.is_word, present):.2f} us")

    patterns = ["C?T", "[AE]?[IOU]S", "??????", "Q???", "??A??E?", "[AT][ES][IOU]??", "S????????S"]
    for pattern in patterns:
        ms = _per_call_us(d.matching, [(pattern,)] * 5) / 1000
        print(f"  matching({pattern!r:<18}) {ms:7.2f} ms  {len(d.matching(pattern)):6,} words")

    racks = [("AEINRST", 0), ("RETAINS", 1), ("QUIZJAKX", 2), ("AEINRSTL", 2), ("EEEEEEEE", 2)]
    fresh = load_dictionary(list_name)
    start = time.perf_counter()
    fresh.anagrams("AEINRSTL", wilds=2)
    print(f"  anagrams first call (builds the letter-count index, imports numpy): "
          f"{(time.perf_counter() - start) * 1000:.0f} ms")
    for letters, wilds in racks:
        ms = _per_call_us(lambda letters=letters, wilds=wilds: d.anagrams(letters, wilds=wilds), [()] * 5) / 1000
        print(f"  anagrams({letters!r}, wilds={wilds}) {ms:7.2f} ms  "
              f"{len(d.anagrams(letters, wilds=wilds)):6,} words   [target well < 100 ms]")


def main(argv: list[str]) -> int:
    lists = argv or DEFAULT_LISTS
    with tempfile.TemporaryDirectory(prefix="wordboard-bench-") as cache:
        env = dict(os.environ, WORDBOARD_CACHE_DIR=cache)
        os.environ["WORDBOARD_CACHE_DIR"] = cache
        for list_name in lists:
            bench(list_name, env)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
