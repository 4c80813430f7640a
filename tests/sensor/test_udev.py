"""The sensor board's USB identity is the same in the udev rules, the firmware, the host and
the docs."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from wordboard.sensor import discovery
from wordboard.sensor.firmware import load_firmware

from .conftest import REPO

RULES = REPO / "udev" / "70-wordboard.rules"


def sensor_rule() -> dict[str, str]:
    lines = [line for line in RULES.read_text().splitlines() if "wordboard-sensor" in line and not line.startswith("#")]
    assert len(lines) == 1, "exactly one rule names the sensor board"
    return {key + (op if op == "+=" else ""): value
            for key, op, value in re.findall(r'([\w]+(?:\{\w+\})?)\s*(==|\+=|=)\s*"([^"]*)"', lines[0])}


def test_rules_firmware_and_host_agree():
    rule = sensor_rule()
    config = load_firmware().config
    assert int(rule["ATTRS{idVendor}"], 16) == config.USB_VENDOR_ID == discovery.USB_VENDOR_ID
    assert int(rule["ATTRS{idProduct}"], 16) == config.USB_PRODUCT_ID == discovery.USB_PRODUCT_ID
    assert rule["ATTRS{product}"] == config.USB_PRODUCT == discovery.USB_PRODUCT
    assert "/dev/" + rule["SYMLINK+="] == discovery.UDEV_NAME
    assert rule["GROUP"] == "dialout" and rule["MODE"] == "0660"
    # a device unit for systemd (dev-wordboard\x2dsensor.device), which wordboard.service can
    # be ordered after (host/systemd/README.md)
    assert rule["TAG+="] == "systemd"


@pytest.mark.parametrize("doc", ["hardware/sensor-board.md", "udev/README.md"])
def test_docs_declare_the_same_ids(doc):
    text = (REPO / doc).read_text()
    config = load_firmware().config
    assert f"{config.USB_VENDOR_ID:04x}:{config.USB_PRODUCT_ID:04x}" in text
    assert config.USB_PRODUCT in text and discovery.UDEV_NAME in text


def test_camera_rule_gives_a_stable_name_to_the_video_group():
    text = RULES.read_text()
    assert re.search(r'SUBSYSTEM=="video4linux".*SYMLINK\+="wordboard-camera".*GROUP="video"', text)


def test_rules_verify_with_udevadm_where_available():
    if shutil.which("udevadm") is None:
        pytest.skip("udevadm is not installed")
    result = subprocess.run(["udevadm", "verify", "--resolve-names=never", str(RULES)],
                            capture_output=True, text=True)
    if "Unknown command" in result.stderr or "unknown" in result.stderr.lower() and result.returncode:
        pytest.skip("this udevadm has no verify command")
    assert result.returncode == 0, result.stderr
