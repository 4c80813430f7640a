"""Every legal play for a rack, found the plain way: pattern queries over every stretch of every line.

For each row and column and each stretch of squares that could hold a word (empty squares on
either side, at least one empty square inside, touching the tiles already played, or covering
the centre on the first move), the squares become a pattern: the letters already there, and for
each empty square the letters that are on the rack (any letter with a blank) and that make a
word across it (its cross-check). The dictionary lists the words that fit; each is scored by the
rules engine, with every way of using the blanks. Nothing is missed, nothing illegal is listed:
the rules engine has the last word on every candidate.

It is simple rather than fast (about a second for a full rack on a 15 x 15 board with a 100k-word
list); a faster generator can be tested against it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Protocol, runtime_checkable

from wordboard.crossword.board import Board, Square
from wordboard.crossword.moves import Placement, Play
from wordboard.crossword.scoring import IllegalMove, ScoredPlay, evaluate_play
from wordboard.editions import BLANK, Edition

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@runtime_checkable
class PatternDictionary(Protocol):
    """What the finder asks of a word list (a :class:`wordboard.dictionary.Dictionary` has both):
    whether a word is in it, and the words that fit a pattern (one string of allowed letters per
    square)."""

    def __contains__(self, word: object, /) -> bool: ...
    def matching(self, pattern: Sequence[str], /) -> list[str]: ...


def legal_plays(board: Board, edition: Edition, rack: str,
                dictionary: PatternDictionary) -> list[ScoredPlay]:
    """Every legal play of tiles from ``rack`` (``?`` for blanks), best score first.

    ``dictionary`` needs ``in`` and ``matching(pattern)`` (see :mod:`wordboard.dictionary`).
    Plays with the same tiles on the same squares are listed once.
    """
    rack = rack.upper()
    counts = Counter(rack)
    blanks = counts.pop(BLANK, 0)
    playable = set(_LETTERS) if blanks else set(counts)
    found: dict[frozenset[Placement], ScoredPlay] = {}
    for across in (True, False):
        for squares in _lines(board, across):
            for window in _windows(board, edition, squares, len(rack), across):
                pattern: list[str] = []
                for square in window:
                    tile = board[square]
                    if tile is not None:
                        pattern.append(tile.letter)
                        continue
                    allowed = _cross_check(board, square, across, dictionary)
                    allowed = playable if allowed is None else allowed & playable
                    if not allowed:
                        break
                    pattern.append("".join(sorted(allowed)))
                else:
                    for word in dictionary.matching(pattern):
                        for play in _plays_for(board, window, word, counts, blanks, across):
                            key = frozenset(play.placements)
                            if key in found:
                                continue
                            try:
                                found[key] = evaluate_play(board, edition, play, dictionary)
                            except IllegalMove:
                                pass
    return sorted(found.values(), key=lambda p: (-p.score, str(p.play)))


def _lines(board: Board, across: bool) -> Iterator[list[Square]]:
    if across:
        for r in range(board.rows):
            yield [Square(r, c) for c in range(board.cols)]
    else:
        for c in range(board.cols):
            yield [Square(r, c) for r in range(board.rows)]


def _windows(board: Board, edition: Edition, squares: list[Square], rack_size: int,
             across: bool) -> Iterator[list[Square]]:
    """Stretches of a line that a word could fill with 1..rack_size new tiles."""
    n = len(squares)
    occupied = [board[s] is not None for s in squares]
    first_move = board.is_empty()
    for start in range(n):
        if start and occupied[start - 1]:
            continue
        empties = 0
        anchored = False
        for end in range(start, n):
            if occupied[end]:
                anchored = True
            else:
                empties += 1
                if empties > rack_size:
                    break
                square = squares[end]
                if first_move:
                    anchored = anchored or square == edition.board.centre
                else:
                    anchored = anchored or _touches(board, square)
            length = end - start + 1
            if length < 2 or not empties or not anchored:
                continue
            if end + 1 < n and occupied[end + 1]:
                continue
            if first_move and empties < edition.board.first_move_tiles:
                continue
            yield squares[start:end + 1]


def _touches(board: Board, square: Square) -> bool:
    r, c = square
    return any(board.occupied(s) for s in (Square(r - 1, c), Square(r + 1, c),
                                            Square(r, c - 1), Square(r, c + 1)))


def _cross_check(board: Board, square: Square, across: bool,
                 dictionary: PatternDictionary) -> set[str] | None:
    """Letters that make a word with the tiles above and below (for an across play), or ``None``
    when there are no such tiles."""
    dr, dc = (1, 0) if across else (0, 1)
    r, c = square
    before: list[str] = []
    after: list[str] = []
    rr, cc = r - dr, c - dc
    while (letter := _letter_at(board, Square(rr, cc))) is not None:
        before.append(letter)
        rr, cc = rr - dr, cc - dc
    rr, cc = r + dr, c + dc
    while (letter := _letter_at(board, Square(rr, cc))) is not None:
        after.append(letter)
        rr, cc = rr + dr, cc + dc
    if not before and not after:
        return None
    prefix, suffix = "".join(reversed(before)), "".join(after)
    return {letter for letter in _LETTERS if prefix + letter + suffix in dictionary}


def _letter_at(board: Board, square: Square) -> str | None:
    """The letter of the tile on ``square``; ``None`` when it is empty or off the board."""
    tile = board[square] if board.on_board(square) else None
    return None if tile is None else tile.letter


def _plays_for(board: Board, window: list[Square], word: str, counts: Counter[str], blanks: int,
               across: bool) -> Iterator[Play]:
    """Every way to put ``word`` on ``window`` with the rack: each new letter from a tile of that
    letter or from a blank."""
    new = [(square, letter) for square, letter in zip(window, word) if board[square] is None]

    def assign(i: int, left: Counter[str], blanks_left: int,
               chosen: list[Placement]) -> Iterator[Play]:
        if i == len(new):
            yield Play(tuple(chosen), across if len(chosen) == 1 else None)
            return
        (row, col), letter = new[i]
        if left[letter] > 0:
            left[letter] -= 1
            chosen.append(Placement(row, col, letter, False))
            yield from assign(i + 1, left, blanks_left, chosen)
            chosen.pop()
            left[letter] += 1
        if blanks_left:
            chosen.append(Placement(row, col, letter, True))
            yield from assign(i + 1, left, blanks_left - 1, chosen)
            chosen.pop()

    yield from assign(0, Counter(counts), blanks, [])
