"""``wordboard play lexulous``: Lexulous (or Scrabble) against the computer, in a terminal.

Each of your turns reads one line: a play as records write it (``8D WORD``: across from D8,
``D8 WORD``: down; ``.`` or the letter for tiles already on the board, a lower-case letter for
a blank), ``swap TILES``, ``pass``, ``hint``, ``unseen`` (the tracking sheet: every tile you
cannot see), ``board`` or ``quit``. Lines come from standard
input, so a game can be scripted; at the end of input the game stops.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from wordboard import registry


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "lexulous", help="Lexulous or Scrabble against the computer",
        description="Play Lexulous (or Scrabble, --edition scrabble) against the computer. Type a "
                    "play as 8D WORD (across) or D8 WORD (down), lower case for a blank; or swap "
                    "TILES, pass, hint, unseen, board, quit.")
    parser.add_argument("--edition", default="lexulous", metavar="NAME|PATH",
                        help="lexulous, scrabble or an edition file (default lexulous)")
    parser.add_argument("--lexicon", default=registry.family("crossword").default_lexicon, metavar="LIST|PATH",
                        help="word list (default: %(default)s, the one the board plays with)")
    parser.add_argument("--strength", choices=("best", "casual"), default="casual",
                        help="the computer's strength (default casual)")
    parser.add_argument("--name", default="You", help="your name")
    parser.add_argument("--seed", type=int, default=None, help="seed, to replay a game")
    parser.add_argument("--journal", metavar="PATH", default=None,
                        help="the journal the game is saved in (default: the board's, in the data folder), "
                             "so that wordboard games lists, exports and analyses it")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    from wordboard.commands.common import open_edition
    from wordboard.commands.hint import open_dawg

    edition = open_edition(args.edition)
    dictionary, dawg = open_dawg(args.lexicon)
    return play(edition, dictionary, dawg, strength=args.strength, name=args.name, seed=args.seed,
                stdin=stdin or sys.stdin, stdout=stdout or sys.stdout, edition_name=args.edition,
                lexicon=args.lexicon, journal=getattr(args, "journal", None))


def play(edition, dictionary, dawg, *, strength: str, name: str, seed: int | None, stdin: TextIO,
         stdout: TextIO, edition_name: str | None = None, lexicon: str | None = None,
         journal: str | None = None) -> int:
    """The game, saved move by move in the journal like a game on the board."""
    import random

    from wordboard.controller.session import TERMINAL_MODE
    from wordboard.errors import UserError
    from wordboard.journal import Journal, JournaledGame, default_path

    if name.strip().lower() == "computer":
        raise UserError("choose another name than Computer")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    with Journal(journal or default_path()) as book:
        jgame = JournaledGame.start(book, "lexulous", edition_name or edition.name.lower(), [name, "Computer"],
                                    seed=seed, options={"lexicon": lexicon, "mode": TERMINAL_MODE})
        return _play(jgame, edition, dictionary, dawg, strength=strength, name=name, seed=seed,
                     stdin=stdin, stdout=stdout)


def _play(jgame, edition, dictionary, dawg, *, strength: str, name: str, seed: int, stdin: TextIO,
          stdout: TextIO) -> int:
    from wordboard.crossword import Exchange, IllegalMove, Pass, Play
    from wordboard.crossword.hint import game_situation, hint
    from wordboard.crossword.opponent import Opponent

    game = jgame.game
    game.dictionary = dictionary
    computer = Opponent(dawg, edition, strength, seed=seed)

    def push(move):
        jgame.play(move)                      # in the journal before it is shown
        return game.history[-1]

    def say(text: str = "") -> None:
        print(text, file=stdout, flush=True)

    def show(last=frozenset()) -> None:
        say(game.board.render(last))
        say("   " + "   ".join(f"{p} {s}" for p, s in zip(game.players, game.scores))
            + f"   bag {game.bag_count}")

    say(f"{edition.name}: {name} against the computer ({strength}). Type 'help' for the commands. "
        f"Saved as game {jgame.id} in the journal.")
    show()
    while not game.is_over:
        if game.current == 1:
            choice = computer.choose(game)
            what = choice.candidate.notation(game.board) if choice.candidate else ""
            turn = push(choice.move)
            if isinstance(choice.move, Play):
                say(f"Computer plays {what} for {turn.score}")
                show(frozenset(choice.move.squares))
            elif isinstance(choice.move, Exchange):
                say(f"Computer swaps {len(choice.move.tiles)} tiles")
            else:
                say("Computer passes")
            continue
        rack = game.rack(0)
        stdout.write(f"your rack: {rack}> ")
        stdout.flush()
        line = stdin.readline()
        if not line:
            say()
            say("end of input: the game stops here")
            return 0
        words = line.split()
        if not words:
            continue
        command = words[0].lower()
        try:
            if command in ("quit", "exit"):
                return 0
            if command == "help":
                say(__doc__.split("\n\n")[1].replace("\n", " ").replace("``", ""))
                continue
            if command == "board":
                show()
                continue
            if command == "unseen":
                unseen = game.unseen_tiles(0)
                say(f"unseen ({len(unseen)} tiles: the bag and the other rack): "
                    + " ".join(unseen[i:i + 10] for i in range(0, len(unseen), 10)))
                continue
            if command == "hint":
                for h in hint(game.board, edition, rack, dawg, 5, situation=game_situation(game)):
                    say(str(h))
                continue
            if command == "pass":
                push(Pass())
                say("you pass")
                continue
            if command in ("swap", "exchange"):
                tiles = words[1].upper() if len(words) > 1 else ""
                missing = _not_on_rack(tiles, rack)
                if missing:
                    say(f"not allowed: your rack {rack} has no {missing} to swap")
                    continue
                push(Exchange(tiles))
                say(f"you drew {game.history[-1].drawn}")
                continue
            if len(words) != 2:
                say("type a play as 8D WORD (or D8 WORD), swap TILES, pass, hint, unseen, board or quit")
                continue
            move = Play.from_notation(words[0], words[1], game.board)
            turn = push(move)
            say(f"{', '.join(w.display for w in turn.words)}: {turn.score} points")
        except IllegalMove as exc:
            say(f"not allowed: {exc}")
        except ValueError as exc:
            say(f"cannot read that: {exc}")
    result = game.result
    show()
    say("game over: " + ", ".join(f"{p} {s}" for p, s in zip(game.players, result.final)) + "; "
        + " and ".join(game.players[w] for w in result.winners) + " won")
    return 0



def _not_on_rack(tiles: str, rack: str) -> str:
    """The tiles of ``tiles`` that ``rack`` lacks (as many as are missing), or ""."""
    left = list(rack.upper())
    missing = []
    for tile in tiles.upper():
        if tile in left:
            left.remove(tile)
        else:
            missing.append(tile)
    return "".join(missing)
