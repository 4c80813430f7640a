"""Game clocks as the rules see them: each player's time, the increment, the overtime penalty.

Pure arithmetic, no clock: the time a player has used is given (the controller measures it on the
controller's game clock, :mod:`wordboard.controller.gameclock`, and the journal keeps it).

Club play (the default with ``wordboard run --clock``): 25 minutes each, no increment, and a
player who goes over loses 10 points for every minute or part of a minute over, taken off at the
end of the game. Casual games may give any time and an increment (seconds added to a player's
time each time their turn ends).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: Minutes each player has in club play.
CLUB_MINUTES = 25.0
#: Points lost per started minute over, in club play.
CLUB_PENALTY = 10


def overtime_penalty(over: float, points_per_minute: int = CLUB_PENALTY) -> int:
    """The points lost for ``over`` seconds over time: ``points_per_minute`` for every started
    minute (none for ``over <= 0``)."""
    if over <= 0:
        return 0
    return points_per_minute * math.ceil(over / 60.0)


@dataclass(frozen=True)
class TimeControl:
    """Each player's time (``seconds``), the ``increment`` added when a turn of theirs ends, and
    the ``penalty`` in points per started minute over."""

    seconds: float = CLUB_MINUTES * 60.0
    increment: float = 0.0
    penalty: int = CLUB_PENALTY

    def __post_init__(self) -> None:
        if not self.seconds > 0 or math.isinf(self.seconds):
            raise ValueError(f"a game clock needs some time: {self.seconds!r} seconds")
        if not 0 <= self.increment < math.inf:
            raise ValueError(f"the increment is 0 or more seconds, not {self.increment!r}")
        if self.penalty < 0:
            raise ValueError(f"the overtime penalty is 0 or more points, not {self.penalty!r}")

    def allowed(self, turns: int = 0) -> float:
        """The seconds a player may use after ``turns`` turns of theirs have ended."""
        return self.seconds + self.increment * turns

    def remaining(self, used: float, turns: int = 0) -> float:
        """Seconds left (negative: over time)."""
        return self.allowed(turns) - used

    def penalty_for(self, used: float, turns: int = 0) -> int:
        """The points a player loses at the end for having used ``used`` seconds."""
        return overtime_penalty(used - self.allowed(turns), self.penalty)

    def as_json(self) -> dict[str, Any]:
        return {"seconds": self.seconds, "increment": self.increment, "penalty": self.penalty}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TimeControl:
        return cls(float(data.get("seconds", CLUB_MINUTES * 60.0)), float(data.get("increment", 0.0)),
                   int(data.get("penalty", CLUB_PENALTY)))

    def describe(self) -> str:
        """``25 min each, +5 s a turn, 10 points a minute over``."""
        minutes = f"{self.seconds / 60:g} min each"
        increment = f", +{self.increment:g} s a turn" if self.increment else ""
        return f"{minutes}{increment}, {self.penalty} points a minute over"


def clock_text(seconds: float) -> str:
    """A clock's face: ``24:59``, ``-1:05`` over time (whole seconds, rounded towards the mover's
    loss: 0.2 s left shows ``0:01``, 0.2 s over ``-0:01``)."""
    whole = math.ceil(seconds) if seconds >= 0 else -math.ceil(-seconds)
    sign = "-" if whole < 0 else ""
    minutes, secs = divmod(abs(whole), 60)
    return f"{sign}{minutes}:{secs:02d}"
