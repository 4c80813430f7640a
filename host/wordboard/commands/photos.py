"""``wordboard photos PHOTOS...``: score a Lexulous or Scrabble game from photos taken one after
each turn, and write its game record (see :mod:`wordboard.crossword.photogame`)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from wordboard.commands import Subparsers

if TYPE_CHECKING:
    from wordboard.rules import Square


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "photos", help="score a game from photos taken after each turn, or a video, and write its record",
        description="Play the turns that photos of the board show, one photo after each turn (files, "
                    "or folders whose pictures are taken in name order), or a video of the game (each "
                    "board still after a change a turn): each move is read, checked "
                    "and scored, and the game record is written (GCG). A photo that cannot be read, "
                    "a change that is not one legal move, or a new tile read unsurely whose letter the "
                    "word list cannot settle (say it with --letter), stops with the photo's name and "
                    "what is wrong (exit status 2); the record of the turns before it is still written.")
    parser.add_argument("photos", nargs="+", metavar="PHOTO|VIDEO|FOLDER")
    parser.add_argument("--edition", default="scrabble", metavar="NAME|PATH",
                        help="lexulous, scrabble or an edition file (default scrabble)")
    parser.add_argument("--players", nargs="+", default=None, metavar="NAME",
                        help="the players in the order they played (default: Player 1, Player 2)")
    parser.add_argument("--lexicon", default="wordgame", metavar="LIST|PATH",
                        help="word list for checking words and a blank's letter (default wordgame; none: no "
                             "word checks)")
    parser.add_argument("--blank", action="append", default=[], metavar="PHOTO:SQUARE=LETTER",
                        help="the letter of a blank the word list cannot settle, e.g. turn07.jpg:H8=E")
    parser.add_argument("--letter", action="append", default=[], metavar="PHOTO:SQUARE=LETTER",
                        help="what is on a square of a photo, whatever was read there: a letter, ? for a blank "
                             "or . for no tile, e.g. turn07.jpg:H8=R (a tile read unsurely is asked for so)")
    parser.add_argument("--corners", metavar='"x,y x,y x,y x,y"',
                        help="the grid's corners in every photo (a fixed camera), clockwise from top-left")
    parser.add_argument("--no-tesseract", action="store_true",
                        help="do not ask Tesseract about letters the fast classifier is unsure of (faster)")
    parser.add_argument("--learn", action="store_true",
                        help="once the game is scored to its last photo, keep the letters of the tiles each "
                             "turn played (corrections included) to read this tile set better from then on, on "
                             "this computer and on the board ('wordboard tileset' lists or forgets them)")
    parser.add_argument("--quiet-time", type=float, default=None, metavar="SECONDS",
                        help="a video: a turn is the board still this long with a clear view (no hand over it; "
                             "default 3)")
    parser.add_argument("-o", "--output", metavar="FILE.gcg", help="write the game record here (default: print it)")
    parser.set_defaults(handler=run)


def _squares(items: list[str], option: str, symbols: str) -> dict[tuple[str, Square], str]:
    """``PHOTO:SQUARE=SYMBOL`` items as ``{(photo, square): symbol}``, ``symbols`` the ones allowed
    besides the letters."""
    from wordboard.errors import UserError
    from wordboard.rules import Square

    out: dict[tuple[str, Square], str] = {}
    for item in items:
        photo, _, rest = item.rpartition(":")
        square, eq, symbol = rest.partition("=")
        if not photo or not eq or len(symbol) != 1 or not ((symbol.isascii() and symbol.isalpha()) or symbol in symbols):
            also = "".join(f" or {s}" for s in symbols)
            raise UserError(f"{option} {item!r}: expected PHOTO:SQUARE=LETTER{also}, like turn07.jpg:H8=E")
        try:
            where = Square.parse(square)
        except ValueError as exc:
            raise UserError(f"{option} {item!r}: {exc}") from None
        out[(photo, where)] = symbol.upper()
    return out


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from wordboard import gcg
    from wordboard.commands.common import open_edition, open_lexicon
    from wordboard.crossword.photogame import PhotoProblem, photo_paths, play_photos
    from wordboard.crossword.record import game_record
    from wordboard.errors import UserError

    edition = open_edition(args.edition)
    players = tuple(args.players or ("Player 1", "Player 2"))
    if not 2 <= len(players) <= 4:
        raise UserError("--players: give 2 to 4 names")
    if args.quiet_time is not None and not args.quiet_time > 0:
        raise UserError(f"--quiet-time: a number of seconds above 0, not {args.quiet_time:g}")
    paths = photo_paths(args.photos)
    blanks = _squares(args.blank, "--blank", "")
    letters = _squares(args.letter, "--letter", "?.")
    dictionary = open_lexicon(args.lexicon)
    problem = None
    try:
        scored = play_photos(paths, edition, players, dictionary=dictionary, blanks=blanks, letters=letters,
                             corners_text=args.corners, use_tesseract=not args.no_tesseract,
                             out=lambda text: print(text, flush=True), quiet=args.quiet_time)
    except PhotoProblem as exc:
        if exc.so_far is None:       # play_photos always sets it; a problem from elsewhere has no game to show
            raise
        problem, scored = exc, exc.so_far
    game = scored.game
    record = gcg.dumps(game_record(game, lexicon=None if args.lexicon == "none" else args.lexicon,
                                   title=f"{edition.name} game from {len(scored.turns)} photos"))
    if args.output:
        Path(args.output).write_text(record, encoding="utf-8")
        print(f"wrote {args.output}")
    elif problem is None:
        print(record, end="")
    if problem is not None:
        if args.learn:       # (a correction meant for the photo that stopped it is not learnt wrong)
            print("learnt no tiles: only a game scored to its last photo is learnt from")
        raise problem
    if args.learn:
        _learn(scored.confirmed)
        if dictionary is None:
            print("(with no word list nothing checked the letters learnt: a misread kept its wrong letter; "
                  "check the record, and 'wordboard tileset forget' undoes all that was learnt)")
    totals = ", ".join(f"{p} {s}" for p, s in zip(game.players, game.scores))
    print(f"{len(scored.turns)} photos, {len(game.history)} turns: {totals}"
          + ("" if not game.is_over else f"; {game.outcome().result_text()}"))
    return 0


def _learn(confirmed: list[tuple[Any, str]]) -> None:
    """Keep the tiles the scored turns confirmed (:mod:`wordboard.camera.tile_samples`)."""
    from wordboard.camera.tile_samples import keep_confirmed, samples_path

    if not confirmed:
        print("learnt no tiles: no turn with a letter tile was scored")
        return
    total, added = keep_confirmed(confirmed)
    again = f" ({len(confirmed) - added} learnt before)" if added < len(confirmed) else ""
    print(f"learnt {added} tiles of this set{again}; {total} kept in {samples_path()}")
