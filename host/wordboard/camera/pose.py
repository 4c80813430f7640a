"""Where the camera is, seen from the board: its pose, and where the tiles' tops lie.

Tiles stand up from the board. Seen from straight above, a tile's face lies on its square; seen
across the table (a phone or webcam at the board's edge, 30-60 degrees above it), the face lies
nearer the far side than the square it stands on, and hides part of the square behind it. A
reader that straightens the picture on the board's plane then finds letters off their squares,
at a low camera one row too far.

:class:`BoardPose` is made from the grid's four corners in the picture (and the picture's size).
The board is measured in squares: square ``(row, col)`` lies on ``[col, col+1] x [row, row+1]``
of the board's plane, and height is counted in squares too, upwards from the board. The camera's
focal length is worked out from how the grid's square corners are foreshortened (the two
orthogonality conditions of Zhang's calibration, the principal point at the picture's centre,
square pixels); in a view from nearly straight above (an affine picture) the focal length cannot
be told, and a usual field of view (:data:`DEFAULT_FIELD_OF_VIEW`) is assumed: the tiles' tops
then lie nearly over their squares anyway. The pose follows from the focal length and the
corners (``cv2.solvePnP``, IPPE).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import cv2
import numpy as np

from wordboard.camera.geometry import SURFACE_SAMPLES, GridCorners, GridWarp, SurfaceGridWarp

#: A tile's thickness in squares: about 4.5 mm on 19 mm squares. An edition or a calibration
#: that knows its tiles may say otherwise.
TILE_THICKNESS = 0.24

#: The field of view (degrees, across the picture's longer side) assumed when the picture does
#: not show it: phones' main cameras and webcams 60-75, a Raspberry Pi camera module 2 62.
DEFAULT_FIELD_OF_VIEW = 65.0

#: Below this much foreshortening across the grid (the far side's scale against the near side's,
#: 0: none), the focal length is not worked out from the picture but assumed: from nearly
#: straight above, corners a pixel off change it by half or more.
MIN_FORESHORTENING = 0.06

#: A focal length worked out outside these multiples of the picture's longer side is not
#: believed (the corners are then off, or the picture was cut or warped): the default is used.
FOCAL_RANGE = (0.3, 5.0)

#: The tiles' tops are read where they lie when the board's middle square's top lies at least
#: this far (in squares) from its own square: below it the picture is read on the board's plane.
OBLIQUE_SHIFT = 0.05

#: Letters that must be found to tell whether the tiles' tops lie off their squares (see
#: :meth:`BoardPose.thickness_from_letters`): a picture warped to look oblique (a photo from
#: above made slanted, a rendered board with its corners moved) shows its letters on their
#: squares, whatever the corners say. Where a tile's top lies at least ``LONG_WAY`` of a
#: square from where the board's plane puts it (in the picture straightened half a tile up),
#: the letters' median tells; else a fit, whose letters lying more than ``LETTER_FITS`` of a
#: square off are left out. The tops are believed off their squares when the letters lie
#: ``TOPS_SHOWN`` of the way there or more (by ``TOPS_SURE`` standard errors above none, fitted).
MIN_LETTERS_ON_TOPS = 8
LONG_WAY = 0.2
LETTER_FITS = 0.15
TOPS_SHOWN = 0.6
TOPS_SURE = 2.0


def _board_points(rows: int, cols: int, height: float = 0.0) -> np.ndarray:
    """The grid's four outer corners on the plane ``height`` squares above the board, as (4, 3)
    points of the pose's frame (x along a row, y down the columns, z into the table)."""
    return np.array([[0, 0, -height], [cols, 0, -height], [cols, rows, -height], [0, rows, -height]], np.float64)


