"""Noughts on the board: its journal codec, its table adapter, its scripted players, its view."""

from __future__ import annotations

import random

from tests.toygame.engine import SIZE, Noughts, Pass, Place
from wordboard.controller import questions as q
from wordboard.controller.adapters import Assessment, Committed, TableAdapter
from wordboard.controller.players import Intent, TablePlayers
from wordboard.errors import UserError
from wordboard.leds.frame import Frame
from wordboard.rules import Square

KIND = "noughts"


class NoughtsCodec:
    kind = KIND

    def new_game(self, info):
        return Noughts(info.players)

    def encode_move(self, move) -> dict:
        return {"move": Noughts(("x",)).move_text(move)}

    def check(self, game, event_type: str, data: dict) -> None:
        if event_type == "move":
            verdict = game.dry_run(game.parse_move(data["move"]))
            if not verdict.legal:
                raise verdict.error
        elif "undo" in data and not game.can_pop():
            raise UserError("there is no move to undo")

    def apply(self, game, event_type: str, data: dict) -> None:
        if event_type == "move":
            game.push(game.parse_move(data["move"]))
        elif "undo" in data:
            game.pop()

    def result(self, game):
        outcome = game.outcome()
        if outcome is None:
            return None
        return {"final": list(game.scores), "winners": [game.players.index(w) for w in outcome.winners]}

    def export(self, game, fmt: str, info=None) -> str:
        raise UserError(f"Noughts games export as json, not {fmt}")


class NoughtsAdapter(TableAdapter):
    kind = KIND
    rows = cols = SIZE

    def __init__(self, jgame):
        self.jgame = jgame
        self.game = jgame.game
        self.proposals_committed = 0
        self.last_committed_move = None

    def committed_tiles(self) -> dict:
        return dict(self.game.board)

    def base_scene(self, occupied, t: float = 0.0):
        return Frame(SIZE, SIZE)

    def assess(self, tiles, answers, *, live: bool = False) -> Assessment:
        squares = tuple(t.square for t in tiles)
        if not tiles:
            return Assessment("empty")
        if len(tiles) > 1:
            return Assessment("invalid", squares, at_fault=squares, message="one tile a turn")
        (tile,) = tiles
        move = Place(Square(*tile.square), tile.seen.tile or "?")
        verdict = self.game.dry_run(move)
        if not verdict.legal:
            return Assessment("invalid", squares, at_fault=squares, message=verdict.error.message)
        return Assessment("valid", squares, move=move, score=verdict.score, word_squares=squares,
                          message=f"{verdict.score} points")

    def commit(self, assessment: Assessment) -> Committed:
        player = self.player_to_move()
        self.jgame.play(assessment.move)
        self.proposals_committed += 1
        self.last_committed_move = assessment.move
        return Committed(assessment.squares, f"{player} lays {assessment.move.letter}: {assessment.score}")

    def nothing_placed(self):
        if self.over:
            return None
        return q.Question(q.TURN, f"No tile was put down. {self.player_to_move()}: pass or carry on?",
                          ("pass", "carry on"))

    def answer_turn(self, question, value: str):
        if value != "pass":
            return None
        player = self.player_to_move()
        self.jgame.play(Pass())
        return Committed((), f"{player} passes")

    def undo(self):
        if not self.game.can_pop():
            return None
        player, move, _ = self.game.history[-1]
        self.jgame.record("decision", {"undo": "undo button"})
        return Committed(tuple(getattr(move, "square", ()) and (move.square,)), f"{self.game.players[player]}'s "
                         "move is taken back")

    def hint(self) -> tuple:
        return ()

    @property
    def over(self) -> bool:
        return self.game.is_over

    def player_to_move(self) -> str:
        return self.game.players[self.game.current]

    def scores_text(self) -> str:
        return "   ".join(f"{n} {s}" for n, s in zip(self.game.players, self.game.scores))

    def board_text(self, highlight=()) -> str:
        return "\n".join("".join(self.game.board.get(Square(r, c), ".") for c in range(SIZE)) for r in range(SIZE))

    def result_text(self) -> str:
        outcome = self.game.outcome()
        return outcome.result_text() if outcome else ""

    def winner_squares(self) -> tuple:
        return ()


class NoughtsPlayers(TablePlayers):
    """The twin's players: each lays a random letter on a random empty square."""

    def wants_move(self) -> bool:
        return not self.game.is_over

    def intend(self, rng: random.Random) -> Intent | None:
        empty = [Square(r, c) for r in range(SIZE) for c in range(SIZE) if Square(r, c) not in self.game.board]
        if not empty:
            return None
        square, letter = rng.choice(empty), rng.choice("ABCDEFGHIJKLMNOPRSTUW")
        return Intent(Place(square, letter), {(square.row, square.col): letter})


def view(game) -> dict:
    return {"type": "generic", "title": "Noughts",
            "tiles": {f"{s.row},{s.col}": {"letter": letter} for s, letter in game.board.items()},
            "players": [{"name": n, "score": s} for n, s in zip(game.players, game.scores)],
            "to_move": None if game.is_over else game.current,
            "history": [{"n": i + 1, "player": p, "name": game.players[p], "kind": "play",
                         "text": game.move_text(m), "score": s} for i, (p, m, s) in enumerate(game.history)]}
