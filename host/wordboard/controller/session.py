"""Putting a board together: the journal, the game, the hardware (real or the digital twin), the
controller, and for the twin the scripted players. Used by ``wordboard run``, the tests and the
benchmark.

The twin runs on one simulated time (:class:`~wordboard.controller.twin.TwinClock`): each turn
of :meth:`Session.run` steps the controller, then the players, then moves the time on by one
tick, which brings the simulated sensor board and its serial link along (lockstep). On the real
board the controller waits for the sensors on the wall clock instead.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wordboard.errors import UserError

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from wordboard.camera.capture import FrameSource
    from wordboard.controller.clocks import ScaledClock, TwinClock
    from wordboard.controller.loop import TableSensor
    from wordboard.controller.twin import Table
    from wordboard.journal import GameInfo, Journal

DEFAULT_GAME = "lexulous"       # a new game when none is named and none is unfinished
DEFAULT_LEXICON = "default"     # SessionConfig.lexicon: the game's own word list
DEFAULT_PLAYERS = ("Ada", "Blaise")
#: the ``mode`` option of a game played in the terminal (``wordboard play``): journalled with the
#: board's games, never resumed as the board's game
TERMINAL_MODE = "terminal"


#: Game seconds the twin may go without a move or a question before it counts as stalled.
TWIN_STALL_GAME_SECONDS = 900.0
#: Game seconds between two readings of the twin's camera when it is the only sensor
#: (eXtraDICTION's written letters).
TWIN_CAMERA_PERIOD = 1.0


class TwinStalled(UserError):
    """The digital twin's scripted players stopped getting anywhere (a bug to report)."""


@dataclass
class SessionConfig:
    game: str | None = None             # a name --game takes; None: the unfinished game, else lexulous
    hardware: str = "sim"               # "sim" (the twin over a pty), "direct" (tests), "real", or
                                        # "recording" (``camera`` names a video or a folder of frames)
    players: tuple[str, ...] = ()
    resume: str = "auto"                # "auto", "yes", "no"
    speed: float = 1.0                  # the twin only: at most this many game seconds per wall
                                        # second (0 or inf: as fast as it goes); never changes the game
    seed: int | None = None
    camera: str = "auto"                # "auto" (virtual in the twin, none on hardware), "none",
                                        # "virtual", or a capture source ("picamera", "/dev/video0")
    lexicon: str | None = "default"     # a word list; "default": the game's own; None: no word checks
    sensing: str = "auto"               # tile games: "sensor", "camera" (alone), "both", "auto"
    journal: str | Path | None = None
    quiet: float | None = None
    settle: float = 0.3
    habits: str = "untidy"              # "untidy" or "tidy" scripted players
    noise: bool = False                 # sensor and wire noise on the twin; a real table's hazards to its camera
    camera_elevation: float | None = None   # the twin's camera at the table's edge, this many degrees
                                            # above it, seeing the table in 3D (None: drawn flat)
    png_dir: str | None = None
    show_leds: bool = True
    ansi: bool | None = None
    strength: str = "casual"
    out: Callable[[str], None] = field(default=print)
    game_options: dict = field(default_factory=dict)   # the game's own options (see each family's start)
    twin_camera: dict = field(default_factory=dict)    # the twin's camera over written letters: its
                                                       # hazards and handwriting (see TwinCamera)
    learn_tiles: bool | None = None     # the camera alone reading tiles learns them from each game
                                        # played to its end (TileLearner); None: on the real board only
    frame_rate: float = 1.0             # a recording that is a folder of frames: frames a second
    blanks: dict = field(default_factory=dict)   # a recording: square -> the letter of the blank laid there


