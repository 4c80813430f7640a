"""The host link gets back in step after what the fuzz test does not reach: a stale handshake
from an earlier boot replayed on the wire, and it says in one line why it cannot connect."""

from __future__ import annotations

import threading
import time

import pytest

from wordboard.errors import UserError
from wordboard.sensor import protocol as p
from wordboard.sensor.backend import SensorError
from wordboard.sensor.enrollment import wait_until_connected
from wordboard.sensor.events import ConnectionState, Square
from wordboard.sensor.firmware import load_firmware
from wordboard.sensor.link import SerialSensorLink

M = load_firmware().messages
UID = bytes.fromhex("04A1B2C3D4E5F6")


class FakeBoardSerial:
    """A board behind a serial port: answers HELLO and SNAPSHOT with its own sequence numbers;
    ``inject`` puts arbitrary frames on the wire first."""

    def __init__(self, boot_id: int, board: dict[Square, bytes], protocol: int = 1):
        self.boot_id, self.board, self.protocol = boot_id, board, protocol
        self.seq = 0
        self.out = bytearray()
        self.lock = threading.Lock()
        self.decoder = p.FrameDecoder()
        self.in_waiting = 0

    def _frame(self, frame_type: int, payload: bytes) -> None:
        self.out += p.encode_frame(frame_type, self.seq, payload)
        self.seq += 1

    def inject(self, data: bytes) -> None:
        with self.lock:
            self.out += data

    def read(self, size: int = 1) -> bytes:
        with self.lock:
            data, self.out = bytes(self.out), bytearray()
        if not data:
            time.sleep(0.002)
        return data

    def write(self, data: bytes) -> int:
        with self.lock:
            for frame in self.decoder.feed(data):
                if frame.type == p.Command.HELLO:
                    self._frame(M.HELLO, M.hello((1, 0, 0), 15, 15, 0x1F, self.boot_id, 10, 6, 15,
                                                 self.protocol))
                elif frame.type == p.Command.SNAPSHOT:
                    entries = [(s.row, s.col, uid, b"") for s, uid in sorted(self.board.items())]
                    self._frame(M.SNAPSHOT, M.snapshot(1, frame.seq, entries))
        return len(data)

    def close(self) -> None:
        pass


@pytest.mark.parametrize("seq_ahead", [1000, 40000])
def test_a_replayed_handshake_from_an_earlier_boot_does_not_wedge_the_link(seq_ahead):
    board = FakeBoardSerial(boot_id=1, board={Square(7, 7): UID})
    link = SerialSensorLink("fake", serial_factory=lambda **kw: board, retry_interval=0.05,
                            silence_timeout=60.0)
    try:
        assert link.wait_connected(5)
        # A frame of the board's previous life (another boot id, a far higher seq) comes again:
        # it looks like a handshake, and every real frame after it looks like an old repeat.
        board.board[Square(0, 0)] = UID[::-1]
        stale = p.encode_frame(M.HELLO, board.seq + seq_ahead, M.hello((1, 0, 0), 15, 15, 0x1F, 77, 10, 6, 15, 1))
        board.inject(stale)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not (
                link.state is ConnectionState.CONNECTED and link.info.boot_id == 1
                and Square(0, 0) in link.board):
            time.sleep(0.01)
        assert link.info.boot_id == 1, "the link must handshake again with the real board"
        assert dict(link.board) == {Square(7, 7): p.Tag(UID), Square(0, 0): p.Tag(UID[::-1])}
    finally:
        link.close()


def test_a_board_speaking_another_protocol_is_refused_with_what_to_update():
    board = FakeBoardSerial(boot_id=1, board={}, protocol=2)
    link = SerialSensorLink("fake", serial_factory=lambda **kw: board)
    try:
        with pytest.raises(UserError) as error:
            wait_until_connected(link, 1.0)
        assert "protocol 2" in str(error.value) and "update the wordboard software" in str(error.value)
        assert "\n" not in str(error.value)
    finally:
        link.close()


def test_a_missing_port_is_one_line_naming_it(tmp_path):
    missing = tmp_path / "wordboard-sensor"
    link = SerialSensorLink(str(missing))
    try:
        with pytest.raises(UserError) as error:
            wait_until_connected(link, 0.3)
        assert str(error.value).startswith(f"{missing} does not exist")
        assert "\n" not in str(error.value)
    finally:
        link.close()


def test_identify_refuses_a_duration_the_protocol_cannot_carry():
    board = FakeBoardSerial(boot_id=1, board={})
    link = SerialSensorLink("fake", serial_factory=lambda **kw: board)
    try:
        assert link.wait_connected(5)
        with pytest.raises(SensorError, match="1 to 255 seconds"):
            link.identify(300)
    finally:
        link.close()


def test_a_square_outside_the_grid_is_dropped_not_passed_on():
    board = FakeBoardSerial(boot_id=1, board={Square(7, 7): UID})
    link = SerialSensorLink("fake", serial_factory=lambda **kw: board, retry_interval=0.05,
                            silence_timeout=60.0)
    try:
        assert link.wait_connected(5)
        with board.lock:
            board._frame(M.PLACED, M.placed(200, 250, UID[::-1], b""))
            board._frame(M.PLACED, M.placed(0, 0, UID[::-1], b""))
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and Square(0, 0) not in link.board:
            time.sleep(0.01)
        assert dict(link.board) == {Square(7, 7): p.Tag(UID), Square(0, 0): p.Tag(UID[::-1])}
    finally:
        link.close()
