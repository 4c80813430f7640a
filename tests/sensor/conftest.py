"""Shared helpers for the sensor board tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordboard.sensor import protocol as p
from wordboard.sensor.simgrid import SimulatedBoard

REPO = Path(__file__).resolve().parents[2]


class Recorder:
    """Decodes what a SimulatedBoard sent, with the simulated time it was read."""

    def __init__(self, sim: SimulatedBoard):
        self.sim = sim
        self.decoder = p.FrameDecoder()
        self.messages: list[tuple[float, object]] = []

    def run(self, ms: float, step_ms: float | None = None) -> list[object]:
        """Run the board for ``ms``, collecting messages after every tick; return the new ones."""
        start = len(self.messages)
        end = self.sim.clock.ms + ms
        self._collect()
        while self.sim.clock.ms < end:
            self.sim.step()
            self._collect()
        return [m for _, m in self.messages[start:]]

    def _collect(self) -> None:
        for frame in self.decoder.feed(self.sim.port.take_sent()):
            self.messages.append((self.sim.clock.ms, p.decode_message(frame)))

    def of(self, kind, since: int = 0) -> list:
        return [m for _, m in self.messages[since:] if isinstance(m, kind)]


@pytest.fixture
def board():
    """A powered 15x15 simulated board and a recorder of what it sends."""
    sim = SimulatedBoard(seed=7)
    sim.power_on()
    recorder = Recorder(sim)
    recorder.run(0)
    return sim, recorder
