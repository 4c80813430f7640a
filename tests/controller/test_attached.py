"""What is attached to a real table decides how it is sensed; with nothing attached the board
says so and waits, never playing the digital twin (issue 16)."""

import os
import signal
import subprocess
import sys
import time

import pytest

from wordboard.attached import Attached, sensing_wanted, wait_for_hardware, waiting_frame
from wordboard.camera.discovery import find_camera, usb_webcams
from wordboard.errors import UserError
from wordboard.leds import default_config, open_board_leds
from wordboard.screen.hub import ScreenHub

NOTHING = Attached()
SENSOR = Attached(sensor="/dev/wordboard-sensor")
CAMERA = Attached(camera="picamera")
BOTH = Attached(sensor="/dev/wordboard-sensor", camera="picamera")


@pytest.mark.parametrize(("attached", "wanted", "sensing"), [
    (BOTH, "auto", "both"), (SENSOR, "auto", "sensor"), (CAMERA, "auto", "camera"), (NOTHING, "auto", None),
    (BOTH, "camera", "camera"), (BOTH, "sensor", "sensor"), (SENSOR, "camera", None), (CAMERA, "sensor", None),
    (CAMERA, "both", None), (SENSOR, "both", None), (BOTH, "both", "both"),
])
def test_the_sensing_comes_from_what_is_attached(attached, wanted, sensing):
    assert attached.sensing(wanted) == sensing


def test_what_is_missing_is_said():
    assert NOTHING.missing("auto") == "a sensor board or a camera"
    assert CAMERA.missing("both") == "the sensor board"
    assert NOTHING.missing("both") == "the sensor board and a camera"
    assert SENSOR.missing("camera") == "a camera"


def test_what_to_do_names_only_the_hardware_the_sensing_needs():
    """A table told to use the camera alone, with nothing attached, said "plug in the sensor
    board's USB cable or connect a camera": it is not asked for a sensor board."""
    assert NOTHING.what_to_do("auto") == "plug in the sensor board's USB cable or connect a camera"
    assert "sensor board" not in NOTHING.what_to_do("camera") and "USB webcam" in NOTHING.what_to_do("camera")
    assert "camera" not in NOTHING.what_to_do("sensor") and "USB cable" in NOTHING.what_to_do("sensor")
    assert CAMERA.what_to_do("both") == "plug in the sensor board's USB cable"
    both = NOTHING.what_to_do("both")
    assert "USB cable" in both and "webcam" in both and " and " in both


def test_a_usb_webcam_is_found_by_its_by_id_link(tmp_path):
    by_id = tmp_path / "by-id"
    by_id.mkdir()
    (tmp_path / "video0").touch()
    (tmp_path / "video1").touch()
    (by_id / "usb-Acme_Cam-video-index0").symlink_to(tmp_path / "video0")
    (by_id / "usb-Acme_Cam-video-index1").symlink_to(tmp_path / "video1")   # its metadata node
    assert usb_webcams(by_id) == [str(by_id / "usb-Acme_Cam-video-index0")]
    assert find_camera({}, by_id=by_id, pi_cameras=[]) == str(by_id / "usb-Acme_Cam-video-index0")
    # the Pi camera module first; a camera named in the environment before both; none: none
    assert find_camera({}, by_id=by_id, pi_cameras=["/base/soc/i2c0mux/i2c@1/imx708@1a"]) == "picamera"
    assert find_camera({"WORDBOARD_CAMERA": "/dev/video4"}, by_id=by_id, pi_cameras=[]) == "/dev/video4"
    assert find_camera({"WORDBOARD_CAMERA": "none"}, by_id=by_id, pi_cameras=["x"]) is None
    assert find_camera({}, by_id=tmp_path / "absent", pi_cameras=[]) is None


def test_the_service_names_its_sensing_in_the_environment():
    assert sensing_wanted(None, {}) == "auto"
    assert sensing_wanted(None, {"WORDBOARD_SENSING": "camera"}) == "camera"
    assert sensing_wanted("sensor", {"WORDBOARD_SENSING": "camera"}) == "sensor"   # the command line wins
    with pytest.raises(UserError, match="WORDBOARD_SENSING='cameras'"):
        sensing_wanted(None, {"WORDBOARD_SENSING": "cameras"})


class RecordingNotifier:
    watchdog_interval = 1.0

    def __init__(self):
        self.sent = []

    def ready(self, status=None):
        self.sent.append(("ready", status))

    def watchdog(self):
        self.sent.append(("watchdog", None))


