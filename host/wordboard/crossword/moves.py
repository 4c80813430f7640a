"""The moves of a crossword game: a play of tiles, an exchange, a pass.

A :class:`Play` lists only the tiles a player puts down. It can be written the way game records
write it: a position (``8D`` across from D8, ``D8`` down from D8) and the whole main word, with
the tiles already on the board written as ``.`` (or spelled out) and blanks in lower case::

    Play.from_notation("8D", "TE.RDOWN", board)
"""

from __future__ import annotations

from dataclasses import dataclass

from wordboard import gcg
from wordboard.crossword.board import Board, Square, Tile, parse_square, square_name


def parse_position(text: str) -> tuple[Square, bool]:
    """``"8D"`` -> ``((7, 3), True)`` (across); ``"D8"`` -> ``((7, 3), False)`` (down).

    The notation is the game records' (:func:`wordboard.gcg.parse_position`); ``ValueError``
    for anything else.
    """
    position = gcg.parse_position(text.strip())
    return Square(position.row, position.col), position.across


def format_position(square: Square, across: bool) -> str:
    """The inverse of :func:`parse_position`."""
    return gcg.format_position(gcg.Position(square[0], square[1], across))


@dataclass(frozen=True, order=True)
class Placement:
    """One tile put down: its square and the letter it shows (a blank shows its chosen letter)."""

    row: int
    col: int
    letter: str
    blank: bool = False

    @property
    def square(self) -> Square:
        return Square(self.row, self.col)

    @property
    def rack_tile(self) -> str:
        """The tile it takes from the rack: the letter, or ``?`` for a blank."""
        return "?" if self.blank else self.letter

    @property
    def tile(self) -> Tile:
        return Tile(self.letter, self.blank)

    def __str__(self) -> str:
        return f"{square_name(self.square)}={str(self.tile)}"


@dataclass(frozen=True)
class Play:
    """Tiles put down in one turn. ``across`` says which way the main word runs when only one
    tile is played (``None``: whichever way forms a word)."""

    placements: tuple[Placement, ...]
    across: bool | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "placements", tuple(sorted(self.placements)))

    @classmethod
    def of(cls, *placements: tuple[str, str] | Placement) -> Play:
        """``Play.of(("H8", "C"), ("H9", "a"))``: squares and letters, lower case for a blank."""
        tiles = []
        for item in placements:
            if isinstance(item, Placement):
                tiles.append(item)
                continue
            name, letter = item
            row, col = parse_square(name)
            tiles.append(Placement(row, col, letter.upper(), letter.islower()))
        return cls(tuple(tiles))

    @classmethod
    def from_notation(cls, position: str, word: str, board: Board) -> Play:
        """A play written as a record writes it. Tiles already on the board are ``.`` or their letter
        (which must match the board); blanks are lower case."""
        (row, col), across = parse_position(position)
        dr, dc = (0, 1) if across else (1, 0)
        tiles = []
        for i, ch in enumerate(word):
            square = Square(row + dr * i, col + dc * i)
            if not board.on_board(square):
                raise ValueError(f"{word} at {position} runs off the board")
            on_board = board[square]
            if ch == ".":
                if on_board is None:
                    raise ValueError(f"{word} at {position}: '.' at {square_name(square)}, "
                                     "but that square is empty")
                continue
            if not ch.isalpha() or not ch.isascii():
                raise ValueError(f"{word} at {position}: {ch!r} is not a letter")
            if on_board is not None:
                if on_board.letter != ch.upper():
                    raise ValueError(f"{word} at {position}: {square_name(square)} holds "
                                     f"{on_board.letter}, not {ch.upper()}")
                continue
            tiles.append(Placement(square[0], square[1], ch.upper(), ch.islower()))
        return cls(tuple(tiles), across)

    @property
    def squares(self) -> tuple[Square, ...]:
        return tuple(p.square for p in self.placements)

    @property
    def rack_tiles(self) -> str:
        """The tiles this play takes from the rack (``?`` for blanks), sorted."""
        return "".join(sorted(p.rack_tile for p in self.placements))

    def __len__(self) -> int:
        return len(self.placements)

    def __str__(self) -> str:
        return " ".join(str(p) for p in self.placements)


@dataclass(frozen=True)
class Exchange:
    """Swap tiles from the rack with tiles from the bag (``?`` for a blank). Ends the turn.

    On a real table the tiles that went back may not be known, only how many: ``Exchange(count=3)``
    (``tiles`` empty); when the tiles are given, ``count`` is their number.
    """

    tiles: str = ""
    count: int = 0

    def __post_init__(self) -> None:
        tiles = "".join(sorted(self.tiles.upper()))
        object.__setattr__(self, "tiles", tiles)
        if tiles:
            if self.count not in (0, len(tiles)):
                raise ValueError(f"an exchange of {tiles} swaps {len(tiles)} tiles, not {self.count}")
            object.__setattr__(self, "count", len(tiles))
        elif self.count < 0:
            raise ValueError("an exchange swaps a number of tiles")

    def __str__(self) -> str:
        return f"exchange {self.tiles or self.count}"


@dataclass(frozen=True)
class Pass:
    """Pass the turn: an exchange of no tiles."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Challenge:
    """A challenge of the last play's words, by player ``by``, under the game's challenge rule.

    ``phonies`` is its judgement as it was made: the play's words the word list lacked (``()``:
    the play stands). A journal holds it, so a game rebuilt later is never judged again (against
    a word list that may have changed, or is not there). ``None``: not judged yet; the game
    judges it against its word list (:meth:`~wordboard.crossword.Game.judge`)."""

    by: int
    phonies: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if self.phonies is not None:
            object.__setattr__(self, "phonies", tuple(str(w).upper() for w in self.phonies))

    def __str__(self) -> str:
        return f"challenge by player {self.by + 1}"


@dataclass(frozen=True)
class Withdrawn:
    """A play challenged off the board (its player's turn is lost): ``play`` comes off."""

    play: Play
    words: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "withdrawn: " + ", ".join(self.words)


@dataclass(frozen=True)
class ChallengeBonus:
    """Points to a player whose play was challenged and stood (the club's +5 or +10)."""

    points: int

    def __str__(self) -> str:
        return f"challenge bonus +{self.points}"


@dataclass(frozen=True)
class LostTurn:
    """A turn lost for an unsuccessful challenge (double challenge)."""

    def __str__(self) -> str:
        return "lost turn (unsuccessful challenge)"


Move = Play | Exchange | Pass
#: What a challenge leaves in a game's history besides the moves.
ChallengeTurn = Withdrawn | ChallengeBonus | LostTurn
