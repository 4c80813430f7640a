"""``wordboard play GAME``: play a game in the terminal (typed moves stand in for the board)."""

from __future__ import annotations

import importlib

# game name -> module with ``register(subparsers)`` adding the game's own parser.
# Each game's module keeps its imports light; the handler imports the engine.
PLAY_GAMES: dict[str, str] = {
    "lexulous": "wordboard.lexulous.terminal",
    "hexx": "wordboard.hexx.terminal",
    "extradiction": "wordboard.extradiction.terminal",
    "dexikon": "wordboard.dexikon.terminal",
}


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play a game in the terminal, typing what would be put on the board.",
    )
    games = parser.add_subparsers(dest="game", metavar="GAME", parser_class=type(parser))
    games.required = True
    for module in PLAY_GAMES.values():
        importlib.import_module(module).register(games)
