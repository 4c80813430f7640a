# The Raspberry Pi Pico hardware of the sensor board. The only module that imports machine,
# micropython or the USB stack; see hardware/sensor-board.md for the circuit.

import os
import select
import sys
import time

import machine
import micropython

from sensorfw import config
from sensorfw.mfrc522 import MFRC522
from sensorfw.readers import ReaderBank


class PicoClock:
    ticks_ms = staticmethod(time.ticks_ms)
    ticks_add = staticmethod(time.ticks_add)
    ticks_diff = staticmethod(time.ticks_diff)
    sleep_ms = staticmethod(time.sleep_ms)


class OccupancyMatrix:
    """Reed-switch diode matrix: 74HC595s drive one row high at a time, 74HC165s read columns."""

    def __init__(self, rows, cols):
        self.rows = rows
        self.cols = cols
        self.spi = machine.SPI(1, baudrate=config.MATRIX_SPI_BAUD, polarity=0, phase=0,
                               sck=machine.Pin(config.PIN_MATRIX_SCK),
                               mosi=machine.Pin(config.PIN_MATRIX_MOSI),
                               miso=machine.Pin(config.PIN_MATRIX_MISO))
        self.latch = machine.Pin(config.PIN_MATRIX_ROW_LATCH, machine.Pin.OUT, value=0)
        self.load = machine.Pin(config.PIN_MATRIX_COL_LOAD, machine.Pin.OUT, value=1)
        self.row_bytes = (rows + 7) // 8
        self.col_bytes = (cols + 7) // 8
        self._out = bytearray(self.row_bytes)
        self._in = bytearray(self.col_bytes)

    def _drive_row(self, row):
        for i in range(self.row_bytes):
            self._out[i] = 0
        if row is not None:
            # The last byte shifted out lands in the first 595 of the chain.
            self._out[self.row_bytes - 1 - row // 8] = 1 << (row % 8)
        self.spi.write(self._out)
        self.latch.value(1)
        self.latch.value(0)

    def scan(self):
        rows = []
        for row in range(self.rows):
            self._drive_row(row)
            time.sleep_us(5)          # let the column lines settle through the diodes
            self.load.value(0)        # parallel load the 165s
            self.load.value(1)
            self.spi.readinto(self._in)
            bits = 0
            for i in range(self.col_bytes):
                bits |= self._in[i] << (8 * i)
            rows.append(bits & ((1 << self.cols) - 1))
        self._drive_row(None)
        return rows


class ReaderSelect:
    """Chip select of one MFRC522 through the 74HC154 decoder (also enables its MISO buffer)."""

    def __init__(self, index, address_pins, enable_pin):
        self.index = index
        self.address_pins = address_pins
        self.enable = enable_pin

    def select(self, on):
        if on:
            for bit, pin in enumerate(self.address_pins):
                pin.value(self.index >> bit & 1)
            self.enable.value(0)
        else:
            self.enable.value(1)


class AntennaMux:
    def __init__(self, pins):
        self.pins = pins

    def select(self, channel):
        for bit, pin in enumerate(self.pins):
            pin.value(channel >> bit & 1)


class UsbPort:
    """The USB CDC serial port, binary and non-blocking (Ctrl-C no longer interrupts)."""

    def __init__(self):
        micropython.kbd_intr(-1)
        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)

    def write(self, data):
        self._out.write(data)

    def read(self):
        out = bytearray()
        while len(out) < 256 and self._poll.poll(0):
            out.extend(self._in.read(1))
        return bytes(out)

    def close(self):
        micropython.kbd_intr(3)


def set_usb_identity():
    """Enumerate with our product string, keeping the built-in CDC serial port.

    Needs MicroPython 1.23+ and the micropython-lib ``usb-device`` package
    (``mpremote mip install usb-device``); without them the board keeps the stock product
    string, which neither the udev rule nor the host's search matches: give the host the port
    with ``--port /dev/ttyACM0`` (see Troubleshooting in hardware/sensor-board.md).
    """
    try:
        import usb.device
    except ImportError:
        return False
    usb.device.get().init(builtin_driver=True, manufacturer_str=config.USB_MANUFACTURER,
                          product_str=config.USB_PRODUCT, id_vendor=config.USB_VENDOR_ID,
                          id_product=config.USB_PRODUCT_ID, device_class=0xEF,
                          device_subclass=0x02, device_protocol=0x01)
    return True


def maintenance_jumper_fitted():
    pin = machine.Pin(config.PIN_MAINTENANCE, machine.Pin.IN, machine.Pin.PULL_UP)
    return pin.value() == 0


def build_board():
    """Create the SensorBoard wired to this Pico's hardware."""
    from sensorfw.board import SensorBoard

    clock = PicoClock()
    reset = machine.Pin(config.PIN_READER_RESET, machine.Pin.OUT, value=0)
    time.sleep_ms(2)
    reset.value(1)               # release every MFRC522 from hard power-down
    time.sleep_ms(50)
    spi = machine.SPI(0, baudrate=config.READER_SPI_BAUD, polarity=0, phase=0,
                      sck=machine.Pin(config.PIN_READER_SCK),
                      mosi=machine.Pin(config.PIN_READER_MOSI),
                      miso=machine.Pin(config.PIN_READER_MISO))
    address = [machine.Pin(p, machine.Pin.OUT, value=0) for p in config.PIN_READER_SELECT]
    enable = machine.Pin(config.PIN_READER_SELECT_ENABLE, machine.Pin.OUT, value=1)
    drivers = [MFRC522(spi, ReaderSelect(i, address, enable), clock)
               for i in range(config.READER_COUNT)]
    mux = AntennaMux([machine.Pin(p, machine.Pin.OUT, value=0) for p in config.PIN_ANTENNA_SELECT])
    readers = ReaderBank(drivers, mux, clock, config.reader_for_square)
    matrix = OccupancyMatrix(config.ROWS, config.COLS)
    led = machine.Pin("LED", machine.Pin.OUT, value=0)
    boot_id = int.from_bytes(os.urandom(4), "little")
    return SensorBoard(config, matrix, readers, UsbPort(), clock, led=led, boot_id=boot_id)


def restart_after(exc, board):
    """Write the traceback to ``error.log`` on the board's flash and reset the Pico.

    The board comes back with a new boot id, so the host resynchronises with a snapshot; the
    log survives for ``mpremote cat error.log`` (with the maintenance jumper fitted).
    """
    try:
        board.readers.field_off()
        with open("error.log", "w") as log:
            sys.print_exception(exc, log)
    except Exception:
        pass
    machine.reset()
