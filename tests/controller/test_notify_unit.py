"""The systemd unit and install script say what the service needs."""

import configparser
from pathlib import Path

SYSTEMD = Path(__file__).resolve().parents[2] / "host" / "systemd"


def test_unit():
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str
    unit.read(SYSTEMD / "wordboard.service")
    service = unit["Service"]
    assert service["Type"] == "notify" and service["Restart"] == "on-failure"
    assert int(service["WatchdogSec"]) > 0
    assert service["ExecStart"].endswith("wordboard run")
    assert service["User"] != "root"
    assert {"gpio", "dialout", "video"} <= set(service["SupplementaryGroups"].split())
    assert unit["Install"]["WantedBy"] == "multi-user.target"


def test_install_script_is_executable_and_creates_the_user():
    script = SYSTEMD / "install"
    assert script.stat().st_mode & 0o111
    text = script.read_text()
    assert "useradd" in text and "systemctl enable wordboard.service" in text
