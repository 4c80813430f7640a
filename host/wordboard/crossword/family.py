"""Lexulous and Scrabble in the registry: one engine, two editions (see :mod:`wordboard.registry`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from wordboard.registry import GameFamily


class CrosswordFamily(GameFamily):
    name = "crossword"
    title = "Lexulous"
    kind = "lexulous"               # journals have always called the family's games so
    editions = {"lexulous": "lexulous", "scrabble": "scrabble"}
    twin_camera = True
    record_format = "gcg"
    default_lexicon = "wordgame"       # made for word games: club two-letter words, no abbreviations
    player_counts = (2, 4)
    terminal = "wordboard.crossword.terminal"
    clock = True

    def __init__(self) -> None:
        self._codec: Any = None

    def game_title(self, game: Any) -> str:
        return str(game.edition.name)

    def codec(self) -> Any:
        if self._codec is None:
            from wordboard.crossword.codec import LexulousCodec

            self._codec = LexulousCodec()
        return self._codec

    def check_edition_file(self, path: str) -> None:
        from wordboard.editions import load_edition

        load_edition(Path(path))

    def start(self, journal: Any, edition: str, players: tuple[str, ...], *, seed: int,
              lexicon: str | None, options: Mapping[str, Any]) -> Any:
        from wordboard.commands.common import open_edition
        from wordboard.crossword.codec import PHYSICAL
        from wordboard.journal import JournaledGame

        if options.get("edition"):              # an owner's own edition (checked before the game starts)
            edition = str(options["edition"])
            open_edition(edition)
            if Path(edition).is_file():         # the journal finds it again from any folder
                edition = str(Path(edition).resolve())

        # A game on the board has physical racks: the players draw from the real bag (the twin's
        # players too: they keep a real bag of their own that the engine never sees).
        extra: dict[str, Any] = {"first_player": int(options["first_player"])} if "first_player" in options else {}
        if options.get("challenge"):
            extra["challenge"] = str(options["challenge"])
        if options.get("clock"):                # a game clock: {"seconds", "increment", "penalty"}
            from wordboard.timecontrol import TimeControl

            extra["clock"] = TimeControl.from_json(options["clock"]).as_json()
        return JournaledGame.start(journal, self.kind, edition, players, seed=seed,
                                   options={"lexicon": lexicon, "racks": PHYSICAL, **extra})

    def adapter(self, jgame: Any, session: Any) -> Any:
        from wordboard.commands.common import open_lexicon
        from wordboard.crossword.table import CrosswordAdapter

        lexicon = session.lexicon
        dictionary = open_lexicon(lexicon) if lexicon else None
        dawg = None
        if dictionary is not None:
            from wordboard.crossword.dawgcache import dawg_for

            dawg = dawg_for(dictionary)
        return CrosswordAdapter(jgame, dictionary=dictionary, dawg=dawg, physical_racks=not session.twin)

    def players(self, session: Any, habits: Any) -> Any:
        from wordboard.crossword.players import ScriptedPlayers, computer_chooser

        chooser = computer_chooser(session.adapter, session.jgame.info.seed or 0, session.config.strength)
        return ScriptedPlayers(session.controller, session.table, chooser, habits=habits,
                               seed=session.jgame.info.seed or 0)

    def empty_scene(self, edition: str) -> tuple[int, int, Any]:
        from wordboard.editions import load_edition
        from wordboard.leds import scenes

        layout = load_edition(edition).board
        return layout.rows, layout.cols, scenes.crossword_scene(layout)

    def describe(self, game: Any) -> list[str]:
        return [game.board.render(), "scores: " + ", ".join(f"{p} {s}" for p, s in zip(game.players, game.scores))]

    def view(self, game: Any, adapter: Any = None) -> dict[str, Any]:
        from wordboard.crossword.view import crossword_view

        return crossword_view(game)

    def end_analysis(self, adapter: Any) -> Callable[[], dict[str, Any]] | None:
        """The missed best moves of a finished game (with the game's word graph)."""
        game, dawg = adapter.game, getattr(adapter, "dawg", None)
        if dawg is None:
            return None
        from wordboard.crossword.analysis import FinishedGame, analyse_game

        # the finished game's parts the analysis reads (the engine stays the controller's)
        frozen = FinishedGame(history=list(game.history), edition=game.edition, players=tuple(game.players))

        def analyse() -> dict[str, Any]:
            result = analyse_game(frozen, dawg)
            return {"moves": [m.as_json() for m in result.moves], "missed": result.missed_by_player(),
                    "best_found": {k: list(v) for k, v in result.best_found_by_player().items()}}
        return analyse


FAMILY = CrosswordFamily()
