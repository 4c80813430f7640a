"""Where tiles may go, which words they form, and what they score (the rulebook's rules).

Pure functions of a board, an edition and the tiles played; :class:`~wordboard.crossword.Game`
adds the racks, the bag and the turns.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import dataclass

from wordboard import rules
from wordboard.crossword.board import Board, Square, Tile, square_name
from wordboard.crossword.moves import Play, format_position
from wordboard.editions import Edition
from wordboard.rules import RuleId


class Rule(RuleId):
    """The rules a crossword move can break, one per rule of the rulebook (ids as in records)."""

    EMPTY = "no-tiles"
    OFF_BOARD = "off-board"
    TAKEN = "square-taken"
    TWICE = "same-square-twice"
    LETTER = "not-a-letter"
    ONE_LINE = "one-row-or-column"
    GAP = "no-gaps"
    CONNECTED = "touch-existing-tiles"
    FIRST_CENTRE = "first-move-on-centre"
    FIRST_TILES = "first-move-tile-count"
    NO_WORD = "forms-no-word"
    WORD = "words-in-dictionary"
    RACK = "tiles-from-rack"
    EXCHANGE = "exchange"
    TURN = "game-over"
    CHALLENGE = "challenge"


RULE_EMPTY = Rule.EMPTY
RULE_OFF_BOARD = Rule.OFF_BOARD
RULE_TAKEN = Rule.TAKEN
RULE_TWICE = Rule.TWICE
RULE_LETTER = Rule.LETTER
RULE_ONE_LINE = Rule.ONE_LINE
RULE_GAP = Rule.GAP
RULE_CONNECTED = Rule.CONNECTED
RULE_FIRST_CENTRE = Rule.FIRST_CENTRE
RULE_FIRST_TILES = Rule.FIRST_TILES
RULE_NO_WORD = Rule.NO_WORD
RULE_WORD = Rule.WORD
RULE_RACK = Rule.RACK
RULE_EXCHANGE = Rule.EXCHANGE
RULE_TURN = Rule.TURN
RULE_CHALLENGE = Rule.CHALLENGE


class IllegalMove(rules.IllegalMove):
    """A move the rules refuse. ``rule`` names the rule, ``squares`` are the squares at fault
    (for the LEDs), ``words`` the words not in the dictionary."""

    def __init__(self, rule: str, message: str, squares: Iterable[Square] = (),
                 words: tuple[str, ...] = ()):
        super().__init__(rule, message, squares)
        self.words = words


@dataclass(frozen=True)
class Word:
    """A word formed by a play, where it lies and what it scored."""

    text: str  # upper-case letters
    squares: tuple[Square, ...]
    across: bool
    score: int
    display: str  # blanks in lower case, as records write them

    @property
    def position(self) -> str:
        return format_position(self.squares[0], self.across)


@dataclass(frozen=True)
class ScoredPlay:
    """A legal placement with the words it forms (main word first) and its score."""

    play: Play
    words: tuple[Word, ...]
    bingo: int
    score: int

    @property
    def main(self) -> Word:
        return self.words[0]


def evaluate_play(board: Board, edition: Edition, play: Play,
                  dictionary: Container[str] | None = None) -> ScoredPlay:
    """Check a placement against the rules and score it; raise :class:`IllegalMove` if it breaks one.

    Rules, in the order they are checked: tiles on empty squares of the board, one row or column,
    no gaps (counting tiles already on the board), touching the tiles already played (or, on the
    first move, at least ``first_move_tiles`` tiles with one on the centre), forming a word of two
    letters or more; then every word formed must be in ``dictionary`` (skipped when ``None``).
    """
    layout = edition.board
    tiles = play.placements
    if not tiles:
        raise IllegalMove(RULE_EMPTY, "a play puts down at least one tile")
    new: dict[Square, Tile] = {}
    for p in tiles:
        if len(p.letter) != 1 or not ("A" <= p.letter <= "Z"):
            raise IllegalMove(RULE_LETTER, f"{p.letter!r} is not a letter A-Z", (p.square,))
        if not board.on_board(p.square):
            raise IllegalMove(RULE_OFF_BOARD, f"square ({p.row}, {p.col}) is off the board", ())
        if board[p.square] is not None:
            raise IllegalMove(RULE_TAKEN, f"{square_name(p.square)} already holds a tile", (p.square,))
        if p.square in new:
            raise IllegalMove(RULE_TWICE, f"two tiles on {square_name(p.square)}", (p.square,))
        new[p.square] = p.tile

    rows = {r for r, _ in new}
    cols = {c for _, c in new}
    if len(rows) > 1 and len(cols) > 1:
        raise IllegalMove(RULE_ONE_LINE, "the tiles of a play must be in one row or one column "
                          "(diagonal words are not allowed)", tuple(new))

    def at(square: Square) -> Tile | None:
        return new.get(square) or (board[square] if board.on_board(square) else None)

    def run(square: Square, across: bool) -> list[Square]:
        dr, dc = (0, 1) if across else (1, 0)
        r, c = square
        while at(Square(r - dr, c - dc)) is not None:
            r, c = r - dr, c - dc
        squares = []
        while at(Square(r, c)) is not None:
            squares.append(Square(r, c))
            r, c = r + dr, c + dc
        return squares

    if len(new) > 1:
        across = len(rows) == 1
    elif play.across is not None:
        across = play.across
    else:
        only = next(iter(new))
        across = len(run(only, True)) > 1 or len(run(only, False)) == 1

    first = min(new)
    main_squares = run(first, across)
    missing = [s for s in new if s not in main_squares]
    if missing:
        last = max(new)
        dr, dc = (0, 1) if across else (1, 0)
        gaps = []
        r, c = first
        while (r, c) != last:
            r, c = r + dr, c + dc
            if at(Square(r, c)) is None:
                gaps.append(Square(r, c))
        raise IllegalMove(RULE_GAP, "the tiles leave a gap: " + ", ".join(square_name(s) for s in gaps)
                          + " must be filled", tuple(gaps))

    if board.is_empty():
        if layout.centre not in new:
            raise IllegalMove(RULE_FIRST_CENTRE, f"the first word must cover the centre square "
                              f"{square_name(layout.centre)}", tuple(new))
        if len(new) < layout.first_move_tiles:
            raise IllegalMove(RULE_FIRST_TILES, f"the first move uses at least {layout.first_move_tiles} "
                              "tiles", tuple(new))
    else:
        touches = any(board.occupied(Square(r + dr, c + dc))
                      for r, c in new for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)))
        if not touches:
            raise IllegalMove(RULE_CONNECTED, "the play must touch tiles already on the board", tuple(new))

    words: list[Word] = []
    if len(main_squares) > 1:
        words.append(_score_word(main_squares, across, new, board, edition))
    for square in sorted(new):
        cross = run(square, not across)
        if len(cross) > 1:
            words.append(_score_word(cross, not across, new, board, edition))
    if not words:
        raise IllegalMove(RULE_NO_WORD, "a play must form a word of at least two letters", tuple(new))

    if dictionary is not None:
        bad = tuple(w.text for w in words if w.text not in dictionary)
        if bad:
            bad_squares = tuple(dict.fromkeys(s for w in words if w.text in bad for s in w.squares))
            raise IllegalMove(RULE_WORD, "not in the dictionary: " + ", ".join(bad), bad_squares, bad)

    bingo = edition.tiles.bingo.get(len(new), 0)
    return ScoredPlay(play, tuple(words), bingo, sum(w.score for w in words) + bingo)


def _score_word(squares: list[Square], across: bool, new: dict[Square, Tile], board: Board,
                edition: Edition) -> Word:
    """Letter premiums before word premiums; premiums only under the tiles played this turn; a
    blank scores nothing but its word premium still counts."""
    layout, tileset = edition.board, edition.tiles
    total, multiplier = 0, 1
    letters, display = [], []
    for square in squares:
        tile = new.get(square)
        placed_now = tile is not None
        if tile is None:
            tile = board[square]
            assert tile is not None  # a word runs over covered squares only
        value = tileset.points.get("?", 0) if tile.blank else tileset.points[tile.letter]
        if placed_now:
            value *= layout.letter_multiplier(*square)
            multiplier *= layout.word_multiplier(*square)
        total += value
        letters.append(tile.letter)
        display.append(str(tile))
    return Word("".join(letters), tuple(squares), across, total * multiplier, "".join(display))
