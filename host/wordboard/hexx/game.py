"""The HEXX rules engine: a pure state machine (no I/O, no clock, a seeded ``random.Random``).

Use it like python-chess::

    game = HexxGame(load_edition(), dictionary, seed=7)
    game.check(Play.parse("g7 E WORD"))     # raises IllegalMoveError naming the broken rule
    game.play(Play.parse("g7 E WORD"))      # or Discard("QX"), Pass()
    if game.pending:                        # a Decision: who must choose, and the valid answers
        game.decide(answer)                 # game.roll() answers a ROLL with the seeded die
    game.pop()                              # undo the last move or answer
    game.board[Square.parse("g7")]          # BoardTile: letter, owner, tile
    game.last_turn.placed, game.last_turn.flipped   # for the LEDs

Rules as the rulebook gives them (quoted in the tests) and, where it is silent, wordboard's
decisions:

* Secondary runs that are not words. The rulebook: "Secondary words are any words created as a
  result of the primary word's creation", while the validity rule speaks of "the word" on "that
  line" ("The word must include all tiles in that line"). So a run of 2+ tiles that a new tile
  makes on another line and that reads as a word in neither direction is simply not a secondary
  word: it does not make the play illegal and its tiles do not flip. The sample game forces this
  reading: in turn 2, A and T go on either side of WORD's R and T touches O (TO), so on any grid
  A touches D; the rulebook lists only TO and flips only O and R. (AD is an abbreviation, which
  the rulebook excludes, so the sample's dictionary lacks it.)
* Connecting: a word connects when one of its new tiles touches (side or corner) a tile already
  on the board; while the board is empty (at the start, or after Lost Origin / Null & Void clear
  it) the word must cover the centre square instead.
* The S rule choice (``HexxOptions.s_makes_new_word``, off by default as the rulebook
  recommends): when off, a run whose only new tile is an S at its reading end and whose other
  tiles already read as a word is not a new word: as the primary word the play is illegal, as a
  secondary run it does not count.
* "Cannot play": the engine does not prove that a player has no word. While the bag has tiles a
  player may always discard 1-6 tiles instead of playing (that is their turn); once the bag is
  empty they may pass. The game ends when neither can play: two turns in a row without a word
  once the bag is empty. (Ending after six turns in a row without a word while the bag has tiles
  is not the rulebook's: it is a house rule, ``HexxOptions.idle_turns_end``, off by default.)
* After a player plays the last tile in their hand with the bag empty, the opponent has exactly
  one last turn (two plays if a Take Two gave them that), then the game ends; a Take Two "another
  turn" no longer applies. If a HEXX put tiles back in the bag, an empty hand is refilled at the
  end of the play instead.
* HEXX tiles: a HEXX tile shows its letter while on the board. Back in the bag (Lost Origin,
  Null & Void, a discard) it is a new wild HEXX tile, like every other one in the bag: played
  again, it casts a HEXX. Picked up into a hand (The Changeling, Metamorphosis) it is wild again
  but has been played, so playing it again does not cast a HEXX; when a hand holds such a tile
  it is used before a fresh one.
* HEXX resolution: each effect applies after the player refills to 6. "The word just played"
  (Reversal of Fortune, Collateral Damage) is the primary word; "touch" means share a side or a
  corner. Poached Pair: the chooser picks two tiles not already theirs (fewer if fewer exist).
  Null & Void: the roller removes a tile first, then the opponent. Sleight of Hand: the thief
  picks a face-down position in the other hand, then one of their own tiles to put in its place;
  it is rolled again if either hand is empty. Freaky Friday is rolled again unless both hands
  hold 6 tiles. The Changeling: the tile put in the HEXX tile's place shows its own letter (a
  HEXX tile put there shows the letter it replaces) and takes that square's colour; nothing
  happens if the chooser's hand is empty. Doppelganger: vowels are A E I O U; every other
  letter is a consonant; 13 flips to the chooser's ("their") colour, see
  :mod:`wordboard.hexx.effects`.
* Lasting effects (``lasting_effects``) act on a player's next turn and end with it: Take Two
  (another turn; plays twice: two plays in one turn, each may be a word, a discard or a pass),
  Frozen in Place (during that turn no tile of the protected colour turns to the other colour,
  whatever causes it; removing a tile is not flipping it) and Metamorphosis (the first play of
  that turn is the swap: a tile from the hand replaces a tile on the board, which goes to the
  hand, so the line through it reads a new word in the chosen direction; that whole word turns
  to the player's colour; other lines through the square are not checked; declining forfeits).
"""

from __future__ import annotations

import random
from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from wordboard.engine import DECISION, MOVE, OVER, Answer, Verdict, Waiting, dry_run_of
from wordboard.hexx import effects as fx
from wordboard.hexx.board import AXES, Direction, Layout, Square
from wordboard.hexx.edition import HAND_SIZE, Edition
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
from wordboard.rules import Outcome, RuleId


class Rule(RuleId):
    """The rules a move can break, in the rulebook's words."""

    GAME_OVER = "the game is over"
    DECISION_PENDING = "a HEXX must be resolved before the next turn"
    MIN_LENGTH = "Words must be 2 letters minimum"
    LETTERS = "words are written with the letters A-Z"
    ON_BOARD = "tiles go on the squares of the game board"
    SINGLE_LINE = "placing letter tiles on a single line"
    SAME_LETTER = "tiles already in play keep their letter"
    NEW_TILE = "a play puts at least one tile from the hand on the board"
    IN_HAND = "tiles come from the player's hand"
    CENTRE = "The starting player lays down a word ... with one tile in the center space"
    CONNECT = "New words must connect to an existing word or tile(s) already in play"
    WHOLE_LINE = ("The word must include all tiles in that line - not just part of the line "
                  "(GIRLR)")
    DICTIONARY = "Words must be found in a dictionary of your choice"
    S_RULE = "RULE CHOICE: adding an 's' to a word does not create a new word"
    DISCARD_COUNT = "choose from 1 to 6 tiles in their hand to discard back into the bag"
    DISCARD_BAG = ("If all tiles are drawn and a player cannot play any tiles, they pass their "
                   "turn")
    PASS_BAG = ("If a player cannot play a valid word, they can choose from 1 to 6 tiles in "
                "their hand to discard (while the bag has tiles)")
    CHOICE = "the answer must be one of the decision's choices"
    UNDO = "only a move or an answer made can be taken back"