def focal_from_homography(board_to_image: np.ndarray, centre: tuple[float, float],
                          scale: float) -> float | None:
    """The focal length (pixels) for which the plane mapped by ``board_to_image`` (from a plane
    with square units) is seen by a camera with square pixels and its principal point at
    ``centre``, from the two conditions that the plane's axes are at right angles and equally
    long; None when the picture does not tell it (an affine map, or no positive solution).
    ``scale``: a typical length in the picture (its longer side), for conditioning."""
    shift = np.array([[1.0, 0.0, -centre[0]], [0.0, 1.0, -centre[1]], [0.0, 0.0, 1.0]])
    h = np.diag([1.0 / scale, 1.0 / scale, 1.0]) @ shift @ np.asarray(board_to_image, np.float64)
    h = h / np.linalg.norm(h[:, :2])
    a, b = h[:, 0], h[:, 1]
    # With w = 1 / f^2 (f in units of ``scale``): (a1 b1 + a2 b2) w + a3 b3 = 0 and
    # (a1^2 + a2^2 - b1^2 - b2^2) w + a3^2 - b3^2 = 0, solved together by least squares.
    coef = np.array([a[0] * b[0] + a[1] * b[1], a[0] ** 2 + a[1] ** 2 - b[0] ** 2 - b[1] ** 2])
    rest = np.array([a[2] * b[2], a[2] ** 2 - b[2] ** 2])
    denom = float(coef @ coef)
    if denom < 1e-12:
        return None
    w = -float(coef @ rest) / denom
    if not w > 0:
        return None
    return scale / float(np.sqrt(w))


def foreshortening(board_to_image: np.ndarray, rows: int, cols: int) -> float:
    """How differently the grid's corners are scaled in the picture: the spread of the
    homography's denominator over the four corners against its mean (0 for an affine view; a
    camera at 35 degrees to a board filling half the picture, about 0.5)."""
    pts = _board_points(rows, cols)[:, :2]
    h = np.asarray(board_to_image, np.float64)
    den = pts @ h[2, :2] + h[2, 2]
    return float((den.max() - den.min()) / abs(den.mean()))


