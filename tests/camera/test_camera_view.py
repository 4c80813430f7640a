"""The virtual camera's 3D view: a pinhole camera at the table's edge, tiles as boxes, the
lens's distortion, a folding board; and the truth it reports about the picture."""

import cv2
import numpy as np
import pytest

from conftest import random_state
from wordboard.camera.pinhole import CameraView, board_point, grid_points
from wordboard.camera.state import BLANK, BoardState
from wordboard.camera.virtual import CLEAN_STYLE, SceneStyle, render_scene

PLAIN = CLEAN_STYLE.with_(premium_squares=False, markers=False)


def grey(scene) -> np.ndarray:
    return cv2.cvtColor(scene.image, cv2.COLOR_BGR2GRAY).astype(np.float32)


def sample(image: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Bilinear samples of a grey picture at ``points`` (n, 2)."""
    pts = points.reshape(1, -1, 2).astype(np.float32)
    return cv2.remap(image, pts[..., 0], pts[..., 1], cv2.INTER_LINEAR).ravel()


@pytest.mark.parametrize("view, fold", [
    (CameraView(elevation_deg=90), False),
    (CameraView(elevation_deg=60, azimuth_deg=20, k1=-0.15, k2=0.05), False),
    (CameraView(elevation_deg=35, azimuth_deg=-15, k1=-0.12, k2=0.04, fold_deg=4.0), True),
    (CameraView(elevation_deg=45, azimuth_deg=90, warp=0.3), False),
])
def test_the_grid_is_drawn_where_projectPoints_puts_it(view, fold):
    scene = render_scene(BoardState.empty(15, 15), PLAIN.with_(view=view, fold=fold), seed=3)
    truth = scene.view
    assert truth is not None
    # The corners reported are cv2.projectPoints of the board's corners (flat board: z = 0).
    if not fold and not view.warp:
        corners = np.array([board_point(0, 0), board_point(0, 15), board_point(15, 15), board_point(15, 0)])
        projected, _ = cv2.projectPoints(corners, truth.rvec, truth.tvec, truth.K, truth.dist)
        assert np.allclose(scene.corners.as_array(), projected.reshape(4, 2), atol=0.01)
        assert np.allclose(truth.board_grid, cv2.projectPoints(grid_points(15, 15).reshape(-1, 3), truth.rvec,
                                                                truth.tvec, truth.K, truth.dist)[0].reshape(16, 16, 2))
    # And the picture shows the grid there: its lines' crossings dark, the squares' middles light.
    img = grey(scene)
    crossings = sample(img, truth.board_grid[1:-1, 1:-1].reshape(-1, 2))
    middles = sample(img, ((truth.board_grid[:-1, :-1] + truth.board_grid[1:, 1:]) / 2).reshape(-1, 2))
    assert np.median(crossings) < np.median(middles) - 60
    assert (crossings < np.median(middles) - 40).mean() > 0.95


def blank_tile_top(scene) -> np.ndarray:
    """The centroid (x, y) of a light wood tile's top face in the picture (brighter than its
    sides, redder than the board)."""
    b, g, r = (scene.image[..., k].astype(int) for k in range(3))
    mask = ((r - b) > 60) & (g > 165)
    ys, xs = np.nonzero(mask)
    assert len(xs) > 100
    return np.array([xs.mean(), ys.mean()])


@pytest.mark.parametrize("elevation", [35, 50, 70])
def test_a_tiles_top_lies_toward_the_far_side_by_its_height_times_cot_elevation(elevation):
    h = 0.24
    state = BoardState.empty(15, 15).with_square(7, 7, BLANK)
    scene = render_scene(state, PLAIN.with_(view=CameraView(elevation_deg=elevation), rotation_deg=0.0,
                                             tile_height=h), seed=1)
    truth = scene.view
    top = blank_tile_top(scene)
    # Back through the board's plane, the top face's centre lies nearer row 0 (the far side,
    # the camera looking from beyond the last row) by about h * cot(elevation) squares.
    R = cv2.Rodrigues(truth.rvec)[0]
    plane = truth.K @ np.column_stack([R[:, 0], R[:, 1], truth.tvec])
    on_board = cv2.perspectiveTransform(top.reshape(1, 1, 2), np.linalg.inv(plane)).ravel()
    assert on_board[0] == pytest.approx(7.5, abs=0.08)
    # (the camera aims at the board's middle from a finite distance: the ray's own elevation
    # there is within a degree or two of the camera's)
    assert 7.5 - on_board[1] == pytest.approx(h / np.tan(np.radians(elevation)), abs=0.07)
    # Through the plane of the tiles' tops it is the square's centre.
    up = truth.K @ np.column_stack([R[:, 0], R[:, 1], truth.tvec - h * R[:, 2]])
    on_top = cv2.perspectiveTransform(top.reshape(1, 1, 2), np.linalg.inv(up)).ravel()
    assert np.allclose(on_top, (7.5, 7.5), atol=0.07)
    assert np.allclose(truth.top_grid[7:9, 7:9].mean(axis=(0, 1)), top, atol=0.07 * np.linalg.norm(
        truth.top_grid[7, 8] - truth.top_grid[7, 7]))


def changed_share(a, b, truth, row: int, col: int, inner: float = 0.7) -> float:
    """The share of square (row, col)'s middle part (on the board's plane) that differs
    between two pictures by more than 40 levels in some colour."""
    g = truth.board_grid
    src = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32) * 100
    dst = np.array([g[row, col], g[row, col + 1], g[row + 1, col + 1], g[row + 1, col]], np.float32)
    to_square = cv2.getPerspectiveTransform(dst, src)
    size = (100, 100)
    pa = cv2.warpPerspective(a, to_square, size)
    pb = cv2.warpPerspective(b, to_square, size)
    m = int(100 * (1 - inner) / 2)
    diff = np.abs(pa.astype(int) - pb.astype(int)).max(axis=2)[m : 100 - m, m : 100 - m]
    return float((diff > 40).mean())


def test_at_35_degrees_a_tall_tile_hides_part_of_the_square_behind_it():
    empty = BoardState.empty(15, 15)
    tile = empty.with_square(7, 7, BLANK)
    hidden = {}
    for elevation in (90, 35):
        style = PLAIN.with_(view=CameraView(elevation_deg=elevation), tile_height=0.5)
        a, b = render_scene(empty, style, seed=2), render_scene(tile, style, seed=2)
        hidden[elevation] = changed_share(a.image, b.image, a.view, 6, 7)
        in_front = changed_share(a.image, b.image, a.view, 8, 7)
        assert in_front < 0.02   # the square nearer the camera is not covered
    assert hidden[90] < 0.02
    assert hidden[35] > 0.3


def test_seen_from_the_side_the_far_square_is_the_one_hidden():
    empty = BoardState.empty(15, 15)
    tile = empty.with_square(7, 7, BLANK)
    style = PLAIN.with_(view=CameraView(elevation_deg=35, azimuth_deg=90), tile_height=0.5)
    a, b = render_scene(empty, style, seed=2), render_scene(tile, style, seed=2)
    # From beyond the last column the square behind the tile is the one to its left.
    assert changed_share(a.image, b.image, a.view, 7, 6) > 0.3
    assert changed_share(a.image, b.image, a.view, 7, 8) < 0.02


def test_the_default_style_draws_the_board_flat_as_before():
    state = random_state(seed=4)
    flat = render_scene(state, SceneStyle(), seed=4)
    assert flat.view is None
    # The tile's thickness is a 3D view's: the flat drawing does not change with it.
    assert np.array_equal(flat.image, render_scene(state, SceneStyle(tile_height=0.6), seed=4).image)
    assert not np.array_equal(flat.image, render_scene(state, SceneStyle(view=CameraView()), seed=4).image)


def straightness(points: np.ndarray) -> float:
    """The largest distance (pixels) of ``points`` (n, 2) from their best-fitting line."""
    centred = points - points.mean(axis=0)
    _, _, vt = np.linalg.svd(centred)
    return float(np.max(np.abs(centred @ vt[1])))


def test_lens_distortion_bends_straight_grid_lines_and_is_none_when_off():
    state = BoardState.empty(15, 15)
    straight = render_scene(state, PLAIN.with_(view=CameraView(elevation_deg=60)), seed=5)
    bent = render_scene(state, PLAIN.with_(view=CameraView(elevation_deg=60, k1=-0.25, k2=0.05)), seed=5)
    assert straight.view.dist.tolist() == [0.0] * 5
    for truth, lo, hi in ((straight.view, 0.0, 0.01), (bent.view, 2.0, 100.0)):
        for line in (truth.board_grid[0], truth.board_grid[-1], truth.board_grid[:, 0], truth.board_grid[:, -1]):
            assert lo <= straightness(line) <= hi
    # The picture bends with them: the first row's line is dark along the bent path.
    img = grey(bent)
    g = bent.view.board_grid
    along = np.concatenate([np.linspace(g[0, k], g[0, k + 1], 6)[1:-1] for k in range(15)])
    chord = np.linspace(g[0, 0], g[0, -1], len(along))
    assert np.median(sample(img, along)) < np.median(sample(img, chord)) - 30


def test_a_view_photographs_every_tile_game_state_and_is_repeatable():
    state = random_state(seed=6, tiles=80)
    style = SceneStyle(view=CameraView(elevation_deg=40, azimuth_deg=10, k1=-0.1), fold=True, hand=True)
    a = render_scene(state, style, seed=6)
    b = render_scene(state, style, seed=6)
    assert np.array_equal(a.image, b.image)
    assert a.corners.is_plausible(a.image.shape)
    assert a.view.board_grid.shape == a.view.top_grid.shape == (16, 16, 2)


def test_a_view_needs_a_sensible_elevation():
    with pytest.raises(ValueError, match="elevation"):
        CameraView(elevation_deg=5)


def test_a_virtual_camera_with_a_view_keeps_its_place_until_bumped():
    from wordboard.camera.virtual import VirtualCamera

    cam = VirtualCamera(random_state(seed=7, tiles=30), SceneStyle(view=CameraView(elevation_deg=45, k1=-0.1)), seed=7)
    a, b = cam.read(), cam.read()
    first = cam.last_scene
    assert 0 < np.abs(a.astype(int) - b.astype(int)).mean() < 6      # only the noise differs
    cam.bump()
    cam.read()
    moved = cam.last_scene
    assert 1.0 < moved.corners.max_distance(first.corners) < 40
    assert not np.allclose(moved.view.rvec, first.view.rvec)
    assert np.allclose(moved.corners.as_array(), moved.view.board_grid[[0, 0, -1, -1], [0, -1, -1, 0]], atol=0.01)
