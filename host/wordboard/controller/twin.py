"""The digital twin: the board with no hardware attached.

* :class:`Table`: the physical table - tiles with RFID tags (their tile code written in the tag,
  as ``wordboard tiles write`` does) on squares. It drives the sensor board simulator (the
  firmware's own scan logic, over a pseudo-terminal to the real serial link) or, for fast tests,
  :class:`DirectSensor` (settled events straight away), and the virtual camera's board state.
* :class:`ScriptedPlayers`: the people at the table. They choose their moves with the computer
  opponent and put the tiles down the way people do: thinking, sliding a tile into place,
  putting one on the wrong square and taking it back, knocking a played tile off and putting it
  back, bumping the table, now and then a play the rules refuse (then corrected). A moment after
  the last tile they press the end-turn button, and they answer the board's questions (a blank's
  letter, which of tag and camera is right) from what they meant to do.
* :class:`CameraWorker`: the camera (virtual or real) read when a turn ends: on a worker thread
  on the board, at once in the twin.
* Clocks: :class:`TwinClock` (the twin's one simulated time, see below), :class:`ManualClock`,
  and :class:`ScaledClock` (the wall clock from 0, ``speed`` times faster: the real board's game
  clock at speed 1).

One time for the whole twin: the game clock is a :class:`TwinClock` that moves in fixed steps,
and each step first brings the simulated sensor board (its firmware, the pty and the real serial
link, in lockstep) to the new time; the camera is read when asked, in that step. So the players,
the controller, the firmware and the link never race each other, and a game played with a given
seed is the same game however busy the computer is and whatever the speed: the speed only caps
how fast simulated time may run against the wall clock.
"""

from __future__ import annotations

import math
import queue
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from wordboard.controller import questions as q
from wordboard.sensor.events import Lifted, Placed, Square as SensorSquare, Tag
from wordboard.sensor.identity import BlankTile, LetterTile, decode_tile_code, encode_tile_code

Square = tuple[int, int]


# -- clocks ---------------------------------------------------------------------------------------

class ScaledClock:
    """Game time: the monotonic wall clock, ``speed`` times faster, from 0."""

    def __init__(self, speed: float = 1.0, wall: Callable[[], float] = time.monotonic):
        self.speed = speed
        self.wall = wall
        self._origin = wall()

    def __call__(self) -> float:
        return (self.wall() - self._origin) * self.speed


class ManualClock:
    def __init__(self, start: float = 0.0):
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class TwinClock(ManualClock):
    """The digital twin's time: simulated seconds from 0, moved only by :meth:`advance`.

    An advance first brings each of :attr:`parts` (objects with ``advance_to(seconds)``, such as
    the lockstep :class:`~wordboard.sensor.simulator.SimulatedSensorLink`) to the new time, so
    whatever the host reads next has happened by then. ``speed`` caps how fast simulated time runs
    against the wall clock: an advance that gets ahead of the wall clock x ``speed`` sleeps; one
    that falls behind (a busy computer, a long think of the computer player) does not race to
    catch up more than :attr:`MAX_LAG` wall seconds. 0 or infinity: as fast as the computer goes.
    The speed changes how long a game takes, never what happens in it.
    """

    MAX_LAG = 0.25

    def __init__(self, speed: float = 0.0, *, wall: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep):
        super().__init__(0.0)
        self.wall = wall
        self.sleep = sleep
        self.parts: list = []
        self._us = 0                       # whole microseconds: no rounding drift over a game
        self.speed = speed

    @property
    def speed(self) -> float:
        return self._speed

    @speed.setter
    def speed(self, speed: float) -> None:
        """The cap may change at any time: the pace starts again from now."""
        self._speed = speed
        self._origin: float | None = None  # the wall time simulated time 0 stands for

    @property
    def paced(self) -> bool:
        return bool(self.speed) and not math.isinf(self.speed)

    def advance(self, seconds: float) -> None:
        self._us += max(0, round(seconds * 1e6))
        target = self._us / 1e6
        for part in self.parts:
            part.advance_to(target)
        self.now = target
        if self.paced:
            self._pace()

    def _pace(self) -> None:
        wall = self.wall()
        if self._origin is None:
            self._origin = wall - self.now / self.speed
        ahead = self._origin + self.now / self.speed - wall
        if ahead > 0:
            self.sleep(ahead)
        elif ahead < -self.MAX_LAG:
            self._origin -= ahead + self.MAX_LAG


