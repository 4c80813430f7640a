"""A table with the camera alone learns the owner's tiles from the games it plays to the end
(:mod:`wordboard.controller.tile_learning`): each committed letter tile, with the shape the
camera read it from and the letter the game took (the players' answers included), is kept in
the data folder's tile samples when the game is over; tiles taken back, blanks and games stopped
half-way teach nothing."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from wordboard.camera.squares import GLYPH_SIZE, Glyph
from wordboard.camera.state import LETTERS
from wordboard.camera.tile_samples import load_samples
from wordboard.controller.adapters import Committed
from wordboard.controller.session import SessionConfig, open_session
from wordboard.controller.tile_learning import TileLearner


def _shape(n: int) -> Glyph:
    image = np.zeros((GLYPH_SIZE, GLYPH_SIZE), np.float32)
    image[2 + n % 18, 2:20] = 1.0          # a different shape for each n
    image[2:20, 2 + n // 18] = 1.0
    return Glyph(image, 0.5, 0.8, 90.0, np.zeros((1, 1), np.uint8))


@dataclass
class _Reader:
    glyphs_read: dict = field(default_factory=dict)


def _learner(tmp_path: Path):
    reader, board, said = _Reader(), {}, []
    learner = TileLearner(lambda: reader, lambda: dict(board), said.append, tmp_path / "tile-samples.npz")
    return learner, reader, board, said


def test_the_letter_tiles_still_on_the_board_when_the_game_ends_are_learnt(tmp_path):
    learner, reader, board, said = _learner(tmp_path)
    # C, A and T; the A was read as an unsure H and the players said A: the game's letter counts
    for n, (square, letter) in enumerate({(7, 6): "C", (7, 7): "A", (7, 8): "T"}.items()):
        board[square] = letter
        reader.glyphs_read[square] = _shape(n)
    learner("commit", Committed(((7, 6), (7, 7), (7, 8)), "CAT 10"))
    # a blank (its shape is no letter's) and a tile the camera found no shape on
    board[(8, 7)], reader.glyphs_read[(8, 7)] = "?", _shape(10)
    board[(6, 7)] = "B"
    learner("commit", Committed(((8, 7), (6, 7)), "BA? 5"))
    # a move taken back: its tile is no longer on the board
    board[(7, 9)], reader.glyphs_read[(7, 9)] = "S", _shape(11)
    learner("commit", Committed(((7, 9),), "CATS 6"))
    del board[(7, 9)]
    learner("undo", Committed(((7, 9),), "CATS taken back"))
    assert not (tmp_path / "tile-samples.npz").exists()        # nothing before the game is over
    learner("over", "Ada wins")
    images, aspects, labels = load_samples(tmp_path / "tile-samples.npz")
    assert sorted(LETTERS[i] for i in labels) == ["A", "C", "T"]
    assert learner.learnt == 3 and "learnt 3 tiles" in said[-1]
    learner("over", "Ada wins")                                  # said once, learnt once
    assert len(load_samples(tmp_path / "tile-samples.npz")[2]) == 3 and len(said) == 1


def test_a_damaged_samples_file_is_one_line_and_the_game_goes_on(tmp_path):
    folder = tmp_path / "damaged"
    folder.mkdir()
    (folder / "tile-samples.npz").write_bytes(b"not a zip file")
    learner, reader, board, said = _learner(tmp_path)
    learner.path = folder / "tile-samples.npz"
    board[(7, 7)], reader.glyphs_read[(7, 7)] = "Q", _shape(1)
    learner("commit", Committed(((7, 7),), "QI 11"))
    learner("over", "Ada wins")
    assert learner.learnt is None and len(said) == 1 and "learnt no tiles" in said[0]


def test_the_twin_with_the_camera_alone_learns_the_tiles_of_a_whole_game_only_when_asked(tmp_path, monkeypatch):
    """Lexulous seed 1 on the twin's picture: every letter tile of the final board is learnt
    with its letter (the twin learns only when asked: its tiles are drawn, not the owner's)."""
    monkeypatch.setenv("WORDBOARD_DATA_DIR", str(tmp_path))
    config = SessionConfig(game="lexulous", hardware="sim", sensing="camera", journal=tmp_path / "j.sqlite3", seed=1,
                           show_leds=False, habits="tidy", speed=float("inf"), out=lambda s: None, learn_tiles=True)
    with open_session(config) as s:
        s.wait_ready()
        s.run(max_seconds=900)
        assert s.adapter.over
        letters = sorted(v for v in s.adapter.committed_tiles().values() if v in LETTERS and len(v) == 1)
    _images, _aspects, labels = load_samples(tmp_path / "tile-samples.npz")
    assert len(letters) > 40 and sorted(LETTERS[i] for i in labels) == letters
    config.learn_tiles = None
    config.journal = tmp_path / "j2.sqlite3"
    with open_session(config) as s:
        assert s.tile_learner is None
