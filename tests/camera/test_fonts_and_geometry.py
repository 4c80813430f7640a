"""Letter drawing, grid geometry and corner parsing."""

import inspect
import os
from pathlib import Path

import numpy as np
import pytest

from wordboard.camera import fonts
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


def test_the_fonts_scripts_install_installs_are_all_found():
    """DejaVu (fonts-dejavu-core, -extra) and the package's own Rubik (WOFF files): the classifier
    learns from all of them, the same letters on any OpenCV."""
    names = [f.name for f in available_fonts()]
    assert names == [n for n, _ in fonts.TRUETYPE_FACES] + [n for n, _ in fonts.TILE_FACES] + \
        [n for n, _ in fonts.HEAVY_FACES]
    assert all(f.truetype_path for f in available_fonts())


@pytest.mark.parametrize("weight", ["light", "regular", "bold"])
def test_printed_text_stands_on_its_baseline_at_the_asked_height_and_width(weight):
    """draw_text (the virtual board's print, the marker sheet; not cv2.putText, whose letters
    differ between OpenCV 4.x and 5): capitals from the baseline up, cap_height tall, as wide
    as text_width says."""
    from wordboard.camera.fonts import draw_text, text_width

    image = np.zeros((80, 300), np.uint8)
    draw_text(image, "HEXX 10", (20, 60), 30, 255, weight)
    rows, cols = np.nonzero(image > 127)
    assert abs(rows.min() - 30) <= 1 and abs(rows.max() - 59) <= 1
    assert 20 <= cols.min() <= 26 and abs(cols.max() - (20 + text_width("HEXX 10", 30, weight))) <= 6


def test_without_its_truetype_font_text_is_still_printed(tmp_path, monkeypatch):
    from wordboard.camera import fonts

    monkeypatch.setattr(fonts, "_FONT_DIRS", (str(tmp_path),))
    fonts._text_font.cache_clear()
    try:
        image = np.zeros((80, 300), np.uint8)
        fonts.draw_text(image, "HEXX", (20, 60), 30, 255)
        width = fonts.text_width("HEXX", 30)
    finally:
        fonts._text_font.cache_clear()
    rows, cols = np.nonzero(image > 127)
    # (OpenCV 5's own font or 4.x's strokes: their capitals are not quite the height asked)
    assert 20 <= rows.min() < rows.max() <= 64 and rows.max() - rows.min() >= 15
    assert 20 <= cols.min() <= 26 and abs(cols.max() - (20 + width)) <= 8


def test_letters_differ_from_each_other():
    font = available_fonts()[0]
    o, q = font.draw("O", 40), font.draw("Q", 40)
    assert o.shape != q.shape or np.abs(o.astype(int) - q.astype(int)).sum() > 0


