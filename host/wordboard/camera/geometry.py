"""Where the playing grid is in a picture, and straightening it to a canonical top-down grid.

The grid is described by its four outer corners in image pixels, clockwise from top-left (as the
player sees the board). :class:`GridWarp` maps between the picture and a canonical image in which
square ``(row, col)`` occupies ``[row*cell, (row+1)*cell) x [col*cell, (col+1)*cell)``.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from wordboard.errors import UserError

#: Side of one square in the canonical (straightened) image, in pixels.
CANONICAL_CELL = 40


@dataclass(frozen=True)
class GridCorners:
    """The four outer corners of the playing grid in image pixels, clockwise from top-left."""

    top_left: tuple[float, float]
    top_right: tuple[float, float]
    bottom_right: tuple[float, float]
    bottom_left: tuple[float, float]

    def as_array(self) -> np.ndarray:
        """A (4, 2) float32 array in the order TL, TR, BR, BL."""
        return np.array([self.top_left, self.top_right, self.bottom_right, self.bottom_left], np.float32)

    @classmethod
    def from_array(cls, points) -> "GridCorners":
        pts = np.asarray(points, dtype=float).reshape(4, 2)
        return cls(*(tuple(float(v) for v in p) for p in pts))

    def to_list(self) -> list[list[float]]:
        return [[round(x, 2), round(y, 2)] for x, y in self.as_array().tolist()]

    def max_distance(self, other: "GridCorners") -> float:
        """The largest distance between corresponding corners, in pixels."""
        return float(np.max(np.linalg.norm(self.as_array() - other.as_array(), axis=1)))

    def is_plausible(self, image_shape: tuple[int, ...] | None = None) -> bool:
        """True if the corners form a convex, clockwise quadrilateral of reasonable size."""
        pts = self.as_array().astype(np.float64)
        cross = []
        for i in range(4):
            a, b, c = pts[i], pts[(i + 1) % 4], pts[(i + 2) % 4]
            ab, bc = b - a, c - b
            cross.append(ab[0] * bc[1] - ab[1] * bc[0])
        if not all(v > 0 for v in cross):  # clockwise in image coordinates (y down)
            return False
        area = cv2.contourArea(pts.astype(np.float32))
        if area < 400:
            return False
        if image_shape is not None:
            h, w = image_shape[:2]
            margin = 0.5 * max(h, w)
            if np.any(pts < -margin) or np.any(pts[:, 0] > w + margin) or np.any(pts[:, 1] > h + margin):
                return False
        return True


def order_corners(points) -> np.ndarray:
    """Order four points clockwise from top-left (smallest x+y first), as a (4, 2) float32 array."""
    pts = np.asarray(points, dtype=np.float32).reshape(4, 2)
    centre = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(angles)]  # clockwise on screen (y down), starting anywhere
    start = int(np.argmin(pts.sum(axis=1)))
    return np.roll(pts, -start, axis=0)


def parse_corners(text: str) -> GridCorners:
    """Parse ``"x,y x,y x,y x,y"`` (clockwise from top-left) as given on the command line."""
    parts = text.replace(";", " ").split()
    if len(parts) != 4:
        raise UserError(f"--corners needs four points 'x,y x,y x,y x,y', got {len(parts)}: {text!r}")
    points = []
    for part in parts:
        xy = part.split(",")
        try:
            if len(xy) != 2:
                raise ValueError
            points.append((float(xy[0]), float(xy[1])))
        except ValueError:
            raise UserError(f"--corners: {part!r} is not a point 'x,y'") from None
    corners = GridCorners.from_array(points)
    if not corners.is_plausible():
        raise UserError(
            "--corners must be the grid's outer corners clockwise from top-left "
            f"(top-left, top-right, bottom-right, bottom-left); got {text!r}"
        )
    return corners


@dataclass(frozen=True)
class GridWarp:
    """Straightens a picture of a ``rows`` x ``cols`` grid to the canonical top-down image."""

    corners: GridCorners
    rows: int
    cols: int
    cell: int = CANONICAL_CELL

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) of the canonical image."""
        return self.cols * self.cell, self.rows * self.cell

    def canonical_corners(self) -> np.ndarray:
        w, h = self.size
        return np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)

    def homography(self) -> np.ndarray:
        """The 3x3 matrix taking picture pixels to canonical pixels."""
        return cv2.getPerspectiveTransform(self.corners.as_array(), self.canonical_corners())

    def straighten(self, image: np.ndarray) -> np.ndarray:
        """The canonical top-down image of the grid."""
        return cv2.warpPerspective(image, self.homography(), self.size, flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_REPLICATE)

    def square_centre_in_image(self, row: int, col: int) -> tuple[float, float]:
        """Where the centre of square ``(row, col)`` is in the picture."""
        inv = np.linalg.inv(self.homography())
        p = np.array([[[(col + 0.5) * self.cell, (row + 0.5) * self.cell]]], np.float32)
        x, y = cv2.perspectiveTransform(p, inv)[0, 0]
        return float(x), float(y)

    def square_of_image_point(self, x: float, y: float) -> tuple[int, int] | None:
        """The square ``(row, col)`` under picture point ``(x, y)``, or None if off the grid."""
        p = cv2.perspectiveTransform(np.array([[[x, y]]], np.float32), self.homography())[0, 0]
        col, row = int(np.floor(p[0] / self.cell)), int(np.floor(p[1] / self.cell))
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return row, col
        return None

    def grid_lines_in_image(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """The grid's lines as segments in picture coordinates, for drawing overlays."""
        inv = np.linalg.inv(self.homography())
        w, h = self.size
        segs = []
        for r in range(self.rows + 1):
            segs.append(((0, r * self.cell), (w, r * self.cell)))
        for c in range(self.cols + 1):
            segs.append(((c * self.cell, 0), (c * self.cell, h)))
        pts = np.array([p for seg in segs for p in seg], np.float32).reshape(-1, 1, 2)
        img = cv2.perspectiveTransform(pts, inv).reshape(-1, 2, 2)
        return [((float(a[0]), float(a[1])), (float(b[0]), float(b[1]))) for a, b in img]


def _poly_terms(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Cubic polynomial terms of normalised canonical coordinates, shape (n, 10)."""
    u, v = np.asarray(u, np.float64).ravel(), np.asarray(v, np.float64).ravel()
    return np.stack([np.ones_like(u), u, v, u * u, u * v, v * v, u**3, u * u * v, u * v * v, v**3], axis=1)


@dataclass(frozen=True)
class BentGridWarp(GridWarp):
    """A :class:`GridWarp` for a board that is not flat (a folding board bowed at its hinge, a
    warped sheet): after the homography, canonical point ``t`` is taken from ``t + d(t)``, where
    the displacement ``d`` is a smooth cubic fitted to where each grid line really is."""

    dx: tuple[float, ...] = ()  # coefficients of _poly_terms, canonical pixels
    dy: tuple[float, ...] = ()

    def displacement(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        w, h = self.size
        terms = _poly_terms(np.asarray(x) / w, np.asarray(y) / h)
        shape = np.shape(x)
        return (terms @ np.asarray(self.dx)).reshape(shape), (terms @ np.asarray(self.dy)).reshape(shape)

    def _padded(self, image: np.ndarray, margin: int) -> np.ndarray:
        shift = np.array([[1, 0, margin], [0, 1, margin], [0, 0, 1]], np.float64)
        w, h = self.size
        return cv2.warpPerspective(image, shift @ self.homography(), (w + 2 * margin, h + 2 * margin),
                                   flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)

    def straighten(self, image: np.ndarray) -> np.ndarray:
        margin = self.cell
        padded = self._padded(image, margin)
        w, h = self.size
        # The displacement is smooth: evaluate it every 8 pixels and interpolate.
        step = 8
        gy, gx = np.mgrid[0 : h + step : step, 0 : w + step : step].astype(np.float64)
        ddx, ddy = self.displacement(gx, gy)
        size = (gx.shape[1] * step, gx.shape[0] * step)
        ddx = cv2.resize(ddx.astype(np.float32), size, interpolation=cv2.INTER_LINEAR)
        ddy = cv2.resize(ddy.astype(np.float32), size, interpolation=cv2.INTER_LINEAR)
        # cv2.resize puts sample i at (i + 0.5) * step - 0.5; shift so it sits at i * step.
        off = (step - 1) // 2
        ddx, ddy = ddx[off : off + h, off : off + w], ddy[off : off + h, off : off + w]
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
        map_x = xs + ddx + margin
        map_y = ys + ddy + margin
        return cv2.remap(padded, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)

    def _to_image(self, points: np.ndarray) -> np.ndarray:
        ddx, ddy = self.displacement(points[:, 0], points[:, 1])
        bent = np.stack([points[:, 0] + ddx, points[:, 1] + ddy], axis=1).astype(np.float32)
        return cv2.perspectiveTransform(bent.reshape(-1, 1, 2), np.linalg.inv(self.homography())).reshape(-1, 2)

    def square_centre_in_image(self, row: int, col: int) -> tuple[float, float]:
        x, y = self._to_image(np.array([[(col + 0.5) * self.cell, (row + 0.5) * self.cell]], np.float64))[0]
        return float(x), float(y)

    def square_of_image_point(self, x: float, y: float) -> tuple[int, int] | None:
        p = cv2.perspectiveTransform(np.array([[[x, y]]], np.float32), self.homography())[0, 0].astype(np.float64)
        t = p.copy()
        for _ in range(8):  # solve t + d(t) = p (d is small and smooth)
            ddx, ddy = self.displacement(np.array([t[0]]), np.array([t[1]]))
            t = p - np.array([ddx[0], ddy[0]])
        col, row = int(np.floor(t[0] / self.cell)), int(np.floor(t[1] / self.cell))
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return row, col
        return None

    def grid_lines_in_image(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        w, h = self.size
        steps = np.linspace(0.0, 1.0, 2 * max(self.rows, self.cols) + 1)
        segs = []
        lines = [np.stack([steps * w, np.full_like(steps, r * self.cell)], 1) for r in range(self.rows + 1)]
        lines += [np.stack([np.full_like(steps, c * self.cell), steps * h], 1) for c in range(self.cols + 1)]
        for line in lines:
            pts = self._to_image(line)
            segs.extend(((float(a[0]), float(a[1])), (float(b[0]), float(b[1]))) for a, b in zip(pts[:-1], pts[1:]))
        return segs


def bend_to_lines(image: np.ndarray, warp: GridWarp, bands: int = 5, search: float = 0.3,
                  min_shift: float = 0.12, max_shift: float = 0.6) -> BentGridWarp | None:
    """Fit the grid line by line, for a board that is not flat.

    In the straightened picture (with a square's margin around it) every grid line is looked
    for separately in ``bands`` stretches along its length, within ``search`` squares of where
    the homography puts it; a smooth cubic displacement is fitted to those positions (weighted
    by how clearly each shows). Returns None when the lines are where the homography says
    (no displacement beyond ``min_shift`` squares: a flat board), when too few show, or when
    the fit wanders more than ``max_shift`` squares (not believable)."""
    # Measured at the canonical resolution: at half of it the fit wandered up to 0.14 square on
    # flat rendered boards, too near the real bends it must tell apart.
    cell = warp.cell
    margin = cell
    probe = BentGridWarp(warp.corners, warp.rows, warp.cols, cell)
    padded = probe._padded(image, margin)
    grey = padded if padded.ndim == 2 else cv2.cvtColor(padded, cv2.COLOR_BGR2GRAY)
    grey = grey.astype(np.float32)
    w, h = probe.size
    reach = int(round(search * cell))
    xs, ys, dxs, dys, wxs, wys = [], [], [], [], [], []
    for axis in (0, 1):  # 0: vertical lines (x positions), 1: horizontal lines
        grad = np.abs(cv2.Sobel(grey, cv2.CV_32F, 1 - axis, axis, ksize=3))
        n_lines, along = (warp.cols, warp.rows) if axis == 0 else (warp.rows, warp.cols)
        edges = np.linspace(0, along, bands + 1)
        inner = np.arange(1, n_lines)  # inner lines only: the outer ones meet the board's border
        cols = margin + inner[:, None] * cell + np.arange(-reach, reach + 1)[None, :]  # (lines, window)
        if axis == 1:
            grad = grad.T  # horizontal lines become columns
        for b in range(bands):
            a0, a1 = margin + int(edges[b] * cell), margin + int(edges[b + 1] * cell)
            # Median across the stretch: a line is there all along, a letter's edge is not.
            profiles = np.median(grad[a0:a1:2][:, cols], axis=0)  # (lines, window); every other row
            pos_along = (a0 + a1) / 2 - margin
            typical = np.median(profiles, axis=1) + 1e-3
            for k, profile, base in zip(inner.tolist(), profiles, typical.tolist()):
                i = int(np.argmax(profile))
                strength = float(profile[i] / base)
                if strength < 2.0 or i == 0 or i == len(profile) - 1:
                    continue
                left, mid, right = profile[i - 1], profile[i], profile[i + 1]
                denom = left - 2 * mid + right
                sub = 0.5 * (left - right) / denom if denom < 0 else 0.0
                offset = i + sub - reach
                if axis == 0:
                    xs.append(k * cell); ys.append(pos_along); dxs.append(offset); wxs.append(min(strength, 6.0))
                else:
                    xs.append(pos_along); ys.append(k * cell); dys.append(offset); wys.append(min(strength, 6.0))
    nv, nh = len(dxs), len(dys)
    need = 0.6 * bands * (warp.rows + warp.cols - 2) / 2
    if nv < need or nh < need:
        return None
    px, py = np.array(xs, np.float64), np.array(ys, np.float64)
    coef = []
    for sel, values, weights in ((slice(0, nv), dxs, wxs), (slice(nv, nv + nh), dys, wys)):
        terms = _poly_terms(px[sel] / w, py[sel] / h)
        sw = np.sqrt(np.array(weights))
        target = np.array(values, np.float64)
        fit = np.linalg.lstsq(terms * sw[:, None], target * sw, rcond=None)[0]
        # One round of dropping outliers (a tile's edge taken for the line).
        resid = np.abs(terms @ fit - target)
        keep = resid < max(0.05 * cell, 2.5 * np.median(resid))
        if keep.sum() >= 10:
            fit = np.linalg.lstsq(terms[keep] * sw[keep, None], target[keep] * sw[keep], rcond=None)[0]
        coef.append(fit * (warp.cell / cell))
    bent = BentGridWarp(warp.corners, warp.rows, warp.cols, warp.cell, tuple(coef[0].tolist()), tuple(coef[1].tolist()))
    w, h = warp.size
    gy, gx = np.mgrid[0 : h + 1 : warp.cell / 2, 0 : w + 1 : warp.cell / 2]
    ddx, ddy = bent.displacement(gx, gy)
    biggest = float(np.max(np.hypot(ddx, ddy))) / warp.cell
    if biggest < min_shift or biggest > max_shift:
        return None
    return bent
