"""The board's pairing for the night, kept where ``wordboard run`` finds it.

``wordboard night board`` writes each pairing it receives to ``night-pairing.json`` in the data
folder (atomically); ``wordboard run``, starting a new game without ``--players``, seats the
pairing's players if the file is recent (:data:`MAX_AGE`), so the next game on the board is the
one the organiser paired and its result is counted for that table.

:class:`PairingWatcher` shows each pairing on the board while ``wordboard run`` plays: the
screen says who plays whom at which table, and the LEDs show that it has just come
(:meth:`wordboard.controller.loop.Controller.show_pairing`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
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
    if isinstance(pairing.get("event"), str):
        body["event"] = pairing["event"]
    write_atomically(path(environ), json.dumps(body).encode())


def read(environ=None, *, now: float | None = None) -> dict | None:
    """The recent pairing (``round``, ``table``, ``players``, ``received``; the ``event``'s name
    when the organiser gave it), or None (none, too old, or unreadable)."""
    try:
        body = json.loads(path(environ).read_text(encoding="utf-8"))
        players = [str(p) for p in body["players"]]
        received = float(body["received"])
        rnd, table = int(body["round"]), int(body["table"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if (now if now is not None else time.time()) - received > MAX_AGE or not 2 <= len(players) <= 4:
        return None
    out: dict = {"round": rnd, "table": table, "players": players, "received": received}
    event = body.get("event")
    if isinstance(event, str) and 0 < len(event) <= 80 and event.isprintable():
        out["event"] = event
    return out


class PairingWatcher:
    """``wordboard run``'s eye on the pairing file: a step hook of the controller that looks at
    the file at most every ``every`` seconds (wall clock) and shows a pairing it has not shown
    yet (:meth:`~wordboard.controller.loop.Controller.show_pairing`: the screen, and the LEDs'
    "pairing arrived" sign for one received while it runs). ``seated``: the pairing this game
    was started for (shown on the screen, without the sign)."""

    def __init__(self, controller, environ: Mapping[str, str] | None = None, *, seated: dict | None = None,
                 every: float = 1.0):
        self.controller = controller
        self.environ = environ
        self.every = every
        self._looked = float("-inf")
        self._stamp: int | None = None
        self._shown = seated.get("received") if seated else None
        self._started = time.time()
        if seated is not None:
            controller.show_pairing(seated, sign=False)
        controller.step_hooks.append(self.tick)

    def tick(self, now: float | None = None) -> None:
        wall = time.monotonic()
        if wall - self._looked < self.every:
            return
        self._looked = wall
        try:
            stamp = path(self.environ).stat().st_mtime_ns
        except OSError:
            return
        if stamp == self._stamp:
            return
        self._stamp = stamp
        pairing = read(self.environ)
        if pairing is None or pairing["received"] == self._shown:
            return
        self._shown = pairing["received"]
        self.controller.show_pairing(pairing, sign=pairing["received"] >= self._started)
