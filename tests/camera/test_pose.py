"""The camera's pose worked out from the grid's four corners (wordboard.camera.pose), against
cameras placed by hand: the corners are those cameras' pictures of the grid (cv2.projectPoints)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from placed_camera import COLS, ROWS, SIZE, Camera

from wordboard.camera.pose import DEFAULT_FIELD_OF_VIEW, TILE_THICKNESS, BoardPose

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


@pytest.mark.parametrize(("elevation", "azimuth"), [(35, 0), (35, 30), (45, 45), (50, 200), (60, 90)])
def test_thickness_from_letters(elevation, azimuth):
    """Letters found half a tile up where the tiles' tops put them give the tiles' thickness
    (within 0.08 square: letters printed off their tiles' middle pull it a little), even found
    0.03 square off at random; where the board's plane puts them (a picture with no tiles
    standing up), no thickness."""
    pose = Camera(elevation, azimuth, 1200, 0.8, (1280, 960)).pose()
    rng = np.random.default_rng(7)
    squares = [(int(r), int(c)) for r, c in rng.integers(0, 15, (40, 2))]
    printed = np.array([-0.06, -0.04])   # the letter a little up and left on its tile
    for truth in (TILE_THICKNESS, 0.3):
        on_tops = pose.shifts_on_plane(truth, TILE_THICKNESS / 2)
        shifts = {k: tuple(on_tops[k] + printed + rng.normal(0, 0.03, 2)) for k in squares}
        assert pose.thickness_from_letters(shifts) == pytest.approx(truth, abs=0.08)
    flat = pose.shifts_on_plane(0.0, TILE_THICKNESS / 2)
    assert pose.thickness_from_letters({k: tuple(flat[k] + printed + rng.normal(0, 0.03, 2)) for k in squares}) is None
    assert pose.thickness_from_letters({k: tuple(on_tops[k]) for k in squares[:5]}) is None   # too few to tell
