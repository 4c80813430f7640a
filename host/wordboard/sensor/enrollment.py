"""Teaching the board its tiles: enrolling tags in the registry, writing tile codes to tags."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, TextIO

from wordboard.errors import UserError
from wordboard.sensor.backend import SensorBackend
from wordboard.sensor.events import ConnectionChanged, ConnectionState, Placed, Square, Tag
from wordboard.sensor.identity import BlankTile, LetterTile, TileIdentity, encode_tile_code
from wordboard.sensor.protocol import Hello
from wordboard.sensor.registry import TileRegistry

if TYPE_CHECKING:
    from wordboard.sensor.simulator import PtySimulator

TILE_CODE_PAGE = 4

# Given the square and tag of a newly placed tile, say which tile it is (None: stop enrolling).
IdentitySource = Callable[[Square, Tag], "TileIdentity | None"]


def from_sequence(identities: Iterable[TileIdentity]) -> IdentitySource:
    """Tiles are placed in the order of ``identities``; enrolling stops after the last."""
    pending = iter(identities)
    return lambda square, tag: next(pending, None)


# The camera's look at one square: (symbol, confidence 0-1) with symbol a letter, "?" for a
# blank tile or "." for nothing seen; None when no picture could be had.
SquareLook = Callable[[Square], "tuple[str, float] | None"]


def from_camera(look: SquareLook, *, out: TextIO, min_confidence: float = 0.6,
                fallback: IdentitySource | None = None) -> IdentitySource:
    """Each tile is the letter the camera reads on the square where it was placed.

    The sensor says a tile is there, so a square where the camera sees no letter holds a blank.
    A reading below ``min_confidence`` (or no picture) is not trusted: ``fallback`` decides
    (typing the tile), or without one enrolling stops, saying why."""

    def source(square: Square, tag: Tag) -> TileIdentity | None:
        seen = look(square)
        if seen is not None:
            symbol, confidence = seen
            if confidence >= min_confidence:
                identity = BlankTile() if symbol in (".", "?") else LetterTile(symbol)
                print(f"{square}: the camera reads {identity} ({100 * confidence:.0f}% sure)", file=out)
                return identity
            print(f"{square}: the camera is unsure ({symbol}, {100 * confidence:.0f}% sure)", file=out)
        else:
            print(f"{square}: no picture from the camera", file=out)
        if fallback is not None:
            return fallback(square, tag)
        print("stopping: lift the tile, check the camera's view of the board and enroll it again", file=out)
        return None

    return source


def wait_until_connected(backend: SensorBackend, timeout: float) -> Hello:
    """Wait for the handshake and return it; a UserError saying what is wrong if it does not come."""
    if not backend.wait_connected(timeout):
        problem = backend.problem or "no sensor board answered"
        raise UserError(f"{problem} (waited {timeout:g} s; more under Troubleshooting in "
                        f"hardware/sensor-board.md)")
    info = backend.info
    assert info is not None  # connected: the board has said hello
    return info


def enroll_tiles(backend: SensorBackend, registry: TileRegistry, source: IdentitySource, *,
                 out: TextIO, count: int | None = None, wait: float = 60.0,
                 force: bool = False) -> int:
    """Enroll tiles as they are placed, one at a time, until ``source`` returns None or
    ``count`` tiles are enrolled. The registry is saved after each tile. Returns how many."""
    enrolled = 0
    while count is None or enrolled < count:
        event = backend.wait_for(lambda e: isinstance(e, (Placed, ConnectionChanged)), wait)
        if event is None:
            if enrolled:
                break
            raise UserError(f"no tile was placed within {wait:g} s")
        assert isinstance(event, (Placed, ConnectionChanged))  # what the predicate waits for
        if isinstance(event, ConnectionChanged):
            if event.state is ConnectionState.DISCONNECTED:
                print(f"board disconnected: {event.detail}", file=out)
            continue
        if event.tag is None:
            print(f"{event.square}: could not read this tile's tag; lift it and put it down again",
                  file=out)
            continue
        known = registry.lookup(event.tag.uid)
        if known is not None and not force:
            print(f"{event.square}: tag {event.tag} is already enrolled as {known} "
                  f"(use --force to change it)", file=out)
            continue
        identity = source(event.square, event.tag)
        if identity is None:
            break
        registry.enroll(event.tag.uid, identity)
        registry.save()
        enrolled += 1
        print(f"{event.square}: tag {event.tag} enrolled as {identity}", file=out)
    return enrolled


def write_tile_code(backend: SensorBackend, registry: TileRegistry, identity: TileIdentity, *,
                    square: Square | None, out: TextIO, wait: float = 60.0) -> Tag:
    """Write ``identity``'s tile code into the tag on ``square`` (or on the next tile placed),
    check it reads back, and enroll the tag in the registry too. Returns the tag."""
    code = encode_tile_code(identity)
    info = backend.info
    if square is not None and info is not None and not (square.row < info.rows and square.col < info.cols):
        raise UserError(f"{square} is not on this {info.rows}x{info.cols} board")
    if square is None:
        print("place the tile to write on any square", file=out)
        event = backend.wait_for(lambda e: isinstance(e, Placed) and e.tag is not None, wait)
        if event is None:
            raise UserError(f"no readable tile was placed within {wait:g} s")
        assert isinstance(event, Placed)  # what the predicate waits for
        square = event.square
    readout = backend.write_tag(square, TILE_CODE_PAGE, code)
    if readout.status != "ok" or readout.tag is None:
        raise UserError(f"could not write the tile code on {square}: {readout.status.replace('_', ' ')}"
                        + (" (MIFARE Classic tags have no writable tile code; enroll them instead)"
                           if readout.status == "write_failed" else ""))
    registry.enroll(readout.tag.uid, identity)
    registry.save()
    print(f"{square}: wrote {identity} to tag {readout.tag} and enrolled it", file=out)
    return readout.tag


def feed_simulated_tiles(simulator: PtySimulator, count: int, square: Square, *,
                         every_ms: float = 600.0) -> list[bytes]:
    """Have a simulated player put ``count`` new tiles on ``square`` one after the other (each
    lifted before the next). Returns their UIDs."""
    uids: list[bytes] = []
    with simulator.world() as grid:
        start = grid.clock.ms + 50
        for index in range(count):
            uid = grid.new_tag()
            uids.append(uid)
            grid.at(start + index * every_ms, partial(grid.place, square, uid))
            grid.at(start + index * every_ms + every_ms * 0.7, partial(grid.lift, square))
    return uids
