"""The sensor board under the grid: protocol, serial link, simulator and tile identities.

The board controller talks to a :class:`SensorBackend` (see :func:`open_backend`) and gets
settled :class:`Placed` / :class:`Lifted` / :class:`ReaderFault` / :class:`Snapshot` events; a
:class:`TileRegistry` says which tile a tag is.
"""

from wordboard.paths import data_dir
from wordboard.sensor.backend import LinkCounters, SensorBackend, SensorError, TagReadout, open_backend
from wordboard.sensor.events import (
                                     ConnectionChanged,
                                     ConnectionState,
                                     FaultKind,
                                     Lifted,
                                     Placed,
                                     ReaderFault,
                                     SensorEvent,
                                     Snapshot,
                                     Square,
                                     Tag,
)
from wordboard.sensor.identity import (
                                     BlankTile,
                                     DexikonCard,
                                     HexxWildTile,
                                     LetterTile,
                                     TileIdentity,
                                     decode_tile_code,
                                     encode_tile_code,
                                     parse_identity,
)
from wordboard.sensor.registry import TileRegistry, default_registry_path

__all__ = [
    "BlankTile", "ConnectionChanged", "ConnectionState", "DexikonCard", "FaultKind", "HexxWildTile",
    "LetterTile", "Lifted", "LinkCounters", "Placed", "ReaderFault", "SensorBackend", "SensorError",
    "SensorEvent", "Snapshot", "Square", "Tag", "TagReadout", "TileIdentity", "TileRegistry",
    "data_dir", "decode_tile_code", "default_registry_path", "encode_tile_code", "open_backend",
    "parse_identity",
]
