"""Progress of long first-time work (compiling a word list, building its move-generation graph,
training the letter classifier) on stderr, so that a first run on a slow Raspberry Pi shows signs
of life.

``ProgressLine("compiling scowl:70", "entries")`` is a ``progress(done, total)`` callback: on a
terminal it rewrites one line in place ("compiling scowl:70:  45% (54,000 of 120,000 entries)");
elsewhere (the service's journal, a pipe) it prints the line when the work starts and when it is
done, never a stream of carriage returns. With ``after``, work quicker than that says nothing.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO


class ProgressLine:
    def __init__(self, label: str, unit: str, stream: TextIO | None = None, after: float = 0.0) -> None:
        """``after``: say nothing for work that is done within this many seconds."""
        self.label, self.unit, self.after = label, unit, after
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.started: float | None = None
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if self.started is None:
            self.started = time.monotonic()
        finished = done >= total
        if not self.shown and time.monotonic() - self.started < self.after:
            return
        percent = 100 if total <= 0 else done * 100 // total
        line = f"{self.label}: {percent:3d}% ({done:,} of {total:,} {self.unit})"
        if finished:
            line += f" in {time.monotonic() - self.started:.1f} s"
        if self.tty:
            print("\r" + line, end="\n" if finished else "", file=self.stream, flush=True)
        elif finished or not self.shown:
            print(line, file=self.stream, flush=True)
        self.shown = True
