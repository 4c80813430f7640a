"""The tile registry: which tag UID is which tile, built by ``wordboard tiles enroll``.

Stored as JSON in the user's data folder (``$WORDBOARD_DATA_DIR``, else
``$XDG_DATA_HOME/wordboard``, else ``~/.local/share/wordboard``) as ``tiles.json``::

    {"format": "wordboard-tiles", "version": 1,
     "tiles": {"04A1B2C3D4E5F6": "letter:A", "04A1B2C3D4E5F7": "blank"}}

Written atomically (a temporary file in the same folder, then renamed), so a crash or a full
disk never leaves half a registry.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

from wordboard.errors import DataFileError, UserError
from wordboard.paths import creation_mode, data_dir
from wordboard.sensor.events import Tag
from wordboard.sensor.identity import TileIdentity, decode_tile_code, parse_identity
from wordboard.userfiles import MIB, read_text

FORMAT = "wordboard-tiles"
VERSION = 1
#: The largest registry read: a tile is about 100 bytes of JSON, a few hundred tiles a set.
MAX_REGISTRY_BYTES = 16 * MIB
_UID_HEX = re.compile(r"^(?:[0-9A-F]{2}){4,10}$")


def default_registry_path() -> Path:
    return data_dir() / "tiles.json"


def normalise_uid(text: str) -> str:
    """``04:a1:b2:c3`` or ``04a1b2c3`` -> ``04A1B2C3``; UserError if it is not a UID."""
    uid = re.sub(r"[\s:-]", "", text).upper()
    if not _UID_HEX.match(uid):
        raise UserError(f"not a tag UID: {text!r} (4 to 10 bytes in hex, like 04A1B2C3D4E5F6)")
    return uid


class TileRegistry:
    """Tag UIDs (upper-case hex) mapped to tile identities."""

    def __init__(self, path: Path, tiles: dict[str, TileIdentity] | None = None):
        self.path = Path(path)
        self._tiles: dict[str, TileIdentity] = dict(tiles or {})

    @classmethod
    def load(cls, path: Path | None = None) -> TileRegistry:
        """Read the registry; a missing file is an empty registry, a malformed one a DataFileError."""
        path = Path(path) if path is not None else default_registry_path()
        if not path.exists() and not path.is_symlink():
            return cls(path)
        # (plain UTF-8: a byte-order mark stays, and JSON refuses it, as before)
        text = read_text(path, what="tile registry", limit=MAX_REGISTRY_BYTES, encoding="utf-8")
        try:
            document = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DataFileError(path, exc.lineno, f"not valid JSON: {exc.msg}") from None
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            raise DataFileError(path, 1, f'not a tile registry (expected "format": "{FORMAT}")')
        if document.get("version") != VERSION:
            raise DataFileError(path, _line_of(text, '"version"'),
                                f"registry version {document.get('version')!r}, this wordboard reads {VERSION}")
        entries = document.get("tiles")
        if not isinstance(entries, dict):
            raise DataFileError(path, _line_of(text, '"tiles"'), '"tiles" must be an object')
        tiles: dict[str, TileIdentity] = {}
        for key, value in entries.items():
            line = _line_of(text, f'"{key}"')
            try:
                uid = normalise_uid(key)
                if not isinstance(value, str):
                    raise UserError(f"the tile for {key} must be a string like \"letter:A\"")
                tiles[uid] = parse_identity(value)
            except UserError as exc:
                raise DataFileError(path, line, str(exc)) from None
        return cls(path, tiles)

    def save(self) -> None:
        """Write the registry atomically, creating its folder if needed."""
        document = {"format": FORMAT, "version": VERSION,
                    "tiles": {uid: str(self._tiles[uid]) for uid in sorted(self._tiles)}}
        text = json.dumps(document, indent=2) + "\n"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".tiles-", suffix=".tmp", dir=self.path.parent)
            try:
                os.fchmod(fd, creation_mode())  # (the service reads what the commands enrol)
                with os.fdopen(fd, "w", encoding="utf-8") as handle:
                    handle.write(text)
                    handle.flush()
                    os.fsync(handle.fileno())
                os.replace(tmp, self.path)
            except BaseException:
                if os.path.exists(tmp):
                    os.unlink(tmp)
                raise
        except OSError as exc:
            raise UserError(f"cannot write the tile registry {self.path}: {exc.strerror}") from None

    def __len__(self) -> int:
        return len(self._tiles)

    def __iter__(self) -> Iterator[tuple[str, TileIdentity]]:
        return iter(sorted(self._tiles.items()))

    def lookup(self, uid: bytes | str) -> TileIdentity | None:
        key = uid.hex().upper() if isinstance(uid, bytes) else normalise_uid(uid)
        return self._tiles.get(key)

    def enroll(self, uid: bytes | str, identity: TileIdentity) -> None:
        key = uid.hex().upper() if isinstance(uid, bytes) else normalise_uid(uid)
        self._tiles[key] = identity

    def forget(self, uid: bytes | str) -> bool:
        key = uid.hex().upper() if isinstance(uid, bytes) else normalise_uid(uid)
        return self._tiles.pop(key, None) is not None

    def identify(self, tag: Tag) -> TileIdentity | None:
        """The tile this tag is on: the registry's entry, else the tile code in its memory;
        None for an unknown tag (never a guess)."""
        return self.lookup(tag.uid) or decode_tile_code(tag.memory)


def _line_of(text: str, needle: str) -> int:
    index = text.find(needle)
    return text.count("\n", 0, index) + 1 if index >= 0 else 1
