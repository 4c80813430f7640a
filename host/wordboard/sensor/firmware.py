"""Load the board's firmware (``firmware/sensorfw``) into this Python, for the simulator.

The firmware is plain MicroPython-compatible Python; the simulator runs its real scan,
debounce and protocol code against a simulated grid. The firmware folder is found next to
the package in a source checkout, beside the virtual environment of an installed service
(``/opt/wordboard/firmware`` beside ``/opt/wordboard/venv``), or where ``$WORDBOARD_FIRMWARE_DIR``
points.
"""

from __future__ import annotations

import importlib
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType, SimpleNamespace

from wordboard.errors import UserError

PACKAGE = "sensorfw"


def firmware_dir() -> Path:
    """The folder holding ``sensorfw/`` (the repository's ``firmware/``)."""
    configured = os.environ.get("WORDBOARD_FIRMWARE_DIR")
    candidates = [Path(configured)] if configured else []
    candidates.append(Path(__file__).resolve().parents[3] / "firmware")   # a source checkout
    candidates.append(Path(sys.prefix).parent / "firmware")               # beside an installed venv
    for folder in candidates:
        if (folder / PACKAGE / "board.py").is_file():
            return folder
    raise UserError("cannot find the sensor board firmware (firmware/sensorfw); "
                    "set WORDBOARD_FIRMWARE_DIR to the repository's firmware folder")


@dataclass(frozen=True)
class Firmware:
    """The firmware's modules, as loaded under CPython."""

    package: ModuleType
    board: ModuleType
    config: ModuleType
    debounce: ModuleType
    messages: ModuleType
    readers: ModuleType
    wire: ModuleType

    def settings(self, **overrides: object) -> SimpleNamespace:
        """The firmware's build settings (``sensorfw.config``) with some replaced, e.g.
        ``settings(ROWS=11, COLS=11)``; READER_COUNT follows ROWS unless given."""
        values = {k: v for k, v in vars(self.config).items() if k.isupper()}
        values["reader_for_square"] = self.config.reader_for_square
        unknown = set(overrides) - set(values)
        if unknown:
            raise ValueError(f"unknown firmware settings: {sorted(unknown)}")
        if "ROWS" in overrides and "READER_COUNT" not in overrides:
            overrides["READER_COUNT"] = overrides["ROWS"]
        values.update(overrides)
        return SimpleNamespace(**values)


_loaded: Firmware | None = None


def load_firmware() -> Firmware:
    """Import the firmware package (once) and return its modules."""
    global _loaded
    if _loaded is None:
        folder = str(firmware_dir())
        if folder not in sys.path:
            sys.path.append(folder)
        names = ["board", "config", "debounce", "messages", "readers", "wire"]
        modules = {name: importlib.import_module(f"{PACKAGE}.{name}") for name in names}
        _loaded = Firmware(package=importlib.import_module(PACKAGE), **modules)
    return _loaded
