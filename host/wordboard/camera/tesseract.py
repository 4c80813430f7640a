"""Tesseract as a second opinion on a single letter (the ``tesseract`` program, not a binding).

Slow (about a tenth of a second per call) and used only for squares the fast classifier is unsure
of. Missing Tesseract is not an error: :func:`tesseract_available` says so and callers skip it.
"""

from __future__ import annotations

import functools
import shutil
import subprocess

import cv2
import numpy as np

_WHITELIST = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@functools.lru_cache(maxsize=1)
def tesseract_available() -> bool:
    """True if the ``tesseract`` program is on the PATH."""
    return shutil.which("tesseract") is not None


def prepare_letter_image(crop: np.ndarray, height: int = 64) -> np.ndarray:
    """Dark letter on white, scaled to ``height`` and padded: what Tesseract reads best."""
    grey = crop if crop.ndim == 2 else crop.min(axis=2)
    scale = height / max(1, grey.shape[0])
    big = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
    _, binary = cv2.threshold(big, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    pad = height // 2
    return cv2.copyMakeBorder(binary, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=255)


def read_letter(crop: np.ndarray, timeout: float = 5.0) -> tuple[str, float] | None:
    """Tesseract's reading of one capital letter in ``crop`` and its confidence (0-1), or None."""
    if not tesseract_available():
        return None
    ok, png = cv2.imencode(".png", prepare_letter_image(crop))
    if not ok:
        return None
    command = ["tesseract", "stdin", "stdout", "--psm", "10", "-l", "eng",
               "-c", f"tessedit_char_whitelist={_WHITELIST}", "tsv"]
    try:
        result = subprocess.run(command, input=png.tobytes(), capture_output=True, timeout=timeout, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    best: tuple[str, float] | None = None
    for line in result.stdout.decode("utf-8", "replace").splitlines()[1:]:
        fields = line.split("\t")
        if len(fields) < 12:
            continue
        text = fields[11].strip().upper()
        try:
            conf = float(fields[10])
        except ValueError:
            continue
        if len(text) == 1 and text in _WHITELIST and conf >= 0 and (best is None or conf / 100 > best[1]):
            best = (text, conf / 100.0)
    return best
