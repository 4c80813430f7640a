"""HEXX (Turn Up Games): words in 8 directions on a grid; every tile of the words a player makes
turns to that player's colour, red or black; six wild HEXX tiles cast one of 20 HEXX on a d20.

Public API (see :mod:`wordboard.hexx.game` for the rules and wordboard's decisions)::

    from wordboard.hexx import HexxGame, Play, Colour, load_edition
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wordboard.lazy import lazy_exports

if TYPE_CHECKING:  # what the lazy names below are, for the type checker (imported when used)
    from wordboard.hexx.board import AXES, Direction, Layout, Square
    from wordboard.hexx.edition import DEFAULT_EDITION, HAND_SIZE, Edition, load_edition, parse_edition
    from wordboard.hexx.effects import EFFECTS
    from wordboard.hexx.game import HexxGame, PlayPreview, Rule
    from wordboard.hexx.model import (
        BoardTile,
        Colour,
        Decision,
        DecisionKind,
        Discard,
        Event,
        FormedWord,
        GameResult,
        HexxEffect,
        HexxOptions,
        IllegalMoveError,
        LastingEffect,
        LastingKind,
        Metamorphosis,
        Move,
        Pass,
        Play,
        Tile,
        TurnRecord,
    )

# The public names and the modules they come from, imported when first used (wordboard.lazy).
_EXPORTS = {
    "AXES": "wordboard.hexx.board",
    "Direction": "wordboard.hexx.board",
    "Layout": "wordboard.hexx.board",
    "Square": "wordboard.hexx.board",
    "DEFAULT_EDITION": "wordboard.hexx.edition",
    "HAND_SIZE": "wordboard.hexx.edition",
    "Edition": "wordboard.hexx.edition",
    "load_edition": "wordboard.hexx.edition",
    "parse_edition": "wordboard.hexx.edition",
    "EFFECTS": "wordboard.hexx.effects",
    "HexxGame": "wordboard.hexx.game",
    "PlayPreview": "wordboard.hexx.game",
    "Rule": "wordboard.hexx.game",
    "BoardTile": "wordboard.hexx.model",
    "Colour": "wordboard.hexx.model",
    "Decision": "wordboard.hexx.model",
    "DecisionKind": "wordboard.hexx.model",
    "Discard": "wordboard.hexx.model",
    "Event": "wordboard.hexx.model",
    "FormedWord": "wordboard.hexx.model",
    "GameResult": "wordboard.hexx.model",
    "HexxEffect": "wordboard.hexx.model",
    "HexxOptions": "wordboard.hexx.model",
    "IllegalMoveError": "wordboard.hexx.model",
    "LastingEffect": "wordboard.hexx.model",
    "LastingKind": "wordboard.hexx.model",
    "Metamorphosis": "wordboard.hexx.model",
    "Move": "wordboard.hexx.model",
    "Pass": "wordboard.hexx.model",
    "Play": "wordboard.hexx.model",
    "Tile": "wordboard.hexx.model",
    "TurnRecord": "wordboard.hexx.model",
}

__all__ = [
    "AXES", "DEFAULT_EDITION", "EFFECTS", "HAND_SIZE", "BoardTile", "Colour", "Decision",
    "DecisionKind", "Direction", "Discard", "Edition", "Event", "FormedWord", "GameResult",
    "HexxEffect", "HexxGame", "HexxOptions", "IllegalMoveError", "LastingEffect", "LastingKind",
    "Layout", "Metamorphosis", "Move", "Pass", "Play", "PlayPreview", "Rule", "Square", "Tile",
    "TurnRecord", "load_edition", "parse_edition",
]


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