def test_with_nothing_attached_the_board_says_so_and_waits_until_a_camera_appears():
    looks = iter([NOTHING, NOTHING, NOTHING, CAMERA])
    lines, slept = [], []
    now = [0.0]

    def sleep(seconds):
        slept.append(seconds)
        now[0] += seconds

    notifier = RecordingNotifier()
    hub = ScreenHub()
    leds = open_board_leds(default_config(15, 15), driver="simulated", clock=lambda: now[0])
    attached = wait_for_hardware("auto", out=lines.append, notifier=notifier, leds=leds, hub=hub,
                                 look=lambda: next(looks), sleep=sleep, clock=lambda: now[0])
    assert attached == CAMERA
    assert lines[0].startswith("wordboard run: waiting for a sensor board or a camera")
    assert lines[-1] == "wordboard run: found camera picamera"
    # systemd: ready (so the service is not restarted in a loop), with the reason, and fed
    assert notifier.sent[0][0] == "ready" and "waiting for a sensor board or a camera" in notifier.sent[0][1]
    assert ("watchdog", None) in notifier.sent
    assert all(s <= notifier.watchdog_interval for s in slept)
    # the screen says why there is no game; the LEDs' border breathes, the squares stay dark
    snapshot = hub.latest()
    assert snapshot["waiting"] and "waiting for a sensor board or a camera" in snapshot["message"]
    frame = leds.frame
    assert frame[(0, 0)] != (0, 0, 0) and frame[(7, 7)] == (0, 0, 0)


def test_waiting_stops_when_asked():
    assert wait_for_hardware("camera", out=lambda line: None, look=lambda: SENSOR, should_stop=lambda: True) is None


def test_the_waiting_light_breathes():
    low, high = waiting_frame(11, 11, 0.0)[(0, 5)], waiting_frame(11, 11, 1.5)[(0, 5)]
    assert low != high and waiting_frame(11, 11, 0.0)[(5, 5)] == (0, 0, 0)


def _run(args, env_extra, tmp_path):
    env = dict(os.environ, WORDBOARD_DATA_DIR=str(tmp_path / "data"), WORDBOARD_CONFIG_DIR=str(tmp_path / "config"),
               WORDBOARD_FOLDERS="none", PYTHONUNBUFFERED="1", **env_extra)
    env.pop("WORDBOARD_SENSOR", None)
    return subprocess.Popen([sys.executable, "-m", "wordboard", "run", *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True)


def _read_until(proc, needle, timeout=60.0):
    seen = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        seen.append(line)
        if needle in line:
            return seen
    raise AssertionError(f"{needle!r} not seen in: {''.join(seen)}")


def test_the_real_board_with_nothing_attached_waits_and_stops_cleanly(tmp_path):
    proc = _run(["--hardware", "real", "--new", "--no-leds"], {"WORDBOARD_CAMERA": "none"}, tmp_path)
    try:
        _read_until(proc, "waiting for a sensor board or a camera")
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0
    assert "digital twin" not in out and "new game" not in out       # no game was invented


@pytest.mark.parametrize("game, title", [("lexulous", "Lexulous"), ("dexikon", "Dexikon")])
def test_a_camera_alone_runs_the_real_board(tmp_path, game, title):
    """``--hardware auto`` with a camera and no sensor board: the real board, the camera alone,
    for every game (Dexikon's cards too: their kinds are asked on the screen)."""
    import cv2

    from wordboard.camera.state import BoardState
    from wordboard.camera.virtual import render_scene

    photo = tmp_path / "empty-board.png"
    cv2.imwrite(str(photo), render_scene(BoardState(tuple("." * 15 for _ in range(15))), seed=3).image)
    proc = _run(["--new", "--no-leds", "--game", game], {"WORDBOARD_CAMERA": str(photo)}, tmp_path)
    try:
        seen = _read_until(proc, "wordboard run:")
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert f"{title} on the board (the camera alone)" in seen[-1]
    assert "sensor board" not in "".join(seen)


def test_a_sensor_board_plugged_in_during_a_camera_alone_game_is_said_once():
    """Issue 40: it was ignored without a word. The game goes on with the camera alone (its
    tiles were never seen by the board's readers); the players are told, once, what happens."""
    from wordboard.attached import SensorBoardArrival

    said: list[str] = []
    now = [0.0]
    there = {"sensor": None}
    looks = []

    def look() -> Attached:
        looks.append(now[0])
        return Attached(sensor=there["sensor"], camera="/dev/video0")

    hook = SensorBoardArrival(said.append, look=look, every=5.0, clock=lambda: now[0])
    for _ in range(110):                       # 11 s, a step every 0.1 s: looked at twice
        now[0] += 0.1
        hook(now[0])
    assert said == [] and len(looks) == 2
    there["sensor"] = "/dev/wordboard-sensor"
    for _ in range(200):
        now[0] += 0.1
        hook(now[0])
    assert len(said) == 1 and "a sensor board was plugged in (/dev/wordboard-sensor)" in said[0]
    assert "the next game uses the sensor board" in said[0]
    assert len(looks) == 3                     # once said, it looks no more
