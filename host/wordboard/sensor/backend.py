"""The interface the board controller uses to hear the sensor board, whatever is behind it.

:class:`SensorBackend` is implemented by :class:`~wordboard.sensor.link.SerialSensorLink` (a
real board over USB serial) and by :class:`~wordboard.sensor.simulator.SimulatedSensorLink`
(the firmware on a simulated grid, over a pseudo-terminal), so code above it runs unchanged on
either, the way gpiozero code runs on real or mock pins. :func:`open_backend` picks one.
"""

from __future__ import annotations

import abc
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from wordboard.errors import UserError
from wordboard.sensor.events import ConnectionState, SensorEvent, Square, Tag
from wordboard.sensor.protocol import Hello


@dataclass(frozen=True)
class LinkCounters:
    """How the wire has behaved since the backend was opened."""

    frames_ok: int = 0        # frames whose CRC checked
    corrupted: int = 0        # frames dropped: bad COBS, length, CRC or payload
    gaps: int = 0             # times frames went missing (sequence number jumped ahead)
    duplicates: int = 0       # frames dropped as repeats of earlier ones
    resyncs: int = 0          # snapshots requested to get back in sync
    reconnects: int = 0       # times the port was opened again after losing it
    silences: int = 0         # times the board went quiet for longer than its heartbeat allows


@dataclass(frozen=True)
class TagReadout:
    """The answer to a tag read or write on one square."""

    square: Square
    tag: Tag | None
    status: str              # "ok", "no_tag", "read_failed", "write_failed", "bad_square"


class SensorError(UserError):
    """The board did not do what was asked (not connected, no answer, refused)."""


class SensorBackend(abc.ABC):
    """Settled events from the sensor board, and requests to it. Thread-safe."""

    @property
    @abc.abstractmethod
    def state(self) -> ConnectionState: ...

    @property
    @abc.abstractmethod
    def info(self) -> Hello | None:
        """The board's last handshake (versions, grid size, capabilities), None before one."""

    @property
    @abc.abstractmethod
    def counters(self) -> LinkCounters: ...

    @property
    @abc.abstractmethod
    def board(self) -> Mapping[Square, Tag | None]:
        """The settled board as reported so far (a copy)."""

    @abc.abstractmethod
    def next_event(self, timeout: float | None = None) -> SensorEvent | None:
        """The next event, waiting up to ``timeout`` seconds (forever if None); None if none came."""

    @abc.abstractmethod
    def request_snapshot(self) -> None:
        """Ask for the whole board; a Snapshot event follows (and Placed/Lifted for any difference)."""

    @abc.abstractmethod
    def read_tag(self, square: Square, timeout: float = 2.0) -> TagReadout: ...

    @abc.abstractmethod
    def write_tag(self, square: Square, first_page: int, data: bytes, timeout: float = 2.0) -> TagReadout: ...

    @abc.abstractmethod
    def identify(self, seconds: int = 5) -> None:
        """Blink the board's LED, to tell which board is which."""

    @abc.abstractmethod
    def set_scan(self, scan_period_ms: int, settle_scans: int) -> None: ...

    @abc.abstractmethod
    def close(self) -> None: ...

    @property
    def problem(self) -> str | None:
        """Why the backend is not connected, as one line for the user (None: no known problem)."""
        return None

    def caught_up(self, since: float) -> bool:
        """Whether the events so far show the table as it was at game time ``since`` (the sensor
        board reports each change as it settles: always)."""
        return True

    def wait_for(self, predicate: Callable[[SensorEvent], bool], timeout: float) -> SensorEvent | None:
        """Consume events until one matches ``predicate`` and return it (the others are
        discarded), or None after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            event = self.next_event(left)
            if event is not None and predicate(event):
                return event

    def wait_connected(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.state is ConnectionState.CONNECTED:
                return True
            time.sleep(0.01)
        return self.state is ConnectionState.CONNECTED

    def __enter__(self) -> SensorBackend:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def open_backend(spec: str | None = None, **options) -> SensorBackend:
    """Open the sensor board named by ``spec``: a serial device path, ``sim`` or
    ``sim:ROWSxCOLS`` for the simulator, or None/``auto`` (``$WORDBOARD_SENSOR`` if set) to
    find the real board by its udev name or USB ids."""
    if spec in (None, "auto"):
        spec = os.environ.get("WORDBOARD_SENSOR") or "auto"
    if spec == "sim" or spec.startswith("sim:"):
        from wordboard.sensor.simulator import SimulatedSensorLink, parse_grid_size

        rows, cols = parse_grid_size(spec[4:]) if spec.startswith("sim:") else (15, 15)
        return SimulatedSensorLink(rows=rows, cols=cols, **options)
    from wordboard.sensor.link import SerialSensorLink

    return SerialSensorLink(None if spec == "auto" else spec, **options)
