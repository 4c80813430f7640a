"""Reading and writing picture files with clear errors."""

from __future__ import annotations

import os
from pathlib import Path

import cv2
import numpy as np

from wordboard.errors import UserError
from wordboard.userfiles import MIB, read_limited

#: The largest picture file read: a 50-megapixel phone photo is a JPEG of about 25 MiB.
MAX_PICTURE_BYTES = 100 * MIB


def read_image(path: str | os.PathLike[str]) -> np.ndarray:
    """A picture file as a BGR image; a missing or unreadable file, or one over
    :data:`MAX_PICTURE_BYTES` (a pipe, a device), is a :class:`UserError`."""
    path = Path(path)
    data = np.frombuffer(read_limited(path, what="picture", limit=MAX_PICTURE_BYTES,
                                      missing=f"{path}: no such picture file"), np.uint8)
    image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if image is None:
        raise UserError(f"{path}: not a picture OpenCV can read (JPEG, PNG, ...)")
    return image


def write_png(path: str | os.PathLike[str], image: np.ndarray, dpi: float | None = None) -> Path:
    """Write ``image`` as PNG; an unwritable path is a :class:`UserError`. ``dpi`` records the
    print resolution in the file (a ``pHYs`` chunk), so that a sheet meant to be printed at 100%
    comes out at its size."""
    path = Path(path)
    ok, data = cv2.imencode(".png", image)
    if not ok:
        raise UserError(f"{path}: could not encode the picture")
    encoded = data.tobytes()
    if dpi is not None:
        encoded = _with_resolution(encoded, dpi)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(encoded)
    except OSError as exc:
        raise UserError(f"{path}: cannot write ({exc.strerror})") from exc
    return path


def _with_resolution(png: bytes, dpi: float) -> bytes:
    """``png`` with a ``pHYs`` chunk (pixels per metre, both axes) right after its ``IHDR``."""
    import struct
    import zlib

    per_metre = int(round(dpi / 0.0254))
    body = b"pHYs" + struct.pack(">IIB", per_metre, per_metre, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body))
    ihdr_end = 8 + 4 + 4 + 13 + 4  # signature, then IHDR's length, type, data and CRC
    return png[:ihdr_end] + chunk + png[ihdr_end:]
