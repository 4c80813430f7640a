"""The board controller: one loop joining the sensor board, the camera, the buttons, the LEDs,
the game's engine (through its adapter) and the journal.

Each :meth:`Controller.step`:

1. drains the sensor board's settled events into the :class:`~wordboard.controller.tracking.BoardTracker`;
2. takes a camera reading if one arrived (the camera is read on a worker thread, when a turn ends);
3. polls the buttons (end turn, undo, hint; a long press on end turn is a pass); hints are worked
   out on a worker thread, once per position (:mod:`wordboard.controller.hinting`), and lit when
   ready;
4. polls the answers to the pending question, journals them as decisions, acts on them;
5. assesses the placement while it is settled (valid and its score, invalid and the squares at
   fault, a blank waiting) for the LEDs, and turns it into a move at the end of the turn;
6. composes and shows the LED frame (capped by the strip's frame rate), pings the watchdog.

Nothing is scored until valid; every move and every decision is in the journal before the LEDs
or the terminal show it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from wordboard.controller import questions as q
from wordboard.controller.adapters import Assessment, Committed, answer_key_from_decision, decision_for
from wordboard.controller.hinting import HintWorker
from wordboard.controller.tracking import Blocked, BoardTracker, NothingPlaced, Proposal, TurnTracker, square_names
from wordboard.rules import Square

#: The journal's decision for a correction of what the camera read: ``{"correction": {"square":
#: "K6", "value": "."}}`` (nothing written there) or a letter.
CORRECTION = "correction"

#: A player button pressed this many seconds before the challenge button says who challenges.
PLAYER_BUTTON_SECONDS = 5.0


@dataclass
class ControllerOptions:
    settle: float = 0.3            # seconds the board must stay unchanged to count as settled
    quiet: float | None = None     # end the turn by itself after this long (None: button only)
    end_wait: float = 5.0          # seconds an end-turn press waits for moving tiles
    camera_timeout: float = 20.0   # seconds (game clock) to wait for the camera at the end of a turn
    hint_seconds: float = 8.0
    show_leds: bool = True         # print the LED frame after each move
    ansi: bool | None = None       # None: when the terminal does truecolour
    png_dir: str | None = None     # save the LED frame after each move as PNG
    problem_after: float = 8.0     # seconds the camera's problem (a hand over the board, a camera
                                   # gone) lasts before the players are told the game waits (a
                                   # hand is routine); the sensor board's (a pulled cable): at once


class TableSensor(Protocol):
    """What the controller reads the table through: the sensor board's serial link (real or
    simulated), the camera alone (:class:`~wordboard.controller.written.WrittenLetters`), or the
    fast tests' :class:`~wordboard.controller.twin.DirectSensor`. ``problem`` (optional): why it
    cannot sense the table now, in one line."""

    def next_event(self, timeout: float | None = None) -> object | None: ...

    def caught_up(self, since: float) -> bool: ...

    def request_snapshot(self) -> None: ...

    def close(self) -> None: ...


@dataclass
class Stats:
    moves: int = 0
    invalid: int = 0
    blocked: int = 0
    questions: int = 0
    sensor_events: int = 0
    frames: int = 0
    latencies: list = field(default_factory=list)   # wall seconds, sensor event -> LED frame


class Controller:
    def __init__(self, adapter, sensor, *, leds=None, buttons=None, answerer=None, camera=None,
                 notifier=None, clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.monotonic, identify=lambda tag: None,
                 options: ControllerOptions | None = None, out: Callable[[str], None] | None = None):
        self.adapter = adapter
        self.sensor = sensor
        self.leds = leds
        self.buttons = buttons
        self.answerer = answerer
        self.camera = camera
        self.notifier = notifier
        self.clock = clock
        self.wall = wall
        self.options = options or ControllerOptions()
        self.out = out or (lambda text: None)
        now = clock()
        # letters written on the board (the written-letter sensor reading ink, not tiles), or
        # tiles the camera alone tells apart by their letters (not Dexikon's cards, each laid
        # one a new mark)
        ink = getattr(sensor, "tiles", None) is False
        by_sight = getattr(sensor, "tiles", None) is True and not getattr(sensor, "blocks", ())
        self.board = BoardTracker(settle=self.options.settle, identify=identify, now=now, ink=ink, by_sight=by_sight)
        self.turn = TurnTracker(self.board, quiet=self.options.quiet, end_wait=self.options.end_wait,
                                caught_up=sensor.caught_up,
                                blocked_view=lambda: getattr(sensor, "problem", None))
        self.board.set_committed(adapter.committed_as_sensed())
        self.answers: dict = {}
        self.question: q.Question | None = None
        self._question_for: str | None = None     # "proposal" or "turn"
        self._proposal: Proposal | None = None
        self._refused: Proposal | None = None      # the last end of turn refused (a house ruling may pass it)
        self._camera_wanted_at: float | None = None
        self.live: Assessment | None = None
        self._live_key: tuple | None = None
        self.last_move: tuple = ()
        self.last_move_at = now
        self.hint_squares: tuple = ()
        self.hint_at = now
        self.hints = HintWorker()                   # hints are worked out off this loop
        self.message = ""
        #: what the table must know for the whole run, on the screen until it ends (not replaced
        #: by the next message): what a damaged journal lost, a game that could not be resumed
        self.notices: list[str] = []
        self.problem: str | None = None             # what the sensors say is wrong now
        self._problem_since = now
        self._problem_said = False
        self.pairing: dict | None = None            # a game night's pairing for this board (show_pairing)
        self.pairing_at = float("-inf")
        self._pairing_sign_drawn = False
        self._overlay_since: dict = {}
        self._frame_due = True
        self._last_watchdog = float("-inf")
        self._last_render = float("-inf")
        self._event_wall: float | None = None
        self.stats = Stats()
        self.listeners: list[Callable[[str, object], None]] = []
        self.step_hooks: list[Callable[[float], None]] = []   # called at the end of each step (the screen)
        self.started = False
        self._player_button: tuple[int, float] | None = None   # (player index, when) of the last player button
        self._restore_answers()
        self._restore_corrections()

    # -- journal ---------------------------------------------------------------------------------

    def _restore_answers(self) -> None:
        """Answers given for the turn in progress before a restart (decisions after the last move)."""
        events = self.adapter.jgame.journal.events(self.adapter.jgame.id)
        for event in reversed(events):
            if event.type == "move":
                break
            found = answer_key_from_decision(event.data)
            if found is not None:
                key, value = found
                self.answers.setdefault(key, value)

    def _restore_corrections(self) -> None:
        """The table's corrections of what the camera read, journalled earlier in this game: given
        to the sensor again (each holds for the mark the camera sees there, see :meth:`correct`)."""
        correct = getattr(self.sensor, "correct", None)
        if correct is None:
            return
        for event in self.adapter.jgame.journal.events(self.adapter.jgame.id):
            body = event.data.get(CORRECTION) if event.type == "decision" else None
            if isinstance(body, dict):
                try:
                    correct(Square.parse(body["square"]), body["value"])
                except (KeyError, ValueError):
                    continue

    def correct(self, square, value: str) -> str:
        """The table (a grown-up at the screen, a child's big button) says what is written on
        ``square``: ``"."`` (nothing: the camera sees a mark that is no letter) or a letter (the
        camera misread it). Journalled as a decision, then given to the sensor, whose next
        reading has it; it holds until the mark there is rubbed out or written over. Returns
        what was done, in words (also said); a sensor that cannot be corrected says so."""
        square = (int(square[0]), int(square[1]))
        value = value.strip().upper() or "."
        correct = getattr(self.sensor, "correct", None)
        if correct is None:
            text = "this board's sensor reads tiles: there is nothing to correct"
        elif not (0 <= square[0] < self.adapter.rows and 0 <= square[1] < self.adapter.cols):
            text = f"there is no square {square_names([square]) if min(square) >= 0 else square} on this board"
        elif value == "?" and not getattr(self.sensor, "tiles", False):
            text = "a written letter is no blank: say '.' for an empty square, or the letter written there"
        elif value not in (".", "?") and (len(value) != 1 or not value.isalpha() or not value.isascii()):
            text = f"{value!r} is not a letter: say '.' for an empty square, '?' for a blank tile, or the letter"
        elif (square[0], square[1]) in self.adapter.committed_tiles():
            text = f"{square_names([square])} is already in the game: it is not the camera's to read again"
        else:
            name = square_names([square])
            self.adapter.jgame.record("decision", {CORRECTION: {"square": name, "value": value}})
            correct(square, value)
            self._live_key = None
            self._frame_due = True
            text = f"corrected: {name} is empty" if value == "." else \
                f"corrected: {name} is a blank" if value == "?" else f"corrected: {name} is {value}"
        self.say(text)
        self._emit("correction", (square, value))
        return text

    def house_ruling(self) -> str:
        """The table accepts the words of the refused play that the word list lacks (a house
        ruling, journalled; they count for the rest of the game). A play refused at the end of
        its turn is then judged again at once and, the tiles unmoved, played. Returns what was
        done, in words (also said)."""
        live = self.live
        words = live.unlisted if live is not None and live.status == "invalid" else ()
        if not words:
            text = "there is no refused word to accept now"
        else:
            text = self.adapter.accept_words(words)
            self._live_key = None
            self._frame_due = True
            refused, self._refused = self._refused, None
            if text.startswith("house ruling") and refused is not None and self._proposal is None:
                self._proposal = refused
                self._resolve_proposal(self.clock())
        self.say(text)
        self._emit("house-ruling", words)
        return text

    def _emit(self, kind: str, data=None) -> None:
        for listener in list(self.listeners):
            listener(kind, data)

    # -- the loop --------------------------------------------------------------------------------

    def start(self) -> None:
        self.started = True
        if self.notifier is not None:
            self.notifier.ready(f"{self.adapter.player_to_move()} to play")
        if self.adapter.committed_tiles():
            self._print_position()       # a resumed game: the board and scores as they were
        self._announce_turn()

    def run(self, *, until: Callable[[], bool] | None = None, poll: float = 0.02) -> None:
        if not self.started:
            self.start()
        while not (until and until()):
            self.step(poll)

    def step(self, timeout: float = 0.0) -> None:
        got = self._drain_sensor(timeout)
        now = self.clock()
        if self.camera is not None:
            reading = self.camera.poll()
            if reading is not None:
                symbols, at = reading
                self.board.camera_reading(symbols, at)
                self._camera_wanted_at = None
        if self.buttons is not None:
            for event in self.buttons.poll():
                self._button(event.name, event.kind, now)
        if self.answerer is not None:
            for answer in self.answerer.poll():
                self._answered(answer, now)
        self._hint_ready(now)
        self._assess_live(now)
        self._watch_sensor(now)
        self._end_of_turn(now)
        self._show(now, got)
        self._watchdog()
        for hook in list(self.step_hooks):
            hook(now)

    def _watch_sensor(self, now: float) -> None:
        """A sensor that cannot see the table (the sensor board unplugged or silent; the camera: a
        hand lingering over the board, the board not found, a black or frozen picture, the camera
        gone): the players are told the game waits (screen, log, systemd's status line, the LEDs'
        border) at once for the sensor board, once it lasts ``problem_after`` seconds for the
        camera, and told again when it is over. Nothing is read meanwhile."""
        problem = getattr(self.sensor, "problem", None)
        if problem != self.problem:
            said = self._problem_said
            if problem is None and said:
                self.say("the table is seen again: the game goes on")
                if self.notifier is not None:
                    self.notifier.status("the table is seen again")
            elif problem is not None and said:
                self.say(f"{problem}: the game waits")      # still waiting, for another reason
            if problem is None:
                self._problem_said = False
            elif self.problem is None:
                # A new spell of trouble: the patience counts from here, and not again when what
                # is wrong is said otherwise meanwhile (a pulled camera: its read failed, then
                # it could not be opened), or a problem that changes its words never waits.
                self._problem_since, self._problem_said = now, False
            self.problem, self._frame_due = problem, True
            return
        patience = self.options.problem_after if getattr(self.sensor, "reads_by_sight", False) else 0.0
        if problem is not None and not self._problem_said and now - self._problem_since >= patience:
            self._problem_said = True
            self._frame_due = True
            self.say(f"{problem}: the game waits")
            if self.notifier is not None:
                self.notifier.status(f"{problem}: the game waits")

    def _drain_sensor(self, timeout: float) -> bool:
        got = False
        wait = timeout
        for _ in range(256):
            event = self.sensor.next_event(wait)
            if event is None:
                break
            wait = 0.0
            if not got:
                self._event_wall = self.wall()
            got = True
            self.stats.sensor_events += 1
            if self.board.sensor(event, self.clock()):
                self._frame_due = True
        return got

    # -- buttons ---------------------------------------------------------------------------------

    def _button(self, name: str, kind: str, now: float) -> None:
        if self.adapter.over:
            return
        if name == "end-turn" and kind == "press":
            self.turn.request_end(now)
        elif name == "end-turn" and kind == "long":
            self._ask(self.adapter.nothing_placed(), "turn")
        elif name == "undo":
            self._cancel_question()
            committed = self.adapter.undo()
            if committed is not None:
                self._after_commit(committed, now, undo=True)
            else:
                self._ask_turn_question()
        elif name == "hint":
            self.hints.request(self._position(), self.adapter.hint)
        elif name.startswith("player-") and kind == "press":
            player = int(name[7:]) - 1
            result = self.adapter.player_button(player)
            if isinstance(result, Committed):
                self._player_button = None
                self._after_commit(result, now)
            else:
                self._player_button = (player, now)          # "it's me": with the next button
                if result is not None:
                    self.say(result)
        elif name == "challenge":
            self._cancel_question()
            by = None
            if self._player_button is not None and now - self._player_button[1] <= PLAYER_BUTTON_SECONDS:
                by = self._player_button[0]
            self._player_button = None
            result = self.adapter.challenge() if by is None else self.adapter.challenge(by)
            if result is None:
                self.say("every word is checked against the word list when it is played")
            elif isinstance(result, str):
                self.say(result)
                self._ask_turn_question()
            else:
                self._after_commit(result, now)

    def _position(self) -> tuple:
        """The position a hint is for: the game and its journal's sequence number."""
        jgame = self.adapter.jgame
        return (id(self.adapter), jgame.id, jgame.seq)

    def _hint_ready(self, now: float) -> None:
        squares = self.hints.take(self._position())
        if squares is not None:
            self.hint_squares = squares
            self.hint_at = now
            self._frame_due = True

    # -- questions -------------------------------------------------------------------------------

    def _ask(self, question: q.Question | None, purpose: str) -> None:
        if question is None:
            return
        if self.question is not None and self.question.prompt == question.prompt \
                and self.question.squares == question.squares:
            return
        self._cancel_question()
        self.question = question
        self._question_for = purpose
        self.stats.questions += 1
        self.say(f"question: {question.prompt}")
        self._emit("question", question)
        if self.answerer is not None:
            self.answerer.ask(question)
        self._frame_due = True

    def _cancel_question(self) -> None:
        if self.question is not None and self.answerer is not None:
            self.answerer.withdraw(self.question)
        self.question = None
        self._question_for = None

    def _answered(self, answer: q.Answer, now: float) -> None:
        question = answer.question
        if self.question is None or question.id != self.question.id or not question.accepts(answer.value):
            return
        purpose = self._question_for
        self.question = None
        self._question_for = None
        if question.kind in (q.BLANK, q.LETTER, q.CONFLICT) or (purpose == "proposal" and question.squares):
            square = question.squares[0]
            uid = question.context.get("uid")
            decision = decision_for(question.kind, square, uid, answer.value)
            self.adapter.jgame.record("decision", decision)   # journalled before it is acted on
            self.answers[(question.kind, square, uid)] = answer.value
            self.say(f"answer: {square_names([square])} is {answer.value}")
            self._live_key = None
            if purpose == "proposal" and self._proposal is not None:
                self._resolve_proposal(now)
            return
        result = self.adapter.answer_turn(question, answer.value)
        if isinstance(result, q.Question):
            self._ask(result, "turn")
        elif isinstance(result, Committed):
            self._after_commit(result, now)

    # -- assessing -------------------------------------------------------------------------------

    def _assess_live(self, now: float) -> None:
        view = self.board.view(now)
        if not view.settled:
            return
        key = (view.changed_at, view.squares, view.disturbed, tuple(p.seen for p in view.pending),
               len(self.answers), self.adapter.jgame.seq)
        if key == self._live_key:
            return
        self._live_key = key
        if self.question is not None and self._question_for == "proposal":
            asked = set(self.question.squares)
            if not asked <= set(view.squares) or self._proposal is None \
                    or view.squares != self._proposal.squares:
                self._cancel_question()          # the table changed under the question
                self._proposal = None
        if view.disturbed:
            if self.live is None or self.live.status != "disturbed":
                self.say(f"a played letter was rubbed out: {square_names(view.disturbed)} (write it again)"
                         if self.board.ink else
                         f"a played tile is out of place: {square_names(view.disturbed)} (put it back)")
                self._emit("disturbed", view.disturbed)
        self.live = self.adapter.assess(view.pending, self.answers, live=True) if view.pending else None
        if self.live is not None and self.live.status == "valid":
            self.turn.accepted(view)
        self._frame_due = True

    def _end_of_turn(self, now: float) -> None:
        if self.adapter.over:
            return
        if self._proposal is not None:
            if self._camera_wanted_at is not None and now - self._camera_wanted_at < self.options.camera_timeout:
                return
            if self.question is None:
                self._resolve_proposal(now)
            return
        result = self.turn.poll(now)
        if result is None:
            return
        if isinstance(result, Blocked):
            self.stats.blocked += 1
            self.say(result.message)
            self._emit("blocked", result)
            return
        if isinstance(result, NothingPlaced):
            if result.reason == "button":
                self._ask(self.adapter.nothing_placed(), "turn")
            return
        self._proposal = result
        if self.camera is not None:
            self.camera.request(now)
            self._camera_wanted_at = now
        else:
            self._resolve_proposal(now)

    def _resolve_proposal(self, now: float) -> None:
        proposal = self._proposal
        view = self.board.view(now)
        if proposal is None:
            return
        if view.squares != proposal.squares or view.disturbed:
            self._proposal = None                  # the table changed: wait for another end of turn
            return
        assessment = self.adapter.assess(view.pending, self.answers)
        if assessment.status == "ask":
            self._ask(assessment.question, "proposal")
            return
        self._proposal = None
        if assessment.status == "valid":
            committed = self.adapter.commit(assessment)   # journalled, then played
            self._after_commit(committed, now)
        elif assessment.status == "invalid":
            self.stats.invalid += 1
            self._refused = proposal
            self.live = assessment
            self.say(f"not valid: {assessment.message} ({square_names(assessment.at_fault)})")
            self._emit("invalid", assessment)
            self._frame_due = True

    def _after_commit(self, committed: Committed, now: float, undo: bool = False) -> None:
        self.board.set_committed(self.adapter.committed_as_sensed())
        self._cancel_question()
        self._proposal = self._refused = None
        self.turn.cancel_end()
        self.live = None
        self._live_key = None
        self.hint_squares = ()
        if not undo:
            self.stats.moves += 1
        self.last_move = () if undo else committed.squares
        self.last_move_at = now
        self.answers = {}
        self._frame_due = True
        self._show(now, False, force=True)
        self.say(committed.text)
        if self.notifier is not None:
            self.notifier.status(committed.text)
        self._print_position()
        self._emit("undo" if undo else "commit", committed)
        if self.adapter.over:
            self.say(self.adapter.result_text())
            self._emit("over", self.adapter.result_text())
        else:
            self._announce_turn()

    def _announce_turn(self) -> None:
        if not self.adapter.over:
            self.say(f"{self.adapter.player_to_move()} to play")
            self._ask_turn_question()

    def _ask_turn_question(self) -> None:
        """A game that waits for a decision between moves (a HEXX roll, a Dexikon phase, an
        eXtraDICTION guess) asks it as a question."""
        if not self.adapter.over:
            self._ask(self.adapter.turn_question(), "turn")

    # -- output ----------------------------------------------------------------------------------

    def say(self, text: str) -> None:
        self.message = text
        self.out(text)

    def notice(self, text: str) -> None:
        """Say ``text`` and keep it on the screen for the rest of the run (:attr:`notices`)."""
        self.notices.append(text)
        self._frame_due = True
        self.say(text)

    def show_pairing(self, pairing: dict, *, sign: bool = True) -> None:
        """A game night's pairing for this board (``round``, ``table``, ``players``; ``event``):
        the screen shows it (the snapshot's ``pairing``) and, with ``sign``, the LEDs show the
        "pairing arrived" sign for a few seconds and the table is told."""
        self.pairing = dict(pairing)
        self._frame_due = True
        if sign:
            self.pairing_at = self.clock()
            self.say(f"game night: next, round {pairing['round']}, table {pairing['table']}: "
                     f"{' v '.join(pairing['players'])}")

    def pairing_sign_shown(self, now: float) -> bool:
        """Whether the LEDs show the "pairing arrived" sign now."""
        from wordboard.leds.overlays import PAIRING_SIGN_SECONDS

        return self.pairing is not None and 0 <= now - self.pairing_at < PAIRING_SIGN_SECONDS

    def _print_position(self) -> None:
        self.out(self.adapter.board_text(self.last_move))
        self.out("scores: " + self.adapter.scores_text())
        if self.options.show_leds and self.leds is not None:
            text = self.led_text()
            if text:
                self.out("LEDs:\n" + text)
        if self.options.png_dir and self.leds is not None:
            self._save_png()

    def led_text(self) -> str | None:
        from wordboard.leds import SimulatedPixels, emitted_frame
        from wordboard.leds.render import supports_truecolour, to_ansi, to_plain

        if not isinstance(self.leds.pixels, SimulatedPixels):
            return None
        frame = emitted_frame(self.leds.pixels, self.leds.wiring)
        ansi = supports_truecolour() if self.options.ansi is None else self.options.ansi
        return to_ansi(frame) if ansi else to_plain(frame)

    def _save_png(self) -> None:
        from pathlib import Path

        from wordboard.leds import SimulatedPixels, emitted_frame
        from wordboard.leds.render import write_png

        if isinstance(self.leds.pixels, SimulatedPixels) and self.options.png_dir:
            folder = Path(self.options.png_dir)
            folder.mkdir(parents=True, exist_ok=True)
            write_png(emitted_frame(self.leds.pixels, self.leds.wiring),
                      folder / f"game{self.adapter.jgame.id}-{self.adapter.jgame.seq:04d}.png")

    def overlays(self, now: float, view=None):
        """The overlays to draw now, with their ages."""
        from wordboard.leds import overlays as ov

        view = view or self.board.view(now)
        items: list[tuple[ov.Overlay, float]] = []
        if self.last_move:
            items.append((ov.last_move(self.last_move), now - self.last_move_at))
        live = self.live
        judged = set(live.squares) if live is not None else set()
        placing = [s for s in view.squares if s not in judged or not view.settled]
        if placing:
            items.append((ov.placing(placing), 0.0))
        if live is not None and view.settled:
            if live.status == "valid":
                items.append((ov.pending_valid(live.squares, live.score, live.word_squares), 0.0))
            elif live.status == "invalid":
                items.append((ov.pending_invalid(live.squares, live.at_fault), now))
            elif live.status == "ask":
                items.append((ov.pending_invalid(live.squares, ()), 0.0) if not live.blanks_waiting
                             else (ov.pending_valid([s for s in live.squares if s not in live.blanks_waiting], 0), 0.0))
                for square in live.blanks_waiting:
                    items.append((ov.blank_waiting(square), now))
        if self.question is not None and self.question.kind in (q.CONFLICT, q.LETTER):
            for asked in self.question.squares:
                items.append((ov.blank_waiting(asked), now))
        if self.hint_squares and now - self.hint_at < self.options.hint_seconds:
            items.append((ov.hint(self.hint_squares), now - self.hint_at))
        if view.disturbed:
            items.append((ov.tile_disturbed(view.disturbed), now))
        if self._problem_said:
            items.append((ov.waiting(), now - self._problem_since))
        if self.adapter.over:
            items.append((ov.winner(self.adapter.winner_squares()), now - self.last_move_at))
        if self.pairing_sign_shown(now):      # on top: the next round is paired when a game is over
            items.append((ov.pairing_arrived(), now - self.pairing_at))
        return items

    def frame(self, now: float, view=None):
        from wordboard.leds import overlays as ov

        view = view or self.board.view(now)
        base = self.adapter.base_scene(set(self.board.observed), now)
        items = self.overlays(now, view)
        return self.adapter.as_lit(ov.compose(base, [o for o, _ in items], [t for _, t in items]))

    def _show(self, now: float, sensor_changed: bool, force: bool = False) -> None:
        if self.leds is None:
            return
        wall = self.wall()
        view = self.board.view(now)
        animated = self.adapter.animating(now) \
            or (self.live is not None and self.live.status in ("invalid", "ask")) or bool(view.disturbed) \
            or self.adapter.over or self.question is not None or not view.settled \
            or (self.hint_squares and now - self.hint_at < self.options.hint_seconds) or self._problem_said \
            or self.pairing_sign_shown(now)
        if self.pairing_sign_shown(now) != self._pairing_sign_drawn:
            self._pairing_sign_drawn = not self._pairing_sign_drawn
            self._frame_due = True                   # the sign starts, or the frame without it once it ends
        due = force or self._frame_due or sensor_changed or (animated and wall - self._last_render >= self.leds.min_interval)
        if not due:
            self.leds.poll()
            return
        frame = self.frame(now, view)
        self._last_render = wall
        writes = self.leds.writes
        if force:
            self.leds.show_now(frame)
        else:
            self.leds.show(frame)
            self.leds.poll()
        if self.leds.writes > writes:
            self.stats.frames += 1
            if self._event_wall is not None:
                self.stats.latencies.append(self.wall() - self._event_wall)
                self._event_wall = None
        self._frame_due = False

    def _watchdog(self) -> None:
        if self.notifier is None or self.notifier.watchdog_interval is None:
            return
        wall = self.wall()
        if wall - self._last_watchdog >= self.notifier.watchdog_interval:
            self.notifier.watchdog()
            self._last_watchdog = wall
