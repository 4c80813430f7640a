"""The board's own LEDs, as the camera sees them: which squares they lit differently since the
camera last looked.

The LEDs under the squares shine through the board and round the tiles, so a change of what they
show changes the picture as much as a tile does. The camera's reader is told where the light
changed (see :meth:`wordboard.camera.reader.BoardReader.relit`) and takes that change for light,
not for a hand or a tile; the LEDs are never dimmed or flashed for the camera.
"""

from __future__ import annotations

import numpy as np

#: A square's light changed when its LED's output (0-255 duty, after gamma and brightness) moved
#: by more than this in a channel; slower fades are followed by the reader like the room's light.
LIGHT_CHANGE = 12.0
#: The frames after a change of light in which a change of the squares it lit is that light: a
#: camera's picture shows it a frame or two late (counted in frames with a clear view).
RELIT_FRAMES = 3
_GAMMA = 2.2


class LightWatch:
    """Follows a board's LEDs (anything with ``frame``, the :class:`~wordboard.leds.frame.Frame`
    shown, or None, and ``brightness``, 0-1) for a camera reading the same board."""

    def __init__(self, leds, rows: int, cols: int):
        self.leds = leds
        self.rows, self.cols = rows, cols
        self._last: np.ndarray | None = None
        self.changes = 0            # the changes of light seen (for the benchmarks)

    def output(self) -> np.ndarray | None:
        """Each square's LED output now, (rows, cols, 3) duty 0-255; None with no frame shown."""
        frame = getattr(self.leds, "frame", None)
        if frame is None or (frame.rows, frame.cols) != (self.rows, self.cols):
            return None
        level = float(getattr(self.leds, "brightness", 1.0) or 0.0)
        colours = np.asarray(frame.pixels, np.float32).reshape(self.rows, self.cols, 3)
        return (colours / 255.0) ** _GAMMA * (255.0 * level)

    def changed(self) -> np.ndarray | None:
        """The squares (a (rows, cols) bool mask) whose light changed since the last call, or None
        when none did (or nothing was shown before: the camera learns the board as lit then)."""
        now = self.output()
        if now is None:
            return None
        before, self._last = self._last, now
        if before is None:
            return None
        mask = np.abs(now - before).max(axis=2) > LIGHT_CHANGE
        if not mask.any():
            return None
        self.changes += 1
        return mask

    def tell(self, reader, frames: int) -> None:
        """Before ``reader`` reads ``frames`` more frames: tell it where the light changed."""
        mask = self.changed()
        if mask is not None and hasattr(reader, "relit"):
            reader.relit(mask, frames=frames + RELIT_FRAMES)
        if self._last is not None and hasattr(reader, "lit_by"):
            reader.lit_by(self._last)
