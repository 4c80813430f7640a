"""The board's push buttons: end turn, challenge, undo, hint, and per-player buttons where fitted.

Each button is a ``gpiozero.Button`` (pull-up, pressed = low), so on the Pi it runs on whatever
pin factory gpiozero picks (``lgpio`` on a Pi 5, through rpi-lgpio / lgpio), and in tests on
gpiozero's ``MockFactory``. gpiozero only reports raw edges here (``bounce_time=None``);
debouncing and long presses are done in :meth:`ButtonPanel.poll` with an injected clock, the
same way on every pin factory, and testable without sleeping:

* a change counts only once the level has held for ``bounce`` seconds;
* releasing before ``long_press`` seconds is a ``"press"``; holding that long is a ``"long"``
  (reported once, while still held; the release after it reports nothing).

The controller calls :meth:`ButtonPanel.poll` from its main loop (every 10-50 ms).
:meth:`ButtonPanel.inject` adds events from virtual buttons (the simulated board, the screen).
Pins come from ``hardware/buttons.conf`` (see ``hardware/buttons.md``).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from wordboard.datafile import DataFile

NAMES = ("end-turn", "challenge", "undo", "hint", "player-1", "player-2", "player-3", "player-4")
RESERVED_PINS = {0: "HAT ID", 1: "HAT ID", 2: "I2C", 3: "I2C", 7: "SPI0", 8: "SPI0", 9: "SPI0",
                 10: "SPI0 (neopixel-spi data)", 11: "SPI0", 14: "serial", 15: "serial",
                 16: "SPI1", 17: "SPI1", 18: "LED data", 19: "SPI1", 20: "SPI1", 21: "SPI1"}


@dataclass(frozen=True)
class ButtonConfig:
    pins: Mapping[str, int] = field(default_factory=lambda: {
        "end-turn": 5, "challenge": 6, "undo": 22, "hint": 23,
        "player-1": 24, "player-2": 25, "player-3": 26, "player-4": 27})
    bounce: float = 0.03
    long_press: float = 1.0


def load_button_config(path: str | Path) -> ButtonConfig:
    return parse_button_config(DataFile.read(path, what="button configuration"))


def installed_button_config(environ: Mapping[str, str] | None = None) -> ButtonConfig:
    """The owner's ``buttons.conf`` in the config folder (``/etc/wordboard`` for the service,
    filled from ``hardware/`` by ``host/systemd/install``), else the default pins."""
    from wordboard.paths import config_dir

    path = config_dir(environ) / "buttons.conf"
    return load_button_config(path) if path.is_file() else ButtonConfig()


def parse_button_config(data: DataFile) -> ButtonConfig:
    data.check_sections({"buttons", "timing"})
    section = data.section("buttons")
    pins: dict[str, int] = {}
    used: dict[int, str] = {}
    for key, entry in section.entries.items():
        if key not in NAMES:
            raise data.error(entry.line, f"unknown button '{entry.key}' (known: {', '.join(NAMES)})")
        pin = section.get(key, _pin, required=True)
        if pin in used:
            raise data.error(entry.line, f"GPIO {pin} is already used by '{used[pin]}'")
        used[pin] = key
        pins[key] = pin
    if "end-turn" not in pins:
        raise data.error(section.line, "the end-turn button is required")
    timing = data.section("timing", required=False)
    bounce = timing.get("bounce-ms", _ms, 30) / 1000
    long_press = timing.get("long-press-ms", _ms, 1000) / 1000
    timing.check_unknown({"bounce-ms", "long-press-ms"})
    if long_press <= bounce:
        raise data.error(timing.entry("long-press-ms").line, "long-press-ms must be longer than bounce-ms")
    return ButtonConfig(pins, bounce, long_press)


def _pin(text: str) -> int:
    text = text.strip().upper().removeprefix("GPIO")
    if not text.isdigit() or not 0 <= int(text) <= 27:
        raise ValueError("expected a BCM GPIO number 0-27")
    pin = int(text)
    if pin in RESERVED_PINS:
        raise ValueError(f"GPIO {pin} is kept for {RESERVED_PINS[pin]}: choose another pin")
    return pin


def _ms(text: str) -> float:
    if not text.strip().isdigit():
        raise ValueError("expected a whole number of milliseconds")
    return float(text)


@dataclass(frozen=True)
class ButtonEvent:
    name: str   # "end-turn", "challenge", "undo", "hint", "player-N"
    kind: str   # "press" or "long"
    at: float   # clock time the press (or the long hold) was recognised


class _State:
    def __init__(self, now: float):
        self.edges: deque[tuple[float, bool]] = deque()
        self.raw = False
        self.raw_since = now
        self.stable = False
        self.pressed_at = 0.0
        self.long_sent = False


class _Button(Protocol):
    """What the panel uses of a ``gpiozero.Button`` (gpiozero ships no type information)."""

    when_pressed: Callable[[], None] | None
    when_released: Callable[[], None] | None

    @property
    def is_pressed(self) -> bool: ...

    def close(self) -> None: ...


class ButtonPanel:
    def __init__(self, config: ButtonConfig | None = None, *, pin_factory: object | None = None,
                 clock: Callable[[], float] = time.monotonic):
        from gpiozero import Button

        self.config = config or ButtonConfig()
        self.clock = clock
        self._lock = threading.Lock()
        self._injected: list[ButtonEvent] = []
        self.buttons: dict[str, _Button] = {}
        self._state: dict[str, _State] = {}
        now = clock()
        for name, pin in self.config.pins.items():
            button = Button(pin, pull_up=True, bounce_time=None, pin_factory=pin_factory)
            state = _State(now)
            button.when_pressed = self._edge(state, True)
            button.when_released = self._edge(state, False)
            self.buttons[name] = button
            self._state[name] = state

    def _edge(self, state: _State, level: bool) -> Callable[[], None]:
        def record() -> None:
            with self._lock:
                state.edges.append((self.clock(), level))
        return record

    def inject(self, name: str, kind: str = "press") -> None:
        """A virtual button press (the simulated board, the screen): reported by the next poll."""
        if kind not in ("press", "long"):
            raise ValueError("kind is 'press' or 'long'")
        with self._lock:
            self._injected.append(ButtonEvent(name, kind, self.clock()))

    def poll(self) -> list[ButtonEvent]:
        """Events since the last poll, in time order."""
        now = self.clock()
        events: list[ButtonEvent] = []
        with self._lock:
            injected, self._injected = self._injected, []
            pending = {name: list(s.edges) for name, s in self._state.items()}
            for s in self._state.values():
                s.edges.clear()
        for name, state in self._state.items():
            edges = pending[name]
            level = self.buttons[name].is_pressed
            if not edges and level != state.raw:  # an edge the callbacks did not see
                edges.append((now, level))
            for at, level in edges:
                self._settle(name, state, at, events)
                if level != state.raw:
                    state.raw, state.raw_since = level, at
            self._settle(name, state, now, events)
            if state.stable and not state.long_sent and now - state.pressed_at >= self.config.long_press:
                state.long_sent = True
                events.append(ButtonEvent(name, "long", state.pressed_at + self.config.long_press))
        events.extend(injected)
        events.sort(key=lambda e: e.at)
        return events

    def _settle(self, name: str, state: _State, now: float, events: list[ButtonEvent]) -> None:
        """Commit the raw level if it has held for the bounce time by ``now``."""
        if state.raw == state.stable or now - state.raw_since < self.config.bounce:
            return
        at = state.raw_since + self.config.bounce
        state.stable = state.raw
        if state.stable:
            state.pressed_at, state.long_sent = at, False
        else:
            if not state.long_sent and at - state.pressed_at < self.config.long_press:
                events.append(ButtonEvent(name, "press", at))
            elif not state.long_sent:  # held long, released before a poll saw it
                events.append(ButtonEvent(name, "long", state.pressed_at + self.config.long_press))
            state.long_sent = False

    def is_held(self, name: str) -> bool:
        return self._state[name].stable

    def close(self) -> None:
        for button in self.buttons.values():
            button.close()

    def __enter__(self) -> ButtonPanel:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
