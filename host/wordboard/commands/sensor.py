"""``wordboard sensor``: watch, inspect or simulate the sensor board under the grid."""

from __future__ import annotations

import argparse
import os
import time
from typing import TYPE_CHECKING

from wordboard.commands import Subparsers
from wordboard.commands.tiles import add_board_options, backend_spec
from wordboard.errors import UserError

if TYPE_CHECKING:  # imported when used, so that ``wordboard --help`` stays fast
    from wordboard.sensor.events import SensorEvent
    from wordboard.sensor.registry import TileRegistry


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "sensor", help="watch, inspect or simulate the sensor board",
        description="The sensor board reports which tile sits on which square over USB serial.")
    sub = parser.add_subparsers(dest="sensor_command", metavar="ACTION", required=True)

    p = sub.add_parser("monitor", help="print the board's settled events as they happen",
                       description="Print every settled event (placed, lifted, reader faults), with the "
                                   "tile each tag is enrolled as, until Ctrl-C or --duration.")
    add_board_options(p)
    p.add_argument("--registry", metavar="FILE", help="tile registry (default: the data folder's)")
    p.add_argument("--duration", type=float, metavar="SECONDS", help="stop after this long")
    p.set_defaults(handler=_monitor)

    p = sub.add_parser("info", help="show the board's firmware, grid, readers and link counters",
                       description="Connect, do the handshake and print what the board says about itself.")
    add_board_options(p)
    p.set_defaults(handler=_info)

    p = sub.add_parser("identify", help="blink the board's LED", description="Blink the board's LED.")
    add_board_options(p)
    p.add_argument("--seconds", type=_seconds, default=5, help="how long, 1 to 255 (default 5)")
    p.set_defaults(handler=_identify)

    p = sub.add_parser("simulate", help="run a simulated board on a pseudo-terminal",
                       description="Run the board's firmware on a simulated grid behind a pseudo-terminal "
                                   "and print its device, for wordboard (or anything) to open as if it were "
                                   "the real board. With --demo a simulated player places and lifts tiles.")
    p.add_argument("--grid", default="15x15", metavar="ROWSxCOLS", help="grid size (default 15x15)")
    p.add_argument("--link-dir", metavar="DIR", help="folder for the device symlink (default: a temporary one)")
    p.add_argument("--demo", action="store_true", help="place and lift random tiles every second")
    p.add_argument("--duration", type=float, metavar="SECONDS", help="stop after this long")
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(handler=_simulate)


def _seconds(text: str) -> int:
    import argparse

    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= 255:
        raise argparse.ArgumentTypeError(f"not a number of seconds from 1 to 255: {text!r}")
    return value


def _describe(event: SensorEvent, registry: TileRegistry | None) -> str:
    from wordboard.sensor.events import ConnectionChanged, Lifted, Placed, ReaderFault, Snapshot

    if isinstance(event, Placed):
        if event.tag is None:
            return f"placed  {event.square}  (tag not read)"
        identity = registry.identify(event.tag) if registry is not None else None  # an empty one still decodes
        return f"placed  {event.square}  {event.tag}  {identity or 'unknown tag (not enrolled, no tile code)'}"
    if isinstance(event, Lifted):
        return f"lifted  {event.square}"
    if isinstance(event, ReaderFault):
        squares = " ".join(str(s) for s in event.squares)
        return f"reader {event.reader}: {event.kind.name.lower().replace('_', ' ')} ({squares})"
    if isinstance(event, Snapshot):
        return f"snapshot ({event.reason}): {len(event.board)} tile(s)"
    if isinstance(event, ConnectionChanged):
        return f"board {event.state.value}: {event.detail}"
    return repr(event)


def _monitor(args: argparse.Namespace) -> int:
    from wordboard.sensor.backend import open_backend
    from wordboard.sensor.registry import TileRegistry

    registry = TileRegistry.load(args.registry)
    deadline = time.monotonic() + args.duration if args.duration else None
    with open_backend(backend_spec(args)) as backend:
        while deadline is None or time.monotonic() < deadline:
            event = backend.next_event(0.2)
            if event is not None:
                print(_describe(event, registry), flush=True)
    return 0


def _info(args: argparse.Namespace) -> int:
    from wordboard.sensor import enrollment
    from wordboard.sensor.backend import open_backend

    with open_backend(backend_spec(args)) as backend:
        info = enrollment.wait_until_connected(backend, 10.0)
        simulated = " (simulated board)" if getattr(backend, "simulator", None) else ""
        print(f"port:       {getattr(backend, 'port_name', None)}{simulated}")
        print(f"firmware:   {info.firmware} (protocol {info.protocol_version})")
        print(f"grid:       {info.rows}x{info.cols}, {info.reader_count} readers")
        print(f"scanning:   every {info.scan_period_ms} ms, settled after {info.settle_scans} scans")
        features = (c.name or f"{c.value:#x}" for c in type(info.capabilities) if c in info.capabilities)
        print(f"features:   {', '.join(f.lower() for f in features)}")
        deadline = time.monotonic() + 1.5     # the board sends a heartbeat every second
        while getattr(backend, "last_heartbeat", None) is None and time.monotonic() < deadline:
            time.sleep(0.05)
        beat = getattr(backend, "last_heartbeat", None)
        if beat is not None:
            print(f"board:      up {beat.uptime_ms / 1000:.0f} s, {beat.scans} scans, "
                  f"{beat.reads} tag reads ({beat.read_failures} failed)")
        faults = getattr(backend, "reader_faults", {})
        for reader, fault in sorted(faults.items()):
            print(f"reader {reader}: {fault.kind.name.lower().replace('_', ' ')}")
        if not faults:
            print("readers:    all answering")
        print(f"tiles:      {len(backend.board)} on the board")
        counters = backend.counters
        print("link:       " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in vars(counters).items()))
    return 0


def _identify(args: argparse.Namespace) -> int:
    from wordboard.sensor import enrollment
    from wordboard.sensor.backend import open_backend

    with open_backend(backend_spec(args)) as backend:
        enrollment.wait_until_connected(backend, 10.0)
        backend.identify(args.seconds)
    return 0


def _simulate(args: argparse.Namespace) -> int:
    import random

    from wordboard.sensor.events import Square
    from wordboard.sensor.simulator import PtySimulator, parse_grid_size

    rows, cols = parse_grid_size(args.grid)
    if args.link_dir is not None and not os.path.isdir(args.link_dir):
        raise UserError(f"--link-dir {args.link_dir}: no such folder")
    simulator = PtySimulator(rows=rows, cols=cols, seed=args.seed, link_dir=args.link_dir)
    rng = random.Random(args.seed)
    deadline = time.monotonic() + args.duration if args.duration else None
    try:
        simulator.plug()  # (entering the simulator below plugs it only once)
    except OSError as exc:
        simulator.unplug()
        raise UserError(f"cannot make the simulated board's device link in {simulator.path.parent}: "
                        f"{exc.strerror}") from exc
    with simulator:
        print(f"simulated {rows}x{cols} sensor board on {simulator.path}", flush=True)
        while deadline is None or time.monotonic() < deadline:
            time.sleep(1.0)
            if args.demo:
                with simulator.world() as grid:
                    square = Square(rng.randrange(rows), rng.randrange(cols))
                    if square in grid.on_square:
                        grid.lift(square)
                    else:
                        grid.place(square, grid.new_tag())
    return 0
