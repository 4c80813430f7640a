"""Questions the board asks the table: a pending decision the players answer.

A :class:`Question` is a small typed value (what is asked, about which squares, the possible
answers). The controller posts it and carries on (LEDs, sensors, watchdog) until an answer comes;
whoever answers - the touch screen (later), a person at the terminal (:class:`StdinAnswerer`) or
a scripted player of the simulated board - gives one of its ``choices`` (or free text when
``choices`` is empty). Answers that matter to the game are journalled as decisions before they
are acted on.
"""

from __future__ import annotations

import itertools
import queue
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

_ids = itertools.count(1)

# Kinds of question.
BLANK = "blank"          # which letter is the blank on this square?
LETTER = "letter"        # the tag could not be read: which letter is on this square?
CONFLICT = "conflict"    # the sensor and the camera disagree about a square: which is right?
CARD = "card"            # the camera alone sees a card in a slot: which kind of card is it?
TURN = "turn"            # end of turn with nothing put down: pass, swap or carry on?
SWAP = "swap"            # which tiles go back to the bag (or how many)?
LEFTOVERS = "leftovers"  # the game is over: which tiles are left on each rack?


@dataclass(frozen=True)
class Question:
    kind: str
    prompt: str
    choices: tuple[str, ...] = ()
    squares: tuple[tuple[int, int], ...] = ()
    context: dict = field(default_factory=dict, compare=False, hash=False)
    id: int = field(default_factory=lambda: next(_ids))

    def accepts(self, answer: str) -> bool:
        return not self.choices or answer in self.choices


@dataclass(frozen=True)
class Answer:
    question: Question
    value: str


class Answerer:
    """Where questions go and answers come from. ``ask`` must not block; ``poll`` returns the
    answers that arrived since the last call."""

    def ask(self, question: Question) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def poll(self) -> list[Answer]:  # pragma: no cover - interface
        raise NotImplementedError

    def withdraw(self, question: Question) -> None:
        """The question no longer matters (the table changed)."""


class CallbackAnswerer(Answerer):
    """Answers come from a function (a scripted player): ``respond(question) -> str | None``;
    None means "not yet", and the question is offered again at the next poll."""

    def __init__(self, respond: Callable[[Question], str | None]):
        self.respond = respond
        self.open: dict[int, Question] = {}

    def ask(self, question: Question) -> None:
        self.open[question.id] = question

    def withdraw(self, question: Question) -> None:
        self.open.pop(question.id, None)

    def poll(self) -> list[Answer]:
        answers = []
        for qid, question in list(self.open.items()):
            value = self.respond(question)
            if value is not None:
                del self.open[qid]
                answers.append(Answer(question, value))
        return answers


class StdinAnswerer(Answerer):
    """A person at the terminal: the prompt is printed, a line read on a thread."""

    def __init__(self, stream=None, out=None):
        self.stream = stream or sys.stdin
        self.out = out or sys.stdout
        self._answers: queue.Queue[Answer] = queue.Queue()
        self._current: Question | None = None
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._read, daemon=True, name="stdin-answers")
        self._thread.start()

    def ask(self, question: Question) -> None:
        with self._lock:
            self._current = question
        choices = (" [" + "/".join(f"{i}:{c}" for i, c in enumerate(question.choices, 1)) + "]"
                   if question.choices else "")
        print(f"?? {question.prompt}{choices}", file=self.out, flush=True)

    def withdraw(self, question: Question) -> None:
        with self._lock:
            if self._current is not None and self._current.id == question.id:
                self._current = None

    def _read(self) -> None:
        for line in self.stream:
            value = line.strip()
            with self._lock:
                question = self._current
            if question is None:
                continue
            if question.kind in (BLANK, LETTER, SWAP):
                value = value.upper()
            if value.isdigit() and question.choices and not question.accepts(value):
                number = int(value)        # a choice by its number in the list
                if not 1 <= number <= len(question.choices):
                    print(f"?? please answer with a number from 1 to {len(question.choices)}, or one of "
                          f"{', '.join(question.choices)}", file=self.out, flush=True)
                    continue
                value = question.choices[number - 1]
            if question.accepts(value):
                with self._lock:
                    self._current = None
                self._answers.put(Answer(question, value))
            else:
                print(f"?? please answer one of {', '.join(question.choices)}", file=self.out, flush=True)

    def poll(self) -> list[Answer]:
        out = []
        while True:
            try:
                out.append(self._answers.get_nowait())
            except queue.Empty:
                return out
