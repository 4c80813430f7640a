"""A computer opponent, so one person can play against the board; and computer-only games.

Strengths:

* ``best``: the highest-scoring play (ties: the generator's fixed order).
* ``casual``: a human-like player. It knows only common words (``vocabulary``: every word it
  plays, cross-words included, must be in it; by default words of at most 7 letters), and it
  does not always find the top play: it picks at random (seeded) among its plays scoring at
  least half of the best it knows, favouring the better ones.

Both swap when they have no play (keeping a blank, an S and one each of a few good letters)
if the bag allows it, and pass otherwise; ``best`` also swaps a poor rack when its best play
scores under :data:`SWAP_BELOW` and the bag is full enough. Deterministic for a given seed.
Pure: no I/O.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass

from wordboard.crossword.dawg import Dawg
from wordboard.crossword.game import Game, Turn
from wordboard.crossword.movegen import Candidate, MoveGenerator
from wordboard.crossword.moves import Exchange, Move, Pass
from wordboard.crossword.scoring import IllegalMove, evaluate_play
from wordboard.editions import Edition

STRENGTHS = ("best", "casual")
SWAP_BELOW = 8  # ``best`` swaps rather than play for fewer points, when the bag is full enough
_KEEP = "?SEARIN"  # the tiles worth keeping on a swap, best first


@dataclass(frozen=True)
class Choice:
    """What the opponent chose and why (for showing it)."""

    move: Move
    candidate: Candidate | None  # the play, when it is one
    considered: int  # plays it weighed


class Opponent:
    """A computer player of a given strength for one edition and word list."""

    def __init__(self, dawg: Dawg, edition: Edition, strength: str = "best", *, seed: int | None = 0,
                 vocabulary: Container[str] | None = None, generator: MoveGenerator | None = None):
        if strength not in STRENGTHS:
            raise ValueError(f"unknown strength {strength!r}: choose one of {', '.join(STRENGTHS)}")
        self.edition = edition
        self.strength = strength
        self.generator = generator or MoveGenerator(dawg, edition)
        self.vocabulary = vocabulary
        self.rng = random.Random(seed)

    def knows(self, word: str) -> bool:
        if self.vocabulary is not None:
            return word.upper() in self.vocabulary
        return len(word) <= 7

    def choose(self, game: Game, rack: str | None = None) -> Choice:
        """The move for the player to move in ``game``, from ``rack`` (default: the engine's;
        with physical racks the player's own, which the engine does not know)."""
        if rack is None:
            rack = game.rack(game.current)
        plays = self.generator.generate(game.board, rack) if rack else []
        pick = None
        if self.strength == "best":
            if plays and not (plays[0].score < SWAP_BELOW and game.bag_count >= 2 * self.edition.tiles.rack_size):
                pick = plays[0]
        else:
            pick = self._casual(game, plays)
        if pick is not None:
            return Choice(pick.play(game.board), pick, len(plays))
        return Choice(self._swap_or_pass(game, rack), None, len(plays))

    def move(self, game: Game, rack: str | None = None) -> Move:
        return self.choose(game, rack).move

    def _casual(self, game: Game, plays: list[Candidate]) -> Candidate | None:
        known = []
        for c in plays:
            if not self.knows(c.word):
                continue
            try:
                scored = evaluate_play(game.board, self.edition, c.play(game.board), None)
            except IllegalMove:
                continue
            if all(self.knows(w.text) for w in scored.words):
                known.append(c)
            if len(known) >= 60:
                break
        if not known:
            return None
        floor = known[0].score / 2
        decent = [c for c in known if c.score >= floor][:12]
        weights = [len(decent) - i for i in range(len(decent))]
        return self.rng.choices(decent, weights)[0]

    def _swap_or_pass(self, game: Game, rack: str) -> Move:
        keep: list[str] = []
        for tile in _KEEP:
            if tile in rack and tile not in keep and len(keep) < 3:
                keep.append(tile)
        swap = list(rack)
        for tile in keep:
            swap.remove(tile)
        for tiles in ("".join(swap), rack):
            if tiles:
                exchange = Exchange(tiles)
                if game.is_legal(exchange):
                    return exchange
        return Pass()


@dataclass(frozen=True)
class SelfPlayResult:
    game: Game
    seconds: float


def play_computer_game(edition: Edition, dictionary: Container[str] | None, dawg: Dawg, *, seed: int,
                       strengths: Sequence[str] = ("best", "best"),
                       players: Sequence[str] = ("Ada", "Blaise"),
                       vocabulary: Container[str] | None = None,
                       on_turn: Callable[[Game, Turn], None] | None = None) -> Game:
    """A whole game between computer players (``game.result`` set); deterministic for ``seed``."""
    game = Game(edition, players, dictionary=dictionary, seed=seed)
    generator = MoveGenerator(dawg, edition)
    opponents = [Opponent(dawg, edition, s, seed=seed * 31 + i, vocabulary=vocabulary, generator=generator)
                 for i, s in enumerate(strengths)]
    while not game.is_over:
        turn = game.push(opponents[game.current].move(game))
        if on_turn:
            on_turn(game, turn)
    return game


def timed_games(edition: Edition, dictionary: Container[str] | None, dawg: Dawg, *, games: int, seed: int,
                strengths: Sequence[str] = ("best", "best"),
                vocabulary: Container[str] | None = None) -> list[SelfPlayResult]:
    """``games`` computer games with seeds ``seed``, ``seed + 1``...; each with its time."""
    results = []
    for i in range(games):
        started = time.perf_counter()
        game = play_computer_game(edition, dictionary, dawg, seed=seed + i, strengths=strengths,
                                  vocabulary=vocabulary)
        results.append(SelfPlayResult(game, time.perf_counter() - started))
    return results


__all__ = ["STRENGTHS", "SWAP_BELOW", "Choice", "Opponent", "SelfPlayResult", "play_computer_game",
           "timed_games"]
