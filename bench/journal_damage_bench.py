"""Issue 23: damage real journals the ways an SD card does, then open them as the board would.

For each kind of damage (tests/reliability/journal_damage.py) and several journals of Lexulous
games written by JournaledGame, at a few offsets: open the journal, list it (``wordboard games
list``), rebuild every game and resume the latest unfinished one. Prints, per kind and in all:
games and events salvaged (still replayable) out of those written, games marked damaged, and
tracebacks (any exception other than the one-line UserError; goal 0).

    PYTHONPATH=$PWD/host:$PWD nice python bench/journal_damage_bench.py
"""

from __future__ import annotations

import contextlib
import io
import logging
import shutil
import sys
import tempfile
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "host"))

from tests.reliability.journal_damage import DAMAGE, make_journal  # noqa: E402
from wordboard import cli  # noqa: E402
from wordboard.errors import UserError  # noqa: E402
from wordboard.journal import Journal, JournaledGame, rebuild  # noqa: E402

JOURNALS = [(4, 30), (8, 40)]   # (games, moves at most)
OFFSETS = 2


def attempt(path: Path) -> tuple[int, int, int, list[str]]:
    """Open, list, rebuild every game, resume: (games replayable, their events, damaged, tracebacks)."""
    tracebacks = []
    games = events = damaged = 0
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            status = cli.main(["games", "--journal", str(path), "list"])
        if status != 0:
            tracebacks.append(f"games list: exit {status}")
        with Journal(path) as journal:
            for info in journal.games():
                try:
                    _, game = rebuild(journal, info.id)
                    games += 1
                    events += info.events
                except UserError:
                    damaged += 1
            latest = journal.latest_unfinished()
            if latest is not None:
                JournaledGame(journal, latest.id)
    except UserError:
        pass
    except Exception:  # noqa: BLE001 - what the bench counts
        tracebacks.append(traceback.format_exc())
    return games, events, damaged, tracebacks


def main() -> int:
    logging.disable(logging.WARNING)
    work = Path(tempfile.mkdtemp(prefix="journal-damage-"))
    try:
        pristine = []
        for number, (n_games, moves) in enumerate(JOURNALS):
            path = work / f"pristine-{number}.sqlite3"
            written = make_journal(path, games=n_games, moves=moves)
            with Journal(path) as journal:
                written = (len(journal.games()), sum(g.events for g in journal.games()))
            pristine.append((path, written))
        total = [0, 0, 0, 0, 0, 0, 0]   # runs, games written, salvaged, events written, salvaged, damaged, tb
        print(f"{'damage':28} {'runs':>4} {'games salvaged':>15} {'events salvaged':>16} {'damaged':>8} "
              f"{'tracebacks':>10}")
        for name, damage in DAMAGE.items():
            row = [0, 0, 0, 0, 0, 0, 0]
            for path, (n_games, n_events) in pristine:
                for offset in range(OFFSETS):
                    folder = work / "run"
                    shutil.rmtree(folder, ignore_errors=True)
                    folder.mkdir()
                    target = folder / "journal.sqlite3"
                    shutil.copyfile(path, target)
                    damage(target, offset)
                    games, events, damaged, tracebacks = attempt(target)
                    for text in tracebacks:
                        print(f"--- {name}, offset {offset}:\n{text}", file=sys.stderr)
                    for i, v in enumerate((1, n_games, games, n_events, events, damaged, len(tracebacks))):
                        row[i] += v
            total = [a + b for a, b in zip(total, row)]
            print(f"{name:28} {row[0]:>4} {row[2]:>6} of {row[1]:<5} {row[4]:>7} of {row[3]:<5} {row[5]:>8} "
                  f"{row[6]:>10}")
        print(f"{'all ' + str(len(DAMAGE)) + ' kinds':28} {total[0]:>4} {total[2]:>6} of {total[1]:<5} "
              f"{total[4]:>7} of {total[3]:<5} {total[5]:>8} {total[6]:>10}")
        print(f"tracebacks: {total[6]} (goal 0)")
        return 1 if total[6] else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
