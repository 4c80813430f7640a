"""The file an owner's own letter samples are kept in (their handwriting,
:mod:`wordboard.camera.handwriting_samples`; their tiles, :mod:`wordboard.camera.tile_samples`):
saved whole or not at all, forgotten, and named by a hash of its bytes."""

from __future__ import annotations

import hashlib
import io
import zipfile
import zlib
from pathlib import Path

import numpy as np

#: What reading a damaged samples file raises (cut short, garbled, not NumPy's at all, or without its arrays).
DAMAGED: tuple[type[Exception], ...] = (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile, zlib.error)


def save(path: Path, **arrays: np.ndarray) -> None:
    """Write ``arrays`` to ``path`` (compressed NumPy), so a power cut leaves the old file or the new."""
    from wordboard.paths import write_atomically

    buffer = io.BytesIO()
    np.savez_compressed(buffer, **arrays)  # type: ignore[arg-type]
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, buffer.getvalue())


def forget(path: Path) -> bool:
    """Remove the file; whether there was one."""
    if not path.exists():
        return False
    path.unlink()
    return True


def key(path: Path) -> str:
    """A short hash of the file ("" when there is none): part of the classifier's cache name, so
    that new samples train a new classifier."""
    try:
        return hashlib.sha1(path.read_bytes()).hexdigest()[:12]
    except FileNotFoundError:
        return ""


def letter_counts(labels: np.ndarray) -> str:
    """How many samples of each letter, on one line: ``A 3  B 0  C 1 ...``."""
    counts = np.bincount(np.asarray(labels, np.int64), minlength=26)
    return "  ".join(f"{chr(65 + i)} {int(n)}" for i, n in enumerate(counts[:26]))
