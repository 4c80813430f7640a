"""The things a HEXX game is made of: colours, tiles, moves, decisions and what a turn did.

Everything here is an immutable value; the engine (:mod:`wordboard.hexx.game`) changes state.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from wordboard.hexx.board import Direction, Square
from wordboard.rules import IllegalMove


class Colour(enum.Enum):
    """The two sides of every tile, and the two players."""

    RED = "red"
    BLACK = "black"

    @property
    def other(self) -> Colour:
        return Colour.BLACK if self is Colour.RED else Colour.RED

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Tile:
    """A physical tile: a letter tile, or a HEXX tile (``letter is None``, wild)."""

    id: int
    letter: str | None

    @property
    def is_hexx(self) -> bool:
        return self.letter is None

    @property
    def symbol(self) -> str:
        """The letter, or ``?`` for a HEXX tile."""
        return self.letter or "?"

    def __str__(self) -> str:
        return self.symbol


@dataclass(frozen=True)
class BoardTile:
    """A tile lying on a square: which tile, the letter it shows and whose colour is up."""

    tile: Tile
    letter: str
    owner: Colour

    @property
    def is_hexx(self) -> bool:
        return self.tile.is_hexx


class IllegalMoveError(IllegalMove):
    """A move or an answer that the rules do not allow; ``rule`` names the rule it breaks."""

    def __init__(self, rule: str, message: str, squares: Iterable[tuple[int, int]] = ()):
        super().__init__(rule, message, squares, text=f"{message} (rule: {rule})")


# --------------------------------------------------------------------------- moves

_PLAY_TEXT = re.compile(r"^\s*(\S+)\s+(\S+)\s+([A-Za-z]+)\s*$")


@dataclass(frozen=True)
class Play:
    """Put tiles on one line: the word read from ``start`` in ``direction``.

    ``word`` spells the whole word, tiles already on the board included. A capital letter on an
    empty square is a letter tile from the hand; a small letter on an empty square is a HEXX tile
    played as that letter. Letters of squares already covered may be either case.
    Written ``e5 E WORD`` (square, direction, word).
    """

    start: Square
    direction: Direction
    word: str

    @property
    def squares(self) -> tuple[Square, ...]:
        return tuple(self.start.step(self.direction, i) for i in range(len(self.word)))

    @property
    def notation(self) -> str:
        return f"{self.start.name} {self.direction.name} {self.word}"

    def __str__(self) -> str:
        return self.notation

    @classmethod
    def parse(cls, text: str) -> Play:
        """``e5 E WORD`` -> Play; ``ValueError`` with a readable message otherwise."""
        match = _PLAY_TEXT.match(text)
        if not match:
            raise ValueError(f"{text.strip()!r}: write a word as SQUARE DIRECTION WORD, like "
                             f"e5 E WORD (small letters for HEXX tiles)")
        return cls(Square.parse(match.group(1)), Direction.parse(match.group(2)), match.group(3))


@dataclass(frozen=True)
class Discard:
    """"Can't play a word": put 1 to 6 tiles back in the bag, shuffle, draw back to 6.

    ``tiles`` are letters, ``?`` for a HEXX tile.
    """

    tiles: str

    @property
    def notation(self) -> str:
        return f"discard {self.tiles}"

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True)
class Pass:
    """Once the bag is empty, a player who cannot play passes."""

    @property
    def notation(self) -> str:
        return "pass"

    def __str__(self) -> str:
        return "pass"


Move = Play | Discard | Pass


@dataclass(frozen=True)
class Metamorphosis:
    """Metamorphosis' swap: put ``letter`` (from a letter tile, or a HEXX tile if ``hexx``) on
    ``square`` in place of the tile there, making the line read a new word in ``direction``."""

    square: Square
    letter: str
    hexx: bool
    direction: Direction

    def __str__(self) -> str:
        shown = self.letter.lower() if self.hexx else self.letter
        return f"{shown} on {self.square.name}, reading {self.direction.name}"


# --------------------------------------------------------------------------- decisions

class DecisionKind(enum.Enum):
    """What a pending decision asks for; the answer's type is given for each."""

    ROLL = "roll the d20"                    # int 1..20
    FLIP_TILES = "choose tiles to flip"      # tuple of Squares (``count`` of them)
    VOWEL = "choose a vowel"                 # str, one letter
    CONSONANT = "choose a consonant"         # str, one letter
    REMOVE_TILE = "choose a tile to remove"  # Square
    STEAL_TILE = "choose a tile to steal"    # int: position in the other hand (face down)
    GIVE_TILE = "choose a tile to give"      # int: position in the chooser's hand
    TAKE_HEXX = "choose a HEXX tile to pick up"   # Square
    REPLACE_HEXX = "choose a tile to put in its place"  # int: position in the chooser's hand
    METAMORPHOSIS = "swap a letter on the board"  # Metamorphosis, or None to forfeit


