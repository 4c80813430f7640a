"""Where frames come from: one small interface over the Pi camera, OpenCV and the virtual camera.

Every source has ``read() -> numpy BGR image`` and ``close()``, and works as a context manager.
:func:`open_source` picks one from a description: ``picamera`` (picamera2, only on a Raspberry
Pi), a device number such as ``0`` or a path such as ``/dev/video0`` or ``game.mp4`` (OpenCV), or
an image file (the same picture every time, handy for testing).
"""

from __future__ import annotations

import os
from typing import Protocol, runtime_checkable

import numpy as np

from wordboard.errors import UserError


class CaptureError(UserError):
    """The camera could not be opened or stopped delivering frames."""


@runtime_checkable
class FrameSource(Protocol):
    """Anything that delivers BGR frames."""

    def read(self) -> np.ndarray: ...

    def close(self) -> None: ...


class _Closing:
    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:  # pragma: no cover - overridden
        pass


class OpenCVSource(_Closing):
    """A USB webcam (device number or ``/dev/videoN``) or a video file, through OpenCV."""

    def __init__(self, device: int | str, width: int | None = None, height: int | None = None):
        import cv2

        self.description = str(device)
        self._capture = cv2.VideoCapture(device)
        if not self._capture.isOpened():
            raise CaptureError(f"cannot open camera or video {device!r}")
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


class PiCameraSource(_Closing):
    """The Raspberry Pi camera through picamera2 (imported only when this source is opened)."""

    def __init__(self, width: int = 2028, height: int = 1520):
        Picamera2 = _import_picamera2()
        try:
            self._camera = Picamera2()
            config = self._camera.create_still_configuration(main={"size": (width, height), "format": "BGR888"})
            self._camera.configure(config)
            self._camera.start()
        except Exception as exc:  # picamera2 raises many kinds; all mean "no camera"
            raise CaptureError(f"cannot start the Pi camera: {exc}") from exc

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
        from picamera2 import Picamera2  # type: ignore[import-not-found]
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


class ImageFileSource(_Closing):
    """The same still picture as every frame."""

    def __init__(self, path: str | os.PathLike[str]):
        from wordboard.camera.images import read_image

        self._image = read_image(path)

    def read(self) -> np.ndarray:
        return self._image.copy()

    def close(self) -> None:
        pass


_IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp")


def open_source(description: str) -> FrameSource:
    """Open a frame source from a command-line description (see the module documentation)."""
    if description == "picamera":
        return PiCameraSource()
    if description.isdigit():
        return OpenCVSource(int(description))
    if description.lower().endswith(_IMAGE_SUFFIXES):
        return ImageFileSource(description)
    if description.startswith("/dev/") or os.path.exists(description):
        return OpenCVSource(description)
    raise CaptureError(f"unknown camera {description!r}: use 'picamera', a device number, /dev/videoN or a file")
