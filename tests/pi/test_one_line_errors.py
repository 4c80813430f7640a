"""The mistakes and broken set-ups the README promises one line for (exit status 2), not a
traceback: a missing --link-dir, the twin without a word list, a camera library that fails to
load for any reason, and scripts/install --help."""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

import pytest

from wordboard.camera.capture import CaptureError, PiCameraSource
from wordboard.cli import main

REPO = Path(__file__).resolve().parents[2]


def test_sensor_simulate_into_a_missing_folder_is_one_line(tmp_path, capsys):
    assert main(["sensor", "simulate", "--link-dir", str(tmp_path / "missing"), "--duration", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "missing" in err and "Traceback" not in err


def test_the_twin_without_a_word_list_says_why(capsys):
    assert main(["run", "--hardware", "sim", "--quick", "--lexicon", "none"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--lexicon" in err


@pytest.mark.parametrize("failure, expected", [
    (ValueError("numpy.dtype size changed, may indicate binary incompatibility. Expected 96 from C "
                "header, got 88 from PyObject"), "numpy"),
    (RuntimeError("libcamera went away"), "libcamera went away"),
    (ImportError("libcamera.so.0.2: cannot open shared object file", name="libcamera"), "libcamera"),
])
def test_a_picamera2_that_fails_to_load_is_one_clear_line(monkeypatch, failure, expected):
    # A module whose import raises what a broken camera stack raises (simplejpeg built against
    # another numpy raises ValueError, not ImportError).
    class Failing(types.ModuleType):
        def __getattr__(self, name):
            raise failure

    monkeypatch.setitem(sys.modules, "picamera2", Failing("picamera2"))
    with pytest.raises(CaptureError) as caught:
        PiCameraSource()
    message = str(caught.value)
    assert "\n" not in message and expected in message and "picamera2" in message


def test_a_missing_picamera2_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)  # import fails with ImportError(name=picamera2)
    with pytest.raises(CaptureError, match="apt install python3-picamera2"):
        PiCameraSource()


def test_scripts_install_help_installs_nothing(tmp_path):
    script = REPO / "scripts" / "install"
    for args in (["--help"], ["-h"]):
        done = subprocess.run(["bash", str(script), *args], capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done.stderr
        assert "scripts/install dev" in done.stdout and done.stderr == ""
    bad = subprocess.run(["bash", str(script), "--nonsense"], capture_output=True, text=True, timeout=30)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_the_marker_sheet_records_its_print_size(tmp_path):
    import struct
    import zlib

    path = tmp_path / "markers.png"
    assert main(["calibrate", "--print-markers", str(path)]) == 0
    shipped = REPO / "hardware" / "markers" / "corner-markers-25mm-a4.png"
    for png in (path.read_bytes(), shipped.read_bytes()):
        start = png.index(b"pHYs")
        x, y, unit = struct.unpack(">IIB", png[start + 4:start + 13])
        assert (x, y, unit) == (11811, 11811, 1)                        # 300 dpi, in pixels per metre
        assert struct.unpack(">I", png[start + 13:start + 17])[0] == zlib.crc32(png[start:start + 13])
        assert struct.unpack(">II", png[16:24]) == (2480, 3507)        # A4 at 300 dpi
    assert path.read_bytes() == shipped.read_bytes()                   # the shipped sheet is the code's
