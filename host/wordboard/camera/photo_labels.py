"""Labelled real photographs (YOLO per-tile boxes) for measuring the camera on real boards.

The ssetser1 ScrabbleDetectorProject photos (see the shared data's SOURCES.md) come as
``images/NAME.jpg`` with ``labels/NAME.txt``: one line per tile, ``class cx cy w h`` with the box
centre and size as fractions of the picture and ``class`` 0-25 for A-Z. Used by the tests and
by ``bench/camera_bench.py``; never copied into the project.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordboard.camera.state import BLANK, LETTERS
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
    lines (``?`` for a blank tile), an optional ``up X,Y X,Y X,Y X,Y`` line, or ``empty``; ``#`` starts a comment."""
    photos: list[HandLabelledPhoto] = []
    name: str | None = None
    up: tuple[tuple[float, float], ...] | None = None
    tiles: list[TileBox] = []

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
            elif fields[0] == "tile" and len(fields) == 4 and fields[3] in LETTERS + BLANK and len(fields[3]) == 1:
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


@dataclass(frozen=True)
class Reframed:
    """A labelled photo taken again another way (see :func:`reframe`): the picture, its tiles'
    boxes and the grid's corners moved with it, and what was done (``how``)."""

    how: str
    image: Any
    tiles: tuple[TileBox, ...]
    corners: Any  # numpy (4, 2): the grid's corners in ``image``


def _moved(tiles: tuple[TileBox, ...], matrix: Any) -> tuple[TileBox, ...]:
    import numpy as np

    if not tiles:
        return ()
    points = np.array([[t.cx, t.cy, 1.0] for t in tiles]) @ np.asarray(matrix, float).T
    points = points[:, :2] / points[:, 2:]
    return tuple(TileBox(t.letter, float(x), float(y), t.width, t.height) for t, (x, y) in zip(tiles, points))


def reframe(image: Any, tiles: tuple[TileBox, ...], corners: Any, how: str) -> Reframed:
    """The photo as a camera framed otherwise would have taken it, for measuring how the board is
    found: ``tight`` cut to the grid itself (no margin: its outer corners on the picture's
    edges), ``turnedDEG`` the picture turned DEG degrees clockwise (the canvas grown to hold it,
    filled with the colour of the photo's edge), ``tight-turnedDEG`` turned then cut tight,
    ``angled`` seen from lower down (the far side shrunk by a quarter, as a camera tilted
    towards the board sees it) then cut tight. ``corners``: the grid's corners in ``image``
    (four x, y points)."""
    import cv2
    import numpy as np

    pts = np.asarray(corners, np.float64).reshape(4, 2)
    h, w = image.shape[:2]
    matrix = np.eye(3)
    out = image
    if "turned" in how:
        angle = float(how.rsplit("turned", 1)[1])
        rot = np.vstack([cv2.getRotationMatrix2D((w / 2, h / 2), -angle, 1.0), [0, 0, 1]])
        box = np.array([[0, 0, 1], [w, 0, 1], [w, h, 1], [0, h, 1]], float) @ rot.T
        shift = -box[:, :2].min(axis=0)
        rot[:2, 2] += shift
        size = np.ceil(box[:, :2].max(axis=0) - box[:, :2].min(axis=0)).astype(int)
        edge = np.concatenate([image[0], image[-1], image[:, 0], image[:, -1]]).reshape(-1, image.shape[2])
        fill = tuple(float(v) for v in np.median(edge, axis=0))
        out = cv2.warpAffine(image, rot[:2], (int(size[0]), int(size[1])), flags=cv2.INTER_LINEAR,
                             borderMode=cv2.BORDER_CONSTANT, borderValue=fill)
        matrix = rot
    elif how == "angled":
        src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
        dst = np.array([[w * 0.125, 0], [w * 0.875, 0], [w, h], [0, h]], np.float32)
        matrix = cv2.getPerspectiveTransform(src, dst).astype(float)
        out = cv2.warpPerspective(image, matrix, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    grid = np.hstack([pts, np.ones((4, 1))]) @ matrix.T
    grid = grid[:, :2] / grid[:, 2:]
    if how.startswith("tight") or how == "angled":
        x0, y0 = np.floor(grid.min(axis=0)).astype(int)
        x1, y1 = np.ceil(grid.max(axis=0)).astype(int)
        x0, y0 = max(int(x0), 0), max(int(y0), 0)
        out = out[y0 : int(y1) + 1, x0 : int(x1) + 1]
        crop = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], float)
        matrix = crop @ matrix
        grid = grid - [x0, y0]
    return Reframed(how, np.ascontiguousarray(out), _moved(tiles, matrix), grid.astype(np.float32))
