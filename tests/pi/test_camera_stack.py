"""On Raspberry Pi OS the install makes its virtual environment with --system-site-packages (to
see apt's python3-picamera2) and keeps the system's numpy, which picamera2 and simplejpeg are
built against: pip must then choose an OpenCV that works with Bookworm's numpy 1.24, not one
that pulls numpy 2 over it ("numpy.dtype size changed").

Built here the way scripts/install builds it, against a stand-in for Bookworm's system
packages (numpy 1.24.2 as installed metadata), and resolved by pip against PyPI (skipped
offline)."""

from __future__ import annotations

import configparser
import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

REPO = Path(__file__).resolve().parents[2]
BOOKWORM_NUMPY = "1.24.2"


def _pypi_reachable() -> bool:
    try:
        socket.create_connection(("pypi.org", 443), timeout=5).close()
        return True
    except OSError:
        return False


def _install_requires() -> list[str]:
    cfg = configparser.ConfigParser()
    cfg.read(REPO / "setup.cfg")
    return [line.strip() for line in cfg["options"]["install_requires"].splitlines() if line.strip()]


@pytest.mark.timeout(600)
def test_the_pi_environment_keeps_bookworms_numpy_and_gets_an_opencv_for_it(tmp_path):
    if not _pypi_reachable():
        pytest.skip("PyPI is not reachable")
    # The system's site packages: numpy 1.24.2 as apt installs it (only its metadata matters to pip).
    system = tmp_path / "system-site-packages"
    info = system / f"numpy-{BOOKWORM_NUMPY}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: numpy\nVersion: {BOOKWORM_NUMPY}\n")
    (info / "INSTALLER").write_text("debian\n")
    (info / "RECORD").write_text("")
    # The environment: its own site packages first, then the system's (what --system-site-packages
    # gives, here through a .pth file since the stand-in is not this interpreter's own).
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    (Path(purelib) / "zz-system.pth").write_text(str(system) + "\n")

    # As scripts/install does: the constraints from the system's Python, then pip with them.
    constraints = subprocess.run([str(REPO / "scripts" / "system-constraints"), str(python)], check=True,
                                 capture_output=True, text=True).stdout
    assert constraints == f"numpy=={BOOKWORM_NUMPY}\n"
    (tmp_path / "constraints.txt").write_text(constraints)
    report = tmp_path / "report.json"
    done = subprocess.run([str(python), "-m", "pip", "install", "--dry-run", "--quiet", "--disable-pip-version-check",
                           "--report", str(report), "-c", str(tmp_path / "constraints.txt"), *_install_requires()],
                          capture_output=True, text=True, timeout=540)
    assert done.returncode == 0, done.stderr[-2000:]
    chosen = {item["metadata"]["name"].lower(): item["metadata"] for item in json.loads(report.read_text())["install"]}
    assert "numpy" not in chosen                     # the system's numpy is the one that loads
    opencv = chosen["opencv-python-headless"]
    # ... and the OpenCV chosen accepts it, for Python 3.11 on a 64-bit Pi.
    environment = {"python_version": "3.11", "python_full_version": "3.11.2", "platform_system": "Linux",
                   "platform_machine": "aarch64", "sys_platform": "linux"}
    for line in opencv.get("requires_dist", []):
        req = Requirement(line)
        if req.name == "numpy" and (req.marker is None or req.marker.evaluate(environment)):
            assert Version(BOOKWORM_NUMPY) in req.specifier, (opencv["version"], line)
    assert Version(opencv["version"]) >= Version("4.8")


def test_without_a_numpy_the_constraints_are_empty(tmp_path):
    # (a system without python3-numpy: nothing to keep)
    script = tmp_path / "python"
    script.write_text(f"#!/bin/sh\nexec {sys.executable} -I -S \"$@\"\n")
    script.chmod(0o755)
    done = subprocess.run([str(REPO / "scripts" / "system-constraints"), str(script)], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == ""
