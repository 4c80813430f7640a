"""Putting a board together for HEXX, eXtraDICTION and Dexikon (Lexulous/Scrabble: session.py).

The same parts as :class:`~wordboard.controller.session.Session` (journal, sensors or their twin,
camera, LEDs, buttons, controller, scripted players), with the game's own adapter:

* HEXX and Dexikon read tiles and cards by their RFID tags (the sensor board or its simulator);
* eXtraDICTION has no tiles: the children write letters on the board and the camera is the only
  sensor (:mod:`wordboard.controller.written`): the virtual camera photographs the twin's
  handwriting and the handwriting reader reads it; in the fast tests an exact reading of the
  table stands in for the camera.

Game options (``SessionConfig.game_options``): ``level`` (eXtraDICTION: 1, 2, 3 or speed;
default 3), ``turns`` (eXtraDICTION clue cards; default 10), ``variant`` (Dexikon; default
quick), ``edition``.
"""

from __future__ import annotations

import time

from wordboard.controller.session import DEFAULT_PLAYERS, TWIN_CAMERA_PERIOD, Session, SessionConfig
from wordboard.errors import UserError

KINDS = ("hexx", "extradiction", "dexikon")
TITLES = {"hexx": "HEXX", "extradiction": "eXtraDICTION", "dexikon": "Dexikon"}


def resumed_kind(config: SessionConfig) -> str | None:
    """The kind of the game ``wordboard run`` would resume (None: none, or a new game)."""
    from wordboard.journal import Journal, default_path

    if config.resume == "no":
        return None
    twin = config.hardware in ("sim", "direct")
    path = config.journal or default_path(twin=twin)
    try:
        if not __import__("pathlib").Path(path).exists():
            return None
        with Journal(path) as journal:
            latest = journal.latest_unfinished()
    except UserError:
        return None
    return latest.kind if latest is not None else None


def make_adapter(jgame, config: SessionConfig):
    kind = jgame.info.kind
    if kind == "hexx":
        from wordboard.controller.hexx import HexxAdapter

        return HexxAdapter(jgame)
    if kind == "extradiction":
        from wordboard.controller.extradiction import ExtradictionAdapter

        return ExtradictionAdapter(jgame)
    if kind == "dexikon":
        from wordboard.controller.dexikon import DexikonAdapter

        return DexikonAdapter(jgame)
    raise UserError(f"no board adapter for {kind} games")


def make_players(kind: str, controller, table, habits, seed: int):
    if kind == "hexx":
        from wordboard.controller.players import HexxPlayers

        return HexxPlayers(controller, table, habits=habits, seed=seed)
    if kind == "extradiction":
        from wordboard.controller.extradiction import ExtradictionPlayers

        return ExtradictionPlayers(controller, table, habits=habits, seed=seed)
    from wordboard.controller.dexikon import DexikonPlayers

    return DexikonPlayers(controller, table, habits=habits, seed=seed)


def start_game(journal, kind: str, players, seed: int, config: SessionConfig):
    options = dict(config.game_options or {})
    lexicon = config.lexicon or "scowl:70"
    if kind == "hexx":
        from wordboard.controller.hexx import start_game as start

        return start(journal, players, seed=seed, lexicon=lexicon, edition=options.get("edition", "standin"))
    if kind == "extradiction":
        from wordboard.controller.extradiction import start_game as start

        return start(journal, players, seed=seed, lexicon=lexicon, level=str(options.get("level", "3")),
                     turns=int(options.get("turns", 10)), edition=options.get("edition", "standin"))
    from wordboard.controller.dexikon import start_game as start

    return start(journal, players, seed=seed, lexicon=lexicon, variant=options.get("variant", "quick"))


