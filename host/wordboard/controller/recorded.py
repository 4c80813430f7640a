"""A recorded game on the board controller (``wordboard run --camera game.mp4``): the camera
alone reads a recording (:mod:`wordboard.camera.recording`), and nobody is at the table.

Everything else is the board's: the camera alone's readings are the table's events, tracked,
settled and held while a hand is over the board as on a live table. What players would do at
the table, the recording does as follows.

* The end of a turn. Nobody presses the end-turn button: the turn ends when the picture has
  stayed still, with a clear view (no hand over the board) and new tiles on the board, for
  ``quiet`` seconds of the recording. The recording then presses the end-turn button, once per
  still placement, valid or not (a live table's quiet time waits for a placement the game
  accepts: a tile read unsurely or a blank would never end its turn). A play the game refuses is
  said and stays pending: the tiles laid next are judged with it (a word laid in two goes, the
  first still, is played whole once it is).
* Questions. A recording cannot answer. A tile read unsurely is taken as the camera's best
  reading (the letter it read, below :data:`wordboard.camera.state.SURE`), and said. A blank's
  letter that the word list cannot settle is taken from ``blanks`` (``--blank SQUARE=LETTER``).
  Any other question (such a blank not given, a pass or a swap, the tiles left on the racks, a
  card's kind, HEXX's dice) stops the game: :attr:`RecordedTable.stopped` says the question. The
  game stays in the journal, unfinished, as far as it got.
* A pass or an exchange changes nothing on the board: a recording cannot show one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from wordboard.controller import questions as q
from wordboard.controller.loop import ControllerOptions
from wordboard.controller.tracking import square_names

#: Seconds the picture stays still, with new tiles and a clear view, before a recording's turn ends.
RECORDED_QUIET = 3.0
#: Seconds of the recording between two readings of the camera (the board reads about as often).
RECORDED_PERIOD = 0.3


#: Seconds the board must stay unchanged to count as settled: the board's own.
SETTLE = ControllerOptions.settle


class Stillness:
    """Whether the picture has stayed still, with a clear view, for ``quiet`` seconds: the table
    settled (nothing changed in the tracker's view) and the camera's view clear (no hand over
    the board, the board found) since at least that long."""

    def __init__(self, quiet: float = RECORDED_QUIET):
        self.quiet = quiet
        self._clear_since: float | None = None

    def still(self, view: Any, problem: str | None, now: float) -> bool:
        if problem is not None:
            self._clear_since = None
            return False
        if self._clear_since is None:
            self._clear_since = now
        return bool(view.settled) and now - max(view.changed_at, self._clear_since) >= self.quiet


def still_tables(source: Any, eyes: Any, clock: Any, *, quiet: float = RECORDED_QUIET,
                 period: float = RECORDED_PERIOD) -> Iterator[Any]:
    """The tables a recording shows still after each change (``wordboard photos`` on a video):
    the camera alone reads ``source`` through ``eyes`` (:class:`~wordboard.controller.written.VisionEyes`)
    every ``period`` seconds of ``clock`` (a :class:`~wordboard.controller.clocks.ManualClock` the
    source reads by), its readings tracked as on the board; each time the picture has stayed
    still with a clear view for ``quiet`` seconds and the table differs from the last still one
    (the first still table included), the camera's sensor
    (:class:`~wordboard.controller.written.WrittenLetters`: ``seen``, ``read_as``) is yielded,
    at ``source.seconds``. The last picture counts as held (see the source's ``hold``)."""
    from wordboard.controller.tracking import BoardTracker
    from wordboard.controller.written import WrittenLetters, identify_written

    sensor = WrittenLetters(eyes, threaded=False, clock=clock, period=period, steady=2, tiles=True)
    identify: Any = identify_written
    board = BoardTracker(settle=SETTLE, identify=identify, now=clock(), by_sight=True)
    stillness = Stillness(quiet)
    last: dict | None = None
    while not (source.ended or source.error):
        while (event := sensor.next_event(0)) is not None:
            board.sensor(event, clock())
        now = clock()
        if sensor.readings and stillness.still(board.view(now), sensor.problem, now) and board.observed != last:
            last = dict(board.observed)
            yield sensor
        clock.advance(period)


class RecordedTable(q.Answerer):
    """The table of a recording: presses the end-turn button when the picture settled and
    answers what a picture tells (see the module documentation). ``sensor``: the camera alone
    (:class:`~wordboard.controller.written.WrittenLetters`); ``source``: the recording
    (:class:`~wordboard.camera.recording.RecordedSource`)."""

    def __init__(self, controller: Any, sensor: Any, source: Any, *, quiet: float = RECORDED_QUIET,
                 blanks: Mapping[tuple[int, int], str] | None = None, out: Callable[[str], None] = print):
        self.controller = controller
        self.sensor = sensor
        self.source = source
        self.quiet = quiet
        self.blanks = {(int(sq[0]), int(sq[1])): letter.upper() for sq, letter in (blanks or {}).items()}
        self.out = out
        #: why the game stopped before the recording ended (a question it cannot answer), or None
        self.stopped: str | None = None
        self.presses = 0
        self.taken_as_read = 0
        self._answers: list[q.Answer] = []
        self._pressed_for: float | None = None
        self._stillness = Stillness(quiet)
        controller.answerer = self
        controller.step_hooks.append(self.step)

    @property
    def finished(self) -> bool:
        """The recording is over (or cannot be read on), or the game cannot follow it."""
        return bool(self.source.ended or self.source.error or self.stopped)

    # -- the end of a turn -------------------------------------------------------------------------

    def step(self, now: float) -> None:
        controller = self.controller
        view = controller.board.view(now)
        still = self._stillness.still(view, getattr(self.sensor, "problem", None), now)
        if not still or self.stopped or controller.adapter.over or controller.question is not None \
                or controller.turn.end_requested:
            return
        if not view.pending or view.disturbed or self._pressed_for == view.changed_at:
            return
        self._pressed_for = view.changed_at
        self.presses += 1
        controller.buttons.inject("end-turn")

    # -- questions ---------------------------------------------------------------------------------

    def ask(self, question: q.Question) -> None:
        square = question.squares[0] if question.squares else None
        answer = None
        if question.kind == q.LETTER and square is not None:
            symbol, confidence = self.sensor.read_as.get((int(square[0]), int(square[1])), (".", 0.0))
            if symbol != "." and question.accepts(symbol):
                what = "a blank" if symbol == "?" else symbol
                self.out(f"{square_names([square])}: read unsurely as {what} (confidence {confidence:.2f}); "
                         "nobody to ask in a recording: taken as read")
                self.taken_as_read += 1
                answer = symbol
        elif question.kind == q.BLANK and square is not None:
            given = self.blanks.get((int(square[0]), int(square[1])))
            if given is not None and question.accepts(given):
                answer = given
            elif given is not None:
                self.stopped = (f"--blank {square_names([square])}={given}: that letter makes no play here "
                                f"({question.prompt})")
                return
        if answer is not None:
            self._answers.append(q.Answer(question, answer))
            return
        self.stopped = f"a recording cannot answer: {question.prompt}"
        if question.kind == q.BLANK and square is not None:
            self.stopped += f" (say it with --blank {square_names([square])}=LETTER)"

    def withdraw(self, question: q.Question) -> None:
        self._answers = [a for a in self._answers if a.question.id != question.id]

    def poll(self) -> list[q.Answer]:
        answers, self._answers = self._answers, []
        return answers
