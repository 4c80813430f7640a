"""An owner's own handwriting, taught to the handwriting reader.

The reader is trained on synthetic letters (:mod:`wordboard.camera.handwriting`). A child's or a
class's writing may be unlike them; ``wordboard handwriting learn PHOTO E5=A F5=B ...`` takes a
photo of letters written on the board and what each one is, and keeps each labelled square (the
straightened square, ink dark, as the reader sees it) in the data folder's
``handwriting-samples.npz``. :func:`sample_features` turns every kept square into a dozen slightly
moved, turned, scaled and blurred copies, each found again by the reader's own
:func:`~wordboard.camera.squares.find_glyph`, and :func:`wordboard.camera.letters.load_classifier`
adds their features to the synthetic ones (the owner's letters then outvote the synthetic letters
near them). Nothing here reads a camera or a file except the samples file itself.
"""

from __future__ import annotations

import re
from pathlib import Path

import cv2
import numpy as np

from wordboard.camera import samples_file
from wordboard.camera.state import LETTERS
from wordboard.errors import UserError

SAMPLES_FILE = "handwriting-samples.npz"
#: copies of each kept square the classifier learns from (moved, turned, scaled, blurred)
VARIANTS = 12
_LABEL = re.compile(r"^([A-Za-z])(\d{1,2})=([A-Za-z])$")


def samples_path(folder: Path | None = None) -> Path:
    from wordboard.paths import data_dir

    return (folder if folder is not None else data_dir()) / SAMPLES_FILE


def parse_labels(texts: list[str], rows: int, cols: int) -> dict[tuple[int, int], str]:
    """``["E5=A", "f6=b"]`` as ``{(row, col): letter}`` (column letter, row number, as the board
    names its squares); :class:`UserError` naming the first that is not one on this board."""
    out: dict[tuple[int, int], str] = {}
    for text in texts:
        found = _LABEL.match(text.strip())
        if found is None:
            raise UserError(f"{text!r}: say a square and its letter, e.g. E5=A")
        col, row = ord(found.group(1).upper()) - 65, int(found.group(2)) - 1
        if not (0 <= row < rows and 0 <= col < cols):
            raise UserError(f"{text!r}: there is no square {found.group(1).upper()}{found.group(2)} "
                            f"on a {rows}x{cols} board")
        if (row, col) in out:
            raise UserError(f"{text!r}: square {found.group(1).upper()}{found.group(2)} is named twice")
        out[(row, col)] = found.group(3).upper()
    if not out:
        raise UserError("name the squares and their letters, e.g. E5=A F5=B")
    return out


def load_samples(path: Path | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``(squares, labels)``: the kept squares (N x cell x cell, grey, ink dark) and their letters
    (0-25). None kept: two empty arrays. A damaged file is a :class:`UserError`."""
    path = path or samples_path()
    if not path.exists():
        return np.zeros((0, 0, 0), np.uint8), np.zeros(0, np.int32)
    try:
        with np.load(path) as data:
            squares, labels = data["squares"].astype(np.uint8), data["labels"].astype(np.int32)
    except samples_file.DAMAGED as exc:
        raise UserError(f"{path}: not a handwriting samples file ({exc}); remove it with "
                        "'wordboard handwriting forget'") from None
    if squares.ndim != 3 or len(squares) != len(labels) or (len(labels) and not 0 <= labels.min() <= labels.max() < 26):
        raise UserError(f"{path}: damaged handwriting samples; remove it with 'wordboard handwriting forget'")
    return squares, labels


def add_samples(squares: list[np.ndarray], letters: list[str], path: Path | None = None) -> int:
    """Keep more labelled squares (all of one size); returns how many are kept in all."""
    path = path or samples_path()
    kept, labels = load_samples(path)
    new = np.stack([np.asarray(s, np.uint8) for s in squares])
    if len(kept) and kept.shape[1:] != new.shape[1:]:
        raise UserError(f"{path}: its squares are {kept.shape[1]} px, these {new.shape[1]} px "
                        "(made by another version): remove it with 'wordboard handwriting forget'")
    all_squares = np.concatenate([kept, new]) if len(kept) else new
    all_labels = np.concatenate([labels, np.asarray([LETTERS.index(ch) for ch in letters], np.int32)])
    samples_file.save(path, squares=all_squares, labels=all_labels)
    return len(all_labels)


def forget_samples(path: Path | None = None) -> bool:
    """Remove the kept samples; whether there were any."""
    return samples_file.forget(path or samples_path())


def samples_key(path: Path | None = None) -> str:
    """A short hash of the kept samples ("" when there are none; see :func:`samples_file.key`)."""
    return samples_file.key(path or samples_path())


def sample_features(squares: np.ndarray, labels: np.ndarray, variants: int = VARIANTS,
                    seed: int = 2024) -> tuple[np.ndarray, np.ndarray]:
    """The features the classifier learns from the kept squares: ``variants`` copies of each,
    each moved, turned, scaled and blurred a little, found again as the reader finds letters."""
    from wordboard.camera.letters import glyph_features
    from wordboard.camera.squares import find_glyph

    rng = np.random.default_rng(seed)
    glyphs, out_labels = [], []
    for square, label in zip(squares, labels):
        size = square.shape[0]
        paper = float(np.percentile(square, 90))
        for n in range(variants):
            copy = square
            if n:                                # the first copy is the square as it was seen
                angle, scale = rng.uniform(-7, 7), rng.uniform(0.88, 1.1)
                shift = rng.uniform(-0.06, 0.06, 2) * size
                matrix = cv2.getRotationMatrix2D((size / 2, size / 2), angle, scale)
                matrix[:, 2] += shift
                copy = cv2.warpAffine(square, matrix, (size, size), flags=cv2.INTER_LINEAR,
                                      borderMode=cv2.BORDER_CONSTANT, borderValue=paper)
                if rng.random() < 0.5:
                    copy = cv2.GaussianBlur(copy, (0, 0), rng.uniform(0.4, 1.0))
            glyph = find_glyph(copy, tall=True)
            if glyph is not None:
                glyphs.append(glyph)
                out_labels.append(int(label))
    if not glyphs:
        return np.zeros((0, 0), np.float32), np.zeros(0, np.int32)
    return glyph_features(glyphs), np.asarray(out_labels, np.int32)
