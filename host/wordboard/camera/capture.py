"""Where frames come from: one small interface over the Pi camera, OpenCV and the virtual camera.

Every source has ``read() -> numpy BGR image`` and ``close()``, and works as a context manager.
:func:`open_source` picks one from a description: ``picamera`` (picamera2, only on a Raspberry
Pi), a device number such as ``0`` or a path such as ``/dev/video0`` or ``game.mp4`` (OpenCV), or
an image file (the same picture every time, handy for testing).
"""

from __future__ import annotations

import errno
import os
from typing import NoReturn, Protocol, runtime_checkable

import numpy as np

from wordboard.errors import UserError


class CaptureError(UserError):
    """The camera could not be opened or stopped delivering frames."""


#: Said when a camera that is there cannot be opened: one program at a time may use it.
IN_USE = ("it may be in use by another program, such as the wordboard service "
          "(sudo systemctl stop wordboard, then start it again afterwards)")


@runtime_checkable
class FrameSource(Protocol):
    """Anything that delivers BGR frames."""

    def read(self) -> np.ndarray: ...

    def close(self) -> None: ...


class Closing:
    """A frame source's ``with`` support: ``close()`` on leaving the block."""

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:  # pragma: no cover - overridden
        pass


class OpenCVSource(Closing):
    """A USB webcam (device number or ``/dev/videoN``) or a video file, through OpenCV."""

    def __init__(self, device: int | str, width: int | None = None, height: int | None = None):
        import cv2

        self.description = str(device)
        self._capture = cv2.VideoCapture(device)
        if not self._capture.isOpened():
            live = isinstance(device, int) or str(device).startswith("/dev/")
            there = isinstance(device, int) or os.path.exists(str(device))
            raise CaptureError(f"cannot open camera or video {device!r}"
                               + (f": {IN_USE}" if live and there else ""))
        if width and height:
            self._capture.set(cv2.CAP_PROP_FRAME_WIDTH, width)
            self._capture.set(cv2.CAP_PROP_FRAME_HEIGHT, height)

    def read(self) -> np.ndarray:
        ok, frame = self._capture.read()
        if not ok or frame is None:
            raise CaptureError(f"no more frames from {self.description}")
        return frame

    def close(self) -> None:
        self._capture.release()


class PiCameraSource(Closing):
    """The Raspberry Pi camera through picamera2 (imported only when this source is opened)."""

    def __init__(self, width: int = 2028, height: int = 1520):
        Picamera2 = _import_picamera2()
        try:
            self._camera = Picamera2()
            config = self._camera.create_still_configuration(main={"size": (width, height), "format": "BGR888"})
            self._camera.configure(config)
            self._camera.start()
        except Exception as exc:  # picamera2 raises many kinds; all mean "no camera"
            detail = " ".join(str(exc).split())
            busy = "busy" in detail.lower() or getattr(exc, "errno", None) == errno.EBUSY
            raise CaptureError(f"cannot start the Pi camera: {detail}" + (f" ({IN_USE})" if busy else "")) from exc

    def read(self) -> np.ndarray:
        # picamera2's "BGR888" is laid out B, G, R in memory order reversed: it is RGB to numpy.
        frame = self._camera.capture_array("main")
        return np.ascontiguousarray(frame[..., 2::-1]) if frame.ndim == 3 else frame

    def close(self) -> None:
        self._camera.stop()
        self._camera.close()


def _import_picamera2():
    """picamera2's ``Picamera2`` class, or a :class:`CaptureError` saying in one line why it does
    not load. Besides a missing package, a Python environment whose numpy is not the system's
    (numpy 2 from pip over Bookworm's 1.24) breaks its compiled helpers (simplejpeg, "numpy.dtype
    size changed"), which raise ValueError rather than ImportError."""
    try:
        from picamera2 import Picamera2
    except ImportError as exc:
        if getattr(exc, "name", None) == "picamera2":
            raise CaptureError(
                "picamera2 is not installed (on Raspberry Pi OS: sudo apt install python3-picamera2)"
            ) from exc
        raise CaptureError(_picamera2_broken(exc)) from exc
    except Exception as exc:  # noqa: BLE001 - whatever the camera stack raises, one line
        raise CaptureError(_picamera2_broken(exc)) from exc
    return Picamera2


def _picamera2_broken(exc: BaseException) -> str:
    detail = " ".join(str(exc).split()) or type(exc).__name__
    hint = "run scripts/install again to rebuild .venv"
    if "numpy" in detail.lower():
        hint = ("its numpy is not the system's: " + hint
                + " (it keeps Raspberry Pi OS's numpy; see README.md, Troubleshooting)")
    return f"the Pi camera library picamera2 does not load ({type(exc).__name__}: {detail}); {hint}"


class ImageFileSource(Closing):
    """The same still picture as every frame."""

    def __init__(self, path: str | os.PathLike[str]):
        from wordboard.camera.images import read_image

        self._image = read_image(path)

    def read(self) -> np.ndarray:
        return self._image.copy()

    def close(self) -> None:
        pass


IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp")


