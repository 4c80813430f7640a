"""Sensor board figures: protocol throughput, full-board scan time, placement latency, and
phantom events over a simulated evening of play.

    .venv/bin/python bench/sensor_bench.py [--hours 3] [--seed 1] [--latency-samples 30]

Board-side times come from the simulated board's clock (every scan, field switch and tag read
costs what it costs on the real board: see ReaderTiming); the end-to-end latency adds the real
pseudo-terminal, pyserial and host link of this computer.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from wordboard.sensor import protocol as p
from wordboard.sensor.events import Lifted, Placed, Square
from wordboard.sensor.simgrid import ReaderTiming, SimulatedBoard
from wordboard.sensor.simulator import SimulatedSensorLink


def frames_per_second(count: int = 20000) -> float:
    sim = SimulatedBoard(seed=1)
    fw = sim.firmware
    uid = bytes.fromhex("04A1B2C3D4E5F6")
    stream = b"".join(
        fw.wire.encode_frame(fw.messages.PLACED, i, fw.messages.placed(i % 15, i % 13, uid, bytes(16)))
        if i % 2 else fw.wire.encode_frame(fw.messages.LIFTED, i, fw.messages.lifted(i % 15, i % 13))
        for i in range(count))
    decoder = p.FrameDecoder()
    start = time.perf_counter()
    for offset in range(0, len(stream), 4096):
        for frame in decoder.feed(stream[offset:offset + 4096]):
            p.decode_message(frame)
    elapsed = time.perf_counter() - start
    assert decoder.frames_ok == count
    return count / elapsed


def full_board_scan(tiles: int = 60, seed: int = 1, timeout_ms: float | None = None) -> tuple[float, float, float]:
    """(ms to read every square by RFID, ms for an occupancy-first full read, ms per steady scan),
    with the readers' no-answer time-out set to ``timeout_ms`` (default: the firmware's)."""
    timing = ReaderTiming() if timeout_ms is None else ReaderTiming(timeout_ms=timeout_ms)
    sim = SimulatedBoard(seed=seed, timing=timing)
    rng = random.Random(seed)
    squares = rng.sample([Square(r, c) for r in range(15) for c in range(15)], tiles)
    for square in squares:
        sim.grid.place(square, sim.grid.new_tag())
    sim.power_on()
    bank = sim.board.readers
    tries, sim.firmware.readers.READ_TRIES = sim.firmware.readers.READ_TRIES, 1
    try:                                  # the naive scan asks each square once
        start = sim.clock.ms
        for row in range(15):
            for col in range(15):
                bank.read(row, col, 4)
        every_square = sim.clock.ms - start
    finally:
        sim.firmware.readers.READ_TRIES = tries
    start = sim.clock.ms
    occupied = sim.board.matrix.scan()
    for row in range(15):
        for col in range(15):
            if occupied[row] >> col & 1:
                bank.read(row, col, 4)
    occupancy_first = sim.clock.ms - start
    start = sim.clock.ms
    sim.board.matrix.scan()
    return every_square, occupancy_first, sim.clock.ms - start


def word_at_once(tiles: int = 7, runs: int = 40) -> list[float]:
    """Board-clock ms from landing to settled event when ``tiles`` tiles land within 30 ms of
    each other on one row (a whole word put down at once), 2 % flicker and crosstalk."""
    out = []
    for seed in range(runs):
        rng = random.Random(seed)
        sim = SimulatedBoard(seed=seed)
        sim.grid.flicker = sim.grid.crosstalk = 0.02
        sim.power_on()
        decoder = p.FrameDecoder()
        seen: list[tuple[float, object]] = []
        sim.port.sink = lambda data, seen=seen, sim=sim, decoder=decoder: seen.extend(
            (sim.clock.ms, p.decode_message(f)) for f in decoder.feed(data))
        row = rng.randrange(15)
        landed = {}
        for col in rng.sample(range(15), tiles):
            square = Square(row, col)
            landed[square] = sim.clock.ms + 5 + rng.uniform(0, 30)
            sim.grid.at(landed[square], lambda s=square, sim=sim: sim.grid.place(s, sim.grid.new_tag()))
        sim.run_for(1000)
        out += [t - landed[m.square] for t, m in seen if isinstance(m, Placed)]
    return out


def end_to_end_latency(samples: int, seed: int) -> list[float]:
    """Wall-clock ms from a simulated tile landing to the host link's Placed event."""
    rng = random.Random(seed)
    out = []
    with SimulatedSensorLink(seed=seed) as link:
        assert link.wait_connected(5)
        free = [Square(r, c) for r in range(15) for c in range(15)]
        rng.shuffle(free)
        for square in free[:samples]:
            uid = link.simulator.new_tag()
            time.sleep(rng.uniform(0, 0.01))      # land at a random phase of the scan
            landed = time.perf_counter()
            link.simulator.place(square, uid)
            event = link.wait_for(lambda e, square=square: isinstance(e, Placed) and e.square == square, 2)
            if event is not None:
                out.append((time.perf_counter() - landed) * 1000)
    return out


