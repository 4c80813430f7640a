"""The board's surface when it is not flat: a folding board's halves rising to the hinge, a board
bowed up or down, seen across the table.

From straight above a board's height hardly shows; from the table's edge a crease a few
millimetres high moves the squares near the hinge by half a square or more in the picture, more
than a smooth curve fitted to the grid's lines follows
(:func:`~wordboard.camera.geometry.bend_to_lines` takes a crease for no bend at all or bends the
whole grid wrong). :func:`fit_surface` instead tries heights the board can have: each half of a
board folded along its middle (either way) rising evenly to the hinge, and the board bowed
along either side; every height is seen through the camera's pose
(:class:`~wordboard.camera.pose.BoardPose`, from the grid's corners, which lie on the table) and
the one whose grid lines lie on the picture's dark lines is kept, tried together with the
lens's radial distortion (a barrel bends the lines as a bowed board would; a smooth curve fitted
to the lines on top of the surface put the crossings further from the truth, up to 0.3 square,
where the surface and the lens alone leave 0.05).
"""

from __future__ import annotations

import cv2
import numpy as np

from wordboard.camera.geometry import SURFACE_SAMPLES, GridWarp, SurfaceGridWarp, lines_off
from wordboard.camera.pose import BoardPose

#: The heights tried (squares per square, i.e. the slope of a half rising to the hinge; for a
#: bow, squares at the middle against the edges). A 2.5-degree fold rises 0.044 per square.
FOLD_SLOPES = np.round(np.arange(-0.03, 0.0601, 0.005), 4)
BOWS = np.round(np.arange(-0.4, 0.401, 0.05), 3)
#: The lens's radial distortion tried with them (OpenCV's ``k1``; webcams and phones' wide
#: cameras about -0.3 to 0): a barrel bends the grid's lines as a bow would.
LENS_K1 = np.round(np.arange(-0.3, 0.101, 0.025), 3)

#: How far to each side of a grid line its darkness is compared (squares).
_SIDE = 0.2

#: The surface is tried when its lines show this much darker than beside them, relative to the
#: flat board's (1.0: just as well), and believed when the grid's lines, measured in the picture
#: straightened through it, lie at most ``_NEARER`` as far from where it puts them as from where
#: the flat board does, and the flat board's lie ``_OFF`` of a square away or more (a flat
#: board's lines lie about 0.02-0.05 square off: a photo warped to look slanted, a board seen
#: from above, whose heights the picture hardly shows, are left flat).
_BETTER = 1.08
_NEARER = 0.6
_OFF = 0.06

#: Below this, a surface moves no grid point by more than this share of a square in the
#: picture: the board is flat enough to straighten by its corners alone.
_MIN_SHIFT = 0.1


