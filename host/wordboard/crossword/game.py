"""A game of Lexulous (or Scrabble, with its edition): players, racks, the bag, turns and the end.

Decisions where the rulebook is silent, and why:

* **Swaps and the bag.** "You may use a turn to exchange all, some, or none of the letters." The
  rulebook does not say what happens when the bag holds fewer tiles than are swapped. wordboard
  refuses such a swap (rule ``exchange``): the player would have to draw tiles that do not exist.
  The edition says so with ``exchange-needs-bag: swapped``; Scrabble's edition asks for 7 tiles.
  A swap draws the new tiles first, then returns the old ones to the bag, which is shuffled.
* **What counts as a pass.** "All players pass" counts every turn that puts nothing on the board:
  passes and swaps (a swap is how the rulebook's SWAP button ends a turn). A play, even one that
  scores 0, resets the count.
* **The first player** is drawn with the game's seeded random generator ("randomly chosen"),
  unless the caller names one.
* **Bag order.** The bag is shuffled once with the seed; tiles are drawn from its end. The same
  seed and the same moves give the same game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Container, Sequence
from dataclasses import dataclass, field
from typing import Any

from wordboard.crossword.board import Board
from wordboard.crossword.moves import Exchange, Move, Pass, Play
from wordboard.crossword.scoring import (
    RULE_EXCHANGE,
    RULE_RACK,
    RULE_TURN,
    IllegalMove,
    ScoredPlay,
    Word,
    evaluate_play,
)
from wordboard.editions import BLANK, Edition
from wordboard.engine import MOVE, OVER, Verdict, Waiting, dry_run_of
from wordboard.rules import Outcome

MIN_PLAYERS, MAX_PLAYERS = 2, 4

END_WENT_OUT = "went-out"
END_SCORELESS = "scoreless-turns"


@dataclass(frozen=True)
class Turn:
    """One turn of the history: who moved, what, the score, and what the turn changed."""

    number: int  # 1-based
    player: int
    move: Move
    rack: str  # the rack before the move (sorted; ? for blanks)
    score: int
    words: tuple[Word, ...]
    bingo: int
    drawn: str  # tiles drawn after the move, in order
    total: int  # the player's score after the turn
    # What undo needs to put everything back exactly:
    _bag_before: tuple[str, ...] = field(repr=False, compare=False, default=())
    _rng_before: tuple[Any, ...] | None = field(repr=False, compare=False, default=None)
    _scoreless_before: int = field(repr=False, compare=False, default=0)


@dataclass(frozen=True)
class GameResult:
    """How a game ended: the adjustments for unplayed letters and the final order."""

    reason: str  # END_WENT_OUT or END_SCORELESS
    went_out: int | None  # the player who used their last tile
    racks: tuple[str, ...]  # each player's unplayed tiles
    scores_before: tuple[int, ...]  # before the adjustments
    adjustments: tuple[int, ...]
    final: tuple[int, ...]
    winners: tuple[int, ...]  # one player, or several on a tie the tie-break cannot settle
    decided_by_tie_break: bool


class Game:
    """A crossword game in progress. Moves go through :meth:`push`; :meth:`undo` takes one back.

    >>> from wordboard.editions import load_edition
    >>> game = Game(load_edition("lexulous"), ["Ann", "Ben"], seed=7)
    >>> game.rack(game.current)  # doctest: +SKIP
    'ADEEINRT'
    """

    def __init__(self, edition: Edition, players: Sequence[str], *,
                 dictionary: Container[str] | None = None, seed: int | None = None,
                 first_player: int | None = None):
        names = [str(p).strip() for p in players]
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise ValueError(f"{len(names)} players: Lexulous is for {MIN_PLAYERS}-{MAX_PLAYERS} players")
        if any(not n for n in names) or len(set(names)) != len(names):
            raise ValueError("players need distinct, non-empty names")
        if edition.tiles.rack_size * len(names) > edition.tiles.total:
            raise ValueError(f"{edition.name} has too few tiles for {len(names)} racks")
        self.edition = edition
        self.players: tuple[str, ...] = tuple(names)
        self.dictionary = dictionary
        self.board = Board(edition.board)
        self._rng = random.Random(seed)
        self._bag: list[str] = list(edition.tiles.letters)
        self._rng.shuffle(self._bag)
        if first_player is None:
            first_player = self._rng.randrange(len(names))
        elif not 0 <= first_player < len(names):
            raise ValueError(f"first_player must be 0-{len(names) - 1}")
        self.first_player = first_player
        self.current = first_player
        self._racks: list[list[str]] = [[] for _ in names]
        for i in range(len(names)):
            self._draw(self._racks[(first_player + i) % len(names)], edition.tiles.rack_size)
        self.scores: list[int] = [0] * len(names)
        self.history: list[Turn] = []
        self._scoreless = 0
        self.result: GameResult | None = None

    # -- state ---------------------------------------------------------------------------------

    def rack(self, player: int) -> str:
        """A player's tiles, sorted, ``?`` for blanks."""
        return "".join(sorted(self._racks[player]))

    @property
    def bag_count(self) -> int:
        return len(self._bag)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def scoreless_turns(self) -> int:
        """Consecutive turns (passes and swaps) that put nothing on the board."""
        return self._scoreless

    def unseen_tiles(self, player: int) -> str:
        """Tiles the player cannot see: the bag and the other racks."""
        others = [t for i, r in enumerate(self._racks) if i != player for t in r]
        return "".join(sorted(self._bag + others))

    def set_rack(self, player: int, tiles: str) -> None:
        """Say which tiles a player holds: on a real table, the tiles they drew from the real bag.

        Tiles move between the player's rack and the bag, so every tile stays accounted for; a
        tile that is neither on the rack nor in the bag is a ``ValueError``. Not a move: it is
        not in the history and undo does not take it back.
        """
        wanted = Counter(tiles.upper())
        if sum(wanted.values()) > self.edition.tiles.rack_size:
            raise ValueError(f"a rack holds at most {self.edition.tiles.rack_size} tiles")
        pool = Counter(self._racks[player]) + Counter(self._bag)
        short = wanted - pool
        if short:
            raise ValueError("not in the bag or on the rack: " + "".join(sorted(short.elements())))
        pool -= wanted
        self._racks[player] = list(wanted.elements())
        # Keep the bag's order for the tiles that stay in it; returned tiles go to the bottom.
        remaining = Counter(self._bag) & pool
        kept = []
        for tile in self._bag:
            if remaining[tile]:
                kept.append(tile)
                remaining[tile] -= 1
        returned = pool - Counter(kept)
        self._bag = list(returned.elements()) + kept

    # -- rules ---------------------------------------------------------------------------------

    def evaluate(self, play: Play) -> ScoredPlay:
        """Score ``play`` for the player to move without making it; :class:`IllegalMove` if illegal."""
        self._check_not_over()
        self._check_rack(play.rack_tiles)
        return evaluate_play(self.board, self.edition, play, self.dictionary)

    def illegal_reason(self, move: Move) -> IllegalMove | None:
        """Why ``move`` is illegal for the player to move, or ``None`` if it is legal."""
        try:
            self._check(move)
        except IllegalMove as exc:
            return exc
        return None

    def is_legal(self, move: Move) -> bool:
        return self.illegal_reason(move) is None

    def _check(self, move: Move) -> ScoredPlay | None:
        self._check_not_over()
        if isinstance(move, Play):
            return self.evaluate(move)
        if isinstance(move, Exchange):
            if not move.tiles:
                raise IllegalMove(RULE_EXCHANGE, "an exchange names the tiles to swap (or pass)")
            self._check_rack(move.tiles)
            needed = self.edition.tiles.exchange_min_bag
            if needed is None:
                needed = len(move.tiles)
            if len(self._bag) < needed:
                raise IllegalMove(RULE_EXCHANGE, f"the bag holds {len(self._bag)} tiles; swapping "
                                  f"{len(move.tiles)} needs at least {needed} in the bag")
            return None
        if isinstance(move, Pass):
            return None
        raise TypeError(f"not a move: {move!r}")

    def _check_not_over(self) -> None:
        if self.result is not None:
            raise IllegalMove(RULE_TURN, "the game is over")

    def _check_rack(self, tiles: str) -> None:
        missing = Counter(tiles) - Counter(self._racks[self.current])
        if missing:
            raise IllegalMove(RULE_RACK, f"{self.players[self.current]} has no "
                              + ", ".join(("blank" if t == BLANK else t) for t in sorted(missing.elements()))
                              + " on the rack")

    # -- moves ---------------------------------------------------------------------------------

    def push(self, move: Move) -> Turn:
        """Make ``move`` for the player to move; raise :class:`IllegalMove` (changing nothing) if illegal."""
        scored = self._check(move)
        player = self.current
        rack = self._racks[player]
        bag_before, rng_before, scoreless_before = tuple(self._bag), self._rng.getstate(), self._scoreless
        rack_before = self.rack(player)
        drawn = ""
        score, bingo = 0, 0
        words: tuple[Word, ...] = ()
        if isinstance(move, Play):
            assert scored is not None  # a play is always scored
            for p in move.placements:
                rack.remove(p.rack_tile)
                self.board.place(p.square, p.tile)
            drawn = self._draw(rack, self.edition.tiles.rack_size - len(rack))
            score, words, bingo = scored.score, scored.words, scored.bingo
            self._scoreless = 0
        else:
            if isinstance(move, Exchange):
                for t in move.tiles:
                    rack.remove(t)
                drawn = self._draw(rack, len(move.tiles))
                self._bag.extend(move.tiles)
                self._rng.shuffle(self._bag)
            self._scoreless += 1
        self.scores[player] += score
        turn = Turn(len(self.history) + 1, player, move, rack_before, score, words, bingo, drawn,
                    self.scores[player], _bag_before=bag_before, _rng_before=rng_before,
                    _scoreless_before=scoreless_before)
        self.history.append(turn)
        self.current = (player + 1) % len(self.players)
        self._check_end(player)
        return turn

    def undo(self) -> Turn:
        """Take back the last turn (and the end of the game, if it ended the game)."""
        if not self.history:
            raise IllegalMove(RULE_TURN, "there is no move to undo")
        turn = self.history.pop()
        self.result = None
        if isinstance(turn.move, Play):
            for p in turn.move.placements:
                self.board.remove(p.square)
        self._racks[turn.player] = list(turn.rack)
        self._bag = list(turn._bag_before)
        assert turn._rng_before is not None  # push keeps it in every turn
        self._rng.setstate(turn._rng_before)
        self._scoreless = turn._scoreless_before
        self.scores[turn.player] -= turn.score
        self.current = turn.player
        return turn

    # -- the engine protocol (wordboard.engine) --------------------------------------------------

    @property
    def player_names(self) -> tuple[str, ...]:
        return self.players

    def waiting_for(self) -> Waiting:
        if self.result is not None:
            return Waiting(OVER, None)
        return Waiting(MOVE, self.current)

    def dry_run(self, move: Move) -> Verdict:
        def check(m: Move) -> int | None:
            scored = self._check(m)
            return scored.score if scored is not None else None
        return dry_run_of(check, move)

    def can_pop(self) -> bool:
        return bool(self.history)

    def pop(self) -> Turn:
        """Take back the last turn (as :meth:`undo`)."""
        return self.undo()

    def outcome(self) -> Outcome | None:
        r = self.result
        if r is None:
            return None
        return Outcome(dict(zip(self.players, r.final)), tuple(self.players[i] for i in r.winners), r.reason,
                       {"adjustments": dict(zip(self.players, r.adjustments)),
                        "racks": dict(zip(self.players, r.racks))})

    def move_text(self, move: Move) -> str:
        """As game records write it: ``8D W.RD`` (``.`` for a tile already on the board, a blank in
        lower case), ``-ABC`` for an exchange, ``-`` for a pass."""
        if isinstance(move, Pass):
            return "-"
        if isinstance(move, Exchange):
            return "-" + move.tiles
        main = evaluate_play(self.board, self.edition, move, None).main
        placed = {p.square: p for p in move.placements}
        letters = "".join(str(placed[sq].tile) if sq in placed else "." for sq in main.squares)
        return f"{main.position} {letters}"

    def parse_move(self, text: str) -> Move:
        text = text.strip()
        if text == "-":
            return Pass()
        if text.startswith("-"):
            return Exchange(text[1:])
        position, _, word = text.partition(" ")
        if not word.strip():
            raise ValueError(f"not a move: {text!r} (a play is POSITION WORD, like 8D WORD; "
                             "-TILES exchanges, - passes)")
        return Play.from_notation(position, word.strip(), self.board)

    def _draw(self, rack: list[str], n: int) -> str:
        drawn = [self._bag.pop() for _ in range(min(n, len(self._bag)))]
        rack.extend(drawn)
        return "".join(drawn)

    # -- the end -------------------------------------------------------------------------------

    def _check_end(self, mover: int) -> None:
        tiles = self.edition.tiles
        if not self._bag and not self._racks[mover]:
            self._finish(END_WENT_OUT, mover)
        elif self._scoreless and self._scoreless >= tiles.scoreless_turns_to_end(len(self.players),
                                                                                 not self._bag):
            self._finish(END_SCORELESS, None)

    def _finish(self, reason: str, went_out: int | None) -> None:
        tiles = self.edition.tiles
        racks = tuple(self.rack(i) for i in range(len(self.players)))
        values = [tiles.rack_value(r) for r in racks]
        adjustments = [0] * len(self.players)
        if went_out is None:
            adjustments = [-v for v in values]
        else:
            adjustments[went_out] = tiles.going_out_multiplier * sum(values)
            if tiles.others_lose_own_rack:
                for i, v in enumerate(values):
                    if i != went_out:
                        adjustments[i] = -v
        before = tuple(self.scores)
        final = tuple(s + a for s, a in zip(before, adjustments))
        best = max(final)
        winners = tuple(i for i, s in enumerate(final) if s == best)
        by_tie_break = False
        if len(winners) > 1 and tiles.tie_break_before_adjustments:
            best_before = max(before[i] for i in winners)
            narrowed = tuple(i for i in winners if before[i] == best_before)
            by_tie_break = len(narrowed) < len(winners)
            winners = narrowed
        self.result = GameResult(reason, went_out, racks, before, tuple(adjustments), final, winners,
                                 by_tie_break)
