"""A recorded game played as the board's camera: a video file, or a folder of frames.

:class:`RecordedSource` is a capture source (``read() -> BGR image``, ``close()``, see
:mod:`wordboard.camera.capture`) that gives, at each read, the recording's frame of the moment
a clock says: a video's frames at their own times (a phone's variable frame rate included), a
folder's pictures (sorted by name in natural order: ``frame2`` before ``frame10``) at ``rate``
frames a second. Read faster than the recording's frames, it gives the same frame again, as a
camera looking at a still table would; read slower, the frames in between are passed over. So
whatever reads it (the board controller, ``wordboard photos``) sees the game at the recording's
pace, and on a clock of the recording's own time (the twin's :class:`TwinClock`) what it reads
does not depend on how fast this computer reads.

After the last frame the last picture is held ``hold`` seconds more (the table as the recording
left it), then :attr:`RecordedSource.ended` is True and a read raises :class:`CaptureError`. A
frame that cannot be read is :attr:`RecordedSource.error` (one line naming it), and a read raises.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import numpy as np

from wordboard.camera.capture import IMAGE_SUFFIXES, CaptureError, Closing
from wordboard.errors import UserError

#: Picture files a folder of frames is read for: the pictures a camera description may name.
FRAME_SUFFIXES = IMAGE_SUFFIXES
#: Video files a camera description names as a recording (anything else that is a file and no
#: picture is tried as a video too).
VIDEO_SUFFIXES = (".mp4", ".avi", ".mov", ".mkv", ".webm", ".m4v", ".mjpeg")
#: A folder's frames a second unless told (a time-lapse's pace: one picture a second).
FOLDER_RATE = 1.0
#: A video that does not say its frame rate is taken at this many frames a second.
DEFAULT_FPS = 25.0


def is_recording(description: str | None) -> bool:
    """Whether a camera description names a recording: a folder, or a file that is no picture
    (a still picture is a camera showing the same frame for ever, see ``open_source``)."""
    if not description or description in ("auto", "none", "virtual", "exact", "picamera") or description.isdigit() \
            or description.startswith("/dev/"):
        return False
    path = Path(description)
    if path.is_dir():
        return True
    if path.suffix.lower() in FRAME_SUFFIXES:
        return False
    # (a path that is not there is named as a recording, to be told so in one line)
    return path.is_file() or path.suffix.lower() in VIDEO_SUFFIXES or "/" in description


def natural_key(name: str) -> tuple:
    """Sorting key for file names in natural order: the runs of digits compared as numbers."""
    return tuple((0, int(part), part) if part.isdigit() else (1, 0, part.lower())
                 for part in re.split(r"(\d+)", name) if part)


def folder_frames(folder: Path) -> list[Path]:
    """The pictures in ``folder``, natural name order; none is a :class:`UserError`."""
    frames = sorted((p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in FRAME_SUFFIXES),
                    key=lambda p: natural_key(p.name))
    if not frames:
        raise UserError(f"{folder}: no pictures in this folder ({', '.join(FRAME_SUFFIXES)})")
    return frames


def clock_time(seconds: float) -> str:
    """A time in a recording as ``MM:SS.s``."""
    minutes, rest = divmod(max(0.0, seconds), 60)
    return f"{int(minutes):02d}:{rest:04.1f}"


class _Frames:
    """A recording's frames in order: ``next() -> (seconds, frame) | None`` (None: no more)."""

    def next(self) -> tuple[float, np.ndarray] | None:  # pragma: no cover - interface
        raise NotImplementedError

    def close(self) -> None:
        pass


class _VideoFrames(_Frames):
    def __init__(self, path: Path):
        import cv2

        self.path = path
        self._capture = cv2.VideoCapture(str(path))
        fps = self._capture.get(cv2.CAP_PROP_FPS) if self._capture.isOpened() else 0.0
        self.fps = fps if fps and 0 < fps < 1000 else DEFAULT_FPS
        self._index = -1
        self._last = -1.0

    def next(self) -> tuple[float, np.ndarray] | None:
        import cv2

        ok, frame = self._capture.read() if self._capture.isOpened() else (False, None)
        if not ok or frame is None:
            return None
        self._index += 1
        # the frame's own time (a phone's frame rate varies), else its place at the stated rate
        seconds = self._capture.get(cv2.CAP_PROP_POS_MSEC) / 1000.0
        if not seconds > self._last or (self._index and seconds == 0.0):
            seconds = max(self._index / self.fps, self._last + 1e-3)
        self._last = seconds
        return seconds, frame

    def close(self) -> None:
        self._capture.release()


class _FolderFrames(_Frames):
    def __init__(self, frames: list[Path], rate: float):
        self.frames = frames
        self.rate = rate
        self._index = -1

    def next(self) -> tuple[float, np.ndarray] | None:
        from wordboard.camera.images import read_image

        self._index += 1
        if self._index >= len(self.frames):
            return None
        path = self.frames[self._index]
        try:
            return self._index / self.rate, read_image(path)
        except UserError:
            raise UserError(f"{path}: a frame that is not a picture this computer can read") from None


class RecordedSource(Closing):
    """A recording as a camera (see the module documentation). ``clock``: the time the reads
    are at (seconds; the recording starts at the clock's time of the first read)."""

    def __init__(self, path: str | Path, clock: Callable[[], float], *, rate: float = FOLDER_RATE,
                 hold: float = 0.0):
        path = Path(path)
        self.path = path
        self.description = path.name or str(path)
        self.clock = clock
        self.hold = hold
        self.ended = False
        self.error: str | None = None
        self._frames: _Frames
        if path.is_dir():
            if not rate > 0:
                raise UserError(f"the frame rate must be above 0, not {rate}")
            self._frames = _FolderFrames(folder_frames(path), rate)
        elif path.is_file():
            self._frames = _VideoFrames(path)
        else:
            raise UserError(f"{path}: no such video or folder of frames")
        try:
            first = self._frames.next()
        except UserError:
            self._frames.close()
            raise
        if first is None:
            self._frames.close()
            raise UserError(f"{path}: not a video this computer can read (no frame in it)")
        self._now: tuple[float, np.ndarray] = first      # the frame of the moment
        self._next = self._following()
        self._origin: float | None = None

    @property
    def seconds(self) -> float:
        """The recording's time of the frame last given (0 before the first read)."""
        return self._now[0]

    def _following(self) -> tuple[float, np.ndarray] | None:
        try:
            return self._frames.next()
        except UserError as exc:
            self.error = str(exc)
            return None

    def read(self) -> np.ndarray:
        if self.error is not None:
            raise CaptureError(self.error)
        now = self.clock()
        if self._origin is None:
            self._origin = now
        at = now - self._origin
        while self._next is not None and self._next[0] <= at:
            self._now = self._next
            self._next = self._following()
            if self.error is not None:
                raise CaptureError(self.error)
        if self._next is None and at >= self._now[0] + self.hold:
            self.ended = True
            raise CaptureError(f"the recording {self.description} ended at {clock_time(self._now[0])}")
        return self._now[1].copy()

    def close(self) -> None:
        self._frames.close()