@dataclass(frozen=True)
class PlayPreview:
    """What a legal play would do: its words, the squares it fills and the tiles it flips.

    ``ignored_runs`` are runs through new tiles that read as a word in neither direction (not
    secondary words; see the module docs). ``blocked`` are tiles Frozen in Place keeps.
    """

    play: Play
    primary: FormedWord
    secondary: tuple[FormedWord, ...]
    placed: tuple[Square, ...]
    flips: tuple[Square, ...]
    blocked: tuple[Square, ...]
    ignored_runs: tuple[str, ...]
    hexx_tiles: int

    @property
    def words(self) -> tuple[FormedWord, ...]:
        return (self.primary,) + self.secondary


class _State:
    """Everything that changes during a game (copied for undo)."""

    def __init__(self) -> None:
        self.board: dict[Square, BoardTile] = {}
        self.hands: dict[Colour, list[Tile]] = {Colour.RED: [], Colour.BLACK: []}
        self.bag: list[Tile] = []          # drawn from the end
        self.rng = random.Random(0)
        self.to_move = Colour.RED
        self.turn = 1
        self.plays_left = 1
        self.turn_had_word = False
        self.idle_turns = 0
        self.lasting: list[LastingEffect] = []
        self.pending: Decision | None = None
        self.resolving: dict[str, Any] = {}   # the HEXX being resolved: roller, effect, steps
        self.activated: set[int] = set()      # HEXX tiles that have been played (cast)
        self.first_word: tuple[Square, ...] | None = None
        self.lost_origin_done = False
        self.last_word: tuple[Square, ...] = ()
        self.history: list[TurnRecord] = []
        self.record: dict[str, Any] | None = None   # the turn record being written
        self.last_turn_for: Colour | None = None
        self.result: GameResult | None = None

    def copy(self) -> _State:
        other = _State.__new__(_State)
        other.__dict__.update(self.__dict__)
        other.board = dict(self.board)
        other.hands = {c: list(h) for c, h in self.hands.items()}
        other.bag = list(self.bag)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.lasting = list(self.lasting)
        other.resolving = dict(self.resolving)
        other.activated = set(self.activated)
        other.history = list(self.history)
        if self.record is not None:
            other.record = dict(self.record, words=list(self.record["words"]),
                                events=list(self.record["events"]))
        return other

    def writing(self) -> dict[str, Any]:
        """The turn record being written: there is one from a play's start to its end."""
        assert self.record is not None, "no turn is being played"
        return self.record


#: The default rule choices (frozen, so every game may share them).
_NO_OPTIONS = HexxOptions()


