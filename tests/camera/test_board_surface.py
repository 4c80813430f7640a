"""A folding board seen across the table (issue 36): each half rising to the hinge moves the
squares near it by more than half a square in a picture from 35 degrees up, which the grid's
corners cannot tell and a smooth curve fitted to the lines cannot follow. The board's surface
(camera/surface.py) is found from the grid's lines through the camera's pose, the tiles' tops
are straightened above that surface (BoardPose.raised_warp), and a board that is flat, or a photo
only warped to look slanted, keeps its plain homography. Boards are the virtual camera's 3D
views, whose truth (the grid's crossings on the board and on the tiles' tops) is known."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from conftest import accuracy, random_state
from wordboard.camera.geometry import GridCorners, GridWarp, SurfaceGridWarp, bend_to_lines
from wordboard.camera.pinhole import WEBCAM_LENS, CameraView
from wordboard.camera.pose import BoardPose
from wordboard.camera.reader import BoardReader
from wordboard.camera.surface import fit_surface
from wordboard.camera.virtual import SceneStyle, render_scene


def _scene(elevation: float, seed: int, fold: bool, azimuth: float = 0.0, wood: str = "light", lens: bool = True):
    state = random_state(tiles=60, blanks=1, seed=700 + seed)
    view = CameraView(elevation_deg=elevation, azimuth_deg=azimuth, **(WEBCAM_LENS if lens else {}))
    return render_scene(state, SceneStyle(view=view, fold=fold, tile_wood=wood), seed=700 + seed)


def _off(warp: GridWarp, truth: np.ndarray, flat: GridWarp) -> np.ndarray:
    """How far (squares) ``warp`` puts each grid crossing from ``truth`` (picture points),
    measured in ``flat``'s straightened picture."""
    cell = flat.cell
    ideal = np.stack(np.meshgrid(np.arange(16) * cell, np.arange(16) * cell), -1).reshape(-1, 2)
    mine = warp.to_image(ideal.astype(np.float64)).astype(np.float32).reshape(-1, 1, 2)
    there = np.asarray(truth, np.float32).reshape(-1, 1, 2)
    h = flat.homography()
    gap = cv2.perspectiveTransform(mine, h) - cv2.perspectiveTransform(there, h)
    return np.hypot(gap[..., 0], gap[..., 1]).ravel() / cell


@pytest.mark.parametrize(("seed", "azimuth"), [(0, 0.0), (1, 20.0), (2, 180.0)])
def test_a_folding_board_from_35_degrees_is_straightened_on_its_surface(seed, azimuth):
    scene = _scene(35, seed, fold=True, azimuth=azimuth)
    flat = GridWarp(scene.corners, 15, 15)
    truth = scene.view.board_grid
    assert _off(flat, truth, flat).max() > 0.5          # the corners alone: the hinge half a square off
    curve = bend_to_lines(scene.image, flat, max_shift=1.0)
    if curve is not None:                                  # a smooth curve does not follow the crease
        assert _off(curve, truth, flat).max() > 0.3
    surface = fit_surface(scene.image, flat)
    assert isinstance(surface, SurfaceGridWarp)
    off = _off(surface, truth, flat)
    assert off.max() < 0.2 and np.median(off) < 0.08


@pytest.mark.parametrize(("elevation", "seed"), [(35, 3), (60, 4), (90, 5)])
def test_a_flat_board_through_a_plain_lens_keeps_its_corners_homography(elevation, seed):
    scene = _scene(elevation, seed, fold=False, lens=False)
    assert fit_surface(scene.image, GridWarp(scene.corners, 15, 15)) is None


@pytest.mark.parametrize(("elevation", "seed"), [(35, 3), (60, 4)])
def test_a_flat_board_through_a_webcams_lens_is_straightened_on_its_lines(elevation, seed):
    scene = _scene(elevation, seed, fold=False)
    flat = GridWarp(scene.corners, 15, 15)
    surface = fit_surface(scene.image, flat)
    if surface is not None:
        assert _off(surface, scene.view.board_grid, flat).max() < 0.12


def test_the_tiles_tops_are_straightened_above_the_folded_surface():
    scene = _scene(35, 6, fold=True)
    flat = GridWarp(scene.corners, 15, 15)
    surface = fit_surface(scene.image, flat)
    assert surface is not None
    height, width = scene.image.shape[:2]
    pose = BoardPose(scene.corners, (width, height), 15, 15)
    thickness = scene.view.tile_height
    planar = GridWarp(pose.tile_top_corners(thickness), 15, 15)
    raised = pose.raised_warp(surface, thickness)
    assert _off(planar, scene.view.top_grid, flat).max() > 0.5
    off = _off(raised, scene.view.top_grid, flat)
    assert off.max() < 0.2 and np.median(off) < 0.08


def test_on_a_flat_board_the_raised_warp_is_the_plane_above():
    scene = _scene(35, 7, fold=False)
    height, width = scene.image.shape[:2]
    pose = BoardPose(scene.corners, (width, height), 15, 15)
    flat = GridWarp(scene.corners, 15, 15)
    raised = pose.raised_warp(flat, 0.24)
    assert type(raised) is GridWarp
    assert raised.corners.max_distance(GridCorners.from_array(pose.plane_corners(0.24).as_array())) < 1e-6


@pytest.mark.parametrize(("seed", "wood", "azimuth"), [(8, "light", -20.0), (9, "honey", 0.0)])
def test_a_folding_board_from_35_degrees_is_read(tile_classifier, seed, wood, azimuth):
    """(Before the surface was fitted, folding boards from 35 degrees read 38-84 % of their tiles
    wrong in bench/camera_angle_bench.py. Not yet: the same boards seen from 15 degrees round,
    where a tile hides part of the top-left marker, whose corner three markers then put 0.4
    square off, read 9 and 14 tiles wrong of 60; tiles of dark wood 41 of 60 right.)"""
    scene = _scene(35, seed, fold=True, azimuth=azimuth, wood=wood)
    reader = BoardReader(15, 15, classifier=tile_classifier, use_tesseract=False)
    right, tiles, phantoms = accuracy(scene.state, reader.read(scene.image).state)
    assert right >= 0.9 * tiles
    assert phantoms <= 2
