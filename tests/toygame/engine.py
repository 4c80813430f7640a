"""Noughts' rules: pure, and the engine protocol (wordboard.engine) in full."""

from __future__ import annotations

from dataclasses import dataclass

from wordboard.engine import MOVE, OVER, Verdict, Waiting, dry_run_of
from wordboard.rules import IllegalMove, Outcome, RuleId, Square

SIZE = 3


class Rule(RuleId):
    OVER = "the game is over"
    ON_BOARD = "a tile goes on a square of the board"
    EMPTY = "a tile goes on an empty square"
    LETTER = "a tile is a letter from A to Z"
    UNDO = "only a move made can be taken back"


@dataclass(frozen=True)
class Place:
    square: Square
    letter: str


@dataclass(frozen=True)
class Pass:
    pass


Move = Place | Pass


class Noughts:
    def __init__(self, players: tuple[str, ...]):
        self.players = tuple(players)
        self.board: dict[Square, str] = {}
        self.scores = [0] * len(players)
        self.history: list[tuple[int, Move, int]] = []
        self.current = 0

    @property
    def player_names(self) -> tuple[str, ...]:
        return self.players

    @property
    def is_over(self) -> bool:
        return len(self.board) == SIZE * SIZE

    def waiting_for(self) -> Waiting:
        return Waiting(OVER, None) if self.is_over else Waiting(MOVE, self.current)

    def _score(self, move: Move) -> int:
        if self.is_over:
            raise IllegalMove(Rule.OVER, "the game is over")
        if isinstance(move, Pass):
            return 0
        square = move.square
        if not (0 <= square.row < SIZE and 0 <= square.col < SIZE):
            raise IllegalMove(Rule.ON_BOARD, f"{square} is off the board", [square])
        if square in self.board:
            raise IllegalMove(Rule.EMPTY, f"{square} is taken", [square])
        if len(move.letter) != 1 or not ("A" <= move.letter <= "Z"):
            raise IllegalMove(Rule.LETTER, f"{move.letter!r} is not a letter", [square])
        return 1 + sum(1 for s in self.board if s.row == square.row or s.col == square.col)

    def dry_run(self, move: Move) -> Verdict:
        return dry_run_of(self._score, move)

    def push(self, move: Move) -> int:
        score = self._score(move)
        if isinstance(move, Place):
            self.board[move.square] = move.letter
        self.scores[self.current] += score
        self.history.append((self.current, move, score))
        self.current = (self.current + 1) % len(self.players)
        return score

    def can_pop(self) -> bool:
        return bool(self.history)

    def pop(self) -> Move:
        if not self.history:
            raise IllegalMove(Rule.UNDO, "there is no move to take back")
        player, move, score = self.history.pop()
        if isinstance(move, Place):
            del self.board[move.square]
        self.scores[player] -= score
        self.current = player
        return move

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        best = max(self.scores)
        return Outcome(dict(zip(self.players, self.scores)),
                       tuple(p for p, s in zip(self.players, self.scores) if s == best), "the board is full")

    def move_text(self, move: Move) -> str:
        return "pass" if isinstance(move, Pass) else f"{move.square} {move.letter}"

    def parse_move(self, text: str) -> Move:
        words = text.split()
        if words == ["pass"]:
            return Pass()
        if len(words) == 2:
            return Place(Square.parse(words[0]), words[1].upper())
        raise ValueError(f"not a move: {text!r} (SQUARE LETTER, or pass)")
