"""The saved calibration and the ``scan`` / ``calibrate`` commands."""

import json

import cv2
import pytest

from conftest import random_state
from wordboard.camera.calibration import CameraCalibration, config_dir, load_calibration, save_calibration
from wordboard.camera.capture import CaptureError, FrameSource, ImageFileSource, open_source
from wordboard.camera.geometry import GridCorners
from wordboard.camera.virtual import CLEAN_STYLE, SceneStyle, VirtualCamera, render_scene
from wordboard.cli import main
from wordboard.errors import DataFileError


@pytest.fixture()
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDBOARD_CONFIG_DIR", str(tmp_path / "cfg"))
    return tmp_path / "cfg"


def test_calibration_round_trips_and_scales(config):
    corners = GridCorners.from_array([[10, 10], [110, 12], [108, 110], [12, 108]])
    saved = CameraCalibration(corners, 15, 15, (200, 150), "markers", "Scrabble")
    path = save_calibration(saved)
    assert path.parent == config_dir() == config
    loaded = load_calibration()
    assert loaded == CameraCalibration(GridCorners.from_array(corners.to_list()), 15, 15, (200, 150), "markers", "Scrabble")
    assert loaded.scaled_to((400, 300)).top_left == (20.0, 20.0)


def test_damaged_calibration_names_the_file(config):
    config.mkdir(parents=True)
    (config / "camera.json").write_text("{not json")
    with pytest.raises(DataFileError, match="camera.json"):
        load_calibration()
    (config / "camera.json").write_text(json.dumps({"format": 1, "rows": 15}))
    with pytest.raises(DataFileError, match="malformed"):
        load_calibration()


def test_sources_share_one_interface(tmp_path):
    picture = tmp_path / "board.png"
    cv2.imwrite(str(picture), render_scene(random_state(seed=1), CLEAN_STYLE, seed=1).image)
    with open_source(str(picture)) as source:
        assert isinstance(source, FrameSource) and source.read().shape == (960, 1280, 3)
    assert isinstance(VirtualCamera(random_state(seed=1)), FrameSource)
    with pytest.raises(CaptureError):
        open_source("no-such-camera")
    with pytest.raises(Exception, match="no such picture"):
        ImageFileSource(tmp_path / "missing.jpg")


@pytest.fixture(scope="module")
def board_picture(tmp_path_factory):
    state = random_state(seed=61, tiles=45, blanks=1)
    scene = render_scene(state, SceneStyle(markers=False), seed=61)
    path = tmp_path_factory.mktemp("pictures") / "board.jpg"
    cv2.imwrite(str(path), scene.image)
    return path, scene


def test_scan_prints_the_grid(board_picture, capsys, tile_classifier, config):
    path, scene = board_picture
    assert main(["scan", str(path), "--no-tesseract"]) == 0
    lines = capsys.readouterr().out.split()
    assert len(lines) == 15 and all(len(line) == 15 for line in lines)
    wrong = sum(a != b for line, truth in zip(lines, scene.state.lines) for a, b in zip(line, truth))
    assert wrong <= 2


def test_scan_json_with_given_corners(board_picture, capsys, tile_classifier, config):
    path, scene = board_picture
    corners = " ".join(f"{x:.1f},{y:.1f}" for x, y in scene.corners.to_list())
    assert main(["scan", str(path), "--corners", corners, "--json", "--no-tesseract", "--edition", "lexulous"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["grid_found_by"] == "given" and len(data["rows"]) == 15
    assert all(0 <= v <= 1 for row in data["confidence"] for v in row)


def test_scan_errors_are_one_line_and_exit_2(tmp_path, capsys):
    assert main(["scan", str(tmp_path / "missing.jpg")]) == 2
    assert "no such picture file" in capsys.readouterr().err
    (tmp_path / "bad.jpg").write_bytes(b"not a picture")
    assert main(["scan", str(tmp_path / "bad.jpg")]) == 2
    assert main(["scan", str(tmp_path / "bad.jpg"), "--corners", "1,2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "Traceback" not in err


def test_calibrate_saves_corners_and_an_annotated_picture(board_picture, capsys, config):
    path, scene = board_picture
    assert main(["calibrate", "--camera", str(path)]) == 0
    saved = load_calibration()
    assert saved.method == "outline" and saved.corners.max_distance(scene.corners) < 15
    assert (config / "camera-calibration.png").exists()
    assert "camera.json" in capsys.readouterr().out


def test_calibrate_prints_the_marker_sheet(tmp_path):
    out = tmp_path / "markers.png"
    assert main(["calibrate", "--print-markers", str(out)]) == 0
    assert cv2.imread(str(out)).shape[0] > 1000
    assert main(["calibrate", "--print-markers", str(out), "--marker-size", "2"]) == 2