def _height_basis(rows: int, cols: int, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The heights (n, 4) at board points ``x``, ``y`` of a unit fold across the columns, a unit
    fold across the rows, a unit bow along x and one along y: the board's height for parameters
    ``p`` (their first four) is ``basis @ p[:4]``, zero at the grid's corners."""
    half_x, half_y = cols / 2, rows / 2
    u, v = (x - half_x) / half_x, (y - half_y) / half_y
    return np.column_stack([half_x - np.abs(x - half_x), half_y - np.abs(y - half_y), 1 - u * u, 1 - v * v])


class _Lens:
    """Radial distortion ``k1`` about the picture's centre, as the corners' homography leaves
    it (the corners lie where they are seen: distorted, then taken back from the distorted
    corners to the seen ones)."""

    def __init__(self, pose: BoardPose, k1: float) -> None:
        self.k1 = k1
        self.centre = np.asarray(pose.principal_point, np.float64)
        self.focal = pose.focal_length
        corners = pose.corners.as_array().astype(np.float64)
        self.undo = cv2.getPerspectiveTransform(self._distort(corners).astype(np.float32),
                                                corners.astype(np.float32)).astype(np.float64)

    def _distort(self, p: np.ndarray) -> np.ndarray:
        d = p - self.centre
        r2 = (d * d).sum(axis=-1, keepdims=True) / self.focal ** 2
        return self.centre + d * (1 + self.k1 * r2)

    def __call__(self, p: np.ndarray) -> np.ndarray:
        if not self.k1:
            return p
        q = self._distort(p)
        h = q @ self.undo[:, :2].T + self.undo[:, 2]
        return h[..., :2] / h[..., 2:3]


class _LineEvidence:
    """How dark the grid's inner lines look, against beside them, for heights of the board."""

    def __init__(self, grey: np.ndarray, pose: BoardPose) -> None:
        self.grey = grey
        self.pose = pose
        rows, cols = pose.rows, pose.cols
        vx, vy = np.meshgrid(np.arange(1, cols), np.arange(0.1, rows, 0.2))
        hx, hy = np.meshgrid(np.arange(0.1, cols, 0.2), np.arange(1, rows))
        x = np.concatenate([vx.ravel(), hx.ravel()]).astype(np.float64)
        y = np.concatenate([vy.ravel(), hy.ravel()]).astype(np.float64)
        vertical = np.concatenate([np.ones(vx.size, bool), np.zeros(hx.size, bool)])
        side_x, side_y = np.where(vertical, _SIDE, 0.0), np.where(vertical, 0.0, _SIDE)
        # On the line and either side of it: where the board's plane puts each point (before
        # the perspective division), and its height basis.
        h = pose.board_homography
        self.points = [(np.column_stack([px, py]) @ h[:, :2].T + h[:, 2], _height_basis(rows, cols, px, py))
                       for px, py in ((x, y), (x - side_x, y - side_y), (x + side_x, y + side_y))]
        self.lift = np.asarray(pose.plane_homography(1.0)[:, 2] - h[:, 2], np.float64)
        self.lenses: dict[float, _Lens] = {}

    def _sample(self, base: np.ndarray, basis: np.ndarray, params: np.ndarray) -> np.ndarray:
        """The grey level (m, n) at the points for each of ``params`` (m, 5)."""
        z = params[:, :4] @ basis.T                                        # (m, n)
        homog = base[None, :, :] + z[:, :, None] * self.lift[None, None, :]
        seen = homog[..., :2] / homog[..., 2:3]
        for k1 in np.unique(params[:, 4]):
            if k1:
                lens = self.lenses.get(float(k1)) or self.lenses.setdefault(float(k1), _Lens(self.pose, float(k1)))
                rows = params[:, 4] == k1
                seen[rows] = lens(seen[rows])
        h, w = self.grey.shape
        px = np.clip(np.rint(seen[..., 0]).astype(int), 0, w - 1)
        py = np.clip(np.rint(seen[..., 1]).astype(int), 0, h - 1)
        return self.grey[py, px]

    def scores(self, params: np.ndarray) -> np.ndarray:
        """How much darker the lines are than beside them, for each of ``params`` (m, 5)."""
        on, before, after = (self._sample(base, basis, params) for base, basis in self.points)
        # A line is darker than both sides; where a tile covers it nothing is; clipped so a
        # tile's hard edge counts no more than a line.
        return np.mean(np.clip(np.minimum(before, after) - on, 0.0, 40.0), axis=1)


def fit_surface(image: np.ndarray, flat: GridWarp, padded: np.ndarray | None = None) -> GridWarp | None:
    """The warp that straightens the board in ``image`` if it is not flat: the height (a fold
    or a bow, see the module) whose grid lines show best through the camera's pose from
    ``flat``'s corners, when they show clearly better than the flat board's and move some grid
    point :data:`_MIN_SHIFT` of a square or more (with the lens's distortion, :data:`LENS_K1`),
    and the grid's lines lie nearer where it puts them than where the corners do (see
    :data:`_NEARER`). None when the flat board fits as well (straight above, a board that is
    flat: then no surface is searched for). ``padded``: ``flat.padded(image)`` if the caller
    has it."""
    height, width = image.shape[:2]
    pose = BoardPose(flat.corners, (width, height), flat.rows, flat.cols)
    if not pose.focal_observed:
        return None   # from nearly straight above the height hardly shows, and is not worked out
    if padded is None:
        padded = flat.padded(image)
    flat_off, flat_found = lines_off(padded, flat)
    if flat_off < _OFF:
        return None   # the corners put the lines where they are: no surface could do better
    grey = cv2.GaussianBlur(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image, (3, 3), 0)
    evidence = _LineEvidence(grey.astype(np.float32), pose)
    best = np.zeros(5)
    flat_score = best_score = float(evidence.scores(best[None])[0])
    # (the lens first: its bend is the board's whatever the board's height)
    choices = ((4, LENS_K1), (0, FOLD_SLOPES), (1, FOLD_SLOPES), (2, BOWS), (3, BOWS))
    for _round in range(3):
        before = best
        for i, values in choices:
            trials = np.repeat(best[None], len(values), axis=0)
            trials[:, i] = values
            scores = evidence.scores(trials)
            j = int(np.argmax(scores))
            if scores[j] > best_score:
                best, best_score = trials[j], float(scores[j])
        if best is before:
            break
    if best_score < _BETTER * flat_score or not best.any():
        return None
    cell = flat.cell
    canonical = SurfaceGridWarp.sample_points(flat.rows, flat.cols, cell)
    board = canonical / cell
    heights = _height_basis(flat.rows, flat.cols, board[:, 0], board[:, 1]) @ best[:4]
    seen = _Lens(pose, float(best[4]))(pose.project(np.column_stack([board, heights])))
    on_flat = cv2.perspectiveTransform(seen.astype(np.float32).reshape(-1, 1, 2), flat.homography()).reshape(-1, 2)
    shape = (SURFACE_SAMPLES * flat.rows + 1, SURFACE_SAMPLES * flat.cols + 1, 2)
    displacement = (on_flat - canonical).reshape(shape)
    if float(np.max(np.hypot(displacement[..., 0], displacement[..., 1]))) < _MIN_SHIFT * cell:
        return None
    surface = SurfaceGridWarp.sampled(flat, displacement)
    surface_off, surface_found = lines_off(surface.straighten_padded(padded, cell), flat)
    if surface_off > _NEARER * flat_off or surface_found < 0.8 * flat_found:
        return None
    return surface
