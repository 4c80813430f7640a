"""The kiosk on the Pi's own display (host/systemd): the user unit and the XDG autostart entry that
starts it on Raspberry Pi OS's desktops, which never reach graphical-session.target. The unit's
command is run with stand-in browsers: it finds Chromium under either name and opens the page
the owner chose (the children's kiosk too), allowed to play the board's speech without a tap."""

from __future__ import annotations

import configparser
import shlex
import subprocess
from pathlib import Path

SYSTEMD = Path(__file__).resolve().parents[2] / "host" / "systemd"


def unit() -> configparser.ConfigParser:
    parsed = configparser.ConfigParser(strict=False, interpolation=None)
    parsed.optionxform = str
    parsed.read(SYSTEMD / "wordboard-kiosk.service")
    return parsed


def test_the_kiosk_unit_is_started_by_the_desktop_sessions_autostart():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(SYSTEMD / "wordboard-kiosk.desktop")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop.get("Hidden", "false") != "true"
    command = desktop["Exec"]
    # the desktop entry spec: quoted with double quotes, no $ ` \\ inside
    assert command.startswith('sh -c "') and command.endswith('"') and not set("$`\\") & set(command)
    script = shlex.split(command)[2]
    assert "systemctl --user import-environment" in script
    assert {"DISPLAY", "WAYLAND_DISPLAY"} <= set(script.split(";")[0].split())
    assert script.strip().endswith("systemctl --user start wordboard-kiosk.service")
    service = unit()
    assert service["Install"]["WantedBy"] == "graphical-session.target"    # other desktops
    assert "Restart" in service["Service"] and "WORDBOARD_KIOSK_URL" in service["Service"]["Environment"]


def run_exec_start(tmp_path, browsers: tuple[str, ...], url: str) -> list[str]:
    """The unit's ExecStart= as systemd runs it ($$ is a $; $NAME inside a word is the shell's),
    with stand-in browsers that print their arguments, one a line."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(parents=True, exist_ok=True)
    for name in browsers:
        stub = bin_dir / name
        stub.write_text(f'#!/bin/sh\necho "{name}"\nfor a in "$@"; do echo "$a"; done\n')
        stub.chmod(0o755)
    command = shlex.split(unit()["Service"]["ExecStart"].replace("$$", "$"))
    done = subprocess.run(command, env={"PATH": str(bin_dir), "WORDBOARD_KIOSK_URL": url},
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_kiosk_opens_the_page_in_chromium_under_either_name(tmp_path):
    default = dict(line.split("=", 1) for line in [unit()["Service"]["Environment"]])["WORDBOARD_KIOSK_URL"]
    assert default == "http://127.0.0.1:8080/?kiosk=1"
    args = run_exec_start(tmp_path, ("chromium", "chromium-browser"), default)
    assert args[0] == "chromium"                                 # today's name first
    assert {"--kiosk", "--incognito", "--password-store=basic", "--ozone-platform-hint=auto"} <= set(args)
    # the page plays the board's speech (made by the service) without a tap first
    assert "--autoplay-policy=no-user-gesture-required" in args
    assert f"--app={default}" in args
    kids = "http://127.0.0.1:8080/?kiosk=1&mode=kids"            # the children's kiosk, & and all
    args = run_exec_start(tmp_path / "old", ("chromium-browser",), kids)
    assert args[0] == "chromium-browser" and f"--app={kids}" in args


def test_install_sets_up_the_kiosk_for_the_desktop_session(tmp_path):
    from tests.controller.test_notify_unit import _install

    root, log, _ = _install(tmp_path, "Raspberry Pi 5 Model B Rev 1.0", "--no-start")
    assert (root / "etc" / "systemd" / "user" / "wordboard-kiosk.service").read_text() == \
        (SYSTEMD / "wordboard-kiosk.service").read_text()
    assert (root / "etc" / "xdg" / "autostart" / "wordboard-kiosk.desktop").is_file()
    assert "systemctl --global enable wordboard-kiosk.service" in log
