"""Straightening a board from its own lines: the homography that makes the grid's two families
of lines parallel to the picture's axes, found without the board's outline.

A board's grid lines are two families of straight lines; in a photograph each family meets in a
vanishing point (at infinity when the camera looks straight at the board along that direction).
The line through the two vanishing points is the image of the board plane's line at infinity:
sending it back to infinity makes each family parallel again (the projective part of the
rectification), and a linear map then turns one family upright and the other level. What is
left, where the grid starts and how far apart its lines are along each axis, is found by
:func:`wordboard.camera.locate.fit_periodic_lines`.

This finds the grid when the outline does not: a board whose edge runs off the picture or
into a tablecloth of its colour, or a folding board whose seam splits the outline in two.
"""

from __future__ import annotations

import cv2
import numpy as np

#: Segments within this many degrees of a family's main direction belong to it (perspective
#: fans a family out by a few degrees across the board).
FAMILY_SPREAD_DEG = 14.0

#: The two families' main directions are at least this far apart (a board's lines cross at 90
#: degrees; a strong tilt brings that down, never to near parallel).
MIN_FAMILY_ANGLE_DEG = 35.0


#: The directions lines are looked for at, in degrees: first the coarse steps (twice as fast), then,
#: when those do not show two families, the fine ones. A line running between two coarse steps
#: drifts by pixels across the picture and is found only in short pieces: a grid tilted so its
#: upright lines fan over 88-89 degrees gave them 1,368 pixels of segments against 10,185 for the
#: level ones, too few to count as a family; at half-degree steps they are found whole.
ANGLE_STEPS_DEG = (1.0, 0.5)


def line_segments(grey: np.ndarray, step_deg: float = ANGLE_STEPS_DEG[0]) -> np.ndarray:
    """Long straight segments in a grey picture (a few hundred pixels across), as rows
    ``(x1, y1, x2, y2)``, looked for at directions ``step_deg`` apart: a grid line broken by
    tiles still gives segments several squares long."""
    blurred = cv2.GaussianBlur(grey, (3, 3), 0)
    edges = cv2.Canny(blurred, 40, 120)
    size = max(grey.shape)
    found = cv2.HoughLinesP(edges, 1, np.radians(step_deg), threshold=int(0.06 * size),
                            minLineLength=0.12 * size, maxLineGap=0.012 * size)
    if found is None:
        return np.zeros((0, 4), np.float64)
    return found.reshape(-1, 4).astype(np.float64)