class Session:
    sensor: TableSensor                    # the sensor board's link, the camera alone, or DirectSensor
    table: Table | None                    # the twin's table (None on the real board)
    camera_source: Any                     # the twin's camera, or a capture source (FrameSource)
    clock: TwinClock | ScaledClock         # game time

    """An open board: :attr:`controller`, and in the twin :attr:`players` and :attr:`table`.

    Every game opens the same way; what differs comes from its family in the registry
    (:mod:`wordboard.registry`): how a new game starts, the table adapter, how the table is
    sensed (tiles by the sensor board, or letters written on the board read by the camera), and
    the twin's scripted players.
    """

    def __init__(self, config: SessionConfig):
        self.config = config
        self.closers: list[Callable[[], None]] = []
        #: games that could not be resumed (marked damaged), said on the screen all run
        self.not_resumed: list[str] = []
        try:
            self._open()
        except BaseException:
            self.close()
            raise

    # -- opening ----------------------------------------------------------------------------------

    @property
    def twin(self) -> bool:
        """The digital twin (the simulated table, or the direct one of the fast tests)."""
        return self.config.hardware in ("sim", "direct")

    @property
    def recording(self) -> bool:
        """A recorded game played as the camera (see :mod:`wordboard.controller.recorded`)."""
        return self.config.hardware == "recording"

    def _open(self) -> None:
        from wordboard import registry
        from wordboard.controller.loop import Controller, ControllerOptions
        from wordboard.journal import Journal, default_path
        from wordboard.notify import Notifier

        config = self.config
        twin = self.twin
        # a journal named on the command line that is not one is refused (the board's own is set
        # aside for a fresh one: the table must start)
        self.journal = Journal(config.journal or default_path(twin=twin), board=config.journal is None)
        self.closers.append(self.journal.close)
        self.jgame = jgame = self._game(self.journal)
        self.family = family = registry.family_for_kind(jgame.info.kind)
        self.kind = family.kind
        self.lexicon = self._lexicon(family, jgame)
        self.adapter = adapter = family.adapter(jgame, self)
        self.title = family.game_title(adapter.game)
        rows, cols = adapter.rows, adapter.cols

        wall = self._open_clocks(twin)

        self.table = None
        self.camera_source = None
        camera = None
        sensing = "camera" if family.sensing == registry.WRITTEN else self._tile_sensing(family)
        self.sensing = sensing
        if sensing == "camera":
            identify = self._camera_sensor(rows, cols, twin, tiles=family.sensing != registry.WRITTEN)
        else:
            identify = self._tag_sensor(rows, cols)
            if sensing == "both":
                camera = self._tile_camera(rows, cols, twin)
            if twin:
                from wordboard.controller.twin import DirectSensor, Table

                direct = self.sensor if isinstance(self.sensor, DirectSensor) else None
                self.table = Table(rows, cols, sim=getattr(self.sensor, "simulator", None), direct=direct,
                                   camera=self.camera_source, seed=jgame.id)

        self._open_leds_and_buttons(rows, cols, twin or self.recording, wall)
        if twin and self.camera_source is not None:
            self.camera_source.leds = self.leds      # the LEDs' glow is in the twin camera's picture
        self._camera_sees_leds(camera, rows, cols)

        self.notifier = Notifier()
        options = ControllerOptions(settle=max(config.settle, family.min_settle),
                                    quiet=None if self.recording else config.quiet,
                                    show_leds=config.show_leds, ansi=config.ansi, png_dir=config.png_dir)
        self.controller = Controller(adapter, self.sensor, leds=self.leds, buttons=self.buttons, camera=camera,
                                     notifier=self.notifier, clock=self.clock, wall=wall, identify=identify,
                                     options=options, out=config.out)
        from wordboard.controller.gameclock import attach_clock

        self.game_clock = attach_clock(self.controller, jgame, out=config.out)   # None: no game clock
        self.tile_learner = self._tile_learner(family)
        self.recorded = None
        for report in (self.journal.salvage_report, self.journal.wal_report, *self.not_resumed):
            if report:
                self.controller.notice(report)   # the log and the screen, all run: what the journal lost
        self.players = None
        if twin:
            from wordboard.controller.twin import Habits

            assert self.table is not None
            if adapter.committed_tiles():
                self.table.lay_out(adapter.committed_tiles())   # the played tiles are still there
            habits = Habits.tidy() if config.habits == "tidy" else Habits()
            self.players = family.players(self, habits)
            self.controller.answerer = self.players.answerer
        elif self.recording:
            from wordboard.controller.recorded import RECORDED_QUIET, RecordedTable

            self.recorded = RecordedTable(self.controller, self.sensor, self.camera_source,
                                          quiet=config.quiet or RECORDED_QUIET, blanks=config.blanks,
                                          out=config.out)
        else:
            from wordboard.controller.questions import StdinAnswerer

            self.controller.answerer = StdinAnswerer()

    def _tile_learner(self, family):
        """The camera alone reading the tiles (the tile reader, not the twin's exact reading):
        it learns them from every game played to its end (``learn_tiles``; by default on the
        real board only: the twin's tiles are drawn, not the owner's)."""
        from wordboard import registry
        from wordboard.controller.written import VisionEyes

        eyes = getattr(self.sensor, "eyes", None)
        learn = self.config.learn_tiles if self.config.learn_tiles is not None else self.config.hardware == "real"
        if not learn or family.sensing == registry.WRITTEN or not isinstance(eyes, VisionEyes):
            return None
        from wordboard.controller.tile_learning import TileLearner

        learner = TileLearner(lambda: eyes.reader, self.adapter.committed_tiles, self.controller.say)
        self.controller.listeners.append(learner)
        return learner

    def _camera_sees_leds(self, camera, rows: int, cols: int) -> None:
        """The camera is told where the board's own LEDs change their light (see LightWatch)."""
        eyes = [e for e in (getattr(self.sensor, "eyes", None), camera) if e is not None and hasattr(e, "lights")]
        if eyes:
            from wordboard.camera.lights import LightWatch

            for e in eyes:
                e.lights = LightWatch(self.leds, rows, cols)

    def _lexicon(self, family, jgame=None) -> str | None:
        """The word list: the one asked for, else the one the game was started with, else the
        family's default (None: no word checks)."""
        lexicon = self.config.lexicon
        if lexicon != DEFAULT_LEXICON:
            return None if lexicon is None or lexicon.lower() == "none" else lexicon
        if jgame is not None and "lexicon" in jgame.info.options:
            return jgame.info.options["lexicon"]
        return family.default_lexicon

    def _tag_sensor(self, rows: int, cols: int):
        """The sensor board that reads the tiles' tags: its simulator on the twin (or the direct
        table of the fast tests), the real one on the board. Returns how to identify a tag."""
        from wordboard.controller.twin import identifier

        config = self.config
        if config.hardware == "direct":
            from wordboard.controller.twin import DirectSensor

            self.sensor = DirectSensor()
            return identifier()
        if config.hardware == "sim":
            self._simulated_sensor(rows, cols)
            return identifier()
        from wordboard.sensor import TileRegistry, open_backend

        self.sensor = open_backend("auto")
        self.closers.append(self.sensor.close)
        return identifier(TileRegistry.load())

    def _tile_camera(self, rows: int, cols: int, twin: bool):
        """The camera that cross-checks the tiles (``config.camera``: ``auto`` is the virtual
        camera on the simulated table, none on the board)."""
        from wordboard.camera.worker import CameraWorker

        kind = self.config.camera
        if kind == "auto":
            kind = "virtual" if self.config.hardware == "sim" else (
                _attached_camera() if self.config.sensing == "both" and self.config.hardware == "real" else "none")
        if kind == "none":
            return None
        source: FrameSource
        if kind == "virtual":
            from wordboard.controller.twin import TwinCamera

            twin_camera = TwinCamera(rows, cols, seed=self._camera_seed(), elevation=self.config.camera_elevation)
            self.camera_source = source = twin_camera
            self._hands(twin_camera)
        else:
            from wordboard.camera.capture import open_watched

            source = open_watched(kind)
            self.closers.append(source.close)
        camera = CameraWorker(source, rows, cols, threaded=not twin)
        self.closers.append(camera.close)
        return camera

    def _camera_seed(self) -> int:
        """The twin camera's seed (where it stands, the room's light, the children's writing):
        the game's own seed, journalled, so a resumed game sees the same; the journal's game id
        only for a game with no seed (every fresh journal's first game has id 1: seeded by it,
        every game in its own journal had one camera)."""
        seed = self.jgame.info.seed
        return self.jgame.id if seed is None else seed

    def _camera_sensor(self, rows: int, cols: int, twin: bool, *, tiles: bool):
        """The camera as the only sensor: letters written on the board (``tiles`` False), or the
        tiles on a board with no sensor board (``tiles``). On the twin the virtual camera looks at
        the simulated table (or, in the fast tests, the table is read exactly)."""
        from wordboard.controller.written import TableEyes, VisionEyes, WrittenLetters, identify_written

        config = self.config
        committed = self.adapter.committed_tiles()           # a resumed game: what is on the board
        if twin:
            from wordboard.controller.twin import Table

            self.table = Table(rows, cols, seed=self.jgame.id)
            self.table.lay_out(committed)                    # there before the camera first looks
        kind = config.camera
        if kind == "auto":
            kind = "virtual" if config.hardware == "sim" else ("exact" if config.hardware == "direct" else _attached_camera())
        what = "the tiles" if tiles else "the written letters"
        # the squares the camera sees covered at its first look (a Dexikon card covers its slot)
        written = tuple(self.adapter.committed_as_sensed())
        # cards that cover a slot whole and look alike to the camera (Dexikon)
        blocks = self.adapter.camera_blocks()
        if self.recording:
            from wordboard.camera.recording import RecordedSource
            from wordboard.controller.recorded import RECORDED_PERIOD, RECORDED_QUIET

            # the last picture held as long as a turn takes to end in it (a play laid just before
            # the recording stopped still counts)
            hold = (config.quiet or RECORDED_QUIET) + max(config.settle, self.family.min_settle) + 4 * RECORDED_PERIOD
            self.camera_source = recording = RecordedSource(kind, self.clock, rate=config.frame_rate, hold=hold)
            self.closers.append(recording.close)
            self.sensor = WrittenLetters(VisionEyes(recording, rows, cols, handwritten=not tiles), threaded=False,
                                         clock=self.clock, period=RECORDED_PERIOD, steady=2, written=written,
                                         tiles=tiles, blocks=blocks)
            self.sensor.eyes.prepare()
        elif config.hardware == "direct" or kind in ("none", "exact"):
            if not twin:
                raise UserError(f"{self.family.title} reads {what} with the camera: give --camera SOURCE")
            self.sensor = WrittenLetters(TableEyes(self.table), threaded=False, written=written, tiles=tiles,
                                         blocks=blocks, clock=self.clock)
        elif kind == "virtual":
            from wordboard.controller.twin import TwinCamera

            self.camera_source = TwinCamera(rows, cols, seed=self._camera_seed(), handwritten=not tiles,
                                            elevation=config.camera_elevation,
                                            **(config.twin_camera if not tiles else {"hazards": config.noise}))
            self._hands(self.camera_source)
            assert self.table is not None
            self.table.camera = self.camera_source
            self.table.show_camera()
            self.camera_source.footprint = self.adapter.footprint if blocks else None
            self.sensor = WrittenLetters(VisionEyes(self.camera_source, rows, cols, handwritten=not tiles),
                                         threaded=False, clock=self.clock, period=TWIN_CAMERA_PERIOD, steady=2,
                                         written=written, tiles=tiles, blocks=blocks)
            # the reader made now, while the board opens (its first classifier is trained here,
            # with systemd's watchdog fed by the start's keep-alive), not in the controller's
            # first step, which sends systemd nothing while it lasts
            self.sensor.eyes.prepare()
        else:
            from wordboard.camera.capture import open_watched

            source = open_watched(kind)
            letters = WrittenLetters(VisionEyes(source, rows, cols, handwritten=not tiles), threaded=True,
                                     wall_period=0.3, steady=2, written=written, tiles=tiles,
                                     clock=self.clock, blocks=blocks)
            self.closers.append(lambda: _close_unless_reading(source, letters))
            self.sensor = letters
        self.closers.append(self.sensor.close)
        letterless = self.family.letterless_tile
        if not tiles or letterless == "?":
            return identify_written

        def identify(tag):
            name = identify_written(tag)
            return letterless if name == "?" else name
        return identify

    def _hands(self, camera) -> None:
        """``noise``: the twin's camera sees the players' hands lay the tiles and linger."""
        if self.config.noise:
            camera.hands = True
            camera.clock = self.clock

    def _tile_sensing(self, family) -> str:
        """How a tile game's table is sensed: ``sensor`` (the sensor board), ``camera`` (the
        camera alone), or ``both`` (the sensor board, the camera checking it)."""
        sensing = self.config.sensing
        if sensing != "auto":
            return sensing
        if self.config.hardware in ("sim", "direct"):
            return "both" if family.twin_camera and self.config.camera != "none" else "sensor"
        return "both" if self.config.camera not in ("auto", "none") else "sensor"

    def _game(self, journal):
        """The game to play: the unfinished one (of the game asked for, if any), else a new one."""
        from wordboard import registry
        from wordboard.journal import JournaledGame

        config = self.config
        wanted = config.game
        if wanted is not None:
            registry.family(wanted)                     # an unknown game says so, in one line
        latest = unfinished_board_game(journal, damaged=True) if config.resume != "no" else None
        if latest is not None and wanted is not None and _name_or_kind(latest) != wanted:
            latest = None
        if latest is None and config.resume == "yes":
            raise UserError(f"no unfinished game to resume in {journal.path}")
        same_players: tuple[str, ...] = ()
        if latest is not None:
            described = f"{_name_or_kind(latest)}, {', '.join(latest.players)}"
            config.out(f"resuming game {latest.id} ({described}) after {latest.events} events")
            try:
                return JournaledGame(journal, latest.id)
            except Exception as exc:  # noqa: BLE001 - whatever its events hold, the table starts
                if config.resume == "yes":
                    raise
                why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                journal.mark_damaged(latest.id, f"it could not be resumed: {why}")
                self.not_resumed.append(f"game {latest.id} ({described}) could not be resumed ({why}): it is "
                                        "marked damaged and kept in the journal; a new game starts")
                log.warning("%s", self.not_resumed[-1])
                config.out(self.not_resumed[-1])
                if wanted is None:
                    try:
                        registry.resolve(_name_or_kind(latest))
                        wanted = _name_or_kind(latest)      # the same game again, if this wordboard has it
                        same_players = latest.players
                    except UserError:
                        pass
        name = wanted or DEFAULT_GAME
        family, edition = registry.resolve(name)
        players = tuple(config.players) or same_players or DEFAULT_PLAYERS
        seed = config.seed if config.seed is not None else int(time.time()) % 100000
        jgame = family.start(journal, edition, players, seed=seed, lexicon=self._lexicon(family),
                             options=config.game_options or {})
        config.out(f"new game {jgame.id}: {name}, {', '.join(jgame.info.players)} (seed {seed})")
        return jgame

    # -- running ----------------------------------------------------------------------------------

    def _simulated_sensor(self, rows: int, cols: int) -> None:
        """The twin's sensor board: its firmware on a simulated grid, over a pty, to the real serial
        link, in lockstep with the twin's clock (with ``noise``: flickering tags, crosstalk, a
        wire that damages, drops and repeats frames)."""
        from wordboard.controller.clocks import TwinClock
        from wordboard.sensor.simulator import SimulatedSensorLink

        config = self.config
        seed = config.seed if config.seed is not None else self.jgame.info.seed or 0
        link = SimulatedSensorLink(rows, cols, seed=seed + self.jgame.seq, lockstep=True, silence_timeout=30.0)
        self.sensor = link
        self.closers.append(link.close)
        assert isinstance(self.clock, TwinClock)
        self.clock.parts.append(link)
        if config.noise:
            grid = link.simulator.sim.grid
            grid.flicker = 0.05
            grid.crosstalk = 0.01
            faults = link.simulator.faults
            faults.frame_corrupt_rate = 0.01
            faults.frame_drop_rate = 0.005
            faults.frame_duplicate_rate = 0.01

    def wait_ready(self, timeout: float = 10.0, tick: float = 0.05) -> None:
        """Wait for the sensor board's handshake (the real board: ``timeout`` wall seconds; the
        twin: as many simulated seconds, the twin's time moved on by ``tick``)."""
        from wordboard.controller.clocks import TwinClock
        from wordboard.sensor.events import ConnectionState

        if isinstance(self.clock, TwinClock) and self.clock.parts:
            until = self.clock() + timeout
            while getattr(self.sensor, "state", None) is not ConnectionState.CONNECTED and self.clock() < until:
                self.clock.advance(tick)
            timeout = 0.0
        wait = getattr(self.sensor, "wait_connected", None)
        if wait is not None and not wait(timeout):
            problem = getattr(self.sensor, "problem", None)
            if self.sensing == "camera":
                # The camera alone: the game starts paused and goes on once the camera has a clear
                # view (a hand over the board, the board not yet under it); the controller says why.
                self.config.out(f"the camera has no reading yet: {problem or 'no picture'}; the game waits for it")
                return
            raise UserError(f"the sensor board did not connect: {problem or 'no handshake'}")

    def _open_clocks(self, twin: bool):
        """Set ``self.clock`` (game time: the twin's simulated time, paced to the wall clock x
        ``speed`` over the simulated sensor board and unpaced in direct tests; real time on the
        board) and return the wall clock the LEDs and buttons use."""
        from wordboard.controller.clocks import ScaledClock, TwinClock

        if self.config.hardware == "direct":
            self.clock = TwinClock()
            return self.clock
        if self.recording:
            # the recording's own time, paced to the wall clock x speed: what is read at each
            # moment does not depend on how fast this computer reads
            self.clock = TwinClock(self.config.speed)
            return time.monotonic
        self.clock = TwinClock(self.config.speed) if twin else ScaledClock(1.0)
        return time.monotonic

    def _open_leds_and_buttons(self, rows: int, cols: int, twin: bool, wall) -> None:
        """The LED strip and the buttons. On the twin: the simulated strip with the default wiring
        and mock pins. On the board: the owner's ``leds-ROWSxCOLS.conf`` and ``buttons.conf`` from
        the config folder (``/etc/wordboard`` for the service), else the defaults; a mistake in
        those files stops the start with ``file:line: problem``. A strip or GPIO that cannot be
        opened does not stop the game night: the game goes on with the simulated strip (the screen
        still shows the board) or virtual buttons, and says why."""
        from gpiozero.pins.mock import MockFactory

        from wordboard.buttons import ButtonPanel, installed_button_config
        from wordboard.leds import default_config, open_board_leds
        from wordboard.leds.config import board_config

        if twin:
            self.leds = open_board_leds(default_config(rows, cols), driver="simulated", clock=wall)
        else:
            leds_config = board_config(rows, cols)
            try:
                self.leds = open_board_leds(leds_config, clock=wall)
            except UserError as exc:
                self.config.out(f"LEDs: {exc}; carrying on without them (the screen shows the board)")
                self.leds = open_board_leds(leds_config, driver="simulated", clock=wall)
        self.closers.append(self.leds.off)
        if twin:
            self.buttons = ButtonPanel(pin_factory=MockFactory(), clock=wall)
        else:
            import warnings

            from gpiozero.exc import PinFactoryFallback

            buttons_config = installed_button_config()
            try:
                with warnings.catch_warnings():   # each pin library gpiozero tried: said below
                    warnings.simplefilter("ignore", PinFactoryFallback)
                    self.buttons = ButtonPanel(buttons_config, clock=wall)
            except Exception as exc:  # noqa: BLE001 - no GPIO: virtual buttons only
                self.config.out(f"buttons: no GPIO ({exc}); virtual buttons only")
                self.buttons = ButtonPanel(buttons_config, pin_factory=MockFactory(), clock=wall)
        self.closers.append(self.buttons.close)

    def run(self, *, max_moves: int | None = None, max_seconds: float | None = None,
            poll: float = 0.01, tick: float = 0.05, should_stop: Callable[[], bool] | None = None) -> None:
        """Run until the game is over (or ``max_moves`` committed, or ``max_seconds`` of wall time).
        The board: each controller step waits up to ``poll`` seconds for the sensors. The twin:
        controller, players, then the twin's time moves on by ``tick`` game seconds."""
        from wordboard.controller.clocks import TwinClock

        controller = self.controller
        start_wall = time.monotonic()
        twin = isinstance(self.clock, TwinClock)
        if not controller.started:
            controller.start()
        # On the twin, scripted players always get somewhere: a game that makes no move and asks
        # nothing for a quarter of an hour of game time has stalled, and says so instead of hanging.
        progress, progress_at = None, self.clock()
        while not self.adapter.over:
            if self.players is not None:
                now = self.clock()
                seen = (controller.stats.moves, controller.stats.questions)
                if seen != progress:
                    progress, progress_at = seen, now
                elif now - progress_at > TWIN_STALL_GAME_SECONDS:
                    raise TwinStalled(f"the digital twin made no move and asked nothing for "
                                      f"{now - progress_at:.0f} game seconds; stopping")
            if max_moves is not None and controller.stats.moves >= max_moves:
                break
            if max_seconds is not None and time.monotonic() - start_wall > max_seconds:
                break
            if should_stop is not None and should_stop():
                break
            if self.recorded is not None and self.recorded.finished:
                break
            controller.step(0.0 if twin else poll)
            if self.players is not None:
                self.players.step(self.clock())
            if isinstance(self.clock, TwinClock):
                self.clock.advance(tick)
        if self.adapter.over:
            controller.step(0.0)

    def idle(self, seconds: float = 0.05) -> None:
        """The board runs ``seconds`` of wall time with nobody playing (the screen's summary after
        a game): on the board the controller waits that long for the sensors; on the twin it
        steps, and the twin's time moves on by as much (the LEDs' animations go on)."""
        from wordboard.controller.clocks import TwinClock

        if not isinstance(self.clock, TwinClock):
            self.controller.step(seconds)
            return
        self.controller.step(0.0)
        time.sleep(seconds)
        self.clock.advance(seconds)

    def close(self) -> None:
        while self.closers:
            closer = self.closers.pop()
            try:
                closer()
            except Exception:  # noqa: BLE001 - closing is best effort
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _close_unless_reading(source, letters) -> None:
    """Close the camera, unless a read of it hangs: that is left to the process's end, never
    closed under the read."""
    if not letters.looking:
        source.close()


