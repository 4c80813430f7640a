"""Shared test fixtures: where the shared real data lives, the shipped editions."""

from pathlib import Path

import pytest
from hypothesis import settings

# No per-example deadline: the suite runs on shared machines where one example can take ten times
# its usual time; a property fails on what it checks, never on how long an example took.
settings.register_profile("wordboard", deadline=None)
settings.load_profile("wordboard")

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The real game records and photos kept beside the repository; skip when absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip("the shared data folder (../shared/data) is not present")
    return SHARED_DATA


@pytest.fixture(autouse=True)
def owners_folders(tmp_path_factory, monkeypatch):
    """Every test starts with an empty data folder (journals, tile registry) and config folder
    (LED and button files, camera calibration, PIN), never the tester's own; the cache of compiled
    word lists stays shared, it is rebuilt from the lists anyway."""
    home = tmp_path_factory.mktemp("owner")
    monkeypatch.setenv("WORDBOARD_DATA_DIR", str(home / "data"))
    monkeypatch.setenv("WORDBOARD_CONFIG_DIR", str(home / "config"))
    monkeypatch.setenv("WORDBOARD_FOLDERS", "none")  # nor an installed service's (wordboard.paths)
