"""A board photographed across the table, its tiles standing up from it (issue 36): the reader
reads the letters on the tiles' tops (see BoardReader._tile_tops), and a picture with no tiles
standing up (from above, or warped to look oblique) as before."""

from __future__ import annotations

import numpy as np
import pytest
from standing_tiles import Camera, render_standing

from conftest import accuracy, random_state
from wordboard.camera.locate import locate_board
from wordboard.camera.pose import TILE_THICKNESS, BoardPose
from wordboard.camera.reader import BoardReader
from wordboard.camera.virtual import SceneStyle, render_scene

SIZE = (1280, 960)


def _read_both(classifier, elevation: float, seed: int):
    """A board of 60 tiles seen from ``elevation`` degrees (the board found by itself), read on
    the board's plane only and as the reader does: the truth and both readers' accuracy."""
    rng = np.random.default_rng(seed)
    state = random_state(tiles=60, blanks=2, seed=seed)
    camera = Camera(elevation, float(rng.uniform(-20, 20)), float(rng.uniform(900, 1600)), 0.75, SIZE)
    image = render_standing(state, camera, TILE_THICKNESS, seed)
    corners = locate_board(image, 15, 15).corners
    out = []
    for thickness in (0.0, TILE_THICKNESS):
        reader = BoardReader(15, 15, corners, classifier=classifier, use_tesseract=False, orientation=0,
                             tile_thickness=thickness)
        out.append((accuracy(state, reader.read(image).state), reader.read_height))
    return out


@pytest.mark.parametrize("seed", [0, 1])
def test_from_35_degrees_the_letters_are_read_on_the_tiles_tops(tile_classifier, seed):
    (before, _), ((right, tiles, phantoms), height) = _read_both(tile_classifier, 35, seed)
    assert 0.15 < height < 0.4   # the tiles' thickness as the letters show it (0.24)
    assert right >= 0.9 * tiles   # (seeds 0-5: 346 of 360 tiles right, 3 empty squares read as tiles)
    assert right >= before[0] + 8  # (read on the board's plane: 259 of 360, 19)
    assert phantoms <= before[2]


@pytest.mark.parametrize("seed", [0, 1])
def test_from_60_degrees_every_tile_reads_right(tile_classifier, seed):
    _before, ((right, tiles, phantoms), height) = _read_both(tile_classifier, 60, seed)
    assert (right, phantoms) == (tiles, 0)
    assert height == 0.0 or 0.1 < height < 0.45


def test_from_straight_above_the_board_is_read_as_before(tile_classifier):
    before, after = _read_both(tile_classifier, 90, 0)
    assert after == (before[0], 0.0)
    assert before[0][0] == before[0][1]


@pytest.mark.parametrize("seed", range(6))
def test_a_picture_warped_to_look_oblique_is_read_on_the_board(tile_classifier, seed):
    """The virtual camera's boards lie flat, their corners moved as a tilted camera would see
    them: the letters lie on their squares, whatever the corners say."""
    scene = render_scene(random_state(tiles=60, seed=seed), SceneStyle(), seed=seed)
    assert BoardPose(scene.corners, SIZE, 15, 15).is_oblique()
    reader = BoardReader(15, 15, scene.corners, classifier=tile_classifier, use_tesseract=False, orientation=0)
    reader.read(scene.image)
    assert reader.read_height == 0.0
