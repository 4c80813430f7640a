"""Dexikon in the registry (see :mod:`wordboard.registry`): cards laid in a row of slots."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wordboard.registry import GameFamily


class DexikonFamily(GameFamily):
    name = "dexikon"
    title = "Dexikon"
    kind = "dexikon"
    editions = {"dexikon": "standin"}
    player_counts = (1, 4)          # the rulebook's single-player game too (issue 37: one may play alone)
    solo = True                     # the rulebook's solo game, in the terminal (wordboard play dexikon -n 1)
    terminal = "wordboard.dexikon.terminal"

    def __init__(self) -> None:
        self._codec: Any = None

    def codec(self) -> Any:
        if self._codec is None:
            from wordboard.dexikon.codec import DexikonCodec

            self._codec = DexikonCodec()
        return self._codec

    def start(self, journal: Any, edition: str, players: tuple[str, ...], *, seed: int,
              lexicon: str | None, options: Mapping[str, Any]) -> Any:
        from wordboard.dexikon.codec import start_game

        return start_game(journal, players, seed=seed, lexicon=lexicon or "scowl:70",
                          variant=options.get("variant", "quick"))

    def adapter(self, jgame: Any, session: Any) -> Any:
        from wordboard.dexikon.table import DexikonAdapter

        return DexikonAdapter(jgame, camera_alone=session.config.sensing == "camera")

    def players(self, session: Any, habits: Any) -> Any:
        from wordboard.dexikon.table import DexikonPlayers

        return DexikonPlayers(session.controller, session.table, habits=habits, seed=session.jgame.info.seed or 0)

    def empty_scene(self, edition: str) -> tuple[int, int, Any]:
        from wordboard.dexikon.table import COLS, ROWS
        from wordboard.leds import scenes

        return ROWS, COLS, scenes.dexikon_scene(ROWS, COLS, scenes.card_rows(ROWS, COLS), ["next"])

    def view(self, game: Any, adapter: Any = None) -> dict[str, Any]:
        from wordboard.dexikon.view import dexikon_view

        return dexikon_view(game, adapter)


FAMILY = DexikonFamily()
