"""Where wordboard keeps its files, following the XDG base directories.

======== ======================== ========================== ===========================
kind     override                 else                       else
======== ======================== ========================== ===========================
cache    ``$WORDBOARD_CACHE_DIR``  ``$XDG_CACHE_HOME/wordboard``  ``~/.cache/wordboard``
data     ``$WORDBOARD_DATA_DIR``   ``$XDG_DATA_HOME/wordboard``   ``~/.local/share/wordboard``
config   ``$WORDBOARD_CONFIG_DIR`` ``$XDG_CONFIG_HOME/wordboard`` ``~/.config/wordboard``
======== ======================== ========================== ===========================

Caches (compiled word lists, move-generation data, the letter classifier) can be deleted at any
time; data (the game journal, the tile registry) and config (camera calibration) are the owner's.
None of these functions creates the folder.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Mapping

_KINDS = {
    "cache": ("WORDBOARD_CACHE_DIR", "XDG_CACHE_HOME", (".cache",)),
    "data": ("WORDBOARD_DATA_DIR", "XDG_DATA_HOME", (".local", "share")),
    "config": ("WORDBOARD_CONFIG_DIR", "XDG_CONFIG_HOME", (".config",)),
}


def _folder(kind: str, environ: Mapping[str, str] | None) -> Path:
    env = os.environ if environ is None else environ
    own, xdg, default = _KINDS[kind]
    if env.get(own):
        return Path(env[own]).expanduser()
    if env.get(xdg):
        return Path(env[xdg]).expanduser() / "wordboard"
    home = Path(env["HOME"]) if env.get("HOME") else Path.home()
    return home.joinpath(*default, "wordboard")


def cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Files wordboard can rebuild: compiled word lists and other derived data."""
    return _folder("cache", environ)


def data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The owner's data: the game journal, the tile registry."""
    return _folder("data", environ)


def config_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The owner's settings: the camera calibration."""
    return _folder("config", environ)


def write_atomically(path: Path, *chunks: bytes) -> None:
    """Write ``chunks`` to ``path`` so that a reader (or a power cut) sees the old file or the new
    one, never half of it: a temporary file in the same folder, flushed to disk, then renamed.
    Creates the folder. Raises ``OSError``."""
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            for chunk in chunks:
                out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except OSError:
            pass
        raise
