"""A simulated strip: the real ``adafruit_pixelbuf`` code path, with the wire replaced by memory.

:class:`SimulatedPixels` is a ``PixelBuf`` subclass, exactly like ``neopixel.NeoPixel``: byte
order (GRB, RGB, GRBW...), brightness and the buffer layout are Adafruit's own code. Its
``_transmit`` keeps the bytes that would go down the data line; :meth:`decode` reads them back
the way the LED chips would, and :func:`emitted_frame` maps them back to squares through the
wiring, for the terminal and PNG renderers.
"""

from __future__ import annotations

from adafruit_pixelbuf import PixelBuf

from wordboard.leds.frame import Frame
from wordboard.leds.wiring import Wiring


class SimulatedPixels(PixelBuf):
    def __init__(self, n: int, *, pixel_order: str = "GRB", brightness: float = 1.0,
                 auto_write: bool = False, on_show=None):
        super().__init__(n, byteorder=pixel_order, brightness=brightness, auto_write=auto_write)
        self.transmitted: bytes | None = None  # the last bytes "sent"
        self.shows = 0
        self.on_show = on_show

    def _transmit(self, buffer: bytearray) -> None:
        self.transmitted = bytes(buffer)
        self.shows += 1
        if self.on_show is not None:
            self.on_show(self)

    def decode(self) -> list[tuple[int, ...]]:
        """Per LED, ``(r, g, b)`` or ``(r, g, b, w)`` as its chip reads the last bytes sent."""
        if self.transmitted is None:
            return [(0, 0, 0)] * len(self)
        bpp, order, has_white, _ = PixelBuf.parse_byteorder(self.byteorder)
        out = []
        data = self.transmitted
        for i in range(len(self)):
            chunk = data[i * bpp:(i + 1) * bpp]
            values = tuple(chunk[order[k]] for k in range(4 if has_white else 3))
            out.append(values)
        return out

    def emitted(self) -> list[tuple[int, int, int]]:
        """Per LED, the light it gives as ``(r, g, b)`` duty (a white channel adds to all three)."""
        out: list[tuple[int, int, int]] = []
        for values in self.decode():
            r, g, b = values[:3]
            if len(values) == 4:
                w = values[3]
                r, g, b = min(255, r + w), min(255, g + w), min(255, b + w)
            out.append((r, g, b))
        return out


def emitted_frame(pixels: SimulatedPixels, wiring: Wiring) -> Frame:
    """What each square's LED emits (linear PWM duty, 0-255 per channel)."""
    light = pixels.emitted()
    return Frame(wiring.rows, wiring.cols, (light[i] for i in wiring.indices()))
