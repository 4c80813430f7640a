"""What the sensor board reports, as the code above it sees it: squares, tags and events.

Every backend (the serial link to a real board, the simulator) delivers the same events, so
the board controller runs unchanged on either.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping, Union

from wordboard.errors import UserError

_SQUARE_NAME = re.compile(r"^([A-Za-z])(\d{1,2})$")


@dataclass(frozen=True, order=True)
class Square:
    """A square of the grid, zero-based; named like a word-game board: column letter, row number
    (``Square(7, 7).name == "H8"``, the centre of a 15x15 board)."""

    row: int
    col: int

    @property
    def name(self) -> str:
        return f"{chr(ord('A') + self.col)}{self.row + 1}" if self.col < 26 else f"{self.row},{self.col}"

    @classmethod
    def parse(cls, text: str) -> "Square":
        """Parse ``H8`` (column letter, row number); raises UserError on anything else."""
        match = _SQUARE_NAME.match(text.strip())
        if not match or int(match.group(2)) < 1:
            raise UserError(f"not a square name: {text!r} (expected a column letter and a row number, like H8)")
        return cls(int(match.group(2)) - 1, ord(match.group(1).upper()) - ord("A"))

    def __str__(self) -> str:
        return self.name


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


SensorEvent = Union[Placed, Lifted, ReaderFault, Snapshot, ConnectionChanged]
