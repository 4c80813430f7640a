"""Letter drawing, grid geometry and corner parsing."""

import numpy as np
import pytest

from wordboard.camera.fonts import LETTERS, available_fonts, font_by_name
from wordboard.camera.geometry import GridCorners, GridWarp, order_corners, parse_corners
from wordboard.errors import UserError


def test_every_font_draws_every_capital_at_the_asked_height():
    for font in available_fonts():
        for letter in LETTERS:
            mask = font.draw(letter, 40)
            assert mask.dtype == np.uint8 and mask.max() > 200
            if letter not in "QJ":  # descending tails may reach below the baseline
                assert 36 <= mask.shape[0] <= 46, (font.name, letter, mask.shape)


def test_fonts_include_truetype_faces_when_dejavu_is_installed():
    names = {f.name for f in available_fonts()}
    assert {"hershey-simplex", "hershey-triplex"} <= names
    if any(f.truetype_path for f in available_fonts()):
        assert "dejavu-sans-bold" in names


def test_letters_differ_from_each_other():
    font = available_fonts()[0]
    o, q = font.draw("O", 40), font.draw("Q", 40)
    assert o.shape != q.shape or np.abs(o.astype(int) - q.astype(int)).sum() > 0


def test_unknown_font_and_bad_letter_are_refused():
    with pytest.raises(KeyError):
        font_by_name("comic-sans")
    with pytest.raises(ValueError):
        available_fonts()[0].draw("a", 20)


def test_parse_corners_accepts_clockwise_points():
    corners = parse_corners("10,20 110,22 108,120 12,118")
    assert corners.top_left == (10.0, 20.0) and corners.bottom_left == (12.0, 118.0)


@pytest.mark.parametrize("text", ["1,2 3,4", "a,b 1,1 2,2 3,3", "0,0 0,100 100,100 100,0", "0,0 1,1 2,2 3,3"])
def test_parse_corners_rejects_bad_input(text):
    with pytest.raises(UserError):
        parse_corners(text)


def test_order_corners_starts_top_left_and_goes_clockwise():
    pts = order_corners([[100, 100], [0, 0], [0, 100], [100, 0]])
    assert pts.tolist() == [[0, 0], [100, 0], [100, 100], [0, 100]]


def test_warp_maps_square_centres_back_and_forth():
    corners = GridCorners.from_array([[50, 40], [650, 60], [640, 620], [40, 600]])
    warp = GridWarp(corners, 15, 15)
    for row, col in [(0, 0), (7, 7), (14, 3), (2, 14)]:
        x, y = warp.square_centre_in_image(row, col)
        assert warp.square_of_image_point(x, y) == (row, col)
    assert warp.square_of_image_point(0, 0) is None
    assert warp.straighten(np.zeros((700, 700, 3), np.uint8)).shape == (600, 600, 3)
