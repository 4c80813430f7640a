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
