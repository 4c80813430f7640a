"""One set of folders on a Pi set up by the README: what the owner's commands write (the PIN,
the tiles, the calibration) is what the service reads, and the games the service journals are
what `wordboard games list` shows.

The service is installed into a folder standing for / (the install script with stub system
commands), a command is run as the owner runs it (no WORDBOARD_* folders of its own, only the
folders file the install wrote), and the result is read the way the service reads it: with
the environment the unit gives it."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

from controller.test_notify_unit import _install  # the install into a folder standing for /
from wordboard import paths

HOST = Path(__file__).resolve().parents[2] / "host"


def _unit_environment(root: Path) -> dict[str, str]:
    """The Environment= lines of the unit the install put in place, under ``root``."""
    env = {}
    for line in (root / "etc" / "systemd" / "system" / "wordboard.service").read_text().splitlines():
        if line.startswith("Environment="):
            name, _, value = line[len("Environment="):].partition("=")
            env[name] = str(root) + value if value.startswith("/") else value
    return env


def _owners_env(tmp_path: Path, folders_file: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WORDBOARD_", "XDG_"))}
    env.update(HOME=str(tmp_path / "home"), PYTHONPATH=str(HOST), WORDBOARD_FOLDERS=str(folders_file))
    return env


def test_the_pin_and_tiles_the_owner_sets_are_what_the_service_reads(tmp_path, monkeypatch):
    monkeypatch.setenv("SUDO_USER", "pi")
    root, log, out = _install(tmp_path, "Raspberry Pi 5 Model B Rev 1.0", "--no-start")
    folders_file = root / "etc" / "wordboard" / "folders"
    assert paths.service_folders({"WORDBOARD_FOLDERS": str(folders_file)}) == {
        "data": root / "var" / "lib" / "wordboard", "config": root / "etc" / "wordboard"}
    assert "usermod -a -G wordboard pi" in log                      # the owner joins the group
    for folder in (root / "etc" / "wordboard", root / "var" / "lib" / "wordboard"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o2770

    # The owner's commands, typed at the Pi.
    owner = _owners_env(tmp_path, folders_file)
    wordboard = [sys.executable, "-m", "wordboard"]
    done = subprocess.run(wordboard + ["screen", "set-pin", "--stdin"], input="2468\n", env=owner,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    done = subprocess.run(wordboard + ["screen", "status"], env=owner, capture_output=True, text=True, timeout=60)
    assert str(root / "etc" / "wordboard") in done.stdout
    code = ("from wordboard.sensor.registry import TileRegistry\n"
            "from wordboard.sensor.identity import parse_identity\n"
            "r = TileRegistry.load(); r.enroll('04A1B2C3D4E5F6', parse_identity('Q')); r.save()\n")
    subprocess.run([sys.executable, "-c", "from wordboard.paths import share_with_service; share_with_service()\n"
                    + code], env=owner, check=True, timeout=60)

    # The service: the unit's environment, no folders file, another home.
    service = {k: v for k, v in os.environ.items() if not k.startswith(("WORDBOARD_", "XDG_"))}
    service.update(_unit_environment(root), HOME=str(tmp_path / "service-home"), PYTHONPATH=str(HOST),
                   WORDBOARD_FOLDERS="none")
    check = ("from wordboard.screen import pin\n"
             "from wordboard.sensor.registry import TileRegistry\n"
             "print(pin.check_pin('2468'), pin.pin_path(), TileRegistry.load().lookup('04A1B2C3D4E5F6'))\n")
    seen = subprocess.run([sys.executable, "-c", check], env=service, capture_output=True, text=True, timeout=60)
    assert seen.returncode == 0, seen.stderr
    assert seen.stdout.split()[:2] == ["True", str(root / "etc" / "wordboard" / "screen-pin.json")]
    assert "Q" in seen.stdout.split(maxsplit=2)[2]
    # ... and the service's group may read them (it is not their owner).
    for written in (root / "etc" / "wordboard" / "screen-pin.json", root / "var" / "lib" / "wordboard" / "tiles.json"):
        assert stat.S_IMODE(written.stat().st_mode) & 0o060 == 0o060, written


def test_the_folders_file_yields_to_explicit_folders_and_can_be_switched_off(tmp_path):
    listed = tmp_path / "folders"
    listed.write_text("# a comment\ndata: /var/lib/wordboard\nconfig: /etc/wordboard  # the owner's\n"
                      "nonsense line\ncache: relative/is/ignored\n")
    env = {"WORDBOARD_FOLDERS": str(listed), "HOME": str(tmp_path)}
    assert paths.data_dir(env) == Path("/var/lib/wordboard") and paths.config_dir(env) == Path("/etc/wordboard")
    assert paths.cache_dir(env) == tmp_path / ".cache" / "wordboard"
    assert paths.data_dir({**env, "WORDBOARD_DATA_DIR": "/elsewhere"}) == Path("/elsewhere")
    assert paths.data_dir({**env, "WORDBOARD_FOLDERS": "none"}) == tmp_path / ".local" / "share" / "wordboard"
    assert paths.data_dir({**env, "WORDBOARD_FOLDERS": str(tmp_path / "missing")}) == \
        tmp_path / ".local" / "share" / "wordboard"


def test_folders_the_owner_cannot_read_yet_are_said_not_passed_over(tmp_path, monkeypatch, capsys):
    """Right after the install the owner is in the service's group only from their next login:
    /etc/wordboard cannot be read, and the commands used the owner's own folders in silence
    (issue 40). Now each command says so, once, on stderr, and goes on."""
    from pathlib import Path

    from wordboard.cli import main

    folders_file = tmp_path / "folders"
    folders_file.write_text(f"data: {tmp_path / 'var-lib-wordboard'}\n")
    monkeypatch.setenv("WORDBOARD_FOLDERS", str(folders_file))
    assert paths.unreadable_service_folders() is None           # readable: nothing to say
    real = Path.read_text

    def as_the_owner(self, *args, **kwargs):
        if self == folders_file:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", as_the_owner)
    monkeypatch.setattr(Path, "read_bytes", lambda self: as_the_owner(self).encode())
    assert paths.service_folders() == {}
    assert "log out and in again" in (paths.unreadable_service_folders() or "")
    assert main(["games", "list"]) == 0
    err = capsys.readouterr().err
    assert err.count("are not readable by you") == 1 and "log out and in again" in err
