"""The camera's pose worked out from the grid's four corners (wordboard.camera.pose), against
cameras placed by hand: the corners are those cameras' pictures of the grid (cv2.projectPoints)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordboard.camera.geometry import GridCorners
from wordboard.camera.pose import DEFAULT_FIELD_OF_VIEW, TILE_THICKNESS, BoardPose

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


VIEWS = [(e, a, f) for e in (60, 35) for a in (0, 25, 90, 200) for f in (900, 1600)]


@pytest.mark.parametrize(("elevation", "azimuth", "focal"), VIEWS)
def test_pose_from_exact_corners(elevation, azimuth, focal):
    camera = Camera(elevation, azimuth, focal)
    pose = camera.pose()
    assert pose.focal_observed
    assert pose.focal_length == pytest.approx(focal, rel=1e-3)
    assert np.allclose(pose.rotation, camera.rotation, atol=1e-3)
    assert np.allclose(pose.camera_position, camera.position * [1, 1, -1], atol=0.02)
    assert pose.elevation == pytest.approx(elevation, abs=0.1)


@settings(max_examples=60, deadline=None)
@given(elevation=st.floats(30, 65), azimuth=st.floats(0, 360), focal=st.floats(800, 2400),
       fill=st.floats(0.5, 0.95), seed=st.integers(0, 2**16))
def test_pose_from_corners_a_pixel_off(elevation, azimuth, focal, fill, seed):
    """Corners found up to a pixel off: the focal length within 8%, the camera's elevation within
    2 degrees, the tiles' tops within a twentieth of a square of where they are."""
    camera = Camera(elevation, azimuth, focal, fill)
    noise = np.random.default_rng(seed).uniform(-1, 1, (4, 2))
    pose = camera.pose(noise)
    assert pose.focal_observed
    assert pose.focal_length == pytest.approx(focal, rel=0.08)
    assert pose.elevation == pytest.approx(elevation, abs=2.0)
    truth = camera.pose()
    assert np.abs(pose.top_shifts() - truth.top_shifts()).max() < 0.05


@pytest.mark.parametrize(("elevation", "azimuth", "focal"), VIEWS)
def test_tile_top_corners(elevation, azimuth, focal):
    camera = Camera(elevation, azimuth, focal)
    pose = camera.pose()
    for height in (TILE_THICKNESS, 0.5, 1.0):
        assert pose.plane_corners(height).max_distance(camera.corners(height)) < 0.5
    assert pose.plane_corners(0.0).max_distance(camera.corners()) < 1e-3
    # The top of a tile on a square lies, in the picture, where the camera shows that point.
    for row, col in ((0, 0), (7, 7), (14, 3)):
        top = [[col, row, TILE_THICKNESS], [col + 1, row, TILE_THICKNESS], [col + 1, row + 1, TILE_THICKNESS],
               [col, row + 1, TILE_THICKNESS]]
        seen = cv2.perspectiveTransform(camera.picture(top).reshape(-1, 1, 2),
                                        np.linalg.inv(pose.board_homography)).reshape(4, 2)
        assert np.abs(pose.top_face(row, col) - seen).max() < 1e-3


def test_tile_tops_lie_towards_the_far_side():
    """From the bottom edge at 35 degrees a tile's top lies about 1.4 thicknesses up the board
    (towards row 0); at 60 degrees about 0.6 thicknesses; from straight above, on its square."""
    for elevation, shift in ((35, 1.43), (60, 0.58)):
        dx, dy = Camera(elevation, 0, 1200).pose().top_shift(7, 7)
        assert abs(dx) < 1e-3
        assert -dy / TILE_THICKNESS == pytest.approx(shift, rel=0.05)
    straight = Camera(90, 0, 1200).pose()
    assert straight.middle_shift() < 1e-3
    assert not straight.is_oblique()
    assert Camera(60, 0, 1200).pose().is_oblique()


@pytest.mark.parametrize(("elevation", "azimuth", "focal"),
                         [(35, 0, 1200), (35, 40, 900), (60, 0, 1600), (60, 135, 1200), (90, 0, 1200)])
def test_hidden_squares(elevation, azimuth, focal):
    camera = Camera(elevation, azimuth, focal)
    pose = camera.pose() if elevation < 90 else BoardPose(camera.corners(), SIZE, ROWS, COLS, focal=focal)
    for row, col in ((7, 7), (0, 14), (14, 0), (3, 10)):
        hidden = pose.hidden_by(row, col)
        truth = camera.hidden(row, col, TILE_THICKNESS)
        assert set(k for k, v in truth.items() if v > 0.02) <= set(hidden)
        for key in set(hidden) | set(truth):
            assert hidden.get(key, 0.0) == pytest.approx(truth.get(key, 0.0), abs=0.02), key
    if elevation == 35 and azimuth == 0:
        # the square behind (towards the far side) loses about 1.4 thicknesses of its depth
        assert pose.hidden_by(7, 7)[(6, 7)] == pytest.approx(1.43 * TILE_THICKNESS, abs=0.03)
        assert (8, 7) not in pose.hidden_by(7, 7)


def test_from_straight_above_the_focal_length_is_assumed():
    """A picture from straight above does not show the focal length: the usual field of view is
    assumed, and the tiles' tops, wherever the true camera, lie within 0.15 square of their
    squares at the grid's corners and on them in its middle."""
    for focal in (900, 1500, 2400):
        camera = Camera(90, 0, focal)
        pose = camera.pose()
        assert not pose.focal_observed
        assert pose.focal_length == pytest.approx(0.5 * max(SIZE) / np.tan(np.radians(DEFAULT_FIELD_OF_VIEW / 2)))
        assert pose.elevation > 89
        assert not pose.is_oblique()
        assert np.abs(pose.top_shifts()).max() < 0.15
    given = BoardPose(Camera(90, 0, 1500).corners(), SIZE, ROWS, COLS, focal=1500.0)
    assert given.plane_corners(TILE_THICKNESS).max_distance(Camera(90, 0, 1500).corners(TILE_THICKNESS)) < 0.5
