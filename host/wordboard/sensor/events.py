"""What the sensor board reports, as the code above it sees it: squares, tags and events.

Every backend (the serial link to a real board, the simulator) delivers the same events, so
the board controller runs unchanged on either.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from wordboard.rules import Square as Square


@dataclass(frozen=True)
class Tag:
    """An RFID tag as read on a square: its UID and the start of its user memory (the tile code
    written by ``wordboard tiles write``; empty when the tag has none or it could not be read)."""

    uid: bytes
    memory: bytes = b""

    @property
    def uid_hex(self) -> str:
        return self.uid.hex().upper()

    def __str__(self) -> str:
        return self.uid_hex


class FaultKind(enum.IntEnum):
    """Why a reader is reported faulty (``CLEARED``: it works again)."""

    CLEARED = 0
    NO_RESPONSE = 1
    READ_TIMEOUTS = 2


class ConnectionState(enum.Enum):
    CONNECTING = "connecting"   # looking for the board / waiting for its hello
    CONNECTED = "connected"     # handshake done, board in sync
    RESYNCING = "resyncing"     # frames were lost; a snapshot is on its way
    DISCONNECTED = "disconnected"
    CLOSED = "closed"


@dataclass(frozen=True)
class Placed:
    """A tile settled on a square. ``tag`` is None when the square is occupied but its tag could
    not be read (yet); a later Placed for the same square replaces it."""

    square: Square
    tag: Tag | None


@dataclass(frozen=True)
class Lifted:
    """A tile left a square for good (not a slide across it, not a bump)."""

    square: Square


@dataclass(frozen=True)
class ReaderFault:
    """A reader stopped answering (or, with ``kind == CLEARED``, works again); the listed squares
    still report occupancy but not identity while it is faulty."""

    reader: int
    kind: FaultKind
    squares: tuple[Square, ...]


@dataclass(frozen=True)
class Snapshot:
    """The whole settled board, after a handshake or a resynchronisation. Placed and Lifted
    events for every difference with what was reported before come just ahead of it."""

    board: Mapping[Square, Tag | None] = field(default_factory=lambda: MappingProxyType({}))
    reason: str = "requested"


@dataclass(frozen=True)
class ConnectionChanged:
    state: ConnectionState
    detail: str = ""


SensorEvent = Placed | Lifted | ReaderFault | Snapshot | ConnectionChanged
