"""The wire protocol: the firmware's encoder and the host's decoder agree, and the host's decoder
survives any byte sequence (random, truncated, bit-flipped, replayed frames)."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordboard.sensor import protocol as p
from wordboard.sensor.events import FaultKind, Lifted, Placed, ReaderFault, Square, Tag
from wordboard.sensor.firmware import load_firmware

from .conftest import REPO

FW = load_firmware()
SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
payloads = st.binary(max_size=600)
frame_types = st.integers(0, 255)
seqs = st.integers(0, 0xFFFF)


@SETTINGS
@given(payloads)
def test_cobs_round_trip_and_encoders_agree(data):
    encoded = p.cobs_encode(data)
    assert 0 not in encoded
    assert encoded == FW.wire.cobs_encode(data)
    assert p.cobs_decode(encoded) == data
    assert FW.wire.cobs_decode(encoded) == data


@SETTINGS
@given(frame_types, seqs, payloads)
def test_firmware_frames_decode_on_the_host_and_back(frame_type, seq, payload):
    wire = FW.wire.encode_frame(frame_type, seq, payload)
    assert wire == p.encode_frame(frame_type, seq, payload)
    assert p.FrameDecoder().feed(wire) == [p.Frame(frame_type, seq, payload)]
    assert FW.wire.FrameReader().feed(p.encode_frame(frame_type, seq, payload)) == [(frame_type, seq, payload)]


def test_documented_test_vector():
    """The example frame in firmware/PROTOCOL.md is what both sides produce."""
    doc = (REPO / "firmware" / "PROTOCOL.md").read_text()
    match = re.search(r"LIFTED of H8 with seq 258 is sent as\s*`([0-9a-f ]+)`", doc)
    assert match, "PROTOCOL.md lost its test vector"
    expected = bytes.fromhex(match.group(1))
    payload = FW.messages.lifted(7, 7)
    assert FW.wire.encode_frame(FW.messages.LIFTED, 258, payload) == expected
    frames = p.FrameDecoder().feed(expected)
    assert p.decode_message(frames[0]) == Lifted(Square(7, 7))


def test_every_board_message_decodes_to_its_type():
    m = FW.messages
    uid, code = bytes.fromhex("04A1B2C3D4E5F6"), b"WB\x01L\x01A" + bytes(10)
    cases = [
        (m.PLACED, m.placed(7, 7, uid, code), Placed(Square(7, 7), Tag(uid, code))),
        (m.PLACED, m.placed(0, 1, b"", b""), Placed(Square(0, 1), None)),
        (m.LIFTED, m.lifted(14, 0), Lifted(Square(14, 0))),
        (m.READER_FAULT, m.reader_fault(3, m.FAULT_NO_RESPONSE, [(3, 0), (3, 1)]),
         ReaderFault(3, FaultKind.NO_RESPONSE, (Square(3, 0), Square(3, 1)))),
    ]
    for frame_type, payload, expected in cases:
        assert p.decode_message(p.Frame(frame_type, 0, payload)) == expected
    hello = p.decode_message(p.Frame(m.HELLO, 0, m.hello((1, 2, 3), 11, 11, 0x1F, 99, 10, 6, 11, 1)))
    assert (hello.rows, hello.cols, hello.firmware, hello.boot_id) == (11, 11, "1.2.3", 99)
    snap = p.decode_message(p.Frame(m.SNAPSHOT, 0, m.snapshot(1, 5, [(1, 2, uid, b""), (3, 4, b"", b"")])))
    assert snap.request_seq == 5 and snap.board == {Square(1, 2): Tag(uid), Square(3, 4): None}


@SETTINGS
@given(st.binary(max_size=2000))
def test_decoder_never_raises_on_random_bytes(data):
    decoder = p.FrameDecoder()
    for chunk in (data[:len(data) // 2], data[len(data) // 2:]):
        for frame in decoder.feed(chunk):
            try:
                p.decode_message(frame)
            except p.ProtocolError:
                pass


@SETTINGS
@given(st.binary(max_size=300), frame_types, seqs, payloads)
def test_a_good_frame_after_garbage_is_recovered(garbage, frame_type, seq, payload):
    decoder = p.FrameDecoder()
    decoder.feed(garbage)
    frames = decoder.feed(b"\x00" + p.encode_frame(frame_type, seq, payload))
    assert frames[-1] == p.Frame(frame_type, seq, payload)


@SETTINGS
@given(frame_types, seqs, st.binary(min_size=1, max_size=200), st.data())
def test_a_flipped_bit_never_yields_a_different_frame(frame_type, seq, payload, data):
    wire = bytearray(p.encode_frame(frame_type, seq, payload))
    index = data.draw(st.integers(0, len(wire) - 2))
    wire[index] ^= 1 << data.draw(st.integers(0, 7))
    decoder = p.FrameDecoder()
    frames = decoder.feed(bytes(wire) + p.encode_frame(1, 0, b"next"))
    assert frames[-1] == p.Frame(1, 0, b"next")
    assert all(f == p.Frame(frame_type, seq, payload) for f in frames[:-1])
    assert decoder.corrupted >= 1


@SETTINGS
@given(frame_types, seqs, payloads, st.data())
def test_a_truncated_frame_is_dropped_and_counted(frame_type, seq, payload, data):
    wire = p.encode_frame(frame_type, seq, payload)
    cut = data.draw(st.integers(1, len(wire) - 2))   # the last byte is the delimiter
    decoder = p.FrameDecoder()
    frames = decoder.feed(wire[:cut] + b"\x00" + wire)
    assert frames == [p.Frame(frame_type, seq, payload)]
    assert decoder.corrupted == 1


def test_oversized_garbage_is_bounded_and_counted():
    decoder = p.FrameDecoder()
    assert decoder.feed(b"\x01" * (p.MAX_ENCODED + 10) + b"\x00") == []
    assert decoder.corrupted == 1
    assert decoder.feed(p.encode_frame(3, 1, b"\x00\x01")) == [p.Frame(3, 1, b"\x00\x01")]


@pytest.mark.parametrize("payload", [b"", b"\x07", b"\x07\x07\x07", b"\x07\x07\x03abc\x00\x00"])
def test_malformed_payloads_are_protocol_errors(payload):
    with pytest.raises(p.ProtocolError):
        p.decode_message(p.Frame(p.MessageType.PLACED if len(payload) != 3 else p.MessageType.LIFTED,
                                 0, payload))


def test_unknown_message_type_is_a_protocol_error():
    with pytest.raises(p.ProtocolError):
        p.decode_message(p.Frame(0x42, 0, b""))


@SETTINGS
@given(st.binary(max_size=40))
def test_firmware_command_reader_never_raises(data):
    reader = FW.wire.FrameReader()
    reader.feed(data + b"\x00")
    for parse in (FW.messages.parse_set_scan, FW.messages.parse_identify,
                  FW.messages.parse_read_tag, FW.messages.parse_write_tag):
        parse(data)


@SETTINGS
@given(st.sampled_from(list(p.MessageType)), st.binary(max_size=80))
def test_any_payload_of_a_known_type_decodes_or_is_a_protocol_error(frame_type, payload):
    """Frames whose CRC checks but whose payload is nonsense (random bytes never pass the CRC
    in the test above, so this reaches the payload decoder)."""
    try:
        p.decode_message(p.Frame(frame_type, 0, payload))
    except p.ProtocolError:
        pass
