"""The thread-safe meeting point of the controller (its own thread) and the screen's server
(an asyncio loop on another thread).

* The controller side publishes state snapshots (JSON-able dicts) with :meth:`ScreenHub.publish`;
  the server is woken (``loop.call_soon_threadsafe``) and sends the newest snapshot to every
  page. Nothing is queued: a slow page just skips to the newest state.
* The server side puts what the pages ask for into :attr:`ScreenHub.commands` (answers to
  questions, board buttons, PIN-checked changes). The controller drains it in its own thread
  (see :class:`wordboard.screen.bridge.ScreenBridge`), so the engine is only ever touched there.
* The server tells the hub which pages play the board's speech (:meth:`ScreenHub.set_listeners`:
  how many, and how many of them on the Pi's own display); the bridge's speech reads it
  (:meth:`ScreenHub.listeners`) to send WAV clips (:attr:`ScreenHub.clips`) to the pages and to
  leave the Pi's own audio device quiet while a page on its display plays them.
* :class:`ScreenAnswerer` is the controller's :class:`~wordboard.controller.questions.Answerer`
  for the screen; :class:`TeeAnswerer` asks the screen and another answerer (the terminal, the
  scripted players) at once and takes the first answer.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from wordboard.controller import questions as q
from wordboard.screen.clips import ClipCache


@dataclass(frozen=True)
class Command:
    """Something a page asked for, already checked against the schema (see ``protocol.py``)."""

    type: str                 # "answer", "button", "admin", "say"
    data: dict = field(default_factory=dict)
    admin: bool = False       # sent by a page unlocked with the PIN
    reply: Callable[[dict], None] | None = field(default=None, compare=False)
    audio: bool = False       # sent by a page that plays the board's speech itself
    kids: bool = False        # sent by a page in the children's mode (``?mode=kids``)


@dataclass(frozen=True)
class Listeners:
    """The pages that play the board's speech (their sound is on)."""

    pages: int = 0            # all of them
    local: int = 0            # those on the Pi's own display (the kiosk): the Pi's own speakers


class ScreenHub:
    def __init__(self):
        self._lock = threading.Lock()
        self._snapshot: dict | None = None
        self._version = 0
        self._watchers: list[Callable[[], None]] = []
        self.commands: queue.Queue[Command] = queue.Queue(maxsize=256)
        self.events: queue.Queue[dict] = queue.Queue(maxsize=64)   # one-off notices (speech, toasts)
        self.clips = ClipCache()                                     # what was said, for the pages
        self._listeners = Listeners()
        self._queued: set = set()          # the buttons and requests waiting (duplicates dropped)
        #: the children's game's words (its adapter's ``known_word``, set by the bridge): what a
        #: page in the children's mode is shown of them; None for a game for grown-ups
        self.child_words: Callable[[str], bool] | None = None
        #: the Pi's own screen has shown the children's mode: whatever the game, all the board
        #: says goes through the children's gate from then on (set by the bridge)
        self.kids_heard = False

    # -- controller side ---------------------------------------------------------------------------

    def publish(self, snapshot: dict) -> None:
        with self._lock:
            self._version += 1
            snapshot = dict(snapshot, version=self._version)
            self._snapshot = snapshot
            watchers = list(self._watchers)
        for wake in watchers:
            wake()

    def notice(self, event: dict) -> None:
        """A one-off event for the pages (a word to say, a toast); dropped when nobody listens."""
        try:
            self.events.put_nowait(event)
        except queue.Full:
            return
        with self._lock:
            watchers = list(self._watchers)
        for wake in watchers:
            wake()

    def listeners(self) -> Listeners:
        with self._lock:
            return self._listeners

    def take_commands(self) -> list[Command]:
        out = []
        while True:
            try:
                out.append(self.commands.get_nowait())
            except queue.Empty:
                with self._lock:
                    self._queued.clear()
                return out

    # -- server side -------------------------------------------------------------------------------

    def latest(self) -> dict | None:
        with self._lock:
            return self._snapshot

    def watch(self, wake: Callable[[], None]) -> None:
        with self._lock:
            self._watchers.append(wake)

    def unwatch(self, wake: Callable[[], None]) -> None:
        with self._lock:
            if wake in self._watchers:
                self._watchers.remove(wake)

    def submit(self, command: Command) -> bool:
        """Queue a page's command for the controller; False when the queue is full. A button
        press or a ``say`` the same as one still waiting is dropped (taken as done)."""
        key = None
        if command.type in ("button", "say"):
            key = (command.type, tuple(sorted(command.data.items())), command.audio and id(command.reply))
            with self._lock:
                if key in self._queued:
                    return True
                self._queued.add(key)
        try:
            self.commands.put_nowait(command)
            return True
        except queue.Full:
            if key is not None:
                with self._lock:
                    self._queued.discard(key)
            return False

    def set_listeners(self, listeners: Listeners) -> None:
        with self._lock:
            self._listeners = listeners

    def take_events(self) -> list[dict]:
        out = []
        while True:
            try:
                out.append(self.events.get_nowait())
            except queue.Empty:
                return out


class ScreenAnswerer(q.Answerer):
    """Questions shown on the screen; answers come back from the pages through the hub."""

    def __init__(self):
        self._lock = threading.Lock()
        self.current: q.Question | None = None
        self._answers: list[q.Answer] = []

    def ask(self, question: q.Question) -> None:
        with self._lock:
            self.current = question

    def withdraw(self, question: q.Question) -> None:
        with self._lock:
            if self.current is not None and self.current.id == question.id:
                self.current = None

    def give(self, question_id: int, value: str) -> str | None:
        """A page's answer; None when taken, else why not."""
        with self._lock:
            question = self.current
            if question is None or question.id != question_id:
                return "that question is no longer asked"
            if question.kind in (q.BLANK, q.LETTER, q.SWAP):
                value = value.upper()
            if not question.accepts(value):
                return "not one of the answers"
            self.current = None
            self._answers.append(q.Answer(question, value))
            return None

    def poll(self) -> list[q.Answer]:
        with self._lock:
            out, self._answers = self._answers, []
        return out


class TeeAnswerer(q.Answerer):
    """Ask several answerers at once; the first answer wins and the question is withdrawn from
    the others."""

    def __init__(self, *answerers: q.Answerer | None):
        self.answerers = [a for a in answerers if a is not None]

    def ask(self, question: q.Question) -> None:
        for a in self.answerers:
            a.ask(question)

    def withdraw(self, question: q.Question) -> None:
        for a in self.answerers:
            a.withdraw(question)

    def poll(self) -> list[q.Answer]:
        out: list[q.Answer] = []
        for a in self.answerers:
            out.extend(a.poll())
        if out:
            for answer in out:
                for a in self.answerers:
                    a.withdraw(answer.question)
        return out
