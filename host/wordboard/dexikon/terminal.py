"""``wordboard play dexikon``: a game of Dexikon in the terminal, refereed by wordboard.

Cards typed by name stand in for the board's sensors. Imports stay light here; the handler loads
the engine, the card set and the dictionary.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from wordboard import registry

DESCRIPTION = """\
Play Dexikon, the deck-building word card game, with wordboard as referee and scorekeeper.
Players type the cards they lay (AT, ES, IOU, ?, C ...); wordboard finds the word, resolves
challenges, attacks, spending, banking, buying and cleanup, ends the game and writes each
player's score sheet. Commands are read line by line from standard input, so a game can be
scripted. The default card set is wordboard's own stand-in, not the published cards: pass
--cards FILE with the cards of your box."""


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "dexikon", help="Dexikon: the deck-building word card game",
        description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=2, metavar="N",
                        help="number of players, 1 for the solo game (default: 2)")
    parser.add_argument("--names", metavar="A,B,...",
                        help="the players' names, comma-separated, in clockwise order")
    parser.add_argument("--variant", default="standard",
                        choices=["standard", "quick", "long", "long-best5"],
                        help="standard: 7 banked words end the game, best 5 count; quick: 5/3; "
                             "long: 8/6; long-best5: 8/5")
    parser.add_argument("--lexicon", default=registry.family("dexikon").default_lexicon, metavar="NAME|PATH",
                        help="the dictionary that settles challenges (default: %(default)s)")
    parser.add_argument("--cards", metavar="FILE",
                        help="a card set file (default: wordboard's stand-in set)")
    parser.add_argument("--special-penalties", metavar="N,N,...",
                        help="per player, how many of the 4 starting Penalties are purple "
                             "Special Penalties (the option for young players), e.g. 0,2")
    parser.add_argument("--first", type=int, metavar="N",
                        help="the player who goes first (default: chosen at random)")
    parser.add_argument("--seed", type=int, help="seed for the shuffles (default: random)")
    strict = parser.add_mutually_exclusive_group()
    strict.add_argument("--strict", dest="strict", action="store_true", default=None,
                        help="refuse words that are not in the dictionary when declared "
                             "(default in solo play)")
    strict.add_argument("--no-strict", dest="strict", action="store_false",
                        help="let words stand unless challenged (default with 2+ players)")
    parser.add_argument("--sheets", metavar="DIR",
                        help="write each player's score sheet (SVG) into DIR at the end")
    parser.add_argument("--echo", action="store_true", default=None,
                        help="repeat each command read (useful when replaying a script)")
    parser.set_defaults(handler=_run)


def _run(args) -> int:
    import random
    import sys
    from pathlib import Path

    from wordboard.dexikon.cards import load_card_set
    from wordboard.dexikon.console import Console
    from wordboard.dexikon.engine import Game, IllegalAction
    from wordboard.dexikon.scoring import VARIANTS
    from wordboard.dictionary import load_dictionary
    from wordboard.errors import UserError

    if args.players < 1:
        raise UserError(f"--players: expected 1 or more, not {args.players}")
    card_set = load_card_set(args.cards)
    names = ([n.strip() for n in args.names.split(",")] if args.names
             else [f"Player {i + 1}" for i in range(args.players)])
    if args.names and len(names) != args.players:
        raise UserError(f"--names gives {len(names)} names for {args.players} players")
    if any(not n for n in names):
        raise UserError("--names: a name is empty")
    if len({n.lower() for n in names}) != len(names):
        raise UserError("--names: two players have the same name")
    specials: list[int] = []
    if args.special_penalties:
        try:
            specials = [int(x) for x in args.special_penalties.split(",")]
        except ValueError:
            raise UserError("--special-penalties: expected numbers like 0,2") from None
    first = None
    if args.first is not None:
        if not 1 <= args.first <= args.players:
            raise UserError(f"--first: expected 1 to {args.players}")
        first = args.first - 1
    sheets = Path(args.sheets) if args.sheets else None
    if sheets is not None:
        _check_writable(sheets)          # before the game, not after it (the sheets would be lost)
    dictionary = load_dictionary(args.lexicon)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    try:
        game = Game(card_set, dictionary, names, seed=seed, variant=VARIANTS[args.variant],
                    special_penalties=specials, first_player=first, strict=args.strict)
    except IllegalAction as exc:
        raise UserError(exc.message) from None
    console = Console(game, sys.stdout, sheets_dir=sheets,
                      echo=args.echo if args.echo is not None else not sys.stdin.isatty())
    if args.seed is None:
        print(f"(seed {seed}: pass --seed {seed} to replay this game)")
    return console.run(sys.stdin)


def _check_writable(folder: Path) -> None:
    """``--sheets DIR`` can take the score sheets: the folder exists or can be made, and a file
    can be written in it; else one line (exit 2) before the game starts."""
    import tempfile

    from wordboard.errors import UserError

    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".wordboard-", suffix=".check"):
            pass
    except OSError as exc:
        raise UserError(f"--sheets {folder}: cannot write the score sheets there "
                        f"({exc.strerror or exc})") from None