class HexxGame:
    """A game of HEXX between red and black.

    ``dictionary`` is anything with ``__contains__`` for upper-case words (a
    :class:`wordboard.dictionary.Dictionary` or a set). ``seed`` seeds the game's own
    ``random.Random`` (the bag, the tile flip for the starting player, the d20).
    """

    def __init__(self, edition: Edition, dictionary: Container[str], *, seed: int | None = None,
                 options: HexxOptions = _NO_OPTIONS, first_player: Colour | None = None):
        self.edition = edition
        self.dictionary = dictionary
        self.options = options
        self._undo: list[_State] = []
        s = self._s = _State()
        s.rng = random.Random(seed)
        next_id = 0
        for letter, count in edition.letters:
            for _ in range(count):
                s.bag.append(Tile(next_id, letter))
                next_id += 1
        for _ in range(edition.hexx_tiles):
            s.bag.append(Tile(next_id, None))
            next_id += 1
        s.rng.shuffle(s.bag)
        # "Flip a tile, the color that comes up will be the starting player."
        s.to_move = first_player or s.rng.choice([Colour.RED, Colour.BLACK])
        for colour in (s.to_move, s.to_move.other):
            self._draw(colour, record=False)

    @classmethod
    def from_position(cls, edition: Edition, dictionary: Container[str], *,
                      hands: Mapping[Colour, str], bag: str = "", to_move: Colour = Colour.RED,
                      board: Mapping[Square | str, tuple[str, Colour]] | None = None,
                      first_word: Iterable[Square | str] | None = None, seed: int = 0,
                      options: HexxOptions = _NO_OPTIONS) -> HexxGame:
        """A game set up by hand (tests, puzzles, the rulebook's sample game).

        ``hands`` and ``bag`` are letters, ``?`` for a HEXX tile; the bag is drawn in the order
        written. ``board`` maps squares to (letter, owner); a small letter is a HEXX tile showing
        that letter.
        """
        game = cls.__new__(cls)
        game.edition = edition
        game.dictionary = dictionary
        game.options = options
        game._undo = []
        s = game._s = _State()
        s.rng = random.Random(seed)
        ids = iter(range(10 ** 9))

        def tile(symbol: str) -> Tile:
            if symbol == "?":
                return Tile(next(ids), None)
            if not symbol.isalpha() or not symbol.isascii():
                raise ValueError(f"{symbol!r} is not a tile (a letter, or ? for HEXX)")
            return Tile(next(ids), symbol.upper())

        for colour in Colour:
            s.hands[colour] = [tile(ch) for ch in hands.get(colour, "")]
            if len(s.hands[colour]) > HAND_SIZE:
                raise ValueError(f"{colour} has more than {HAND_SIZE} tiles")
        s.bag = [tile(ch) for ch in reversed(bag)]
        for key, (letter, owner) in (board or {}).items():
            square = Square.parse(key) if isinstance(key, str) else key
            if square not in edition.layout:
                raise ValueError(f"{square} is not on the board")
            hexx = letter.islower()
            placed = Tile(next(ids), None if hexx else letter.upper())
            if hexx:
                s.activated.add(placed.id)
            s.board[square] = BoardTile(placed, letter.upper(), owner)
        if first_word is not None:
            s.first_word = tuple(Square.parse(q) if isinstance(q, str) else q for q in first_word)
        elif s.board:
            s.first_word = ()
        s.to_move = to_move
        return game

    # ------------------------------------------------------------------ reading the state

    @property
    def layout(self) -> Layout:
        return self.edition.layout

    @property
    def board(self) -> Mapping[Square, BoardTile]:
        """Square -> the tile on it (letter, owner); empty squares are absent."""
        return MappingProxyType(self._s.board)

    def tile_at(self, square: Square | str) -> BoardTile | None:
        if isinstance(square, str):
            square = Square.parse(square)
        return self._s.board.get(square)

    @property
    def to_move(self) -> Colour:
        return self._s.to_move

    @property
    def turn_number(self) -> int:
        return self._s.turn

    @property
    def plays_left(self) -> int:
        """Plays left in this turn: 1, or 2 under Take Two."""
        return self._s.plays_left

    def hand(self, colour: Colour) -> tuple[Tile, ...]:
        return tuple(self._s.hands[colour])

    @property
    def bag_size(self) -> int:
        return len(self._s.bag)

    def bag_tiles(self) -> tuple[Tile, ...]:
        """The bag's tiles (for checks and tests; a person cannot see them)."""
        return tuple(self._s.bag)

    @property
    def pending(self) -> Decision | None:
        """The decision the engine waits for, or None when ``to_move`` should play a move."""
        return self._s.pending

    @property
    def lasting_effects(self) -> tuple[LastingEffect, ...]:
        return tuple(self._s.lasting)

    @property
    def history(self) -> tuple[TurnRecord, ...]:
        return tuple(self._s.history)

    @property
    def last_turn(self) -> TurnRecord | None:
        """The last finished play (a word, discard or pass, with its HEXX): placed, flipped."""
        return self._s.history[-1] if self._s.history else None

    @property
    def current_events(self) -> tuple[Event, ...]:
        """Events of the play still being resolved (a HEXX waiting for a decision)."""
        return tuple(self._s.record["events"]) if self._s.record else ()

    @property
    def current_words(self) -> tuple[FormedWord, ...]:
        """Words of the play still being resolved (a HEXX waiting for a decision)."""
        return tuple(self._s.record["words"]) if self._s.record else ()

    @property
    def first_word_squares(self) -> tuple[Square, ...] | None:
        return self._s.first_word

    @property
    def last_turn_for(self) -> Colour | None:
        """The player who has one last turn (the other played their last tile), if any."""
        return self._s.last_turn_for

    @property
    def result(self) -> GameResult | None:
        return self._s.result

    @property
    def is_over(self) -> bool:
        return self._s.result is not None

    def count(self, colour: Colour) -> int:
        """Tiles of ``colour`` on the board: the score."""
        return sum(1 for t in self._s.board.values() if t.owner is colour)

    def is_activated(self, tile: Tile) -> bool:
        """Whether a HEXX tile has been played already (it casts no new HEXX)."""
        return tile.id in self._s.activated

    # ------------------------------------------------------------------ checking plays

    def check(self, move: Move) -> PlayPreview | None:
        """Raise :class:`IllegalMoveError` if ``move`` is not legal now; a Play's preview."""
        s = self._s
        if s.result is not None:
            raise IllegalMoveError(Rule.GAME_OVER, "the game is over")
        if s.pending is not None:
            raise IllegalMoveError(Rule.DECISION_PENDING,
                                   f"{s.pending.chooser} must first {s.pending.kind.value}")
        if isinstance(move, Play):
            return self.preview(move)
        if isinstance(move, Discard):
            self._tiles_from_hand(s.to_move, move.tiles)
            if not 1 <= len(move.tiles) <= HAND_SIZE:
                raise IllegalMoveError(Rule.DISCARD_COUNT, "discard 1 to 6 tiles")
            if not s.bag:
                raise IllegalMoveError(Rule.DISCARD_BAG, "the bag is empty: pass instead")
            return None
        if isinstance(move, Pass):
            if s.bag:
                raise IllegalMoveError(Rule.PASS_BAG, "the bag still has tiles: discard 1 to 6 "
                                                      "tiles instead of passing")
            return None
        raise TypeError(f"not a HEXX move: {move!r}")

    def is_legal(self, move: Move) -> bool:
        try:
            self.check(move)
        except IllegalMoveError:
            return False
        return True

    def preview(self, play: Play, player: Colour | None = None) -> PlayPreview:
        """The words, placements and flips of ``play`` by ``player`` (default: to move)."""
        s = self._s
        player = player or s.to_move
        word = play.word
        if len(word) < 2:
            raise IllegalMoveError(Rule.MIN_LENGTH, f"{word!r} is too short")
        if not (word.isascii() and word.isalpha()):
            raise IllegalMoveError(Rule.LETTERS, f"{word!r} has characters that are not letters")
        squares = play.squares
        off = [sq for sq in squares if sq not in self.layout]
        if off:
            raise IllegalMoveError(Rule.ON_BOARD, f"the word runs off the board at {off[0]}")
        new: list[Square] = []
        hand_symbols = []
        for square, char in zip(squares, word):
            existing = s.board.get(square)
            if existing is not None:
                if existing.letter != char.upper():
                    raise IllegalMoveError(Rule.SAME_LETTER, f"{square} shows {existing.letter}, "
                                                             f"not {char.upper()}")
            else:
                new.append(square)
                hand_symbols.append("?" if char.islower() else char)
        if not new:
            raise IllegalMoveError(Rule.NEW_TILE, f"{word.upper()} is already on the board")
        hexx_tiles = hand_symbols.count("?")
        before = squares[0].step(play.direction.opposite)
        after = squares[-1].step(play.direction)
        if before in s.board or after in s.board:
            spelt = {q: ch.upper() for q, ch in zip(squares, word)}
            full = self._run(squares[0], play.direction, extra=spelt)
            text = "".join(s.board[q].letter if q in s.board else spelt[q] for q in full)
            raise IllegalMoveError(Rule.WHOLE_LINE, f"the line would read {text}, not "
                                                    f"{word.upper()}")
        if not s.board:
            if self.layout.centre not in squares:
                raise IllegalMoveError(Rule.CENTRE, f"the first word must cover the centre "
                                                    f"square {self.layout.centre}")
        elif not any(n in s.board for sq in new for n in self.layout.neighbours(sq)):
            raise IllegalMoveError(Rule.CONNECT, f"{word.upper()} does not touch any tile on "
                                                 f"the board")
        self._tiles_from_hand(player, "".join(hand_symbols))
        text = word.upper()
        if text not in self.dictionary:
            raise IllegalMoveError(Rule.DICTIONARY, f"{text} is not in the dictionary")
        new_set = set(new)
        if self._adds_only_s(text, squares, new_set):
            raise IllegalMoveError(Rule.S_RULE, f"{text} is {text[:-1]} with an S added")
        primary = FormedWord(text, squares, True)

        letters = {sq: ch.upper() for sq, ch in zip(squares, word)}
        secondary: list[FormedWord] = []
        ignored: list[str] = []
        for square in new:
            for axis in AXES:
                if axis is play.direction.axis:
                    continue
                run = self._run(square, axis, extra=letters)
                if len(run) < 2:
                    continue
                forward = "".join(letters.get(q) or s.board[q].letter for q in run)
                found = None
                for reading, order in ((forward, run), (forward[::-1], tuple(reversed(run)))):
                    if reading in self.dictionary and not self._adds_only_s(reading, order,
                                                                              new_set):
                        found = FormedWord(reading, order, False)
                        break
                if found:
                    secondary.append(found)
                else:
                    ignored.append(forward)
        flips: list[Square] = []
        blocked: list[Square] = []
        for formed in (primary, *secondary):
            for square in formed.squares:
                tile = s.board.get(square)
                if tile is None or tile.owner is player or square in flips or square in blocked:
                    continue
                (blocked if self._is_frozen(tile.owner) else flips).append(square)
        return PlayPreview(play, primary, tuple(secondary), tuple(new), tuple(flips),
                           tuple(blocked), tuple(ignored), hexx_tiles)

    def _adds_only_s(self, text: str, order: tuple[Square, ...], new: set[Square]) -> bool:
        """With the S rule choice off: is this run an old word with only an S added at its end?"""
        if self.options.s_makes_new_word or len(text) < 3 or text[-1] != "S":
            return False
        if order[-1] not in new or any(q in new for q in order[:-1]):
            return False
        return text[:-1] in self.dictionary

    def _run(self, square: Square, direction: Direction, extra: Mapping[Square, str]
             ) -> tuple[Square, ...]:
        """The maximal run of covered squares through ``square`` along ``direction``, in order."""
        def covered(q: Square) -> bool:
            return q in self._s.board or q in extra

        start = square
        while covered(start.step(direction.opposite)):
            start = start.step(direction.opposite)
        run = []
        current = start
        while covered(current) or current == square:
            run.append(current)
            current = current.step(direction)
        return tuple(run)

    def _tiles_from_hand(self, colour: Colour, symbols: str) -> list[int]:
        """Positions in ``colour``'s hand of the tiles ``symbols`` (letters, ? for HEXX)."""
        hand = self._s.hands[colour]
        used: set[int] = set()
        positions = []
        for symbol in symbols:
            symbol = symbol.upper()
            candidates = [i for i, t in enumerate(hand) if i not in used and t.symbol == symbol]
            if symbol == "?":  # a HEXX tile already played (kept by The Changeling) goes first
                candidates.sort(key=lambda i: hand[i].id not in self._s.activated)
            if not candidates:
                what = "HEXX tile" if symbol == "?" else f"{symbol} tile"
                have = " ".join(t.symbol for t in hand) or "nothing"
                raise IllegalMoveError(Rule.IN_HAND, f"{colour} has no {what} for this "
                                                     f"(hand: {have})")
            used.add(candidates[0])
            positions.append(candidates[0])
        return positions

    def _is_frozen(self, owner: Colour) -> bool:
        """Whether Frozen in Place keeps ``owner``'s tiles from flipping now."""
        return any(e.kind is LastingKind.FROZEN and e.active and e.protected is owner
                   for e in self._s.lasting)

    # ------------------------------------------------------------------ making moves

    def play(self, move: Move) -> Decision | None:
        """Make ``move`` for the player to move; returns the decision it leads to, if any."""
        preview = self.check(move)
        self._save()
        s = self._s
        player = s.to_move
        self._open_record(move)
        if isinstance(move, Play):
            assert preview is not None
            positions = self._tiles_from_hand(player, "".join(
                "?" if ch.islower() else ch for sq, ch in zip(move.squares, move.word)
                if sq not in s.board))
            tiles = [s.hands[player][i] for i in positions]
            for i in sorted(positions, reverse=True):
                del s.hands[player][i]
            fresh_hexx = False
            for square, tile in zip(preview.placed, tiles):
                letter = move.word[move.squares.index(square)].upper()
                s.board[square] = BoardTile(tile, letter, player)
                self._event("placed", square=square, after=player, text=letter)
                if tile.is_hexx and tile.id not in s.activated:
                    s.activated.add(tile.id)
                    fresh_hexx = True
            s.writing()["words"].extend(preview.words)
            for formed in preview.words:
                for square in formed.squares:
                    self._flip(square, player)
            if s.first_word is None:
                s.first_word = preview.primary.squares
            s.last_word = preview.primary.squares
            self._draw(player)
            if fresh_hexx:
                self._ask_roll(player)
                return s.pending
            self._end_play(word=True)
        elif isinstance(move, Discard):
            positions = self._tiles_from_hand(player, move.tiles)
            for i in sorted(positions, reverse=True):
                self._to_bag(s.hands[player].pop(i))
            s.rng.shuffle(s.bag)
            self._event("discarded", value=len(positions), text=move.tiles.upper())
            self._draw(player)
            self._end_play(word=False)
        else:
            self._event("note", text=f"{player} passes")
            self._end_play(word=False)
        return s.pending

    # ------------------------------------------------------------------ the engine protocol

    @property
    def player_names(self) -> tuple[str, ...]:
        """HEXX is played by colour: ``red`` and ``black``."""
        return tuple(c.value for c in PLAYERS)

    def waiting_for(self) -> Waiting:
        s = self._s
        if s.result is not None:
            return Waiting(OVER, None)
        if s.pending is not None:
            return Waiting(DECISION, PLAYERS.index(s.pending.chooser), s.pending)
        return Waiting(MOVE, PLAYERS.index(s.to_move))

    def dry_run(self, move: Move | Answer) -> Verdict:
        def check(m: Move | Answer) -> None:
            if isinstance(m, Answer):
                self._check_answer(m.value)
            else:
                self.check(m)
        return dry_run_of(check, move)

    def push(self, move: Move | Answer) -> Decision | None:
        """Make a move, or answer the pending decision (an :class:`~wordboard.engine.Answer`;
        ``Answer("roll")`` rolls the game's own d20)."""
        if isinstance(move, Answer):
            return self.roll() if move.value == ROLL else self.decide(move.value)
        return self.play(move)

    def can_pop(self) -> bool:
        return bool(self._undo)

    def outcome(self) -> Outcome | None:
        r = self._s.result
        if r is None:
            return None
        winners = tuple(c.value for c in PLAYERS) if r.winner is None else (r.winner.value,)
        return Outcome({"red": r.red, "black": r.black}, winners, r.reason)

    def move_text(self, move: Move | Answer) -> str:
        """``E5 E WORD``, ``discard AB?``, ``pass``; an answer: ``roll`` (the game's die) or
        ``roll 8``, ``flip D5 G5``, ``letter E``, ``square D5``, ``tile 2`` (a position in a
        hand, from 1), ``swap D5 N MATS`` (Metamorphosis: the new word read through the square),
        ``forfeit``."""
        if not isinstance(move, Answer):
            return move.notation
        return answer_text(self.pending, move.value, self)

    def parse_move(self, text: str) -> Move | Answer:
        words = text.split()
        head = words[0].lower() if words else ""
        if self.pending is not None:
            return Answer(parse_answer(self.pending, text, self))
        if head == "discard" and len(words) == 2:
            return Discard(words[1])
        if head == "pass" and len(words) == 1:
            return Pass()
        return Play.parse(text)

    def _check_answer(self, answer: Any) -> None:
        decision = self._s.pending
        if decision is None:
            raise IllegalMoveError(Rule.CHOICE, "no decision is pending")
        if answer == ROLL:
            if decision.kind is not DecisionKind.ROLL:
                raise IllegalMoveError(Rule.CHOICE, "no roll is pending")
            return
        if not decision.is_valid(tuple(answer) if decision.kind is DecisionKind.FLIP_TILES and
                                 isinstance(answer, (list, tuple)) else answer):
            raise IllegalMoveError(Rule.CHOICE, f"{_shown(answer)} is not a valid answer: "
                                                f"{decision.chooser} must {decision.kind.value}, "
                                                f"{decision.describe_choices()}")

    def decide(self, answer: Any) -> Decision | None:
        """Answer the pending decision; returns the next decision, if any."""
        s = self._s
        decision = s.pending
        if decision is None:
            raise IllegalMoveError(Rule.CHOICE, "no decision is pending")
        if decision.kind is DecisionKind.FLIP_TILES and answer is not None:
            try:
                answer = tuple(answer)
            except TypeError:
                pass
        if not decision.is_valid(answer):
            raise IllegalMoveError(Rule.CHOICE, f"{_shown(answer)} is not a valid answer: "
                                                f"{decision.chooser} must {decision.kind.value}, "
                                                f"{decision.describe_choices()}")
        self._save()
        s.pending = None
        handler = getattr(self, f"_answer_{decision.kind.name.lower()}")
        handler(decision, answer)
        return s.pending

    def roll(self) -> Decision | None:
        """Answer a pending ROLL with the game's seeded d20."""
        if self._s.pending is None or self._s.pending.kind is not DecisionKind.ROLL:
            raise IllegalMoveError(Rule.CHOICE, "no roll is pending")
        return self.decide(self._s.rng.randint(1, 20))

    @property
    def undo_depth(self) -> int:
        """How many moves and decisions :meth:`pop` can take back."""
        return len(self._undo)

    def pop(self) -> None:
        """Undo the last move or decision answer (``IndexError``, an :class:`IllegalMove` too, when
        there is nothing to undo)."""
        if not self._undo:
            raise NothingToUndo(Rule.UNDO, "nothing to undo")
        self._s = self._undo.pop()

    def snapshot(self) -> HexxGame:
        """An independent copy of this game (same dictionary and edition), without undo."""
        other = HexxGame.__new__(HexxGame)
        other.edition, other.dictionary, other.options = self.edition, self.dictionary, self.options
        other._undo = []
        other._s = self._s.copy()
        return other

    # ------------------------------------------------------------------ internals: state changes

    def _save(self) -> None:
        self._undo.append(self._s.copy())

    def _open_record(self, move: Move | Metamorphosis | None) -> None:
        self._s.record = {"player": self._s.to_move, "move": move, "words": [], "events": [],
                          "effect": None}

    def _event(self, kind: str, **fields: Any) -> None:
        if self._s.record is not None:
            self._s.record["events"].append(Event(kind, **fields))

    def _close_record(self) -> None:
        s = self._s
        r = s.writing()
        s.history.append(TurnRecord(len(s.history) + 1, r["player"], r["move"], tuple(r["words"]),
                                    tuple(r["events"]), r["effect"]))
        s.record = None

    def _flip(self, square: Square, colour: Colour) -> None:
        s = self._s
        tile = s.board.get(square)
        if tile is None or tile.owner is colour:
            return
        if self._is_frozen(tile.owner):
            self._event("flip-blocked", square=square, before=tile.owner, after=colour)
            return
        s.board[square] = replace(tile, owner=colour)
        self._event("flipped", square=square, before=tile.owner, after=colour)

    def _remove(self, square: Square, to: Colour | None) -> Tile:
        """Take the tile off ``square``: into the bag (``to`` None) or ``to``'s hand."""
        s = self._s
        tile = s.board.pop(square).tile
        if to is None:
            self._to_bag(tile)
            s.rng.shuffle(s.bag)
        else:
            s.hands[to].append(tile)
        self._event("removed", square=square, text="bag" if to is None else f"{to}'s hand")
        return tile

    def _to_bag(self, tile: Tile) -> None:
        self._s.activated.discard(tile.id)   # in the bag it is a new wild HEXX tile again
        self._s.bag.append(tile)

    def _draw(self, colour: Colour, record: bool = True) -> None:
        s = self._s
        drawn = 0
        while len(s.hands[colour]) < HAND_SIZE and s.bag:
            s.hands[colour].append(s.bag.pop())
            drawn += 1
        if drawn and record:
            self._event("drew", value=drawn, text=str(colour))

    # ------------------------------------------------------------------ turn flow

    def _end_play(self, word: bool) -> None:
        s = self._s
        player = s.to_move
        s.resolving = {}
        s.turn_had_word = s.turn_had_word or word
        if not s.hands[player] and s.bag:
            self._draw(player)
        granted = False
        if not s.hands[player] and not s.bag and s.last_turn_for is None:
            s.last_turn_for = player.other
            granted = True
            self._event("note", text=f"{player} has played their last tile: {player.other} has "
                                     f"one last turn")
        self._close_record()
        s.plays_left -= 1
        if s.plays_left > 0 and not granted:
            self._start_play()
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        s = self._s
        player = s.to_move
        s.idle_turns = 0 if s.turn_had_word else s.idle_turns + 1
        s.lasting = [e for e in s.lasting if e.active_turn != s.turn]
        if s.last_turn_for is player:
            self._finish("the last turn has been played")
            return
        if s.idle_turns >= 2 and not s.bag:
            self._finish("neither player can play")
            return
        limit = self.options.idle_turns_end
        if limit is not None and s.idle_turns >= limit:
            self._finish(f"{limit} turns in a row without a word (house rule)")
            return
        if s.last_turn_for is not None:
            s.lasting = [e for e in s.lasting if e.kind is not LastingKind.ANOTHER_TURN]
            following = s.last_turn_for
        elif any(e.kind is LastingKind.ANOTHER_TURN and e.player is player for e in s.lasting):
            following = player
        else:
            following = player.other
        s.turn += 1
        s.to_move = following
        s.turn_had_word = False
        s.lasting = [replace(e, active_turn=s.turn)
                     if e.player is following and e.active_turn is None else e for e in s.lasting]
        twice = any(e.kind is LastingKind.PLAY_TWICE and e.active and e.player is following
                    for e in s.lasting)
        s.plays_left = 2 if twice else 1
        self._start_play()

    def _start_play(self) -> None:
        s = self._s
        player = s.to_move
        if any(e.kind is LastingKind.METAMORPHOSIS and e.active and e.player is player
               for e in s.lasting):
            effect = fx.effect(fx.METAMORPHOSIS)
            s.pending = Decision(
                DecisionKind.METAMORPHOSIS, player, tuple(self.metamorphosis_options(player)),
                f"{player}: Metamorphosis: swap a letter on the board to make a new word, or "
                f"forfeit this turn", effect, can_decline=True)

    def _finish(self, reason: str) -> None:
        s = self._s
        s.pending = None
        s.result = GameResult(self.count(Colour.RED), self.count(Colour.BLACK), reason)

    # ------------------------------------------------------------------ HEXX

    def _ask_roll(self, roller: Colour, note: str = "") -> None:
        s = self._s
        s.resolving = {"roller": roller}
        prompt = f"{roller} played a HEXX tile: roll the d20"
        s.pending = Decision(DecisionKind.ROLL, roller, tuple(range(1, 21)),
                             f"{note}{prompt}" if note else prompt)

    def _answer_roll(self, decision: Decision, value: int) -> None:
        s = self._s
        roller = decision.chooser
        other = roller.other
        effect = fx.effect(value)
        reroll = ""
        if value == fx.LOST_ORIGIN and s.lost_origin_done:
            reroll = "Lost Origin has been rolled before in this game"
        elif value in (fx.SLEIGHT_OF_HAND, fx.SLEIGHT_OF_HAND_OPPONENT) and not (
                s.hands[roller] and s.hands[other]):
            reroll = "a hand is empty, so there are not enough tiles"
        elif value == fx.FREAKY_FRIDAY and not (len(s.hands[roller]) == HAND_SIZE
                                                and len(s.hands[other]) == HAND_SIZE):
            reroll = "a hand holds fewer than 6 tiles, so there are not enough tiles"
        if reroll:
            self._event("rolled", value=value, text=f"{effect.name}: roll again ({reroll})")
            self._ask_roll(roller, note=f"Rolled {value} ({effect.name}) but {reroll}. ")
            return
        self._event("rolled", value=value, text=str(effect))
        s.writing()["effect"] = effect
        s.resolving = {"roller": roller, "effect": effect}
        self._apply_effect(effect, roller)

    def _apply_effect(self, effect: HexxEffect, roller: Colour) -> None:
        s = self._s
        other = roller.other
        n = effect.number
        if n == fx.TAKE_TWO_AGAIN:
            self._add_lasting(LastingEffect(LastingKind.ANOTHER_TURN, roller, effect))
        elif n == fx.TAKE_TWO_OPPONENT:
            self._add_lasting(LastingEffect(LastingKind.PLAY_TWICE, other, effect))
        elif n in (fx.POACHED_PAIR, fx.POACHED_PAIR_OPPONENT):
            chooser = roller if n == fx.POACHED_PAIR else other
            options = tuple(q for q in sorted(s.board) if s.board[q].owner is not chooser
                            and not self._is_frozen(s.board[q].owner))
            if options:
                s.pending = Decision(DecisionKind.FLIP_TILES, chooser, options,
                                     f"{chooser}: {effect.name}: choose {min(2, len(options))} "
                                     f"tiles to flip to {chooser}", effect,
                                     count=min(2, len(options)))
                return
            self._event("note", text=f"{effect.name}: no tile can be flipped to {chooser}")
        elif n in (fx.REVERSAL_OF_FORTUNE,):
            for square in s.last_word:
                self._flip(square, other)
        elif n in (fx.COLLATERAL_DAMAGE, fx.COLLATERAL_DAMAGE_OPPONENT):
            colour = roller if n == fx.COLLATERAL_DAMAGE else other
            word = set(s.last_word)
            touching = sorted({q for w in word for q in self.layout.neighbours(w)
                               if q in s.board and q not in word})
            for square in touching:
                self._flip(square, colour)
        elif n == fx.LOST_ORIGIN:
            s.lost_origin_done = True
            for square in s.first_word or ():
                if square in s.board:
                    self._remove(square, None)
        elif n == fx.METAMORPHOSIS:
            self._add_lasting(LastingEffect(LastingKind.METAMORPHOSIS, roller, effect))
        elif n in (fx.DOPPELGANGER_VOWEL, fx.DOPPELGANGER_VOWEL_OPPONENT,
                   fx.DOPPELGANGER_CONSONANT, fx.DOPPELGANGER_CONSONANT_OPPONENT):
            chooser = roller if n in (fx.DOPPELGANGER_VOWEL, fx.DOPPELGANGER_CONSONANT) else other
            vowel = n in (fx.DOPPELGANGER_VOWEL, fx.DOPPELGANGER_VOWEL_OPPONENT)
            s.pending = Decision(DecisionKind.VOWEL if vowel else DecisionKind.CONSONANT, chooser,
                                 tuple(fx.VOWELS if vowel else fx.CONSONANTS),
                                 f"{chooser}: {effect.name}: choose a "
                                 f"{'vowel' if vowel else 'consonant'}; every one on the board "
                                 f"turns {chooser}", effect)
            return
        elif n == fx.NULL_AND_VOID:
            s.resolving["removers"] = [roller, other]
            self._ask_remove(effect)
            return
        elif n in (fx.SLEIGHT_OF_HAND, fx.SLEIGHT_OF_HAND_OPPONENT):
            thief = roller if n == fx.SLEIGHT_OF_HAND else other
            s.pending = Decision(DecisionKind.STEAL_TILE, thief,
                                 tuple(range(len(s.hands[thief.other]))),
                                 f"{thief}: {effect.name}: pick one of {thief.other}'s "
                                 f"{len(s.hands[thief.other])} tiles (face down) to steal", effect)
            return
        elif n in (fx.CHANGELING, fx.CHANGELING_OPPONENT):
            chooser = roller if n == fx.CHANGELING else other
            hexx = tuple(q for q in sorted(s.board) if s.board[q].is_hexx)
            if hexx and s.hands[chooser]:
                s.pending = Decision(DecisionKind.TAKE_HEXX, chooser, hexx,
                                     f"{chooser}: {effect.name}: choose a HEXX tile on the "
                                     f"board to pick up", effect)
                return
            why = "no HEXX tile is on the board" if not hexx else f"{chooser}'s hand is empty"
            self._event("note", text=f"{effect.name}: nothing happens ({why})")
        elif n == fx.FROZEN_IN_PLACE:
            self._add_lasting(LastingEffect(LastingKind.FROZEN, other, effect, protected=roller))
        elif n == fx.FREAKY_FRIDAY:
            s.hands[roller], s.hands[other] = s.hands[other], s.hands[roller]
            self._event("swapped", text="red and black swapped hands")
        self._end_play(word=True)

    def _add_lasting(self, effect: LastingEffect) -> None:
        self._s.lasting.append(effect)
        self._event("effect", text=effect.describe())

    def _answer_flip_tiles(self, decision: Decision, answer: tuple[Square, ...]) -> None:
        for square in answer:
            self._flip(square, decision.chooser)
        self._end_play(word=True)

    def _answer_vowel(self, decision: Decision, letter: str) -> None:
        self._event("note", text=f"{decision.chooser} chose {letter}")
        for square in sorted(self._s.board):
            if self._s.board[square].letter == letter:
                self._flip(square, decision.chooser)
        self._end_play(word=True)

    _answer_consonant = _answer_vowel

    def _ask_remove(self, effect: HexxEffect) -> None:
        s = self._s
        removers = s.resolving["removers"]
        if not removers or not s.board:
            self._end_play(word=True)
            return
        chooser = removers[0]
        s.pending = Decision(DecisionKind.REMOVE_TILE, chooser, tuple(sorted(s.board)),
                             f"{chooser}: {effect.name}: choose a tile to take off the board "
                             f"and put in the bag", effect)

    def _answer_remove_tile(self, decision: Decision, square: Square) -> None:
        s = self._s
        self._remove(square, None)
        s.resolving["removers"] = s.resolving["removers"][1:]
        assert decision.effect is not None  # the decision of a HEXX names it
        self._ask_remove(decision.effect)

    def _answer_steal_tile(self, decision: Decision, position: int) -> None:
        s = self._s
        thief = decision.chooser
        s.resolving["stolen"] = position
        assert decision.effect is not None  # the decision of a HEXX names it
        s.pending = Decision(DecisionKind.GIVE_TILE, thief, tuple(range(len(s.hands[thief]))),
                             f"{thief}: {decision.effect.name}: choose a tile of yours to put "
                             f"in its place", decision.effect)

    def _answer_give_tile(self, decision: Decision, position: int) -> None:
        s = self._s
        thief = decision.chooser
        victim = thief.other
        stolen = s.resolving["stolen"]
        given = s.hands[thief][position]
        taken = s.hands[victim][stolen]
        s.hands[thief][position] = taken
        s.hands[victim][stolen] = given
        self._event("swapped", text=f"{thief} stole a tile from {victim} and gave one back")
        self._end_play(word=True)

    def _answer_take_hexx(self, decision: Decision, square: Square) -> None:
        s = self._s
        chooser = decision.chooser
        s.resolving["hexx_square"] = square
        assert decision.effect is not None  # the decision of a HEXX names it
        s.pending = Decision(DecisionKind.REPLACE_HEXX, chooser,
                             tuple(range(len(s.hands[chooser]))),
                             f"{chooser}: {decision.effect.name}: choose a tile of yours to put "
                             f"on {square} in place of the HEXX tile", decision.effect)

    def _answer_replace_hexx(self, decision: Decision, position: int) -> None:
        s = self._s
        chooser = decision.chooser
        square = s.resolving["hexx_square"]
        old = s.board[square]
        tile = s.hands[chooser].pop(position)
        self._remove(square, chooser)
        letter = tile.letter or old.letter
        if tile.is_hexx:
            s.activated.add(tile.id)
        s.board[square] = BoardTile(tile, letter, old.owner)
        self._event("placed", square=square, after=old.owner, text=letter)
        self._end_play(word=True)

    # ------------------------------------------------------------------ Metamorphosis

    def metamorphosis_options(self, player: Colour) -> list[Metamorphosis]:
        """Every swap that makes a new word, for ``player``'s Metamorphosis."""
        s = self._s
        hand = s.hands[player]
        letters = sorted({t.letter for t in hand if t.letter})
        has_hexx = any(t.is_hexx for t in hand)
        choices = [(ch, False) for ch in letters]
        if has_hexx:
            choices += [(ch, True) for ch in fx.VOWELS + fx.CONSONANTS if ch not in letters]
        options = []
        for square in sorted(s.board):
            current = s.board[square].letter
            for direction in Direction:
                run = self._run(square, direction, extra={})
                if len(run) < 2:
                    continue
                at = run.index(square)
                text = [s.board[q].letter for q in run]
                for letter, hexx in choices:
                    if letter == current:
                        continue
                    text[at] = letter
                    if "".join(text) in self.dictionary:
                        options.append(Metamorphosis(square, letter, hexx, direction))
        return options

    def metamorphosis_word(self, choice: Metamorphosis) -> str:
        """The word the line would read after ``choice``'s swap, in its direction."""
        run = self._run(choice.square, choice.direction, extra={})
        return "".join(choice.letter if q == choice.square else self._s.board[q].letter
                       for q in run)

    def _answer_metamorphosis(self, decision: Decision, choice: Metamorphosis | None) -> None:
        s = self._s
        player = decision.chooser
        s.lasting = [e for e in s.lasting if not (e.kind is LastingKind.METAMORPHOSIS
                                                  and e.player is player and e.active)]
        self._open_record(choice)
        if choice is None:
            self._event("note", text=f"{player} forfeits the turn (Metamorphosis)")
            self._end_play(word=False)
            return
        position = self._tiles_from_hand(player, "?" if choice.hexx else choice.letter)[0]
        tile = s.hands[player].pop(position)
        self._remove(choice.square, player)
        s.board[choice.square] = BoardTile(tile, choice.letter, player)
        self._event("placed", square=choice.square, after=player, text=choice.letter)
        run = self._run(choice.square, choice.direction, extra={})
        word = FormedWord("".join(s.board[q].letter for q in run), run, True)
        s.writing()["words"].append(word)
        for square in run:
            self._flip(square, player)
        s.last_word = run
        if tile.is_hexx and tile.id not in s.activated:
            s.activated.add(tile.id)
            self._ask_roll(player)
            return
        self._end_play(word=True)


