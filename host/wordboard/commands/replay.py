"""``wordboard replay``: re-score game records (GCG) through the rules engine."""

from __future__ import annotations

import argparse
import json

from wordboard.commands import Subparsers


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="re-score GCG game records and report every mismatch",
        description="Replay one or more GCG game records through the rules: recompute the score of "
                    "every play, every end-of-game adjustment and every running total, and print each "
                    "mismatch with its file and line. Exit status 0 only when everything matches.",
    )
    parser.add_argument("records", nargs="+", metavar="GAME.gcg", help="game records to replay")
    parser.add_argument("--edition", metavar="NAME|PATH", default=None,
                        help="board and tile set: lexulous, scrabble or an edition file (default: the "
                             "record's edition note, else scrabble)")
    parser.add_argument("--lexicon", metavar="none|LIST|PATH", default="none",
                        help="check every word against this word list: a file, wamerican, wbritish or "
                             "scowl:SIZE (default: none, since tournament lexicons are not free)")
    parser.add_argument("--json", action="store_true", help="print one JSON object per game")
    parser.add_argument("--check-movegen", action="store_true",
                        help="also check the move generator: for every play whose rack is recorded, it "
                             "must list that play with the recorded score (needs --lexicon)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from wordboard import gcg
    from wordboard.commands.common import edition_for_record, open_lexicon
    from wordboard.crossword.replay import replay_record

    records = [gcg.load(path) for path in args.records]
    dictionary = open_lexicon(args.lexicon)
    dawg = None
    if args.check_movegen:
        from wordboard.crossword.dawgcache import dawg_for
        from wordboard.errors import UserError

        if dictionary is None:
            raise UserError("--check-movegen needs a word list: give --lexicon")
        dawg = dawg_for(dictionary)
    all_ok = True
    for record in records:
        edition = edition_for_record(record, args.edition)
        check = None
        if dawg is None:
            report = replay_record(record, edition, dictionary)
        else:
            from wordboard.crossword.movecheck import check_record

            report, check = check_record(record, edition, dawg, dictionary)
            report.mismatches = sorted(report.mismatches + check.mismatches, key=lambda m: m.line)
        all_ok &= report.ok
        if args.json:
            print(json.dumps(report.as_json()))
            continue
        for mismatch in report.mismatches:
            print(mismatch)
        verdict = "every score matches" if report.ok else f"{len(report.mismatches)} mismatch(es)"
        if check is not None:
            verdict += (f"; move generator: {check.plays_checked} plays checked, "
                        f"{check.plays_skipped} without a recorded rack skipped")
        print(f"{report.file}: {report.plays_checked} plays checked on {edition.name}, {verdict}")
    return 0 if all_ok else 1
