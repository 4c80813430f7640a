"""The camera as the only sensor (issue 16) on real photos: no empty square read as a tile (premium
squares' print included), the board found by itself however the photo is framed (cut tight on the
grid, turned, at an angle), and a photo showing only part of the board still refused.

Labels: the ssetser1 photos' own boxes plus the tiles they leave out
(data/missing_labels.txt), and the hand-labelled HELD-OUT jheidel photos (data/held_out_labels.txt).
Skipped when the shared data is absent."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from wordboard.camera.geometry import GridWarp, fit_grid_to_lines
from wordboard.camera.locate import BoardNotInView, locate_board
from wordboard.camera.photo_labels import find_labelled_photos, read_hand_labels, reframe
from wordboard.camera.reader import BoardReader
from wordboard.camera.state import SURE

DATA = Path(__file__).parent / "data"


def _photos(shared_data: Path) -> list[tuple[str, np.ndarray, tuple]]:
    """(name, picture, tiles) of every labelled real photo showing the whole grid."""
    root = shared_data / "photos" / "ssetser1_ScrabbleDetectorProject" / "ImageData" / "RealPictures"
    extra = {p.name: p.tiles for p in read_hand_labels(DATA / "missing_labels.txt")}
    photos = [(p.image_path.name, cv2.imread(str(p.image_path)), p.tiles + extra.get(p.image_path.name, ()))
              for p in find_labelled_photos(root) if not p.image_path.name.startswith("TestEval")]
    folder = shared_data / "photos" / "UNLABELED_jheidel_scrabble-opencv" / "scrabble_images"
    photos += [(h.name, cv2.imread(str(folder / h.name)), h.tiles) for h in read_hand_labels(DATA / "held_out_labels.txt")]
    if len(photos) < 8:
        pytest.skip("the shared photos are not all present")
    return photos


def _read(image: np.ndarray, tiles, classifier) -> tuple[int, int, list[str], list[str]]:
    """Found and read as ``wordboard scan`` does: (tiles read right, tiles, empty squares read as
    tiles, tiles read wrong as surely as a camera-only table takes a reading without asking)."""
    location = locate_board(image, 15, 15)
    reading = BoardReader(15, 15, location.corners, classifier=classifier, use_tesseract=False,
                          orientation="detect").read(image)
    labelled = {reading.warp.square_of_image_point(t.cx, t.cy): t.letter for t in tiles}
    assert None not in labelled and len(labelled) == len(tiles), "a tile off the grid found"
    right = sum(reading.state.at(*square) == letter for square, letter in labelled.items())
    phantoms = [f"{s}@{r},{c}" for r, c, s in reading.state.occupied() if (r, c) not in labelled]
    sure_wrong = [f"{letter}->{reading.state.at(r, c)}@{r},{c}" for (r, c), letter in labelled.items()
                  if reading.state.at(r, c) != letter and reading.squares[r][c].confidence >= SURE]
    return right, len(tiles), phantoms, sure_wrong


@pytest.fixture(scope="module")
def photos(shared_data):
    return _photos(shared_data)


def _grid(image: np.ndarray) -> np.ndarray:
    corners = locate_board(image, 15, 15).corners
    fitted = fit_grid_to_lines(image, GridWarp(corners, 15, 15), rounds=2)
    assert fitted is not None
    return fitted[0].as_array()


@pytest.mark.parametrize("how", ["as taken", "tight", "tight-turned-20", "tight-turned125", "angled"])
def test_real_photos_are_found_and_no_empty_square_is_read_as_a_tile(photos, tile_classifier, how):
    """... and a tile read wrong is nearly always read unsurely, so that a table with the camera
    alone asks the players (its letter cut off by the board's edge: not surely a blank; an O
    made a Q by a tail: not surely a Q). Turned 125 degrees, the held-out photo of dark tiles
    read all 9 empty, before letters on dark tiles were judged whichever way up the board lies."""
    right = total = 0
    sure_wrong: list[str] = []
    for name, image, tiles in photos:
        if how != "as taken":
            moved = reframe(image, tiles, _grid(image), how)
            image, tiles = moved.image, moved.tiles
        r, n, phantoms, wrong = _read(image, tiles, tile_classifier)
        assert phantoms == [], f"{name} ({how}): {phantoms}"
        sure_wrong += [f"{name[:8]} {w}" for w in wrong]
        right, total = right + r, total + n
    assert len(sure_wrong) <= 1, sure_wrong  # 0-1 of 554 today (0-2 before letters cut by their square's side were read whole)
    assert right / total >= 0.994  # 99.46-99.82% today (98.4-98.7% before; the goal: 99.5%)


@pytest.mark.parametrize("how", ["as taken", "tight", "angled"])
def test_a_blank_lifted_on_the_grids_edge_is_a_blank(photos, tile_classifier, how):
    """The blank on D1 of IMG_2678 sits a little lifted and off its square: no letter on it, and
    round it the tile's outline (its shadowed bottom edge and its sides, one shape a square wide)
    was read as a Q, asked about. A tile's letter is never near as wide as the tile."""
    name, image, tiles = next(photo for photo in photos if photo[0].startswith("IMG_2678"))
    if how != "as taken":
        moved = reframe(image, tiles, _grid(image), how)
        image, tiles = moved.image, moved.tiles
    location = locate_board(image, 15, 15)
    reading = BoardReader(15, 15, location.corners, classifier=tile_classifier, use_tesseract=False,
                          orientation="detect").read(image)
    blanks = [reading.warp.square_of_image_point(t.cx, t.cy) for t in tiles if t.letter == "?"]
    assert blanks and [reading.state.at(*square) for square in blanks] == ["?"] * len(blanks), blanks


def test_a_photo_cut_into_the_grid_is_still_refused(photos):
    name, image, tiles = photos[0]
    moved = reframe(image, tiles, _grid(image), "tight")
    cell = float(np.linalg.norm(moved.corners[1] - moved.corners[0])) / 15
    cut = int(0.6 * cell)  # the last column cut through its middle
    with pytest.raises(BoardNotInView, match="not fully in the picture"):
        locate_board(np.ascontiguousarray(moved.image[:, : moved.image.shape[1] - cut]), 15, 15)


def test_reframing_moves_the_labels_with_the_picture(photos):
    name, image, tiles = photos[0]
    corners = _grid(image)
    for how in ("tight", "turned33", "angled"):
        moved = reframe(image, tiles, corners, how)
        before = GridWarp(locate_board(image, 15, 15).corners, 15, 15)
        after = GridWarp(locate_board(moved.image, 15, 15).corners, 15, 15)
        squares = {before.square_of_image_point(t.cx, t.cy) for t in tiles}
        moved_squares = {after.square_of_image_point(t.cx, t.cy) for t in moved.tiles}
        assert len(moved_squares) == len(squares)  # the same number of distinct squares (turns aside)