# -- identities -------------------------------------------------------------------------------------

def tile_name(identity) -> str | None:
    """A tag's identity (``wordboard.sensor.identity``) as the tracker names tiles."""
    if identity is None:
        return None
    if isinstance(identity, LetterTile):
        return identity.letter
    if isinstance(identity, BlankTile):
        return "?"
    text = str(identity)
    return "*" if text == "hexx-wild" else text


def identifier(registry=None) -> Callable[[Tag], str | None]:
    """``tag -> tile name``: the registry, else the tile code in the tag's memory."""
    def identify(tag: Tag) -> str | None:
        if registry is not None:
            return tile_name(registry.identify(tag))
        return tile_name(decode_tile_code(tag.memory))
    return identify


def identity_of(name: str):
    """The identity a tile name stands for (the inverse of :func:`tile_name`)."""
    if name == "*":
        from wordboard.sensor.identity import HexxWildTile

        return HexxWildTile()
    if name.startswith("card:"):
        from wordboard.sensor.identity import DexikonCard

        return DexikonCard(name[5:])
    return BlankTile() if name == "?" else LetterTile(name)


# -- the sensor side --------------------------------------------------------------------------------

class DirectSensor:
    """A sensor backend without firmware or wire: the table's changes become settled events at
    once (for fast tests; the noise the firmware filters is not simulated here)."""

    def __init__(self):
        self._events: queue.Queue = queue.Queue()
        self.closed = False

    def emit(self, event) -> None:
        self._events.put(event)

    def next_event(self, timeout: float | None = None):
        try:
            return self._events.get_nowait()
        except queue.Empty:
            return None

    def request_snapshot(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True


class Table:
    """The tiles on the table (see the module docs). ``sim``: a ``PtySimulator`` (or None);
    ``direct``: a :class:`DirectSensor` (or None); ``camera``: a ``VirtualCamera`` (or None)."""

    def __init__(self, rows: int, cols: int, *, sim=None, direct: DirectSensor | None = None, camera=None,
                 seed: int = 0):
        self.rows, self.cols = rows, cols
        self.sim = sim
        self.direct = direct
        self.camera = camera
        self.rng = random.Random(seed)
        self.tiles: dict[Square, tuple[bytes, str]] = {}     # square -> (uid, tile name)
        self.names: dict[bytes, str] = {}
        self._lock = threading.RLock()

    def new_tile(self, name: str) -> bytes:
        """A tile from the bag (or a rack), with a fresh tag carrying its tile code."""
        code = encode_tile_code(identity_of(name))
        with self._lock:
            if self.sim is not None:
                with self.sim.world() as grid:
                    uid = grid.new_tag()
                    grid.tags[uid].memory[0:len(code)] = code
            else:
                uid = bytes([0x04]) + bytes(self.rng.randrange(256) for _ in range(6))
                while uid in self.names:
                    uid = bytes([0x04]) + bytes(self.rng.randrange(256) for _ in range(6))
            self.names[uid] = name
        return uid

    def tag(self, uid: bytes) -> Tag:
        return Tag(uid, encode_tile_code(identity_of(self.names[uid])))

    def put(self, square: Square, uid: bytes) -> None:
        with self._lock:
            for other, (there, _) in list(self.tiles.items()):
                if there == uid and other != square:
                    self._remove(other)
            self.tiles[square] = (uid, self.names[uid])
            if self.sim is not None:
                self.sim.place(SensorSquare(*square), uid)
            if self.direct is not None:
                self.direct.emit(Placed(SensorSquare(*square), self.tag(uid)))
            self._camera()

    def take(self, square: Square) -> bytes | None:
        with self._lock:
            uid = self._remove(square)
            self._camera()
            return uid

    def _remove(self, square: Square) -> bytes | None:
        found = self.tiles.pop(square, None)
        if found is None:
            return None
        if self.sim is not None:
            self.sim.lift(SensorSquare(*square))
        if self.direct is not None:
            self.direct.emit(Lifted(SensorSquare(*square)))
        return found[0]

    def slide(self, uid: bytes, path: list[Square], dwell_ms: float = 60.0) -> None:
        """Slide a tile (already on ``path[0]``, or in the hand when None) across ``path`` to its
        last square. On the simulator the slide happens in the firmware's own time."""
        with self._lock:
            if self.sim is not None:
                with self.sim.world() as grid:
                    start = grid.clock.ms
                    route = [SensorSquare(*s) if s is not None else None for s in path]
                    grid.slide(start, uid, route, [dwell_ms] * max(0, len(route) - 2))
                if path[0] is not None:
                    self.tiles.pop(path[0], None)
                self.tiles[path[-1]] = (uid, self.names[uid])
            else:
                if path[0] is not None:
                    self._remove(path[0])
                for square in path[1:-1]:
                    self.direct.emit(Placed(SensorSquare(*square), self.tag(uid)))
                    self.direct.emit(Lifted(SensorSquare(*square)))
                self.put(path[-1], uid)
            self._camera()

    def bump(self, squares: list[Square], open_ms: float = 40.0) -> None:
        """A knock on the table: the reed switches under ``squares`` chatter."""
        if self.sim is not None:
            with self.sim.world() as grid:
                grid.bump(grid.clock.ms, [SensorSquare(*s) for s in squares], open_ms)

    def state_text(self) -> list[str]:
        lines = [["."] * self.cols for _ in range(self.rows)]
        for (r, c), (_, name) in self.tiles.items():
            lines[r][c] = name if len(name) == 1 else "?"
        return ["".join(line) for line in lines]

    def _camera(self) -> None:
        if self.camera is None:
            return
        if hasattr(self.camera, "show"):
            self.camera.show(self.tiles)
        else:
            from wordboard.camera.state import BoardState

            self.camera.state = BoardState(tuple(self.state_text()))

    def lay_out(self, tiles: dict[Square, str]) -> None:
        """Put these tiles on the table at once (a game resumed after a power cut: the played
        tiles are still there)."""
        for square, name in tiles.items():
            if square not in self.tiles:
                self.put(square, self.new_tile(name))

    def empty_squares_near(self, square: Square) -> list[Square]:
        r, c = square
        out = []
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            s = (r + dr, c + dc)
            if 0 <= s[0] < self.rows and 0 <= s[1] < self.cols and s not in self.tiles:
                out.append(s)
        return out


# -- the camera -------------------------------------------------------------------------------------

#: How the twin's camera looks at the board: a 512 x 384 frame, mounted over the board and framed
#: on it (the grid fills most of the shorter side), calibrated once as a real one is, so the
#: reader is given the grid's corners (the corner markers may fall outside the frame).
TWIN_IMAGE_SIZE = (512, 384)
TWIN_GRID_FRACTION = 0.86
# A child's capitals in a write-and-wipe square, as a fraction of the square: written to fit in
# the square with a little room round them (the reader looks at the middle 82% of a square).
WRITTEN_HEIGHT = (0.42, 0.58)
WRITTEN_OFFSET = 0.04


def frugal_memory() -> None:
    """Reading pictures makes and frees big buffers (frames, straightened boards): with glibc's
    defaults the freed memory stays in the process (the threshold for giving big blocks straight
    back to the system grows as they are freed, and each thread gets its own heap). A fixed
    threshold and two heaps keep ``wordboard run`` with a camera well under 150 MB. Elsewhere
    than glibc: nothing."""
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return
    m_mmap_threshold, m_arena_max = -3, -8
    mallopt(m_mmap_threshold, 256 * 1024)
    mallopt(m_arena_max, 2)


class TwinCamera:
    """The virtual camera over the twin's table (a capture source: ``read() -> BGR frame``).

    It photographs the table as :class:`~wordboard.camera.virtual.VirtualCamera` does (the same
    board, tiles, perspective, light, blur, sensor noise and JPEG artefacts), but frugally: the
    photograph of the table is drawn once per change of the table and only the noise and the JPEG
    round trip are new in each frame; every buffer is 8-bit. Written letters (``handwritten``)
    are drawn per written mark (the tile's uid): a letter rubbed out and written again looks
    different, as a child's second try does. ``grid_corners`` is the calibration.
    """

    def __init__(self, rows: int, cols: int, *, seed: int = 0, handwritten: bool = False,
                 image_size: tuple[int, int] = TWIN_IMAGE_SIZE, style=None):
        import numpy as np
        from wordboard.camera import virtual
        from wordboard.camera.geometry import GridCorners
        from wordboard.camera.state import BoardState

        frugal_memory()
        self.rows, self.cols = rows, cols
        self.seed = seed
        self.handwritten = handwritten
        if style is None:
            style = virtual.SceneStyle(image_size=image_size, grid_fraction=TWIN_GRID_FRACTION,
                                       handwritten=handwritten, premium_squares=not handwritten,
                                       shadow=not handwritten, light_gradient=0.1 if handwritten else 0.3,
                                       rotation_deg=3.0, tilt=0.04)
        self.style = style
        self._virtual = virtual
        self._camera = virtual._make_camera(rows, cols, style, seed)
        self.grid_corners = GridCorners.from_array(self._camera.corners)
        board, grid = virtual._draw_board(BoardState.empty(rows, cols), style, self._camera)
        self._board, self._grid = board, grid
        width, height = style.image_size
        self._homography = None
        light = self._camera.light
        if self._camera.shadow_mask is not None:
            light = light * (1 - self._camera.shadow_mask)
        self._light = np.repeat(np.clip(np.round(light * 128), 0, 255).astype(np.uint8)[..., None], 3, axis=2)
        self._camera.light = None          # the 8-bit copy above is all that is kept
        self._camera.shadow_mask = None
        self._size = (width, height)
        self._marks: dict = {}             # square -> (uid, name): what the table shows
        self._drawn = None                 # the marks the cached photograph shows
        self._clean = None
        self._frame = 0
        self._rng = np.random.default_rng(seed)
        self._lock = threading.Lock()
        self.state = BoardState.empty(rows, cols)

    # the table tells the camera what lies on it
    def show(self, tiles: dict) -> None:
        with self._lock:
            self._marks = dict(tiles)

    def _photograph(self, marks: dict):
        """The table's photograph without noise (uint8)."""
        import cv2
        import numpy as np

        v = self._virtual
        cell = v._RENDER_CELL
        border = int(v._BORDER_CELLS * cell)
        board = self._board.copy()
        for (r, c), (uid, name) in sorted(marks.items()):
            x0, y0 = border + c * cell, border + r * cell
            symbol = name if len(name) == 1 else "?"
            if self.handwritten:
                if symbol not in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
                    continue
                rng = v._scene_rng(self.seed, "written", r, c, uid.hex())
                colour = v._MARKER_COLOURS[int(rng.integers(len(v._MARKER_COLOURS)))]
                letter = v.draw_skeleton_letter(symbol, int(cell * rng.uniform(*WRITTEN_HEIGHT)), rng)
                widest = cell * 0.7
                if letter.shape[1] > widest:
                    k = widest / letter.shape[1]
                    letter = cv2.resize(letter, (int(letter.shape[1] * k), max(1, int(letter.shape[0] * k))))
                lx = x0 + (cell - letter.shape[1]) // 2 + int(rng.uniform(-WRITTEN_OFFSET, WRITTEN_OFFSET) * cell)
                ly = y0 + (cell - letter.shape[0]) // 2 + int(rng.uniform(-WRITTEN_OFFSET, WRITTEN_OFFSET) * cell)
                v._blend(board, letter, lx, ly, colour)
            else:
                rng = v._scene_rng(self.seed, "tile", r, c, symbol)
                v._draw_tile(board, x0, y0, cell, symbol, self._camera.font, rng)
        width, height = self._size
        homography = cv2.getPerspectiveTransform(self._grid, self._camera.corners.astype(np.float32))
        image = self._camera.table.copy()
        cv2.warpPerspective(board, homography, (width, height), dst=image, flags=cv2.INTER_AREA,
                            borderMode=cv2.BORDER_TRANSPARENT)
        del board
        image = cv2.multiply(image, self._light, scale=1 / 128)
        if self.style.blur_sigma > 0:
            image = cv2.GaussianBlur(image, (0, 0), self.style.blur_sigma)
        return image

    def read(self):
        """The next frame (BGR uint8)."""
        import cv2
        import numpy as np

        with self._lock:
            marks = self._marks
        if marks != self._drawn or self._clean is None:
            self._clean = self._photograph(marks)
            self._drawn = marks
        image = self._clean
        if self.style.noise_sigma > 0:
            noise = self._rng.standard_normal(image.shape, dtype=np.float32)
            noise *= self.style.noise_sigma
            image = cv2.add(image, noise, dtype=cv2.CV_8U)
        if self.style.jpeg_quality:
            ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(self.style.jpeg_quality)])
            image = cv2.imdecode(data, cv2.IMREAD_COLOR)
        self._frame += 1
        return image

    def close(self) -> None:
        self._clean = None


