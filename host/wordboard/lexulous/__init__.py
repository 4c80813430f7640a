"""The rules of Lexulous, and of standard Scrabble with its edition: one engine, pure Python.

The public API, in the spirit of python-chess::

    from wordboard.editions import load_edition
    from wordboard.lexulous import Game, Play, Exchange, Pass

    game = Game(load_edition("lexulous"), ["Ann", "Ben"], dictionary=words, seed=1)
    play = Play.from_notation("8D", "WORD", game.board)
    game.is_legal(play)          # True / False
    game.evaluate(play).score    # what it would score, without playing it
    game.push(play)              # -> Turn; IllegalMove names the rule a bad move breaks
    game.undo()
    game.result                  # GameResult once the game is over

No I/O, no clock: randomness comes from the seed.
"""

from wordboard.lexulous.board import Board, Square, Tile, parse_square, square_name
from wordboard.lexulous.game import END_SCORELESS, END_WENT_OUT, Game, GameResult, Turn
from wordboard.lexulous.moves import Exchange, Move, Pass, Placement, Play, format_position, parse_position
from wordboard.lexulous.scoring import IllegalMove, ScoredPlay, Word, evaluate_play

__all__ = [
    "Board", "Square", "Tile", "parse_square", "square_name",
    "Game", "GameResult", "Turn", "END_SCORELESS", "END_WENT_OUT",
    "Exchange", "Move", "Pass", "Placement", "Play", "format_position", "parse_position",
    "IllegalMove", "ScoredPlay", "Word", "evaluate_play",
]
