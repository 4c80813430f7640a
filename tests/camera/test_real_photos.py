"""Real photographs from the shared data (skipped when it is absent).

The ssetser1 photos come split into train / valid / test by their author. All three splits were
looked at while the reader was developed, so none of them is a held-out measure: that is the
hand-labelled jheidel photos (see test_grid_cases_and_held_out.py and bench/camera_bench.py).
"""

import cv2
import pytest

from conftest import LABELLED, PHOTOS
from wordboard.camera.geometry import GridWarp
from wordboard.camera.locate import BoardNotFound, find_grid_from_lines, locate_board
from wordboard.camera.photo_labels import find_labelled_photos
from wordboard.camera.reader import BoardReader


def labelled(split):
    if not LABELLED.is_dir():
        pytest.skip("shared photos not present")
    photos = [p for p in find_labelled_photos(LABELLED) if p.split == split]
    if not photos:
        pytest.skip(f"no {split} photos")
    return photos


@pytest.mark.parametrize("split", ["valid", "test"])
def test_held_out_real_photos_are_read(split, tile_classifier):
    ok = total = 0
    for photo in labelled(split):
        image = cv2.imread(str(photo.image_path))
        location = find_grid_from_lines(image, 15, 15)
        assert location is not None, photo.image_path.name
        warp = GridWarp(location.corners, 15, 15)
        squares = [warp.square_of_image_point(t.cx, t.cy) for t in photo.tiles]
        assert None not in squares and len(set(squares)) == len(squares), "grid misplaced"
        state = BoardReader(15, 15, location.corners, classifier=tile_classifier, use_tesseract=False).read(image).state
        ok += sum(state.at(*sq) == t.letter for sq, t in zip(squares, photo.tiles))
        total += len(photo.tiles)
    assert ok / total >= 0.93


def test_unlabelled_photos_give_a_grid_or_a_clear_error():
    folder = PHOTOS / "UNLABELED_jheidel_scrabble-opencv" / "scrabble_images"
    if not folder.is_dir():
        pytest.skip("shared photos not present")
    for path in sorted(folder.glob("*.jpg")):
        image = cv2.imread(str(path))
        try:
            location = locate_board(image, 15, 15)
        except BoardNotFound as exc:
            assert "grid" in str(exc) or "board" in str(exc)
            continue
        assert location.corners.is_plausible(image.shape) and location.believable
