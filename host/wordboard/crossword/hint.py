"""Hints and blank inference: what the board can tell a player about the tiles on the table.

* :func:`hint` / :func:`best_plays`: the best plays for a rack, ranked by equity (the score plus
  the value of the tiles kept, :mod:`wordboard.crossword.equity`) or by score (the board lights
  the squares of :meth:`Hint.squares`); :func:`exchange_hint`: the swap to make instead, when
  one is worth more than every play.
* :func:`infer_blanks`: a blank was put down physically; which letters make every word of the
  play valid? With exactly one choice the controller can assign it without asking.

Pure: the word list comes in as a :class:`~wordboard.crossword.dawg.Dawg` (see
:func:`wordboard.crossword.dawgcache.dawg_for`) or any container of words.
"""

from __future__ import annotations

import itertools
from collections.abc import Container, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wordboard.crossword.board import Board, Square
from wordboard.crossword.dawg import ALPHABET, Dawg
from wordboard.crossword.equity import Choice, Situation, bag_size, best_exchange, rank, unseen_tiles
from wordboard.crossword.movegen import Candidate, MoveGenerator
from wordboard.crossword.moves import Placement, Play
from wordboard.crossword.scoring import IllegalMove, ScoredPlay, evaluate_play
from wordboard.editions import Edition

if TYPE_CHECKING:
    from wordboard.crossword.game import Game


@dataclass(frozen=True)
class Hint:
    """One suggested play: its rank (1 = best), the generator's candidate, the play itself and its
    equity (``None`` when ranked by score)."""

    rank: int
    candidate: Candidate
    play: Play
    equity: float | None = None

    @property
    def score(self) -> int:
        return self.candidate.score

    @property
    def squares(self) -> tuple[Square, ...]:
        """The squares to light: where the new tiles go."""
        return self.play.squares

    def __str__(self) -> str:
        c = self.candidate
        text = f"{self.rank:>2}. {c.position:<4} {c.word:<15} {c.score:>4}"
        return text if self.equity is None else f"{text}   equity {self.equity:6.1f}"


def situation_for(board: Board, edition: Edition, rack: str, players: int = 2) -> Situation:
    """What equity needs when only the board and the rack are known: the bag as full racks
    leave it, the unseen tiles as the tile set less the board and the rack."""
    return Situation(edition, bag_size(edition, len(board), players), unseen_tiles(edition, board, rack), players)


def ranked_plays(board: Board, edition: Edition, rack: str, dawg: Dawg, limit: int | None = 10,
                 generator: MoveGenerator | None = None, *, by: str = "equity",
                 situation: Situation | None = None) -> list[tuple[Candidate, float | None]]:
    """The ``limit`` best plays (all with ``None``) with their equity, best first: by equity
    (``situation``: the bag and unseen tiles, else :func:`situation_for`) or by score."""
    generator = generator or MoveGenerator(dawg, edition)
    found = generator.generate(board, rack)
    if by == "score":
        return [(c, None) for c in (found if limit is None else found[:limit])]
    situation = situation or situation_for(board, edition, rack)
    choices = rank(board, rack, found, situation, limit=limit, moves=False)
    choices = choices if limit is None else choices[:limit]
    return [(c.candidate, c.equity) for c in choices if c.candidate is not None]


def best_plays(board: Board, edition: Edition, rack: str, dawg: Dawg, limit: int | None = 10,
               generator: MoveGenerator | None = None, *, by: str = "equity",
               situation: Situation | None = None) -> list[Candidate]:
    """The ``limit`` best plays (all with ``None``), best first (see :func:`ranked_plays`)."""
    return [c for c, _ in ranked_plays(board, edition, rack, dawg, limit, generator, by=by, situation=situation)]


def hint(board: Board, edition: Edition, rack: str, dawg: Dawg, limit: int | None = 10,
         generator: MoveGenerator | None = None, *, by: str = "equity",
         situation: Situation | None = None) -> list[Hint]:
    """The best plays for ``rack`` on ``board``, ranked, each with the tiles it puts down."""
    return [Hint(i + 1, c, c.play(board), e)
            for i, (c, e) in enumerate(ranked_plays(board, edition, rack, dawg, limit, generator, by=by,
                                                    situation=situation))]


def exchange_hint(board: Board, edition: Edition, rack: str, hints: Sequence[Hint],
                  situation: Situation | None = None) -> Choice | None:
    """The exchange worth more equity than the best of ``hints`` (ranked by equity), if the bag
    allows one: what to swap when the rack is poor and the plays are small."""
    situation = situation or situation_for(board, edition, rack)
    swap = best_exchange(situation, rack)
    best = hints[0].equity if hints and hints[0].equity is not None else None
    if swap is None or (best is not None and swap.equity <= best):
        return None
    return swap


def game_situation(game: Game) -> Situation:
    """The :class:`Situation` of the player to move in a :class:`~wordboard.crossword.Game`."""
    player = game.current
    return Situation(game.edition, game.bag_count, game.unseen_tiles(player), len(game.players))


def hint_for_game(game: Game, dawg: Dawg, limit: int = 10) -> list[Hint]:
    """:func:`hint` for the player to move in a :class:`~wordboard.crossword.Game`, by equity."""
    return hint(game.board, game.edition, game.rack(game.current), dawg, limit, situation=game_situation(game))


@dataclass(frozen=True)
class BlankInference:
    """What a physically placed blank can stand for.

    ``choices``: each assignment (one letter per blank, blanks in square order) that makes the
    play legal, with its scored play; ``assigned``: the play when exactly one assignment works.
    """

    blanks: tuple[Square, ...]
    choices: tuple[tuple[str, ScoredPlay], ...]

    @property
    def letters(self) -> list[str]:
        return [letters for letters, _ in self.choices]

    @property
    def assignable(self) -> bool:
        return len(self.choices) == 1

    @property
    def assigned(self) -> ScoredPlay | None:
        return self.choices[0][1] if len(self.choices) == 1 else None


def infer_blanks(board: Board, edition: Edition, tiles: Sequence[tuple[Square, str]],
                 dictionary: Container[str]) -> BlankInference:
    """Which letters the blanks of a play can be: ``tiles`` are the squares put down with their
    letters, ``?`` for a blank whose letter is not known yet (letters may be upper or lower case;
    a lower-case letter is a blank already named). Every assignment is checked by the rules
    engine, so the choices are exactly the legal plays."""
    known: list[Placement] = []
    blanks: list[Square] = []
    for square, letter in tiles:
        if letter == "?":
            blanks.append(square)
        else:
            known.append(Placement(square[0], square[1], letter.upper(), letter.islower()))
    blanks.sort()
    choices = []
    for letters in itertools.product(ALPHABET, repeat=len(blanks)):
        play = Play(tuple(known) + tuple(Placement(r, c, ch, True) for (r, c), ch in zip(blanks, letters)))
        try:
            scored = evaluate_play(board, edition, play, dictionary)
        except IllegalMove:
            continue
        choices.append(("".join(letters), scored))
    return BlankInference(tuple(blanks), tuple(choices))
