"""A pinhole camera standing at the table's edge, for the virtual camera's 3D view.

Board coordinates are in squares, in OpenCV's convention for a pattern lying on a table: the
origin at the grid's top-left corner (as the players see the board), ``x`` along the columns,
``y`` along the rows, ``z`` into the table; a point ``h`` squares above the board has
``z = -h``. Square ``(row, col)`` spans ``x`` in ``[col, col + 1]``, ``y`` in ``[row, row + 1]``.
:func:`board_point` spells that out; ``rvec``/``tvec`` take board points to the camera's frame
(``x`` right, ``y`` down, ``z`` forward), as :func:`cv2.projectPoints` and :func:`cv2.solvePnP`
have them.

:class:`CameraView` is where the camera stands (elevation, azimuth, distance), its lens (field
of view, radial distortion ``k1``, ``k2``) and how the board lies (a folding board's halves at an
angle, a gentle warp). :func:`place_camera` turns it into a :class:`Pinhole` for one scene.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np


def undistort_points(points: np.ndarray, K: np.ndarray, dist: np.ndarray) -> np.ndarray:
    """Picture points through a distorting lens to normalised ideal ones, iterated to 1e-6 (20
    rounds at most). OpenCV 5 takes the rounds as ``undistortPoints(criteria=)``; 4.x, which a
    Raspberry Pi's numpy 1.24 gets, has no such keyword (a TypeError-like cv2.error there) but
    ``undistortPointsIter``: the same answer either way."""
    criteria = (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 20, 1e-6)
    if hasattr(cv2, "undistortPointsIter"):
        return cv2.undistortPointsIter(points, K, dist, None, None, criteria)
    return cv2.undistortPoints(points, K, dist, criteria=criteria)


@dataclass(frozen=True)
class CameraView:
    """Where the virtual camera stands and what its lens does.

    ``elevation_deg``: 90 looks straight down, 30 is a phone stood at the board's edge.
    ``azimuth_deg``: the side it looks from, turning round the board: 0 from beyond the last
    row (the picture shows the board the right way up), 90 from beyond the last column, 180
    from beyond the first row. ``distance``: from the board's centre, in squares (None: as near
    as makes the grid ``SceneStyle.grid_fraction`` of the picture's shorter side across).
    ``fov_deg``: the horizontal field of view. ``k1``, ``k2``: radial distortion, OpenCV's model
    (negative ``k1``: barrel, as most webcams). ``fold_deg``: with ``SceneStyle.fold``, each half
    of the folding board rises that many degrees toward the hinge. ``warp``: how far (squares)
    the board's edges bow up off the table."""

    elevation_deg: float = 90.0
    azimuth_deg: float = 0.0
    distance: float | None = None
    fov_deg: float = 60.0
    k1: float = 0.0
    k2: float = 0.0
    fold_deg: float = 2.5
    warp: float = 0.0

    def __post_init__(self) -> None:
        if not 10.0 <= self.elevation_deg <= 90.0:
            raise ValueError(f"elevation_deg is 10-90 degrees above the table, not {self.elevation_deg}")
        if not 10.0 <= self.fov_deg <= 120.0:
            raise ValueError(f"fov_deg is 10-120 degrees, not {self.fov_deg}")


#: A webcam's lens, about as a 1080p USB webcam or a phone's wide camera distorts.
WEBCAM_LENS = {"k1": -0.12, "k2": 0.04}


def board_point(row: float, col: float, height: float = 0.0) -> tuple[float, float, float]:
    """The board coordinates of the point at ``(row, col)`` (in squares from the grid's
    top-left corner) ``height`` squares above the board."""
    return (float(col), float(row), -float(height))


def grid_points(rows: int, cols: int, height: float = 0.0) -> np.ndarray:
    """The grid's line crossings at ``height``: a ``(rows + 1, cols + 1, 3)`` array."""
    yy, xx = np.mgrid[0 : rows + 1, 0 : cols + 1].astype(np.float64)
    return np.stack([xx, yy, np.full_like(xx, -height)], axis=2)