def board_reader(source, rows: int, cols: int, *, handwritten: bool = False):
    """The handwriting or tile reader for frames from ``source``. The twin's camera is calibrated
    (its grid corners are known, as ``wordboard camera calibrate`` records a real one's), and its
    frames are steady, so a smaller change of a square's pixels is taken as a change to read again
    (a thin written I or L changes a square less than a tile does)."""
    from wordboard.camera.reader import BoardReader

    corners = getattr(source, "grid_corners", None)
    if corners is not None:
        return BoardReader(rows, cols, corners, handwritten=handwritten, use_tesseract=False,
                           change_threshold=TWIN_CHANGE_THRESHOLD)
    return BoardReader(rows, cols, handwritten=handwritten, use_tesseract=False)


TWIN_CHANGE_THRESHOLD = 8.0


class CameraWorker:
    """Reads the camera when asked: ``request(at)``, later ``poll() -> (symbols, at)`` where
    symbols maps every square to ``(symbol, confidence)``. ``frames`` frames are read per request
    (the reader votes over them). On a worker thread (the board: the LEDs and buttons go on while
    it reads), or with ``threaded=False`` at the next :meth:`poll` (the twin: the read takes no
    simulated time, so its answer does not depend on how fast this computer reads)."""

    def __init__(self, source, rows: int, cols: int, *, frames: int = 3, reader=None, handwritten=False,
                 threaded: bool = True):
        self.source = source
        self.rows, self.cols = rows, cols
        self.frames = frames
        self._reader = reader
        self.handwritten = handwritten
        self._requests: queue.Queue = queue.Queue()
        self._results: queue.Queue = queue.Queue()
        self.failures = 0
        self.reads = 0
        self._opened = False
        frugal_memory()
        self._thread = None
        if threaded:
            self._thread = threading.Thread(target=self._run, daemon=True, name="camera")
            self._thread.start()

    def request(self, at: float) -> None:
        self._requests.put(at)

    def poll(self):
        if self._thread is None:
            at = self._latest(None)
            if at is not None:
                self._results.put((self._read(), at))
        try:
            return self._results.get_nowait()
        except queue.Empty:
            return None

    def _latest(self, at: float | None) -> float | None:
        """``at`` or a later request waiting (only the latest matters); None when closing."""
        while not self._requests.empty():
            nxt = self._requests.get()
            if nxt is None:
                return None
            at = nxt
        return at

    def _run(self) -> None:
        while True:
            at = self._latest(self._requests.get())
            if at is None:
                return
            self._results.put((self._read(), at))

    def _read(self) -> dict:
        if not self._opened:
            self._opened = True
            try:
                if self._reader is None:
                    self._reader = board_reader(self.source, self.rows, self.cols, handwritten=self.handwritten)
            except Exception:  # noqa: BLE001 - no camera: every request answers "nothing seen"
                self._reader = None
        symbols = {}
        try:
            if self._reader is not None:
                reading = None
                for _ in range(self.frames):
                    reading = self._reader.update(self.source.read())
                self.reads += 1
                if reading is not None and not reading.occluded:
                    for r, row in enumerate(reading.squares):
                        for c, square in enumerate(row):
                            symbols[(r, c)] = (square.symbol, square.confidence)
        except Exception:  # noqa: BLE001 - a failed read is no opinion, never a crash
            self.failures += 1
        return symbols

    def close(self) -> None:
        self._requests.put(None)