def _cff_font_file(path):
    """A tiny OpenType font with CFF (cubic) outlines: an H of two stems and a bar, and an O of
    two cubic rings (the hand-written glyf reader this replaced could not read CFF at all)."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    def charstring(draw):
        pen = T2CharStringPen(600, None)
        draw(pen)
        return pen.getCharString()

    def rect(pen, x0, y0, x1, y1):
        pen.moveTo((x0, y0))
        for corner in ((x1, y0), (x1, y1), (x0, y1)):
            pen.lineTo(corner)
        pen.closePath()

    def ring(pen, cx, cy, rx, ry, reverse):
        k = 0.5523                                                      # a quarter ellipse as a cubic
        quarters = [((cx + rx, cy), (cx + rx, cy + k * ry), (cx + k * rx, cy + ry), (cx, cy + ry)),
                    ((cx, cy + ry), (cx - k * rx, cy + ry), (cx - rx, cy + k * ry), (cx - rx, cy)),
                    ((cx - rx, cy), (cx - rx, cy - k * ry), (cx - k * rx, cy - ry), (cx, cy - ry)),
                    ((cx, cy - ry), (cx + k * rx, cy - ry), (cx + rx, cy - k * ry), (cx + rx, cy))]
        if reverse:                                                     # the hole runs the other way
            quarters = [tuple(reversed(q)) for q in reversed(quarters)]
        pen.moveTo(quarters[0][0])
        for _start, c1, c2, end in quarters:
            pen.curveTo(c1, c2, end)
        pen.closePath()

    def h(pen):
        for box in ((50, 0, 150, 700), (450, 0, 550, 700), (150, 300, 450, 400)):
            rect(pen, *box)

    def o(pen):
        ring(pen, 300, 350, 260, 360, False)
        ring(pen, 300, 350, 160, 260, True)

    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder([".notdef", "H", "O"])
    builder.setupCharacterMap({ord("H"): "H", ord("O"): "O"})
    builder.setupCFF("TestCFF", {"FullName": "Test CFF"},
                     {".notdef": charstring(lambda pen: None), "H": charstring(h), "O": charstring(o)}, {})
    builder.setupHorizontalMetrics({".notdef": (600, 0), "H": (600, 50), "O": (600, 40)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "TestCFF", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    builder.save(str(path))
    return path


def test_an_opentype_font_with_cff_outlines_draws_its_capitals(tmp_path):
    from wordboard.camera.fonts import GlyphFont

    font = GlyphFont("test-cff", truetype_path=str(_cff_font_file(tmp_path / "test.otf")))
    h = font.draw("H", 70)
    assert 68 <= h.shape[0] <= 74                                     # H sets the capital height
    middle = h[h.shape[0] // 2, 2:-2] > 127
    assert middle.all()                                               # the bar joins the stems
    o = font.draw("O", 70)
    assert o[o.shape[0] // 2, o.shape[1] // 2] < 60                   # a ring with a hole, curves filled
    assert o[o.shape[0] // 2, 3] > 127 and o[o.shape[0] // 2, -4] > 127


def test_a_file_that_is_no_font_is_refused_in_one_line(tmp_path):
    from wordboard.camera.fonts import FontError, GlyphFont

    bad = tmp_path / "bad.ttf"
    bad.write_bytes(b"not a font at all" * 10)
    with pytest.raises(FontError, match="not a readable font"):
        GlyphFont("bad", truetype_path=str(bad)).draw("A", 20)


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


def test_a_file_named_as_a_font_that_is_none_is_not_offered(tmp_path, monkeypatch):
    from wordboard.camera import fonts

    (tmp_path / "DejaVuSans-Bold.ttf").write_bytes(b"<html>not a font</html>")
    monkeypatch.setattr(fonts, "_FONT_DIRS", (str(tmp_path),))
    fonts.available_fonts.cache_clear()
    try:
        names = [f.name for f in fonts.available_fonts()]
    finally:
        fonts.available_fonts.cache_clear()
    assert "dejavu-sans-bold" not in names and "tile-sans-bold" not in names
    # with no system font at all, the faces shipped with the package remain
    assert names == [name for name, _file in fonts.HEAVY_FACES]


def test_a_classifier_read_from_its_cache_parses_no_font(tmp_path):
    """Start-up: a reader whose classifier is cached draws no letter, so fontTools is not even
    imported (parsing six fonts took 0.3 s of every `wordboard scan`)."""
    import subprocess
    import sys

    code = ("import sys\nfrom wordboard.camera.letters import load_classifier\n"
            "load_classifier(fonts=('dejavu-sans-bold',), own_samples=False)\n"
            "print('fontTools' in sys.modules)\n")
    env = {**os.environ, "WORDBOARD_CACHE_DIR": str(tmp_path)}
    subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True)  # trains, caches
    again = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True)
    assert again.stdout.strip() == "False"


def test_nothing_the_camera_renders_or_learns_from_is_drawn_with_cv2_puttext():
    """OpenCV 5 draws cv2.putText's FONT_HERSHEY_* faces with TrueType fonts of its own, OpenCV 4.x
    (a Pi's) with the Hershey strokes: a classifier trained on them, or a twin photographed with
    them, was not the same on a Pi as in the tests (47 tests failed on OpenCV 4.11). Only
    fonts.draw_text's fallback, where DejaVu is not installed, may call it."""
    import wordboard

    package = Path(wordboard.__file__).parent
    callers = sorted(str(path.relative_to(package)) for path in package.rglob("*.py")
                     if "putText(" in path.read_text(encoding="utf-8"))
    assert callers == ["camera/fonts.py"]
    from wordboard.camera import fonts

    assert inspect.getsource(fonts).count("cv2.putText(") == 1 and "cv2.putText(" in inspect.getsource(fonts.draw_text)
