"""Reading a file a person named on the command line or in a setting: never a hang, never all of
the memory, one line when it is not what was asked for.

A path can name anything: a folder, a pipe (opening one for reading waits for a writer, for ever),
a device such as ``/dev/zero`` (reading it never ends), a file of gigabytes. Every such file is
read through :func:`read_limited`: opened without waiting, refused unless it is a regular file
of at most the size its kind ever needs, and read no further than that.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from wordboard.errors import DataFileError, UserError

KIB = 1 << 10
MIB = 1 << 20


def size_text(n: int) -> str:
    """``n`` bytes as a person reads them: ``4 MiB``, ``512 KiB``."""
    return f"{n // MIB} MiB" if n >= MIB else f"{n // KIB} KiB"


def kind_of(mode: int) -> str | None:
    """What a file of ``mode`` (``os.stat``'s ``st_mode``) is when it is not a regular file (``"a
    folder"``, ``"a pipe"``, ``"a socket"``, ``"a device"``), or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return ("a folder" if stat.S_ISDIR(mode) else "a pipe" if stat.S_ISFIFO(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "a device")


def require_file(path: str | os.PathLike[str], *, what: str) -> None:
    """A :class:`UserError` when the existing ``path`` is not a regular file (a pipe, which a
    library opening it would wait on for ever; a device; a folder), found without opening it;
    nothing for a regular file or a missing path (the caller says what is missing)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise UserError(f"cannot read the {what} {path}: {exc.strerror or exc}") from None
    kind = kind_of(mode)
    if kind is not None:
        raise UserError(f"{path}: {kind}, not a file")


def read_limited(path: str | os.PathLike[str], *, what: str, limit: int, missing: str | None = None) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    A :class:`UserError` naming the file and ``what`` it should have been (``"word list"``,
    ``"picture"``) when it is missing (``missing``: the message then, if given), a folder, a
    pipe, socket or device, larger than ``limit``, or unreadable.
    """
    path = Path(path)
    try:
        # O_NONBLOCK: opening a pipe no one writes to returns at once instead of waiting.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise UserError(missing or f"{what} not found: {path}") from None
    except IsADirectoryError:
        raise UserError(f"{path}: a folder, not a file") from None
    except OSError as exc:
        raise UserError(f"cannot read the {what} {path}: {exc.strerror or exc}") from None
    try:
        status = os.fstat(fd)
        kind = kind_of(status.st_mode)
        if kind is not None:
            raise UserError(f"{path}: {kind}, not a file")
        chunks: list[bytes] = []
        left = limit + 1            # one byte more than allowed tells a file that grew
        while left > 0 and status.st_size <= limit:
            chunk = os.read(fd, min(left, MIB))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise UserError(f"cannot read the {what} {path}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if status.st_size > limit or len(data) > limit:
        raise UserError(f"{path}: too large: no {what} is larger than {size_text(limit)}")
    return data


def read_text(path: str | os.PathLike[str], *, what: str, limit: int, encoding: str = "utf-8-sig") -> str:
    """:func:`read_limited`, as UTF-8 text (``utf-8-sig``: a byte-order mark is dropped); text
    that is not UTF-8 is a :class:`~wordboard.errors.DataFileError` naming its first bad line."""
    raw = read_limited(path, what=what, limit=limit)
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as exc:
        raise DataFileError(path, raw[: exc.start].count(b"\n") + 1, "not UTF-8 text") from None
