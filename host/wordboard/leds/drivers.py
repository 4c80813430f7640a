"""Opening the strip: the real drivers on a Raspberry Pi, the simulated strip anywhere.

Like gpiozero's pin factories, every driver gives the same kind of object (a
``adafruit_pixelbuf.PixelBuf``) and :class:`~wordboard.leds.strip.BoardLeds` does not care which.

``neopixel``
    ``adafruit-circuitpython-neopixel`` through Blinka on the configured GPIO (18 by default).
    On a Pi 1-4 Blinka drives it with ``rpi_ws281x`` (PWM + DMA through ``/dev/mem``: this needs
    root, see ``hardware/leds.md``). On a **Pi 5** ``rpi_ws281x`` fails ("Hardware revision is not
    supported"); Blinka (10.x) then writes through the RP1's PIO instead, with Adafruit's
    ``Adafruit-Blinka-Raspberry-Pi5-Neopixel`` package (module
    ``adafruit_raspberry_pi5_neopixel_write``), which needs ``/dev/pio0`` (recent firmware and
    kernel) readable by the ``gpio`` group. No root needed.
``neopixel-spi``
    ``adafruit-circuitpython-neopixel-spi`` on the SPI MOSI pin (GPIO 10): the bit pattern is
    clocked out by the SPI controller. Works on every Pi including the 5, needs
    ``dtparam=spi=on`` and membership of the ``spi`` group, no root. The fallback for a Pi 5
    without PIO support.
``simulated``
    :class:`~wordboard.leds.simulated.SimulatedPixels`: no hardware.
``auto``
    Not a Pi: simulated. A Pi 5: ``neopixel`` if the PIO module is installed, else
    ``neopixel-spi`` if that is installed. An older Pi: ``neopixel``.

Hardware modules are imported only when a hardware driver is opened.
"""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path

from wordboard.errors import UserError
from wordboard.leds.config import LedConfig, StripConfig
from wordboard.leds.simulated import SimulatedPixels

MODEL_FILES = ("/proc/device-tree/model", "/sys/firmware/devicetree/base/model")
PI5_MODULE = "adafruit_raspberry_pi5_neopixel_write"


def board_model(paths=MODEL_FILES) -> str | None:
    """The device-tree model string ("Raspberry Pi 5 Model B Rev 1.0"), or None off a Pi."""
    for path in paths:
        try:
            text = Path(path).read_bytes().decode("ascii", "replace").strip("\x00\n ")
        except OSError:
            continue
        if text:
            return text
    return None


def is_raspberry_pi(model: str | None) -> bool:
    return bool(model) and model.startswith("Raspberry Pi")


def is_pi5_family(model: str | None) -> bool:
    """Boards with the RP1 I/O chip: Pi 5, Pi 500, Compute Module 5."""
    return bool(model) and any(name in model for name in ("Raspberry Pi 5", "Raspberry Pi 500",
                                                          "Compute Module 5"))


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def choose_driver(strip: StripConfig, model: str | None, installed=_installed) -> str:
    """The driver ``auto`` stands for on this board (others are returned as they are)."""
    if strip.driver != "auto":
        return strip.driver
    if not is_raspberry_pi(model):
        return "simulated"
    if is_pi5_family(model):
        if installed(PI5_MODULE):
            return "neopixel"
        if installed("neopixel_spi"):
            return "neopixel-spi"
        raise UserError("Raspberry Pi 5: install Adafruit-Blinka-Raspberry-Pi5-Neopixel (PIO, "
                        "GPIO 18) or adafruit-circuitpython-neopixel-spi (SPI, GPIO 10); see "
                        "hardware/leds.md")
    return "neopixel"


def open_pixels(config: LedConfig, *, driver: str | None = None, model: str | None = None,
                importer=importlib.import_module):
    """A PixelBuf for the configured strip (``driver`` overrides the configuration)."""
    strip = config.strip
    if driver:
        strip = StripConfig(**{**strip.__dict__, "driver": driver})
    if model is None:
        model = board_model()
    chosen = choose_driver(strip, model)
    n = config.wiring.length
    if chosen == "simulated":
        return SimulatedPixels(n, pixel_order=strip.pixel_order)
    try:
        board = importer("board")
        if chosen == "neopixel":
            if is_pi5_family(model):
                importer(PI5_MODULE)  # fail early with a clear message if it is missing
            neopixel = importer("neopixel")
            return neopixel.NeoPixel(getattr(board, f"D{strip.pin}"), n, brightness=1.0,
                                     auto_write=False, pixel_order=strip.pixel_order)
        if chosen == "neopixel-spi":
            neopixel_spi = importer("neopixel_spi")
            return neopixel_spi.NeoPixel_SPI(board.SPI(), n, brightness=1.0, auto_write=False,
                                             pixel_order=strip.pixel_order)
    except ModuleNotFoundError as exc:
        raise UserError(f"LED driver {chosen!r} needs the Python module {exc.name!r}: install "
                        "wordboard[pi] (see hardware/leds.md)") from None
    except (RuntimeError, PermissionError, OSError) as exc:
        raise UserError(f"LED driver {chosen!r} could not start: {exc} (see hardware/leds.md)") from None
    raise UserError(f"unknown LED driver {chosen!r}")
