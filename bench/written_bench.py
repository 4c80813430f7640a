"""eXtraDICTION's written letters, read by the twin's camera: what the children write against what
the board sees.

Whole games on the digital twin (scripted children, the virtual camera over the write-and-wipe
board, the handwriting reader), by default in a handwriting the reader was not trained on
(``--writing held-out``) and with the hazards of a real table (``--hazards``: hands reaching
over, someone leaning over the board, the room's light changing, the ghost and smear every
rubbed-out letter leaves, the camera knocked once in the game). Each game has its own camera,
room and markers, from its seed (``--camera varied``, :func:`varied_camera`: overhead or at the
table's edge with a webcam's lens, the light, a shadow, blur, noise, one to three marker colours;
``--camera fixed``: the twin's own camera, seeded by the game's seed). Per level and per kind of
camera:

* phantom letters: a square the board believes written on while nothing is written there, for
  longer than the board takes to follow a change (3 readings); one per such stretch;
* written letters missed: a letter written and left for 3 readings or more that the board never
  saw on its square (as any letter or as an unsure one);
* letters misread: a letter the board last saw, surely, as another letter (the card's word
  puts most right; a misread may cost a refused play);
* cards given up because of a misread: a child gave the card up after the board refused the
  word five times (a child with no place for the word gives it up too: not counted);
* corrections: the twin's grown-up told the board what is on a square, from the twin's truth (a
  letter still misread after the child wrote it again, a mark on an empty square); a real
  table needs a grown-up at the screen for each;
* rewrites: letters a child rubbed out and wrote again because the board misread or missed them;
* refused plays, and games that did not finish; the rates per 100 letters written.

At Speed the children write their own words, half of them off the clue cards, and misspell some
(the board should refuse those as not in the dictionary): the line "speed, the children's own
words" says how they were judged.

    PYTHONPATH=host python bench/written_bench.py --games 64 --turns 3 --jobs 2

``--games`` shares that many games among the levels, each with its own seed (``--seed``: the
first); ``--seeds N`` plays N per level; ``--turns``: clue cards per game; ``--cameras`` prints
each game's camera.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "host"))

LEVELS = ("1", "2", "3", "speed")
#: Readings the board needs to follow a change (steady readings, one more to change a letter).
LAG = 3


def _name(square) -> str:
    from wordboard.controller.tracking import square_names

    return square_names([square])


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
        self.examples: list[str] = []      # "phantom R at F6", "missed T at B4"
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
                self.examples.append(f"phantom {seen[square]} at {_name(square)} (reading {self.sensor.readings})")
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
        square, name, readings, was_seen, last = mark
        if readings > LAG and not was_seen:
            self.missed += 1
            self.examples.append(f"missed {name} at {_name(square)}")
        if last is not None and last != name and last in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            self.misread += 1

    def finish(self) -> None:
        for uid in list(self._marks):
            self._close(self._marks.pop(uid))


#: markers children write with (BGR): the bench gives each game one to three of them
INKS = {"black": (30, 30, 30), "blue": (160, 60, 20), "red": (40, 40, 190), "green": (40, 130, 40),
        "purple": (130, 40, 110), "brown": (40, 70, 120), "orange": (30, 120, 230), "light blue": (220, 160, 60)}
PALE_INKS = ("orange", "light blue")


def varied_camera(seed: int) -> tuple[dict, dict]:
    """The camera and room of the bench's game ``seed``: (the twin camera's ``restyle`` and
    ``inks``, a description). Four in ten look from overhead, drawn flat (turned and tilted a
    little); six in ten stand at the table's edge, 35-85 degrees above it, a little to one side,
    with a webcam's lens (barrel distortion up to k1 = -0.25); the light uneven or not, with a
    shadow or not; blur and sensor noise; the children's markers."""
    from wordboard.camera.pinhole import CameraView

    rng = random.Random(seed * 7919 + 104729)
    restyle: dict = {"light_gradient": round(rng.uniform(0.05, 0.4), 2), "shadow": rng.random() < 0.4,
                     "blur_sigma": round(rng.uniform(0.6, 1.5), 2), "noise_sigma": round(rng.uniform(2.0, 7.0), 1)}
    if rng.random() < 0.4:
        restyle.update(rotation_deg=round(rng.uniform(1.0, 8.0), 1), tilt=round(rng.uniform(0.02, 0.08), 3))
        where = f"overhead (turned up to {restyle['rotation_deg']} deg)"
        kind = "overhead"
    else:
        view = CameraView(elevation_deg=round(rng.uniform(35.0, 85.0)), azimuth_deg=round(rng.uniform(-25.0, 25.0)),
                          fov_deg=round(rng.uniform(50.0, 75.0)), k1=round(rng.uniform(-0.25, 0.0), 3),
                          k2=round(rng.uniform(0.0, 0.08), 3))
        restyle.update(view=view, rotation_deg=round(rng.uniform(0.0, 4.0), 1))
        where = f"at {view.elevation_deg:.0f} deg, {view.azimuth_deg:+.0f} deg round, k1 {view.k1}"
        kind = "edge, high" if view.elevation_deg >= 60 else "edge, low"
    inks = rng.sample(sorted(INKS), rng.randint(1, 3))
    described = {"kind": kind, "pale ink": any(i in PALE_INKS for i in inks),
                 "text": f"{where}; light {restyle['light_gradient']}{', a shadow' if restyle['shadow'] else ''}; "
                         f"blur {restyle['blur_sigma']}, noise {restyle['noise_sigma']}; ink {'+'.join(inks)}"}
    return {"restyle": restyle, "inks": tuple(INKS[i] for i in inks)}, described


