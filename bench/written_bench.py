"""eXtraDICTION's written letters, read by the twin's camera: what the children write against what
the board sees.

Whole games on the digital twin (scripted children, the virtual camera over the write-and-wipe
board, the handwriting reader), by default in a handwriting the reader was not trained on
(``--writing held-out``) and with the hazards of a real table (``--hazards``: hands reaching
over, someone leaning over the board, the room's light changing, the ghost and smear every
rubbed-out letter leaves, the camera knocked once in the game). Per level (1, 2, 3, speed), over ``--seeds`` games each:

* phantom letters: a square the board believes written on while nothing is written there, for
  longer than the board takes to follow a change (3 readings); one per such stretch;
* written letters missed: a letter written and left for 3 readings or more that the board never
  saw on its square (as any letter or as an unsure one);
* letters misread: a letter the board last saw, surely, as another letter (the card's word
  puts most right; a misread may cost a refused play);
* cards given up because of a misread: a child gave the card up after the board refused the
  word five times (a child with no place for the word gives it up too: not counted);
* refused plays, and games that did not finish.

    PYTHONPATH=host python bench/written_bench.py --seeds 100 --jobs 2

Prints one line per level and the totals. ``--turns`` shortens the games (clue cards per game).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "host"))

LEVELS = ("1", "2", "3", "speed")
#: Readings the board needs to follow a change (steady readings, one more to change a letter).
LAG = 3


class Watch:
    """Compares what the sensor believes with the twin's table after every reading."""

    def __init__(self, session):
        self.session = session
        self.table = session.table
        self.sensor = session.sensor
        self.phantoms = 0
        self.missed = 0
        self.misread = 0
        self.letters = 0
        self._phantom_run: dict = {}        # square -> readings in a row seen with nothing there
        self._marks: dict = {}              # uid -> [square, letter, readings, seen, last symbol]
        name = "_take" if hasattr(self.sensor, "_take") else "_scan"     # (the sensor before issue 19: _scan)
        take = getattr(self.sensor, name)

        def watched(*args):
            before = self.sensor.readings
            take(*args)
            if self.sensor.readings != before:
                self.after_reading()
        setattr(self.sensor, name, watched)

    def after_reading(self) -> None:
        tiles = self.table.tiles
        seen = self.sensor.seen
        for square in list(self._phantom_run):
            if square not in seen or square in tiles:
                del self._phantom_run[square]
        for square in seen:
            if square in tiles:
                continue
            run = self._phantom_run.get(square, 0) + 1
            self._phantom_run[square] = run
            if run == LAG + 1:
                self.phantoms += 1
        alive = set()
        for square, (uid, name) in tiles.items():
            alive.add(uid)
            mark = self._marks.get(uid)
            if mark is None:
                mark = self._marks[uid] = [square, name, 0, False, None]
                self.letters += 1
            mark[2] += 1
            symbol = seen.get(square)
            if symbol is not None:
                mark[3] = True
                mark[4] = symbol
        for uid in [u for u in self._marks if u not in alive]:
            self._close(self._marks.pop(uid))

    def _close(self, mark) -> None:
        _square, name, readings, was_seen, last = mark
        if readings > LAG and not was_seen:
            self.missed += 1
        if last is not None and last != name and last in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            self.misread += 1

    def finish(self) -> None:
        for uid in list(self._marks):
            self._close(self._marks.pop(uid))


def one_game(job) -> dict:
    level, seed, turns, writing, hazards, folder = job
    from wordboard.controller.session import SessionConfig, open_session

    journal = Path(folder) / f"written-{level}-{seed}.sqlite3"
    journal.unlink(missing_ok=True)
    config = SessionConfig(game="extradiction", hardware="sim", camera="virtual", journal=journal, seed=seed,
                           show_leds=False, out=lambda s: None, speed=0, resume="no",
                           game_options={"level": level, "turns": turns},
                           twin_camera={"hazards": hazards, "writing": writing})
    start = time.monotonic()
    with open_session(config) as s:
        watch = Watch(s)
        try:
            s.run(max_seconds=turns * 240.0)
        except Exception as exc:  # noqa: BLE001 - a stalled twin is a result too
            print(f"level {level} seed {seed}: {exc}", file=sys.stderr)
        watch.finish()
        game = s.adapter.game
        result = {
            "level": level, "seed": seed, "over": s.adapter.over, "cards": game.cards_used,
            "letters": watch.letters, "phantoms": watch.phantoms, "missed": watch.missed,
            "misread": watch.misread, "gave_up": s.players.mistakes.get("gave up", 0),
            "refused": s.controller.stats.invalid, "seconds": time.monotonic() - start,
            "knocks": getattr(s.camera_source, "knocks", 0),
        }
    journal.unlink(missing_ok=True)
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=100, help="games per level (default 100)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated (default 1,2,3,speed)")
    parser.add_argument("--turns", type=int, default=10, help="clue cards per game (default 10)")
    parser.add_argument("--writing", default="held-out", choices=("trained", "held-out", "mixed"),
                        help="the children's handwriting (default held-out: a style the reader never saw)")
    parser.add_argument("--no-hazards", dest="hazards", action="store_false",
                        help="no hands, shadows, changing light or smudges")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed-list", default=None, help="comma-separated seeds instead of --seeds")
    args = parser.parse_args(argv)
    seeds = [int(x) for x in args.seed_list.split(",")] if args.seed_list else \
        list(range(args.first_seed, args.first_seed + args.seeds))
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    folder = tempfile.mkdtemp(prefix="written-bench-")
    jobs = [(level, seed, args.turns, args.writing, args.hazards, folder) for level in levels for seed in seeds]
    print(f"eXtraDICTION on the twin with the camera: {len(seeds)} games per level, {args.turns} cards each, "
          f"{args.writing} handwriting, hazards {'on' if args.hazards else 'off'}")
    start = time.monotonic()
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            results = pool.map(one_game, jobs, chunksize=1)
    else:
        results = [one_game(job) for job in jobs]
    keys = ("cards", "letters", "phantoms", "missed", "misread", "gave_up", "refused")
    header = f"{'level':<7}{'games':>6}{'unfinished':>11}{'cards':>7}{'letters':>8}{'phantom':>8}{'missed':>7}" \
             f"{'misread':>8}{'given up':>9}{'refused':>8}"
    print(header)
    for level in levels + ["all"]:
        rows = [r for r in results if level in ("all", r["level"])]
        if not rows:
            continue
        total = {k: sum(r[k] for r in rows) for k in keys}
        unfinished = sum(1 for r in rows if not r["over"])
        print(f"{level:<7}{len(rows):>6}{unfinished:>11}{total['cards']:>7}{total['letters']:>8}"
              f"{total['phantoms']:>8}{total['missed']:>7}{total['misread']:>8}{total['gave_up']:>9}"
              f"{total['refused']:>8}")
    bad = [r for r in results if r["phantoms"] or r["missed"] or r["gave_up"] or not r["over"]]
    for r in bad[:20]:
        print(f"  level {r['level']} seed {r['seed']}: {r['phantoms']} phantom, {r['missed']} missed, "
              f"{r['gave_up']} given up{'' if r['over'] else ', unfinished'}")
    print(f"the camera knocked in {sum(r['knocks'] > 0 for r in results)} of {len(results)} games")
    print(f"{time.monotonic() - start:.0f} s ({os.cpu_count()} cores, {args.jobs} jobs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
