"""``wordboard hint`` (the best plays for a rack) and ``wordboard blank`` (what a blank can be).

The board is empty, or the position of a game record (GCG) before one of its moves.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

from wordboard.commands import Subparsers

if TYPE_CHECKING:  # imported when used, so that ``wordboard --help`` stays fast
    from wordboard.crossword.board import Board, Square
    from wordboard.crossword.dawg import Dawg
    from wordboard.crossword.replay import ReplayStep
    from wordboard.dictionary import Dictionary
    from wordboard.editions import Edition
    from wordboard.gcg import GameRecord

LEXICON_HELP = ("word list: a file with one word per line, wamerican, wbritish or scowl:SIZE "
                "(default: wordgame, the list Lexulous and Scrabble play with)")


def _position_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", metavar="GAME.gcg", default=None,
                        help="take the board from this game record (default: an empty board)")
    parser.add_argument("--turn", type=int, default=None, metavar="N",
                        help="the board before the record's N-th move (default: after its last)")
    parser.add_argument("--edition", metavar="NAME|PATH", default=None,
                        help="board and tile set (default: the record's edition note, else scrabble)")
    parser.add_argument("--lexicon", metavar="LIST|PATH", default="wordgame", help=LEXICON_HELP)


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "hint", help="the best plays for a rack",
        description="List the best legal plays for RACK (? for a blank) on an empty board or on the "
                    "board of a game record, with the squares each puts tiles on: ranked by equity "
                    "(the score plus the value of the tiles kept; when the bag is empty, the score "
                    "and the racks' values), with the exchange to make instead when one is worth "
                    "more, or by score (--by score).")
    parser.add_argument("rack", metavar="RACK", help="the tiles on the rack, e.g. AEINRS?")
    parser.add_argument("--top", type=int, default=10, metavar="N", help="how many plays (default 10)")
    parser.add_argument("--by", choices=("equity", "score"), default="equity",
                        help="rank by equity (score plus the value of the tiles kept, as Quackle and "
                             "Woogles do; the default) or by score")
    _position_arguments(parser)
    parser.set_defaults(handler=run_hint)

    parser = subparsers.add_parser(
        "blank", help="which letters a blank put on the board can stand for",
        description="A play with blanks whose letters are not known yet: POSITION (8D across, D8 "
                    "down) and WORD, with ? for such a blank, . for a tile already on the board and a "
                    "lower-case letter for a blank already named. Prints every letter that makes all "
                    "the words valid; with exactly one, the blank can be assigned without asking.")
    parser.add_argument("position", metavar="POSITION", help="where the word starts: 8D or D8")
    parser.add_argument("word", metavar="WORD", help="the main word, e.g. QU?T or .A?E")
    _position_arguments(parser)
    parser.set_defaults(handler=run_blank)


def load_position(args: argparse.Namespace) -> tuple[Edition, Board, GameRecord | None]:
    """(edition, board, record or None) for ``--game``/``--turn``/``--edition``."""
    from wordboard import gcg
    from wordboard.commands.common import edition_for_record, open_edition
    from wordboard.crossword.board import Board
    from wordboard.crossword.replay import replay_record
    from wordboard.errors import UserError

    if args.game is None:
        if args.turn is not None:
            raise UserError("--turn needs --game")
        edition = open_edition(args.edition or "scrabble")
        return edition, Board(edition.board), None
    record = gcg.load(args.game)
    edition = edition_for_record(record, args.edition)
    boards: list[Board] = []
    state = {"board": Board(edition.board)}

    def on_step(step: ReplayStep) -> None:
        if isinstance(step.event, (gcg.Play, gcg.Exchange, gcg.Pass)):
            boards.append(state["board"])
        state["board"] = step.board.copy()

    replay_record(record, edition, None, on_step=on_step)
    if args.turn is None:
        return edition, state["board"], record
    if not 1 <= args.turn <= len(boards):
        raise UserError(f"--turn {args.turn}: {args.game} has moves 1-{len(boards)}")
    return edition, boards[args.turn - 1], record


def open_dawg(lexicon: str) -> tuple[Dictionary, Dawg]:
    from wordboard.commands.common import open_lexicon
    from wordboard.crossword.dawgcache import dawg_for
    from wordboard.errors import UserError

    dictionary = open_lexicon(lexicon)
    if dictionary is None:
        raise UserError("this command needs a word list: give --lexicon")
    return dictionary, dawg_for(dictionary)


def run_hint(args: argparse.Namespace) -> int:
    from wordboard.crossword.hint import exchange_hint, hint
    from wordboard.crossword.movegen import rack_counts
    from wordboard.errors import UserError

    if args.top < 1:
        raise UserError("--top must be at least 1")
    rack = args.rack.upper()
    if not rack:
        raise UserError("the rack is empty: give its tiles, e.g. AEINRS? (? for a blank)")
    try:
        rack_counts(rack)
    except ValueError as exc:
        raise UserError(f"rack {args.rack!r}: {exc}") from None
    edition, board, _ = load_position(args)
    check_rack(rack, edition, board)
    _, dawg = open_dawg(args.lexicon)
    hints = hint(board, edition, rack, dawg, args.top, by=args.by)
    swap = exchange_hint(board, edition, rack, hints) if args.by == "equity" else None
    lit = frozenset(hints[0].squares) if hints else frozenset()
    print(board.render(lit))
    if not hints:
        print(f"no play for {args.rack.upper()}")
    else:
        print(f"best plays for {args.rack.upper()} by {args.by} ([ ] marks the first):")
        for h in hints:
            tiles = " ".join(str(p) for p in h.play.placements)
            print(f"{h}   {tiles}")
    if swap is not None:
        print(f"better than any play: swap {swap.swap}, keeping {swap.keep or 'nothing'} "
              f"(equity {swap.equity:.1f})")
    return 0


def check_rack(rack: str, edition: Edition, board: Board) -> None:
    """``UserError`` unless ``rack`` fits the edition's rack and the tiles not on ``board``."""
    from collections import Counter

    from wordboard.errors import UserError

    size = edition.tiles.rack_size
    if len(rack) > size:
        raise UserError(f"rack {rack}: {len(rack)} tiles, but a {edition.name} rack holds {size}")
    left = Counter(edition.tiles.counts)
    for _, on_board in board.tiles():
        left["?" if on_board.blank else on_board.letter] -= 1
    for tile, n in sorted(Counter(rack).items()):
        if n > max(left[tile], 0):
            name = "blank" if tile == "?" else tile
            raise UserError(f"rack {rack}: {n} x {name}, but only {max(left[tile], 0)} "
                            f"{'is' if left[tile] == 1 else 'are'} left off the board in {edition.name}")


