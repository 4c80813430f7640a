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
    Not a Pi: simulated. On a Pi it follows the configured ``pin:`` (where the data wire is):
    GPIO 10 (SPI0 MOSI): ``neopixel-spi`` (or ``neopixel``, whose ``rpi_ws281x`` also drives
    GPIO 10 through SPI without root, if only that is installed). Any other pin (GPIO 18): on a
    Pi 5 ``neopixel`` through the PIO; on a Pi 1-4 ``neopixel``, which needs root - run as an
    unprivileged user (the service) it stops with a message saying to move the data wire to
    GPIO 10 and set ``pin: 10`` (what ``host/systemd/install`` configures on a Pi 1-4).
    ``auto`` never picks a driver that sends on another pin than the configured one.

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
    return model is not None and model.startswith("Raspberry Pi")


def is_pi5_family(model: str | None) -> bool:
    """Boards with the RP1 I/O chip: Pi 5, Pi 500, Compute Module 5."""
    return model is not None and any(name in model for name in ("Raspberry Pi 5", "Raspberry Pi 500",
                                                          "Compute Module 5"))


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


SPI_PIN = 10   # SPI0 MOSI: the only pin neopixel-spi sends on


def _is_root() -> bool:
    import os

    return os.geteuid() == 0


def choose_driver(strip: StripConfig, model: str | None, installed=_installed, is_root=_is_root) -> str:
    """The driver ``auto`` stands for on this board (others are returned as they are); see the
    module's docstring. Raises :class:`UserError` with what to do when no driver can work."""
    if strip.driver != "auto":
        return strip.driver
    if not is_raspberry_pi(model):
        return "simulated"
    if strip.pin == SPI_PIN:
        if installed("neopixel_spi"):
            return "neopixel-spi"
        if not is_pi5_family(model):
            return "neopixel"
        raise UserError("LEDs on GPIO 10 of a Raspberry Pi 5 need adafruit-circuitpython-neopixel-spi "
                        "(pip install 'wordboard[pi]'); see hardware/leds.md")
    if is_pi5_family(model):
        if installed(PI5_MODULE):
            return "neopixel"
        raise UserError(f"LEDs on GPIO {strip.pin} of a Raspberry Pi 5 need "
                        "Adafruit-Blinka-Raspberry-Pi5-Neopixel (PIO; host/systemd/install adds it), "
                        "or move the data wire to GPIO 10 and set 'pin: 10' (SPI); see hardware/leds.md")
    if not is_root():
        raise UserError(f"LEDs on GPIO {strip.pin} of a {model} need root (rpi_ws281x drives the PWM "
                        "through /dev/mem); as a service, move the data wire to GPIO 10 (physical pin "
                        "19), set 'pin: 10' and enable SPI (dtparam=spi=on); see hardware/leds.md")
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
