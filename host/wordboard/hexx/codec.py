"""HEXX games in the journal: how they start, how their moves and HEXX answers are written,
replayed and exported.
"""

from __future__ import annotations

from wordboard.controller.boardgames import dictionary
from wordboard.engine import Answer
from wordboard.errors import UserError
from wordboard.journal import GameInfo

DEFAULT_LEXICON = "scowl:70"


def encode_answer(decision, answer):
    from wordboard.hexx import DecisionKind

    kind = decision.kind
    if answer is None:
        return None
    if kind is DecisionKind.FLIP_TILES:
        return [s.name for s in answer]
    if kind in (DecisionKind.REMOVE_TILE, DecisionKind.TAKE_HEXX):
        return answer.name
    if kind is DecisionKind.METAMORPHOSIS:
        return {"square": answer.square.name, "letter": answer.letter, "hexx": answer.hexx,
                "direction": answer.direction.name}
    return answer


def decode_answer(decision, data):
    from wordboard.hexx import DecisionKind, Direction, Metamorphosis, Square
    from wordboard.hexx.game import ROLL

    kind = decision.kind
    if data is None:
        return None
    if kind is DecisionKind.ROLL and data == ROLL:
        return ROLL                  # rolled with the game's own seeded d20 when applied
    if kind is DecisionKind.FLIP_TILES:
        return tuple(Square.parse(s) for s in data)
    if kind in (DecisionKind.REMOVE_TILE, DecisionKind.TAKE_HEXX):
        return Square.parse(data)
    if kind is DecisionKind.METAMORPHOSIS:
        return Metamorphosis(Square.parse(data["square"]), data["letter"], bool(data["hexx"]),
                             Direction[data["direction"]])
    if kind in (DecisionKind.VOWEL, DecisionKind.CONSONANT):
        return str(data)
    return int(data)


class HexxCodec:
    """HEXX games in the journal (see the module docs). Options: ``lexicon``, ``first``
    (``red``/``black``), ``s_makes_new_word``; the edition is the game's edition name or path."""

    kind = "hexx"

    def new_game(self, info: GameInfo):
        from wordboard.hexx import Colour, HexxGame, HexxOptions, load_edition

        options = info.options
        first = options.get("first")
        return HexxGame(load_edition(info.edition or "standin"), dictionary(options.get("lexicon", DEFAULT_LEXICON)),
                        seed=info.seed, options=HexxOptions(s_makes_new_word=bool(options.get("s_makes_new_word")),
                                                            # games journalled before the option: 6
                                                            idle_turns_end=options.get("idle_turns_end", 6)),
                        first_player=Colour(first) if first else None)

    def encode_move(self, move) -> dict:
        from wordboard.hexx import Discard, Pass, Play

        if isinstance(move, Play):
            return {"play": move.notation}
        if isinstance(move, Discard):
            return {"discard": move.tiles}
        if isinstance(move, Pass):
            return {"pass": True}
        raise TypeError(f"not a HEXX move: {move!r}")

    def decode_move(self, data: dict):
        from wordboard.hexx import Discard, Pass, Play

        if "play" in data:
            return Play.parse(data["play"])
        if "discard" in data:
            return Discard(data["discard"])
        if data.get("pass"):
            return Pass()
        raise ValueError(f"not a HEXX move: {data}")

    def check(self, game, event_type: str, data: dict) -> None:
        from wordboard.hexx import IllegalMoveError, Rule

        if event_type == "move":
            game.check(self.decode_move(data))
        elif "hexx" in data:
            decision = game.pending
            if decision is None or decision.kind.name != data["hexx"]:
                raise IllegalMoveError(Rule.CHOICE, f"no {data['hexx']} decision is pending")
            verdict = game.dry_run(Answer(decode_answer(decision, data.get("answer"))))
            if not verdict.legal:
                raise IllegalMoveError(Rule.CHOICE, f"{data.get('answer')!r} is not a valid answer")
        elif "undo" in data and int(data.get("steps", 1)) > game.undo_depth:
            raise UserError("there is nothing to undo")

    def apply(self, game, event_type: str, data: dict) -> None:
        if event_type == "move":
            game.play(self.decode_move(data))
        elif "hexx" in data:
            game.push(Answer(decode_answer(game.pending, data.get("answer"))))
        elif "undo" in data:
            for _ in range(int(data.get("steps", 1))):
                game.pop()

    def result(self, game):
        r = game.result
        if r is None:
            return None
        return {"red": r.red, "black": r.black, "reason": r.reason,
                "winner": r.winner.value if r.winner else None}

    def export(self, game, fmt: str, info=None) -> str:
        raise UserError(f"HEXX games export as json, not {fmt}")


def start_game(journal, players, *, seed: int, lexicon: str = DEFAULT_LEXICON, edition: str = "standin"):
    """A new journalled HEXX game: the first player named is red, the second black."""
    from wordboard.journal import JournaledGame

    return JournaledGame.start(journal, "hexx", edition, tuple(players)[:2], seed=seed,
                               options={"lexicon": lexicon, "idle_turns_end": None})
