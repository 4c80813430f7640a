"""Bold print, blurred and JPEG-compressed: letters whose counters and notches are nearly closed
(E's arms, M's notch, N's corners, D's bowl) are read the same wherever the grid falls."""

from __future__ import annotations

import numpy as np

from conftest import accuracy
from tests.opencv_stacks import fails_on
from wordboard.camera.geometry import GridCorners
from wordboard.camera.reader import BoardReader
from wordboard.camera.state import BoardState
from wordboard.camera.virtual import SceneStyle, render_scene

#: The benchmark's harder style.
HARDER = SceneStyle(mixed_fonts=True, blur_sigma=1.3, noise_sigma=6.0, jpeg_quality=60, markers=False)


def _look_alikes(seed: int, tiles: int = 110) -> BoardState:
    """A board full of the letters blur makes look alike: B D E H M N O."""
    rng = np.random.default_rng(seed)
    state = BoardState.empty(15, 15)
    for k in rng.choice(225, tiles, replace=False):
        state = state.with_square(int(k // 15), int(k % 15), "BDEHMNO"[int(rng.integers(7))])
    return state


@fails_on("both", "5-6 of 1,100 look-alikes read wrong (4 allowed) since the classifier learns Rubik's outlines instead of cv2.putText's faces")
def test_blurred_bold_letters_read_alike_with_the_grid_a_little_off(tile_classifier):
    # A grid found from the board's lines lands a pixel or two off the true one. With the
    # threshold's mask as the glyph that was enough to fill a counter or not (E read as B, N as
    # H, D as O): 14 of 1100 reads wrong here. The ink's grey levels keep the counters.
    wrong = total = 0
    for seed in (31, 32):
        state = _look_alikes(seed)
        scene = render_scene(state, HARDER, seed=seed)
        for dx, dy in ((0, 0), (1.5, 0), (0, 1.5), (-1.5, -1.5), (1.5, -1.5)):
            corners = GridCorners.from_array(scene.corners.as_array() + np.array([dx, dy], np.float32))
            reading = BoardReader(15, 15, corners, classifier=tile_classifier, use_tesseract=False).read(scene.image)
            ok, n, false_tiles = accuracy(state, reading.state)
            assert false_tiles == 0
            wrong, total = wrong + n - ok, total + n
    assert wrong <= 4, f"{wrong} of {total} look-alike letters read wrong"
