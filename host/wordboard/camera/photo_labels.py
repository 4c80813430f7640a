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


@dataclass(frozen=True)
class HandLabelledPhoto:
    """A photo labelled by hand for wordboard (see ``tests/camera/data/held_out_labels.txt``)."""

    name: str  # file name in the photos folder
    tiles: tuple[TileBox, ...]  # centres only (width and height 0)
    up: tuple[tuple[float, float], ...] | None = None  # grid corners clockwise from the letters' top-left


def read_hand_labels(path: Path) -> list[HandLabelledPhoto]:
    """The photos and tiles of a hand-made label file: ``photo NAME``, then ``tile X Y LETTER``
    lines, an optional ``up X,Y X,Y X,Y X,Y`` line, or ``empty``; ``#`` starts a comment."""
    photos: list[HandLabelledPhoto] = []
    name, up, tiles = None, None, []

    def flush() -> None:
        if name is not None:
            photos.append(HandLabelledPhoto(name, tuple(tiles), up))

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fields = raw.split("#", 1)[0].split()
        if not fields:
            continue
        try:
            if fields[0] == "photo" and len(fields) == 2:
                flush()
                name, up, tiles = fields[1], None, []
            elif name is None:
                raise ValueError
            elif fields[0] == "tile" and len(fields) == 4 and fields[3] in LETTERS and len(fields[3]) == 1:
                tiles.append(TileBox(fields[3], float(fields[1]), float(fields[2]), 0.0, 0.0))
            elif fields[0] == "up" and len(fields) == 5:
                up = tuple((float(p.split(",")[0]), float(p.split(",")[1])) for p in fields[1:])
            elif fields[0] == "empty" and len(fields) == 1:
                pass
            else:
                raise ValueError
        except (ValueError, IndexError):
            raise DataFileError(path, number, f"expected 'photo NAME', 'tile X Y LETTER', 'up X,Y X,Y X,Y X,Y' "
                                              f"or 'empty', got {raw!r}") from None
    flush()
    return photos
