"""Shared fixtures for the camera tests: classifiers trained once per session, board states."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from wordboard.camera.letters import HANDWRITTEN, TILES, load_classifier
from wordboard.camera.state import LETTERS, BoardState

# Real photographs live beside the repository (../shared/data), never inside it.
PHOTOS = Path(__file__).resolve().parents[3] / "shared" / "data" / "photos"
LABELLED = PHOTOS / "ssetser1_ScrabbleDetectorProject" / "ImageData" / "RealPictures"


@pytest.fixture(scope="session", autouse=True)
def _isolated_cache(tmp_path_factory):
    """Classifier caches and calibration go to temporary folders, never the user's home."""
    mp = pytest.MonkeyPatch()
    mp.setenv("WORDBOARD_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    mp.setenv("WORDBOARD_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
    yield
    mp.undo()


@pytest.fixture(scope="session")
def tile_classifier():
    return load_classifier(TILES)


@pytest.fixture(scope="session")
def handwriting_classifier():
    return load_classifier(HANDWRITTEN)


def random_state(rows: int = 15, cols: int = 15, tiles: int = 60, blanks: int = 2, seed: int = 0) -> BoardState:
    """A board with ``tiles`` tiles at random squares (``blanks`` of them blank)."""
    rng = np.random.default_rng(seed)
    state = BoardState.empty(rows, cols)
    for i, k in enumerate(rng.choice(rows * cols, tiles, replace=False)):
        symbol = "?" if i < blanks else LETTERS[int(rng.integers(26))]
        state = state.with_square(int(k // cols), int(k % cols), symbol)
    return state


def accuracy(truth: BoardState, read: BoardState) -> tuple[int, int, int]:
    """(placed tiles read correctly, placed tiles, empty squares read as a tile)."""
    ok = sum(read.at(r, c) == s for r, c, s in truth.occupied())
    false_tiles = sum(1 for r in range(truth.rows) for c in range(truth.cols)
                      if truth.at(r, c) == "." and read.at(r, c) != ".")
    return ok, len(truth.occupied()), false_tiles
