"""The owner's LED configuration: strip, driver, power supply and wiring, from a data file.

Format (:mod:`wordboard.datafile`; see ``hardware/leds.md`` and ``hardware/leds-15x15.conf``)::

    board: 15 x 15

    [strip]
    driver: auto            # auto | neopixel | neopixel-spi | simulated
    pin: 18                 # BCM GPIO of the data line (neopixel driver)
    pixel-order: GRB        # GRB for WS2812B; RGB, GRBW (SK6812 RGBW) ...
    supply: 4 A             # current the 5 V supply can give the LEDs
    milliamps-per-channel: 20
    idle-milliamps: 1
    brightness: 0.6         # ceiling, 0-1
    gamma: 2.2
    fps: 30

    [panel 1]               # panels in chain order; any section whose name starts with "panel"
    size: 15 x 15           # LED rows x columns of the panel as built
    at: A1                  # board square under its top-left corner as mounted
    start: top-left         # corner where the data line enters
    runs: rows              # rows | columns
    serpentine: yes
    rotation: 0             # 0 | 90 | 180 | 270, clockwise
    skip: 0                 # LEDs before this panel that are under no square

Every mistake is reported as ``file:line: problem``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from wordboard.datafile import DataFile, Section
from wordboard.leds.power import PowerBudget
from wordboard.leds.wiring import CORNERS, ROTATIONS, RUNS, Panel, Wiring, WiringError

DRIVERS = ("auto", "neopixel", "neopixel-spi", "simulated")
PIXEL_ORDERS = ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR", "RGBW", "RBGW", "GRBW", "GBRW", "BRGW", "BGRW")


@dataclass(frozen=True)
class StripConfig:
    driver: str = "auto"
    pin: int = 18
    pixel_order: str = "GRB"
    supply_milliamps: float = 4000.0
    milliamps_per_channel: float = 20.0
    idle_milliamps: float = 1.0
    brightness: float = 0.6
    gamma: float = 2.2
    fps: float = 30.0

    @property
    def power(self) -> PowerBudget:
        return PowerBudget(self.supply_milliamps, self.milliamps_per_channel, self.idle_milliamps)


@dataclass(frozen=True)
class LedConfig:
    wiring: Wiring
    strip: StripConfig = field(default_factory=StripConfig)
    source: str = "<built-in>"

    @property
    def rows(self) -> int:
        return self.wiring.rows

    @property
    def cols(self) -> int:
        return self.wiring.cols


def default_config_text(rows: int = 15, cols: int = 15) -> str:
    """The shipped default: one serpentine panel the size of the board, data in at the top left."""
    return f"""\
# wordboard LED configuration: a board of {rows} x {cols} squares, one serpentine panel of {rows * cols} WS2812B.
# See hardware/leds.md for every key and for the power model.
board: {rows} x {cols}

[strip]
driver: auto            # auto | neopixel | neopixel-spi | simulated
pin: 18                 # BCM GPIO of the data line (GPIO 18 = physical pin 12)
pixel-order: GRB        # WS2812B; GRBW for SK6812 RGBW
supply: 4 A             # what the 5 V supply can give the LEDs (full white would be {rows * cols * 60 / 1000:.1f} A)
milliamps-per-channel: 20
idle-milliamps: 1
brightness: 0.6         # the owner's ceiling, 0-1
gamma: 2.2
fps: 30

