"""The board's pairing for the night, kept where ``wordboard run`` finds it.

``wordboard night board`` writes each pairing it receives to ``night-pairing.json`` in the data
folder (atomically); ``wordboard run``, starting a new game without ``--players``, seats the
pairing's players if the file is recent (:data:`MAX_AGE`), so the next game on the board is the
one the organiser paired and its result is counted for that table.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

#: a pairing older than this (seconds) belongs to another evening
MAX_AGE = 12 * 3600.0


def path(environ=None) -> Path:
    from wordboard.paths import data_dir

    return data_dir(environ) / "night-pairing.json"


def write(pairing: dict, environ=None) -> None:
    from wordboard.paths import write_atomically

    body = {"round": pairing["round"], "table": pairing["table"], "players": list(pairing["players"]),
            "received": time.time()}
    write_atomically(path(environ), json.dumps(body).encode())


def read(environ=None, *, now: float | None = None) -> dict | None:
    """The recent pairing, or None (none, too old, or unreadable)."""
    try:
        body = json.loads(path(environ).read_text(encoding="utf-8"))
        players = [str(p) for p in body["players"]]
        received = float(body["received"])
        rnd, table = int(body["round"]), int(body["table"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if (now if now is not None else time.time()) - received > MAX_AGE or not 2 <= len(players) <= 4:
        return None
    return {"round": rnd, "table": table, "players": players}
