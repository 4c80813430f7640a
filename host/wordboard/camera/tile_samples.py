"""An owner's own tile set, taught to the tile reader.

The reader is trained on letters drawn in many fonts (:mod:`wordboard.camera.letters`). An
owner's tiles are one font, printed one way, and a few of their letters sit between two drawn
ones (a bold R near H, a J near Q). Tiles whose letters a game confirmed (``wordboard photos
--learn``: each scored turn's new tiles, with the letters the rules took, corrections included;
a board with the camera alone: each game's tiles when it is over,
:mod:`wordboard.controller.tile_learning`) are kept in the data folder's ``tile-samples.npz`` as the shapes the reader found on them (a
glyph image and its width over height). :func:`sample_features` turns each into a few slightly
moved, turned and scaled copies, and :func:`wordboard.camera.letters.load_classifier` adds them
to the drawn letters: the owner's letters then outvote the drawn ones near them. On the real
photos of one tile set, learning from the other photos of the set reads 478 of 483 tiles right
instead of 476 and asks about 4 instead of 7 (``bench/camera_photos_bench.py``).

Nothing here reads a camera or a file except the samples file itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from wordboard.camera import samples_file
from wordboard.camera.squares import GLYPH_SIZE, Glyph
from wordboard.camera.state import LETTERS
from wordboard.errors import UserError

SAMPLES_FILE = "tile-samples.npz"
#: copies of each kept shape the classifier learns from (the first as seen, then moved a little)
VARIANTS = 6
#: the most shapes kept of each letter (the oldest go first): with VARIANTS copies each, the
#: owner's letters at most double the drawn ones the classifier compares every tile with
PER_LETTER = 20
_FORGET = "remove it with 'wordboard tileset forget'"


def samples_path(folder: Path | None = None) -> Path:
    from wordboard.paths import data_dir

    return (folder if folder is not None else data_dir()) / SAMPLES_FILE


def load_samples(path: Path | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(images, aspects, labels)``: the kept shapes (N x GLYPH_SIZE x GLYPH_SIZE, 0-255, ink
    bright), their width over height and their letters (0-25). None kept: three empty arrays. A
    damaged file is a :class:`UserError`."""
    path = path or samples_path()
    if not path.exists():
        return (np.zeros((0, GLYPH_SIZE, GLYPH_SIZE), np.uint8), np.zeros(0, np.float32), np.zeros(0, np.int32))
    try:
        with np.load(path) as data:
            images = data["images"].astype(np.uint8)
            aspects = data["aspects"].astype(np.float32)
            labels = data["labels"].astype(np.int32)
    except samples_file.DAMAGED as exc:
        raise UserError(f"{path}: not a tile samples file ({exc}); {_FORGET}") from None
    if (images.shape[1:] != (GLYPH_SIZE, GLYPH_SIZE) or not len(images) == len(aspects) == len(labels)
            or (len(labels) and not 0 <= labels.min() <= labels.max() < 26)
            or not np.all(np.isfinite(aspects)) or (len(aspects) and aspects.min() <= 0)):
        raise UserError(f"{path}: damaged tile samples (or made by another version); {_FORGET}")
    return images, aspects, labels


