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

**The service's folders.** On a Pi set up with ``host/systemd/install`` the service keeps its
data in ``/var/lib/wordboard`` and its config in ``/etc/wordboard``, and the install writes
``/etc/wordboard/folders`` naming them (``data: /var/lib/wordboard``, one ``kind: path`` a
line). Where that file exists the commands use its folders in place of the XDG ones (after the
``$WORDBOARD_*_DIR`` overrides), so that tiles enrolled, the calibration, the PIN and the games
are the same for ``wordboard`` typed at the Pi and for the service; :func:`share_with_service`
makes what the commands write there readable and writable by the service's group.
``$WORDBOARD_FOLDERS`` names another such file, or ``none`` to ignore it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

_KINDS = {
    "cache": ("WORDBOARD_CACHE_DIR", "XDG_CACHE_HOME", (".cache",)),
    "data": ("WORDBOARD_DATA_DIR", "XDG_DATA_HOME", (".local", "share")),
    "config": ("WORDBOARD_CONFIG_DIR", "XDG_CONFIG_HOME", (".config",)),
}


#: Where the service's install names its folders (see the module documentation).
SERVICE_FOLDERS_FILE = "/etc/wordboard/folders"


def service_folders(environ: Mapping[str, str] | None = None) -> dict[str, Path]:
    """The folders the installed service uses, by kind (empty when no service is installed).
    A line that is not ``kind: /absolute/path`` for a known kind is ignored."""
    env = os.environ if environ is None else environ
    name = env.get("WORDBOARD_FOLDERS") or SERVICE_FOLDERS_FILE
    if name == "none":
        return {}
    try:
        text = Path(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    folders = {}
    for line in text.splitlines():
        kind, sep, value = line.partition(":")
        kind, value = kind.strip(), value.split("#", 1)[0].strip()
        if sep and kind in _KINDS and value.startswith("/"):
            folders[kind] = Path(value)
    return folders


def unreadable_service_folders(environ: Mapping[str, str] | None = None) -> str | None:
    """Why the service's folders file exists but cannot be read by this user, in one line (then
    the commands use this user's own folders), or None. Right after the install, the owner's
    membership of the service's group counts only from their next login."""
    env = os.environ if environ is None else environ
    name = env.get("WORDBOARD_FOLDERS") or SERVICE_FOLDERS_FILE
    if name == "none":
        return None
    try:
        Path(name).read_bytes()
    except PermissionError:
        return (f"the service's folders ({name}) are not readable by you, so your own folders are used "
                "and the service's games, tiles, calibration and PIN are not seen; log out and in again "
                "(the install added you to the group 'wordboard'), or run the command with sudo -u wordboard")
    except OSError:
        return None
    return None


def share_with_service(environ: Mapping[str, str] | None = None) -> bool:
    """When the commands use the service's folders, make the files and folders they create
    there group-readable and writable (umask 007): the folders belong to the service's group,
    which the install puts the Pi's user in. Returns whether it did. Called once at start-up by
    the command line."""
    if not service_folders(environ):
        return False
    os.umask(0o007)
    return True


def creation_mode() -> int:
    """The mode an ordinary new file gets under the current umask (0o666 less the umask): for
    files first created with :func:`tempfile.mkstemp`, which makes them 0o600 whatever the
    umask says, so that the service or the owner can still read them."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _folder(kind: str, environ: Mapping[str, str] | None) -> Path:
    env = os.environ if environ is None else environ
    own, xdg, default = _KINDS[kind]
    if env.get(own):
        return Path(env[own]).expanduser()
    shared = service_folders(env).get(kind)
    if shared is not None:
        return shared
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


def write_atomically(path: Path, *chunks: bytes, mode: int | None = None) -> None:
    """Write ``chunks`` to ``path`` so that a reader (or a power cut) sees the old file or the new
    one, never half of it: a temporary file in the same folder, flushed to disk, then renamed.
    ``mode``: the file's permissions (default: the usual ones, :func:`creation_mode`). Creates
    the folder. Raises ``OSError``."""
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, creation_mode() if mode is None else mode)
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