@dataclass(frozen=True)
class BoardPose:
    """The camera's pose seen from the board, from the grid's corners in the picture.

    ``corners``: the grid's outer corners in the picture (clockwise from the top-left, see
    :class:`~wordboard.camera.geometry.GridCorners`); ``image_size``: the picture's (width,
    height); ``rows``, ``cols``: the grid's squares; ``focal``: the focal length in pixels when
    known (a calibration), else worked out from the corners (:attr:`focal_length`)."""

    corners: GridCorners
    image_size: tuple[int, int]
    rows: int
    cols: int
    focal: float | None = None

    # --- the camera ---------------------------------------------------------------------------

    @cached_property
    def board_homography(self) -> np.ndarray:
        """The 3x3 map from the board's plane (in squares) to the picture, through the corners."""
        src = _board_points(self.rows, self.cols)[:, :2].astype(np.float32)
        return cv2.getPerspectiveTransform(src, self.corners.as_array()).astype(np.float64)

    @cached_property
    def foreshortening(self) -> float:
        """See :func:`foreshortening`."""
        return foreshortening(self.board_homography, self.rows, self.cols)

    @cached_property
    def _focal(self) -> tuple[float, bool]:
        if self.focal is not None:
            return float(self.focal), True
        w, h = self.image_size
        longer = float(max(w, h))
        default = 0.5 * longer / np.tan(np.radians(DEFAULT_FIELD_OF_VIEW) / 2)
        if self.foreshortening < MIN_FORESHORTENING:
            return default, False
        focal = focal_from_homography(self.board_homography, self.principal_point, longer)
        if focal is None or not FOCAL_RANGE[0] * longer <= focal <= FOCAL_RANGE[1] * longer:
            return default, False
        return focal, True

    @property
    def focal_length(self) -> float:
        """The focal length in pixels: given, worked out from the corners, or assumed."""
        return self._focal[0]

    @property
    def focal_observed(self) -> bool:
        """True when :attr:`focal_length` was given or worked out from the picture, False when
        assumed (:data:`DEFAULT_FIELD_OF_VIEW`: a view from nearly straight above)."""
        return self._focal[1]

    @property
    def principal_point(self) -> tuple[float, float]:
        w, h = self.image_size
        return (w - 1) / 2.0, (h - 1) / 2.0

    @property
    def camera_matrix(self) -> np.ndarray:
        f = self.focal_length
        cx, cy = self.principal_point
        return np.array([[f, 0.0, cx], [0.0, f, cy], [0.0, 0.0, 1.0]])

    @cached_property
    def _pose(self) -> tuple[np.ndarray, np.ndarray]:
        ok, rvec, tvec = cv2.solvePnP(_board_points(self.rows, self.cols), self.corners.as_array().astype(np.float64),
                                      self.camera_matrix, None, flags=cv2.SOLVEPNP_IPPE)
        if ok and np.all(np.isfinite(rvec)) and np.all(np.isfinite(tvec)):
            rotation, _ = cv2.Rodrigues(rvec)
        else:
            # (IPPE gives NaN for some exactly symmetric views: the homography's own decomposition)
            rotation, tvec = self._pose_from_homography()
        if float((rotation @ np.array([0.0, 0.0, -1.0]) * tvec.ravel()).sum()) > 0:
            # (the board's up side faces away from the camera: the other of IPPE's two poses)
            raise ValueError("the grid's corners show the board from below")
        return rotation, tvec.reshape(3)

    def _pose_from_homography(self) -> tuple[np.ndarray, np.ndarray]:
        """The pose from :attr:`board_homography` and the camera matrix (Zhang): the homography
        is, up to scale, the camera matrix times the rotation's first two columns and the
        translation; the nearest rotation is kept."""
        b = np.linalg.inv(self.camera_matrix) @ self.board_homography
        b = b / np.linalg.norm(b[:, 0])
        if b[2, 2] < 0:
            b = -b   # the board in front of the camera
        r = np.column_stack([b[:, 0], b[:, 1], np.cross(b[:, 0], b[:, 1])])
        u, _, vt = np.linalg.svd(r)
        rotation = u @ vt
        if np.linalg.det(rotation) < 0:
            rotation = u @ np.diag([1.0, 1.0, -1.0]) @ vt
        return rotation, b[:, 2].reshape(3, 1)

    @property
    def rotation(self) -> np.ndarray:
        """The 3x3 rotation from the board's frame (x along a row, y down the columns, z into the
        table; in squares) to the camera's (x right, y down, z forward)."""
        return self._pose[0]

    @property
    def translation(self) -> np.ndarray:
        """Where the board's top-left corner is in the camera's frame (squares)."""
        return self._pose[1]

    @cached_property
    def camera_position(self) -> np.ndarray:
        """The camera's centre in the board's frame: (x, y, height above the board), in squares."""
        x, y, z = -self.rotation.T @ self.translation
        return np.array([x, y, -z])

    @property
    def elevation(self) -> float:
        """Degrees the camera stands above the board's plane, seen from the grid's middle (90:
        straight above)."""
        x, y, height = self.camera_position
        across = np.hypot(x - self.cols / 2, y - self.rows / 2)
        return float(np.degrees(np.arctan2(height, across)))

    # --- planes above the board ---------------------------------------------------------------

    @cached_property
    def _lift(self) -> np.ndarray:
        """What a square of height adds to the third column of :attr:`board_homography`: the
        plane ``z`` squares up maps the board's point (x, y) where the board's plane maps
        (x, y) plus ``z`` times this column (the corners stay exactly where they were found,
        even when the assumed focal length does not quite fit them)."""
        k = self.camera_matrix
        model = k @ np.column_stack([self.rotation[:, 0], self.rotation[:, 1], self.translation])
        scale = float((model * self.board_homography).sum() / (model * model).sum())
        return scale * (k @ -self.rotation[:, 2])

    def plane_homography(self, height: float) -> np.ndarray:
        """The 3x3 map from the plane ``height`` squares above the board (in squares, as the
        board's plane) to the picture."""
        h = self.board_homography.copy()
        h[:, 2] += height * self._lift
        return h

    def project(self, points: np.ndarray) -> np.ndarray:
        """Picture points (n, 2) of board points (n, 3): (x, y, height), in squares."""
        pts = np.asarray(points, np.float64).reshape(-1, 3)
        h = self.board_homography
        img = pts[:, :2] @ h[:, :2].T + h[:, 2] + pts[:, 2:3] * self._lift
        return img[:, :2] / img[:, 2:3]

    def plane_corners(self, height: float) -> GridCorners:
        """The grid's corners on the plane ``height`` squares up (the tiles' tops: ``height`` a
        tile's thickness), in the picture: straightened through them, a tile's face lies on
        its square."""
        flat = _board_points(self.rows, self.cols)[:, :2]
        return GridCorners.from_array(self.project(np.column_stack([flat, np.full(4, float(height))])))

    def raised_warp(self, surface: GridWarp, height: float) -> GridWarp:
        """The mapping that straightens the picture ``height`` squares above the board's surface
        as ``surface`` (the mapping straightening the board) finds it: the tiles' tops, on a
        board that may not be flat. On a flat board the plane ``height`` up
        (:meth:`plane_corners`). On a bent one (a folding board rising to its hinge, a warped
        sheet, a lens's distortion: :func:`~wordboard.camera.geometry.bend_to_lines`) each grid
        point is taken where the surface shows it, moved as a point ``height`` higher moves in
        the picture; the surface's own height there is worked out from how far the picture
        shows it off the board's plane along the way a rising point moves."""
        flat = GridWarp(self.plane_corners(height), self.rows, self.cols, surface.cell)
        if type(surface) is GridWarp:
            return flat
        cell = surface.cell
        canonical = SurfaceGridWarp.sample_points(self.rows, self.cols, cell)
        board = canonical / cell
        seen = surface.to_image(canonical).astype(np.float64)
        on_plane = self.project(np.column_stack([board, np.zeros(len(board))]))
        rising = self.project(np.column_stack([board, np.ones(len(board))])) - on_plane
        raised_by = ((seen - on_plane) * rising).sum(axis=1) / np.maximum((rising * rising).sum(axis=1), 1e-9)
        lifted = (self.project(np.column_stack([board, raised_by + height]))
                  - self.project(np.column_stack([board, raised_by])))
        top = (seen + lifted).astype(np.float32).reshape(-1, 1, 2)
        on_flat = cv2.perspectiveTransform(top, flat.homography()).reshape(-1, 2).astype(np.float64)
        return SurfaceGridWarp.sampled(flat, (on_flat - canonical).reshape(SURFACE_SAMPLES * self.rows + 1,
                                                                          SURFACE_SAMPLES * self.cols + 1, 2))

    def on_board(self, points: np.ndarray) -> np.ndarray:
        """Where the picture shows board points (n, 3) (x, y, height) against the board's plane:
        the board point (n, 2) behind each in the picture, in squares."""
        img = self.project(points).astype(np.float64)
        back = np.linalg.inv(self.board_homography)
        p = img @ back[:, :2].T + back[:, 2]
        return p[:, :2] / p[:, 2:3]

    def top_face(self, row: int, col: int, thickness: float = TILE_THICKNESS) -> np.ndarray:
        """Where the top of a tile on square ``(row, col)`` lies in the board's plane as the
        picture shows it (its corners clockwise from top-left, (4, 2), in squares; times
        ``CANONICAL_CELL``: in the canonical image straightened on the board)."""
        corners = np.array([[col, row], [col + 1, row], [col + 1, row + 1], [col, row + 1]], np.float64)
        return self.on_board(np.column_stack([corners, np.full(4, thickness)]))

    def top_shift(self, row: int, col: int, thickness: float = TILE_THICKNESS) -> tuple[float, float]:
        """How far (dx, dy, in squares) the middle of a tile's top on ``(row, col)`` lies from
        the middle of its square in the picture straightened on the board."""
        centre = self.on_board(np.array([[col + 0.5, row + 0.5, thickness]]))[0]
        return float(centre[0] - col - 0.5), float(centre[1] - row - 0.5)

    def top_shifts(self, thickness: float = TILE_THICKNESS) -> np.ndarray:
        """:meth:`top_shift` of every square, shape (rows, cols, 2)."""
        ys, xs = np.mgrid[0 : self.rows, 0 : self.cols] + 0.5
        centres = np.column_stack([xs.ravel(), ys.ravel(), np.full(xs.size, thickness)])
        moved = self.on_board(centres) - centres[:, :2]
        return moved.reshape(self.rows, self.cols, 2)

    def middle_shift(self, thickness: float = TILE_THICKNESS) -> float:
        """How far (squares) the top of a tile on the grid's middle lies from its square in the
        picture straightened on the board: 0 from straight above, about 1.4 times the tile's
        thickness from 35 degrees."""
        return float(np.hypot(*self.top_shift(self.rows // 2, self.cols // 2, thickness)))

    def is_oblique(self, thickness: float = TILE_THICKNESS) -> bool:
        """Whether the tiles' tops lie far enough off their squares (:data:`OBLIQUE_SHIFT`) to be
        read where they lie, not on the board's plane."""
        return thickness > 0 and self.middle_shift(thickness) >= OBLIQUE_SHIFT

    def hidden_by(self, row: int, col: int, thickness: float = TILE_THICKNESS) -> dict[tuple[int, int], float]:
        """The squares that a tile on ``(row, col)`` partly hides from the camera, each with the
        share of it hidden (0-1): the tile's shadow cast from the camera's centre onto the board,
        less the tile's own square. Squares off the grid are left out."""
        base = np.array([[col, row], [col + 1, row], [col + 1, row + 1], [col, row + 1]], np.float64)
        shadow = cv2.convexHull(np.vstack([base, self.top_face(row, col, thickness)]).astype(np.float32))
        reach = int(np.ceil(np.abs(shadow.reshape(-1, 2) - base.mean(axis=0)).max()))
        hidden: dict[tuple[int, int], float] = {}
        for r in range(max(0, row - reach), min(self.rows, row + reach + 1)):
            for c in range(max(0, col - reach), min(self.cols, col + reach + 1)):
                if (r, c) == (row, col):
                    continue
                square = np.array([[c, r], [c + 1, r], [c + 1, r + 1], [c, r + 1]], np.float32)
                area, _ = cv2.intersectConvexConvex(shadow, square)
                if area > 1e-4:
                    hidden[(r, c)] = round(float(area), 4)
        return hidden

    def shifts_on_plane(self, height: float, plane: float) -> np.ndarray:
        """Where a point ``height`` squares above the middle of each square lies from that
        square's middle in the picture straightened on the plane ``plane`` squares up (the
        picture straightened through :meth:`plane_corners` of ``plane``), shape (rows, cols, 2),
        in squares (:meth:`top_shifts` is this on the board's plane)."""
        ys, xs = np.mgrid[0 : self.rows, 0 : self.cols] + 0.5
        centres = np.column_stack([xs.ravel(), ys.ravel(), np.full(xs.size, float(height))])
        img = self.project(centres)
        back = np.linalg.inv(self.plane_homography(plane))
        p = img @ back[:, :2].T + back[:, 2]
        return (p[:, :2] / p[:, 2:3] - centres[:, :2]).reshape(self.rows, self.cols, 2)

    def thickness_from_letters(self, shifts: dict[tuple[int, int], tuple[float, float]],
                               thickness: float = TILE_THICKNESS) -> float | None:
        """The tiles' thickness (squares) as the letters show it, or None when they do not show
        the tiles' tops off their squares. ``shifts``: per square where a letter was found,
        where the letter's middle lies from the square's (``Glyph.shift``: right, down, in
        squares) in the picture straightened half a ``thickness`` up (:meth:`plane_corners` of
        ``thickness / 2``): between where a tile of that thickness puts its letter and where
        the board's plane does (a picture with no tiles standing up: one warped to look oblique,
        a rendered board with its corners moved), a quarter of a square or less from either
        even from a low camera, so that each letter is found in its own square.

        Each letter's shift is measured as ``k`` times the way from where the board's plane
        puts it to where the tiles' tops do (0: on the board's plane, 1: on the tops). Letters
        are printed a little off their tiles' middle (0.05-0.1 of a square), as far as the tops
        lie off from a camera 60 degrees up; so ``k`` is taken, in that order:

        - where the way is long (:data:`LONG_WAY`, a camera below about 45 degrees), as the
          median of those letters' (at least :data:`MIN_LETTERS_ON_TOPS`), believed from
          :data:`TOPS_SHOWN`;
        - else fitted by least squares with one offset shared by every letter (where they are
          printed on their tiles, a grid found a little off): the way changes over the board
          (longer and turned towards the far side) and the offset does not. The letters lying
          farthest from the fit (over :data:`LETTER_FITS` of a square) are left out once and the
          fit made again; believed when ``k`` is at least :data:`TOPS_SHOWN` and
          :data:`TOPS_SURE` standard errors above 0.

        The thickness is then ``k`` times ``thickness`` (at most twice it)."""
        if len(shifts) < MIN_LETTERS_ON_TOPS:
            return None
        half = thickness / 2
        on_board = self.shifts_on_plane(0.0, half)
        on_top = self.shifts_on_plane(thickness, half)
        rows, cols = np.array(list(shifts)).T
        seen = np.array(list(shifts.values()), np.float64) - on_board[rows, cols]
        way = on_top[rows, cols] - on_board[rows, cols]
        length = np.hypot(way[:, 0], way[:, 1])
        long = length >= LONG_WAY
        if long.sum() >= MIN_LETTERS_ON_TOPS:
            k = float(np.median((seen[long] * way[long]).sum(axis=1) / length[long] ** 2))
            return thickness * min(k, 2.0) if k >= TOPS_SHOWN else None
        return self._thickness_fitted(seen, way, thickness)

    @staticmethod
    def _thickness_fitted(seen: np.ndarray, way: np.ndarray, thickness: float) -> float | None:
        """:meth:`thickness_from_letters` by least squares, with an offset shared by every letter."""
        n = len(seen)
        design = np.zeros((2 * n, 3))   # unknowns: offset x, offset y, k; per letter an x and a y
        design[:n, 0], design[n:, 1] = 1.0, 1.0
        design[:, 2] = np.concatenate([way[:, 0], way[:, 1]])
        target = np.concatenate([seen[:, 0], seen[:, 1]])
        keep = np.ones(n, bool)
        for _ in range(2):
            if keep.sum() < MIN_LETTERS_ON_TOPS:
                return None
            both = np.concatenate([keep, keep])
            a, t = design[both], target[both]
            normal = a.T @ a
            if abs(np.linalg.det(normal)) < 1e-12:
                return None
            fit = np.linalg.solve(normal, a.T @ t)
            resid = (design @ fit - target).reshape(2, n)
            keep = np.hypot(resid[0], resid[1]) <= LETTER_FITS
        variance = float(((a @ fit - t) ** 2).sum()) / max(1, len(t) - 3)
        k = float(fit[2])
        error = float(np.sqrt(max(variance, 1e-6) * np.linalg.inv(normal)[2, 2]))
        if k < TOPS_SHOWN or k - TOPS_SURE * error <= 0:
            return None
        return thickness * min(k, 2.0)

    def tile_top_corners(self, thickness: float = TILE_THICKNESS) -> GridCorners:
        """The grid's corners on the tiles' tops (:meth:`plane_corners` at a tile's thickness)."""
        return self.plane_corners(thickness)

