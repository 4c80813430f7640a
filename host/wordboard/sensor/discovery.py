"""Finding the sensor board among the Pi's serial ports.

The udev rules in ``udev/`` give the board a stable name, ``/dev/wordboard-sensor``. Without
them (or before they are installed) the board is found by its USB identity: the MicroPython
VID:PID of the Raspberry Pi Pico with our product string. Keep these in step with
``firmware/sensorfw/config.py`` and ``udev/70-wordboard.rules`` (a test checks they agree).
"""

from __future__ import annotations

from pathlib import Path

USB_VENDOR_ID = 0x2E8A
USB_PRODUCT_ID = 0x0005
USB_PRODUCT = "wordboard sensor board"
UDEV_NAME = "/dev/wordboard-sensor"


def find_board_port() -> str | None:
    """The serial device of the sensor board, or None when it is not plugged in."""
    if Path(UDEV_NAME).exists():
        return UDEV_NAME
    from serial.tools import list_ports

    for port in sorted(list_ports.comports(), key=lambda p: p.device):
        if port.vid == USB_VENDOR_ID and port.pid == USB_PRODUCT_ID and port.product == USB_PRODUCT:
            device: str = port.device
            return device
    return None


def describe_missing_board() -> str:
    """Why :func:`find_board_port` found nothing, as one line for the user."""
    return (f"no sensor board found (no {UDEV_NAME}, no USB device "
            f"{USB_VENDOR_ID:04x}:{USB_PRODUCT_ID:04x} \"{USB_PRODUCT}\"); is it plugged in, "
            f"and are the udev rules installed (udev/README.md)?")
