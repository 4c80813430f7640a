"""The sensor board's serial protocol, host side (specified in ``firmware/PROTOCOL.md``).

Frames are ``type:u8 seq:u16le length:u16le payload crc:u16le`` (CRC-16/CCITT-FALSE over the
rest), COBS-encoded and ended by a zero byte. :class:`FrameDecoder` turns any byte stream into
good frames and counts the damaged ones; :func:`decode_message` turns a frame into a typed
message. Neither ever raises on bad input from the wire except :class:`ProtocolError`, which
the decoder's callers treat as one more damaged frame.
"""

from __future__ import annotations

import binascii
import enum
import struct
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from wordboard.sensor.events import FaultKind, Lifted, Placed, ReaderFault, Snapshot, Square, Tag

PROTOCOL_VERSION = 1
HEADER = struct.Struct("<BHH")
CRC_SIZE = 2
MAX_PAYLOAD = 4096
MAX_ENCODED = HEADER.size + MAX_PAYLOAD + CRC_SIZE + (HEADER.size + MAX_PAYLOAD + CRC_SIZE) // 254 + 2


class ProtocolError(ValueError):
    """A frame or payload that does not follow the protocol."""


class MessageType(enum.IntEnum):
    """Board-to-host message types."""

    HELLO = 0x01
    PLACED = 0x02
    LIFTED = 0x03
    SNAPSHOT = 0x04
    HEARTBEAT = 0x05
    READER_FAULT = 0x06
    ACK = 0x07
    TAG_DATA = 0x08


class Command(enum.IntEnum):
    """Host-to-board commands."""

    HELLO = 0x81
    SNAPSHOT = 0x82
    SET_SCAN = 0x83
    IDENTIFY = 0x84
    READ_TAG = 0x85
    WRITE_TAG = 0x86
    EXIT_TO_REPL = 0x8F


class Capability(enum.IntFlag):
    TAG_UID = 0x0001
    TILE_CODE = 0x0002
    WRITE_TAG = 0x0004
    IDENTIFY = 0x0008
    SET_SCAN = 0x0010


class AckStatus(enum.IntEnum):
    OK = 0
    UNKNOWN_COMMAND = 1
    BAD_ARGUMENT = 2


class TagStatus(enum.IntEnum):
    OK = 0
    NO_TAG = 1
    READ_FAILED = 2
    WRITE_FAILED = 3
    BAD_SQUARE = 4


EXIT_TO_REPL_MAGIC = b"REPL"
NO_REQUEST = 0xFFFF
SNAPSHOT_REASONS = {0: "boot", 1: "requested"}


@dataclass(frozen=True)
class Frame:
    type: int
    seq: int
    payload: bytes


@dataclass(frozen=True)
class Hello:
    """The board's handshake: who it is and how it scans."""

    protocol_version: int
    firmware_version: tuple[int, int, int]
    rows: int
    cols: int
    capabilities: Capability
    boot_id: int
    scan_period_ms: int
    settle_scans: int
    reader_count: int

    @property
    def firmware(self) -> str:
        return ".".join(map(str, self.firmware_version))


@dataclass(frozen=True)
class SnapshotMessage:
    reason: str
    request_seq: int
    board: dict[Square, Tag | None]


@dataclass(frozen=True)
class Heartbeat:
    uptime_ms: int
    scans: int
    reads: int
    read_failures: int


@dataclass(frozen=True)
class Ack:
    request_seq: int
    request_type: int
    status: AckStatus


@dataclass(frozen=True)
class TagData:
    request_seq: int
    square: Square
    status: TagStatus
    tag: Tag | None


Message = Hello | Placed | Lifted | SnapshotMessage | Heartbeat | ReaderFault | Ack | TagData


# ---- framing ------------------------------------------------------------------------------

