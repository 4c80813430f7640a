"""The board's LEDs as one object: a frame in, bytes on the strip out.

:class:`BoardLeds` takes any pixel object with the API of ``adafruit_pixelbuf.PixelBuf`` (the
real ``neopixel.NeoPixel``, ``neopixel_spi.NeoPixel_SPI``, or the simulated strip), like a
gpiozero device takes a pin from any pin factory. For each frame it maps squares to strip
indices through the :class:`~wordboard.leds.wiring.Wiring`, applies gamma, picks the brightness
the power budget allows, and writes - at most ``fps`` times a second, by the injected clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from wordboard.leds.frame import OFF, Frame
from wordboard.leds.power import PowerBudget, gamma_table
from wordboard.leds.wiring import Wiring


class BoardLeds:
    def __init__(self, pixels, wiring: Wiring, *, power: PowerBudget | None = None,
                 gamma: float = 2.2, brightness: float = 1.0, fps: float = 30.0,
                 clock: Callable[[], float] = time.monotonic):
        if len(pixels) < wiring.length:
            raise ValueError(f"the strip has {len(pixels)} LEDs, the wiring needs {wiring.length}")
        self.pixels = pixels
        self.wiring = wiring
        self.power = power or PowerBudget()
        self.ceiling = brightness
        self.fps = fps
        self.clock = clock
        self._gamma = gamma_table(gamma)
        self._indices = wiring.indices()
        self._last_write: float | None = None
        self._pending: Frame | None = None
        self.frame: Frame | None = None  # the frame on the LEDs now
        self.writes = 0
        self.brightness = 0.0  # the brightness used for the last write

    @property
    def min_interval(self) -> float:
        return 1.0 / self.fps if self.fps > 0 else 0.0

    def show(self, frame: Frame) -> bool:
        """Show ``frame``: written now if the frame-rate cap allows (True), else kept and written
        by a later :meth:`poll` (False). A frame equal to the one shown is not written again."""
        if (frame.rows, frame.cols) != (self.wiring.rows, self.wiring.cols):
            raise ValueError(f"a {frame.rows} x {frame.cols} frame for a "
                             f"{self.wiring.rows} x {self.wiring.cols} board")
        if frame == self.frame:
            self._pending = None
            return True
        self._pending = frame
        return self.poll()

    def poll(self) -> bool:
        """Write the pending frame if the cap allows; True when nothing is left pending."""
        if self._pending is None:
            return True
        now = self.clock()
        if self._last_write is not None and now - self._last_write < self.min_interval:
            return False
        self._write(self._pending)
        self._last_write = now
        self._pending = None
        return True

    def show_now(self, frame: Frame) -> None:
        """Write ``frame`` now, whatever the frame-rate cap (a move just committed: the terminal
        prints what the LEDs show)."""
        self._pending = None
        if frame != self.frame:
            self._write(frame)
            self._last_write = self.clock()

    def next_due(self) -> float | None:
        """Clock time at which a pending frame can be written, or ``None`` if none is pending."""
        if self._pending is None:
            return None
        return (self._last_write or 0.0) + self.min_interval

    def off(self) -> None:
        """All LEDs dark, now (ignores the frame-rate cap: used on exit)."""
        self._write(Frame(self.wiring.rows, self.wiring.cols))
        self._pending = None

    def _write(self, frame: Frame) -> None:
        g = self._gamma
        values = [OFF] * len(self.pixels)
        total = 0
        for index, (r, gr, b) in zip(self._indices, frame.pixels):
            colour = (g[r], g[gr], g[b])
            values[index] = colour
            total += colour[0] + colour[1] + colour[2]
        brightness = self.power.brightness_for(total, len(self.pixels), self.ceiling)
        self.pixels.brightness = brightness
        self.pixels[0:len(values)] = values
        self.pixels.show()
        self.brightness = brightness
        self.frame = frame
        self.writes += 1

    def estimated_milliamps(self) -> float | None:
        """The power model's estimate for the bytes last sent (simulated strips only)."""
        sent = getattr(self.pixels, "transmitted", None)
        if sent is None:
            return None
        return self.power.estimate(sent, len(self.pixels))