def same_move(a, b) -> bool:
    """Two engine moves are the same (a play's tiles in any order)."""
    if type(a) is not type(b):
        return False
    if hasattr(a, "placements"):
        return sorted(a.placements) == sorted(b.placements)
    return a == b


# -- the people -------------------------------------------------------------------------------------

@dataclass
class Habits:
    """How untidy the players are (chances per tile or per turn)."""

    think: tuple[float, float] = (1.0, 3.0)     # seconds before the first tile
    per_tile: tuple[float, float] = (0.4, 1.2)  # seconds between tiles
    slide: float = 0.15                         # a tile slid into place from a neighbour
    second_thoughts: float = 0.08               # a tile put on a wrong square, then moved
    knock: float = 0.06                         # per turn: a played tile knocked off, put back
    knock_left: float = 0.4                     # ... and left off until the board complains
    bump: float = 0.08                          # per turn: the table bumped
    mistake: float = 0.08                       # per turn: a play the rules refuse, corrected
    reach: float = 0.5                          # seconds from the last tile to the end-turn press

    @classmethod
    def tidy(cls) -> "Habits":
        return cls(slide=0, second_thoughts=0, knock=0, bump=0, mistake=0)


@dataclass
class PlannedTurn:
    move: object
    actions: list = field(default_factory=list)    # (game time, callable, label)
    pressed: bool = False
    blanks: dict = field(default_factory=dict)     # square -> letter meant
    answer_turn: str = "pass"
    swap_tiles: str = ""
    fixes: list = field(default_factory=list)      # actions queued for after an outcome
    pressed_at: float = 0.0
    acted_at: float = float("-inf")                # when the players last touched the table


