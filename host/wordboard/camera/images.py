"""Reading and writing picture files with clear errors."""

from __future__ import annotations

import os
from pathlib import Path

import cv2
import numpy as np

from wordboard.errors import UserError


def read_image(path: str | os.PathLike[str]) -> np.ndarray:
    """A picture file as a BGR image; a missing or unreadable file is a :class:`UserError`."""
    path = Path(path)
    if not path.is_file():
        raise UserError(f"{path}: no such picture file")
    data = np.fromfile(str(path), np.uint8)
    image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if image is None:
        raise UserError(f"{path}: not a picture OpenCV can read (JPEG, PNG, ...)")
    return image


def write_png(path: str | os.PathLike[str], image: np.ndarray) -> Path:
    """Write ``image`` as PNG; an unwritable path is a :class:`UserError`."""
    path = Path(path)
    ok, data = cv2.imencode(".png", image)
    if not ok:
        raise UserError(f"{path}: could not encode the picture")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.tobytes())
    except OSError as exc:
        raise UserError(f"{path}: cannot write ({exc.strerror})") from exc
    return path
