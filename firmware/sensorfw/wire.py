# Framing of the sensor board's serial protocol (see firmware/PROTOCOL.md).
#
# A frame is   type:u8  seq:u16le  length:u16le  payload[length]  crc:u16le
# where crc is CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over everything before it.
# The frame is COBS-encoded and followed by one 0x00 delimiter, so a receiver finds the next
# frame boundary after any damage by waiting for the next zero byte.

import struct

HEADER_SIZE = 5
CRC_SIZE = 2
MAX_PAYLOAD = 4096
# Worst-case COBS overhead is one byte per 254, plus one.
MAX_ENCODED = HEADER_SIZE + MAX_PAYLOAD + CRC_SIZE + (HEADER_SIZE + MAX_PAYLOAD + CRC_SIZE) // 254 + 2


def _make_crc_table():
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
        table.append(crc)
    return table


_CRC_TABLE = _make_crc_table()


def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE of ``data`` (bytes-like)."""
    table = _CRC_TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[((crc >> 8) ^ byte) & 0xFF]
    return crc


def cobs_encode(data):
    """Consistent Overhead Byte Stuffing: the result contains no zero byte."""
    out = bytearray()
    code_index = 0
    out.append(0)
    code = 1
    for byte in data:
        if byte == 0:
            out[code_index] = code
            code_index = len(out)
            out.append(0)
            code = 1
        else:
            out.append(byte)
            code += 1
            if code == 0xFF:
                out[code_index] = code
                code_index = len(out)
                out.append(0)
                code = 1
    out[code_index] = code
    return bytes(out)


def cobs_decode(data):
    """Inverse of cobs_encode; returns None when ``data`` is not valid COBS."""
    out = bytearray()
    index = 0
    size = len(data)
    while index < size:
        code = data[index]
        if code == 0:
            return None
        end = index + code
        if end > size:
            return None
        chunk = data[index + 1:end]
        if 0 in chunk:
            return None
        out.extend(chunk)
        index = end
        if code != 0xFF and index < size:
            out.append(0)
    return bytes(out)


def encode_frame(frame_type, seq, payload):
    """Return the bytes to send for one frame, delimiter included."""
    if len(payload) > MAX_PAYLOAD:
        raise ValueError("payload too long")
    body = struct.pack("<BHH", frame_type, seq & 0xFFFF, len(payload)) + bytes(payload)
    body += struct.pack("<H", crc16(body))
    return cobs_encode(body) + b"\x00"


def decode_frame(encoded):
    """Decode one frame without its delimiter: (type, seq, payload), or None if damaged."""
    body = cobs_decode(encoded)
    if body is None or len(body) < HEADER_SIZE + CRC_SIZE:
        return None
    frame_type, seq, length = struct.unpack("<BHH", body[:HEADER_SIZE])
    if length != len(body) - HEADER_SIZE - CRC_SIZE:
        return None
    (crc,) = struct.unpack("<H", body[-CRC_SIZE:])
    if crc != crc16(body[:-CRC_SIZE]):
        return None
    return frame_type, seq, body[HEADER_SIZE:-CRC_SIZE]


class FrameReader:
    """Splits a byte stream into frames; damaged frames are dropped and counted."""

    def __init__(self):
        self._buffer = bytearray()
        self._overflow = False
        self.damaged = 0

    def feed(self, data):
        """Add received bytes; return the list of good frames completed by them."""
        frames = []
        for byte in data:
            if byte != 0:
                if len(self._buffer) < MAX_ENCODED:
                    self._buffer.append(byte)
                else:
                    self._overflow = True
                continue
            if self._overflow:
                self.damaged += 1
            elif self._buffer:
                frame = decode_frame(bytes(self._buffer))
                if frame is None:
                    self.damaged += 1
                else:
                    frames.append(frame)
            self._buffer = bytearray()
            self._overflow = False
        return frames
