"""Reading a photograph of the board: find the grid (corner markers, given corners, the saved
calibration, else the board's outline and lines) and read every square. Used by ``wordboard
scan`` (one photo) and ``wordboard photos`` (a game's photos, one after each turn)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np


@dataclass(frozen=True)
class PhotoReading:
    """A photo read: the grid's ``corners``, how they were found (``method``), the reading."""

    corners: Any
    method: str
    reading: Any


def read_photo(image: np.ndarray, rows: int, cols: int, squares: tuple[str, ...], *, corners_text: str | None = None,
               handwritten: bool = False, use_tesseract: bool = True) -> PhotoReading:
    """Find the grid in ``image`` and read it; :class:`~wordboard.camera.locate.BoardNotFound`
    (a UserError) when the board cannot be found in it."""
    reader, corners, method = photo_reader(image, rows, cols, squares, corners_text=corners_text,
                                           handwritten=handwritten, use_tesseract=use_tesseract)
    return PhotoReading(corners, method, reader.read(image))


def photo_reader(image: np.ndarray, rows: int, cols: int, squares: tuple[str, ...], *,
                 corners_text: str | None = None, handwritten: bool = False,
                 use_tesseract: bool = True) -> tuple[Any, Any, str]:
    """``(reader, corners, method)``: a :class:`~wordboard.camera.reader.BoardReader` for the grid
    found in ``image`` (corner markers, given corners, the saved calibration, else the board's
    outline and lines), its corners and how they were found."""
    from wordboard.camera.calibration import load_calibration
    from wordboard.camera.geometry import GridCorners, parse_corners
    from wordboard.camera.locate import locate_board
    from wordboard.camera.markers import detect_corner_markers
    from wordboard.camera.reader import BoardReader

    corners: GridCorners | None = None
    method = ""                   # how the corners were found: set with them
    orientation: Any = "auto"  # markers and given corners say which way up; else the letters do
    detection = None if corners_text else detect_corner_markers(image)
    if corners_text:
        corners, method = parse_corners(corners_text), "given"
    elif detection is not None and detection.complete:
        corners, method = detection.corners, "markers"  # found once here, not again below
    elif detection is None:
        saved = load_calibration()
        height, width = image.shape[:2]
        if saved is not None and (saved.rows, saved.cols) == (rows, cols) and \
                abs(saved.image_size[0] / saved.image_size[1] - width / height) < 0.01:
            corners, method = saved.scaled_to((width, height)), "calibration"
            # A calibration made on an empty board could not tell which way up: the letters can.
            orientation = "detect" if saved.orientation_from == "default" else 0
    if corners is None:
        location = locate_board(image, rows, cols, squares, markers=detection)  # not searched again
        corners, method = location.corners, location.method
        orientation = "detect" if method == "outline" else 0
    reader = BoardReader(rows, cols, corners, handwritten=handwritten, use_tesseract=use_tesseract,
                         orientation=orientation)
    return reader, corners, method
