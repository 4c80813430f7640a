"""Shared test fixtures: where the shared real data lives, the shipped editions."""

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The real game records and photos kept beside the repository; skip when absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip("the shared data folder (../shared/data) is not present")
    return SHARED_DATA
