"""``wordboard show``: draw a HEXX board in the terminal, red and black tiles in colour.

``wordboard show FILE`` draws a game saved by ``wordboard play hexx --save FILE`` (or the
``save FILE`` command during a game); ``wordboard show --sample TURN`` draws the HEXX rulebook's
sample game after that turn (0-7; turn 7 includes its roll of Reversal of Fortune). Colours
are ANSI escapes when the output is a terminal and NO_COLOR is not set (``--color`` overrides);
otherwise red tiles are drawn ``(W)`` and black ones ``[W]``.
"""

from __future__ import annotations

import argparse
import sys

from wordboard.commands import Subparsers


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "show", help="draw a saved HEXX game (or the rulebook's sample) in colour",
        description="Draw a HEXX board with red and black tiles: a game saved by "
                    "'wordboard play hexx --save FILE', or the rulebook's sample game.")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("file", nargs="?", metavar="FILE", help="a saved HEXX game")
    source.add_argument("--sample", type=int, metavar="TURN",
                        help="the HEXX rulebook's sample game after TURN (0-7)")
    parser.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                        help="colour the tiles (default: auto: on a terminal, unless NO_COLOR)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from wordboard.errors import UserError
    from wordboard.hexx.render import picture_of, render, use_colour

    if args.sample is not None:
        from wordboard.hexx.sample import SAMPLE_TURNS, sample_game

        if not 0 <= args.sample <= len(SAMPLE_TURNS):
            raise UserError(f"the sample game has turns 0 to {len(SAMPLE_TURNS)}, "
                            f"not {args.sample}")
        game = sample_game(args.sample)
        picture = picture_of(game)
        record = game.last_turn
        if record is not None:
            words = ", ".join(w.text for w in record.words)
            picture.notes.append(f"turn {record.number} ({record.player}): {record.move}: "
                                 f"{words}" + (f"; HEXX {record.effect}" if record.effect else ""))
    else:
        from wordboard.hexx.savefile import load_picture

        picture = load_picture(args.file)
    print(render(picture, use_colour(args.color, sys.stdout)))
    return 0
