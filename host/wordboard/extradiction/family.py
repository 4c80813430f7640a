"""eXtraDICTION in the registry (see :mod:`wordboard.registry`): the children's spelling game,
whose letters are written on the board and read by the camera."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wordboard.registry import WRITTEN, GameFamily


class ExtradictionFamily(GameFamily):
    name = "extradiction"
    title = "eXtraDICTION"
    kind = "extradiction"
    editions = {"extradiction": "standin"}
    sensing = WRITTEN
    for_children = True
    default_lexicon = "scowl:50"        # everyday words for children (extradiction.codec.DEFAULT_LEXICON)
    min_settle = 0.5
    quick_options = {"turns": 4}
    player_counts = (1, 4)              # the rulebook recommends 1 or 2 (Level 3: 2, else the adult reads)
    terminal = "wordboard.extradiction.terminal"
    word_list_options = {"level": ("3", "speed")}    # Levels 1 and 2 check no word but the card's

    def __init__(self) -> None:
        self._codec: Any = None

    def codec(self) -> Any:
        if self._codec is None:
            from wordboard.extradiction.codec import ExtradictionCodec

            self._codec = ExtradictionCodec()
        return self._codec

    def check_edition_file(self, path: str) -> None:
        from wordboard.extradiction.edition import load_edition

        load_edition(Path(path))

    def check_cards_file(self, path: str) -> None:
        from wordboard.extradiction.cards import load_cards

        load_cards(path)

    def option_default(self, name: str) -> str | None:
        return "3" if name == "level" else None

    def start(self, journal: Any, edition: str, players: tuple[str, ...], *, seed: int,
              lexicon: str | None, options: Mapping[str, Any]) -> Any:
        from wordboard.extradiction.codec import DEFAULT_COLOURS, start_game

        return start_game(journal, players, seed=seed, lexicon=lexicon or self.default_lexicon,
                          level=str(options.get("level") or self.option_default("level")), turns=int(options.get("turns", 10)),
                          edition=options.get("edition", edition),
                          colours=str(options.get("colours") or DEFAULT_COLOURS), cards=options.get("cards"))

    def adapter(self, jgame: Any, session: Any) -> Any:
        from wordboard.extradiction.table import ExtradictionAdapter

        return ExtradictionAdapter(jgame)

    def players(self, session: Any, habits: Any) -> Any:
        from wordboard.extradiction.table import ExtradictionPlayers

        return ExtradictionPlayers(session.controller, session.table, habits=habits,
                                   seed=session.jgame.info.seed or 0)

    def empty_scene(self, edition: str) -> tuple[int, int, Any]:
        from wordboard.extradiction.edition import load_edition
        from wordboard.leds import scenes

        board = load_edition(edition)
        return board.rows, board.columns, scenes.extradiction_scene(board)

    def view(self, game: Any, adapter: Any = None) -> dict[str, Any]:
        from wordboard.extradiction.view import extradiction_view

        return extradiction_view(game)

    def clue_card(self, adapter: Any) -> tuple[Any, bool]:
        """The clue card being played; its word is shown at Level 1 (the child copies it) and
        once it was guessed (the word is being written)."""
        from wordboard.extradiction.engine import WordWanted

        game = adapter.game
        pending = game.pending
        card = getattr(pending, "card", None)
        if card is None:
            return None, False
        level = getattr(game, "level", None)
        return card, str(getattr(level, "value", level)) == "1" or isinstance(pending, WordWanted)


FAMILY = ExtradictionFamily()