def add_samples(glyphs: Sequence[Glyph], letters: Sequence[str], path: Path | None = None) -> tuple[int, int]:
    """Keep more shapes with their letters (``A``-``Z``), each shape once (the same photos scored
    again add nothing); returns how many are kept in all (of each letter the newest
    :data:`PER_LETTER`) and how many of these were new."""
    if len(glyphs) != len(letters):
        raise ValueError("a letter for every shape")
    if any(letter not in LETTERS or len(letter) != 1 for letter in letters):
        raise ValueError(f"letters are A-Z, not {sorted(set(letters) - set(LETTERS))}")
    path = path or samples_path()
    images, aspects, labels = load_samples(path)
    kept = {(image.tobytes(), int(label)) for image, label in zip(images, labels)}
    fresh_images, fresh_aspects, fresh_labels = [], [], []
    for glyph, letter in zip(glyphs, letters):
        image = np.clip(np.asarray(glyph.image, np.float32) * 255 + 0.5, 0, 255).astype(np.uint8)
        key = (image.tobytes(), LETTERS.index(letter))
        if key not in kept:
            kept.add(key)
            fresh_images.append(image)
            fresh_aspects.append(glyph.aspect)
            fresh_labels.append(LETTERS.index(letter))
    if not fresh_labels:
        return len(labels), 0
    images = np.concatenate([images, np.stack(fresh_images)])
    aspects = np.concatenate([aspects, np.asarray(fresh_aspects, np.float32)])
    labels = np.concatenate([labels, np.asarray(fresh_labels, np.int32)])
    seen = np.zeros(26, np.int32)
    keep = np.zeros(len(labels), bool)
    for i in range(len(labels) - 1, -1, -1):          # the newest of each letter
        keep[i] = seen[labels[i]] < PER_LETTER
        seen[labels[i]] += 1
    images, aspects, labels = images[keep], aspects[keep], labels[keep]
    samples_file.save(path, images=images, aspects=aspects, labels=labels)
    return len(labels), len(fresh_labels)


def keep_confirmed(confirmed: Sequence[tuple[Glyph, str]], path: Path | None = None) -> tuple[int, int]:
    """:func:`add_samples` for the ``(shape, letter)`` pairs a game confirmed; a samples file
    that cannot be read or written is a :class:`UserError` naming it."""
    path = path or samples_path()
    try:
        return add_samples([glyph for glyph, _ in confirmed], [letter for _, letter in confirmed], path)
    except OSError as exc:
        raise UserError(f"{path}: the learnt tiles could not be kept ({exc.strerror or exc})") from None


def forget_samples(path: Path | None = None) -> bool:
    """Remove the kept samples; whether there were any."""
    return samples_file.forget(path or samples_path())


def samples_key(path: Path | None = None) -> str:
    """A short hash of the kept samples ("" when there are none; see :func:`samples_file.key`)."""
    return samples_file.key(path or samples_path())


def sample_features(images: np.ndarray, aspects: np.ndarray, labels: np.ndarray, variants: int = VARIANTS,
                    seed: int = 2026) -> tuple[np.ndarray, np.ndarray]:
    """The features the classifier learns from the kept shapes: ``variants`` copies of each, the
    first as it was seen, the others turned up to 4 degrees, scaled up to 6% and moved up to 4%
    of the shape's box (a tile is never laid quite the same way twice)."""
    from wordboard.camera.letters import glyph_features

    rng = np.random.default_rng(seed)
    size = GLYPH_SIZE
    empty = np.zeros((0, 0), np.uint8)
    glyphs: list[Glyph] = []
    out: list[int] = []
    for image, aspect, label in zip(images, aspects, labels):
        seen = Glyph(image.astype(np.float32) / 255.0, 0.0, float(aspect), 0.0, empty)
        for n in range(variants):
            if n == 0:
                glyphs.append(seen)
            else:
                matrix = np.asarray(cv2.getRotationMatrix2D((size / 2, size / 2), rng.uniform(-4, 4),
                                                            rng.uniform(0.94, 1.06)), np.float64)
                matrix[:, 2] += rng.uniform(-0.04, 0.04, 2) * size
                moved = cv2.warpAffine(seen.image, matrix, (size, size), flags=cv2.INTER_LINEAR,
                                       borderMode=cv2.BORDER_CONSTANT, borderValue=0)
                glyphs.append(replace(seen, image=moved, aspect=float(aspect) * rng.uniform(0.95, 1.05)))
            out.append(int(label))
    if not glyphs:
        return np.zeros((0, 0), np.float32), np.zeros(0, np.int32)
    return glyph_features(glyphs), np.asarray(out, np.int32)
