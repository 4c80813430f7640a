"""The game clock at the table: each player's time, switched by the end of their turn.

A game started with a clock (the ``clock`` option: ``wordboard run --clock 25``, or the screen's
new-game setup) has one clock per player, on the controller's game time (the twin's simulated
:class:`~wordboard.controller.clocks.TwinClock`, the board's
:class:`~wordboard.controller.clocks.ScaledClock`; never the wall clock of the rules).

* **Switching.** When a move is committed (the end-turn button, a pass or a swap, a challenge),
  the mover's clock stops, just before the move goes into the journal; the next player's starts
  at the end of that controller step. Undo hands the clock back to the player whose turn it is.
* **Pauses.** While the board asks the table a question (a blank's letter, a tile it could not
  read, pass or swap, the leftover tiles, any other question) no clock runs. A sensor that cannot
  see the table (a hand over the board) does not pause the clock: that is thinking time.
* **The journal.** The time each player has used (milliseconds) is journalled as a decision
  ``{"clock": {"used_ms": [...], "running": i}}`` before every move, when a question pauses the
  clock, and every :data:`CHECKPOINT` game seconds while a clock runs. A resumed game (after a
  power cut) starts from the last of them: at most :data:`CHECKPOINT` seconds of the turn in
  progress are lost, and the time the board was off is nobody's.
* **The end.** The game's rules take the overtime penalty from the last journalled time
  (:mod:`wordboard.timecontrol`; the crossword engine's result, its GCG record's ``(time)``
  lines). This module only measures.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wordboard.timecontrol import TimeControl, clock_text

#: Game seconds between two journal records of the time used while a clock runs.
CHECKPOINT = 30.0


class GameClock:
    """The clocks' state, on times given by the caller (no clock of its own): the seconds each
    player has used, whose clock runs, whether the clocks are paused."""

    def __init__(self, control: TimeControl, players: int, *, used: Sequence[float] | None = None,
                 turns: Callable[[int], int] = lambda player: 0):
        self.control = control
        self.used = [float(u) for u in used] if used is not None else [0.0] * players
        if len(self.used) != players:
            raise ValueError(f"a clock for each of the {players} players")
        self.turns = turns                   # a player's turns so far (for the increment)
        self.running: int | None = None      # whose clock runs (None: none, between turns)
        self.paused = False
        self._since = 0.0

    def charge(self, now: float) -> None:
        """The running player's time up to ``now``."""
        if self.running is not None and not self.paused:
            self.used[self.running] += max(0.0, now - self._since)
        self._since = max(self._since, now)

    def sync(self, now: float, running: int | None, paused: bool) -> None:
        """Bring the clocks to ``now``: ``running`` the player whose clock should run (None: no
        one's), ``paused`` whether the table is sorting out a question."""
        self.charge(now)
        self.running = running
        self.paused = paused
        self._since = now

    def stop(self, now: float) -> None:
        """The running clock stops (a move is being made); the next :meth:`sync` starts one."""
        self.sync(now, None, self.paused)

    def used_at(self, player: int, now: float) -> float:
        used = self.used[player]
        if player == self.running and not self.paused:
            used += max(0.0, now - self._since)
        return used

    def remaining(self, player: int, now: float) -> float:
        """Seconds the player has left (negative: over time)."""
        return self.control.remaining(self.used_at(player, now), self.turns(player))

    def used_ms(self) -> list[int]:
        return [round(u * 1000) for u in self.used]


