"""Synthetic handwritten capital letters, as a child writes them with a marker.

No real handwriting data set ships with the project (and none may be downloaded at run time), so
the handwriting classifier learns from letters drawn here: a stroke skeleton per letter, bent by
random jitter, slant, aspect and stroke width. Two independent generators exist so that accuracy
can be measured on letters the classifier was not trained from:

* :func:`draw_skeleton_letter` - the training generator (hand-made stroke skeletons);
* :func:`draw_held_out_letter` - a held-out generator (printed DejaVu Sans capitals grown to a
  marker's stroke, elastically distorted), used only for measuring.
"""

from __future__ import annotations

import cv2
import numpy as np

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _arc(cx: float, cy: float, rx: float, ry: float, start_deg: float, end_deg: float,
         n: int = 12) -> list[tuple[float, float]]:
    t = np.radians(np.linspace(start_deg, end_deg, n))
    return [(cx + rx * np.cos(a), cy + ry * np.sin(a)) for a in t]


# Stroke skeletons in a unit box (x right, y down); each letter is a list of polylines.
SKELETONS: dict[str, list[list[tuple[float, float]]]] = {
    "A": [[(0, 1), (0.5, 0), (1, 1)], [(0.22, 0.62), (0.78, 0.62)]],
    "B": [[(0, 0), (0, 1)], [(0, 0), (0.55, 0), (0.8, 0.1), (0.8, 0.38), (0.55, 0.5), (0, 0.5)],
          [(0, 0.5), (0.65, 0.5), (0.92, 0.62), (0.92, 0.88), (0.65, 1), (0, 1)]],
    "C": [_arc(0.55, 0.5, 0.5, 0.5, -45, -315)],
    "D": [[(0, 0), (0, 1)], [(0, 0), (0.45, 0), (0.85, 0.2), (0.95, 0.5), (0.85, 0.8), (0.45, 1), (0, 1)]],
    "E": [[(0.9, 0), (0, 0), (0, 1), (0.9, 1)], [(0, 0.5), (0.7, 0.5)]],
    "F": [[(0.9, 0), (0, 0), (0, 1)], [(0, 0.5), (0.7, 0.5)]],
    "G": [_arc(0.55, 0.5, 0.5, 0.5, -45, -340) + [(1.0, 0.6), (0.6, 0.6)]],
    "H": [[(0, 0), (0, 1)], [(1, 0), (1, 1)], [(0, 0.5), (1, 0.5)]],
    "I": [[(0.5, 0), (0.5, 1)], [(0.2, 0), (0.8, 0)], [(0.2, 1), (0.8, 1)]],
    "J": [[(0.75, 0), (0.75, 0.7)] + _arc(0.42, 0.7, 0.33, 0.3, 0, 170)],
    "K": [[(0, 0), (0, 1)], [(0.9, 0), (0, 0.58)], [(0.3, 0.4), (0.95, 1)]],
    "L": [[(0, 0), (0, 1), (0.85, 1)]],
    "M": [[(0, 1), (0.05, 0), (0.5, 0.65), (0.95, 0), (1, 1)]],
    "N": [[(0, 1), (0, 0), (1, 1), (1, 0)]],
    "O": [_arc(0.5, 0.5, 0.5, 0.5, 0, 365, 20)],
    "P": [[(0, 1), (0, 0), (0.6, 0), (0.9, 0.14), (0.9, 0.42), (0.6, 0.56), (0, 0.56)]],
    "Q": [_arc(0.5, 0.47, 0.5, 0.47, 0, 365, 20), [(0.55, 0.7), (1.0, 1.05)]],
    "R": [[(0, 1), (0, 0), (0.6, 0), (0.9, 0.14), (0.9, 0.4), (0.6, 0.54), (0, 0.54)], [(0.4, 0.54), (0.95, 1)]],
    "S": [[(0.92, 0.12), (0.6, 0), (0.25, 0.02), (0.05, 0.22), (0.2, 0.45), (0.8, 0.55), (0.97, 0.78),
           (0.75, 1), (0.35, 1), (0.03, 0.86)]],
    "T": [[(0, 0), (1, 0)], [(0.5, 0), (0.5, 1)]],
    "U": [[(0, 0), (0, 0.7), (0.2, 0.95), (0.5, 1), (0.8, 0.95), (1, 0.7), (1, 0)]],
    "V": [[(0, 0), (0.5, 1), (1, 0)]],
    "W": [[(0, 0), (0.25, 1), (0.5, 0.3), (0.75, 1), (1, 0)]],
    "X": [[(0, 0), (1, 1)], [(1, 0), (0, 1)]],
    "Y": [[(0, 0), (0.5, 0.5), (1, 0)], [(0.5, 0.5), (0.5, 1)]],
    "Z": [[(0, 0), (1, 0), (0, 1), (1, 1)]],
}

# Typical width / height of each letter as children write it.
_ASPECT = {"I": 0.45, "J": 0.6, "L": 0.6, "E": 0.65, "F": 0.65, "M": 1.0, "W": 1.1, "O": 0.9, "Q": 0.9}


