"""Dexikon games in the journal: how they start, how their actions are written, replayed and
exported.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from wordboard.controller.boardgames import dictionary
from wordboard.errors import UserError
from wordboard.journal import GameInfo, JsonObject

if TYPE_CHECKING:
    from wordboard.dexikon.engine import Action, Game
    from wordboard.journal import Journal, JournaledGame


class DexikonCodec:
    kind = "dexikon"

    def new_game(self, info: GameInfo) -> Game:
        from wordboard.dexikon.cards import load_card_set
        from wordboard.dexikon.engine import Game
        from wordboard.dexikon.scoring import VARIANTS

        options = info.options
        return Game(load_card_set(options.get("cards")), dictionary(options.get("lexicon", "scowl:70")),
                    list(info.players), seed=info.seed, variant=VARIANTS[options.get("variant", "quick")],
                    first_player=options.get("first_player"), strict=options.get("strict"))

    def encode_move(self, action: Action) -> JsonObject:
        data: JsonObject = {"action": type(action).__name__}
        for f in dataclasses.fields(action):
            value = getattr(action, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        return data

    def decode_move(self, data: JsonObject) -> Action:
        from wordboard.dexikon import engine

        cls = getattr(engine, data["action"], None)
        if cls is None or not (isinstance(cls, type) and issubclass(cls, engine.Action)):
            raise ValueError(f"not a Dexikon action: {data}")
        kwargs: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.name in data:
                value = data[f.name]
                kwargs[f.name] = tuple(value) if isinstance(value, list) else value
        return cls(**kwargs)

    def check(self, game: Game, event_type: str, data: JsonObject) -> None:
        if event_type == "move":
            action = self.decode_move(data)
            game.check(action)
            from wordboard.dexikon.engine import DefendDecision, Insist

            pending = game.pending
            if isinstance(action, Insist) and isinstance(pending, DefendDecision):
                # the dictionary decides the challenge: asked now, so that the journal keeps its
                # verdict with the event and a rebuild never asks a word list that has changed
                game.dictionary.is_word(pending.word)

    def apply(self, game: Game, event_type: str, data: JsonObject) -> None:
        if event_type == "move":
            game.play(self.decode_move(data))

    def result(self, game: Game) -> JsonObject | None:
        r = game.result
        if r is None:
            return None
        return {"scores": [{"name": s.name, "total": s.total} for s in r.scores],
                "places": [[place, s.name] for place, s in r.places]}

    def export(self, game: Game, fmt: str, info: GameInfo | None = None) -> str:
        raise UserError(f"Dexikon games export as json, not {fmt}")


def start_game(journal: Journal, players: Sequence[str], *, seed: int, lexicon: str = "scowl:70",
               variant: str = "quick") -> JournaledGame:
    from wordboard.journal import JournaledGame

    return JournaledGame.start(journal, "dexikon", "standin", tuple(players), seed=seed,
                               options={"lexicon": lexicon, "variant": variant})
