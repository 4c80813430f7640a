"""How a game plugs into the controller: a small adapter around its engine and journal.

The controller knows nothing of any game's rules. It hands the adapter the tiles put down this
turn (:class:`~wordboard.controller.tracking.PendingTile`) and gets back an :class:`Assessment`:
valid (with the engine's move and score), invalid (with the squares at fault), or a
:class:`~wordboard.controller.questions.Question` to ask first. Committing goes through
:class:`~wordboard.journal.JournaledGame`, so the move is on disk before the LEDs show it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from wordboard.controller.questions import Question
from wordboard.rules import Square, square_name

AnswerKey = tuple[str, Square, str | None]   # (question kind, square, tag uid)


@dataclass(frozen=True)
class Assessment:
    status: str                         # "valid", "invalid", "ask", "empty"
    squares: tuple[Square, ...] = ()    # the pending squares
    move: Any = None                    # the engine's move, when valid
    score: int = 0
    word_squares: tuple[Square, ...] = ()
    at_fault: tuple[Square, ...] = ()
    message: str = ""
    question: Question | None = None
    blanks_waiting: tuple[Square, ...] = ()
    decisions: tuple[dict, ...] = field(default=())   # to journal before the move
    unlisted: tuple[str, ...] = ()      # refused: words the word list lacks (a house ruling may accept them)


@dataclass(frozen=True)
class Committed:
    """What a committed move changed, for the LEDs and the terminal."""

    squares: tuple[Square, ...]
    text: str


class GameAdapter(Protocol):
    kind: str            # the journal's kind
    rows: int
    cols: int
    jgame: Any           # the JournaledGame

    def committed_tiles(self) -> dict[Square, str]:
        """The engine's board as tile identities (``"?"`` for a blank), for the tracker."""

    def base_scene(self, occupied, t: float):
        """The LED frame under the overlays."""

    def assess(self, tiles, answers: Mapping[AnswerKey, str], *, live: bool = False) -> Assessment:
        """What the tiles put down this turn mean. ``live``: while the player is still placing
        (no questions, the camera not consulted)."""

    def commit(self, assessment: Assessment) -> Committed:
        """Journal and play a valid assessment's move."""

    def nothing_placed(self) -> Question | None:
        """End of turn with no tile put down: a question (pass? swap?) or None."""

    def answer_turn(self, question: Question, value: str) -> Committed | Question | None:
        """Act on the answer to a question from :meth:`nothing_placed`."""

    def undo(self) -> Committed | None: ...

    def hint(self) -> tuple[Square, ...]: ...

    @property
    def over(self) -> bool: ...

    def player_to_move(self) -> str: ...

    def scores_text(self) -> str: ...

    def board_text(self, highlight=()) -> str: ...

    def result_text(self) -> str: ...

    def winner_squares(self) -> tuple[Square, ...]: ...


class TableAdapter:
    """What every game's adapter does the same way unless it says otherwise (subclass it):
    no question between moves, nothing animating on the LEDs after a move."""

    def turn_question(self) -> Question | None:
        """A decision the game waits for between moves (a HEXX roll, a Dexikon phase, an
        eXtraDICTION guess), asked as a question; None when it waits for a move."""
        return None

    def animating(self, now: float) -> bool:
        """Whether the LEDs are animating the last move at game time ``now`` (HEXX's flips)."""
        return False

    #: each game's own (see :class:`GameAdapter`)
    committed_tiles: Callable[[], dict[Square, str]]

    def committed_as_sensed(self) -> dict:
        """The played tiles as the table's sensing sees them: as the game has them (see
        :meth:`committed_tiles`), unless what the sensing sees of a tile is not the tile itself
        (a Dexikon card seen by the camera alone is the squares it covers)."""
        return self.committed_tiles()

    def camera_blocks(self) -> tuple:
        """Blocks of squares (each a sequence of squares) that one thing laid covers whole and
        that look alike to the camera alone (Dexikon's card slots); none for tiles."""
        return ()

    def as_lit(self, frame: Any) -> Any:
        """The LEDs' frame as shown, from the frame the game and the controller would show:
        the same, unless the game keeps some squares' light steady for the camera (Dexikon's
        card slots read by the camera alone)."""
        return frame

    def challenge(self, by: int | None = None) -> Committed | str | None:
        """The challenge button (``by``: the challenger, default the player to move): what the
        challenge did, or a sentence when there is nothing to challenge; None: the game has no
        challenges of this kind."""
        return None

    def accept_words(self, words: tuple[str, ...]) -> str:
        """A house ruling: the table accepts ``words`` that the word list lacks (an assessment's
        ``unlisted``), for the rest of the game, journalled. Returns what was done, in words."""
        return "this game takes no house rulings"

    def player_button(self, player: int) -> Committed | str | None:
        """A player's own button (``player``: their index) pressed: what it did in the game now
        (Dexikon: a word waiting for a challenge is challenged by that player), a sentence when it
        can do nothing now; None when it means nothing of its own here (it then says who presses
        the next button, the challenge button)."""
        return None


def decision_for(kind: str, square: tuple[int, int], uid: str | None, value: str) -> dict:
    """The journal decision for an answer about a square."""
    name = square_name(square)
    return {kind: {"square": name, "uid": uid, "value": value}}


def answer_key_from_decision(data: Mapping) -> tuple[AnswerKey, str] | None:
    """The inverse of :func:`decision_for` (None for any other decision)."""
    if len(data) != 1:
        return None
    (kind, body), = data.items()
    if not isinstance(body, dict) or set(body) != {"square", "uid", "value"}:
        return None
    try:
        square = Square.parse(body["square"])
    except ValueError:
        return None
    return (kind, square, body["uid"]), body["value"]
