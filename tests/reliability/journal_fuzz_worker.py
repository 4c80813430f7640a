"""Opens damaged copies of a journal one after another and prints one JSON line per copy (for
the fuzz test, which bounds each copy's time from outside: a copy that hangs, in Python or in
SQLite's C code, is caught by the line that does not come).

    python -m tests.reliability.journal_fuzz_worker PRISTINE FOLDER CASE...

A CASE is ``SEED`` (random damage of the whole file, tests/reliability/journal_damage.py) or
``issue:SEED`` (3,000 random bytes at offset 6,000, the damage of issue 40)."""

from __future__ import annotations

import json
import logging
import random
import shutil
import sys
import time
from pathlib import Path

from tests.reliability.journal_damage import open_damaged, random_damage
from wordboard.journal import backup_paths


def main(argv: list[str]) -> int:
    logging.disable(logging.WARNING)
    pristine, folder = Path(argv[0]), Path(argv[1])
    data = pristine.read_bytes()
    for case in argv[2:]:
        place = folder / case.replace(":", "-")
        place.mkdir()
        path = place / "journal.sqlite3"
        if case.startswith("issue:"):
            rnd = random.Random(int(case[6:]))
            damaged = bytearray(data)
            damaged[6000:9000] = rnd.randbytes(3000)
            what, damaged_bytes = "3000 random bytes at 6000", bytes(damaged)
        else:
            rnd = random.Random(int(case))
            what, damaged_bytes = random_damage(data, rnd)
        path.write_bytes(damaged_bytes)
        backups = rnd.random() < 0.5
        if backups:
            for number, copy in enumerate(backup_paths(pristine)):
                if copy.exists():
                    shutil.copy(copy, backup_paths(path)[number])
        start = time.perf_counter()
        kept = open_damaged(path)
        kept.update(case=case, damage=what, backups=backups, seconds=round(time.perf_counter() - start, 3))
        print(json.dumps(kept), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
