"""A small sd_notify: tell systemd the service is ready, alive (watchdog) and what it is doing.

With ``Type=notify`` systemd sets ``$NOTIFY_SOCKET`` (a Unix datagram socket path, or an
abstract socket when it starts with ``@``); with ``WatchdogSec=`` it sets ``$WATCHDOG_USEC``
(and ``$WATCHDOG_PID``). Outside systemd every call is a no-op that returns False.

    notifier = Notifier()
    notifier.ready("waiting for players")      # READY=1 + STATUS=...
    every notifier.watchdog_interval seconds:  notifier.watchdog()
    notifier.stopping()
"""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping


class Notifier:
    def __init__(self, environ: Mapping[str, str] | None = None):
        environ = os.environ if environ is None else environ
        self.address = environ.get("NOTIFY_SOCKET") or None
        usec = environ.get("WATCHDOG_USEC", "")
        pid = environ.get("WATCHDOG_PID", "")
        watched = usec.isdigit() and int(usec) > 0 and (not pid or pid == str(os.getpid()))
        self.watchdog_usec = int(usec) if watched else None

    @property
    def enabled(self) -> bool:
        return self.address is not None

    @property
    def watchdog_interval(self) -> float | None:
        """How often to call :meth:`watchdog`: half the watchdog timeout (systemd's advice)."""
        return self.watchdog_usec / 2e6 if self.watchdog_usec else None

    def notify(self, *assignments: str) -> bool:
        """Send ``KEY=VALUE`` lines in one datagram; False when not under systemd or on error."""
        if not self.address:
            return False
        address = self.address
        if address.startswith("@"):
            address = "\0" + address[1:]
        message = "\n".join(assignments).encode("utf-8")
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
                sock.connect(address)
                sock.sendall(message)
        except OSError:
            return False
        return True

    def ready(self, status: str | None = None) -> bool:
        return self.notify("READY=1", *([f"STATUS={_one_line(status)}"] if status else []))

    def status(self, text: str) -> bool:
        return self.notify(f"STATUS={_one_line(text)}")

    def watchdog(self) -> bool:
        return self.notify("WATCHDOG=1")

    def stopping(self, status: str | None = None) -> bool:
        return self.notify("STOPPING=1", *([f"STATUS={_one_line(status)}"] if status else []))

    def reloading(self) -> bool:
        return self.notify("RELOADING=1")


class KeepAlive:
    """Feeds systemd's watchdog from a thread of its own while the main thread does one long
    step that sends no ``WATCHDOG=1`` itself (opening the board after its hardware appeared: the
    word graph, the camera's first classifier), so the service is not killed for being busy.
    Bounded: it stops after ``limit`` seconds, so a start that truly hangs is still killed.

        with KeepAlive(notifier):
            session = open_session(config)
    """

    def __init__(self, notifier: Notifier, limit: float = 600.0):
        import threading

        self.notifier = notifier
        self.limit = limit
        self.pings = 0
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        if notifier.watchdog_interval is not None:
            self._thread = threading.Thread(target=self._run, daemon=True, name="watchdog-keepalive")
            self._thread.start()

    def _run(self) -> None:
        import time

        interval = self.notifier.watchdog_interval
        assert interval is not None
        end = time.monotonic() + self.limit
        # at once, then every third of the timeout (systemd advises half: a slow Pi's thread may
        # wake late)
        while True:
            self.notifier.watchdog()
            self.pings += 1
            if self._done.wait(interval * 2 / 3) or time.monotonic() >= end:
                return

    def stop(self) -> None:
        self._done.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> KeepAlive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _one_line(text: str) -> str:
    return " ".join(str(text).split())
