"""``wordboard analyse``: each move of a game beside the best play available then."""

from __future__ import annotations

import argparse
import json

from wordboard.commands import Subparsers


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "analyse", help="each move of a game beside the best play then, and the points missed",
        description="For every move of a game record (GCG) whose rack is recorded, find the best "
                    "play the rack allowed on the board at that moment and print it beside the "
                    "move made, with the points missed; then the totals per player.")
    parser.add_argument("records", nargs="+", metavar="GAME.gcg", help="game records")
    parser.add_argument("--edition", metavar="NAME|PATH", default=None,
                        help="board and tile set (default: the record's edition note, else scrabble)")
    parser.add_argument("--lexicon", metavar="LIST|PATH", default="scowl:70",
                        help="word list: a file, wamerican, wbritish or scowl:SIZE (default scowl:70)")
    parser.add_argument("--json", action="store_true", help="print one JSON object per game")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from wordboard import gcg
    from wordboard.commands.common import edition_for_record
    from wordboard.commands.hint import open_dawg
    from wordboard.crossword.analysis import analyse_record

    records = [gcg.load(path) for path in args.records]
    _, dawg = open_dawg(args.lexicon)
    for record in records:
        edition = edition_for_record(record, args.edition)
        analysis = analyse_record(record, edition, dawg)
        if args.json:
            print(json.dumps({"file": str(record.path), "moves": [m.as_json() for m in analysis.moves],
                              "missed": analysis.missed_by_player()}))
            continue
        print(f"== {record.path} on {edition.name}")
        print(f"{'#':>3} {'player':<10} {'rack':<8} {'played':<22} {'pts':>4}  {'best then':<22} "
              f"{'pts':>4} {'missed':>6}")
        for m in analysis.moves:
            if m.best:
                best = f"{m.best_notation:<22} {m.best.score:>4}"
            else:
                best = f"{'-' if m.rack else '(no rack)':<22} {'':>4}"
            played = m.played[:21] + ("*" if m.listed is False else "")
            print(f"{m.turn:>3} {m.player[:10]:<10} {m.rack:<8} {played:<22} {m.score:>4}  {best} "
                  f"{m.missed:>6}")
        if any(m.listed is False for m in analysis.moves):
            print(f"* not a play the word list ({args.lexicon}) allows: a word it lacks, or a phony; "
                  "the best then may score less")
        found = analysis.best_found_by_player()
        for player, missed in analysis.missed_by_player().items():
            hit, total = found.get(player, (0, 0))
            print(f"{player}: {missed} points missed; the best play found {hit} of {total} times")
    return 0
