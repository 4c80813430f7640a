"""``wordboard play GAME``: play a game in the terminal (typed moves stand in for the board)."""

from __future__ import annotations

import importlib

from wordboard.commands import Subparsers


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play a game in the terminal, typing what would be put on the board.",
    )
    games = parser.add_subparsers(dest="game", metavar="GAME", parser_class=type(parser))
    games.required = True
    # Each family's terminal module (``GameFamily.terminal``) has ``register(subparsers)`` adding
    # the game's own parser; it keeps its imports light, the handler imports the engine.
    from wordboard import registry

    for family in registry.families():
        if family.terminal is not None:
            importlib.import_module(family.terminal).register(games)
