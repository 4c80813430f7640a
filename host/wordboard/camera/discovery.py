"""Finding the table's camera: the Pi camera module (through libcamera) or a USB webcam.

:func:`find_camera` answers the way :func:`wordboard.sensor.discovery.find_board_port` does
for the sensor board: the capture source to open (a description :func:`~wordboard.camera.capture.open_source`
takes), or None when no camera is attached. ``$WORDBOARD_CAMERA`` names one instead (the
service's configuration): ``picamera``, ``/dev/videoN``, a video or image file, or ``none``.

A Pi's ``/dev/video*`` nodes are mostly not cameras (the ISP, the codecs, the camera's own
unicam nodes), so they are not tried: the camera module is found through libcamera (its
``/sys`` entries, then picamera2 if it is installed), a USB webcam by its ``/dev/v4l/by-id`` link,
which udev makes for USB capture devices only.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path

ENV = "WORDBOARD_CAMERA"
BY_ID = Path("/dev/v4l/by-id")


def named_camera(environ: Mapping[str, str] | None = None) -> str | None:
    """The camera ``$WORDBOARD_CAMERA`` names (``none``: none wanted), or None when unset."""
    env: Mapping[str, str] = os.environ if environ is None else environ
    value = (env.get(ENV) or "").strip()
    return value or None


def find_camera(environ: Mapping[str, str] | None = None, *, by_id: Path = BY_ID,
                pi_cameras: Iterable[str] | None = None) -> str | None:
    """The camera to use: the one ``$WORDBOARD_CAMERA`` names (None for ``none``), else the Pi
    camera module, else the first USB webcam, else None. ``by_id`` and ``pi_cameras`` (the
    libcamera camera ids) are for tests."""
    named = named_camera(environ)
    if named is not None:
        return None if named.lower() == "none" else named
    cameras = list(pi_cameras) if pi_cameras is not None else _libcamera_cameras()
    if cameras:
        return "picamera"
    webcams = usb_webcams(by_id)
    return webcams[0] if webcams else None


def usb_webcams(by_id: Path = BY_ID) -> list[str]:
    """The USB webcams' capture devices (``/dev/v4l/by-id/usb-...-video-index0``), sorted."""
    try:
        links = sorted(p for p in by_id.iterdir() if p.name.endswith("-video-index0"))
    except OSError:
        return []
    return [str(p) for p in links if p.exists()]


def describe_missing_camera() -> str:
    """Why :func:`find_camera` found nothing, as one line for the user."""
    return ("no camera found (no Pi camera module seen by libcamera, no USB webcam under "
            f"{BY_ID}); is its ribbon cable seated, or name one with ${ENV}")


def _libcamera_cameras() -> list[str]:
    """The camera modules libcamera sees on a Raspberry Pi (none elsewhere). picamera2 is asked
    only on a Pi with a camera sensor in its device tree, since loading it takes a second."""
    if not _is_raspberry_pi() or not _sensor_in_device_tree():
        return []
    try:
        from picamera2 import Picamera2

        return [str(info.get("Id", "")) for info in Picamera2.global_camera_info()]
    except Exception:  # noqa: BLE001 - no picamera2, or it does not load: the device tree says
        return ["device-tree"]


def _is_raspberry_pi() -> bool:
    try:
        return "Raspberry Pi" in Path("/proc/device-tree/model").read_text(errors="replace")
    except OSError:
        return False


def _sensor_in_device_tree() -> bool:
    """Whether a camera sensor driver is bound (imx219, imx477, imx708, ov5647... appear as
    ``/sys/bus/i2c/drivers/NAME/N-00XX`` once the camera is detected at boot)."""
    drivers = Path("/sys/bus/i2c/drivers")
    try:
        for driver in drivers.iterdir():
            if driver.name.startswith(("imx", "ov")) and any(p.name[:1].isdigit() for p in driver.iterdir()):
                return True
    except OSError:
        return False
    return False
