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
    def from_array(cls, points) -> GridCorners:
        pts = np.asarray(points, dtype=float).reshape(4, 2)
        top_left, top_right, bottom_right, bottom_left = ((float(x), float(y)) for x, y in pts)
        return cls(top_left, top_right, bottom_right, bottom_left)

    def to_list(self) -> list[list[float]]:
        return [[round(x, 2), round(y, 2)] for x, y in self.as_array().tolist()]

    def max_distance(self, other: GridCorners) -> float:
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

    def straighten(self, image: np.ndarray, frame: int = 0) -> np.ndarray:
        """The canonical top-down image of the grid, with ``frame`` pixels (at most a square)
        of what lies around it on every side (:meth:`padded` with that margin)."""
        return self.padded(image, frame)

    def padded(self, image: np.ndarray, margin: int | None = None) -> np.ndarray:
        """The straightened picture with ``margin`` pixels (default: one square) of what lies
        around the grid on every side: what :func:`bend_to_lines` and :func:`fit_grid_to_lines`
        measure, and (through :meth:`straighten_padded`) the canonical image, from one warp."""
        margin = self.cell if margin is None else margin
        shift = np.array([[1, 0, margin], [0, 1, margin], [0, 0, 1]], np.float64)
        w, h = self.size
        return cv2.warpPerspective(image, shift @ self.homography(), (w + 2 * margin, h + 2 * margin),
                                   flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)

    def straighten_padded(self, padded: np.ndarray, frame: int = 0) -> np.ndarray:
        """:meth:`straighten` from an image :meth:`padded` made with the default margin (the same
        pixels, without warping the picture again)."""
        m = self.cell
        w, h = self.size
        return padded[m - frame : m + h + frame, m - frame : m + w + frame].copy()

    def to_image(self, points: np.ndarray) -> np.ndarray:
        """Where canonical points (n, 2) (pixels of the canonical image) lie in the picture."""
        pts = np.asarray(points, np.float32).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, np.linalg.inv(self.homography())).reshape(-1, 2)

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

    def straighten(self, image: np.ndarray, frame: int = 0) -> np.ndarray:
        return self.straighten_padded(self.padded(image), frame)

    def straighten_padded(self, padded: np.ndarray, frame: int = 0) -> np.ndarray:
        margin = self.cell
        w, h = self.size
        w2, h2 = w + 2 * frame, h + 2 * frame
        # The displacement is smooth: evaluate it every 8 pixels and interpolate.
        step = 8
        gy, gx = np.mgrid[-frame : h + frame + step : step, -frame : w + frame + step : step].astype(np.float64)
        ddx, ddy = self.displacement(gx, gy)
        size = (gx.shape[1] * step, gx.shape[0] * step)
        ddx = cv2.resize(ddx.astype(np.float32), size, interpolation=cv2.INTER_LINEAR)
        ddy = cv2.resize(ddy.astype(np.float32), size, interpolation=cv2.INTER_LINEAR)
        # cv2.resize puts sample i at (i + 0.5) * step - 0.5; shift so it sits at i * step.
        off = (step - 1) // 2
        ddx, ddy = ddx[off : off + h2, off : off + w2], ddy[off : off + h2, off : off + w2]
        map_x = ddx + (np.arange(w2, dtype=np.float32) + (margin - frame))[None, :]
        map_y = ddy + (np.arange(h2, dtype=np.float32) + (margin - frame))[:, None]
        return cv2.remap(padded, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)

    def to_image(self, points: np.ndarray) -> np.ndarray:
        points = np.asarray(points, np.float64).reshape(-1, 2)
        ddx, ddy = self.displacement(points[:, 0], points[:, 1])
        bent = np.stack([points[:, 0] + ddx, points[:, 1] + ddy], axis=1).astype(np.float32)
        return cv2.perspectiveTransform(bent.reshape(-1, 1, 2), np.linalg.inv(self.homography())).reshape(-1, 2)

    def square_centre_in_image(self, row: int, col: int) -> tuple[float, float]:
        x, y = self.to_image(np.array([[(col + 0.5) * self.cell, (row + 0.5) * self.cell]], np.float64))[0]
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
        segs: list[tuple[tuple[float, float], tuple[float, float]]] = []
        lines = [np.stack([steps * w, np.full_like(steps, r * self.cell)], 1) for r in range(self.rows + 1)]
        lines += [np.stack([np.full_like(steps, c * self.cell), steps * h], 1) for c in range(self.cols + 1)]
        for line in lines:
            pts = self.to_image(line)
            segs.extend(((float(a[0]), float(a[1])), (float(b[0]), float(b[1]))) for a, b in zip(pts[:-1], pts[1:]))
        return segs


