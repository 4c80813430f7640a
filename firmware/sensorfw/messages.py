# Message types and payload layouts of protocol version 1 (see firmware/PROTOCOL.md).
# Board-to-host types are below 0x80, host-to-board commands are 0x80 and above.

import struct

# Board to host
HELLO = 0x01
PLACED = 0x02
LIFTED = 0x03
SNAPSHOT = 0x04
HEARTBEAT = 0x05
READER_FAULT = 0x06
ACK = 0x07
TAG_DATA = 0x08

# Host to board
CMD_HELLO = 0x81
CMD_SNAPSHOT = 0x82
CMD_SET_SCAN = 0x83
CMD_IDENTIFY = 0x84
CMD_READ_TAG = 0x85
CMD_WRITE_TAG = 0x86
CMD_EXIT_TO_REPL = 0x8F
EXIT_TO_REPL_MAGIC = b"REPL"

# Capability bits in HELLO
CAP_TAG_UID = 0x0001
CAP_TILE_CODE = 0x0002
CAP_WRITE_TAG = 0x0004
CAP_IDENTIFY = 0x0008
CAP_SET_SCAN = 0x0010

# ACK status
ACK_OK = 0
ACK_UNKNOWN_COMMAND = 1
ACK_BAD_ARGUMENT = 2

# SNAPSHOT reason
SNAPSHOT_BOOT = 0
SNAPSHOT_REQUESTED = 1
NO_REQUEST = 0xFFFF

# READER_FAULT kinds
FAULT_CLEARED = 0
FAULT_NO_RESPONSE = 1
FAULT_READ_TIMEOUTS = 2

# TAG_DATA status
TAG_OK = 0
TAG_NO_TAG = 1
TAG_READ_FAILED = 2
TAG_WRITE_FAILED = 3
TAG_BAD_SQUARE = 4


def hello(version, rows, cols, caps, boot_id, scan_period_ms, settle_scans, reader_count,
          protocol_version):
    return struct.pack("<BBBBBBHIBBB", protocol_version, version[0], version[1], version[2],
                       rows, cols, caps, boot_id, scan_period_ms, settle_scans, reader_count)


def _tag(uid, code):
    return bytes((len(uid),)) + uid + bytes((len(code),)) + code


def placed(row, col, uid, code):
    return bytes((row, col)) + _tag(uid, code)


def lifted(row, col):
    return bytes((row, col))


def snapshot(reason, request_seq, entries):
    """entries: iterable of (row, col, uid, code)."""
    parts = [b""]
    count = 0
    for row, col, uid, code in entries:
        parts.append(bytes((row, col)) + _tag(uid, code))
        count += 1
    return struct.pack("<BHH", reason, request_seq, count) + b"".join(parts)


def heartbeat(uptime_ms, scans, reads, read_failures):
    return struct.pack("<IIII", uptime_ms & 0xFFFFFFFF, scans & 0xFFFFFFFF,
                       reads & 0xFFFFFFFF, read_failures & 0xFFFFFFFF)


def reader_fault(reader, kind, squares):
    out = bytearray((reader, kind, len(squares)))
    for row, col in squares:
        out.append(row)
        out.append(col)
    return bytes(out)


def ack(request_seq, request_type, status):
    return struct.pack("<HBB", request_seq, request_type, status)


def tag_data(request_seq, row, col, status, uid, data):
    return struct.pack("<HBBB", request_seq, row, col, status) + _tag(uid, data)


# Command payloads (what the board parses). Each returns a tuple or None when malformed.

def parse_set_scan(payload):
    if len(payload) != 2:
        return None
    return payload[0], payload[1]


def parse_identify(payload):
    if len(payload) != 1:
        return None
    return payload[0]


def parse_read_tag(payload):
    if len(payload) != 2:
        return None
    return payload[0], payload[1]


def parse_write_tag(payload):
    """row, col, first page, data (whole 4-byte pages, at most 16 bytes)."""
    if len(payload) < 7:
        return None
    data = bytes(payload[3:])
    if len(data) % 4 or len(data) > 16:
        return None
    return payload[0], payload[1], payload[2], data
