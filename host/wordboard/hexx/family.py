"""HEXX in the registry (see :mod:`wordboard.registry`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wordboard.registry import GameFamily


class HexxFamily(GameFamily):
    name = "hexx"
    title = "HEXX"
    kind = "hexx"
    editions = {"hexx": "standin"}
    default_lexicon = "wordgame"       # made for word games: club two-letter words, no abbreviations
    player_counts = (2, 2)
    terminal = "wordboard.hexx.terminal"
    letterless_tile = "*"              # no blanks: a tile with no letter the camera sees is a HEXX tile

    def __init__(self) -> None:
        self._codec: Any = None

    def codec(self) -> Any:
        if self._codec is None:
            from wordboard.hexx.codec import HexxCodec

            self._codec = HexxCodec()
        return self._codec

    def check_edition_file(self, path: str) -> None:
        from wordboard.hexx.edition import load_edition

        load_edition(Path(path))

    def start(self, journal: Any, edition: str, players: tuple[str, ...], *, seed: int,
              lexicon: str | None, options: Mapping[str, Any]) -> Any:
        from wordboard.hexx.codec import start_game

        return start_game(journal, players, seed=seed, lexicon=lexicon or "scowl:70",
                          edition=options.get("edition", edition))

    def adapter(self, jgame: Any, session: Any) -> Any:
        from wordboard.hexx.table import HexxAdapter

        return HexxAdapter(jgame)

    def players(self, session: Any, habits: Any) -> Any:
        from wordboard.hexx.players import HexxPlayers

        return HexxPlayers(session.controller, session.table, habits=habits, seed=session.jgame.info.seed or 0)

    def empty_scene(self, edition: str) -> tuple[int, int, Any]:
        from types import SimpleNamespace

        from wordboard.hexx.edition import load_edition
        from wordboard.leds import scenes

        layout = load_edition(edition).layout
        empty = SimpleNamespace(rows=layout.height, cols=layout.width, owners={}, placed=(), flipped=(),
                                squares=frozenset((s[0], s[1]) for s in layout.squares))
        return layout.height, layout.width, scenes.hexx_scene(empty)

    def view(self, game: Any, adapter: Any = None) -> dict[str, Any]:
        from wordboard.hexx.view import hexx_view

        return hexx_view(game, adapter)


FAMILY = HexxFamily()