@dataclass
class Pinhole:
    """One camera's intrinsics and pose, and the board's shape under it (the truth)."""

    K: np.ndarray                  # 3x3 intrinsics
    dist: np.ndarray               # (k1, k2, p1, p2, k3) as OpenCV takes them
    R: np.ndarray                  # board -> camera rotation
    t: np.ndarray                  # board -> camera translation (3,)
    image_size: tuple[int, int]    # width, height
    rows: int
    cols: int
    fold: float = 0.0              # tan of each half's rise toward the hinge (0: flat)
    fold_at: float = 0.0           # the hinge's x (squares)
    board_box: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # x0, y0, x1, y1 of the board
    warp: tuple[float, float, float] = (0.0, 0.0, 0.0)   # height, share along x, share along y
    _maps: tuple[np.ndarray, np.ndarray] | None = field(default=None, repr=False)

    @property
    def rvec(self) -> np.ndarray:
        return cv2.Rodrigues(self.R)[0].reshape(3)

    @property
    def tvec(self) -> np.ndarray:
        return self.t.reshape(3).copy()

    @property
    def centre(self) -> np.ndarray:
        """The camera's position in board coordinates."""
        return -self.R.T @ self.t

    @property
    def distorted(self) -> bool:
        return bool(np.any(self.dist != 0))

    @property
    def bent(self) -> bool:
        return self.fold != 0 or self.warp[0] != 0

    def surface_height(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """How far above the table (squares) the board's surface is at board point ``(x, y)``."""
        x0, y0, x1, y1 = self.board_box
        x, y = np.asarray(x, np.float64), np.asarray(y, np.float64)
        on = (x >= x0) & (x <= x1) & (y >= y0) & (y <= y1)
        h = np.zeros(np.broadcast(x, y).shape)
        if self.fold:
            half = max(self.fold_at - x0, x1 - self.fold_at)
            h = h + self.fold * np.clip(half - np.abs(x - self.fold_at), 0, None)
        height, along_x, along_y = self.warp
        if height:
            u = (2 * x - x0 - x1) / (x1 - x0)
            v = (2 * y - y0 - y1) / (y1 - y0)
            h = h + height * (along_x * u * u + along_y * v * v)
        return np.where(on, h, 0.0)

    def ideal(self, points: np.ndarray) -> np.ndarray:
        """Pixels of board points (``(..., 3)``) through a lens with no distortion."""
        pts = np.asarray(points, np.float64)
        cam = pts.reshape(-1, 3) @ self.R.T + self.t
        pix = cam @ self.K.T
        return (pix[:, :2] / pix[:, 2:3]).reshape(pts.shape[:-1] + (2,))

    def project(self, points: np.ndarray) -> np.ndarray:
        """Pixels of board points (``(..., 3)``) in the picture, the lens's distortion included."""
        pts = np.asarray(points, np.float64)
        out, _ = cv2.projectPoints(pts.reshape(-1, 1, 3), self.rvec, self.tvec, self.K, self.dist)
        return out.reshape(pts.shape[:-1] + (2,))

    def on_surface(self, points: np.ndarray, above: float = 0.0) -> np.ndarray:
        """Board points ``(..., 3)`` moved to ``above`` squares over the board's surface there."""
        pts = np.array(points, np.float64)
        pts[..., 2] = -(self.surface_height(pts[..., 0], pts[..., 1]) + above)
        return pts

    def grid_in_image(self, above: float = 0.0) -> np.ndarray:
        """The grid's line crossings on the board's surface (or ``above`` it) in the picture:
        ``(rows + 1, cols + 1, 2)``."""
        return self.project(self.on_surface(grid_points(self.rows, self.cols), above))

    def corners_in_image(self) -> np.ndarray:
        """The grid's outer corners in the picture, TL, TR, BR, BL: ``(4, 2)``."""
        g = self.grid_in_image()
        return np.array([g[0, 0], g[0, -1], g[-1, -1], g[-1, 0]])

    def plane_homography(self, height: float = 0.0) -> np.ndarray:
        """The 3x3 map from board ``(x, y)`` at ``height`` to ideal (undistorted) pixels."""
        return self.K @ np.column_stack([self.R[:, 0], self.R[:, 1], self.t - height * self.R[:, 2]])

    def lens_maps(self, step: int = 8) -> tuple[np.ndarray, np.ndarray] | None:
        """For :func:`cv2.remap`: where each pixel of the picture comes from in the ideal picture
        of a flat board (the lens's distortion and the board's bend undone). None when there is
        neither. Worked out every ``step`` pixels (both are smooth), and kept."""
        if not (self.distorted or self.bent):
            return None
        if self._maps is not None:
            return self._maps
        width, height = self.image_size
        gy, gx = np.mgrid[0 : height + step : step, 0 : width + step : step].astype(np.float64)
        pix = np.stack([gx, gy], axis=2).reshape(-1, 1, 2)
        if self.distorted:
            norm = undistort_points(pix, self.K, self.dist).reshape(-1, 2)
        else:
            norm = (pix.reshape(-1, 2) - self.K[:2, 2]) / np.diag(self.K)[:2]
        ideal = norm * np.diag(self.K)[:2] + self.K[:2, 2]
        if self.bent:
            # The ray through each pixel meets the bent board where it meets the plane at the
            # board's height there: a few rounds of that settle (the bend is gentle).
            rays = np.column_stack([norm, np.ones(len(norm))]) @ self.R   # board directions
            origin = self.centre
            z = np.zeros(len(norm))
            for _ in range(6):
                s = (-z - origin[2]) / np.where(np.abs(rays[:, 2]) > 1e-9, rays[:, 2], 1e-9)
                hit = origin + s[:, None] * rays
                z = self.surface_height(hit[:, 0], hit[:, 1])
            ideal = self.ideal(np.column_stack([hit[:, 0], hit[:, 1], np.zeros(len(z))]))
        ideal = ideal.reshape(gx.shape + (2,)).astype(np.float32)
        # cv2.resize puts sample i at (i + 0.5) * step - 0.5; shift so it sits at i * step.
        size = (gx.shape[1] * step, gx.shape[0] * step)
        off = (step - 1) // 2
        map_x = cv2.resize(ideal[..., 0], size, interpolation=cv2.INTER_LINEAR)[off : off + height, off : off + width]
        map_y = cv2.resize(ideal[..., 1], size, interpolation=cv2.INTER_LINEAR)[off : off + height, off : off + width]
        self._maps = (np.ascontiguousarray(map_x), np.ascontiguousarray(map_y))
        return self._maps

    def through_lens(self, ideal: np.ndarray, border: int = cv2.BORDER_REFLECT) -> np.ndarray:
        """The picture the camera takes of ``ideal`` (a flat board's picture through a lens
        without distortion): the lens's distortion and the board's bend put in."""
        maps = self.lens_maps()
        if maps is None:
            return ideal
        return cv2.remap(ideal, maps[0], maps[1], cv2.INTER_LINEAR, borderMode=border)

    def knocked(self, rng: np.random.Generator, amount: float) -> Pinhole:
        """The camera after a knock: turned by up to ``amount`` radians about each axis, moved
        by up to ``amount`` of its distance."""
        turn = cv2.Rodrigues(rng.uniform(-amount, amount, 3))[0]
        shift = rng.uniform(-amount, amount, 3) * float(np.linalg.norm(self.t))
        return Pinhole(self.K, self.dist, turn @ self.R, turn @ self.t + shift, self.image_size, self.rows,
                       self.cols, self.fold, self.fold_at, self.board_box, self.warp)


def look_from(target: np.ndarray, elevation_deg: float, azimuth_deg: float, distance: float,
              roll_deg: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """``(R, t)`` of a camera ``distance`` squares from board point ``target``, ``elevation_deg``
    above the table, on the side ``azimuth_deg`` says (see :class:`CameraView`), looking at it,
    turned ``roll_deg`` about its axis."""
    e, a = np.radians(elevation_deg), np.radians(azimuth_deg)
    side = np.array([np.sin(a), np.cos(a), 0.0])      # from the board toward the camera, level
    up = np.array([0.0, 0.0, -1.0])
    centre = np.asarray(target, np.float64) + distance * (np.cos(e) * side + np.sin(e) * up)
    forward = target - centre
    forward /= np.linalg.norm(forward)
    right = np.array([np.cos(a), -np.sin(a), 0.0])     # level, whatever the elevation
    down = np.cross(forward, right)
    R = np.stack([right, down, forward])
    if roll_deg:
        R = cv2.Rodrigues(np.array([0.0, 0.0, np.radians(roll_deg)]))[0] @ R
    return R, -R @ centre


def place_camera(view: CameraView, rows: int, cols: int, image_size: tuple[int, int], grid_fraction: float,
                 rng: np.random.Generator, board_box: tuple[float, float, float, float], fold: bool = False,
                 fold_at: float | None = None, roll_deg: float = 0.0) -> Pinhole:
    """The camera ``view`` describes over a ``rows`` x ``cols`` grid, in a picture of
    ``image_size``; ``rng`` chooses the small random parts (the principal point a little off
    the centre, where exactly it aims, the board's warp). ``board_box``: the whole board's
    extent in board coordinates (the border included), for the fold and the warp."""
    width, height = image_size
    focal = (width / 2) / np.tan(np.radians(view.fov_deg) / 2)
    principal = np.array([width / 2, height / 2]) + rng.uniform(-0.01, 0.01, 2) * np.array([width, height])
    K = np.array([[focal, 0, principal[0]], [0, focal, principal[1]], [0, 0, 1]], np.float64)
    dist = np.array([view.k1, view.k2, 0.0, 0.0, 0.0], np.float64)
    target = np.array([cols / 2, rows / 2, 0.0]) + np.append(rng.uniform(-0.03, 0.03, 2) * max(rows, cols), 0.0)
    x0, y0, x1, y1 = board_box
    warp = (view.warp, *(lambda s: (s, 1 - s))(float(rng.uniform(0.2, 0.8))))
    tan_fold = float(np.tan(np.radians(view.fold_deg))) if fold else 0.0
    hinge = (x0 + x1) / 2 if fold_at is None else fold_at

    def camera(d: float, aim: np.ndarray) -> Pinhole:
        R, t = look_from(target, view.elevation_deg, view.azimuth_deg, d, roll_deg)
        R = aim @ R
        return Pinhole(K, dist, R, aim @ t, image_size, rows, cols, tan_fold, hinge, board_box, warp)

    # As a photographer frames it: the grid fills grid_fraction of the picture's height or of its
    # width (whichever it reaches first), the whole board within the picture, in its middle (the
    # camera turned a little from the board's centre: its elevation, where it stands, stays).
    aim = np.eye(3)
    distance = view.distance if view.distance is not None else focal / (grid_fraction * min(width, height)) * max(rows, cols)
    outline = np.array([[x0, y0, 0], [x1, y0, 0], [x1, y1, 0], [x0, y1, 0]], np.float64)
    for _ in range(8):
        g = camera(distance, aim).ideal(grid_points(rows, cols).reshape(-1, 3))
        b = camera(distance, aim).ideal(outline)
        low, high = b.min(axis=0), b.max(axis=0)
        off = (low + high) / 2 - principal
        aim = cv2.Rodrigues(np.array([np.arctan(off[1] / focal), -np.arctan(off[0] / focal), 0.0]))[0] @ aim
        if view.distance is None:
            grid = max(float(np.ptp(g[:, 0])) / width, float(np.ptp(g[:, 1])) / height) / grid_fraction
            distance *= max(grid, (high[0] - low[0]) / (0.96 * width), (high[1] - low[1]) / (0.96 * height))
    return camera(distance, aim)


@dataclass(frozen=True)
class ViewTruth:
    """What a rendered 3D view really was, for tests and for checking a pose estimate.

    ``K``, ``dist``, ``rvec``, ``tvec`` as OpenCV takes them (board coordinates: see the
    module's notes); ``board_grid``: the grid's line crossings on the board's surface in the
    picture, ``(rows + 1, cols + 1, 2)``, row by row from the top-left; ``top_grid``: the same
    crossings ``tile_height`` squares above the surface, where the tiles' top faces lie."""

    K: np.ndarray
    dist: np.ndarray
    rvec: np.ndarray
    tvec: np.ndarray
    board_grid: np.ndarray
    top_grid: np.ndarray
    tile_height: float
    elevation_deg: float
    azimuth_deg: float

    @classmethod
    def of(cls, camera: Pinhole, view: CameraView, tile_height: float) -> ViewTruth:
        return cls(camera.K.copy(), camera.dist.copy(), camera.rvec, camera.tvec, camera.grid_in_image(),
                   camera.grid_in_image(tile_height), tile_height, view.elevation_deg, view.azimuth_deg)
