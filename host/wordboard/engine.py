"""The engine protocol: what every game's rules engine answers, the same way for every game.

In the style of python-chess's ``Board``, an engine says whose turn it is and what it waits for
(:meth:`Engine.waiting_for`: a move, or an answer to a decision the rules ask - a HEXX effect's
choice, an eXtraDICTION guess, a Dexikon phase), tries a move without making it
(:meth:`Engine.dry_run`: legal or not, and its score), makes it (:meth:`Engine.push`), takes it
back where the rules allow (:meth:`Engine.pop`), says whether the game is over and how it ended
(:meth:`Engine.outcome`), and writes a move as text and reads it back
(:meth:`Engine.move_text` / :meth:`Engine.parse_move`, one symmetric pair per game: what the
terminal game types, what the screen and ``wordboard games show`` print).

An answer to a decision is a move like any other: it goes through :meth:`Engine.push`. Illegal
moves raise the engine's own :class:`~wordboard.rules.IllegalMove`. Engines are pure: no I/O,
no clock, randomness from a seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

from wordboard.rules import IllegalMove, Outcome

__all__ = ["DECISION", "MOVE", "OVER", "Answer", "Engine", "Verdict", "Waiting"]

#: What an engine can wait for.
MOVE = "move"           # a turn's move (a play, an exchange or discard, a pass...)
DECISION = "decision"   # an answer to a question the rules ask (see :attr:`Waiting.decision`)
OVER = "over"           # nothing: the game is over

MoveT = TypeVar("MoveT")


@dataclass(frozen=True)
class Waiting:
    """What an engine waits for, and from whom (``player``: an index into the players; None
    once the game is over). For a :data:`DECISION`, ``decision`` is the engine's description of
    the question (its choices)."""

    what: str
    player: int | None
    decision: Any = None


@dataclass(frozen=True)
class Answer:
    """A move that answers the decision an engine waits for: ``value`` in the engine's own terms
    (a HEXX roll's number, the squares chosen, a letter, a word...)."""

    value: Any


@dataclass(frozen=True)
class Verdict:
    """A dry run of a move: legal or not (``error`` says why not) and what it would score
    (None for a move that scores nothing by itself, such as an answer or a pass)."""

    legal: bool
    score: int | None = None
    error: IllegalMove | None = None


@runtime_checkable
class Engine(Protocol[MoveT]):
    """The protocol every game's rules engine satisfies (see the module docs)."""

    @property
    def player_names(self) -> tuple[str, ...]:
        """The players, in the order they sit."""
        ...

    def waiting_for(self) -> Waiting:
        """What the engine waits for next, and from whom."""
        ...

    def dry_run(self, move: MoveT) -> Verdict:
        """Whether ``move`` is legal now and what it would score, changing nothing."""
        ...

    def push(self, move: MoveT) -> Any:
        """Make ``move`` (or answer the decision waited for); raise the engine's
        :class:`~wordboard.rules.IllegalMove`, changing nothing, if the rules refuse it."""
        ...

    def can_pop(self) -> bool:
        """Whether :meth:`pop` may take a move back (the rules of some games never do)."""
        ...

    def pop(self) -> Any:
        """Take back the last move; :class:`~wordboard.rules.IllegalMove` when it cannot."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...

    def outcome(self) -> Outcome | None:
        """How the game ended (None while it goes on)."""
        ...

    def move_text(self, move: MoveT) -> str:
        """``move`` as text, as it would be made now (``parse_move`` reads it back)."""
        ...

    def parse_move(self, text: str) -> MoveT:
        """The move ``text`` names now; :class:`ValueError` (a readable message) if none."""
        ...


def dry_run_of(check: Any, move: Any) -> Verdict:
    """A :class:`Verdict` from a function that raises :class:`IllegalMove` for an illegal move
    and returns the move's score (or None) for a legal one."""
    try:
        score = check(move)
    except IllegalMove as exc:
        return Verdict(False, None, exc)
    return Verdict(True, score)
