"""Computer games: each player makes the highest-scoring legal play (greedy), found by
:func:`wordboard.crossword.finder.legal_plays`; with no play, it swaps its whole rack when the bag
allows, else passes. Deterministic for a given seed."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wordboard.crossword.finder import PatternDictionary, legal_plays
from wordboard.crossword.game import Game, Turn
from wordboard.crossword.moves import Exchange, Move, Pass
from wordboard.editions import Edition


def greedy_move(game: Game, rack: str | None = None) -> Move:
    """The best-scoring play for the player to move, else a swap of the whole rack, else a pass
    (``rack``: the player's own, when the engine does not know it)."""
    if rack is None:
        rack = game.rack(game.current)
    words = game.dictionary
    if not isinstance(words, PatternDictionary):
        raise TypeError("greedy play needs the game's dictionary, one that lists the words of a pattern")
    plays = legal_plays(game.board, game.edition, rack, words)
    if plays:
        return plays[0].play
    swap = Exchange(rack)
    return swap if rack and game.is_legal(swap) else Pass()


def play_greedy_game(edition: Edition, dictionary: PatternDictionary, *, seed: int,
                     players: Sequence[str] = ("Ada", "Blaise"),
                     on_turn: Callable[[Game, Turn], None] | None = None) -> Game:
    """Play a whole game between greedy computer players and return it (``game.result`` set)."""
    game = Game(edition, players, dictionary=dictionary, seed=seed)
    while not game.is_over:
        turn = game.push(greedy_move(game))
        if on_turn:
            on_turn(game, turn)
    return game
