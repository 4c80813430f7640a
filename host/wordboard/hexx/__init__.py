"""HEXX (Turn Up Games): words in 8 directions on a grid; every tile of the words a player makes
turns to that player's colour, red or black; six wild HEXX tiles cast one of 20 HEXX on a d20.

Public API (see :mod:`wordboard.hexx.game` for the rules and wordboard's decisions)::

    from wordboard.hexx import HexxGame, Play, Colour, load_edition
"""

from wordboard.hexx.board import AXES, Direction, Layout, Square
from wordboard.hexx.edition import DEFAULT_EDITION, HAND_SIZE, Edition, load_edition, parse_edition
from wordboard.hexx.effects import EFFECTS
from wordboard.hexx.game import HexxGame, PlayPreview, Rule
from wordboard.hexx.model import (
    BoardTile, Colour, Decision, DecisionKind, Discard, Event, FormedWord, GameResult, HexxEffect,
    HexxOptions, IllegalMoveError, LastingEffect, LastingKind, Metamorphosis, Move, Pass, Play,
    Tile, TurnRecord,
)

__all__ = [
    "AXES", "DEFAULT_EDITION", "EFFECTS", "HAND_SIZE", "BoardTile", "Colour", "Decision",
    "DecisionKind", "Direction", "Discard", "Edition", "Event", "FormedWord", "GameResult",
    "HexxEffect", "HexxGame", "HexxOptions", "IllegalMoveError", "LastingEffect", "LastingKind",
    "Layout", "Metamorphosis", "Move", "Pass", "Play", "PlayPreview", "Rule", "Square", "Tile",
    "TurnRecord", "load_edition", "parse_edition",
]
