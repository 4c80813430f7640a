"""``wordboard tiles``: which RFID tag is which tile (enroll, write, list, forget)."""

from __future__ import annotations

import argparse
import contextlib
import sys
from typing import TYPE_CHECKING

from wordboard.commands import Subparsers

if TYPE_CHECKING:  # imported when used, so that ``wordboard --help`` stays fast
    from wordboard.camera.capture import FrameSource
    from wordboard.sensor.enrollment import IdentitySource, SquareLook
    from wordboard.sensor.events import Square, Tag
    from wordboard.sensor.identity import TileIdentity
    from wordboard.sensor.registry import TileRegistry


def add_board_options(parser: argparse.ArgumentParser) -> None:
    """--port / --sim: which sensor board to talk to (shared with ``wordboard sensor``)."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--port", metavar="DEVICE",
                       help="serial device of the sensor board (default: /dev/wordboard-sensor, "
                            "else found by its USB id; $WORDBOARD_SENSOR overrides)")
    group.add_argument("--sim", nargs="?", const="15x15", metavar="ROWSxCOLS",
                       help="use the simulated board (default grid 15x15)")


def backend_spec(args: argparse.Namespace) -> str | None:
    return f"sim:{args.sim}" if args.sim else args.port


def _registry_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--registry", metavar="FILE",
                        help="tile registry file (default: tiles.json in the wordboard data folder)")


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "tiles", help="enroll and list the RFID tags of the tiles",
        description="Map RFID tags to tiles: a letter, a blank, a HEXX wild tile or a Dexikon card. "
                    "Tiles are written as A (or letter:A), ? (blank), * (hexx-wild) or card:ID.")
    sub = parser.add_subparsers(dest="tiles_command", metavar="ACTION", required=True)

    p = sub.add_parser("list", help="list the enrolled tags", description="List the enrolled tags and their tiles.")
    _registry_option(p)
    p.set_defaults(handler=_list)

    p = sub.add_parser("enroll", help="enroll tiles by placing them one at a time",
                       description="Place tiles on the board one at a time; each new tag is enrolled as "
                                   "the next tile of --tiles, or as the tile you type for it.")
    add_board_options(p)
    _registry_option(p)
    p.add_argument("--tiles", metavar="TILES",
                   help="the tiles in the order you will place them: letters, ? for a blank, * for a "
                        "HEXX wild, or a comma-separated list (A,B,card:AT-1)")
    p.add_argument("--count", type=int, metavar="N", help="stop after N tiles")
    p.add_argument("--wait", type=float, default=60.0, metavar="SECONDS",
                   help="give up when no tile is placed for this long (default 60)")
    p.add_argument("--force", action="store_true", help="re-enroll tags that are already enrolled")
    p.add_argument("--camera", metavar="SOURCE",
                   help="read each tile's letter with the camera ('picamera', a webcam number, /dev/videoN "
                        "or a picture file; the grid from 'wordboard calibrate' or found in the first frame); "
                        "a tile the camera sees no letter on is a blank, one it is unsure of is asked for")
    p.set_defaults(handler=_enroll)

    p = sub.add_parser("write", help="write a tile code into a tag",
                       description="Write the tile's code into the tag's own memory (NTAG21x tags), "
                                   "so any wordboard knows the tile without a registry; also enrolls it.")
    add_board_options(p)
    _registry_option(p)
    p.add_argument("tile", help="the tile: A, ?, *, card:ID ...")
    p.add_argument("--square", metavar="SQUARE", help="the square the tile is on (default: the next tile placed)")
    p.add_argument("--wait", type=float, default=60.0, metavar="SECONDS", help="how long to wait for a tile")
    p.set_defaults(handler=_write)

    p = sub.add_parser("forget", help="remove a tag from the registry", description="Remove tags from the registry.")
    _registry_option(p)
    p.add_argument("uids", nargs="+", metavar="UID", help="tag UID in hex, like 04A1B2C3D4E5F6")
    p.set_defaults(handler=_forget)


def _load(args: argparse.Namespace) -> TileRegistry:
    from wordboard.sensor.registry import TileRegistry

    return TileRegistry.load(args.registry)


def _list(args: argparse.Namespace) -> int:
    registry = _load(args)
    if not len(registry):
        print(f"no tiles enrolled in {registry.path}", file=sys.stderr)
        return 0
    for uid, identity in registry:
        print(f"{uid}  {identity}")
    return 0


def _parse_tiles(text: str) -> list[TileIdentity]:
    from wordboard.sensor.identity import parse_identity

    parts = text.split(",") if "," in text or ":" in text else list(text.replace(" ", ""))
    return [parse_identity(part) for part in parts if part.strip()]


def _enroll(args: argparse.Namespace) -> int:
    from wordboard.errors import UserError
    from wordboard.sensor import enrollment
    from wordboard.sensor.backend import open_backend
    from wordboard.sensor.events import Square
    from wordboard.sensor.identity import parse_identity

    registry = _load(args)
    tiles = _parse_tiles(args.tiles) if args.tiles else None
    if args.count is not None and args.count < 1:
        raise UserError("--count must be at least 1")
    if args.sim and tiles is None and args.count is None:
        raise UserError("with --sim, say how many tiles with --tiles or --count")
    count = args.count if args.count is not None else (len(tiles) if tiles else None)

    if tiles is not None and args.camera:
        raise UserError("give either --tiles or --camera, not both")
    source: IdentitySource
    if tiles is not None:
        source = enrollment.from_sequence(tiles)
    else:
        def source(square: Square, tag: Tag) -> TileIdentity | None:
            while True:
                print(f"{square}: tag {tag} - which tile? (A, ?, *, card:ID; empty to stop) ",
                      end="", flush=True)
                line = sys.stdin.readline()
                if not line.strip():
                    return None
                try:
                    return parse_identity(line)
                except UserError as exc:
                    print(exc)

    with contextlib.ExitStack() as stack:
        backend = stack.enter_context(open_backend(backend_spec(args)))
        info = enrollment.wait_until_connected(backend, 10.0)
        if args.camera:
            from wordboard.camera.capture import open_source

            frames = stack.enter_context(contextlib.closing(open_source(args.camera)))
            look = camera_look(frames, info.rows, info.cols)
            source = enrollment.from_camera(look, out=sys.stdout,
                                            fallback=None if args.sim else source)
        if args.sim:
            from wordboard.sensor.simulator import SimulatedSensorLink

            assert isinstance(backend, SimulatedSensorLink)  # what --sim opens
            assert count is not None  # --sim needs --tiles or --count (checked above)
            centre = Square(info.rows // 2, info.cols // 2)
            enrollment.feed_simulated_tiles(backend.simulator, count, centre)
        print("place the tiles one at a time on any square, lifting each before the next")
        done = enrollment.enroll_tiles(backend, registry, source, out=sys.stdout, count=count,
                                       wait=args.wait, force=args.force)
    print(f"enrolled {done} tile(s) in {registry.path}")
    return 0


def camera_look(frames: FrameSource, rows: int, cols: int, *, pictures: int = 3) -> SquareLook:
    """A :data:`wordboard.sensor.enrollment.SquareLook` over a camera: ``pictures`` frames of
    the square, read and voted on (confidence summed per symbol, shared by the pictures). The
    grid is the saved calibration when it fits the camera's pictures, else found in the first
    frame (markers or the board's lines) and kept."""
    from wordboard.camera.calibration import load_calibration
    from wordboard.camera.capture import CaptureError
    from wordboard.camera.reader import BoardReader

    reader: BoardReader | None = None

    def look(square: Square) -> tuple[str, float] | None:
        nonlocal reader
        votes: dict[str, float] = {}
        for _ in range(pictures):
            try:
                image = frames.read()
            except CaptureError:
                break
            if reader is None:
                saved = load_calibration()
                height, width = image.shape[:2]
                corners = None
                if saved is not None and (saved.rows, saved.cols) == (rows, cols) and \
                        abs(saved.image_size[0] / saved.image_size[1] - width / height) < 0.01:
                    corners = saved.scaled_to((width, height))
                reader = BoardReader(rows, cols, corners)
            seen = reader.read_at(image, [(square.row, square.col)])[(square.row, square.col)]
            votes[seen.symbol] = votes.get(seen.symbol, 0.0) + seen.confidence
        if not votes:
            return None
        symbol = max(votes, key=lambda s: votes[s])
        return symbol, votes[symbol] / pictures

    return look


def _write(args: argparse.Namespace) -> int:
    from wordboard.sensor import enrollment
    from wordboard.sensor.backend import open_backend
    from wordboard.sensor.events import Square
    from wordboard.sensor.identity import encode_tile_code, parse_identity

    identity = parse_identity(args.tile)
    encode_tile_code(identity)      # refuse a tile that does not fit before touching the board
    square = Square.parse(args.square) if args.square else None
    registry = _load(args)
    with open_backend(backend_spec(args)) as backend:
        info = enrollment.wait_until_connected(backend, 10.0)
        if args.sim and square is None:
            from wordboard.sensor.simulator import SimulatedSensorLink

            assert isinstance(backend, SimulatedSensorLink)  # what --sim opens
            centre = Square(info.rows // 2, info.cols // 2)
            enrollment.feed_simulated_tiles(backend.simulator, 1, centre, every_ms=3000)
        enrollment.write_tile_code(backend, registry, identity, square=square, out=sys.stdout,
                                   wait=args.wait)
    return 0


def _forget(args: argparse.Namespace) -> int:
    from wordboard.errors import UserError

    registry = _load(args)
    missing = [uid for uid in args.uids if not registry.forget(uid)]
    if missing:
        raise UserError(f"not enrolled: {', '.join(missing)}")
    registry.save()
    print(f"forgot {len(args.uids)} tag(s)")
    return 0