#: a frame this dark all over (mean and spread of its grey levels) is a black picture
BLACK_MEAN, BLACK_SPREAD = 12.0, 6.0
#: a live camera's frames that stay identical (not one pixel of sensor noise) this long: frozen
FROZEN_SECONDS = 10.0
#: seconds between two tries to open a camera that is not there
REOPEN_EVERY = 2.0


class WatchedSource(Closing):
    """A live camera kept an eye on: opened again after it failed or went away (a pulled USB
    cable, a camera stack restarted), and a black or frozen picture refused. Each :meth:`read`
    returns a frame or raises :class:`CaptureError` saying in one line what is wrong, so the
    reader above takes no such picture for a board; reads go on working once the camera is back.
    ``open``: makes the source (called again after a failure, at most every ``reopen_every``
    seconds)."""

    def __init__(self, open_camera, description: str, *, reopen_every: float = REOPEN_EVERY,
                 frozen_after: float = FROZEN_SECONDS, clock=None):
        import time

        self.description = description
        self._open = open_camera
        self._source: FrameSource | None = None
        self._next_try = float("-inf")
        self.reopen_every = reopen_every
        self.frozen_after = frozen_after
        self.clock = clock or time.monotonic
        self._last_digest: bytes | None = None
        self._same_since: float | None = None
        # The picture that froze: still frozen when a camera opened again shows it (a stuck camera
        # stack reopened gives the same frame; before, reads went on for 10 s each time and the
        # problem came and went, so the table never said the game waits).
        self._frozen_digest: bytes | None = None
        # What is wrong, said the same way until a picture comes again: a pulled camera's failed
        # read and its failed reopening are one fault, not two texts taking turns.
        self.fault: str | None = None
        self.failures = 0
        self.reopened = 0
        self._opened_once = False
        self._connect()

    def _connect(self) -> None:
        now = self.clock()
        if now < self._next_try:
            self._fail(f"the camera {self.description} is not there (trying again)")
        self._next_try = now + self.reopen_every
        try:
            self._source = self._open()           # raises CaptureError when it cannot be opened
        except CaptureError as exc:
            self._fail(" ".join(str(exc).split()))
        if self._opened_once:
            self.reopened += 1
        self._opened_once = True

    def read(self) -> np.ndarray:
        if self._source is None:
            self._connect()
        assert self._source is not None
        try:
            frame = self._source.read()
        except Exception as exc:  # noqa: BLE001 - any failure of the camera stack: reopen later
            self.failures += 1
            self._drop()
            detail = " ".join(str(exc).split()) or type(exc).__name__
            self._fail(f"the camera {self.description} stopped giving pictures ({detail})")
        self._check(frame)
        self.fault = None
        return frame

    def _fail(self, problem: str) -> NoReturn:
        """Raise what is wrong: the fault of this episode, as first said, until a picture comes."""
        if self.fault is None:
            self.fault = problem
        raise CaptureError(self.fault)

    def _check(self, frame: np.ndarray) -> None:
        import hashlib

        small = frame[::8, ::8]
        grey = small.mean(axis=2) if small.ndim == 3 else small
        if float(grey.mean()) < BLACK_MEAN and float(grey.std()) < BLACK_SPREAD:
            self._fail(f"the camera {self.description} shows a black picture (lens covered, or no light?)")
        digest = hashlib.blake2b(np.ascontiguousarray(frame).data, digest_size=16).digest()
        now = self.clock()
        if digest == self._frozen_digest:
            self._drop()                        # opened again, and still the frozen picture
            self._fail(f"the camera {self.description}'s picture is frozen")
        self._frozen_digest = None
        if digest != self._last_digest:
            self._last_digest, self._same_since = digest, now
            return
        assert self._same_since is not None
        frozen = now - self._same_since
        if frozen >= self.frozen_after:
            self._drop()                        # a stuck camera stack: open it afresh
            self._frozen_digest = digest
            self._fail(f"the camera {self.description}'s picture is frozen (unchanged for {frozen:.0f} s)")

    def _drop(self) -> None:
        source, self._source = self._source, None
        self._last_digest = self._same_since = None
        if source is not None:
            try:
                source.close()
            except Exception:  # noqa: BLE001 - closing a failed camera is best effort
                pass

    def close(self) -> None:
        self._drop()


def open_watched(description: str) -> FrameSource:
    """:func:`open_source` for the board's live camera: a Pi camera or a capture device is
    watched (:class:`WatchedSource`); a file (a video, a still) is opened as it is."""
    live = description == "picamera" or description.isdigit() or description.startswith("/dev/")
    if not live:
        return open_source(description)
    return WatchedSource(lambda: open_source(description), description)


def open_source(description: str) -> FrameSource:
    """Open a frame source from a command-line description (see the module documentation)."""
    if description == "picamera":
        return PiCameraSource()
    if description.isdigit():
        return OpenCVSource(int(description))
    if description.lower().endswith(IMAGE_SUFFIXES):
        return ImageFileSource(description)
    if description.startswith("/dev/"):
        return OpenCVSource(description)
    if os.path.exists(description):
        from wordboard.userfiles import require_file

        require_file(description, what="video")      # (OpenCV would wait on a pipe for ever)
        return OpenCVSource(description)
    raise CaptureError(f"unknown camera {description!r}: use 'picamera', a device number, /dev/videoN or a file")
