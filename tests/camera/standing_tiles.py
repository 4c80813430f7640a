"""For the camera tests: cameras placed by hand round a 15 x 15 board, and pictures they take of
it with the tiles standing up from the board (boxes, their tops a tile's thickness up).

The pictures are drawn from the virtual camera's own top-down board (its squares, print and
tiles, :mod:`wordboard.camera.virtual`): the board's plane and each tile's top are warped to
where the camera sees them (far tiles first), and the sides of each tile that face the camera
are filled in the tile's wood, shaded."""

from __future__ import annotations

import cv2
import numpy as np

from wordboard.camera.geometry import GridCorners
from wordboard.camera.pose import BoardPose
from wordboard.camera.state import BoardState
from wordboard.camera.virtual import _RENDER_CELL, SceneStyle, _draw_board, _make_camera

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


def render_standing(state: BoardState, camera: Camera, thickness: float, seed: int = 0) -> np.ndarray:
    """``camera``'s picture of the board holding ``state``, its tiles ``thickness`` squares
    thick (BGR, ``camera.size``)."""
    style = SceneStyle(image_size=camera.size, markers=False, tilt=0.0, rotation_deg=0.0, shadow=False,
                       light_gradient=0.0, noise_sigma=0.0, jpeg_quality=0)
    scene = _make_camera(ROWS, COLS, style, seed)
    empty, grid = _draw_board(BoardState.empty(ROWS, COLS), style, scene)
    full, _ = _draw_board(state, style, scene)
    # the drawings' pixels -> the board's squares
    x0, y0 = grid[0]
    to_board = np.array([[1 / _RENDER_CELL, 0, -x0 / _RENDER_CELL], [0, 1 / _RENDER_CELL, -y0 / _RENDER_CELL], [0, 0, 1]])
    square = np.array([[0, 0], [COLS, 0], [COLS, ROWS], [0, ROWS]], np.float32)

    def seen_at(height: float) -> np.ndarray:
        """The drawing's pixels -> the picture, for the plane ``height`` squares up."""
        img = camera.picture(np.column_stack([square, np.full(4, height)])).astype(np.float32)
        return cv2.getPerspectiveTransform(square, img) @ to_board

    w, h = camera.size
    picture = np.full((h, w, 3), (60, 90, 120), np.uint8)
    cv2.warpPerspective(empty, seen_at(0.0), camera.size, dst=picture, borderMode=cv2.BORDER_TRANSPARENT,
                        flags=cv2.INTER_AREA)
    tops = cv2.warpPerspective(full, seen_at(thickness), camera.size, flags=cv2.INTER_AREA)
    eye = camera.position * [1, 1, -1]
    wood = np.array(scene.wood, float)
    for r, c, _symbol in sorted(state.occupied(), key=lambda t: -np.hypot(t[1] + 0.5 - eye[0], t[0] + 0.5 - eye[1])):
        inset = 0.05   # a tile is a little smaller than its square
        base = np.array([[c + inset, r + inset], [c + 1 - inset, r + inset], [c + 1 - inset, r + 1 - inset],
                         [c + inset, r + 1 - inset]])
        bottom = camera.picture(np.column_stack([base, np.zeros(4)]))
        top = camera.picture(np.column_stack([base, np.full(4, thickness)]))
        for i in range(4):
            j = (i + 1) % 4
            outward = (base[i] + base[j]) / 2 - base.mean(axis=0)
            if np.dot(outward, eye[:2] - (base[i] + base[j]) / 2) > 0:   # a side facing the camera
                shade = 0.62 if abs(outward[1]) > abs(outward[0]) else 0.72
                side = np.array([bottom[i], bottom[j], top[j], top[i]], np.int32)
                cv2.fillConvexPoly(picture, side, tuple(float(v) for v in wood * shade), cv2.LINE_AA)
        face = np.zeros((h, w), np.uint8)
        cv2.fillConvexPoly(face, top.astype(np.int32), 255, cv2.LINE_AA)
        picture[face > 0] = tops[face > 0]
    return cv2.GaussianBlur(picture, (0, 0), 0.8)
