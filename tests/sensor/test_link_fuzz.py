"""The host link under hostile input: random, truncated, bit-flipped and replayed frames from a
fake serial port. It never crashes, never reports a placement the board did not send, and a
final snapshot always brings it back in step."""

from __future__ import annotations

import threading
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordboard.sensor import protocol as p
from wordboard.sensor.events import Placed, Square, Tag
from wordboard.sensor.firmware import load_firmware
from wordboard.sensor.link import SerialSensorLink

M = load_firmware().messages


class ScriptedSerial:
    """A serial port that hands out a fixed byte stream, then nothing."""

    def __init__(self, chunks: list[bytes]):
        self.chunks = list(chunks)
        self.written = bytearray()
        self.reads_after_end = 0
        self.in_waiting = 0

    def read(self, size: int = 1) -> bytes:
        if self.chunks:
            return self.chunks.pop(0)
        self.reads_after_end += 1
        time.sleep(0.001)
        return b""

    def write(self, data: bytes) -> int:
        self.written += data
        return len(data)

    def close(self) -> None:
        pass


def board_stream(events):
    """Frames a board would send: hello, then the events, each with the next seq."""
    frames = [p.encode_frame(M.HELLO, 0, M.hello((1, 0, 0), 15, 15, 0x1F, 1234, 10, 6, 15, 1))]
    for seq, (row, col, uid) in enumerate(events, start=1):
        payload = M.placed(row, col, uid, b"") if uid else M.lifted(row, col)
        frames.append(p.encode_frame(M.PLACED if uid else M.LIFTED, seq, payload))
    return frames


events = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3),
                            st.sampled_from([b"", b"\x04\x01\x02\x03", b"\x04\x09\x08\x07\x06\x05\x04"])),
                  max_size=12)


def mutate(frames, ops):
    out = []
    for index, frame in enumerate(frames):
        op, arg = ops[index % len(ops)] if ops else ("keep", 0)
        if op == "flip":
            frame = bytearray(frame)
            frame[arg % len(frame)] ^= 1 << (arg % 8)
            frame = bytes(frame)
        elif op == "truncate":
            frame = frame[:arg % len(frame)]
        elif op == "replay" and index:
            out.append(frames[arg % index])
        elif op == "drop":
            continue
        elif op == "stale":         # a handshake of an earlier boot, with any sequence number
            out.append(p.encode_frame(M.HELLO, arg * 65, M.hello((1, 0, 0), 15, 15, 0x1F, 555, 10, 6, 15, 1)))
        out.append(frame)
    return out


ops = st.lists(st.tuples(st.sampled_from(["keep", "flip", "truncate", "replay", "drop", "stale"]),
                         st.integers(0, 1000)), max_size=8)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events, ops, st.binary(max_size=64))
def test_link_survives_anything_and_invents_nothing(script, mutations, noise):
    frames = mutate(board_stream(script), mutations)
    truth_after = {}
    for row, col, uid in script:
        if uid:
            truth_after[Square(row, col)] = Tag(uid)
        else:
            truth_after.pop(Square(row, col), None)
    final = p.encode_frame(M.SNAPSHOT, 1, M.snapshot(
        1, 0, [(s.row, s.col, t.uid, b"") for s, t in sorted(truth_after.items())]))
    fake = ScriptedSerial([noise] + frames)
    link = SerialSensorLink("fake", serial_factory=lambda **kw: fake, silence_timeout=60.0)
    try:
        deadline = time.monotonic() + 5
        while fake.reads_after_end < 2 and time.monotonic() < deadline:
            time.sleep(0.002)
        # a fresh hello and a snapshot put it back in step, whatever came before (the zero
        # byte ends any partial frame left by the damage, as the board's next frame would)
        fake.chunks.append(b"\x00" + p.encode_frame(M.HELLO, 0, M.hello((1, 0, 0), 15, 15, 0x1F, 999, 10, 6, 15, 1)))
        fake.chunks.append(final)
        fake.reads_after_end = 0
        while fake.reads_after_end < 2 and time.monotonic() < deadline:
            time.sleep(0.002)
        assert link._thread.is_alive()
        assert dict(link.board) == truth_after
        sent = {(Square(r, c), uid) for r, c, uid in script if uid}
        while (event := link.next_event(0)) is not None:
            if isinstance(event, Placed):
                assert (event.square, event.tag.uid) in sent, "a placement the board never sent"
    finally:
        link.close()
    assert threading.active_count() < 50
