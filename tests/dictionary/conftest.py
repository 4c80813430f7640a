"""Shared fixtures for the dictionary tests."""

from __future__ import annotations

from pathlib import Path

import pytest

SYSTEM_DICT_DIR = Path("/usr/share/dict")  # where Debian installs word lists


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Every test gets its own cache folder, never the user's."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("WORDBOARD_CACHE_DIR", str(cache))
    return cache


def require_system_file(relative: str) -> Path:
    path = SYSTEM_DICT_DIR / relative
    if not path.exists():
        pytest.skip(f"{path} is not installed")
    return path
