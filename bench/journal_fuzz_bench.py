"""Issue 40: random damage at random offsets of a real journal (3 Lexulous games, 75 events,
24 KB; its 3 rotating backups beside half the copies), each copy opened as the board and the
commands open it (tests/reliability/journal_fuzz_worker.py). Prints, for the random damage and
for the issue's damage (3,000 random bytes at offset 6,000): copies, the longest open, games and
events kept (with and without backups), games replayable, tracebacks (goal 0) and hangs (a copy
that did not end within 60 s; goal 0).

    PYTHONPATH=$PWD/host:$PWD nice python bench/journal_fuzz_bench.py [CASES]
"""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "host")]

from tests.reliability.journal_damage import make_journal  # noqa: E402
from wordboard.journal import Journal  # noqa: E402


def run(pristine: Path, folder: Path, cases: list[str]) -> tuple[list[dict], int]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "host")])}
    results: list[dict] = []
    hangs = 0
    while cases:
        worker = subprocess.Popen([sys.executable, "-m", "tests.reliability.journal_fuzz_worker", str(pristine),
                                   str(folder), *cases], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        assert worker.stdout is not None
        selector = selectors.DefaultSelector()
        selector.register(worker.stdout, selectors.EVENT_READ)
        done = 0
        for _ in cases:
            if not selector.select(timeout=60):
                hangs += 1
                done += 1
                break
            line = worker.stdout.readline()
            if not line:
                break
            results.append(json.loads(line))
            done += 1
        worker.kill()
        worker.wait()
        cases = cases[done:] if done else []
    return results, hangs


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    work = Path(tempfile.mkdtemp(prefix="journal-fuzz-"))
    pristine = work / "journal.sqlite3"
    make_journal(pristine, games=3, moves=25)
    with Journal(pristine) as journal:
        games = len(journal.games())
        events = sum(g.events for g in journal.games())
    print(f"journal: {games} games, {events} events, {pristine.stat().st_size} bytes")
    for name, cases in (("random damage", [str(n) for n in range(count)]),
                        ("issue: 3000 bytes at 6000", [f"issue:{n}" for n in range(20)])):
        folder = work / name.split(":")[0].replace(" ", "-")
        folder.mkdir()
        results, hangs = run(pristine, folder, cases)
        print(f"{name}: {len(results)} copies, hangs {hangs}, refused in one line "
              f"{sum(1 for r in results if r['refused'])}, tracebacks "
              f"{sum(1 for r in results if r['traceback'])}, longest {max(r['seconds'] for r in results):.3f} s")
        for backups in (True, False):
            part = [r for r in results if r["backups"] == backups]
            if part:
                print(f"  {'with' if backups else 'without'} backups: {len(part)} copies; games kept "
                      f"{sum(r['games'] for r in part)} of {games * len(part)} (replayable "
                      f"{sum(r['replayable'] for r in part)}, damaged {sum(r['damaged'] for r in part)}); "
                      f"events kept {sum(r['events'] for r in part)} of {events * len(part)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
