"""The rules vocabulary every game shares: a square, a broken rule, an illegal move, an outcome.

Pure definitions (no I/O, no clock), in the style of python-chess: one :class:`Square` with one
way to name it and to parse it, one :class:`IllegalMove` family whose every member says which
rule it breaks (a :class:`RuleId`), with a message and the squares at fault (for the LEDs), and
one :class:`Outcome` for a game that is over. The four engines derive their own errors and rule
ids from these, so the controller, the screen and the journal handle them all alike.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from wordboard.errors import UserError

__all__ = ["IllegalMove", "NotASquare", "Outcome", "RuleId", "Square", "column_name", "square_name"]

_SQUARE = re.compile(r"\s*([A-Za-z]{1,2})\s*(\d{1,3})\s*")


def column_name(col: int) -> str:
    """``0`` -> ``"A"``, ``25`` -> ``"Z"``, ``26`` -> ``"AA"`` (as spreadsheets name columns)."""
    if col < 0:
        raise ValueError(f"no column {col}")
    name = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


class NotASquare(UserError, ValueError):
    """Text that does not name a square."""


class Square(NamedTuple):
    """A square of a board: row and column, both from 0, row 0 at the top, column 0 at the left.

    Named as on a word-game board and in game records: column letter, row number, so
    ``Square(7, 7).name == "H8"`` (the centre of a 15 x 15 board). A square is a tuple, so a
    ``(row, col)`` pair compares and hashes equal to it.
    """

    row: int
    col: int

    @property
    def name(self) -> str:
        """``H8``: the column letter (``A`` = column 0, ``AA`` after ``Z``) and the row number."""
        return f"{column_name(self.col)}{self.row + 1}"

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str) -> Square:
        """``"H8"`` or ``"h8"`` -> ``Square(7, 7)``; :class:`NotASquare` (a ``ValueError``) with a
        readable message for anything else."""
        match = _SQUARE.fullmatch(text) if isinstance(text, str) else None
        if not match or int(match.group(2)) < 1:
            raise NotASquare(f"not a square: {text!r} (a column letter and a row number, like H8)")
        col = 0
        for char in match.group(1).upper():
            col = col * 26 + (ord(char) - ord("A") + 1)
        return cls(int(match.group(2)) - 1, col - 1)


def square_name(square: tuple[int, int]) -> str:
    """The name of a ``(row, col)`` pair: ``(7, 7)`` -> ``"H8"``."""
    return Square(*square).name


class RuleId(enum.StrEnum):
    """A rule of a game, its value the rule in words (the rulebook's own where it has them).

    Each game lists its rules in a subclass (``class Rule(RuleId): ...``). A rule id is a string
    (its words), so it prints as its words and compares equal to them.
    """


class IllegalMove(UserError, ValueError):
    """A move, or an answer, that the rules of a game do not allow now.

    :attr:`rule` is the rule it breaks, :attr:`message` what is wrong in words, :attr:`squares`
    the squares at fault (for the LEDs; empty when no square is to blame). Each engine derives its
    own error from this one; ``str(error)`` is that engine's wording.
    """

    def __init__(self, rule: str, message: str, squares: Iterable[tuple[int, int]] = (),
                 *, text: str | None = None):
        self.rule = rule
        self.message = message
        self.squares: tuple[Square, ...] = tuple(Square(*s) for s in squares)
        super().__init__(text if text is not None else message)


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the final scores (after the end-of-game adjustments), who won and why.

    ``winners`` holds every player who shares the best result (a tie has more than one);
    ``scores`` maps each player to their final score, in the order they sat.
    """

    scores: Mapping[str, int]
    winners: tuple[str, ...]
    reason: str
    details: Mapping[str, object] = field(default_factory=dict)

    @property
    def tie(self) -> bool:
        return len(self.winners) > 1

    def result_text(self) -> str:
        """``Ann wins 320-301`` / ``Ann wins on the tie-break 300-300`` (equal totals, the rules'
        tie-break decided) / ``Ann and Ben tie on 300``."""
        ordered = sorted(self.scores.values(), reverse=True)
        if not self.winners:
            return f"the game ended ({self.reason})"
        if self.tie:
            names = ", ".join(self.winners[:-1]) + " and " + self.winners[-1]
            return f"{names} tie on {ordered[0]}"
        if len(ordered) > 1 and ordered[0] == ordered[1]:     # equal totals, the tie broken by the rules
            return f"{self.winners[0]} wins on the tie-break " + "-".join(str(s) for s in ordered)
        return f"{self.winners[0]} wins " + "-".join(str(s) for s in ordered)