#: A :class:`SurfaceGridWarp`'s displacement is sampled this many times per square.
SURFACE_SAMPLES = 2


@dataclass(frozen=True)
class SurfaceGridWarp(BentGridWarp):
    """A :class:`BentGridWarp` whose displacement is sampled every half square (from the grid's
    top-left, :data:`SURFACE_SAMPLES` per square) and interpolated in between, instead of a
    cubic: a folding board's hinge is a crease, which no smooth curve follows. ``field``: the
    samples, row by row, (x, y) each; ``shape``: (rows, columns) of samples."""

    field: tuple[float, ...] = ()
    shape: tuple[int, int] = (0, 0)

    @classmethod
    def sampled(cls, flat: GridWarp, displacement: np.ndarray) -> SurfaceGridWarp:
        """The warp round ``flat`` with ``displacement`` (canonical pixels, shape
        ``(SURFACE_SAMPLES * rows + 1, SURFACE_SAMPLES * cols + 1, 2)``) at the samples."""
        d = np.asarray(displacement, np.float64)
        return cls(flat.corners, flat.rows, flat.cols, flat.cell,
                   field=tuple(d.ravel().tolist()), shape=(d.shape[0], d.shape[1]))

    @staticmethod
    def sample_points(rows: int, cols: int, cell: int) -> np.ndarray:
        """The canonical points (``(SURFACE_SAMPLES * rows + 1) * (SURFACE_SAMPLES * cols + 1)``, 2)
        where the displacement is sampled, row by row."""
        step = cell / SURFACE_SAMPLES
        gy, gx = np.mgrid[0 : SURFACE_SAMPLES * rows + 1, 0 : SURFACE_SAMPLES * cols + 1]
        return np.column_stack([gx.ravel() * step, gy.ravel() * step]).astype(np.float64)

    def displacement(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        field = np.asarray(self.field, np.float64).reshape(self.shape[0], self.shape[1], 2)
        step = self.cell / SURFACE_SAMPLES
        shape = np.shape(x)
        u = np.clip(np.asarray(x, np.float64).ravel() / step, 0, self.shape[1] - 1)
        v = np.clip(np.asarray(y, np.float64).ravel() / step, 0, self.shape[0] - 1)
        u0 = np.minimum(np.floor(u).astype(int), self.shape[1] - 2)
        v0 = np.minimum(np.floor(v).astype(int), self.shape[0] - 2)
        fu, fv = (u - u0)[:, None], (v - v0)[:, None]
        d = (field[v0, u0] * (1 - fu) * (1 - fv) + field[v0, u0 + 1] * fu * (1 - fv)
             + field[v0 + 1, u0] * (1 - fu) * fv + field[v0 + 1, u0 + 1] * fu * fv)
        return d[:, 0].reshape(shape), d[:, 1].reshape(shape)


def turn_square(row: int, col: int, rows: int, cols: int, k: int) -> tuple[int, int]:
    """Where square ``(row, col)`` of a ``rows`` x ``cols`` grid lands when the grid is turned
    ``k`` quarter turns anticlockwise (as ``np.rot90``)."""
    for _ in range(k % 4):
        row, col, rows, cols = cols - 1 - col, row, cols, rows
    return row, col


def turn_corners(corners: GridCorners, k: int) -> GridCorners:
    """The corners of the grid seen ``k`` quarter turns anticlockwise (as ``np.rot90`` turns
    the canonical image): the old top-right corner becomes the top-left for ``k = 1``."""
    return GridCorners.from_array(np.roll(corners.as_array(), -(k % 4), axis=0))


@dataclass(frozen=True)
class TurnedWarp(GridWarp):
    """A :class:`GridWarp` (flat or bent) whose canonical image is turned ``turns`` quarter
    turns anticlockwise: for a board lying sideways or upside down in the picture, so that
    square ``(0, 0)`` is the players' top-left square. ``rows`` and ``cols`` are the turned
    grid's, ``corners`` its corners from its own top-left."""

    inner: GridWarp | None = None   # always given: a default only because ``cell`` has one
    turns: int = 0

    @property
    def _turned(self) -> GridWarp:
        """The warp this one turns (``inner``)."""
        if self.inner is None:
            raise TypeError("TurnedWarp needs the warp it turns (inner)")
        return self.inner

    @classmethod
    def of(cls, inner: GridWarp, turns: int) -> GridWarp:
        turns %= 4
        if turns == 0:
            return inner
        if type(inner) is GridWarp:  # flat: simply the same grid from another corner
            rows, cols = (inner.cols, inner.rows) if turns % 2 else (inner.rows, inner.cols)
            return GridWarp(turn_corners(inner.corners, turns), rows, cols, inner.cell)
        rows, cols = (inner.cols, inner.rows) if turns % 2 else (inner.rows, inner.cols)
        return cls(turn_corners(inner.corners, turns), rows, cols, inner.cell, inner, turns)

    def straighten(self, image: np.ndarray, frame: int = 0) -> np.ndarray:
        return np.ascontiguousarray(np.rot90(self._turned.straighten(image, frame), self.turns))

    def padded(self, image: np.ndarray, margin: int | None = None) -> np.ndarray:
        return np.ascontiguousarray(np.rot90(self._turned.padded(image, margin), self.turns))

    def straighten_padded(self, padded: np.ndarray, frame: int = 0) -> np.ndarray:
        inner_padded = np.rot90(padded, -self.turns)
        return np.ascontiguousarray(np.rot90(self._turned.straighten_padded(inner_padded, frame), self.turns))

    def to_image(self, points: np.ndarray) -> np.ndarray:
        pts = np.asarray(points, np.float64).reshape(-1, 2)
        w, h = self.size
        for _ in range(self.turns):   # undo a quarter turn: this image (w, h) turned one (h, w)
            pts = np.stack([h - pts[:, 1], pts[:, 0]], axis=1)
            w, h = h, w
        return self._turned.to_image(pts)

    def square_centre_in_image(self, row: int, col: int) -> tuple[float, float]:
        r, c = turn_square(row, col, self.rows, self.cols, -self.turns)
        return self._turned.square_centre_in_image(r, c)

    def square_of_image_point(self, x: float, y: float) -> tuple[int, int] | None:
        square = self._turned.square_of_image_point(x, y)
        if square is None:
            return None
        return turn_square(square[0], square[1], self._turned.rows, self._turned.cols, self.turns)

    def grid_lines_in_image(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        return self._turned.grid_lines_in_image()


def _median(values: np.ndarray, axis: int) -> np.ndarray:
    """``np.median(values, axis)``, from a plain sort: for the small arrays here numpy's median
    (a partition of a copy, with NaN checks) takes several times longer."""
    n = values.shape[axis]
    ordered = np.sort(values, axis=axis)
    return 0.5 * (np.take(ordered, (n - 1) // 2, axis=axis) + np.take(ordered, n // 2, axis=axis))


def _measure_lines(padded: np.ndarray, warp: GridWarp, bands: int, reach: int,
                   lines: str = "inner") -> tuple[np.ndarray, np.ndarray]:
    """Where each grid line really is in ``padded`` (``warp.padded`` of the picture, one square
    of margin), in ``bands`` stretches along its length, within ``reach`` pixels of where ``warp``
    puts it. Returns two float arrays of rows ``(line position, position along, offset, weight)``
    in canonical pixels: first the vertical lines (their x, the stretch's y, the x offset), then
    the horizontal ones (their y, the stretch's x, the y offset). ``lines`` is ``"inner"`` (the
    outer lines meet the board's border, whose edge is easily taken for them) or ``"all"``."""
    cell = warp.cell
    margin = cell
    grey = padded if padded.ndim == 2 else cv2.cvtColor(padded, cv2.COLOR_BGR2GRAY)
    grey = grey.astype(np.float32)
    window = np.arange(-reach, reach + 1)
    out = []
    for axis in (0, 1):  # 0: vertical lines (x positions), 1: horizontal lines
        # Horizontal lines are measured as the vertical lines of the transposed picture (a
        # contiguous array: the column gathers below are several times faster than on a view).
        grad = np.abs(cv2.Sobel(grey if axis == 0 else np.ascontiguousarray(grey.T), cv2.CV_32F, 1, 0, ksize=3))
        n_lines, along = (warp.cols, warp.rows) if axis == 0 else (warp.rows, warp.cols)
        edges = np.linspace(0, along, bands + 1)
        ks = np.arange(1, n_lines) if lines == "inner" else np.arange(0, n_lines + 1)
        cols = margin + ks[:, None] * cell + window[None, :]  # (lines, window)
        rows = []
        for b in range(bands):
            a0, a1 = margin + int(edges[b] * cell), margin + int(edges[b + 1] * cell)
            # Median across the stretch: a line is there all along, a letter's edge is not.
            profiles = _median(grad[a0:a1:2][:, cols], axis=0)  # (lines, window); every other row
            typical = _median(profiles, axis=1) + 1e-3
            i = np.argmax(profiles, axis=1)
            peak = profiles[np.arange(len(ks)), i]
            strength = peak / typical
            ok = (strength >= 2.0) & (i > 0) & (i < profiles.shape[1] - 1)
            il, ir = np.clip(i - 1, 0, None), np.clip(i + 1, None, profiles.shape[1] - 1)
            left, right = profiles[np.arange(len(ks)), il], profiles[np.arange(len(ks)), ir]
            denom = left - 2 * peak + right
            sub = np.where(denom < 0, 0.5 * (left - right) / np.where(denom < 0, denom, -1.0), 0.0)
            offset = i + sub - reach
            pos_along = np.full(len(ks), (a0 + a1) / 2 - margin, np.float64)
            rows.append(np.stack([ks * cell, pos_along, offset, np.minimum(strength, 6.0)], axis=1)[ok])
        out.append(np.concatenate(rows).astype(np.float64))
    return out[0], out[1]


def lines_off(padded: np.ndarray, warp: GridWarp, bands: int = 5, search: float = 0.3) -> tuple[float, int]:
    """How far the grid's inner lines lie from where ``warp`` puts them, in ``padded`` (the
    picture straightened through ``warp`` with a square's margin round it): the median distance
    in squares of the stretches found within ``search`` squares, and how many were found."""
    vertical, horizontal = _measure_lines(padded, warp, bands, int(round(search * warp.cell)))
    offsets = np.abs(np.concatenate([vertical[:, 2], horizontal[:, 2]]))
    if not len(offsets):
        return search, 0
    return float(np.median(offsets)) / warp.cell, len(offsets)


def bend_to_lines(image: np.ndarray, warp: GridWarp, bands: int = 5, search: float = 0.3,
                  min_shift: float = 0.12, max_shift: float = 0.6, padded: np.ndarray | None = None) -> BentGridWarp | None:
    """Fit the grid line by line, for a board that is not flat.

    In the straightened picture (with a square's margin around it) every grid line is looked
    for separately in ``bands`` stretches along its length, within ``search`` squares of where
    the homography puts it; a smooth cubic displacement is fitted to those positions (weighted
    by how clearly each shows). Returns None when the lines are where the homography says
    (no displacement beyond ``min_shift`` squares: a flat board), when too few show, or when
    the fit wanders more than ``max_shift`` squares (not believable). ``padded`` is
    ``warp.padded(image)`` if the caller has it already."""
    # Measured at the canonical resolution: at half of it the fit wandered up to 0.14 square on
    # flat rendered boards, too near the real bends it must tell apart.
    cell = warp.cell
    if padded is None:
        padded = warp.padded(image)
    w, h = warp.size
    vertical, horizontal = _measure_lines(padded, warp, bands, int(round(search * cell)))
    need = 0.6 * bands * (warp.rows + warp.cols - 2) / 2
    if len(vertical) < need or len(horizontal) < need:
        return None
    coef = []
    for samples, transposed in ((vertical, False), (horizontal, True)):
        # Vertical lines: (x, y) = (line, along); horizontal lines: (x, y) = (along, line).
        px, py = (samples[:, 1], samples[:, 0]) if transposed else (samples[:, 0], samples[:, 1])
        terms = _poly_terms(px / w, py / h)
        sw = np.sqrt(samples[:, 3])
        target = samples[:, 2]
        fit = np.linalg.lstsq(terms * sw[:, None], target * sw, rcond=None)[0]
        # One round of dropping outliers (a tile's edge taken for the line).
        resid = np.abs(terms @ fit - target)
        keep = resid < max(0.05 * cell, 2.5 * np.median(resid))
        if keep.sum() >= 10:
            fit = np.linalg.lstsq(terms[keep] * sw[keep, None], target[keep] * sw[keep], rcond=None)[0]
        coef.append(fit)
    bent = BentGridWarp(warp.corners, warp.rows, warp.cols, warp.cell, tuple(coef[0].tolist()), tuple(coef[1].tolist()))
    gy, gx = np.mgrid[0 : h + 1 : warp.cell / 2, 0 : w + 1 : warp.cell / 2]
    ddx, ddy = bent.displacement(gx, gy)
    biggest = float(np.max(np.hypot(ddx, ddy))) / warp.cell
    if biggest < min_shift or biggest > max_shift:
        return None
    return bent


def fit_grid_to_lines(image: np.ndarray, warp: GridWarp, search: float = 0.42, rounds: int = 1,
                      bands: int = 6) -> tuple[GridCorners, float] | None:
    """The grid's corners refined so its lines lie on the picture's lines, starting from
    ``warp`` (corners that may be off by up to about ``search`` squares in places, such as a
    corner estimated from three markers). Returns ``(corners, residual)``, the residual being
    the lines' typical distance from the fitted grid in squares, or None when too few lines show.

    Every inner grid line is looked for in ``bands`` stretches along its length; a homography is
    fitted to all of them at once (a flat board's lines are straight and meet the picture's plane
    in one projective map), by the direct linear method: for a vertical line k, the map from the
    straightened picture back to the true grid must send each of its points to u = k squares,
    which is linear in the map's eight unknowns; likewise v = k for horizontal lines. Stretches
    far off the fit (a tile's edge taken for the line) are dropped and the fit repeated; each
    round measures again, closer, from the previous round's grid."""
    cell = warp.cell
    w, h = warp.size
    current = warp
    residual = np.inf
    for round_ in range(rounds):
        reach = int(round((search if round_ == 0 else 0.2) * cell))
        vertical, horizontal = _measure_lines(current.padded(image), current, bands, reach)
        need = 0.5 * bands * (warp.rows + warp.cols - 2) / 2
        if len(vertical) < need or len(horizontal) < need:
            return None
        # Samples in the straightened picture (x, y) and the true coordinate (u or v) they must map to.
        x = np.concatenate([vertical[:, 0] + vertical[:, 2], horizontal[:, 1]]) / w
        y = np.concatenate([vertical[:, 1], horizontal[:, 0] + horizontal[:, 2]]) / h
        target = np.concatenate([vertical[:, 0] / w, horizontal[:, 0] / h])
        is_v = np.arange(len(x)) < len(vertical)
        weight = np.sqrt(np.concatenate([vertical[:, 3], horizontal[:, 3]]))
        # Unknowns: a11 a12 a13 a21 a22 a23 a31 a32 (a33 = 1); u = (a11 x + a12 y + a13) / (a31 x + a32 y + 1).
        rows_ = np.zeros((len(x), 8))
        rows_[is_v, 0], rows_[is_v, 1], rows_[is_v, 2] = x[is_v], y[is_v], 1.0
        rows_[~is_v, 3], rows_[~is_v, 4], rows_[~is_v, 5] = x[~is_v], y[~is_v], 1.0
        rows_[:, 6], rows_[:, 7] = -target * x, -target * y
        keep = np.ones(len(x), bool)
        for _ in range(3):
            if keep.sum() < 12:
                return None
            a = np.linalg.lstsq(rows_[keep] * weight[keep, None], target[keep] * weight[keep], rcond=None)[0]
            denom = a[6] * x + a[7] * y + 1.0
            mapped = np.where(is_v, (a[0] * x + a[1] * y + a[2]), (a[3] * x + a[4] * y + a[5])) / denom
            err = np.abs(mapped - target) * np.where(is_v, w, h) / cell  # in squares
            new_keep = err < max(0.12, 3.0 * float(np.median(err[keep])))
            if np.array_equal(new_keep, keep):
                break
            keep = new_keep
        residual = float(np.median(err[keep]))
        # The map takes the straightened picture (normalised) to the true grid (normalised); the
        # grid's corners are where the unit square's corners come from.
        forward = np.array([[a[0], a[1], a[2]], [a[3], a[4], a[5]], [a[6], a[7], 1.0]])
        unit = np.array([[[0, 0]], [[1, 0]], [[1, 1]], [[0, 1]]], np.float64)
        straight = cv2.perspectiveTransform(unit, np.linalg.inv(forward)).reshape(4, 2) * np.array([w, h])
        points = cv2.perspectiveTransform(straight.reshape(-1, 1, 2), np.linalg.inv(current.homography()))
        corners = GridCorners.from_array(points.reshape(4, 2))
        if not corners.is_plausible():
            return None
        current = GridWarp(corners, warp.rows, warp.cols, warp.cell)
    return current.corners, residual


def line_support(image: np.ndarray, warp: GridWarp, bands: int = 5, reach: float = 0.2,
                 padded: np.ndarray | None = None) -> float:
    """The share of the grid's lines (all of them, the outer ones too, each in ``bands``
    stretches) that show in the picture within ``reach`` squares of where ``warp`` puts them.

    Near 1 for a grid lying on a board's lines (tiles hide some stretches, their edges stand
    in for others); low for a grid squeezed onto a picture that shows only part of the board,
    whose lines then fall between the real ones."""
    if padded is None:
        padded = warp.padded(image)
    vertical, horizontal = _measure_lines(padded, warp, bands, max(2, int(round(reach * warp.cell))), lines="all")
    return (len(vertical) + len(horizontal)) / (bands * (warp.rows + warp.cols + 2))
