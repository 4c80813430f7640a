"""Pictures of the board's light: ANSI truecolour blocks, plain text, PNG (through OpenCV).

The renderers take the frame of *emitted* light (PWM duty per channel, what the simulated
strip's bytes mean) and encode it for an sRGB screen, so a dim, gamma-corrected LED looks on
screen the way it looks on the table.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from wordboard.leds.frame import Colour, Frame


def to_srgb(colour: Colour) -> Colour:
    """Linear light (0-255 duty) -> sRGB display value."""
    def enc(v: int) -> int:
        x = v / 255.0
        y = 12.92 * x if x <= 0.0031308 else 1.055 * x ** (1 / 2.4) - 0.055
        return min(255, round(y * 255))
    return (enc(colour[0]), enc(colour[1]), enc(colour[2]))


def supports_truecolour(stream=None, environ=None) -> bool:
    """True for a terminal that says it does 24-bit colour; ``NO_COLOR`` turns colour off."""
    environ = os.environ if environ is None else environ
    stream = sys.stdout if stream is None else stream
    if "NO_COLOR" in environ:
        return False
    if not getattr(stream, "isatty", lambda: False)():
        return False
    return environ.get("COLORTERM", "").lower() in ("truecolor", "24bit")


def to_ansi(frame: Frame, *, labels: bool = True) -> str:
    """Two-character truecolour blocks per square, with column letters and row numbers."""
    lines = []
    if labels:
        lines.append("   " + "".join(f"{chr(ord('A') + c)} " for c in range(frame.cols)))
    for r in range(frame.rows):
        cells = []
        for c in range(frame.cols):
            red, green, blue = to_srgb(frame[r, c])
            cells.append(f"\x1b[48;2;{red};{green};{blue}m  ")
        prefix = f"{r + 1:>2} " if labels else ""
        lines.append(prefix + "".join(cells) + "\x1b[0m")
    return "\n".join(lines)


def plain_symbol(colour: Colour) -> str:
    """One character for a colour: ``.`` dark, a letter for its hue (upper case when bright)."""
    r, g, b = colour
    peak = max(colour)
    if peak < 3:
        return "."
    on = (int(r >= peak * 0.5), int(g >= peak * 0.5), int(b >= peak * 0.5))
    name = {(1, 0, 0): "r", (0, 1, 0): "g", (0, 0, 1): "b", (1, 1, 0): "y", (0, 1, 1): "c",
            (1, 0, 1): "m", (1, 1, 1): "w"}[on]
    return name.upper() if peak >= 64 else name


def to_plain(frame: Frame, *, labels: bool = True) -> str:
    """Plain text: one character per square (see :func:`plain_symbol`)."""
    lines = []
    if labels:
        lines.append("   " + " ".join(chr(ord("A") + c) for c in range(frame.cols)))
    for r in range(frame.rows):
        prefix = f"{r + 1:>2} " if labels else ""
        lines.append(prefix + " ".join(plain_symbol(frame[r, c]) for c in range(frame.cols)))
    return "\n".join(lines)


def to_terminal(frame: Frame, stream=None, environ=None) -> str:
    """ANSI truecolour when the terminal does it, else plain text."""
    return to_ansi(frame) if supports_truecolour(stream, environ) else to_plain(frame)


def to_image(frame: Frame, cell: int = 24):
    """A BGR numpy image: each square a dark cell with a round LED of its colour."""
    import cv2
    import numpy as np

    image = np.full((frame.rows * cell, frame.cols * cell, 3), 30, dtype=np.uint8)
    radius = max(2, int(cell * 0.38))
    for (r, c), colour in frame.items():
        y0, x0 = r * cell, c * cell
        cv2.rectangle(image, (x0, y0), (x0 + cell - 1, y0 + cell - 1), (55, 55, 55), 1)
        red, green, blue = to_srgb(colour)
        cv2.circle(image, (x0 + cell // 2, y0 + cell // 2), radius, (blue, green, red), -1,
                   lineType=cv2.LINE_AA)
    return image


def write_png(frame: Frame, path: str | Path, cell: int = 24) -> Path:
    """Write :func:`to_image` as a PNG; returns the path."""
    import cv2

    from wordboard.errors import UserError

    path = Path(path)
    if not cv2.imwrite(str(path), to_image(frame, cell)):
        raise UserError(f"cannot write PNG {path}")
    return path