def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE."""
    return binascii.crc_hqx(data, 0xFFFF)


def cobs_encode(data: bytes) -> bytes:
    """Consistent Overhead Byte Stuffing: the result has no zero byte."""
    out = bytearray()
    for chunk in data.split(b"\x00"):
        while len(chunk) >= 254:
            out.append(0xFF)
            out += chunk[:254]
            chunk = chunk[254:]
        out.append(len(chunk) + 1)
        out += chunk
    return bytes(out)


def cobs_decode(data: bytes) -> bytes:
    """Inverse of :func:`cobs_encode`; raises ProtocolError on invalid input."""
    out = bytearray()
    index, size = 0, len(data)
    while index < size:
        code = data[index]
        end = index + code
        if code == 0 or end > size:
            raise ProtocolError("invalid COBS block")
        chunk = data[index + 1:end]
        if 0 in chunk:
            raise ProtocolError("zero byte inside a COBS block")
        out += chunk
        index = end
        if code != 0xFF and index < size:
            out.append(0)
    return bytes(out)


def encode_frame(frame_type: int, seq: int, payload: bytes = b"") -> bytes:
    """The bytes of one frame on the wire, delimiter included."""
    if len(payload) > MAX_PAYLOAD:
        raise ValueError(f"payload of {len(payload)} bytes, the protocol allows {MAX_PAYLOAD}")
    body = HEADER.pack(frame_type, seq & 0xFFFF, len(payload)) + bytes(payload)
    body += struct.pack("<H", crc16(body))
    return cobs_encode(body) + b"\x00"


def decode_frame(encoded: bytes) -> Frame:
    """Decode one frame (without its delimiter); raises ProtocolError when damaged."""
    body = cobs_decode(encoded)
    if len(body) < HEADER.size + CRC_SIZE:
        raise ProtocolError("frame too short")
    frame_type, seq, length = HEADER.unpack_from(body)
    if length != len(body) - HEADER.size - CRC_SIZE:
        raise ProtocolError("length field does not match the frame")
    (crc,) = struct.unpack_from("<H", body, len(body) - CRC_SIZE)
    if crc != crc16(body[:-CRC_SIZE]):
        raise ProtocolError("CRC mismatch")
    return Frame(frame_type, seq, body[HEADER.size:-CRC_SIZE])


class FrameDecoder:
    """Splits a byte stream into good frames. Damaged input is dropped and counted in
    ``corrupted``; decoding resumes at the next delimiter, so one bad byte costs one frame."""

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._overflow = False
        self.frames_ok = 0
        self.corrupted = 0

    def reset(self) -> None:
        """Forget a partial frame (after a reconnect)."""
        self._buffer.clear()
        self._overflow = False

    def feed(self, data: bytes) -> list[Frame]:
        frames: list[Frame] = []
        start = 0
        while True:
            end = data.find(b"\x00", start)
            piece = data[start:] if end < 0 else data[start:end]
            if len(self._buffer) + len(piece) > MAX_ENCODED:
                self._overflow = True
                self._buffer.clear()
            elif not self._overflow:
                self._buffer += piece
            if end < 0:
                return frames
            if self._overflow:
                self.corrupted += 1
            elif self._buffer:
                try:
                    frames.append(decode_frame(bytes(self._buffer)))
                    self.frames_ok += 1
                except ProtocolError:
                    self.corrupted += 1
            self._buffer.clear()
            self._overflow = False
            start = end + 1


# ---- messages -----------------------------------------------------------------------------

class _Reader:
    """Reads fields from a payload; running off its end is a ProtocolError."""

    def __init__(self, payload: bytes):
        self.data = payload
        self.pos = 0

    def take(self, count: int) -> bytes:
        if self.pos + count > len(self.data):
            raise ProtocolError("payload too short")
        out = self.data[self.pos:self.pos + count]
        self.pos += count
        return out

    def unpack(self, fmt: str) -> tuple[Any, ...]:
        size = struct.calcsize(fmt)
        return struct.unpack(fmt, self.take(size))

    def u8(self) -> int:
        return self.take(1)[0]

    def square(self) -> Square:
        return Square(self.u8(), self.u8())

    def tag(self) -> Tag | None:
        uid = self.take(self.u8())
        memory = self.take(self.u8())
        return Tag(uid, memory) if uid else None

    def end(self) -> None:
        if self.pos != len(self.data):
            raise ProtocolError("unexpected bytes at the end of the payload")


def decode_message(frame: Frame) -> Message:
    """The typed message in a board-to-host frame; ProtocolError if malformed or unknown."""
    r = _Reader(frame.payload)
    kind = frame.type
    message: Message
    if kind == MessageType.HELLO:
        proto, major, minor, patch, rows, cols, caps, boot_id, period, settle, readers = r.unpack("<BBBBBBHIBBB")
        message = Hello(proto, (major, minor, patch), rows, cols, Capability(caps), boot_id,
                        period, settle, readers)
    elif kind == MessageType.PLACED:
        message = Placed(r.square(), r.tag())
    elif kind == MessageType.LIFTED:
        message = Lifted(r.square())
    elif kind == MessageType.SNAPSHOT:
        reason, request_seq, count = r.unpack("<BHH")
        board: dict[Square, Tag | None] = {}
        for _ in range(count):
            square = r.square()
            board[square] = r.tag()
        message = SnapshotMessage(SNAPSHOT_REASONS.get(reason, f"reason {reason}"), request_seq, board)
    elif kind == MessageType.HEARTBEAT:
        message = Heartbeat(*r.unpack("<IIII"))
    elif kind == MessageType.READER_FAULT:
        reader, fault, count = r.unpack("<BBB")
        try:
            fault_kind = FaultKind(fault)
        except ValueError:
            raise ProtocolError(f"unknown reader fault kind {fault}") from None
        message = ReaderFault(reader, fault_kind, tuple(r.square() for _ in range(count)))
    elif kind == MessageType.ACK:
        request_seq, request_type, status = r.unpack("<HBB")
        try:
            message = Ack(request_seq, request_type, AckStatus(status))
        except ValueError:
            raise ProtocolError(f"unknown ack status {status}") from None
    elif kind == MessageType.TAG_DATA:
        request_seq, row, col, status = r.unpack("<HBBB")
        try:
            tag_status = TagStatus(status)
        except ValueError:
            raise ProtocolError(f"unknown tag status {status}") from None
        message = TagData(request_seq, Square(row, col), tag_status, r.tag())
    else:
        raise ProtocolError(f"unknown message type 0x{kind:02x}")
    r.end()
    return message


def snapshot_event(message: SnapshotMessage) -> Snapshot:
    return Snapshot(MappingProxyType(dict(message.board)), message.reason)


# ---- command payloads ---------------------------------------------------------------------

def set_scan_payload(scan_period_ms: int, settle_scans: int) -> bytes:
    return bytes((scan_period_ms, settle_scans))


def identify_payload(seconds: int) -> bytes:
    return bytes((seconds,))


def read_tag_payload(square: Square) -> bytes:
    return bytes((square.row, square.col))


def write_tag_payload(square: Square, first_page: int, data: bytes) -> bytes:
    if len(data) % 4 or not 4 <= len(data) <= 16:
        raise ValueError("tag writes are whole 4-byte pages, at most 16 bytes")
    return bytes((square.row, square.col, first_page)) + data