def evening(hours: float, seed: int) -> dict:
    """A simulated evening: turns of 1-7 tiles slid in from the rack across empty squares,
    take-backs, bumps of the table, tag flicker and crosstalk; games cleared off at the end."""
    rng = random.Random(seed)
    sim = SimulatedBoard(seed=seed)
    grid = sim.grid
    grid.flicker, grid.crosstalk = 0.02, 0.02
    sim.power_on()
    decoder = p.FrameDecoder()
    truth: dict[Square, bytes] = {}          # where tiles finally rest, as scheduled
    landings: list[tuple[float, Square, bytes]] = []
    liftings: list[tuple[float, Square]] = []
    t = sim.clock.ms + 1000
    end = hours * 3600 * 1000
    turns = slides = bumps = 0
    while t < end:
        turns += 1
        if len(truth) > 150 or rng.random() < 0.02:              # game over: clear the board
            for square in list(truth):
                t += rng.uniform(150, 400)
                grid.at(t, lambda s=square: grid.lift(s))
                liftings.append((t, square))
                del truth[square]
            t += 5000
            continue
        for _ in range(rng.randint(1, 7)):
            empty = [Square(r, c) for r in range(15) for c in range(15) if Square(r, c) not in truth]
            dest = rng.choice(empty)
            path_len = rng.randint(0, 4)
            path = [None]
            for step in range(path_len, 0, -1):              # approach along the row
                col = dest.col - step if dest.col - step >= 0 else dest.col + step
                if 0 <= col < 15 and Square(dest.row, col) not in truth:
                    path.append(Square(dest.row, col))
            path.append(dest)
            uid = grid.new_tag()
            landed = grid.slide(t, uid, path, [rng.uniform(8, 45) for _ in path[1:-1]])
            slides += len(path) > 2
            truth[dest] = uid
            landings.append((landed, dest, uid))
            t = landed + rng.uniform(600, 3000)
            if rng.random() < 0.1:                           # takes it back, puts it elsewhere
                grid.at(t, lambda s=dest: grid.lift(s))
                liftings.append((t, dest))
                del truth[dest]
                t += rng.uniform(500, 2000)
        if rng.random() < 0.3:                               # someone knocks the table
            bumps += 1
            hit = [s for s in truth if rng.random() < 0.5]
            near = [Square(rng.randrange(15), rng.randrange(15)) for _ in range(2)]
            near = [s for s in near if s not in truth]
            grid.bump(t, hit, rng.uniform(5, 45), closed=near)
        t += rng.uniform(20000, 90000)                       # the others think
    events: list[tuple[float, object]] = []

    def receive(data: bytes) -> None:           # stamped with the board's clock as it is sent
        for frame in decoder.feed(data):
            message = p.decode_message(frame)
            if isinstance(message, (Placed, Lifted)):
                events.append((sim.clock.ms, message))
    sim.port.sink = receive
    sim.run_for(end + 5000 - sim.clock.ms, skip_idle=True)
    # Score: every true landing should give exactly one Placed with its tag, every true lift one
    # Lifted; anything else is a phantom.
    expected_placed = {}
    for landed, square, uid in landings:
        expected_placed.setdefault((square, uid), []).append(landed)
    expected_lifts = {}
    for lifted, square in liftings:
        expected_lifts.setdefault(square, []).append(lifted)
    phantoms, latencies, unknown = 0, [], 0
    for when, event in events:
        if isinstance(event, Placed):
            if event.tag is None:
                unknown += 1
                continue
            times = expected_placed.get((event.square, event.tag.uid))
            if not times:
                phantoms += 1
                continue
            latencies.append(when - times.pop(0))
        else:
            times = expected_lifts.get(event.square)
            if not times:
                phantoms += 1
                continue
            times.pop(0)
    missed = sum(len(v) for v in expected_placed.values())
    return {"turns": turns, "tiles": len(landings), "slides": slides, "bumps": bumps,
            "events": len(events), "phantoms": phantoms, "missed": missed, "unread": unknown,
            "latencies": latencies}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hours", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--latency-samples", type=int, default=30)
    args = parser.parse_args()

    print(f"frames parsed per second (host):            {frames_per_second():,.0f}")
    every25, first, steady = full_board_scan(seed=args.seed, timeout_ms=25.0)
    every, first, steady = full_board_scan(seed=args.seed)
    print(f"full 15x15 read, RFID on every square:      {every25:,.0f} ms with the usual 25 ms time-out, "
          f"{every:,.0f} ms with our 2 ms timer, 60 tiles down")
    print(f"full 15x15 read, occupancy first:           {first:,.0f} ms (60 tiles down, each read twice)")
    print(f"steady-state occupancy scan:                {steady:.2f} ms every 10 ms")
    word = word_at_once()
    print(f"a 7-tile word put down at once (board):     median {statistics.median(word):.0f} ms, "
          f"max {max(word):.0f} ms, {sum(x >= 100 for x in word)} of {len(word)} at 100 ms or more")
    lat = end_to_end_latency(args.latency_samples, args.seed)
    if lat:
        print(f"landing -> host event, end to end (pty):    median {statistics.median(lat):.0f} ms, "
              f"max {max(lat):.0f} ms over {len(lat)} tiles")
    started = time.perf_counter()
    result = evening(args.hours, args.seed)
    board = result["latencies"]
    print(f"evening of play ({args.hours:g} h simulated in {time.perf_counter() - started:.0f} s): "
          f"{result['turns']} turns, {result['tiles']} tiles ({result['slides']} slid across squares), "
          f"{result['bumps']} bumps")
    print(f"  phantom events:                           {result['phantoms']} (target 0)")
    print(f"  placements missed:                        {result['missed']}, reported unread: {result['unread']}")
    if board:
        over = sum(1 for x in board if x >= 100)
        print(f"  landing -> settled event (board clock):   median {statistics.median(board):.0f} ms, "
              f"p99 {sorted(board)[int(len(board) * 0.99) - 1]:.0f} ms, max {max(board):.0f} ms, "
              f"{over} of {len(board)} at 100 ms or more")


if __name__ == "__main__":
    main()