@dataclass(frozen=True)
class Decision:
    """The engine is waiting for ``chooser`` to pick ``count`` of ``options``.

    ``options`` lists every valid single answer (for FLIP_TILES, the squares to choose from;
    the answer is a tuple of ``count`` different ones). ``can_decline`` means ``None`` is also
    an answer (Metamorphosis: forfeit the turn). ``effect`` is the HEXX being resolved.
    """

    kind: DecisionKind
    chooser: Colour
    options: tuple[Any, ...]  # of the kind's answers: squares, hand positions, letters, swaps...
    prompt: str
    effect: HexxEffect | None = None
    count: int = 1
    can_decline: bool = False

    def describe_choices(self) -> str:
        """The valid answers, as a person would type them."""
        if self.kind is DecisionKind.ROLL:
            return "a roll from 1 to 20"
        if self.kind is DecisionKind.METAMORPHOSIS:
            return (f"one of {len(self.options)} swaps that make a word, or forfeit"
                    if self.options else "forfeit (no swap makes a word)")
        if self.kind in (DecisionKind.STEAL_TILE, DecisionKind.GIVE_TILE,
                         DecisionKind.REPLACE_HEXX):
            return f"a tile position from 1 to {len(self.options)}"
        shown = " ".join(getattr(option, "name", str(option)) for option in self.options)
        if self.kind is DecisionKind.FLIP_TILES:
            return f"{self.count} different squares of {shown}"
        return f"one of {shown}"

    def is_valid(self, answer: Any) -> bool:
        if answer is None:
            return self.can_decline
        if self.kind is DecisionKind.FLIP_TILES:
            try:
                chosen = tuple(answer)
            except TypeError:
                return False
            return (len(chosen) == self.count and len(set(chosen)) == self.count
                    and all(square in self.options for square in chosen))
        return answer in self.options


@dataclass(frozen=True)
class HexxEffect:
    """One of the 20 HEXX on the HEXX board (the rulebook's numbered list)."""

    number: int
    name: str
    text: str

    def __str__(self) -> str:
        return f"{self.number:02d} {self.name}: {self.text}"


# --------------------------------------------------------------------------- what happened

@dataclass(frozen=True)
class FormedWord:
    """A word a play made: its letters in reading order and its squares in the same order."""

    text: str
    squares: tuple[Square, ...]
    primary: bool


@dataclass(frozen=True)
class Event:
    """Something that happened in a turn, in order. ``kind`` is one of:

    ``placed`` (a tile put on ``square``), ``flipped`` (``square`` turned from ``before`` to
    ``after``), ``flip-blocked`` (Frozen in Place kept ``square`` as it was), ``removed`` (a
    tile taken off ``square`` to ``where``: "bag" or a hand), ``rolled`` (``value`` on the d20,
    ``text`` the HEXX or why it is rolled again), ``drew``, ``discarded``, ``swapped``,
    ``effect`` (a lasting effect began), ``note``.
    """

    kind: str
    square: Square | None = None
    before: Colour | None = None
    after: Colour | None = None
    value: int | None = None
    text: str = ""


@dataclass(frozen=True)
class TurnRecord:
    """What one play did: who, the move, the words made and the events (placed, flipped...)."""

    number: int
    player: Colour
    move: Move | Metamorphosis | None
    words: tuple[FormedWord, ...] = ()
    events: tuple[Event, ...] = ()
    effect: HexxEffect | None = None

    @property
    def placed(self) -> tuple[Square, ...]:
        """Squares where a tile was put this turn and still lies (the LEDs light them)."""
        return placed_squares(self.events)

    @property
    def flipped(self) -> tuple[Square, ...]:
        """Squares whose tile turned over this turn and is still on the board, in order, each
        once (the LEDs animate them)."""
        return flipped_squares(self.events)

    @property
    def flips(self) -> tuple[Event, ...]:
        """Every flip in order, with the colours before and after."""
        return tuple(e for e in self.events if e.kind == "flipped")

    @property
    def removed(self) -> tuple[Square, ...]:
        return tuple(_square_of(e) for e in self.events if e.kind == "removed")