def _resample(points: np.ndarray, step: float) -> np.ndarray:
    seg = np.linalg.norm(np.diff(points, axis=0), axis=1)
    length = np.concatenate([[0], np.cumsum(seg)])
    if length[-1] == 0:
        return points
    n = max(2, int(length[-1] / step) + 1)
    t = np.linspace(0, length[-1], n)
    return np.stack([np.interp(t, length, points[:, 0]), np.interp(t, length, points[:, 1])], 1)


def draw_skeleton_letter(letter: str, height: int, rng: np.random.Generator) -> np.ndarray:
    """A white-on-black mask of ``letter`` written by a random child, about ``height`` px tall."""
    strokes = SKELETONS[letter]
    if letter == "I" and rng.random() < 0.5:
        strokes = strokes[:1]  # a plain bar, no serifs
    aspect = _ASPECT.get(letter, 0.8) * rng.uniform(0.75, 1.25)
    slant = rng.uniform(-0.25, 0.25)
    angle = np.radians(rng.uniform(-10, 10))
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    wobble_phase = rng.uniform(0, 2 * np.pi, size=2)
    wobble_amp = rng.uniform(0.0, 0.05)
    out = []
    for stroke in strokes:
        pts = np.array(stroke, float)
        pts = pts + rng.normal(0, 0.045, pts.shape)  # each written point lands a bit off
        pts = _resample(pts, 0.03)
        pts[:, 0] += wobble_amp * np.sin(pts[:, 1] * 7 + wobble_phase[0])
        pts[:, 1] += wobble_amp * np.sin(pts[:, 0] * 7 + wobble_phase[1])
        pts[:, 0] = pts[:, 0] * aspect + slant * (1 - pts[:, 1])
        out.append((pts - 0.5) @ rot.T)
    thickness = max(1, int(round(height * rng.uniform(0.07, 0.16))))
    return _rasterise(out, height, thickness)


def draw_held_out_letter(letter: str, height: int, rng: np.random.Generator) -> np.ndarray:
    """A held-out kind of handwriting: a printed capital of DejaVu Sans ExtraLight or Book (not
    the skeletons the classifier learns from), grown to a marker's stroke, elastically distorted.
    Drawn as filled outlines (``fonts.draw_text``), so the same on OpenCV 4.x and 5."""
    from wordboard.camera.fonts import draw_text

    big = 64
    canvas: np.ndarray = np.zeros((big * 3, big * 3), np.uint8)
    weight = ("light", "regular")[int(rng.integers(2))]
    draw_text(canvas, letter, (big // 2, big * 2), big, 255, weight)
    # The font's own stem (ExtraLight about 0.05 of the capital height, Book 0.12) grown to the
    # marker's stroke, 0.07-0.15 of the height.
    grow = int(round(big * (rng.uniform(0.07, 0.15) - (0.05 if weight == "light" else 0.12))))
    if grow >= 1:
        canvas = cv2.dilate(canvas, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (grow + 1, grow + 1)))
    # Elastic distortion: a smooth random displacement field.
    field = rng.normal(0, 1, (2, 6, 6)).astype(np.float32) * big * 0.06
    dx = cv2.resize(field[0], canvas.shape[::-1], interpolation=cv2.INTER_CUBIC)
    dy = cv2.resize(field[1], canvas.shape[::-1], interpolation=cv2.INTER_CUBIC)
    ys, xs = np.mgrid[0 : canvas.shape[0], 0 : canvas.shape[1]].astype(np.float32)
    shear = rng.uniform(-0.25, 0.25)
    map_x = xs + dx + shear * (ys - big * 1.5)
    warped = cv2.remap(canvas, map_x, ys + dy, cv2.INTER_LINEAR)
    ys_, xs_ = np.nonzero(warped > 60)
    if len(xs_) == 0:
        return np.zeros((height, height), np.uint8)
    crop = warped[ys_.min() : ys_.max() + 1, xs_.min() : xs_.max() + 1]
    scale = height / crop.shape[0]
    return cv2.resize(crop, (max(1, round(crop.shape[1] * scale)), height), interpolation=cv2.INTER_AREA)


def _rasterise(strokes: list[np.ndarray], height: int, thickness: int) -> np.ndarray:
    pts = np.concatenate(strokes)
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    span_y = max(hi[1] - lo[1], 1e-3)
    scale = (height - thickness) / span_y
    width = int(np.ceil((hi[0] - lo[0]) * scale)) + thickness + 2
    canvas = np.zeros((height + 2, max(width, thickness + 2)), np.uint8)
    shift = 3
    polylines = [
        np.round(((s - lo) * scale + thickness / 2 + 0.5) * (1 << shift)).astype(np.int32) for s in strokes
    ]
    cv2.polylines(canvas, polylines, False, 255, thickness, cv2.LINE_AA, shift)
    return canvas