def run_blank(args: argparse.Namespace) -> int:
    from wordboard.crossword.board import Square, square_name
    from wordboard.crossword.hint import infer_blanks
    from wordboard.crossword.moves import parse_position
    from wordboard.errors import UserError

    edition, board, _ = load_position(args)
    dictionary, _ = open_dawg(args.lexicon)
    try:
        (row, col), across = parse_position(args.position)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    dr, dc = (0, 1) if across else (1, 0)
    if not args.word:
        raise UserError("WORD is empty: give the main word, e.g. QU?T")
    tiles: list[tuple[Square, str]] = []
    for i, ch in enumerate(args.word):
        square = Square(row + dr * i, col + dc * i)
        if not board.on_board(square):
            raise UserError(f"{args.word} at {args.position} runs off the board")
        if ch != "?" and ch != "." and not (ch.isascii() and ch.isalpha()):
            raise UserError(f"{args.word}: {ch!r} is not a letter, ? or .")
        there = board[square]
        if there is not None:
            if ch not in (".", there.letter, str(there)):
                raise UserError(f"{args.word}: {square_name(square)} already holds {there}; "
                                f"write . (or {there}) for it")
            continue
        if ch == ".":
            raise UserError(f"{args.word}: {square_name(square)} is empty, so it needs a letter or ?")
        tiles.append((square, ch))
    if not any(ch == "?" for _, ch in tiles):
        raise UserError(f"{args.word}: no ? (a blank whose letter is unknown)")
    found = infer_blanks(board, edition, tiles, dictionary)
    if not found.choices:
        # Whatever the letters: is the placement itself illegal (off the centre, not touching)?
        reason = _placement_problem(board, edition, tiles)
        if reason:
            raise UserError(f"{args.word} at {args.position}: {reason}")
        print("no letter makes every word valid")
        return 1
    for letters, scored in found.choices:
        words = ", ".join(w.display for w in scored.words)
        print(f"{letters}: {words} ({scored.score})")
    if found.assignable:
        print(f"assignable: the blank is {found.letters[0]}")
    else:
        print(f"{len(found.choices)} choices: ask the player")
    return 0


class _AnyWord:
    """A word list that holds every word: to ask whether a placement is legal at all."""

    def __contains__(self, word: object) -> bool:
        return True


def _placement_problem(board: Board, edition: Edition, tiles: Sequence[tuple[Square, str]]) -> str | None:
    """Why putting ``tiles`` down is illegal whatever the blanks stand for, or ``None``."""
    from wordboard.crossword.moves import Placement, Play
    from wordboard.crossword.scoring import IllegalMove, evaluate_play

    play = Play(tuple(Placement(r, c, "A" if ch == "?" else ch.upper(), ch == "?" or ch.islower())
                      for (r, c), ch in tiles))
    try:
        evaluate_play(board, edition, play, _AnyWord())
    except IllegalMove as exc:
        return str(exc)
    return None