def unfinished_board_game(journal: Journal, *, damaged: bool = False) -> GameInfo | None:
    """The newest unfinished game of the board that can be replayed (a game played in the
    terminal, ``wordboard play``, is the terminal's: never resumed on the board), or None. With
    ``damaged``, the newest unfinished game of the board even if it is damaged (for the board to
    mark it so and say it, rather than pass over it in silence)."""
    for info in reversed(journal.games()):
        if info.finished is None and (damaged or info.damaged is None) and info.options.get("mode") != TERMINAL_MODE:
            return info
    return None


def open_session(config: SessionConfig) -> Session:
    """The board for the configured game, or the one to resume."""
    return Session(config)


def _attached_camera() -> str:
    """The real board's camera when none was named: the one attached (the Pi camera module, a
    USB webcam, or what ``$WORDBOARD_CAMERA`` names), else the Pi camera (whose error says why)."""
    from wordboard.camera.discovery import find_camera

    return find_camera() or "picamera"


def _name_or_kind(info) -> str:
    """:func:`game_name`, or the journal's kind for a game this wordboard does not know."""
    try:
        return game_name(info)
    except UserError:
        return str(info.kind)


def game_name(info) -> str:
    """The name ``--game`` takes for a journalled game (``scrabble``, ``hexx``...)."""
    from wordboard import registry

    return registry.family_for_kind(info.kind).edition_name(info.edition)
