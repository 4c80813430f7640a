"""ArUco fiducial markers at the four corners of the playing grid: detection and the printable sheet.

Four markers from OpenCV's 4x4 dictionary, ids 0-3, lie just outside the grid, one at each
corner, each touching the grid's corner with one of its own corners:

====  ============  ====================================================
 id   grid corner   corner of the marker that touches it
====  ============  ====================================================
 0    top-left      its bottom-right corner
 1    top-right     its bottom-left corner
 2    bottom-right  its top-left corner
 3    bottom-left   its top-right corner
====  ============  ====================================================

so every marker sits diagonally outside the grid, on the board's border, printed upright as the
player sees the board. :func:`render_marker_sheet` draws a page to print and cut out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from wordboard.camera.fonts import draw_text
from wordboard.camera.geometry import GridCorners

ARUCO_DICTIONARY = cv2.aruco.DICT_4X4_50
CORNER_MARKER_IDS = (0, 1, 2, 3)  # TL, TR, BR, BL
# Index (in ArUco's TL, TR, BR, BL order) of the marker corner that touches the grid corner.
_TOUCHING_CORNER = {0: 2, 1: 3, 2: 0, 3: 1}
_CORNER_NAMES = ("top-left", "top-right", "bottom-right", "bottom-left")


@dataclass(frozen=True)
class MarkerDetection:
    """The grid corners found from markers, and which markers were seen."""

    corners: GridCorners
    seen_ids: tuple[int, ...]

    @property
    def complete(self) -> bool:
        """True when all four markers were seen (with three, the fourth corner is inferred)."""
        return len(self.seen_ids) == 4


def _detector() -> cv2.aruco.ArucoDetector:
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(ARUCO_DICTIONARY), params)


def _quick_detector() -> cv2.aruco.ArucoDetector:
    """One adaptive-threshold pass (a 5-pixel window) instead of ArUco's default three, and no
    contours shorter than a marker can be: a third to a half of the default's time. On 20
    rendered scenes (80 markers) each of the default style and a blurred, noisy, JPEG-60 one it
    found 80 of 80 markers in both, as the default detector does (79 of 80); a 3-pixel window,
    quicker still, found 74 and 8."""
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.adaptiveThreshWinSizeMin = 5
    params.adaptiveThreshWinSizeMax = 5
    params.minMarkerPerimeterRate = 0.06
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(ARUCO_DICTIONARY), params)


def _detect(gray: np.ndarray) -> tuple[list[np.ndarray], np.ndarray | None]:
    """Marker corners and ids: the quick pass first, the thorough default detector over the
    whole picture only when the quick pass found one or two of the four corner markers. When it
    found none the board has no markers (or they are too blurred to read; see
    :func:`_quick_detector`), and skipping the thorough pass saves about 25 ms on every board
    read from its lines. When it found three, :func:`detect_corner_markers` looks for the
    fourth where the three put it."""
    corners, ids = _quick_pass(gray)
    seen = 0 if ids is None else len(set(ids.ravel().tolist()) & set(CORNER_MARKER_IDS))
    if seen in (0, 3, 4):
        return list(corners), ids
    corners, ids, _rejected = _detector().detectMarkers(gray)
    return list(corners), ids


#: Pictures larger than this (longer side, pixels) get the quick pass on a copy half the size.
QUICK_PASS_MAX_SIDE = 2100


def _quick_pass(gray: np.ndarray) -> tuple[Sequence[np.ndarray], np.ndarray | None]:
    """The quick detector; on a big picture (an 8-megapixel photo) it looks at a copy half the
    size, where the markers are still dozens of pixels wide, and the corners it finds are then
    refined on the full picture: a quarter of the pixels to threshold and trace."""
    if max(gray.shape[:2]) <= QUICK_PASS_MAX_SIDE:
        corners, ids, _rejected = _quick_detector().detectMarkers(gray)
        return corners, ids
    half = cv2.resize(gray, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    corners, ids, _rejected = _quick_detector().detectMarkers(half)
    if ids is None:
        return corners, ids
    points = np.concatenate([c.reshape(-1, 2) for c in corners]).astype(np.float32) * 2.0 + 0.5
    side = min(float(np.linalg.norm(c.reshape(4, 2)[0] - c.reshape(4, 2)[1])) for c in corners) * 2.0
    window = int(np.clip(side / 10, 2, 8))
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 0.01)
    refined = cv2.cornerSubPix(gray, points.reshape(-1, 1, 2), (window, window), (-1, -1), criteria)
    return tuple(refined[4 * i : 4 * i + 4].reshape(1, 4, 2) for i in range(len(corners))), ids


def _quads(found_corners: list[np.ndarray], ids: np.ndarray | None) -> dict[int, np.ndarray]:
    quads: dict[int, np.ndarray] = {}
    if ids is None:
        return quads
    for quad, marker_id in zip(found_corners, ids.ravel().tolist()):
        if marker_id in _TOUCHING_CORNER and marker_id not in quads:
            quads[marker_id] = quad.reshape(4, 2).astype(np.float64)
    return quads


def _look_again(gray: np.ndarray, missing: int, expected: np.ndarray) -> np.ndarray | None:
    """The thorough detector on a small window around where the missing marker should be
    (``expected``: its four corners, predicted from the other three): a marker the quick pass
    missed is found at a fraction of the cost of searching the whole picture again."""
    side = float(np.max(np.linalg.norm(expected - np.roll(expected, 1, axis=0), axis=1)))
    h, w = gray.shape[:2]
    x0, y0 = (expected.min(axis=0) - side).astype(int)
    x1, y1 = (expected.max(axis=0) + side).astype(int)
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    if x1 - x0 < 16 or y1 - y0 < 16 or side < 4:
        return None  # off the picture
    corners, ids, _rejected = _detector().detectMarkers(np.ascontiguousarray(gray[y0:y1, x0:x1]))
    quad = _quads(list(corners), ids).get(missing)
    return None if quad is None else quad + np.array([x0, y0], np.float64)


def detect_corner_markers(image: np.ndarray) -> MarkerDetection | None:
    """Find the grid from the corner markers, or None if fewer than three of them are visible.

    With exactly three markers the hidden corner is estimated from a plane fitted to the three
    markers' twelve corners; it can be off by half a square, so
    :func:`wordboard.camera.locate.locate_board` prefers the grid's own lines for that corner.
    """
    gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    quads = _quads(*_detect(gray))
    if len(quads) < 3:
        return None
    points = {i: q[_TOUCHING_CORNER[i]] for i, q in quads.items()}
    if len(points) == 3:
        missing = next(i for i in CORNER_MARKER_IDS if i not in points)
        completed = _complete_missing_corner(missing, quads)
        if completed is None:
            return None
        corner, expected_quad = completed
        found = _look_again(gray, missing, expected_quad)
        if found is not None:
            quads[missing] = found
            corner = found[_TOUCHING_CORNER[missing]]
        points[missing] = corner
    corners = GridCorners.from_array([points[i] for i in CORNER_MARKER_IDS])
    if not corners.is_plausible(gray.shape):
        return None
    return MarkerDetection(corners, tuple(sorted(quads)))


def _marker_plane_square(marker_id: int, width: float, height: float) -> np.ndarray:
    """A marker's corners (TL, TR, BR, BL) on the board plane, in marker sides, with the grid
    spanning (0, 0)-(width, height)."""
    origin = {0: (-1.0, -1.0), 1: (width, -1.0), 2: (width, height), 3: (-1.0, height)}[marker_id]
    return np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float64) + np.array(origin)


_GRID_CORNER_ON_PLANE = {0: (0, 0), 1: (1, 0), 2: (1, 1), 3: (0, 1)}  # as fractions of (width, height)


def _complete_missing_corner(missing: int, quads: dict[int, np.ndarray]) -> tuple[np.ndarray, np.ndarray] | None:
    """The hidden grid corner and where the hidden marker's four corners would be, from a
    homography fitted to the twelve corners of the three visible markers (their board-plane
    positions follow from the grid's size, refined here)."""
    seen = sorted(quads)
    # First guess of the grid size (in marker sides) from one marker's own perspective.
    first = seen[0]
    local, _ = cv2.findHomography(_marker_plane_square(first, 0.0, 0.0), quads[first])
    if local is None:
        return None
    inverse = np.linalg.inv(local)
    touching = {i: quads[i][_TOUCHING_CORNER[i]] for i in seen}
    plane = cv2.perspectiveTransform(np.array([[touching[i]] for i in seen]), inverse).reshape(-1, 2)
    width = max(abs(p[0] - plane[0][0]) for p in plane)
    height = max(abs(p[1] - plane[0][1]) for p in plane)
    dst = np.concatenate([quads[i] for i in seen])

    def fit(w: float, h: float) -> tuple[float, np.ndarray | None]:
        src = np.concatenate([_marker_plane_square(i, w, h) for i in seen])
        hom, _ = cv2.findHomography(src, dst, 0)
        if hom is None:
            return np.inf, None
        err = np.linalg.norm(cv2.perspectiveTransform(src[:, None, :], hom).reshape(-1, 2) - dst, axis=1)
        return float(np.mean(err**2)), hom

    # The grid's size is whatever makes the three markers fit one plane best: a shrinking
    # pattern search over (width, height).
    best_err, homography = fit(width, height)
    step = max(width, height) * 0.25
    while step > 4e-3 * max(width, height):  # finer changes the corner by far less than a pixel
        improved = False
        for dw, dh in ((step, 0), (-step, 0), (0, step), (0, -step)):
            if width + dw <= 1 or height + dh <= 1:
                continue
            err, hom = fit(width + dw, height + dh)
            if err < best_err:
                best_err, homography, width, height, improved = err, hom, width + dw, height + dh, True
                break
        if not improved:
            step /= 2
    if homography is None:
        return None
    fx, fy = _GRID_CORNER_ON_PLANE[missing]
    corner = np.array([[[fx * width, fy * height]]], np.float64)
    quad = _marker_plane_square(missing, width, height).reshape(-1, 1, 2)
    return (cv2.perspectiveTransform(corner, homography).reshape(2),
            cv2.perspectiveTransform(quad, homography).reshape(4, 2))


def marker_image(marker_id: int, side_px: int) -> np.ndarray:
    """One marker as a black-on-white ``uint8`` image ``side_px`` square (no quiet zone)."""
    dictionary = cv2.aruco.getPredefinedDictionary(ARUCO_DICTIONARY)
    return cv2.aruco.generateImageMarker(dictionary, marker_id, side_px)


def render_marker_sheet(marker_mm: float = 25.0, dpi: int = 300) -> np.ndarray:
    """A printable A4 page (portrait, white) with the four corner markers and how to place them.

    Each marker is ``marker_mm`` millimetres square when printed at ``dpi`` and 100% scale. A red
    dot marks the corner of each marker that goes on the grid's corner.
    """
    if not 10 <= marker_mm <= 60:
        raise ValueError("marker_mm must be between 10 and 60")
    px_per_mm = dpi / 25.4
    page_w, page_h = int(210 * px_per_mm), int(297 * px_per_mm)
    page = np.full((page_h, page_w, 3), 255, np.uint8)
    side = int(round(marker_mm * px_per_mm))
    quiet = int(round(4 * px_per_mm))
    text_scale = dpi / 300 * 1.1

    def put(text: str, x: int, y: int, scale: float = text_scale) -> None:
        draw_text(page, text, (x, y), 20 * scale, (0, 0, 0))

    margin = int(15 * px_per_mm)
    put("wordboard corner markers (ArUco 4x4, ids 0-3)", margin, margin)
    put(f"Print at 100% scale: each black square must measure {marker_mm:g} mm.", margin, margin + int(8 * px_per_mm), text_scale * 0.8)
    put("Cut along the thin grey lines, keep the white border.", margin, margin + int(14 * px_per_mm), text_scale * 0.8)
    put("Stick each marker outside the playing grid, on the board's border,", margin, margin + int(20 * px_per_mm), text_scale * 0.8)
    put("with its RED DOT corner exactly on the grid's outer corner.", margin, margin + int(26 * px_per_mm), text_scale * 0.8)

    cell_w = (page_w - 2 * margin) // 2
    top = margin + int(40 * px_per_mm)
    cell_h = (page_h - top - margin) // 2
    for index, marker_id in enumerate(CORNER_MARKER_IDS):
        # Lay the markers out as they sit on the board: TL, TR on top, BL, BR below.
        col = 1 if marker_id in (1, 2) else 0
        row = 1 if marker_id in (2, 3) else 0
        x0 = margin + col * cell_w + (cell_w - side) // 2
        y0 = top + row * cell_h + (cell_h - side) // 2
        cv2.rectangle(page, (x0 - quiet, y0 - quiet), (x0 + side + quiet, y0 + side + quiet), (190, 190, 190), 1)
        page[y0 : y0 + side, x0 : x0 + side] = cv2.cvtColor(marker_image(marker_id, side), cv2.COLOR_GRAY2BGR)
        touching = _TOUCHING_CORNER[marker_id]
        dot = [(x0, y0), (x0 + side, y0), (x0 + side, y0 + side), (x0, y0 + side)][touching]
        cv2.circle(page, dot, max(4, side // 14), (0, 0, 255), -1, cv2.LINE_AA)
        put(f"{_CORNER_NAMES[index]} (id {marker_id})", x0 - quiet, y0 + side + quiet + int(8 * px_per_mm), text_scale * 0.9)
    return page