def _angles(segments: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each segment's direction in degrees (0-180) and length."""
    d = segments[:, 2:] - segments[:, :2]
    return np.degrees(np.arctan2(d[:, 1], d[:, 0])) % 180.0, np.hypot(d[:, 0], d[:, 1])


def _angle_gap(a: np.ndarray | float, b: float) -> np.ndarray:
    """The difference of line directions in degrees, 0-90 (directions repeat every 180)."""
    d = np.abs((np.asarray(a) - b) % 180.0)
    return np.minimum(d, 180.0 - d)


def split_families(segments: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The segments of the two strongest line directions (by total length), or None when the
    picture does not show two clear families of lines."""
    if len(segments) < 8:
        return None
    angle, length = _angles(segments)
    hist = np.bincount(np.floor(angle).astype(int) % 180, weights=length, minlength=180)
    # Smoothed around the circle of directions, so a family fanned over a few degrees is one peak.
    kernel = np.exp(-0.5 * (np.arange(-6, 7) / 2.5) ** 2)
    smooth = np.convolve(np.concatenate([hist[-6:], hist, hist[:6]]), kernel, "valid")
    first = int(np.argmax(smooth))
    gap = _angle_gap(np.arange(180), first)
    away = gap >= MIN_FAMILY_ANGLE_DEG
    if not away.any() or smooth[away].max() < 0.15 * smooth[first]:
        return None
    # The second family is favoured the nearer it runs across the first: a small picture of a
    # board filled with tiles also shows long diagonals through the squares' corners, 45 degrees
    # off, which can outweigh the faint lines of the grid's other family (a picture cut tight on
    # the grid, turned a few degrees: diagonals 1117 pixels long, the true family 1170).
    across = smooth * np.sin(np.radians(gap)) ** 2
    second = int(np.arange(180)[away][np.argmax(across[away])])
    a = segments[_angle_gap(angle, first) <= FAMILY_SPREAD_DEG]
    b = segments[_angle_gap(angle, second) <= FAMILY_SPREAD_DEG]
    if len(a) < 4 or len(b) < 4:
        return None
    return a, b


def _off_angles(segments: np.ndarray, point: np.ndarray) -> np.ndarray:
    """How far each segment's direction is from pointing at ``point`` (homogeneous), in degrees."""
    p, q = segments[:, :2], segments[:, 2:]
    mid, along = 0.5 * (p + q), q - p
    if abs(point[2]) > 1e-9 * np.linalg.norm(point[:2]):
        towards = point[:2] / point[2] - mid
    else:
        towards = np.broadcast_to(point[:2], mid.shape)
    cos = np.abs(np.sum(towards * along, axis=1)) / (np.hypot(*towards.T) * np.hypot(*along.T) + 1e-12)
    return np.degrees(np.arccos(np.clip(cos, 0.0, 1.0)))


def vanishing_point(segments: np.ndarray, inlier_deg: float = 1.5, longest: int = 12) -> np.ndarray | None:
    """The point (homogeneous, unit length) the segments' lines meet at.

    Every crossing of two of the ``longest`` segments is a candidate; the one that most of the
    segments' length points at (within ``inlier_deg``) wins, and the point is then fitted by
    least squares (weighted by length) to the segments pointing at it: a letter's stroke or a
    table's edge in the same general direction does not pull it off."""
    if len(segments) < 2:
        return None
    p, q = segments[:, :2], segments[:, 2:]
    ones = np.ones((len(segments), 1))
    lines = np.cross(np.hstack([p, ones]), np.hstack([q, ones]))
    lines /= np.linalg.norm(lines[:, :2], axis=1, keepdims=True) + 1e-12
    length = np.hypot(*(q - p).T)
    top = np.argsort(-length)[:longest]
    best, best_score = None, -1.0
    for i in range(len(top)):
        for j in range(i + 1, len(top)):
            candidate = np.cross(lines[top[i]], lines[top[j]])
            if not np.any(candidate):
                continue
            score = float(length[_off_angles(segments, candidate) < inlier_deg].sum())
            if score > best_score:
                best, best_score = candidate, score
    if best is None:
        return None
    point = best / np.linalg.norm(best)
    for _ in range(2):
        keep = _off_angles(segments, point) < inlier_deg
        if keep.sum() < 2:
            break
        _u, _s, vt = np.linalg.svd(lines[keep] * np.sqrt(length[keep])[:, None], full_matrices=False)
        point = vt[-1]
    return point


def rectifying_homography(grey: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """A homography from ``grey``'s pixels to a plane where the board's grid lines run level and
    upright, and the segments it was found from (to tell where the board lies). None when the
    picture does not show two families of straight lines."""
    families = None
    for step in ANGLE_STEPS_DEG:
        families = split_families(line_segments(grey, step))
        if families is not None:
            break
    if families is None:
        return None
    h, w = grey.shape[:2]
    # Conditioned coordinates: centred, about unit size.
    s = 2.0 / max(h, w)
    norm = np.array([[s, 0, -s * w / 2], [0, s, -s * h / 2], [0, 0, 1.0]])
    points = []
    for family in families:
        conditioned = family.reshape(-1, 2) * s - np.array([s * w / 2, s * h / 2])
        vp = vanishing_point(conditioned.reshape(-1, 4))
        if vp is None:
            return None
        points.append(vp / np.linalg.norm(vp))
    v1, v2 = points
    horizon = np.cross(v1, v2)
    if abs(horizon[2]) < 1e-9 * np.linalg.norm(horizon):
        return None  # the horizon runs through the picture's centre: not a board seen from above
    horizon = horizon / horizon[2]
    projective = np.array([[1.0, 0, 0], [0, 1.0, 0], [horizon[0], horizon[1], 1.0]])
    # After the projective part both vanishing points are at infinity; their directions are the
    # families' directions. The more upright family becomes vertical, the other horizontal.
    d1, d2 = (projective @ v1)[:2], (projective @ v2)[:2]
    if abs(d1[0]) > abs(d2[0]):
        d1, d2 = d2, d1
    d1 = d1 if d1[1] > 0 else -d1  # vertical family pointing down the picture
    d2 = d2 if d2[0] > 0 else -d2  # horizontal family pointing right
    basis = np.array([[d2[0], d1[0]], [d2[1], d1[1]]])
    if abs(np.linalg.det(basis)) < 1e-6 * np.linalg.norm(d1) * np.linalg.norm(d2):
        return None
    if np.linalg.det(basis) < 0:
        return None  # would mirror the picture
    affine = np.eye(3)
    affine[:2, :2] = np.linalg.inv(basis)
    return affine @ projective @ norm, np.concatenate(families)
