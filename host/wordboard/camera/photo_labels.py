"""Labelled real photographs (YOLO per-tile boxes) for measuring the camera on real boards.

The ssetser1 ScrabbleDetectorProject photos (see the shared data's SOURCES.md) come as
``images/NAME.jpg`` with ``labels/NAME.txt``: one line per tile, ``class cx cy w h`` with the box
centre and size as fractions of the picture and ``class`` 0-25 for A-Z. Used by the tests and
by ``bench/camera_bench.py``; never copied into the project.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from wordboard.camera.state import LETTERS
from wordboard.errors import DataFileError


@dataclass(frozen=True)
class TileBox:
    letter: str
    cx: float  # pixels
    cy: float
    width: float
    height: float


@dataclass(frozen=True)
class LabelledPhoto:
    image_path: Path
    split: str  # train, valid or test (the source's own split)
    tiles: tuple[TileBox, ...]


def read_yolo_labels(path: Path, image_width: int, image_height: int) -> tuple[TileBox, ...]:
    """The tile boxes of one YOLO label file, in pixels."""
    boxes = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fields = line.split()
        if not fields:
            continue
        try:
            cls = int(fields[0])
            cx, cy, w, h = (float(v) for v in fields[1:5])
            letter = LETTERS[cls]
        except (ValueError, IndexError):
            raise DataFileError(path, number, f"expected 'class cx cy w h' with class 0-25, got {line!r}") from None
        boxes.append(TileBox(letter, cx * image_width, cy * image_height, w * image_width, h * image_height))
    return tuple(boxes)


def find_labelled_photos(root: Path) -> list[LabelledPhoto]:
    """Every ``*/images/*.jpg`` under ``root`` that has a matching ``labels/*.txt``."""
    import cv2

    photos = []
    for image_path in sorted(root.glob("*/images/*.jpg")):
        label_path = image_path.parent.parent / "labels" / (image_path.stem + ".txt")
        if not label_path.exists():
            continue
        image = cv2.imread(str(image_path))
        if image is None:
            continue
        h, w = image.shape[:2]
        photos.append(LabelledPhoto(image_path, image_path.parent.parent.name, read_yolo_labels(label_path, w, h)))
    return photos
