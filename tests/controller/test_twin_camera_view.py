"""The twin's virtual camera at the table's edge (``wordboard run --camera-elevation``)."""

import numpy as np
import pytest

from wordboard.cli import main


def _tiles():
    tiles = {(7, c): (bytes([c]), letter) for c, letter in zip(range(4, 11), "GLOWING")}
    tiles.update({(r, 7): (bytes([20 + r]), letter) for r, letter in zip(range(3, 7), "SHOW")})
    return tiles


def test_the_twins_camera_at_60_degrees_sees_the_tiles_where_they_lie():
    from wordboard.controller.twin import TwinCamera
    from wordboard.controller.written import VisionEyes

    camera = TwinCamera(15, 15, seed=5, elevation=60)
    assert camera.style.view is not None and camera.style.view.elevation_deg == 60
    pinhole = camera._camera.pinhole
    assert np.allclose(camera.grid_corners.as_array(), pinhole.corners_in_image(), atol=0.01)
    camera.show(_tiles())
    read = VisionEyes(camera, 15, 15, handwritten=False).read()
    assert read is not None
    assert set(read) == set(_tiles())          # every tile seen on its square, nothing else


def test_the_twins_camera_at_an_elevation_shows_the_leds_glow_and_can_be_knocked():
    from wordboard.controller.twin import TwinCamera
    from wordboard.leds import default_config, open_board_leds
    from wordboard.leds.frame import Frame

    camera = TwinCamera(15, 15, seed=5, elevation=35)
    camera.show(_tiles())
    dark = camera.read().astype(np.int16)
    leds = open_board_leds(default_config(15, 15), driver="simulated", clock=lambda: 0.0)
    camera.leds = leds
    leds.show_now(Frame(15, 15, [(255, 255, 255)] * 225))
    lit = camera.read().astype(np.int16)
    assert np.abs(lit - dark).mean() > 5
    # the glow lies on the board: none of it on the table beyond the board's corners
    corners = camera.grid_corners.as_array()
    assert abs((lit - dark)[: int(corners[:, 1].min()) - 30].mean()) < 1      # (the noise averages out)
    # knocked, it sees the board from a little elsewhere (its calibration, grid_corners, now wrong)
    camera.knock()
    moved = np.abs(camera._camera.corners - corners).max()
    assert 1.0 < moved < 30
    assert np.allclose(camera._camera.corners, camera._camera.pinhole.corners_in_image(), atol=0.01)
    assert np.abs(camera.read().astype(np.int16) - lit).mean() > 3


@pytest.mark.parametrize("argv, says", [
    (["run", "--camera-elevation", "20"], "30-90"),
    (["run", "--camera-elevation", "high"], "30-90"),
    (["run", "--hardware", "real", "--camera-elevation", "40"], "simulated board"),
])
def test_the_camera_elevation_is_for_the_twin_and_30_to_90_degrees(argv, says, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("WORDBOARD_DATA_DIR", str(tmp_path))
    try:
        code = main(argv)
    except SystemExit as stop:
        code = stop.code
    err = capsys.readouterr().err
    assert code == 2
    assert says in err and "Traceback" not in err
