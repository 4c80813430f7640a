"""End to end: the firmware on a simulated grid, over a pseudo-terminal, to the host's real
pyserial link, with faults injected on the wire and the cable pulled."""

from __future__ import annotations

import pytest

from wordboard.sensor.events import ConnectionState, Lifted, Placed, Snapshot, Square
from wordboard.sensor.simulator import SimulatedSensorLink

H8, A1, O15 = Square(7, 7), Square(0, 0), Square(14, 14)
WAIT = 5.0


@pytest.fixture
def link():
    with SimulatedSensorLink(seed=11, silence_timeout=30.0) as backend:
        assert backend.wait_connected(WAIT)
        yield backend


def placed_on(square):
    return lambda e: isinstance(e, Placed) and e.square == square and e.tag is not None


def synced(link):
    """Wait until the link is connected and its view matches the firmware's."""
    link.request_snapshot()
    assert link.wait_for(lambda e: isinstance(e, Snapshot), WAIT)
    assert link.wait_connected(WAIT)


def test_handshake_and_events(link):
    assert (link.info.rows, link.info.cols) == (15, 15)
    uid = link.simulator.new_tag()
    link.simulator.place(H8, uid)
    event = link.wait_for(placed_on(H8), WAIT)
    assert event.tag.uid == uid and link.board[H8].uid == uid
    link.simulator.lift(H8)
    assert link.wait_for(lambda e: isinstance(e, Lifted), WAIT) == Lifted(H8)
    assert H8 not in link.board


def test_corrupted_and_dropped_frames_are_counted_and_nothing_is_lost(link):
    sim = link.simulator
    sim.faults.drop_frames = 1          # the PLACED of A1 never arrives
    sim.place(A1, sim.new_tag())
    sim.faults.corrupt_frames = 0
    assert link.wait_for(placed_on(A1), WAIT), "the resync snapshot must bring the lost placement"
    sim.faults.corrupt_frames = 2
    sim.place(O15, sim.new_tag())
    assert link.wait_for(placed_on(O15), WAIT)
    synced(link)
    counters = link.counters
    assert counters.corrupted >= 1 and counters.gaps >= 1 and counters.resyncs >= 1
    assert set(link.board) == {A1, O15}


def test_duplicated_frames_and_garbage_produce_no_extra_events(link):
    sim = link.simulator
    sim.faults.duplicate_frames = 50
    sim.faults.inject(b"\x00\xff\x13garbage\x00\x01\x02")
    sim.place(H8, sim.new_tag())
    assert link.wait_for(placed_on(H8), WAIT)
    synced(link)
    assert link.counters.duplicates >= 1
    assert link.wait_for(lambda e: isinstance(e, (Placed, Lifted)), 0.5) is None


def test_unplug_and_replug_reconciles_changes_made_meanwhile(link):
    sim = link.simulator
    stays, goes, arrives = Square(1, 1), Square(2, 2), Square(3, 3)
    for square in (stays, goes):
        sim.place(square, sim.new_tag())
        assert link.wait_for(placed_on(square), WAIT)
    sim.unplug()
    assert link.wait_for(lambda e: getattr(e, "state", None) is ConnectionState.DISCONNECTED, WAIT)
    with sim.world() as grid:
        grid.lift(goes)
        grid.place(arrives, grid.new_tag())
    sim.plug()
    seen = []
    snapshot = link.wait_for(lambda e: seen.append(e) or isinstance(e, Snapshot), WAIT)
    assert snapshot is not None
    changes = {(type(e).__name__, e.square) for e in seen if isinstance(e, (Placed, Lifted))}
    assert changes == {("Lifted", goes), ("Placed", arrives)}
    assert set(link.board) == {stays, arrives}
    assert link.counters.reconnects == 1


def test_read_and_write_tag_through_the_link(link):
    sim = link.simulator
    uid = sim.new_tag()
    sim.place(H8, uid)
    assert link.wait_for(placed_on(H8), WAIT)
    readout = link.write_tag(H8, 4, b"WB\x01H\x00\x00\x00\x00")
    assert readout.status == "ok" and readout.tag.uid == uid
    assert link.read_tag(H8).tag.memory.startswith(b"WB\x01H\x00")
    assert link.read_tag(A1).status == "no_tag"


def test_an_11x11_board():
    with SimulatedSensorLink(11, 11, seed=3) as link:
        assert link.wait_connected(WAIT)
        assert (link.info.rows, link.info.cols) == (11, 11)
        link.simulator.place(Square(10, 10), link.simulator.new_tag())
        assert link.wait_for(placed_on(Square(10, 10)), WAIT)


def test_lost_and_repeated_bytes_cost_frames_not_placements(link):
    sim = link.simulator
    sim.faults.drop_bytes = 2
    sim.faults.duplicate_bytes = 2
    sim.place(A1, sim.new_tag())
    sim.place(O15, sim.new_tag())
    seen = set()

    def both_placed(event):
        if isinstance(event, Placed) and event.tag is not None:
            seen.add(event.square)
        return seen >= {A1, O15}
    assert link.wait_for(both_placed, WAIT), "a damaged frame's placement comes with the resync"
    synced(link)
    assert set(link.board) == {A1, O15} and all(tag is not None for tag in link.board.values())
    assert link.counters.corrupted >= 1


def test_in_lockstep_every_byte_is_read_in_the_tick_and_a_quick_swap_is_seen():
    """The twin's lockstep: no thread on either side; each advance hands the firmware the host's
    bytes, runs it to that time, and the link reads every byte it sent. A card lifted and another
    laid on the same square 0.3 simulated seconds later is seen as both, whatever the load."""
    with SimulatedSensorLink(seed=5, lockstep=True, silence_timeout=30.0) as link:
        sim = link.simulator
        now = 0.0

        def advance(seconds):
            nonlocal now
            events = []
            for _ in range(round(seconds / 0.05)):
                now += 0.05
                written = link.bytes_written
                link.advance_to(now)
                assert sim.bytes_received >= written and link.bytes_read == sim.bytes_sent
                while (event := link.next_event(0)) is not None:
                    events.append(event)
            return events

        advance(0.2)
        assert link.state is ConnectionState.CONNECTED
        first, second = sim.new_tag(), sim.new_tag()
        sim.place(H8, first)
        assert [e.tag.uid for e in advance(0.3) if isinstance(e, Placed)] == [first]
        sim.lift(H8)
        advance(0.3)
        sim.place(H8, second)
        advance(0.3)
        assert link.board[H8].uid == second
        events = advance(40.0)                    # heartbeats on the firmware's clock keep it quiet
        assert link.state is ConnectionState.CONNECTED and link.counters.silences == 0 and not events