def game_config(level: str, seed: int, turns: int, writing: str, hazards: bool, journal: Path,
                vary: bool = True) -> tuple[object, dict]:
    """The session of one bench game, and its camera's description: the game's seed seeds the
    twin camera (the session's, see Session._camera_seed); with ``vary``, the camera and room
    are the seed's own too (:func:`varied_camera`)."""
    from wordboard.controller.session import SessionConfig

    twin_camera: dict = {"hazards": hazards, "writing": writing}
    described = {"kind": "fixed", "pale ink": False, "text": "the twin's own camera"}
    if vary:
        changes, described = varied_camera(seed)
        twin_camera.update(changes)
    config = SessionConfig(game="extradiction", hardware="sim", camera="virtual", journal=journal, seed=seed,
                           show_leds=False, out=lambda s: None, speed=0, resume="no",
                           game_options={"level": level, "turns": turns}, twin_camera=twin_camera)
    return config, described


def one_game(job) -> dict:
    level, seed, turns, writing, hazards, folder = job[:6]
    vary = job[6] if len(job) > 6 else False
    from wordboard.controller.players import CORRECTED
    from wordboard.controller.session import open_session

    journal = Path(folder) / f"written-{level}-{seed}.sqlite3"
    journal.unlink(missing_ok=True)
    config, camera = game_config(level, seed, turns, writing, hazards, journal, vary)
    start = time.monotonic()
    with open_session(config) as s:
        watch = Watch(s)
        try:
            s.run(max_seconds=turns * 240.0)
        except Exception as exc:  # noqa: BLE001 - a stalled twin is a result too
            print(f"level {level} seed {seed}: {exc}", file=sys.stderr)
        watch.finish()
        game = s.adapter.game
        mistakes = s.players.mistakes
        result = {
            "level": level, "seed": seed, "over": s.adapter.over, "cards": game.cards_used,
            "letters": watch.letters, "phantoms": watch.phantoms, "missed": watch.missed,
            "misread": watch.misread, "gave_up": mistakes.get("gave up", 0),
            "corrections": mistakes.get(CORRECTED, 0), "rewrites": mistakes.get("written again", 0),
            "refused": s.controller.stats.invalid, "seconds": time.monotonic() - start,
            "knocks": getattr(s.camera_source, "knocks", 0), "camera": camera,
            "examples": watch.examples, "spelling": dict(getattr(s.players, "spelling", {})),
        }
    journal.unlink(missing_ok=True)
    return result


KEYS = ("cards", "letters", "phantoms", "missed", "misread", "gave_up", "corrections", "rewrites", "refused")
RATES = ("phantoms", "missed", "gave_up", "corrections", "rewrites")


