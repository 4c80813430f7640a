"""``wordboard demo``: replay a game record move by move, showing the board and the scores.

Until the simulated board exists, this is what "running the product" shows: a real game record
put through the rules engine, every play re-scored, the board and the scores after each move.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING

from wordboard.commands import Subparsers

if TYPE_CHECKING:  # imported when used, so that ``wordboard --help`` stays fast
    from wordboard.crossword.replay import ReplayStep


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "demo",
        help="replay a game move by move, printing the board and the scores",
        description="Replay game records (GCG) through the rules engine, printing the board and the "
                    "scores after every move. With no record given, replays the sample Lexulous game "
                    "shipped with wordboard.",
    )
    parser.add_argument("records", nargs="*", metavar="GAME.gcg",
                        help="game records to show (default: the shipped sample game)")
    parser.add_argument("--edition", metavar="NAME|PATH", default=None,
                        help="board and tile set (default: the record's edition note, else scrabble)")
    parser.add_argument("--delay", type=float, default=0.0, metavar="SECONDS",
                        help="pause between moves (default: 0)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from wordboard import gcg
    from wordboard.commands.common import edition_for_record
    from wordboard.crossword.replay import replay_record
    from wordboard.crossword.show import describe_event, sample_game_path

    paths = args.records or [sample_game_path()]
    all_ok = True
    for path in paths:
        record = gcg.load(path)
        edition = edition_for_record(record, args.edition)
        names = " vs ".join(p.name or p.nick for p in record.players)
        print(f"== {record.pragma('title') or path}: {names} on {edition.name}")
        print("   squares: = triple word  - double word  \" triple letter  ' double letter  * centre;"
              " [ ] the last move; lower case: a blank")

        def show(step: ReplayStep) -> None:
            print()
            print(describe_event(step.event))
            print(step.board.render(step.squares))
            print("   " + "   ".join(f"{nick} {score}" for nick, score in step.scores.items()))
            sys.stdout.flush()
            if args.delay:
                time.sleep(args.delay)

        report = replay_record(record, edition, None, on_step=show)
        print()
        for mismatch in report.mismatches:
            print(f"MISMATCH {mismatch}")
        final = ", ".join(f"{nick} {score}" for nick, score in report.final_scores.items())
        verdict = "every score re-computed and matching" if report.ok else \
            f"{len(report.mismatches)} mismatch(es)"
        print(f"== final: {final}; {report.plays_checked} plays, {verdict}")
        all_ok &= report.ok
    return 0 if all_ok else 1
