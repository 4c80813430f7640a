"""A board the browser tests set up themselves: the real screen (server, hub, answerer, bridge)
over the real controller and a game's adapter on a journal, with a game state the test chose (a
HEXX roll waiting, an eXtraDICTION clue card, a question about a square) instead of the digital
twin's players. Nothing here depends on chance: what the page shows is what the test set up.

The controller runs in its own thread, stepping as in ``wordboard run``; :meth:`Rig.call` runs a
function in that thread (the engine is only touched there). No tiles move (the sensor is quiet);
moves the test wants made go through the journalled game and the controller's own after-move
step (:meth:`Rig.play`). What the Pi would
say on its own audio device (espeak-ng) is recorded in :attr:`Rig.said`; the WAV clips the pages
that play sound get are made with the real espeak-ng when it is installed.
"""

from __future__ import annotations

import queue
import threading
import time
from types import SimpleNamespace

from wordboard.controller.loop import Controller
from wordboard.journal import Journal, JournaledGame
from wordboard.screen import pin as pins
from wordboard.screen import setup_choices
from wordboard.screen.bridge import ScreenBridge, Speech
from wordboard.screen.hub import ScreenAnswerer, ScreenHub
from wordboard.screen.server import ScreenServer


class QuietSensor:
    """A sensor board on which nothing moves."""

    def next_event(self, timeout: float):
        if timeout:
            time.sleep(min(timeout, 0.02))
        return None

    def caught_up(self, since: float) -> bool:
        return True                      # nothing moves: it has always seen the table


class CorrectableSensor(QuietSensor):
    """A quiet sensor that keeps the squares corrected on the screen (square, value)."""

    def __init__(self):
        self.fixed: list[tuple[tuple[int, int], str]] = []

    def correct(self, square, value):
        self.fixed.append((tuple(square), value))


class RecordingSpeaker:
    """Stands in for espeak-ng on the Pi's audio device: what would be said, in order. The clips
    for the pages are real (espeak-ng's WAV, when it is installed)."""

    def __init__(self):
        from wordboard.speech import make_speaker

        self.said: list[tuple[str, str]] = []
        self.lock = threading.Lock()
        self.real = make_speaker()
        self.voice = getattr(self.real, "voice", "")
        self.words_per_minute = getattr(self.real, "words_per_minute", "")

    def wav_bytes(self, text: str) -> bytes | None:
        return self.real.wav_bytes(text)

    def speak(self, text: str) -> None:
        with self.lock:
            self.said.append(("say", text))

    def spell(self, word: str) -> None:
        with self.lock:
            self.said.append(("spell", word))


def adapter_for(kind: str, jgame):
    """The table adapter of a journalled game, as ``wordboard run`` makes it on the real board
    (no word list: the rig's games bring their own)."""
    from types import SimpleNamespace

    from wordboard import registry
    from wordboard.controller.session import SessionConfig

    board = SimpleNamespace(config=SessionConfig(lexicon=None), twin=False, lexicon=None)
    return registry.family_for_kind(kind).adapter(jgame, board)