def table(results: list, groups: list[tuple[str, object]]) -> list[str]:
    """One line per group (a name, and which results are in it): the counts, then per 100 letters."""
    lines = [f"{'':<18}{'games':>6}{'unfin':>6}{'cards':>6}{'letters':>8}{'phantom':>8}{'missed':>7}{'misread':>8}"
             f"{'given up':>9}{'corrected':>10}{'rewrites':>9}{'refused':>8}   per 100 letters: "
             "phantom/missed/given up/corrected/rewrites"]
    for name, test in groups:
        rows = [r for r in results if test(r)]
        if not rows:
            continue
        t = {k: sum(r[k] for r in rows) for k in KEYS}
        unfinished = sum(1 for r in rows if not r["over"])
        rates = "/".join(f"{100 * t[k] / max(1, t['letters']):.1f}" for k in RATES)
        lines.append(f"{name:<18}{len(rows):>6}{unfinished:>6}{t['cards']:>6}{t['letters']:>8}{t['phantoms']:>8}"
                     f"{t['missed']:>7}{t['misread']:>8}{t['gave_up']:>9}{t['corrections']:>10}{t['rewrites']:>9}"
                     f"{t['refused']:>8}   {rates}")
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games in all, shared among the levels (instead of --seeds per level)")
    parser.add_argument("--seeds", type=int, default=100, help="games per level (default 100)")
    parser.add_argument("--first-seed", "--seed", dest="first_seed", type=int, default=1,
                        help="the first game's seed (default 1); each game has its own seed")
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated (default 1,2,3,speed)")
    parser.add_argument("--turns", type=int, default=10, help="clue cards per game (default 10)")
    parser.add_argument("--writing", default="held-out", choices=("trained", "held-out", "mixed"),
                        help="the children's handwriting (default held-out: a style the reader never saw)")
    parser.add_argument("--no-hazards", dest="hazards", action="store_false",
                        help="no hands, shadows, changing light or smudges")
    parser.add_argument("--camera", default="varied", choices=("varied", "fixed"),
                        help="varied (default): each game its own camera, room and markers; fixed: the "
                             "twin's own camera (seeded by the game's seed)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed-list", default=None, help="comma-separated seeds instead of --seeds")
    parser.add_argument("--cameras", action="store_true", help="print each game's camera")
    args = parser.parse_args(argv)
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    bad = [x for x in levels if x not in LEVELS]
    if bad or not levels:
        parser.exit(2, f"written_bench: unknown level {', '.join(bad) or '(none)'}: one of {', '.join(LEVELS)}\n")
    vary = args.camera == "varied"
    if args.seed_list:
        seeds = [int(x) for x in args.seed_list.split(",")]
        pairs = [(level, seed) for level in levels for seed in seeds]
    elif args.games is not None:
        # each game its own seed, the levels in turn
        pairs = [(levels[i % len(levels)], args.first_seed + i) for i in range(args.games)]
    else:
        seeds = list(range(args.first_seed, args.first_seed + args.seeds))
        pairs = [(level, seed) for level in levels for seed in seeds]
    folder = tempfile.mkdtemp(prefix="written-bench-")
    jobs = [(level, seed, args.turns, args.writing, args.hazards, folder, vary) for level, seed in pairs]
    print(f"eXtraDICTION on the twin with the camera: {len(jobs)} games, {args.turns} cards each, "
          f"{args.writing} handwriting, hazards {'on' if args.hazards else 'off'}, "
          f"{'a camera per game' if vary else 'the twin camera per seed'}")
    start = time.monotonic()
    results = []

    def done(r: dict) -> None:                          # a line per game as it ends (a long run cut short says something)
        results.append(r)
        print(f"  game {len(results)}/{len(jobs)}: level {r['level']} seed {r['seed']}: {r['letters']} letters, "
              f"{r['phantoms']} phantom, {r['missed']} missed, {r['corrections']} corrected, {r['rewrites']} rewrites, "
              f"{r['seconds']:.0f} s", flush=True)
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            for r in pool.imap_unordered(one_game, jobs, chunksize=1):
                done(r)
        results.sort(key=lambda r: (LEVELS.index(r["level"]), r["seed"]))
    else:
        for job in jobs:
            done(one_game(job))
    groups = [(f"level {level}", lambda r, level=level: r["level"] == level) for level in levels]
    kinds = sorted({r["camera"]["kind"] for r in results})
    groups += [(f"camera {kind}", lambda r, kind=kind: r["camera"]["kind"] == kind) for kind in kinds]
    if vary:
        groups.append(("pale ink", lambda r: r["camera"]["pale ink"]))
    groups.append(("all", lambda r: True))
    print("\n".join(table(results, groups)))
    spelling: dict = {}
    for r in results:
        for k, v in r["spelling"].items():
            spelling[k] = spelling.get(k, 0) + v
    if "speed" in levels and spelling:
        print("speed, the children's own words: " + ", ".join(f"{k} {v}" for k, v in spelling.items()))
    if args.cameras:
        for r in results:
            print(f"  level {r['level']} seed {r['seed']}: {r['camera']['text']}")
    bad = [r for r in results if r["phantoms"] or r["missed"] or r["gave_up"] or not r["over"]]
    for r in bad[:20]:
        print(f"  level {r['level']} seed {r['seed']}: {r['phantoms']} phantom, {r['missed']} missed, "
              f"{r['gave_up']} given up{'' if r['over'] else ', unfinished'}; {'; '.join(r['examples'][:4])}"
              f"  [camera {r['camera']['text']}]")
    print(f"the camera knocked in {sum(r['knocks'] > 0 for r in results)} of {len(results)} games")
    print(f"{time.monotonic() - start:.0f} s ({os.cpu_count()} cores, {args.jobs} jobs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
