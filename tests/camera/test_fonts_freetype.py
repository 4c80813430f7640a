"""TrueType letters are drawn by FreeType (Pillow's ImageFont): a file FreeType cannot read is a
FontError and leaves the font out; a face's capital H is exactly the height asked for."""

import numpy as np
import pytest

from wordboard.camera import fonts


def test_a_file_that_is_not_a_font_is_a_font_error(tmp_path):
    bogus = tmp_path / "Broken.ttf"
    bogus.write_bytes(b"\x00\x01\x00\x00 not really a font")
    with pytest.raises(fonts.FontError):
        fonts.GlyphFont("broken", truetype_path=str(bogus)).draw("A", 30)


def test_truetype_capitals_have_the_asked_height_and_true_proportions():
    faces = [f for f in fonts.available_fonts() if f.truetype_path and not f.short_tail_q]
    if not faces:
        pytest.skip("no TrueType font installed (fonts-dejavu-core)")
    for face in faces:
        for height in (12, 30, 64):
            h = face.draw("H", height)
            ink_rows = np.nonzero((h > 127).any(axis=1))[0]
            assert abs(len(ink_rows) - height) <= 1.5, (face.name, height, len(ink_rows))
        # a letter with a tail or an overshoot is taller than H, one without is not
        assert face.draw("Q", 64).shape[0] > face.draw("H", 64).shape[0] >= face.draw("E", 64).shape[0] - 1
