"""The firmware's scan, debounce and identify logic, run under CPython on a simulated grid in
simulated time: only settled changes reach the wire."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from wordboard.sensor import protocol as p
from wordboard.sensor.events import FaultKind, Lifted, Placed, ReaderFault, Square
from wordboard.sensor.firmware import load_firmware
from wordboard.sensor.simgrid import SimulatedBoard

from .conftest import Recorder

H8, I8, J8, K8, L8 = (Square(7, c) for c in range(7, 12))


def test_boot_says_hello_then_snapshot_of_tiles_already_there():
    sim = SimulatedBoard(seed=1)
    uid = sim.grid.new_tag()
    sim.grid.place(H8, uid)
    sim.power_on()
    rec = Recorder(sim)
    messages = rec.run(0)
    assert isinstance(messages[0], p.Hello) and (messages[0].rows, messages[0].cols) == (15, 15)
    assert isinstance(messages[1], p.SnapshotMessage) and messages[1].reason == "boot"
    assert {sq: t.uid for sq, t in messages[1].board.items()} == {H8: uid}


def test_grid_size_is_a_handshake_parameter():
    sim = SimulatedBoard(11, 11, seed=1)
    sim.power_on()
    hello = Recorder(sim).run(0)[0]
    assert (hello.rows, hello.cols, hello.reader_count) == (11, 11, 11)


def test_a_placed_tile_is_one_event_within_100_ms_of_landing(board):
    sim, rec = board
    uid = sim.grid.new_tag()
    landed = sim.clock.ms + 3
    sim.grid.at(landed, lambda: sim.grid.place(H8, uid))
    rec.run(300)
    placed = [(t, m) for t, m in rec.messages if isinstance(m, Placed)]
    assert len(placed) == 1
    t, event = placed[0]
    assert event.square == H8 and event.tag.uid == uid
    assert t - landed < 100      # simulated board time, not this computer's


def test_a_slide_reports_only_where_the_tile_left_and_stopped(board):
    sim, rec = board
    uid = sim.grid.new_tag()
    sim.grid.place(H8, uid)
    rec.run(200)
    mark = len(rec.messages)
    sim.grid.slide(sim.clock.ms + 1, uid, [H8, I8, J8, K8, L8], [45, 20, 38])
    rec.run(500)
    events = [m for m in rec.of((Placed, Lifted), mark)]
    assert events == [Lifted(H8), Placed(L8, events[1].tag)] and events[1].tag.uid == uid


def test_a_bump_produces_no_event(board):
    sim, rec = board
    for square in (H8, I8, J8):
        sim.grid.place(square, sim.grid.new_tag())
    rec.run(200)
    mark = len(rec.messages)
    sim.grid.bump(sim.clock.ms + 1, [H8, I8, J8], 45, closed=[Square(0, 0), K8])
    rec.run(500)
    assert rec.of((Placed, Lifted), mark) == []


def test_tags_are_read_only_where_occupancy_changed(board):
    sim, rec = board
    for col in range(15):
        sim.grid.place(Square(3, col), sim.grid.new_tag())
    rec.run(300)
    reads = sim.board.reads
    sim.grid.place(H8, sim.grid.new_tag())
    rec.run(1500)
    assert sim.board.reads - reads == 1


def test_a_dead_reader_is_reported_at_boot_and_its_squares_still_report_occupancy():
    sim = SimulatedBoard(seed=2)
    sim.grid.dead_readers.add(7)
    sim.power_on()
    rec = Recorder(sim)
    rec.run(0)
    faults = rec.of(ReaderFault)
    assert [(f.reader, f.kind) for f in faults] == [(7, FaultKind.NO_RESPONSE)]
    assert H8 in faults[0].squares and len(faults[0].squares) == 15
    sim.grid.place(H8, sim.grid.new_tag())
    rec.run(300)
    assert rec.of(Placed) == [Placed(H8, None)]
    sim.port.feed(p.encode_frame(p.Command.READ_TAG, 4, p.read_tag_payload(H8)))
    rec.run(20)
    assert [(t.request_seq, t.status) for t in rec.of(p.TagData)] == [(4, p.TagStatus.READ_FAILED)]


def test_flickering_tags_are_still_identified():
    sim = SimulatedBoard(seed=3)
    sim.grid.flicker = 0.6
    sim.power_on()
    rec = Recorder(sim)
    uids = {}
    for col in range(0, 15, 2):
        uids[Square(5, col)] = sim.grid.new_tag()
        sim.grid.place(Square(5, col), uids[Square(5, col)])
    rec.run(5000)
    final = {}
    for event in rec.of(Placed):
        final[event.square] = event.tag.uid if event.tag else None
    assert final == uids


def _crosstalk_run(flicker: float, seed: int, crosstalk: float = 0.5):
    sim = SimulatedBoard(seed=seed)
    sim.grid.crosstalk = crosstalk
    sim.grid.flicker = flicker
    sim.power_on()
    rec = Recorder(sim)
    truth = {}
    for col in range(4, 11):
        truth[Square(7, col)] = sim.grid.new_tag()
        square = Square(7, col)
        sim.grid.at(sim.clock.ms + 5 * col, lambda s=square: sim.grid.place(s, truth[s]))
    rec.run(6000)
    return truth, rec.of(Placed)


def test_crosstalk_collisions_never_put_a_neighbours_tag_on_a_square():
    truth, placed = _crosstalk_run(flicker=0.0, seed=4)
    assert all(e.tag is None or e.tag.uid == truth[e.square] for e in placed)
    assert {e.square for e in placed if e.tag} == set(truth)


def test_a_wrong_tag_from_crosstalk_is_corrected():
    """A neighbour's tag is read only when the square's own tag misses a read; the firmware
    notices the same tag on two squares and reads both again."""
    for seed in range(8):
        truth, placed = _crosstalk_run(flicker=0.1, seed=seed, crosstalk=0.2)
        final = {}
        for event in placed:
            final[event.square] = event.tag.uid if event.tag else None
        assert final == truth


def test_set_scan_command_changes_the_settle_count_and_rejects_bad_values(board):
    sim, rec = board
    sim.port.feed(p.encode_frame(p.Command.SET_SCAN, 1, p.set_scan_payload(5, 3))
                  + p.encode_frame(p.Command.SET_SCAN, 2, p.set_scan_payload(0, 3))
                  + p.encode_frame(0xEE, 3, b""))
    rec.run(20)
    acks = rec.of(p.Ack)
    assert [(a.request_seq, a.status) for a in acks] == [
        (1, p.AckStatus.OK), (2, p.AckStatus.BAD_ARGUMENT), (3, p.AckStatus.UNKNOWN_COMMAND)]
    assert sim.board.debouncer.settle_scans == 3 and sim.board.scan_period_ms == 5


def test_write_then_read_tag_memory(board):
    sim, rec = board
    uid = sim.grid.new_tag()
    sim.grid.place(H8, uid)
    rec.run(200)
    sim.port.feed(p.encode_frame(p.Command.WRITE_TAG, 9, p.write_tag_payload(H8, 4, b"WB\x01B\x00" + bytes(3)))
                  + p.encode_frame(p.Command.READ_TAG, 10, p.read_tag_payload(Square(0, 0))))
    rec.run(50)
    written, empty = rec.of(p.TagData)
    assert written.status is p.TagStatus.OK and written.tag.uid == uid
    assert written.tag.memory.startswith(b"WB\x01B\x00")
    assert empty.status is p.TagStatus.NO_TAG


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6), st.lists(st.integers(0, 7), min_size=1, max_size=60))
def test_debouncer_changes_a_square_only_after_n_consistent_scans(settle, scans):
    """Reference model: one square per bit of a 3-square row."""
    debouncer = load_firmware().debounce.Debouncer(1, 3, settle)
    stable = [False] * 3
    runs = [0] * 3
    for raw in scans:
        settled = debouncer.update([raw])
        expected = []
        for col in range(3):
            bit = bool(raw >> col & 1)
            runs[col] = runs[col] + 1 if bit != stable[col] else 0
            if runs[col] >= settle:
                stable[col] = bit
                runs[col] = 0
                expected.append((0, col, bit))
        assert settled == expected
        assert [debouncer.is_occupied(0, c) for c in range(3)] == stable


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0x80, 0x90), st.binary(max_size=24)), max_size=6))
def test_the_board_survives_any_well_framed_command(commands):
    """Every command type, any payload: the firmware answers or refuses, and keeps scanning."""
    sim = SimulatedBoard(seed=5)
    sim.grid.place(H8, sim.grid.new_tag())
    sim.power_on()
    rec = Recorder(sim)
    rec.run(0)
    for seq, (kind, payload) in enumerate(commands):
        if kind == p.Command.EXIT_TO_REPL:
            continue
        sim.port.feed(p.encode_frame(kind, seq, payload))
    rec.run(40)
    answered = {m.request_seq for m in rec.of((p.Ack, p.TagData))}
    expected = {seq for seq, (kind, _) in enumerate(commands)
                if kind not in (p.Command.EXIT_TO_REPL, p.Command.HELLO, p.Command.SNAPSHOT)}
    assert answered == expected
    assert not sim.board.stopped and H8 in sim.reported()


def test_a_reader_failing_during_play_is_reported_then_cleared(board):
    sim, rec = board
    sim.grid.dead_readers.add(7)          # stops answering after the boot check
    uids = {}
    for col in (2, 6, 10):
        uids[Square(7, col)] = sim.grid.new_tag()
        sim.grid.place(Square(7, col), uids[Square(7, col)])
    rec.run(3000)
    faults = rec.of(ReaderFault)
    assert [(f.reader, f.kind) for f in faults] == [(7, FaultKind.READ_TIMEOUTS)]
    assert {e.square: e.tag for e in rec.of(Placed)} == {s: None for s in uids}, \
        "occupied squares are reported, their tags unknown, never guessed"
    mark = len(rec.messages)
    sim.grid.dead_readers.discard(7)
    rec.run(1000)
    assert [(f.reader, f.kind) for f in rec.of(ReaderFault, mark)] == [(7, FaultKind.CLEARED)]
    assert {e.square: e.tag.uid for e in rec.of(Placed, mark)} == uids
