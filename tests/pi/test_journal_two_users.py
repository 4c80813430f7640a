"""Issue 40: the service and the owner share the journal through a group, as the install sets
them up (the folder 2770, the service's umask 007, the owner in the service's group): with two
real uids, the owner's `wordboard games list` and `games resume` never stop the service from
writing, whether the service is running or not, and a journal left by an older version (its
files 0640: the owner's side of the group could only read) is taken back into use.

The processes run as unprivileged uids (no user database entries are needed: subprocess's
user=, group=, extra_groups=, umask=), so the test needs root; it is skipped otherwise."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVICE, OWNER, GROUP = 64801, 64802, 64800      # the wordboard user, pi, the group wordboard
OWNERS_OWN_GROUP = 64803

pytestmark = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                                reason="two real uids need root to switch to them")

SERVICE_CODE = """
import sys
from tests.controller.journal_child import next_move
from wordboard.journal import Journal, JournaledGame
journal = Journal(sys.argv[1])
latest = journal.latest_unfinished()
game = JournaledGame(journal, latest.id) if latest else JournaledGame.start(
    journal, "lexulous", "lexulous", ["Ann", "Ben"], seed=1)
for _ in range(int(sys.argv[2])):
    game.play(next_move(game.game))
print(game.id, game.seq, flush=True)
if len(sys.argv) > 3:            # stay open (the running service) until told to play once more
    sys.stdin.readline()
    game.play(next_move(game.game))
    print(game.id, game.seq, flush=True)
journal.close()
"""


@pytest.fixture(scope="module")
def python() -> str:
    """An interpreter an unprivileged uid may run (this one may live in root's home), with the
    package's own dependencies for what these processes do (sqlite3 and the rules only)."""
    for candidate in (sys.executable, "/usr/bin/python3"):
        try:
            done = subprocess.run([candidate, "-c", "import sqlite3, json"], cwd="/", timeout=60,
                                  capture_output=True, **_as("owner"))  # type: ignore[call-overload]
        except OSError:
            continue
        if done.returncode == 0:
            return candidate
    pytest.skip("no Python interpreter that an unprivileged uid may run")


@pytest.fixture
def place(python) -> Iterator[Path]:
    base = Path(tempfile.mkdtemp(prefix="wordboard-two-users-"))
    try:
        base.chmod(0o755)
        data = base / "var-lib-wordboard"
        data.mkdir()
        os.chown(data, SERVICE, GROUP)
        data.chmod(0o2770)                       # as StateDirectoryMode= and the install make it
        for home, uid in (("service-home", SERVICE), ("owner-home", OWNER)):
            (base / home).mkdir()
            os.chown(base / home, uid, GROUP if uid == SERVICE else OWNERS_OWN_GROUP)
        (base / "folders").write_text(f"data: {data}\n")
        (base / "python").symlink_to(python)
        yield base
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _env(place: Path, who: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WORDBOARD_", "XDG_"))}
    env.update(PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "host")]), PYTHONDONTWRITEBYTECODE="1")
    if who == "service":     # the unit's environment
        env.update(HOME=str(place / "service-home"), WORDBOARD_DATA_DIR=str(place / "var-lib-wordboard"),
                   WORDBOARD_FOLDERS="none")
    else:                    # the owner at the Pi: the folders file the install wrote
        env.update(HOME=str(place / "owner-home"), WORDBOARD_FOLDERS=str(place / "folders"))
    return env


def _as(who: str) -> dict[str, object]:
    if who == "service":
        return {"user": SERVICE, "group": GROUP, "extra_groups": [], "umask": 0o007}
    return {"user": OWNER, "group": OWNERS_OWN_GROUP, "extra_groups": [GROUP], "umask": 0o022}


def service(place: Path, moves: int, *, stay: bool = False) -> subprocess.CompletedProcess[str] | subprocess.Popen[str]:
    args = [str(place / "python"), "-c", SERVICE_CODE, str(place / "var-lib-wordboard" / "journal.sqlite3"), str(moves)]
    if stay:
        return subprocess.Popen(args + ["stay"], env=_env(place, "service"), cwd=place, text=True,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                **_as("service"))  # type: ignore[call-overload]
    return subprocess.run(args, env=_env(place, "service"), cwd=place, text=True, capture_output=True,
                          timeout=120, **_as("service"))  # type: ignore[call-overload]


def owner(place: Path, *command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(place / "python"), "-m", "wordboard", "games", *command], env=_env(place, "owner"),
                          cwd=place, text=True, capture_output=True, timeout=120,
                          **_as("owner"))  # type: ignore[call-overload]


def _ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_owners_commands_never_stop_the_service(place):
    assert _ok(service(place, 2)).split() == ["1", "2"]
    # the service stopped: the owner looks at the games
    assert "playing" in _ok(owner(place, "list"))
    assert _ok(service(place, 1)).split() == ["1", "3"]           # the service starts again and writes
    # the service running: the owner looks and resumes (reads) while it holds the journal
    running = service(place, 1, stay=True)
    try:
        assert running.stdout is not None and running.stdin is not None
        assert running.stdout.readline().split() == ["1", "4"]
        assert "playing" in _ok(owner(place, "list"))
        assert "rebuilt from 4 events" in _ok(owner(place, "resume"))
        running.stdin.write("\n")
        running.stdin.flush()
        assert running.stdout.readline().split() == ["1", "5"]
    finally:
        running.stdin.close() if running.stdin else None
        assert running.wait(timeout=60) == 0, running.stderr.read() if running.stderr else ""
    assert _ok(service(place, 1)).split() == ["1", "6"]
    assert "playing" in _ok(owner(place, "list"))
    for path in (place / "var-lib-wordboard").iterdir():
        assert stat.S_IMODE(path.stat().st_mode) & 0o060 == 0o060, path   # the group may write


def test_a_journal_left_0640_by_an_older_version_is_taken_back(place):
    _ok(service(place, 2))
    data = place / "var-lib-wordboard"
    journal = data / "journal.sqlite3"
    for path in data.iterdir():
        path.chmod(0o640)
    # the owner's command met the service's 0640 journal and left its own 0640 -wal and -shm
    for suffix in ("-wal", "-shm"):
        side = Path(f"{journal}{suffix}")
        side.write_bytes(b"")
        os.chown(side, OWNER, GROUP)
        side.chmod(0o640)
    assert _ok(service(place, 1)).split() == ["1", "3"]           # the service starts (no crash loop)
    assert "playing" in _ok(owner(place, "list"))
    assert _ok(service(place, 1)).split() == ["1", "4"]
    # and the owner's command on the service's 0640 journal (the service stopped) leaves it usable
    for path in data.iterdir():
        if path.stat().st_uid == SERVICE:
            path.chmod(0o640)
    assert "playing" in _ok(owner(place, "list"))
    assert _ok(service(place, 1)).split() == ["1", "5"]