class ScriptedPlayers:
    """Everyone at the table (see the module docs). ``choose(game) -> move`` picks each move."""

    def __init__(self, controller, table: Table, choose: Callable, *, habits: Habits | None = None,
                 seed: int = 0, out: Callable[[str], None] | None = None, press_timeout: float = 30.0):
        self.controller = controller
        self.table = table
        self.choose = choose
        self.habits = habits or Habits()
        self.seed = seed
        self.out = out or (lambda text: None)
        self.press_timeout = press_timeout
        self.plan: PlannedTurn | None = None
        self._planned_for = None
        self._settled = 0                  # moves (and undos) the board has committed so far
        self.intended: list = []           # the moves the players meant, in order (for tests)
        self.outcomes: list[str] = []
        self.as_meant = 0                  # moves committed exactly as the player meant them
        self.mismatches: list = []         # moves committed that the player did not mean
        controller.listeners.append(self._heard)
        self.answerer = q.CallbackAnswerer(self._answer)

    @property
    def game(self):
        return self.controller.adapter.game

    def _rng(self, extra: int = 0) -> random.Random:
        return random.Random((self.seed * 1_000_003 + self.controller.adapter.jgame.seq * 7919 + extra))

    # -- listening to the board -------------------------------------------------------------------

    def _heard(self, kind: str, data) -> None:
        self.outcomes.append(kind)
        if kind in ("commit", "undo"):
            self._settled += 1
        plan = self.plan
        if plan is None:
            return
        now = self.controller.clock()
        if kind == "commit":
            history = self.game.history
            made = history[-1].move if history else None
            if same_move(made, plan.move):
                self.as_meant += 1
            else:
                self.mismatches.append((plan.move, made))
            self.plan = None
        elif kind == "undo":
            self.plan = None
        elif kind in ("invalid", "blocked") and plan.pressed:
            # put the tiles where they were meant to go (then press again: see step)
            plan.pressed = False
            if plan.fixes:
                plan.actions.extend((now + 1.0 + i * 0.3, action, label)
                                    for i, (_, action, label) in enumerate(plan.fixes))
                plan.fixes = []
            else:
                plan.actions.extend(self._repair_actions(plan, now))

    def _answer(self, question: q.Question) -> str | None:
        plan = self.plan
        if question.kind == q.BLANK:
            square = question.squares[0]
            if plan is not None and square in plan.blanks:
                return plan.blanks[square]
            return question.choices[0] if question.choices else "E"
        if question.kind in (q.LETTER, q.CONFLICT):
            found = self.table.tiles.get(question.squares[0])
            if found is None:
                return None
            name = found[1]
            return name if question.accepts(name) else (question.choices[0] if question.choices else name)
        if question.kind == q.TURN:
            return plan.answer_turn if plan is not None else "carry on"
        if question.kind == q.SWAP:
            return plan.swap_tiles if plan is not None and plan.swap_tiles else None
        return None

    # -- acting -------------------------------------------------------------------------------------

    def step(self, now: float) -> None:
        adapter = self.controller.adapter
        if adapter.over:
            return
        # A new plan once the board committed (or undid) a move; the answers to its questions
        # (a blank's letter) are journalled too, but the turn goes on.
        key = (self._settled, self.game.current)
        if self.plan is None or self._planned_for != key:
            if self.plan is not None and self._planned_for != key:
                self.plan = None
            self._plan(now)
            self._planned_for = key
        plan = self.plan
        if plan is None:
            return
        while plan.actions and plan.actions[0][0] <= now:
            _, action, label = plan.actions.pop(0)
            action()
            plan.acted_at = now
        if not plan.actions and self.controller.question is None and now - plan.acted_at >= self.habits.reach and (
                not plan.pressed or now - plan.pressed_at > self.press_timeout):
            self._press(now)           # done placing (or nothing happened): press end turn

    def _press(self, now: float) -> None:
        plan = self.plan
        if plan is not None:
            plan.pressed = True
            plan.pressed_at = now
        self.controller.buttons.inject("end-turn")

    def _press_long(self) -> None:
        if self.plan is not None:
            self.plan.pressed = True
            self.plan.pressed_at = self.controller.clock()
        self.controller.buttons.inject("end-turn", "long")

    def _plan(self, now: float) -> None:
        from wordboard.lexulous import Exchange, Play

        game = self.game
        rng = self._rng()
        habits = self.habits
        move = self.choose(game)
        plan = PlannedTurn(move)
        self.intended.append((game.players[game.current], move))
        t = now + rng.uniform(*habits.think)
        actions = plan.actions
        # the table's physical state may lag the engine after an undo or a restart
        committed = self.controller.adapter.committed_tiles()
        for square in list(self.table.tiles):
            if square not in committed:
                actions.append((t, lambda s=square: self.table.take(s), "clear"))
        for square, name in committed.items():
            if square not in self.table.tiles:
                actions.append((t, lambda s=square, n=name: self.table.put(s, self.table.new_tile(n)), "restore"))
        if not isinstance(move, Play):
            plan.answer_turn = "swap" if isinstance(move, Exchange) else "pass"
            plan.swap_tiles = move.tiles if isinstance(move, Exchange) else ""
            actions.append((t + 0.5, self._press_long, "long press"))
            self.plan = plan
            return
        placements = list(move.placements)
        rng.shuffle(placements)
        targets = {p.square for p in placements}
        knocked = None
        if committed and rng.random() < habits.knock:
            knocked = rng.choice(sorted(committed))
        for p in placements:
            name = "?" if p.blank else p.letter
            if p.blank:
                plan.blanks[p.square] = p.letter
            roll = rng.random()
            free = [s for s in self.table.empty_squares_near(p.square) if s not in targets and s not in committed]
            if roll < habits.slide and free:
                start = rng.choice(free)

                def slide(square=p.square, start=start, name=name):
                    uid = self.table.new_tile(name)
                    self.table.put(start, uid)
                    self.table.slide(uid, [start, square], 60.0)
                actions.append((t, slide, "slide"))
                t += 0.6
            elif roll < habits.slide + habits.second_thoughts and free:
                wrong = rng.choice(free)

                def wrong_then_right(wrong=wrong, square=p.square, name=name, when=t):
                    uid = self.table.new_tile(name)
                    self.table.put(wrong, uid)
                    self.plan and self.plan.actions.insert(0, (self.controller.clock() + 1.0,
                                                               lambda: self._move(wrong, square), "rethink"))
                actions.append((t, wrong_then_right, "second thoughts"))
                t += 1.2
            else:
                actions.append((t, lambda s=p.square, n=name: self.table.put(s, self.table.new_tile(n)), "put"))
            t += rng.uniform(*habits.per_tile)
        if knocked is not None:
            actions.append((t - 0.5, lambda s=knocked: self._knock(s), "knock"))
            if rng.random() >= habits.knock_left:
                actions.append((t + 1.0, lambda s=knocked: self._restore(s), "put back"))
                t += 1.5
        if rng.random() < habits.bump and self.table.tiles:
            actions.append((t, lambda: self.table.bump(sorted(self.table.tiles)[:6]), "bump"))
            t += 0.5
        mistake = self._mistake(move, rng) if rng.random() < habits.mistake else None
        if mistake is not None:
            src, dst = mistake
            actions.append((t, lambda: self._move(src, dst), "mistake"))
            t += 0.5
            plan.fixes = [(t, lambda: self._move(dst, src), "fix")]
        actions.sort(key=lambda a: a[0])
        self.plan = plan

    def _mistake(self, move, rng):
        """Move one tile of the play to a square where the play is illegal (never a legal play)."""
        from wordboard.lexulous import Placement, Play

        game = self.game
        placements = list(move.placements)
        p = rng.choice(placements)
        occupied = set(self.controller.adapter.committed_tiles()) | {x.square for x in placements}
        for _ in range(20):
            dst = (p.row + rng.randint(-2, 2), p.col + rng.randint(-2, 2))
            if dst in occupied or not (0 <= dst[0] < self.table.rows and 0 <= dst[1] < self.table.cols):
                continue
            wrong = Play(tuple(x if x is not p else Placement(dst[0], dst[1], p.letter, p.blank) for x in placements))
            if any(x.blank for x in placements):
                return None          # a blank could make it legal under another letter
            if game.illegal_reason(wrong) is not None:
                return p.square, dst
        return None

    def _move(self, src: Square, dst: Square) -> None:
        found = self.table.tiles.get(src)
        if found is None:
            return
        uid = self.table.take(src)
        self.table.put(dst, uid)

    def _knock(self, square: Square) -> None:
        found = self.table.tiles.get(square)
        if found is None:
            return
        self._knocked = (square, self.table.take(square))

    def _restore(self, square: Square) -> None:
        knocked = getattr(self, "_knocked", None)
        if knocked is not None and knocked[0] == square and square not in self.table.tiles:
            self.table.put(square, knocked[1])
        self._knocked = None

    def _repair_actions(self, plan: PlannedTurn, now: float) -> list:
        """Make the table what the player meant: played tiles back, this turn's tiles where planned."""
        from wordboard.lexulous import Play

        def repair():
            committed = self.controller.adapter.committed_tiles()
            knocked = getattr(self, "_knocked", None)
            if knocked is not None:
                self._restore(knocked[0])
            meant = {}
            if isinstance(plan.move, Play):
                meant = {p.square: ("?" if p.blank else p.letter) for p in plan.move.placements}
            want = {**committed, **meant}
            for square, (uid, name) in list(self.table.tiles.items()):
                if want.get(square) != name:
                    self.table.take(square)
            for square, name in want.items():
                if square not in self.table.tiles:
                    self.table.put(square, self.table.new_tile(name))
        return [(now + 1.0, repair, "repair")]
