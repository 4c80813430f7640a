"""The virtual camera, the corner markers and finding the grid."""

import numpy as np
import pytest

from conftest import random_state
from wordboard.camera.locate import MARKERS, OUTLINE, BoardNotFound, locate_board
from wordboard.camera.markers import detect_corner_markers, render_marker_sheet
from wordboard.camera.state import BoardState
from wordboard.camera.virtual import CLEAN_STYLE, SceneStyle, VirtualCamera, render_scene


def cell_size(scene) -> float:
    c = scene.corners.as_array()
    return float(np.linalg.norm(c[1] - c[0])) / scene.state.cols


def test_same_seed_same_scene_and_frames_differ_only_by_noise():
    state = random_state(seed=1)
    a = render_scene(state, SceneStyle(), seed=4)
    b = render_scene(state, SceneStyle(), seed=4)
    c = render_scene(state, SceneStyle(), seed=4, frame=1)
    assert np.array_equal(a.image, b.image)
    assert a.corners == c.corners
    diff = np.abs(a.image.astype(int) - c.image.astype(int))
    assert 0 < diff.mean() < 6


def test_hand_covers_part_of_the_picture():
    state = random_state(seed=2)
    plain = render_scene(state, SceneStyle(), seed=3)
    hand = render_scene(state, SceneStyle(), seed=3, hand_reach=0.7)
    changed = (np.abs(plain.image.astype(int) - hand.image.astype(int)).max(axis=2) > 40).mean()
    assert hand.hand_visible and changed > 0.03


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_markers_locate_the_grid_precisely(seed):
    scene = render_scene(random_state(seed=seed), SceneStyle(), seed=seed)
    location = locate_board(scene.image, 15, 15)
    assert location.method == MARKERS
    assert location.corners.max_distance(scene.corners) < 0.2 * cell_size(scene)


@pytest.mark.parametrize("seed", [0, 5, 6])
def test_without_markers_the_outline_and_lines_find_the_grid(seed):
    scene = render_scene(random_state(seed=seed), SceneStyle(markers=False), seed=seed)
    location = locate_board(scene.image, 15, 15)
    assert location.method == OUTLINE
    assert location.corners.max_distance(scene.corners) < 0.3 * cell_size(scene)


def test_three_markers_still_find_the_grid():
    scene = render_scene(random_state(seed=5, tiles=50), SceneStyle(missing_markers=(2,)), seed=5)  # one peeled off
    detection = detect_corner_markers(scene.image)
    assert detection is not None and len(detection.seen_ids) == 3
    location = locate_board(scene.image, 15, 15)
    assert location.corners.max_distance(scene.corners) < 0.3 * cell_size(scene)


def test_a_picture_without_a_board_is_a_clear_error():
    noise = np.random.default_rng(0).integers(0, 255, (480, 640, 3), dtype=np.uint8)
    with pytest.raises(BoardNotFound, match="could not find the board"):
        locate_board(noise, 15, 15)


def test_marker_sheet_shows_all_four_markers():
    sheet = render_marker_sheet(25, dpi=150)
    import cv2

    from wordboard.camera.markers import _detector

    _corners, ids, _ = _detector().detectMarkers(cv2.cvtColor(sheet, cv2.COLOR_BGR2GRAY))
    assert sorted(ids.ravel().tolist()) == [0, 1, 2, 3]
    with pytest.raises(ValueError):
        render_marker_sheet(5)


def test_virtual_camera_follows_the_state_and_can_be_bumped():
    cam = VirtualCamera(BoardState.empty(15, 15), CLEAN_STYLE, seed=1)
    first = cam.read()
    before = cam.last_scene.corners
    cam.state = cam.state.with_square(7, 7, "A")
    assert not np.array_equal(first, cam.read())
    cam.bump(0.03)
    cam.read()
    assert cam.last_scene.corners.max_distance(before) > 3
