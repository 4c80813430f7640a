"""For the camera tests: cameras placed by hand round a 15 x 15 board (cv2.projectPoints), to
check the pose worked out from the grid's corners (wordboard.camera.pose) against."""

from __future__ import annotations

import cv2
import numpy as np

from wordboard.camera.geometry import GridCorners
from wordboard.camera.pose import BoardPose

ROWS = COLS = 15
SIZE = (1920, 1080)


class Camera:
    """A camera ``elevation`` degrees above the table looking at the grid's middle from
    ``azimuth`` degrees round it (0: from beyond the bottom row), the grid filling ``fill`` of
    the picture's height; focal length ``focal`` pixels, principal point at the centre."""

    def __init__(self, elevation: float, azimuth: float, focal: float, fill: float = 0.8, size=SIZE):
        self.size = size
        w, h = size
        self.k = np.array([[focal, 0, (w - 1) / 2], [0, focal, (h - 1) / 2], [0, 0, 1.0]])
        middle = np.array([COLS / 2, ROWS / 2, 0.0])
        e, a = np.radians(elevation), np.radians(azimuth)
        towards = np.array([np.sin(a), np.cos(a), 0.0])         # along the table, to the camera
        up = np.array([0.0, 0.0, -1.0])                          # (z runs into the table)
        distance = 1.2 * max(ROWS, COLS) / 2 / (fill * h / 2 / focal)
        self.position = middle + distance * (np.cos(e) * towards + np.sin(e) * up)
        forward = (middle - self.position) / distance
        down = towards - (towards @ forward) * forward
        down /= np.linalg.norm(down)
        self.rotation = np.stack([np.cross(down, forward), down, forward])
        self.translation = -self.rotation @ self.position

    def picture(self, points) -> np.ndarray:
        """Picture points (n, 2) of board points (n, 3): (x, y, height above the board)."""
        pts = np.asarray(points, np.float64).reshape(-1, 3) * [1, 1, -1]
        img, _ = cv2.projectPoints(pts, cv2.Rodrigues(self.rotation)[0], self.translation, self.k, None)
        return img.reshape(-1, 2)

    def corners(self, height: float = 0.0) -> GridCorners:
        return GridCorners.from_array(self.picture([[0, 0, height], [COLS, 0, height], [COLS, ROWS, height],
                                                    [0, ROWS, height]]))

    def pose(self, noise: np.ndarray | None = None) -> BoardPose:
        corners = self.corners().as_array() + (0 if noise is None else noise)
        return BoardPose(GridCorners.from_array(corners), self.size, ROWS, COLS)

    def hidden(self, row: int, col: int, thickness: float, n: int = 60) -> dict[tuple[int, int], float]:
        """The share of each square near ``(row, col)`` whose view the tile there blocks, by
        casting rays from points spread over the square to the camera."""
        out = {}
        ticks = (np.arange(n) + 0.5) / n
        for r in range(max(0, row - 2), min(ROWS, row + 3)):
            for c in range(max(0, col - 2), min(COLS, col + 3)):
                if (r, c) == (row, col):
                    continue
                ys, xs = np.meshgrid(r + ticks, c + ticks, indexing="ij")
                start = np.column_stack([xs.ravel(), ys.ravel(), np.zeros(xs.size)])
                end = self.position * [1, 1, -1]                  # (x, y, height)
                ray = end - start
                # the slab test against the tile's box [col, col+1] x [row, row+1] x [0, thickness]
                lo = np.array([col, row, 0.0])
                hi = np.array([col + 1, row + 1, thickness])
                with np.errstate(divide="ignore", invalid="ignore"):
                    t1, t2 = (lo - start) / ray, (hi - start) / ray
                near = np.nanmax(np.minimum(t1, t2), axis=1)
                far = np.nanmin(np.maximum(t1, t2), axis=1)
                share = float(np.mean((near <= far) & (far > 1e-9)))
                if share > 0:
                    out[(r, c)] = share
        return out
