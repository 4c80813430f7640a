"""``wordboard games``: the journal of games played on the board: list, show, resume, export."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from wordboard.commands import Subparsers

if TYPE_CHECKING:  # imported when used, so that ``wordboard --help`` stays fast
    from wordboard.engine import Engine
    from wordboard.journal import GameInfo, Journal


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "games", help="list, show, resume and export the games in the journal",
        description="The journal keeps every move of every game played on the board (in "
                    "$WORDBOARD_DATA_DIR, else $XDG_DATA_HOME/wordboard, else "
                    "~/.local/share/wordboard). Replaying it rebuilds a game exactly.")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--journal", metavar="PATH", help="the journal database (default: "
                       "journal.sqlite3 in the data folder)")
    where.add_argument("--twin", action="store_true", help="the digital twin's games "
                       "(journal-twin.sqlite3 in the data folder, where `wordboard run` without "
                       "hardware writes)")
    sub = parser.add_subparsers(dest="games_command", metavar="ACTION")
    sub.required = True
    sub.add_parser("list", help="every game, newest last").set_defaults(handler=run_list)
    show = sub.add_parser("show", help="a game's players, events and position")
    show.add_argument("game", type=int, metavar="ID")
    show.set_defaults(handler=run_show)
    resume = sub.add_parser("resume", help="rebuild a game from its events and say where it stands")
    resume.add_argument("game", type=int, metavar="ID", nargs="?",
                        help="the game (default: the latest unfinished one)")
    resume.set_defaults(handler=run_resume)
    export = sub.add_parser("export", help="write a game as GCG (Lexulous, Scrabble) or JSON (all)")
    export.add_argument("game", type=int, metavar="ID")
    export.add_argument("--format", choices=("json", "gcg"), default=None,
                        help="gcg (the community's game record; the default for Lexulous and Scrabble) "
                             "or json (every event; the default for the other games)")
    export.add_argument("-o", "--output", metavar="FILE", help="write here instead of standard output")
    export.set_defaults(handler=run_export)


def _journal(args: argparse.Namespace) -> Journal:
    from pathlib import Path

    from wordboard.errors import UserError
    from wordboard.journal import Journal, default_path

    if args.journal and not Path(args.journal).exists():
        raise UserError(f"no journal at {args.journal}")
    if args.journal and Path(args.journal).is_file() and Path(args.journal).stat().st_size == 0:
        # (SQLite would take an empty file for an empty database and write a journal into it)
        raise UserError(f"{args.journal} is empty: not a wordboard journal (the file is left as it is)")
    # a file that is not a journal is refused, never set aside for a fresh journal
    return Journal(args.journal or default_path(twin=args.twin))


def _when(t: float | None) -> str:
    import time

    return time.strftime("%Y-%m-%d %H:%M", time.localtime(t)) if t else "-"


def run_list(args: argparse.Namespace) -> int:
    with _journal(args) as journal:
        if journal.salvage_report:
            print(journal.salvage_report)
        if journal.wal_report:
            print(journal.wal_report)
        games = journal.games()
        if not games:
            print(f"no games in {journal.path}")
            from wordboard.journal import default_path

            if not args.journal and not args.twin and default_path(twin=True).exists():
                print("(games played on the digital twin: wordboard games --twin list)")
            return 0
        print(f"{'ID':>4}  {'STARTED':16}  {'KIND':10} {'EDITION':10} {'EVENTS':>6}  STATE     PLAYERS")
        for g in games:
            state = "damaged" if g.damaged else "finished" if g.finished else "playing"
            print(f"{g.id:>4}  {_when(g.started):16}  {g.kind:10} {g.edition:10} {g.events:>6}  "
                  f"{state:9} {', '.join(g.players)}")
    return 0


def _describe(info: GameInfo, game: Engine[Any]) -> list[str]:
    """The game's position, from its family (the board, the scores) and its engine (whose turn,
    how it ended)."""
    from wordboard import registry
    from wordboard.journal import codec_for

    lines = registry.family_for_kind(info.kind).describe(game)
    outcome = game.outcome()
    if outcome is not None:
        result = codec_for(info.kind).result(game)
        final = result.get("final") if isinstance(result, dict) else None
        if isinstance(final, list) and len(final) == len(outcome.scores) and final != list(outcome.scores.values()):
            # the journal's result counts what the engine does not (a score corrected by hand)
            import dataclasses

            outcome = dataclasses.replace(outcome, scores=dict(zip(outcome.scores, final)),
                                          winners=tuple(game.player_names[i] for i in result["winners"]))
        lines.append(f"the game is over ({outcome.reason}): "
                     + ", ".join(f"{p} {s}" for p, s in outcome.scores.items()) + f"; {outcome.result_text()}")
    else:
        waiting = game.waiting_for()
        assert waiting.player is not None, "a game that is not over waits for a player"
        names = game.player_names
        what = "to play" if waiting.what == "move" else "to answer"
        lines.append(f"{names[waiting.player]} {what}")
    return lines


def _refuse_damaged(info: GameInfo, what: str) -> None:
    from wordboard.errors import UserError

    if info.damaged:
        raise UserError(f"game {info.id} is damaged ({info.damaged}): it cannot be {what}")


def run_show(args: argparse.Namespace) -> int:
    from wordboard.journal import rebuild

    with _journal(args) as journal:
        info = journal.game(args.game)
        _refuse_damaged(info, "shown")
        print(f"game {info.id}: {info.kind} ({info.edition}), {', '.join(info.players)}, seed "
              f"{info.seed}, started {_when(info.started)}"
              + (f", finished {_when(info.finished)}" if info.finished else ""))
        if info.options:
            print(f"options: {json.dumps(info.options, sort_keys=True)}")
        for event in journal.events(info.id):
            print(f"{event.seq:>4} {event.type:8} {json.dumps(event.data, sort_keys=True)}")
        _, game = rebuild(journal, info.id)
        for line in _describe(info, game):
            print(line)
        if info.result is not None:
            print(f"result: {json.dumps(info.result, sort_keys=True)}")
    return 0


def run_resume(args: argparse.Namespace) -> int:
    from wordboard.errors import UserError
    from wordboard.journal import rebuild

    with _journal(args) as journal:
        if args.game is None:
            from wordboard.controller.session import unfinished_board_game

            latest = unfinished_board_game(journal)
            if latest is None:
                raise UserError("no unfinished game of the board in the journal")
            args.game = latest.id
        info, game = rebuild(journal, args.game)
        print(f"game {info.id} rebuilt from {info.events} events: {info.kind} ({info.edition}), "
              f"{', '.join(info.players)}")
        for line in _describe(info, game):
            print(line)
        from wordboard.controller.session import TERMINAL_MODE

        if info.options.get("mode") == TERMINAL_MODE:
            print("a game of `wordboard play` (in the terminal): `wordboard run` never resumes it.")
        elif not info.finished:
            print("`wordboard run` carries on with this game (the latest unfinished one).")
    return 0


def run_export(args: argparse.Namespace) -> int:
    from pathlib import Path

    from wordboard import registry
    from wordboard.journal import codec_for, rebuild

    with _journal(args) as journal:
        info = journal.game(args.game)
        _refuse_damaged(info, "exported")
        fmt = args.format or registry.family_for_kind(info.kind).record_format
        if fmt == "gcg":
            _, game = rebuild(journal, info.id)
            text = codec_for(info.kind).export(game, "gcg", info)
        else:
            text = json.dumps({
                "id": info.id, "kind": info.kind, "edition": info.edition,
                "players": list(info.players), "seed": info.seed, "options": info.options,
                "started": info.started, "finished": info.finished, "result": info.result,
                "events": [{"seq": e.seq, "type": e.type, "data": e.data, "at": e.at}
                           for e in journal.events(info.id)],
            }, indent=2, sort_keys=True) + "\n"
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        print(text, end="")
    return 0
