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

from __future__ import annotations

from wordboard.lazy import lazy_exports

# The public names and the modules they come from, imported when first used (wordboard.lazy).
_EXPORTS = {
    "Board": "wordboard.lexulous.board",
    "Square": "wordboard.lexulous.board",
    "Tile": "wordboard.lexulous.board",
    "parse_square": "wordboard.lexulous.board",
    "square_name": "wordboard.lexulous.board",
    "END_SCORELESS": "wordboard.lexulous.game",
    "END_WENT_OUT": "wordboard.lexulous.game",
    "Game": "wordboard.lexulous.game",
    "GameResult": "wordboard.lexulous.game",
    "Turn": "wordboard.lexulous.game",
    "Exchange": "wordboard.lexulous.moves",
    "Move": "wordboard.lexulous.moves",
    "Pass": "wordboard.lexulous.moves",
    "Placement": "wordboard.lexulous.moves",
    "Play": "wordboard.lexulous.moves",
    "format_position": "wordboard.lexulous.moves",
    "parse_position": "wordboard.lexulous.moves",
    "IllegalMove": "wordboard.lexulous.scoring",
    "ScoredPlay": "wordboard.lexulous.scoring",
    "Word": "wordboard.lexulous.scoring",
    "evaluate_play": "wordboard.lexulous.scoring",
}

__all__ = [
    "Board", "Square", "Tile", "parse_square", "square_name",
    "Game", "GameResult", "Turn", "END_SCORELESS", "END_WENT_OUT",
    "Exchange", "Move", "Pass", "Placement", "Play", "format_position", "parse_position",
    "IllegalMove", "ScoredPlay", "Word", "evaluate_play",
]


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
