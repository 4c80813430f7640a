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

**Physical racks** (``physical=True``: the real table). The engine then deals no racks: the players
draw from the real bag, which the engine never sees. It knows the tile set and the board, so it
knows the unseen tiles (the bag and every rack together) and how many tiles each rack holds. A
play is legal if its tiles are among the unseen ones (a tenth E is refused); an exchange may give
only the number of tiles swapped. At the end, when a player goes out of a two-player game, the
other rack is exactly the unseen tiles and is settled at once; any other end (scoreless turns,
three or four players) waits for the table to say which tiles are left on each rack
(:class:`Leftovers`, the answer to :meth:`Game.waiting_for`'s decision) before the result counts.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from wordboard.crossword.board import Board
from wordboard.crossword.moves import (
    Challenge,
    ChallengeBonus,
    ChallengeTurn,
    Exchange,
    LostTurn,
    Move,
    Pass,
    Play,
    Withdrawn,
)
from wordboard.crossword.scoring import (
    RULE_CHALLENGE,
    RULE_EXCHANGE,
    RULE_RACK,
    RULE_TURN,
    RULE_WORD,
    IllegalMove,
    ScoredPlay,
    Word,
    evaluate_play,
)
from wordboard.editions import BLANK, Edition
from wordboard.engine import DECISION, MOVE, OVER, Verdict, Waiting, dry_run_of
from wordboard.errors import UserError
from wordboard.rules import Outcome
from wordboard.timecontrol import TimeControl

MIN_PLAYERS, MAX_PLAYERS = 2, 4

#: Challenge rules, as clubs and online play name them. ``void``: every word is checked when it is
#: played and a phony is refused (the default, for families); the others let any play stand until
#: it is challenged: ``single`` (an unsuccessful challenge costs nothing), ``double`` (it costs the
#: challenger their next turn), ``five-point`` and ``ten-point`` (it gives the challenged player
#: 5 or 10 points).
CHALLENGE_RULES = ("void", "single", "double", "five-point", "ten-point")
CHALLENGE_BONUS = {"five-point": 5, "ten-point": 10}


class GameSetupError(UserError, ValueError):
    """A game that cannot be set up: the players, or an edition whose tiles cannot fill the racks."""


class RackUnknown(UserError):
    """The game has physical racks: which tiles a rack holds is not known."""


@dataclass(frozen=True)
class Leftovers:
    """The tiles left on each rack at the end (physical racks), in the players' order; ``""`` for
    a rack that went out. The answer to the decision :meth:`Game.waiting_for` waits for."""

    racks: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "racks", tuple("".join(sorted(r.upper())) for r in self.racks))

END_WENT_OUT = "went-out"
END_SCORELESS = "scoreless-turns"


@dataclass(frozen=True)
class Turn:
    """One turn of the history: who moved, what, the score, and what the turn changed."""

    number: int  # 1-based
    player: int
    move: Move | ChallengeTurn
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
    _held_before: tuple[int, ...] = field(repr=False, compare=False, default=())
    _current_before: int = field(repr=False, compare=False, default=-1)

    @property
    def unseen_before(self) -> str:
        """With physical racks: the tiles not on the board before this turn (the bag and every
        rack), sorted; with dealt racks: the bag before it."""
        return "".join(sorted(self._bag_before))


@dataclass(frozen=True)
class _WordsWithRulings:
    """The word list and the words the table accepted besides it (:meth:`Game.accept_words`)."""

    listed: Container[str]
    accepted: frozenset[str]

    def __contains__(self, word: object) -> bool:
        return word in self.accepted or word in self.listed


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
    time_penalties: tuple[int, ...] = ()  # points lost for overtime (a game clock), in ``final``