class ClockKeeper:
    """Runs a :class:`GameClock` on a :class:`~wordboard.controller.loop.Controller`: a step hook
    (switching, pausing, journalling checkpoints), the journal's hook before a move (the mover's
    clock stops and its time goes to the journal first), and the terminal's lines."""

    def __init__(self, controller, control: TimeControl, players: Sequence[str], *,
                 used: Sequence[float] | None = None, turns: Callable[[int], int] = lambda player: 0,
                 out: Callable[[str], None] | None = None):
        self.controller = controller
        self.players = tuple(players)
        self.clock = GameClock(control, len(self.players), used=used, turns=turns)
        self.out = out or controller.out
        self.jgame = controller.adapter.jgame
        self._recorded = list(self.clock.used)
        self._recorded_at = controller.clock()
        self._said_over: set[int] = {i for i in range(len(self.players))
                                     if self.clock.remaining(i, 0.0) < 0}
        self.clock.sync(self._recorded_at, *self._state())
        controller.step_hooks.append(self.tick)
        controller.listeners.append(self._heard)
        self.jgame.before_move.append(self.before_move)
        controller.game_clock = self

    # -- the table's state ------------------------------------------------------------------------

    def _state(self) -> tuple[int | None, bool]:
        adapter = self.controller.adapter
        if adapter.over:
            return None, False
        try:
            running = self.players.index(adapter.player_to_move())
        except ValueError:
            running = None
        return running, self.controller.question is not None

    # -- the hooks --------------------------------------------------------------------------------

    def tick(self, now: float | None = None) -> None:
        """Each controller step: switch, pause or resume; journal a checkpoint when due."""
        now = self.controller.clock()
        clock = self.clock
        was_paused = clock.paused
        running, paused = self._state()
        clock.sync(now, running, paused)
        if paused and not was_paused:
            self.record(now)
        elif running is not None and not paused and now - self._recorded_at >= CHECKPOINT:
            self.record(now)
        if running is not None and running not in self._said_over and clock.remaining(running, now) < 0:
            self._said_over.add(running)
            self.controller.say(f"{self.players[running]}'s time is up: from now on every minute over "
                                f"costs {clock.control.penalty} points at the end")

    def before_move(self) -> None:
        """A move is about to be journalled: the mover's clock stops, and its time is journalled
        before the move (the rules take the overtime penalty from it if the move ends the game)."""
        now = self.controller.clock()
        self.clock.sync(now, self.clock.running, self.controller.question is not None)
        self.clock.stop(now)
        self.record(now, force=True)

    def record(self, now: float, *, force: bool = False) -> None:
        """Journal the time used (unless it has not changed since the last record)."""
        self.clock.charge(now)
        used = self.clock.used_ms()
        self._recorded_at = now
        if not force and used == [round(u * 1000) for u in self._recorded]:
            return
        self._recorded = list(self.clock.used)
        data: dict = {"used_ms": used}
        if self.clock.running is not None:
            data["running"] = self.clock.running
        self.jgame.record("decision", {"clock": data})

    def _heard(self, kind: str, data) -> None:
        if kind in ("commit", "undo"):
            self.out("clocks: " + self.text())

    # -- telling the table ------------------------------------------------------------------------

    def text(self, now: float | None = None) -> str:
        """``Ada 24:10, Blaise -0:35 (over)``."""
        now = self.controller.clock() if now is None else now
        parts = []
        for i, name in enumerate(self.players):
            left = self.clock.remaining(i, now)
            parts.append(f"{name} {clock_text(left)}" + (" (over)" if left < 0 else ""))
        return ", ".join(parts)

    def view(self, now: float | None = None) -> dict:
        """The screen's clocks: each player's seconds left (whole seconds, negative over time),
        whose clock runs, and whether the clocks are paused."""
        now = self.controller.clock() if now is None else now
        clock = self.clock
        players = []
        for i in range(len(self.players)):
            left = clock.remaining(i, now)
            players.append({"remaining": round(left) if left >= 0 else -round(-left),
                            "text": clock_text(left), "over": left < 0,
                            "penalty": clock.control.penalty_for(clock.used_at(i, now), clock.turns(i))})
        return {"players": players, "running": clock.running, "paused": clock.paused,
                "control": clock.control.as_json(), "describe": clock.control.describe()}


def last_used(jgame) -> list[float] | None:
    """The time used by each player as the journal last says it (None: nothing journalled)."""
    used = None
    for event in jgame.journal.events(jgame.id):
        body = event.data.get("clock") if event.type == "decision" else None
        if isinstance(body, dict) and isinstance(body.get("used_ms"), list):
            used = [int(ms) / 1000 for ms in body["used_ms"]]
    return used


def attach_clock(controller, jgame, *, out: Callable[[str], None] | None = None) -> ClockKeeper | None:
    """The game's clock on ``controller`` when the game was started with one (its ``clock``
    option), restored from the journal; None otherwise."""
    options = jgame.info.options.get("clock")
    if not isinstance(options, dict):
        return None
    control = TimeControl.from_json(options)
    game = jgame.game
    players = tuple(getattr(game, "players", ()) or getattr(game, "player_names", ()))
    used = last_used(jgame)
    if used is not None and len(used) != len(players):
        used = None
    turns_taken = getattr(game, "turns_taken", None)
    turns = turns_taken if callable(turns_taken) else (lambda player: 0)
    keeper = ClockKeeper(controller, control, players, used=used, turns=turns, out=out)
    (out or controller.out)(f"game clock: {control.describe()}; " + keeper.text())
    return keeper
