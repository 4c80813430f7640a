"""The saved camera calibration: where the grid is in the camera's picture.

Stored as JSON in the configuration directory (``$WORDBOARD_CONFIG_DIR``, else
``$XDG_CONFIG_HOME/wordboard``, else ``~/.config/wordboard``) as ``camera.json``, next to an
annotated picture ``camera-calibration.png`` so the owner can check that the grid was found.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from wordboard.camera.fonts import draw_text
from wordboard.camera.geometry import GridCorners, GridWarp
from wordboard.errors import DataFileError
from wordboard.paths import config_dir, write_atomically

CALIBRATION_FILE = "camera.json"
ANNOTATED_FILE = "camera-calibration.png"
_FORMAT = 1


@dataclass(frozen=True)
class CameraCalibration:
    """Where the grid of a ``rows`` x ``cols`` board lies in pictures of ``image_size``."""

    corners: GridCorners
    rows: int
    cols: int
    image_size: tuple[int, int]  # width, height
    method: str  # markers, outline or given
    edition: str | None = None
    # Degrees the board was found turned clockwise (the corners are saved already turned, top-left
    # first as the players see the board), and how that was known: "letters" (read from the tiles),
    # "corners" (markers or --corners) or "default" (an empty board: the corner nearest the
    # picture's top-left; ``wordboard scan`` then still looks at the letters).
    orientation: int = 0
    orientation_from: str = "corners"

    def to_json(self) -> dict[str, Any]:
        return {
            "format": _FORMAT,
            "edition": self.edition,
            "rows": self.rows,
            "cols": self.cols,
            "image_size": list(self.image_size),
            "corners": self.corners.to_list(),
            "found_by": self.method,
            "orientation": self.orientation,
            "orientation_from": self.orientation_from,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], path: Path | str = CALIBRATION_FILE) -> CameraCalibration:
        try:
            if data.get("format") != _FORMAT:
                raise DataFileError(path, None, f"unknown calibration format {data.get('format')!r}")
            corners = GridCorners.from_array(data["corners"])
            rows, cols = int(data["rows"]), int(data["cols"])
            width, height = (int(v) for v in data["image_size"])
            orientation = int(data.get("orientation", 0))
        except (KeyError, TypeError, ValueError) as exc:
            raise DataFileError(path, None, f"malformed camera calibration ({exc})") from exc
        return cls(corners, rows, cols, (width, height), str(data.get("found_by", "given")), data.get("edition"),
                   orientation, str(data.get("orientation_from", "corners")))

    def scaled_to(self, image_size: tuple[int, int]) -> GridCorners:
        """The corners for pictures of another resolution (same camera, same framing)."""
        sx, sy = image_size[0] / self.image_size[0], image_size[1] / self.image_size[1]
        return GridCorners.from_array(self.corners.as_array() * np.array([sx, sy], np.float32))


def save_calibration(calibration: CameraCalibration, directory: Path | None = None) -> Path:
    """Write ``camera.json`` atomically; returns its path."""
    directory = directory or config_dir()
    path = directory / CALIBRATION_FILE
    write_atomically(path, (json.dumps(calibration.to_json(), indent=2) + "\n").encode("utf-8"))
    return path


def load_calibration(directory: Path | None = None) -> CameraCalibration | None:
    """The saved calibration, or None if there is none. A damaged file raises DataFileError."""
    path = (directory or config_dir()) / CALIBRATION_FILE
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise DataFileError(path, None, f"not readable JSON ({exc})") from exc
    return CameraCalibration.from_json(data, path)


def annotate(image: np.ndarray, warp: GridWarp, caption: str, symbols: list[str] | None = None) -> np.ndarray:
    """A copy of ``image`` with the grid drawn over it (corners numbered), a caption and,
    if given, the symbol read on each square."""
    out = image.copy() if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    thick = max(1, round(max(out.shape[:2]) / 800))
    for a, b in warp.grid_lines_in_image():
        cv2.line(out, tuple(int(round(v)) for v in a), tuple(int(round(v)) for v in b), (0, 220, 0), thick, cv2.LINE_AA)
    for i, (x, y) in enumerate(warp.corners.as_array().tolist()):
        cv2.circle(out, (int(x), int(y)), 6 * thick, (0, 0, 255), -1, cv2.LINE_AA)
        draw_text(out, str(i + 1), (int(x) + 8 * thick, int(y) - 8 * thick), 12 * thick, (0, 0, 255), "bold")
    if symbols is not None:
        for r, line in enumerate(symbols):
            for c, symbol in enumerate(line):
                if symbol == ".":
                    continue
                x, y = warp.square_centre_in_image(r, c)
                draw_text(out, symbol, (int(x) - 5 * thick, int(y) + 5 * thick), 10 * thick, (255, 0, 255), "bold")
    cv2.rectangle(out, (0, 0), (out.shape[1], 28 * thick), (0, 0, 0), -1)
    draw_text(out, caption, (8, 20 * thick), 12 * thick, (255, 255, 255))
    return out