class Game:
    """A crossword game in progress. Moves go through :meth:`push`; :meth:`undo` takes one back.

    >>> from wordboard.editions import load_edition
    >>> game = Game(load_edition("lexulous"), ["Ann", "Ben"], seed=7)
    >>> game.rack(game.current)  # doctest: +SKIP
    'ADEEINRT'
    """

    def __init__(self, edition: Edition, players: Sequence[str], *,
                 dictionary: Container[str] | None = None, seed: int | None = None,
                 first_player: int | None = None, physical: bool = False, challenge: str = "void",
                 time_control: TimeControl | None = None):
        names = [str(p).strip() for p in players]
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise GameSetupError(f"{len(names)} players: Lexulous is for {MIN_PLAYERS}-{MAX_PLAYERS} players")
        if any(not n for n in names) or len(set(names)) != len(names):
            raise GameSetupError("players need distinct, non-empty names")
        if edition.tiles.rack_size * len(names) > edition.tiles.total:
            raise GameSetupError(f"{edition.name} has {edition.tiles.total} tiles: too few for {len(names)} racks "
                                 f"of {edition.tiles.rack_size}")
        if challenge not in CHALLENGE_RULES:
            raise GameSetupError(f"unknown challenge rule {challenge!r}: one of {', '.join(CHALLENGE_RULES)}")
        self.challenge_rule = challenge
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
        self.physical = physical
        self._racks: list[list[str]] = [[] for _ in names]
        # Physical racks: ``_bag`` holds every unseen tile (the real bag and all racks) and
        # ``_held`` how many of them each rack holds.
        self._held: list[int] = [edition.tiles.rack_size] * len(names) if physical else []
        if not physical:
            for i in range(len(names)):
                self._draw(self._racks[(first_player + i) % len(names)], edition.tiles.rack_size)
        self.scores: list[int] = [0] * len(names)
        self.history: list[Turn] = []
        self._scoreless = 0
        self.result: GameResult | None = None
        self._ending: tuple[str, int | None] | None = None     # physical: waiting for the leftovers
        self._lose_turn: list[int] = []                         # double challenge: turns to skip
        self._judged: set[int] = set()                          # plays already challenged
        # A game clock: each player's time used (seconds) as the table's clock last said
        # (:meth:`set_clock`); overtime costs points at the end.
        self.time_control = time_control
        self.time_used: tuple[float, ...] = (0.0,) * len(names)
        # Words the table accepted that the word list lacks (house rulings, :meth:`accept_words`):
        # they count as words for the rest of the game, in plays and in challenges.
        self.house_words: set[str] = set()
        # The word list a journal's options name: a rebuild judges by it a challenge journalled
        # without its judgement (wordboard.crossword.codec); None for a game not from a journal.
        self.journal_lexicon: str | None = None

    # -- state ---------------------------------------------------------------------------------

    def rack(self, player: int) -> str:
        """A player's tiles, sorted, ``?`` for blanks (with physical racks: :class:`RackUnknown`)."""
        if self.physical:
            raise RackUnknown(f"{self.players[player]}'s tiles are on a real rack: the game knows "
                              f"only that it holds {self._held[player]}")
        return "".join(sorted(self._racks[player]))

    def rack_count(self, player: int) -> int:
        """How many tiles a player's rack holds."""
        return self._held[player] if self.physical else len(self._racks[player])

    @property
    def bag_count(self) -> int:
        if self.physical:
            return len(self._bag) - sum(self._held)
        return len(self._bag)

    @property
    def waiting_for_leftovers(self) -> bool:
        """Physical racks: the game has ended and waits for the tiles left on the racks."""
        return self._ending is not None

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def scoreless_turns(self) -> int:
        """Consecutive turns (passes and swaps) that put nothing on the board."""
        return self._scoreless

    def unseen_tiles(self, player: int | None = None) -> str:
        """Tiles the player cannot see: the bag and the other racks (with physical racks, or no
        player named: every tile that is not on the board)."""
        if self.physical or player is None:
            return "".join(sorted(self._bag if self.physical else self._bag + [t for r in self._racks for t in r]))
        others = [t for i, r in enumerate(self._racks) if i != player for t in r]
        return "".join(sorted(self._bag + others))

    def set_rack(self, player: int, tiles: str) -> None:
        """Say which tiles a player holds: on a real table, the tiles they drew from the real bag.

        Tiles move between the player's rack and the bag, so every tile stays accounted for; a
        tile that is neither on the rack nor in the bag is a ``ValueError``. Not a move: it is
        not in the history and undo does not take it back.
        """
        if self.physical:
            raise ValueError("with physical racks the game holds no racks to set")
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

    def set_clock(self, used: Sequence[float]) -> None:
        """Say how many seconds each player has used on the game clock. Not a move; the penalty
        for overtime is taken when the game ends, from what the clock said last."""
        if len(used) != len(self.players):
            raise ValueError(f"a clock for each of the {len(self.players)} players")
        if any(not 0 <= u < math.inf for u in used):
            raise ValueError("the time used is 0 seconds or more")
        self.time_used = tuple(float(u) for u in used)

    def turns_taken(self, player: int) -> int:
        """The player's plays, passes and swaps so far (each earns a game clock's increment)."""
        return sum(1 for t in self.history if t.player == player and isinstance(t.move, (Play, Pass, Exchange)))

    def time_penalties(self) -> tuple[int, ...]:
        """The points each player would lose for overtime if the game ended now."""
        control = self.time_control
        if control is None:
            return (0,) * len(self.players)
        return tuple(control.penalty_for(u, self.turns_taken(i)) for i, u in enumerate(self.time_used))

    # -- rules ---------------------------------------------------------------------------------

    def evaluate(self, play: Play) -> ScoredPlay:
        """Score ``play`` for the player to move without making it; :class:`IllegalMove` if illegal."""
        self._check_not_over()
        self._check_rack(play.rack_tiles, play)
        # Under a challenge rule other than void a play stands until it is challenged.
        words = self.words if self.challenge_rule == "void" else None
        return evaluate_play(self.board, self.edition, play, words)

    @property
    def words(self) -> Container[str] | None:
        """What counts as a word in this game: the word list, and the house's rulings."""
        if self.dictionary is None or not self.house_words:
            return self.dictionary
        return _WordsWithRulings(self.dictionary, frozenset(self.house_words))

    def accept_words(self, words: Iterable[str]) -> tuple[str, ...]:
        """A house ruling: the table accepts ``words`` although the word list lacks them; they
        count as words for the rest of the game. Returns the words newly accepted (upper case).
        :class:`IllegalMove` for anything that is not a word of 2-15 letters A-Z."""
        accepted = self.unaccepted(words)
        self.house_words.update(accepted)
        return accepted

    def unaccepted(self, words: Iterable[str]) -> tuple[str, ...]:
        """What a house ruling of ``words`` would add (upper case, each once): those neither in
        the word list nor accepted already. :class:`IllegalMove` as for :meth:`house_word`."""
        texts = [self.house_word(word) for word in words]
        return tuple(dict.fromkeys(t for t in texts if t not in self.house_words
                                   and (self.dictionary is None or t not in self.dictionary)))

    def house_word(self, word: str) -> str:
        """``word`` as a house ruling would accept it (upper case); :class:`IllegalMove` if it
        cannot be a word on this board (2 letters A-Z up to the board's length)."""
        text = str(word).strip().upper()
        if not (2 <= len(text) <= max(self.edition.board.rows, self.edition.board.cols)
                and text.isascii() and text.isalpha()):
            raise IllegalMove(RULE_WORD, f"{word!r} is not a word the table can accept")
        return text

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
            if not move.count:
                raise IllegalMove(RULE_EXCHANGE, "an exchange names the tiles to swap, or how many (or pass)")
            if move.tiles or not self.physical:
                if not move.tiles:
                    raise IllegalMove(RULE_EXCHANGE, "an exchange names the tiles to swap (or pass)")
                self._check_rack(move.tiles)
            elif move.count > self._held[self.current]:
                raise IllegalMove(RULE_RACK, f"{self.players[self.current]}'s rack holds "
                                  f"{self._held[self.current]} tiles, not {move.count}")
            needed = self.edition.tiles.exchange_min_bag
            if needed is None:
                needed = move.count
            if self.bag_count < needed:
                raise IllegalMove(RULE_EXCHANGE, f"the bag holds {self.bag_count} tiles; swapping "
                                  f"{move.count} needs at least {needed} in the bag")
            return None
        if isinstance(move, Pass):
            return None
        raise TypeError(f"not a move: {move!r}")

    def _check_not_over(self) -> None:
        if self.result is not None:
            raise IllegalMove(RULE_TURN, "the game is over")
        if self._ending is not None:
            raise IllegalMove(RULE_TURN, "the game is over: the tiles left on the racks are wanted")

    def _check_rack(self, tiles: str, play: Play | None = None) -> None:
        if self.physical:
            missing = Counter(tiles) - Counter(self._bag)
            if missing:
                counts = self.edition.tiles.counts
                at_fault = [p.square for p in play.placements if p.rack_tile in missing] if play else []
                raise IllegalMove(RULE_RACK, "no more " + ", ".join(
                    f"{'blank' if t == BLANK else t} (the set has {counts.get(t, 0)})" for t in sorted(missing))
                    + " among the tiles not on the board", at_fault)
            if len(tiles) > self._held[self.current]:
                raise IllegalMove(RULE_RACK, f"{self.players[self.current]}'s rack holds "
                                  f"{self._held[self.current]} tiles, not {len(tiles)}")
            return
        missing = Counter(tiles) - Counter(self._racks[self.current])
        if missing:
            raise IllegalMove(RULE_RACK, f"{self.players[self.current]} has no "
                              + ", ".join(("blank" if t == BLANK else t) for t in sorted(missing.elements()))
                              + " on the rack")

    # -- moves ---------------------------------------------------------------------------------

    @overload
    def push(self, move: Move) -> Turn: ...

    @overload
    def push(self, move: Leftovers) -> None: ...

    @overload
    def push(self, move: Challenge) -> Turn: ...

    def push(self, move: Move | Leftovers | Challenge) -> Turn | None:
        """Make ``move`` for the player to move; raise :class:`IllegalMove` (changing nothing) if
        illegal. With physical racks, at the end, :class:`Leftovers` settles the game."""
        if isinstance(move, Leftovers):
            self.settle(move)
            return None
        if isinstance(move, Challenge):
            return self.challenge(move.by, move.phonies)
        scored = self._check(move)
        player = self.current
        rack = self._racks[player]
        bag_before, rng_before, scoreless_before = tuple(self._bag), self._rng.getstate(), self._scoreless
        held_before = tuple(self._held)
        rack_before = "" if self.physical else self.rack(player)
        drawn = ""
        score, bingo = 0, 0
        words: tuple[Word, ...] = ()
        if isinstance(move, Play) and self.physical:
            assert scored is not None  # a play is always scored
            for p in move.placements:
                self._bag.remove(p.rack_tile)
                self.board.place(p.square, p.tile)
            self._held[player] -= len(move.placements)
            self._held[player] += min(len(move.placements), self.bag_count)
            score, words, bingo = scored.score, scored.words, scored.bingo
            self._scoreless = 0
        elif isinstance(move, Play):
            assert scored is not None  # a play is always scored
            for p in move.placements:
                rack.remove(p.rack_tile)
                self.board.place(p.square, p.tile)
            drawn = self._draw(rack, self.edition.tiles.rack_size - len(rack))
            score, words, bingo = scored.score, scored.words, scored.bingo
            self._scoreless = 0
        else:
            if isinstance(move, Exchange) and not self.physical:
                for t in move.tiles:
                    rack.remove(t)
                drawn = self._draw(rack, len(move.tiles))
                self._bag.extend(move.tiles)
                self._rng.shuffle(self._bag)
            self._scoreless += 1
        self.scores[player] += score
        turn = Turn(len(self.history) + 1, player, move, rack_before, score, words, bingo, drawn,
                    self.scores[player], _bag_before=bag_before, _rng_before=rng_before,
                    _scoreless_before=scoreless_before, _held_before=held_before)
        self.history.append(turn)
        self.current = (player + 1) % len(self.players)
        self._check_end(player)
        self._skip_lost_turns()
        return turn

    # -- challenges ------------------------------------------------------------------------------

    def challengeable(self) -> Turn | None:
        """The play a challenge would judge now: the last turn, if it is a play not yet judged
        (a play that went out too, while the table has not settled the end)."""
        if self.challenge_rule == "void" or not self.history or (self.physical and self.result is not None):
            return None
        last = self.history[-1]
        if not isinstance(last.move, Play) or last.number in self._judged:
            return None
        return last

    def check_challenge(self, by: int, phonies: Sequence[str] | None = None) -> None:
        """Raise :class:`IllegalMove` unless player ``by`` may challenge the last play now (and,
        with its judgement ``phonies`` given, unless those are words of that play)."""
        if self.challenge_rule == "void":
            raise IllegalMove(RULE_CHALLENGE, "this game has no challenges: every word is checked when played")
        last = self.challengeable()
        if last is None:
            raise IllegalMove(RULE_CHALLENGE, "there is no play to challenge now")
        if not 0 <= by < len(self.players) or by == last.player:
            raise IllegalMove(RULE_CHALLENGE, "a play is challenged by another player")
        if phonies is not None:
            unknown = set(phonies) - {w.text for w in last.words}
            if unknown:
                raise IllegalMove(RULE_CHALLENGE, "a challenge judges the last play's words, not "
                                  + ", ".join(sorted(unknown)))
        elif self.dictionary is None:
            raise IllegalMove(RULE_CHALLENGE, "there is no word list to judge a challenge against")

    def judge(self, by: int) -> Challenge:
        """Player ``by``'s challenge of the last play, judged now against the word list (and the
        house's rulings): the :class:`Challenge` to push and journal, its ``phonies`` the words
        the list lacks. :class:`IllegalMove` as :meth:`check_challenge` says."""
        self.check_challenge(by)
        last = self.history[-1]
        words = self.words
        assert words is not None  # check_challenge says so
        return Challenge(by, tuple(w.text for w in last.words if w.text not in words))

    def challenge(self, by: int, phonies: Sequence[str] | None = None) -> Turn:
        """Player ``by`` challenges the last play: its words are judged against the word list, or
        ``phonies`` is the judgement as it was made (the words the list lacked; a rebuilt game is
        never judged again). A phony comes off the board and its player's turn is lost
        (:class:`Withdrawn`); a play that stands costs the challenger, as the rule says
        (:class:`LostTurn`, :class:`ChallengeBonus`, or nothing under ``single``). Returns the
        turn the challenge added to the history (for ``single``, a :class:`ChallengeBonus` of 0
        points marks that the play stood)."""
        if phonies is None:
            phonies = self.judge(by).phonies
        self.check_challenge(by, phonies)
        last = self.history[-1]
        assert phonies is not None and isinstance(last.move, Play)  # check_challenge says so
        phonies = tuple(phonies)
        self._judged.add(last.number)
        bag_before, rng_before, scoreless_before = tuple(self._bag), self._rng.getstate(), self._scoreless
        held_before, current_before = tuple(self._held), self.current
        move: ChallengeTurn
        if phonies:
            play = last.move
            for p in play.placements:
                self.board.remove(p.square)
                if self.physical:
                    self._bag.append(p.rack_tile)
            if self.physical:
                # the tiles go back to the rack: it holds what it held before the play
                self._held = list(last._held_before)
            else:
                self._racks[last.player] = list(last.rack)
                self._bag = list(last._bag_before)
            self.result, self._ending = None, None
            # a play taken back is a scoreless turn: the run of scoreless turns before it goes on
            self._scoreless = last._scoreless_before + 1
            score, player, move = -last.score, last.player, Withdrawn(play, phonies)
        elif self.challenge_rule == "double":
            score, player, move = 0, by, LostTurn()
            self._lose_turn.append(by)
        else:
            score, player, move = CHALLENGE_BONUS.get(self.challenge_rule, 0), last.player, \
                ChallengeBonus(CHALLENGE_BONUS.get(self.challenge_rule, 0))
        self.scores[player] += score
        turn = Turn(len(self.history) + 1, player, move, "", score, (), 0, "", self.scores[player],
                    _bag_before=bag_before, _rng_before=rng_before, _scoreless_before=scoreless_before,
                    _held_before=held_before, _current_before=current_before)
        self.history.append(turn)
        self._skip_lost_turns()
        if isinstance(move, Withdrawn):
            self._check_scoreless_end(player)
        else:
            known = self.known_leftovers()
            if known is not None:                  # the play that went out stands: the game ends
                self.settle(known)
        return turn

    def _skip_lost_turns(self) -> None:
        """Double challenge: a player who challenged a valid play loses their next turn."""
        while self._lose_turn and self.current in self._lose_turn and self.result is None and self._ending is None:
            self._lose_turn.remove(self.current)
            self.current = (self.current + 1) % len(self.players)

    def _check_scoreless_end(self, mover: int) -> None:
        tiles = self.edition.tiles
        if self._scoreless >= tiles.scoreless_turns_to_end(len(self.players), self.bag_count == 0):
            self._end(END_SCORELESS, None)

    def undo(self) -> Turn:
        """Take back the last turn (and the end of the game, if it ended the game)."""
        if not self.history:
            raise IllegalMove(RULE_TURN, "there is no move to undo")
        turn = self.history.pop()
        self.result = None
        if isinstance(turn.move, Play):
            for p in turn.move.placements:
                self.board.remove(p.square)
            self._judged.discard(turn.number)
        if isinstance(turn.move, (Withdrawn, ChallengeBonus, LostTurn)):
            # a challenge taken back: the play is judged no more (a phony goes back on the board);
            # the turn stays with the player it was with, never handed back to the challenged one
            if isinstance(turn.move, Withdrawn):
                for p in turn.move.play.placements:
                    self.board.place(p.square, p.tile)
            if isinstance(turn.move, LostTurn) and turn.player in self._lose_turn:
                self._lose_turn.remove(turn.player)
            self._judged.discard(self.history[-1].number if self.history else -1)
        if not self.physical:
            self._racks[turn.player] = list(turn.rack)
        self._bag = list(turn._bag_before)
        assert turn._rng_before is not None  # push keeps it in every turn
        self._rng.setstate(turn._rng_before)
        self._scoreless = turn._scoreless_before
        self._held = list(turn._held_before)
        self._ending = None
        self.scores[turn.player] -= turn.score
        self.current = turn._current_before if turn._current_before >= 0 else turn.player
        last = self.history[-1] if self.history else None
        if self.physical and last is not None and isinstance(last.move, Play) and isinstance(
                turn.move, (Withdrawn, ChallengeBonus, LostTurn)) and self.bag_count == 0 \
                and self._held[last.player] == 0:
            self._ending = (END_WENT_OUT, last.player)   # a challenge of the play that went out, undone
        return turn

    # -- the engine protocol (wordboard.engine) --------------------------------------------------

    @property
    def player_names(self) -> tuple[str, ...]:
        return self.players

    def waiting_for(self) -> Waiting:
        if self.result is not None:
            return Waiting(OVER, None)
        if self._ending is not None:
            return Waiting(DECISION, self.current, self.leftovers_wanted())
        return Waiting(MOVE, self.current)

    def dry_run(self, move: Move | Leftovers | Challenge) -> Verdict:
        def check(m: Move | Leftovers | Challenge) -> int | None:
            if isinstance(m, Leftovers):
                self.check_leftovers(m)
                return None
            if isinstance(m, Challenge):
                self.check_challenge(m.by, m.phonies)
                return None
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
        details: dict[str, Any] = {"adjustments": dict(zip(self.players, r.adjustments)),
                                   "racks": dict(zip(self.players, r.racks))}
        if r.time_penalties:
            details["time_penalties"] = dict(zip(self.players, r.time_penalties))
        return Outcome(dict(zip(self.players, r.final)), tuple(self.players[i] for i in r.winners), r.reason,
                       details)

    def move_text(self, move: Move | Leftovers) -> str:
        """As game records write it: ``8D W.RD`` (``.`` for a tile already on the board, a blank in
        lower case), ``-ABC`` for an exchange (``-3``: three tiles, which not said), ``-`` for a
        pass; the leftovers at the end: ``left AEI / (none) / Q``, rack by rack."""
        if isinstance(move, Leftovers):
            return "left " + " / ".join(r or "(none)" for r in move.racks)
        if isinstance(move, Pass):
            return "-"
        if isinstance(move, Exchange):
            return "-" + (move.tiles or str(move.count))
        main = evaluate_play(self.board, self.edition, move, None).main
        placed = {p.square: p for p in move.placements}
        letters = "".join(str(placed[sq].tile) if sq in placed else "." for sq in main.squares)
        return f"{main.position} {letters}"

    def parse_move(self, text: str) -> Move | Leftovers:
        text = text.strip()
        if text.lower().startswith("left ") or text.lower() == "left":
            racks = [r.strip().upper() for r in text[4:].split("/")]
            return Leftovers(tuple("" if r in ("(NONE)", "") else r for r in racks))
        if text == "-":
            return Pass()
        if text[1:].isdigit():
            return Exchange(count=int(text[1:]))
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
        if self.bag_count == 0 and self.rack_count(mover) == 0:
            self._end(END_WENT_OUT, mover)
        elif self._scoreless and self._scoreless >= tiles.scoreless_turns_to_end(len(self.players),
                                                                                 self.bag_count == 0):
            self._end(END_SCORELESS, None)

    def _end(self, reason: str, went_out: int | None) -> None:
        """The game has ended: settle it, or (physical racks) wait for the leftovers unless they
        are known: the other rack of a two-player game that a player went out of. Under a
        challenge rule that play may still be challenged: the game waits for the table to
        accept it (:meth:`settle` with :meth:`known_leftovers`) or challenge it."""
        if not self.physical:
            self._finish(reason, went_out)
            return
        self._ending = (reason, went_out)
        known = self.known_leftovers()
        if known is not None and self.challenge_rule == "void":
            self.settle(known)

    def known_leftovers(self) -> Leftovers | None:
        """Physical racks, at the end of a two-player game that a player went out of: the other
        rack, which is every tile not on the board (None at any other time)."""
        if self._ending is None or self._ending[1] is None or len(self.players) != 2:
            return None
        racks = ["", ""]
        racks[1 - self._ending[1]] = "".join(sorted(self._bag))
        return Leftovers(tuple(racks))

    def leftovers_wanted(self) -> Leftovers | None:
        """Physical racks, at the end: the racks the table must name (how many tiles each holds),
        as a :class:`Leftovers` of ``?``s; None when nothing is wanted."""
        if self._ending is None:
            return None
        return Leftovers(tuple("?" * n for n in self._held))

    def check_leftovers(self, leftovers: Leftovers) -> None:
        """Raise :class:`IllegalMove` unless ``leftovers`` can be the tiles left on the racks."""
        if self._ending is None:
            raise IllegalMove(RULE_TURN, "no leftover tiles are wanted now")
        racks = leftovers.racks
        if len(racks) != len(self.players):
            raise IllegalMove(RULE_RACK, f"name the tiles left on each of the {len(self.players)} racks")
        for name, held, rack in zip(self.players, self._held, racks):
            if len(rack) != held:
                raise IllegalMove(RULE_RACK, f"{name}'s rack holds {held} tiles, not {len(rack)} ({rack or 'none'})")
        named = Counter("".join(racks))
        missing = named - Counter(self._bag)
        if missing:
            raise IllegalMove(RULE_RACK, "not among the tiles off the board: " + "".join(sorted(missing.elements())))

    def settle(self, leftovers: Leftovers) -> None:
        """Physical racks: the tiles left on each rack, as the table gives them; the result counts."""
        self.check_leftovers(leftovers)
        assert self._ending is not None
        reason, went_out = self._ending
        self._ending = None
        self._finish(reason, went_out, tuple("".join(sorted(r)) for r in leftovers.racks))

    def _finish(self, reason: str, went_out: int | None, racks: tuple[str, ...] | None = None) -> None:
        tiles = self.edition.tiles
        if racks is None:
            racks = tuple(self.rack(i) for i in range(len(self.players)))
        values = [tiles.rack_value(r) for r in racks]
        adjustments = [0] * len(self.players)
        if went_out is None:
            adjustments = [-v for v in values]
        else:
            multiplier, others_lose = tiles.settlement(len(self.players))
            adjustments[went_out] = multiplier * sum(values)
            if others_lose:
                for i, v in enumerate(values):
                    if i != went_out:
                        adjustments[i] = -v
        before = tuple(self.scores)
        penalties = self.time_penalties()
        final = tuple(s + a - p for s, a, p in zip(before, adjustments, penalties))
        best = max(final)
        winners = tuple(i for i, s in enumerate(final) if s == best)
        by_tie_break = False
        if len(winners) > 1 and tiles.tie_break_before_adjustments:
            best_before = max(before[i] for i in winners)
            narrowed = tuple(i for i in winners if before[i] == best_before)
            by_tie_break = len(narrowed) < len(winners)
            winners = narrowed
        self.result = GameResult(reason, went_out, racks, before, tuple(adjustments), final, winners,
                                 by_tie_break, penalties if any(penalties) else ())
