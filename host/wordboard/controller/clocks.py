"""The clocks the board runs on: :class:`ScaledClock` (the wall clock from 0, ``speed`` times
faster: the real board's game clock at speed 1), :class:`ManualClock`, and :class:`TwinClock`,
the digital twin's one simulated time (see :mod:`wordboard.controller.twin`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable


class ScaledClock:
    """Game time: the monotonic wall clock, ``speed`` times faster, from 0."""

    def __init__(self, speed: float = 1.0, wall: Callable[[], float] = time.monotonic):
        self.speed = speed
        self.wall = wall
        self._origin = wall()

    def __call__(self) -> float:
        return (self.wall() - self._origin) * self.speed


class ManualClock:
    def __init__(self, start: float = 0.0):
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class TwinClock(ManualClock):
    """The digital twin's time: simulated seconds from 0, moved only by :meth:`advance`.

    An advance first brings each of :attr:`parts` (objects with ``advance_to(seconds)``, such as
    the lockstep :class:`~wordboard.sensor.simulator.SimulatedSensorLink`) to the new time, so
    whatever the host reads next has happened by then. ``speed`` caps how fast simulated time runs
    against the wall clock: an advance that gets ahead of the wall clock x ``speed`` sleeps; one
    that falls behind (a busy computer, a long think of the computer player) does not race to
    catch up more than :attr:`MAX_LAG` wall seconds. 0 or infinity: as fast as the computer goes.
    The speed changes how long a game takes, never what happens in it.
    """

    MAX_LAG = 0.25

    def __init__(self, speed: float = 0.0, *, wall: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep):
        super().__init__(0.0)
        self.wall = wall
        self.sleep = sleep
        self.parts: list = []
        self._us = 0                       # whole microseconds: no rounding drift over a game
        self.speed = speed

    @property
    def speed(self) -> float:
        return self._speed

    @speed.setter
    def speed(self, speed: float) -> None:
        """The cap may change at any time: the pace starts again from now."""
        self._speed = speed
        self._origin: float | None = None  # the wall time simulated time 0 stands for

    @property
    def paced(self) -> bool:
        return bool(self.speed) and not math.isinf(self.speed)

    def advance(self, seconds: float) -> None:
        self._us += max(0, round(seconds * 1e6))
        target = self._us / 1e6
        for part in self.parts:
            part.advance_to(target)
        self.now = target
        if self.paced:
            self._pace()

    def _pace(self) -> None:
        wall = self.wall()
        if self._origin is None:
            self._origin = wall - self.now / self.speed
        ahead = self._origin + self.now / self.speed - wall
        if ahead > 0:
            self.sleep(ahead)
        elif ahead < -self.MAX_LAG:
            self._origin -= ahead + self.MAX_LAG
