"""``wordboard analyse``: each move of a game beside the best move available then."""

from __future__ import annotations

import argparse
import json

from wordboard.commands import Subparsers


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "analyse", help="each move of a game beside the best move then, and the equity lost",
        description="For every move of a game record (GCG) whose rack is recorded, find the best "
                    "move the rack allowed on the board at that moment and print it beside the "
                    "move made, with what was lost; then the totals per player. Moves are ranked "
                    "by equity, as Quackle and Woogles do: the score plus the value of the tiles "
                    "kept (exchanges and the pass included); when the bag is empty, the score and "
                    "what the tiles left on the racks will cost or bring. --by score ranks by the "
                    "points scored alone.")
    parser.add_argument("records", nargs="+", metavar="GAME.gcg", help="game records")
    parser.add_argument("--edition", metavar="NAME|PATH", default=None,
                        help="board and tile set (default: the record's edition note, else scrabble)")
    parser.add_argument("--lexicon", metavar="LIST|PATH", default="wordgame",
                        help="word list: wordgame (the default: the word-game list Lexulous and Scrabble play with), a file, wamerican, wbritish or scowl:SIZE")
    parser.add_argument("--by", choices=("equity", "score"), default="equity",
                        help="rank moves by equity (score plus the value of the tiles kept; the "
                             "default) or by score")
    parser.add_argument("--json", action="store_true", help="print one JSON object per game")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from wordboard import gcg
    from wordboard.commands.common import edition_for_record
    from wordboard.commands.hint import open_dawg
    from wordboard.crossword.analysis import analyse_record
    from wordboard.crossword.leaves import leave_table

    records = [gcg.load(path) for path in args.records]
    _, dawg = open_dawg(args.lexicon)
    by_equity = args.by == "equity"
    for record in records:
        edition = edition_for_record(record, args.edition)
        analysis = analyse_record(record, edition, dawg, by=args.by)
        if args.json:
            print(json.dumps({"file": str(record.path), "by": args.by,
                              "leaves": leave_table(edition).source if by_equity else None,
                              "moves": [m.as_json() for m in analysis.moves],
                              "missed": analysis.missed_by_player()}))
            continue
        print(f"== {record.path} on {edition.name}, ranked by {args.by}")
        if by_equity:
            print(f"{'#':>3} {'player':<10} {'rack':<8} {'played':<22} {'pts':>4} {'equity':>6}  "
                  f"{'best by equity':<22} {'pts':>4} {'equity':>6} {'lost':>6}")
        else:
            print(f"{'#':>3} {'player':<10} {'rack':<8} {'played':<22} {'pts':>4}  {'best then':<22} "
                  f"{'pts':>4} {'missed':>6}")
        for m in analysis.moves:
            played = m.played[:21] + ("*" if m.listed is False else "")
            if by_equity:
                made = f"{m.equity:>6.1f}" if m.equity is not None else f"{'':>6}"
                if m.best:
                    best = f"{m.best_notation[:22]:<22} {m.best.score:>4} {m.best.equity:>6.1f}"
                else:
                    best = f"{'-' if m.rack else '(no rack)':<22} {'':>4} {'':>6}"
                print(f"{m.turn:>3} {m.player[:10]:<10} {m.rack:<8} {played:<22} {m.score:>4} {made}  "
                      f"{best} {m.missed:>6.1f}")
            else:
                if m.best:
                    best = f"{m.best_notation:<22} {m.best.score:>4}"
                else:
                    best = f"{'-' if m.rack else '(no rack)':<22} {'':>4}"
                print(f"{m.turn:>3} {m.player[:10]:<10} {m.rack:<8} {played:<22} {m.score:>4}  {best} "
                      f"{m.missed:>6}")
        if any(m.listed is False for m in analysis.moves):
            print(f"* not a play the word list ({args.lexicon}) allows: a word it lacks, or a phony; "
                  "the best then may score less")
        found = analysis.best_found_by_player()
        for player, missed in analysis.missed_by_player().items():
            hit, total = found.get(player, (0, 0))
            if by_equity:
                print(f"{player}: {missed:.1f} points of equity lost; the best move found {hit} of "
                      f"{total} times")
            else:
                print(f"{player}: {missed} points missed; the best play found {hit} of {total} times")
        if by_equity:
            print(f"(equity: the score plus the value of the tiles kept, from {leave_table(edition).source}; "
                  "a rack the record gives only in part is analysed as given)")
    return 0
