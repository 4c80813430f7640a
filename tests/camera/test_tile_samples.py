"""Teaching the tile reader an owner's own tile set (``wordboard photos --learn``,
``wordboard tileset``).

The tile set here is printed in a steeply slanted face, unlike the upright fonts the reader is
trained on, so the reader misreads about ten of its letters. After one alphabet of its tiles is
learnt, other tiles of the set (laid a little differently) read right, and forgetting goes back to
the drawn letters.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from wordboard.camera.letters import TILES, load_classifier
from wordboard.camera.squares import find_glyph
from wordboard.camera.state import LETTERS
from wordboard.camera.tile_samples import PER_LETTER, add_samples, forget_samples, load_samples, samples_path
from wordboard.cli import main
from wordboard.errors import UserError


def slanted_tile(letter: str, rng: np.random.Generator):
    """The shape the reader finds on one tile of the slanted set (ivory tile, dark print), laid a
    little turned and off centre."""
    cell = 64
    tile = np.full((cell * 2, cell * 2), 225, np.uint8)
    face = cv2.FONT_HERSHEY_TRIPLEX
    (w, h), _ = cv2.getTextSize(letter, face, 1.6, 5)
    cv2.putText(tile, letter, (cell - w // 2, cell + h // 2), face, 1.6, 40, 5, cv2.LINE_AA)
    tile = cv2.warpAffine(tile, np.float32([[1, -0.45, 0.45 * cell], [0, 1, 0]]), tile.shape[::-1], borderValue=225)
    turn = cv2.getRotationMatrix2D((cell, cell), rng.uniform(-5, 5), 1.0)
    turn[:, 2] += rng.uniform(-3, 3, 2)
    tile = cv2.warpAffine(tile, turn, tile.shape[::-1], borderValue=225)
    glyph = find_glyph(tile[cell // 2 : cell * 3 // 2, cell // 2 : cell * 3 // 2])
    assert glyph is not None, letter
    return glyph


def reads(classifier, glyphs) -> int:
    return sum(g.letter == letter for g, letter in zip(classifier.classify(glyphs), LETTERS))


def test_the_tiles_of_an_owners_set_read_right_once_learnt_and_forgetting_goes_back():
    learnt = [slanted_tile(letter, np.random.default_rng(10 + i)) for i, letter in enumerate(LETTERS)]
    others = [slanted_tile(letter, np.random.default_rng(100 + i)) for i, letter in enumerate(LETTERS)]
    drawn = load_classifier(TILES)
    before = reads(drawn, others)
    assert before <= 20                                        # a face unlike any it was trained on
    assert add_samples(learnt, list(LETTERS)) == (26, 26)
    assert add_samples(learnt, list(LETTERS)) == (26, 0)             # the same tiles again: nothing new
    after = reads(load_classifier(TILES), others)
    assert after >= 25 and after > before
    assert reads(load_classifier(TILES, own_samples=False), others) == before
    assert forget_samples() and not samples_path().exists()
    assert reads(load_classifier(TILES), others) == before


def test_the_samples_file_keeps_the_newest_and_a_damaged_one_is_one_line(capsys):
    glyphs = [slanted_tile("A", np.random.default_rng(seed)) for seed in range(PER_LETTER + 9)]
    assert add_samples([], []) == (0, 0) and not samples_path().exists()
    with pytest.raises(ValueError):
        add_samples(glyphs[:1], ["a"])
    assert add_samples(glyphs[:3], ["A", "B", "C"]) == (3, 3)
    images, aspects, labels = load_samples()
    assert images.shape == (3, *glyphs[0].image.shape) and labels.tolist() == [0, 1, 2]
    assert abs(float(aspects[0]) - glyphs[0].aspect) < 1e-5
    more = glyphs[3 : PER_LETTER + 8]
    assert add_samples(more, ["Z"] * len(more)) == (3 + PER_LETTER, len(more))
    assert add_samples(glyphs[-1:], ["A"]) == (4 + PER_LETTER, 1)
    # of each letter the newest are kept, in the order they came
    assert load_samples()[2].tolist() == [0, 1, 2] + [25] * PER_LETTER + [0]
    whole = samples_path().read_bytes()
    for damaged in (b"not numpy", whole[: len(whole) // 2], whole[:200] + bytes(len(whole) - 200)):
        samples_path().write_bytes(damaged)
        with pytest.raises(UserError, match="tile samples"):
            load_samples()
        assert main(["tileset", "list"]) == 2
        assert capsys.readouterr().err.count("\n") == 1
    # a reader still reads, with the drawn letters only (the camera does not go blind)
    assert load_classifier(TILES).training_size == load_classifier(TILES, own_samples=False).training_size
    assert main(["tileset", "forget"]) == 0
    assert main(["tileset", "list"]) == 0 and "no tiles learnt" in capsys.readouterr().out


def test_the_shape_a_square_was_read_from_goes_when_its_tile_is_lifted(tile_classifier):
    """``glyphs_read`` holds the shape of the letter each square shows now: a tile lifted takes
    its shape with it (a blank or a tile of unreadable letter laid there later must not be
    learnt from the shape of the tile that was there before). The board with the camera alone
    reads on a thread of its own while the controller takes the shapes of a move's tiles."""
    from wordboard.camera.locate import locate_board
    from wordboard.camera.reader import BoardReader
    from wordboard.camera.state import BoardState
    from wordboard.camera.virtual import SceneStyle, render_scene

    word = BoardState.empty(15, 15)
    for i, letter in enumerate("QUARTZ"):
        word = word.with_square(7, 4 + i, letter)
    style = SceneStyle(markers=False)
    with_k = render_scene(word.with_square(8, 8, "K"), style, seed=3).image
    without = render_scene(word, style, seed=3).image
    reader = BoardReader(15, 15, locate_board(with_k, 15, 15).corners, classifier=tile_classifier,
                         use_tesseract=False, orientation=0)
    for _ in range(3):
        reading = reader.update(with_k)
    assert reading.state.at(8, 8) == "K" and (8, 8) in reader.glyphs_read
    held, seen = reader.glyphs_read, dict(reader.glyphs_read)
    for _ in range(3):
        reading = reader.update(without)
    assert reading.state.at(8, 8) == "." and (8, 8) not in reader.glyphs_read
    # (a new dict after each read: the one another thread holds is never changed under it)
    assert held == seen and held is not reader.glyphs_read
    assert all((7, c) in reader.glyphs_read for c in range(4, 10))