def _square_of(event: Event) -> Square:
    """The square of an event that names one (placed, flipped, flip-blocked, removed)."""
    assert event.square is not None, f"a {event.kind} event names its square"
    return event.square


def placed_squares(events: Iterable[Event]) -> tuple[Square, ...]:
    """The squares ``events`` put a tile on that still hold it (a tile put down and then taken
    off again by a HEXX is not shown; a square filled twice is listed once)."""
    squares: dict[Square, None] = {}
    for event in events:
        if event.kind == "placed":
            squares[_square_of(event)] = None
        elif event.kind == "removed":
            squares.pop(_square_of(event), None)
    return tuple(squares)


def flipped_squares(events: Iterable[Event]) -> tuple[Square, ...]:
    """The squares ``events`` turned over, each once, whose tile is still on the board."""
    squares: dict[Square, None] = {}
    for event in events:
        if event.kind == "flipped":
            squares[_square_of(event)] = None
        elif event.kind == "removed":
            squares.pop(_square_of(event), None)
    return tuple(squares)


class LastingKind(enum.Enum):
    """HEXX that last beyond the turn they are rolled in."""

    ANOTHER_TURN = "Take Two: another turn"
    PLAY_TWICE = "Take Two: plays twice"
    FROZEN = "Frozen in Place"
    METAMORPHOSIS = "Metamorphosis"


@dataclass(frozen=True)
class LastingEffect:
    """A HEXX that acts on ``player``'s next turn (``active`` once that turn has begun).

    For FROZEN, ``player`` is the one who cannot flip ``protected``'s tiles.
    """

    kind: LastingKind
    player: Colour
    source: HexxEffect
    active_turn: int | None = None
    protected: Colour | None = None

    @property
    def active(self) -> bool:
        return self.active_turn is not None

    def describe(self) -> str:
        when = "this turn" if self.active else "next turn"
        if self.kind is LastingKind.ANOTHER_TURN:
            return f"{self.player} gets another turn" + (" (this one)" if self.active else "")
        if self.kind is LastingKind.PLAY_TWICE:
            return f"{self.player} plays twice {when}"
        if self.kind is LastingKind.FROZEN:
            return f"{self.player} cannot flip {self.protected}'s tiles {when}"
        return f"{self.player} must swap a letter on the board {when} (Metamorphosis) or forfeit"


@dataclass(frozen=True)
class GameResult:
    """The tiles of each colour on the board at the end, and the winner (None for a tie)."""

    red: int
    black: int
    reason: str

    @property
    def winner(self) -> Colour | None:
        if self.red == self.black:
            return None
        return Colour.RED if self.red > self.black else Colour.BLACK

    def describe(self) -> str:
        score = f"red {self.red}, black {self.black}"
        if self.winner is None:
            return f"The game is a tie: {score} ({self.reason})."
        return f"{self.winner.value.capitalize()} wins: {score} ({self.reason})."


@dataclass(frozen=True)
class HexxOptions:
    """Rule choices made before the game.

    ``s_makes_new_word``: the rulebook's RULE CHOICE, "decide if adding an 's' to a word creates
    a new word" (good for beginners, not recommended in regular play, so off by default).
    ``idle_turns_end``: a house rule, not the rulebook's: the game ends after this many turns in a
    row without a word even while the bag has tiles (None, the default: it does not; games
    journalled before this option ended after six).
    """

    s_makes_new_word: bool = False
    idle_turns_end: int | None = None


__all__ = [
    "BoardTile", "Colour", "Decision", "DecisionKind", "Discard", "Event", "FormedWord",
    "GameResult", "HexxEffect", "HexxOptions", "IllegalMoveError", "LastingEffect", "LastingKind",
    "Metamorphosis", "Move", "Pass", "Play", "Tile", "TurnRecord",
]
