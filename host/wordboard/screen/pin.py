"""The screen's PIN: changing a game (undo, a score, ending it, a new game) needs it.

Set at install with ``wordboard screen set-pin``; kept as a salted PBKDF2-SHA256 hash in
``screen-pin.json`` in the config folder (:func:`wordboard.paths.config_dir`), readable by its
owner only (and, in the installed service's folders, by the service's group). The PIN itself is never stored.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from pathlib import Path

from wordboard.paths import write_atomically

FILE_NAME = "screen-pin.json"
ITERATIONS = 120_000
PIN_PATTERN = re.compile(r"^[0-9]{4,8}$")


def pin_path(environ=None) -> Path:
    from wordboard.paths import config_dir

    return config_dir(environ) / FILE_NAME


def _derive(pin: str, salt: bytes, iterations: int) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", pin.encode(), salt, iterations)


def set_pin(pin: str, path: Path | None = None) -> Path:
    if not PIN_PATTERN.match(pin):
        raise ValueError("a PIN is 4 to 8 digits")
    path = path or pin_path()
    salt = secrets.token_bytes(16)
    record = {"algorithm": "pbkdf2-sha256", "iterations": ITERATIONS, "salt": salt.hex(),
              "hash": _derive(pin, salt, ITERATIONS).hex()}
    # Flushed to disk before the rename (a power cut leaves the old PIN or the new one). The owner
    # only; in the installed service's folders also its group, so that the service reads the PIN
    # its owner set with `wordboard screen set-pin` (wordboard.paths). Never others.
    from wordboard.paths import service_folders

    write_atomically(path, json.dumps(record).encode(), mode=0o660 if service_folders() else 0o600)
    return path


def clear_pin(path: Path | None = None) -> bool:
    path = path or pin_path()
    try:
        path.unlink()
        return True
    except FileNotFoundError:
        return False


def load(path: Path | None = None) -> dict | None:
    path = path or pin_path()
    try:
        record = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or record.get("algorithm") != "pbkdf2-sha256":
        return None
    return record


def is_set(path: Path | None = None) -> bool:
    return load(path) is not None


def check_pin(pin: str, path: Path | None = None) -> bool:
    record = load(path)
    if record is None or not PIN_PATTERN.match(pin or ""):
        return False
    try:
        salt = bytes.fromhex(record["salt"])
        expected = bytes.fromhex(record["hash"])
        iterations = int(record["iterations"])
    except (KeyError, ValueError, TypeError):
        return False
    return hmac.compare_digest(_derive(pin, salt, iterations), expected)