def _shown(answer: Any) -> str:
    """An answer as a person would have typed it (squares by name)."""
    if isinstance(answer, Square):
        return answer.name
    if isinstance(answer, tuple) and all(isinstance(q, Square) for q in answer):
        return " ".join(q.name for q in answer) or "nothing"
    if isinstance(answer, str):
        return answer or "nothing"
    return repr(answer)


__all__ = ["HexxGame", "PlayPreview", "Rule"]


#: The two sides, in the order the engine protocol numbers them.
PLAYERS = (Colour.RED, Colour.BLACK)
#: The answer to a pending roll that rolls the game's own d20.
ROLL = "roll"


class NothingToUndo(IllegalMoveError, IndexError):
    """:meth:`HexxGame.pop` with nothing to take back."""


def answer_text(decision: Decision | None, answer: Any, game: HexxGame) -> str:
    """An answer to ``decision`` as :meth:`HexxGame.move_text` writes it."""
    if decision is None:
        raise ValueError("no decision is pending")
    kind = decision.kind
    if answer is None:
        return "forfeit"
    if kind is DecisionKind.ROLL:
        return "roll" if answer == ROLL else f"roll {int(answer)}"
    if kind is DecisionKind.FLIP_TILES:
        return "flip " + " ".join(Square(*q).name for q in answer)
    if kind in (DecisionKind.VOWEL, DecisionKind.CONSONANT):
        return f"letter {answer}"
    if kind in (DecisionKind.REMOVE_TILE, DecisionKind.TAKE_HEXX):
        return f"square {Square(*answer).name}"
    if kind in (DecisionKind.STEAL_TILE, DecisionKind.GIVE_TILE, DecisionKind.REPLACE_HEXX):
        return f"tile {int(answer) + 1}"
    if kind is DecisionKind.METAMORPHOSIS:
        word = game.metamorphosis_word(answer)
        start = answer.square
        while True:       # the new word read from its first square
            back = start.step(answer.direction.opposite)
            if back not in game.board:
                break
            start = back
        offset = max(abs(answer.square.row - start.row), abs(answer.square.col - start.col))
        shown = word[:offset] + (answer.letter.lower() if answer.hexx else answer.letter) + word[offset + 1:]
        return f"swap {start.name} {answer.direction.name} {shown}"
    raise ValueError(f"unknown decision {kind}")


