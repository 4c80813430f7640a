"""Noughts in the registry: the one description the board, the journal and the screen need."""

from __future__ import annotations

from typing import Any

from wordboard.registry import GameFamily


class NoughtsFamily(GameFamily):
    name = "noughts"
    title = "Noughts"
    kind = "noughts"
    editions = {"noughts": "standard"}
    player_counts = (2, 2)

    def codec(self) -> Any:
        from tests.toygame.table import NoughtsCodec

        return NoughtsCodec()

    def start(self, journal, edition, players, *, seed, lexicon, options) -> Any:
        from wordboard.journal import JournaledGame

        return JournaledGame.start(journal, self.kind, edition, players[:2], seed=seed)

    def adapter(self, jgame, session) -> Any:
        from tests.toygame.table import NoughtsAdapter

        return NoughtsAdapter(jgame)

    def players(self, session, habits) -> Any:
        from tests.toygame.table import NoughtsPlayers

        return NoughtsPlayers(session.controller, session.table, habits=habits, seed=session.jgame.info.seed or 0)

    def view(self, game, adapter=None) -> dict[str, Any]:
        from tests.toygame.table import view

        return view(game)

    def empty_scene(self, edition: str) -> tuple[int, int, Any]:
        from wordboard.leds.frame import Frame

        return 3, 3, Frame(3, 3)