[panel 1]
size: {rows} x {cols}
at: A1
start: top-left
runs: rows
serpentine: yes
rotation: 0
skip: 0
"""


def default_config(rows: int = 15, cols: int = 15) -> LedConfig:
    return parse_led_config(DataFile(default_config_text(rows, cols), f"<default {rows}x{cols}>"))


def installed_config_path(rows: int, cols: int, environ: Mapping[str, str] | None = None) -> Path:
    """Where the owner's configuration for a board of this size lives:
    ``leds-ROWSxCOLS.conf`` in the config folder (``/etc/wordboard`` for the service, which
    ``host/systemd/install`` fills from ``hardware/``)."""
    from wordboard.paths import config_dir

    return config_dir(environ) / f"leds-{rows}x{cols}.conf"


def board_config(rows: int, cols: int, path: str | Path | None = None,
                 environ: Mapping[str, str] | None = None) -> LedConfig:
    """The LED configuration for a board of ``rows`` x ``cols``: ``path`` if given, else the
    owner's installed file (:func:`installed_config_path`) if there is one, else the default.
    A file that wires another board size is refused with a clear message."""
    from wordboard.errors import UserError

    if path is None:
        installed = installed_config_path(rows, cols, environ)
        path = installed if installed.is_file() else None
    config = load_led_config(path) if path is not None else default_config(rows, cols)
    if (config.rows, config.cols) != (rows, cols):
        raise UserError(f"{config.source} wires a {config.rows} x {config.cols} board; "
                        f"this game needs {rows} x {cols}")
    return config


def load_led_config(path: str | Path) -> LedConfig:
    return parse_led_config(DataFile.read(path, what="LED configuration"))


def parse_led_config(data: DataFile) -> LedConfig:
    for section in data:
        if section.name and section.name != "strip" and not section.name.startswith("panel"):
            raise data.error(section.line, f"unknown section [{section.name}] (expected [strip] "
                                           "and [panel ...] sections)")
    top = data.section("")
    rows, cols = top.get("board", _size, required=True)
    top.check_unknown({"board"})
    strip = _strip(data.section("strip", required=False))
    panels: list[tuple[Section, Panel]] = []
    for section in data:
        if section.name.startswith("panel"):
            panels.append((section, _panel(section, rows, cols)))
    if not panels:
        raise data.error(None, "no [panel ...] section: say how the LEDs are wired")
    try:
        wiring = Wiring(rows, cols, [p for _, p in panels])
    except WiringError as exc:
        line = panels[exc.panel][0].line if exc.panel is not None else top.entry("board").line
        raise data.error(line, str(exc)) from None
    return LedConfig(wiring, strip, data.path)


def _strip(section: Section) -> StripConfig:
    d = StripConfig()
    strip = StripConfig(
        driver=section.get("driver", _choice(DRIVERS), d.driver),
        pin=section.get("pin", _gpio, d.pin),
        pixel_order=section.get("pixel-order", _choice(PIXEL_ORDERS, upper=True), d.pixel_order),
        supply_milliamps=section.get("supply", _current, d.supply_milliamps),
        milliamps_per_channel=section.get("milliamps-per-channel", _positive, d.milliamps_per_channel),
        idle_milliamps=section.get("idle-milliamps", _non_negative, d.idle_milliamps),
        brightness=section.get("brightness", _fraction, d.brightness),
        gamma=section.get("gamma", _gamma, d.gamma),
        fps=section.get("fps", _fps, d.fps),
    )
    section.check_unknown({"driver", "pin", "pixel-order", "supply", "milliamps-per-channel",
                           "idle-milliamps", "brightness", "gamma", "fps"})
    if strip.driver == "neopixel-spi" and strip.pin != 10 and "pin" in section:
        raise section.source.error(section.entry("pin").line, "the neopixel-spi driver sends on GPIO 10 "
                                 "(SPI0 MOSI): wire the data line there and write 'pin: 10'")
    return strip


def _panel(section: Section, rows: int, cols: int) -> Panel:
    prows, pcols = section.get("size", _size, (rows, cols))
    at_r, at_c = section.get("at", _square, (0, 0))
    panel = Panel(prows, pcols, at_r, at_c,
                  start=section.get("start", _choice(CORNERS), "top-left"),
                  runs=section.get("runs", _choice(RUNS), "rows"),
                  serpentine=section.get("serpentine", _yes_no, True),
                  rotation=section.get("rotation", _rotation, 0),
                  skip=section.get("skip", _non_negative_int, 0))
    section.check_unknown({"size", "at", "start", "runs", "serpentine", "rotation", "skip"})
    return panel


# -- value parsers: ValueError messages are reported on the entry's line -------------------------

def _size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
    if not m or int(m.group(1)) < 1 or int(m.group(2)) < 1:
        raise ValueError(f"expected ROWS x COLUMNS like '15 x 15', got {text!r}")
    if int(m.group(1)) > 26 or int(m.group(2)) > 26:
        raise ValueError("at most 26 x 26")
    return int(m.group(1)), int(m.group(2))


def _square(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*([A-Za-z])(\d{1,2})\s*", text)
    if not m or int(m.group(2)) < 1:
        raise ValueError(f"expected a square like A1, got {text!r}")
    return int(m.group(2)) - 1, ord(m.group(1).upper()) - ord("A")


def _choice(options: Collection[str], upper: bool = False) -> Callable[[str], str]:
    def convert(text: str) -> str:
        value = text.strip().upper() if upper else text.strip().lower()
        if value not in options:
            raise ValueError(f"{text!r} is not one of {', '.join(options)}")
        return value
    return convert


def _yes_no(text: str) -> bool:
    value = text.strip().lower()
    if value in ("yes", "true", "on"):
        return True
    if value in ("no", "false", "off"):
        return False
    raise ValueError(f"expected yes or no, got {text!r}")


def _number(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"expected a number, got {text!r}") from None


def _positive(text: str) -> float:
    value = _number(text)
    if value <= 0:
        raise ValueError("must be above 0")
    return value


def _non_negative(text: str) -> float:
    value = _number(text)
    if value < 0:
        raise ValueError("must be 0 or more")
    return value


def _non_negative_int(text: str) -> int:
    if not text.strip().isdigit():
        raise ValueError(f"expected a whole number, got {text!r}")
    return int(text)


def _fraction(text: str) -> float:
    value = _number(text)
    if not 0 <= value <= 1:
        raise ValueError("must be between 0 and 1")
    return value


def _gamma(text: str) -> float:
    value = _number(text)
    if not 0.5 <= value <= 4:
        raise ValueError("must be between 0.5 and 4 (1 = no correction, 2.2 is usual)")
    return value


def _fps(text: str) -> float:
    value = _number(text)
    if not 1 <= value <= 400:
        raise ValueError("must be between 1 and 400 frames a second")
    return value


def _rotation(text: str) -> int:
    if not text.strip().isdigit() or int(text) not in ROTATIONS:
        raise ValueError("must be 0, 90, 180 or 270")
    return int(text)


def _gpio(text: str) -> int:
    text = text.strip().upper().removeprefix("GPIO").removeprefix("D")
    if not text.isdigit() or not 0 <= int(text) <= 27:
        raise ValueError("expected a BCM GPIO number 0-27, like 18")
    return int(text)


def _current(text: str) -> float:
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(A|mA)\s*", text, re.IGNORECASE)
    if not m:
        raise ValueError(f"expected a current like '4 A' or '2500 mA', got {text!r}")
    value = float(m.group(1)) * (1000 if m.group(2).lower() == "a" else 1)
    if value <= 0:
        raise ValueError("must be above 0")
    return value