def parse_answer(decision: Decision, text: str, game: HexxGame) -> Any:
    """The inverse of :func:`answer_text`; ``ValueError`` with a readable message."""
    words = text.split()
    head, rest = (words[0].lower(), words[1:]) if words else ("", [])
    kind = decision.kind
    if head == "forfeit" and not rest:
        return None
    if kind is DecisionKind.ROLL and head == "roll":
        if not rest:
            return ROLL
        if len(rest) == 1 and rest[0].isdigit():
            return int(rest[0])
    elif kind is DecisionKind.FLIP_TILES and head == "flip" and rest:
        return tuple(Square.parse(t) for t in rest)
    elif kind in (DecisionKind.VOWEL, DecisionKind.CONSONANT) and head == "letter" and len(rest) == 1:
        return rest[0].upper()
    elif kind in (DecisionKind.REMOVE_TILE, DecisionKind.TAKE_HEXX) and head == "square" and len(rest) == 1:
        return Square.parse(rest[0])
    elif kind in (DecisionKind.STEAL_TILE, DecisionKind.GIVE_TILE, DecisionKind.REPLACE_HEXX) \
            and head == "tile" and len(rest) == 1 and rest[0].isdigit():
        return int(rest[0]) - 1
    elif kind is DecisionKind.METAMORPHOSIS and head == "swap" and len(rest) == 3:
        play = Play.parse(" ".join(rest))
        changed = [(q, ch) for q, ch in zip(play.squares, play.word)
                   if q not in game.board or game.board[q].letter != ch.upper() or ch.islower()]
        if len(changed) == 1 and changed[0][0] in game.board:
            square, char = changed[0]
            return Metamorphosis(square, char.upper(), char.islower(), play.direction)
        raise ValueError("a swap changes exactly one letter of a word already on the board")
    raise ValueError(f"{text.strip()!r} does not answer: {decision.chooser} must {decision.kind.value} "
                     f"({decision.describe_choices()})")

