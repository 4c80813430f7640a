"""What is attached to the board (the sensor board, the camera), what a way of sensing needs,
and waiting for it.

A real table is sensed three ways: the camera alone, the sensor board alone, or both (the
camera checking the sensor board). ``auto`` takes what is attached. The service never plays
the digital twin on a real table: with nothing attached it says so (the log, systemd's status
line, the LEDs, the screen) and waits for a sensor board or a camera to appear
(:func:`wait_for_hardware`).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from wordboard.leds.frame import Frame
    from wordboard.leds.strip import BoardLeds
    from wordboard.screen.hub import ScreenHub

SENSINGS = ("auto", "camera", "sensor", "both")
#: ``$WORDBOARD_SENSING``: the service's choice of sensing (``wordboard run --sensing`` wins)
ENV_SENSING = "WORDBOARD_SENSING"
#: seconds between two looks for the hardware while waiting
POLL = 2.0


@dataclass(frozen=True)
class Attached:
    """The sensor board's serial port and the camera's source, each None when absent."""

    sensor: str | None = None
    camera: str | None = None

    def sensing(self, wanted: str = "auto") -> str | None:
        """The sensing ``wanted`` resolved with what is attached (``auto``: both when both are
        there, else the one that is), or None when what it needs is missing."""
        if wanted == "auto":
            if self.sensor and self.camera:
                return "both"
            return "sensor" if self.sensor else "camera" if self.camera else None
        return None if self._lacking(wanted) else wanted

    def _lacking(self, wanted: str) -> list[str]:
        """What ``wanted`` (not ``auto``) needs and is not attached: ``sensor``, ``camera``."""
        return [part for part, needed, there in (("sensor", wanted in ("sensor", "both"), self.sensor),
                                                 ("camera", wanted in ("camera", "both"), self.camera))
                if needed and not there]

    def missing(self, wanted: str = "auto") -> str:
        """What ``wanted`` still lacks, in words (``a sensor board or a camera``)."""
        if wanted == "auto":
            return "a sensor board or a camera"
        names = {"sensor": "the sensor board", "camera": "a camera"}
        return " and ".join(names[part] for part in self._lacking(wanted)) or "nothing"

    def what_to_do(self, wanted: str = "auto") -> str:
        """What the owner can do about what ``wanted`` lacks: only the hardware it needs is named
        (a table told to use the camera alone is not asked for a sensor board)."""
        steps = {"sensor": "plug in the sensor board's USB cable",
                 "camera": "connect a camera (the Pi camera module's ribbon, or a USB webcam)"}
        if wanted == "auto":
            return f"{steps['sensor']} or connect a camera"
        return " and ".join(steps[part] for part in self._lacking(wanted)) or "nothing to do"

    def describe(self) -> str:
        parts = []
        if self.sensor:
            parts.append(f"sensor board on {self.sensor}")
        if self.camera:
            parts.append(f"camera {self.camera}")
        return ", ".join(parts) or "nothing"


def look(environ: Mapping[str, str] | None = None) -> Attached:
    """What is attached now: the sensor board (``$WORDBOARD_SENSOR`` names its port, else it is
    found by its udev link or USB id) and the camera (:func:`wordboard.camera.discovery.find_camera`)."""
    from wordboard.camera.discovery import find_camera
    from wordboard.sensor.discovery import find_board_port

    env: Mapping[str, str] = os.environ if environ is None else environ
    named = env.get("WORDBOARD_SENSOR")
    if named and named != "auto":
        sensor = None if named == "sim" or named.startswith("sim:") or named == "none" else named
    else:
        sensor = find_board_port()
    return Attached(sensor=sensor, camera=find_camera(env))


def sensing_wanted(choice: str | None, environ: Mapping[str, str] | None = None) -> str:
    """``--sensing`` if given, else ``$WORDBOARD_SENSING`` (the service's setting), else ``auto``.
    A bad value in the environment is one clear line."""
    from wordboard.errors import UserError

    if choice:
        return choice
    env: Mapping[str, str] = os.environ if environ is None else environ
    value = (env.get(ENV_SENSING) or "auto").strip().lower()
    if value not in SENSINGS:
        raise UserError(f"${ENV_SENSING}={value!r}: use one of {', '.join(SENSINGS)}")
    return value


class Notifying(Protocol):
    """What waiting tells systemd (:class:`wordboard.notify.Notifier`)."""

    @property
    def watchdog_interval(self) -> float | None: ...

    def ready(self, status: str | None = None) -> object: ...

    def watchdog(self) -> object: ...


def waiting_frame(rows: int, cols: int, t: float) -> Frame:
    """The LEDs while the board waits for its hardware: the border breathing amber (nothing
    on the squares: there is no game), so a glance at the table says "not ready"."""
    from wordboard.leds.frame import OFF, Frame
    from wordboard.leds.overlays import waiting

    return waiting().apply(Frame.filled(rows, cols, OFF), t)


def waiting_snapshot(message: str, rows: int = 15, cols: int = 15) -> dict[str, object]:
    """What the screen shows while the board waits: an empty board and the reason."""
    return {"game": {"id": 0, "kind": "waiting", "title": "wordboard", "edition": ""},
            "players": [], "to_move": None, "bag": None, "history": [], "last": None, "result": None,
            "over": False, "board": {"rows": rows, "cols": cols, "leds": [], "tiles": {}},
            "live": None, "message": message, "question": None, "hint": [], "view": {"type": "generic"},
            "waiting": True}


def wait_for_hardware(wanted: str, *, out: Callable[[str], None] = print,
                      should_stop: Callable[[], bool] = lambda: False,
                      notifier: Notifying | None = None, leds: BoardLeds | None = None,
                      hub: ScreenHub | None = None, poll: float = POLL, look: Callable[[], Attached] = look,
                      sleep: Callable[[float], None] = time.sleep,
                      clock: Callable[[], float] = time.monotonic) -> Attached | None:
    """Return what is attached once it is enough for ``wanted`` sensing; until then say once what
    is missing (``out``, systemd's status, the screen's ``hub``), breathe the LEDs' border and
    keep systemd's watchdog fed. None when ``should_stop`` says so first."""
    attached = look()
    if attached.sensing(wanted) is not None:
        return attached
    message = f"waiting for {attached.missing(wanted)}: {attached.what_to_do(wanted)} (found: {attached.describe()})"
    out(f"wordboard run: {message}")
    if notifier is not None:
        notifier.ready(message)
    if hub is not None:
        hub.publish(waiting_snapshot(message))
    last_watchdog = clock()
    while not should_stop():
        if leds is not None:
            leds.show_now(waiting_frame(leds.wiring.rows, leds.wiring.cols, clock()))
        interval = notifier.watchdog_interval if notifier is not None else None
        sleep(min(poll, interval) if interval else poll)
        if notifier is not None and notifier.watchdog_interval is not None \
                and clock() - last_watchdog >= notifier.watchdog_interval:
            notifier.watchdog()
            last_watchdog = clock()
        attached = look()
        if attached.sensing(wanted) is not None:
            out(f"wordboard run: found {attached.describe()}")
            return attached
    return None


#: wall seconds between two looks for a sensor board plugged in during a camera-alone game
LATE_LOOK_EVERY = 5.0


class SensorBoardArrival:
    """A step hook for a game the camera alone senses because no sensor board was attached when
    it began (``--sensing auto``): a sensor board plugged in meanwhile is said, once, with what
    happens (this game goes on with the camera alone; the next one uses the board too), instead
    of being passed over without a word."""

    def __init__(self, say: Callable[[str], None], *, look: Callable[[], Attached] = look,
                 every: float = LATE_LOOK_EVERY, clock: Callable[[], float] = time.monotonic):
        self.say = say
        self.look = look
        self.every = every
        self.clock = clock
        self._next = clock() + every
        self.said = False

    def __call__(self, _now: float) -> None:
        if self.said or self.clock() < self._next:
            return
        self._next = self.clock() + self.every
        try:
            port = self.look().sensor
        except Exception:  # noqa: BLE001 - a look that fails says nothing; the game goes on
            return
        if port:
            self.said = True
            self.say(f"a sensor board was plugged in ({port}): this game goes on with the camera alone; "
                     "the next game uses the sensor board too (or restart now: sudo systemctl restart wordboard)")