class Rig:
    def __init__(self, folder, pin: str):
        self.folder = folder
        self.pin_file = folder / "screen-pin.json"
        pins.set_pin(pin, self.pin_file)
        self.hub = ScreenHub()
        self.answerer = ScreenAnswerer()
        self.server = ScreenServer(self.hub, self.answerer, host="127.0.0.1", port=0,
                                   pin_file=self.pin_file, out=lambda text: None).start()
        self.speaker = RecordingSpeaker()
        self.log: list[str] = []
        self.controller = None
        self.bridge = None
        self._calls: queue.Queue = queue.Queue()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self.error: BaseException | None = None

    @property
    def url(self) -> str:
        return self.server.url

    @property
    def said(self) -> list[tuple[str, str]]:
        with self.speaker.lock:
            return list(self.speaker.said)

    # -- a game -----------------------------------------------------------------------------------

    def load(self, kind: str, game, players=("Ada", "Blaise"), edition: str = "test", speak: bool = False):
        """Put ``game`` (an engine in the state the test wants) on the board, as a new game of
        ``wordboard run`` does: a journalled game, its adapter, a controller and the screen's
        bridge, the server kept. All of it is made in the controller's thread (the journal's
        database is used in the thread that opened it)."""
        def journalled(journal):
            game_id = journal.start_game(kind, edition, list(players), seed=1, options={})
            return JournaledGame(journal, game_id, game=game)
        return self._load(kind, journalled, players, speak)

    def load_setup(self, setup: dict, seed: int = 5):
        """The new game a page set up (``ScreenBridge.next_setup``), started as ``wordboard run``
        starts it: the game's own ``start_game`` with the options chosen."""
        from wordboard import registry

        options = {k: setup[k] for k in ("level", "variant", "turns", "colours") if setup.get(k) is not None}
        if setup.get("cards_path"):
            options["cards"] = setup["cards_path"]
        family, edition = registry.resolve(setup["game"])
        lexicon = None if setup["lexicon"] == "none" else setup["lexicon"]
        return self._load(family.kind, lambda journal: family.start(journal, edition, tuple(setup["players"]),
                                                                    seed=seed, lexicon=lexicon, options=options),
                          setup["players"], False)

    def _load(self, kind, journalled, players, speak):
        self._halt()
        ready = threading.Event()

        def build():
            journal = Journal(self.folder / "journal.sqlite3")
            jgame = journalled(journal)
            adapter = adapter_for(kind, jgame)
            self.controller = Controller(adapter, QuietSensor(), answerer=self.answerer, out=self.log.append)
            self._lay_out()
            session = SimpleNamespace(config=SimpleNamespace(game_options={}, players=tuple(players),
                                                             lexicon="none"))
            self.bridge = ScreenBridge(self.controller, self.hub, answerer=self.answerer, speak=speak,
                                       speech=Speech(self.speaker), setup_choices=setup_choices(session))
            return journal

        self._stop.clear()
        self._thread = threading.Thread(target=self._run, args=(build, ready), daemon=True, name="rig-controller")
        self._thread.start()
        if not ready.wait(20) or self.error is not None:
            raise AssertionError(f"the board did not start: {self.error!r}")
        return self

    def _lay_out(self) -> None:
        """The played tiles are on the table (the sensor reads them where the game has them)."""
        from wordboard.controller.tracking import Seen

        controller = self.controller
        tiles = controller.adapter.committed_tiles()
        controller.board.set_committed(tiles)
        now = controller.clock() - 1.0
        for n, (square, name) in enumerate(sorted(tiles.items())):
            if square not in controller.board.observed:
                controller.board.place(square, Seen(f"{0x5000 + n:08x}", name), now)

    def _run(self, build, ready) -> None:
        journal = None
        try:
            journal = build()
            self.controller.start()
            self.bridge.publish_safely()
            ready.set()
            while not self._stop.is_set():
                self.controller.step(0.02)
                while True:
                    try:
                        fn, done, box = self._calls.get_nowait()
                    except queue.Empty:
                        break
                    try:
                        box.append(fn())
                    except BaseException as exc:  # noqa: BLE001 - handed back to call()
                        box.append(exc)
                    done.set()
        except BaseException as exc:  # noqa: BLE001 - reported by load(), call() and close()
            self.error = exc
        finally:
            ready.set()
            if journal is not None:
                journal.close()

    def call(self, fn, timeout: float = 10.0):
        """Run ``fn()`` in the controller's thread and return what it returns."""
        done, box = threading.Event(), []
        self._calls.put((fn, done, box))
        if not done.wait(timeout):
            raise AssertionError(f"the controller's thread did not run the call (error: {self.error!r})")
        if isinstance(box[0], BaseException):
            raise box[0]
        return box[0]

    @property
    def game(self):
        return self.controller.adapter.game

    def play(self, move) -> None:
        """A move made on the table, as the controller commits it (journal, engine, screen)."""
        from wordboard.controller.adapters import Committed

        def commit():
            controller = self.controller
            controller.adapter.jgame.play(move)
            self._lay_out()
            # what the controller does after a move of its own: the screen hears of it, the
            # next player's turn is announced and its question (a HEXX decision...) asked
            controller._after_commit(Committed((), f"played {move}"), controller.clock())
        self.call(commit)

    def ask(self, question) -> None:
        """A question the controller asks (as its adapters do, about a square or a turn)."""
        def post():
            self.controller.question = question
            self.answerer.ask(question)
            for listener in list(self.controller.listeners):
                listener("question", question)
        self.call(post)

    # -- the end ----------------------------------------------------------------------------------

    def _halt(self) -> None:
        if self._thread is not None:
            self._stop.set()
            self._thread.join(5)
            self._thread = None

    def close(self) -> None:
        self._halt()
        self.server.stop()
        if self.error is not None:
            raise AssertionError(f"the board's controller failed: {self.error!r}")
