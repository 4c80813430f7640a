"""Hints off the controller's loop: computed on one worker thread, once per position.

A hint can take seconds (a move generator over a whole rack), and presses come from the board's
button and from every page of the screen; the controller's loop (sensors, LEDs, the watchdog)
must never wait for one. :meth:`HintWorker.request` returns at once: a position already worked
out is answered from the cache, a request for the position being worked on (or waiting) is
dropped as a duplicate, and at most one other position waits (the newest). The loop collects
finished hints with :meth:`HintWorker.take`.

The worker calls the adapter's ``hint()``, which only reads the game; the controller changes the
game only between positions (a move, an undo, a decision: each one journalled, so the journal's
sequence number names the position). A hint finished after the position changed belongs to the
old position: it is cached under that position and never shown for the new one; one that failed
there (it read the game while it changed) is dropped.
"""

from __future__ import annotations

import collections
import threading
from collections.abc import Callable, Hashable


class HintWorker:
    def __init__(self, cache_size: int = 16):
        self.cache_size = cache_size
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._cache: collections.OrderedDict[Hashable, tuple] = collections.OrderedDict()
        self._busy: Hashable | None = None
        self._waiting: tuple[Hashable, Callable[[], tuple]] | None = None
        self._ready: dict[Hashable, tuple] = {}
        self._thread: threading.Thread | None = None
        self.computed = 0          # hints worked out (the rest came from the cache or were dropped)

    def request(self, key: Hashable, compute: Callable[[], tuple]) -> None:
        """Work out ``compute()`` for position ``key`` (unless known, or already under way)."""
        with self._lock:
            if key in self._cache:
                self._ready[key] = self._cache[key]
                return
            if key == self._busy or (self._waiting is not None and self._waiting[0] == key):
                return
            self._waiting = (key, compute)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, daemon=True, name="hints")
                self._thread.start()
            self._wake.notify()

    def take(self, key: Hashable) -> tuple | None:
        """The hint asked for at position ``key``, once, when it is ready (else None)."""
        with self._lock:
            found = self._ready.pop(key, None)
            self._ready.clear()          # hints of other positions are not shown
            return found

    def busy(self) -> bool:
        with self._lock:
            return self._busy is not None or self._waiting is not None

    def _run(self) -> None:
        while True:
            with self._lock:
                while self._waiting is None:
                    self._wake.wait()
                key, compute = self._waiting
                self._waiting = None
                self._busy = key
            try:
                squares = tuple(compute())
            except Exception:  # noqa: BLE001 - a hint never stops the board
                squares = None
            with self._lock:
                self._busy = None
                if squares is not None:
                    self.computed += 1
                    self._cache[key] = squares
                    while len(self._cache) > self.cache_size:
                        self._cache.popitem(last=False)
                    self._ready[key] = squares