class GameSession(Session):
    """An open board for HEXX, eXtraDICTION or Dexikon (see the module docs)."""

    def _open(self) -> None:
        from wordboard.controller.loop import Controller, ControllerOptions
        from wordboard.journal import Journal, default_path
        from wordboard.notify import Notifier

        config = self.config
        twin = config.hardware in ("sim", "direct")
        journal_path = config.journal or default_path(twin=twin)
        self.journal = Journal(journal_path)
        self.closers.append(self.journal.close)
        self.jgame = jgame = self._game(self.journal)
        self.dictionary, self.dawg = None, None
        self.adapter = adapter = make_adapter(jgame, config)
        kind = jgame.info.kind
        self.kind = kind
        self.title = TITLES[kind]
        rows, cols = adapter.rows, adapter.cols

        wall = self._open_clocks(twin)

        self.table = None
        self.camera_source = None
        camera = None
        if kind == "extradiction":
            identify = self._written_sensor(rows, cols, twin)
        else:
            identify = self._tag_sensor(rows, cols, twin)
            if twin:
                from wordboard.controller.twin import Table

                self.table = Table(rows, cols, sim=getattr(self.sensor, "simulator", None),
                                   direct=self.sensor if config.hardware == "direct" else None, seed=jgame.id)

        self._open_leds_and_buttons(rows, cols, twin, wall)

        self.notifier = Notifier()
        settle = config.settle if kind != "extradiction" else max(config.settle, 0.5)
        options = ControllerOptions(settle=settle, quiet=config.quiet, show_leds=config.show_leds,
                                    ansi=config.ansi, png_dir=config.png_dir)
        self.controller = Controller(adapter, self.sensor, leds=self.leds, buttons=self.buttons, camera=camera,
                                     notifier=self.notifier, clock=self.clock, wall=wall, identify=identify,
                                     options=options, out=config.out)
        self.players = None
        if twin:
            from wordboard.controller.twin import Habits

            if adapter.committed_tiles():
                self.table.lay_out(adapter.committed_tiles())   # the played tiles are still there
            habits = Habits.tidy() if config.habits == "tidy" else Habits()
            self.players = make_players(kind, self.controller, self.table, habits, jgame.info.seed or 0)
            self.controller.answerer = self.players.answerer
        else:
            from wordboard.controller.questions import StdinAnswerer

            self.controller.answerer = StdinAnswerer()

    def _tag_sensor(self, rows: int, cols: int, twin: bool):
        config = self.config
        if config.hardware == "direct":
            from wordboard.controller.twin import DirectSensor, identifier

            self.sensor = DirectSensor()
            return identifier()
        if config.hardware == "sim":
            from wordboard.controller.twin import identifier

            self._simulated_sensor(rows, cols)
            return identifier()
        from wordboard.controller.twin import identifier
        from wordboard.sensor import TileRegistry, open_backend

        self.sensor = open_backend("auto")
        self.closers.append(self.sensor.close)
        return identifier(TileRegistry.load())

    def _written_sensor(self, rows: int, cols: int, twin: bool):
        """eXtraDICTION: the camera reads the written letters; it is the only sensor."""
        from wordboard.controller.written import TableEyes, VisionEyes, WrittenLetters, identify_written

        config = self.config
        if twin:
            from wordboard.controller.twin import Table

            self.table = Table(rows, cols, seed=self.jgame.id)
        kind = config.camera
        if kind == "auto":
            kind = "virtual" if config.hardware == "sim" else ("exact" if config.hardware == "direct" else "picamera")
        if config.hardware == "direct" or kind in ("none", "exact"):
            if not twin:
                raise UserError("eXtraDICTION reads the written letters with the camera: give --camera SOURCE")
            eyes = TableEyes(self.table)
            self.sensor = WrittenLetters(eyes, threaded=False)
        elif kind == "virtual":
            from wordboard.controller.twin import TwinCamera

            self.camera_source = TwinCamera(rows, cols, seed=self.jgame.id, handwritten=True)
            self.table.camera = self.camera_source
            self.sensor = WrittenLetters(VisionEyes(self.camera_source, rows, cols), threaded=False,
                                         clock=self.clock, period=TWIN_CAMERA_PERIOD, steady=2)
        else:
            from wordboard.camera.capture import open_source

            source = open_source(kind)
            self.closers.append(source.close)
            self.sensor = WrittenLetters(VisionEyes(source, rows, cols), threaded=True, wall_period=0.3, steady=2)
        self.closers.append(self.sensor.close)
        return identify_written

    def _game(self, journal):
        from wordboard.journal import JournaledGame

        config = self.config
        wanted = config.game
        latest = journal.latest_unfinished() if config.resume != "no" else None
        if latest is not None and wanted is not None and latest.kind != wanted:
            latest = None
        if latest is None and config.resume == "yes":
            raise UserError(f"no unfinished game to resume in {journal.path}")
        if latest is not None:
            config.out(f"resuming game {latest.id} ({latest.kind}, {', '.join(latest.players)}) "
                       f"after {latest.events} events")
            return JournaledGame(journal, latest.id)
        kind = wanted or "hexx"
        players = tuple(config.players) or DEFAULT_PLAYERS
        seed = config.seed if config.seed is not None else int(time.time()) % 100000
        jgame = start_game(journal, kind, players, seed, config)
        config.out(f"new game {jgame.id}: {kind}, {', '.join(jgame.info.players)} (seed {seed})")
        return jgame
