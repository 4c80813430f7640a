"""Crossword games: Lexulous and standard Scrabble, two editions of one engine, pure Python.

The public API, in the spirit of python-chess::

    from wordboard.editions import load_edition
    from wordboard.crossword import Game, Play, Exchange, Pass

    game = Game(load_edition("lexulous"), ["Ann", "Ben"], dictionary=words, seed=1)
    play = Play.from_notation("8D", "WORD", game.board)
    game.is_legal(play)          # True / False
    game.evaluate(play).score    # what it would score, without playing it
    game.push(play)              # -> Turn; IllegalMove names the rule a bad move breaks
    game.undo()
    game.result                  # GameResult once the game is over

No I/O, no clock: randomness comes from the seed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wordboard.lazy import lazy_exports

if TYPE_CHECKING:  # what the lazy names below are, for the type checker (imported when used)
    from wordboard.crossword.board import Board, Square, Tile, parse_square, square_name
    from wordboard.crossword.game import (
        END_SCORELESS,
        END_WENT_OUT,
        Game,
        GameResult,
        Leftovers,
        RackUnknown,
        Turn,
    )
    from wordboard.crossword.moves import (
        Challenge,
        Exchange,
        Move,
        Pass,
        Placement,
        Play,
        format_position,
        parse_position,
    )
    from wordboard.crossword.scoring import IllegalMove, ScoredPlay, Word, evaluate_play

# The public names and the modules they come from, imported when first used (wordboard.lazy).
_EXPORTS = {
    "Board": "wordboard.crossword.board",
    "Square": "wordboard.crossword.board",
    "Tile": "wordboard.crossword.board",
    "parse_square": "wordboard.crossword.board",
    "square_name": "wordboard.crossword.board",
    "END_SCORELESS": "wordboard.crossword.game",
    "END_WENT_OUT": "wordboard.crossword.game",
    "Game": "wordboard.crossword.game",
    "Leftovers": "wordboard.crossword.game",
    "RackUnknown": "wordboard.crossword.game",
    "GameResult": "wordboard.crossword.game",
    "Turn": "wordboard.crossword.game",
    "Challenge": "wordboard.crossword.moves",
    "Exchange": "wordboard.crossword.moves",
    "Move": "wordboard.crossword.moves",
    "Pass": "wordboard.crossword.moves",
    "Placement": "wordboard.crossword.moves",
    "Play": "wordboard.crossword.moves",
    "format_position": "wordboard.crossword.moves",
    "parse_position": "wordboard.crossword.moves",
    "IllegalMove": "wordboard.crossword.scoring",
    "ScoredPlay": "wordboard.crossword.scoring",
    "Word": "wordboard.crossword.scoring",
    "evaluate_play": "wordboard.crossword.scoring",
}

__all__ = [
    "Board", "Square", "Tile", "parse_square", "square_name",
    "Game", "GameResult", "Leftovers", "RackUnknown", "Turn", "END_SCORELESS", "END_WENT_OUT",
    "Challenge", "Exchange", "Move", "Pass", "Placement", "Play", "format_position", "parse_position",
    "IllegalMove", "ScoredPlay", "Word", "evaluate_play",
]


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
