"""The digital twin: the board with no hardware attached.

* :class:`Table`: the physical table - tiles with RFID tags (their tile code written in the tag,
  as ``wordboard tiles write`` does) on squares. It drives the sensor board simulator (the
  firmware's own scan logic, over a pseudo-terminal to the real serial link) or, for fast tests,
  :class:`DirectSensor` (settled events straight away), and the virtual camera's board state.
* :class:`TwinCamera`: the virtual camera over the table.
* :class:`Habits`: how untidy the scripted players are. The players themselves live with their
  game (``wordboard.crossword.players``, ``wordboard.hexx.players``...), on the common ground of
  :class:`~wordboard.controller.players.TablePlayers`.
* The clocks are in :mod:`wordboard.controller.clocks` (:class:`TwinClock` is the twin's one
  simulated time, see below); the camera worker that reads a camera, virtual or real, is in
  :mod:`wordboard.camera.worker`.

One time for the whole twin: the game clock is a :class:`TwinClock` that moves in fixed steps,
and each step first brings the simulated sensor board (its firmware, the pty and the real serial
link, in lockstep) to the new time; the camera is read when asked, in that step. So the players,
the controller, the firmware and the link never race each other, and a game played with a given
seed is the same game however busy the computer is and whatever the speed: the speed only caps
how fast simulated time may run against the wall clock.
"""

from __future__ import annotations

import queue
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass

from wordboard.sensor.events import Lifted, Placed, Tag
from wordboard.sensor.events import Square as SensorSquare
from wordboard.sensor.identity import BlankTile, LetterTile, decode_tile_code, encode_tile_code

Square = tuple[int, int]


# -- clocks ---------------------------------------------------------------------------------------


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

    def caught_up(self, since: float) -> bool:
        """Events are emitted as the table changes: always caught up."""
        return True

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
        self.seed = seed
        self.rng = random.Random(seed)
        self.tiles: dict[Square, tuple[bytes, str]] = {}     # square -> (uid, tile name)
        self.names: dict[bytes, str] = {}
        self._lock = threading.RLock()

    def new_tile(self, name: str) -> bytes:
        """A tile from the bag (or a rack), with a fresh tag carrying its tile code. A card
        (``card:AT-3``) is one thing with one tag: the same tag each time it is asked for, in
        every session of the game (a game resumed after a power cut is played with the very
        cards, so what was answered about a card lying in its slot still holds)."""
        code = encode_tile_code(identity_of(name))
        with self._lock:
            uid = self._card_tag(name) if name.startswith("card:") else None
            if uid is not None and uid in self.names:
                return uid
            if self.sim is not None:
                with self.sim.world() as grid:
                    uid = grid.new_tag(uid)
                    grid.tags[uid].memory[0:len(code)] = code
            else:
                while uid is None or uid in self.names:
                    uid = bytes([0x04]) + bytes(self.rng.randrange(256) for _ in range(6))
            self.names[uid] = name
        return uid

    def _card_tag(self, name: str) -> bytes:
        """The tag of the card ``name`` in this game (the table's seed): a 7-byte NXP UID."""
        rng = random.Random(f"{self.seed}:{name}")
        return bytes([0x04]) + bytes(rng.randrange(256) for _ in range(6))

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
            self._camera(square)

    def take(self, square: Square) -> bytes | None:
        with self._lock:
            uid = self._remove(square)
            self._camera(square)
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
                    if self.direct is not None:     # a table seen by the camera alone has no sensor
                        self.direct.emit(Placed(SensorSquare(*square), self.tag(uid)))
                        self.direct.emit(Lifted(SensorSquare(*square)))
                self.put(path[-1], uid)
            self._camera(path[-1])

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

    def show_camera(self) -> None:
        """Show the camera the table as it is (a camera just attached)."""
        self._camera()

    def _camera(self, touched: Square | None = None) -> None:
        if self.camera is None:
            return
        if hasattr(self.camera, "show"):
            self.camera.show(self.tiles)
            if touched is not None and hasattr(self.camera, "touch"):
                self.camera.touch(touched)          # a hand put it there
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
#: ... and seen from the table's edge (``elevation``): the far rows are foreshortened; the grid
#: found by itself (3 scenes, each before and after a knock) at 512x384 in 2 of 6 looks at 60
#: degrees and none at 35, at 1024x768 in 6 of 6 at both (a webcam's or phone's video is 720p
#: or more).
TWIN_VIEW_IMAGE_SIZE = (1024, 768)
TWIN_GRID_FRACTION = 0.86
# A child's capitals in a write-and-wipe square, as a fraction of the square: written to fit in
# the square with a little room round them (the reader looks at the middle 82% of a square).
WRITTEN_HEIGHT = (0.42, 0.58)
WRITTEN_OFFSET = 0.04
# The hand that lays or takes a tile stays over the board this long (game seconds) afterwards;
# now and then a player leans over it, thinking, for the longer while.
HAND_LINGER = (0.3, 1.5)
HAND_LEANS = (0.1, (3.0, 8.0))          # the chance of a long linger, and how long
#: The twin's --noise: the camera is knocked by the hand laying one of these tiles of the game
#: (the 8th to the 39th laid; see TwinCamera.knock).
KNOCK_AFTER_TILES = (8, 40)

#: The board's LEDs seen by the twin's camera (``TwinCamera.leds``): an LED at full duty adds this
#: many grey levels of its colour at the middle of an empty square, fading to half at its edges;
#: a tile hides its LED but for a thin ring of light round the tile and a little through it.
GLOW_LEVELS = 90.0
GLOW_THROUGH_TILE = 0.06

#: Written letters with the hazards (eXtraDICTION): the camera is knocked once a game, at a frame
#: in this range (a 5-card game is about 400 frames: three a reading).
KNOCK_AT_FRAME = (40, 300)

#: ``TwinCamera(writing=...)``: how the children write: as the handwriting reader was trained
#: (``trained``), in a style it never saw (``held-out``: elastically bent single-stroke
#: capitals), or each letter either way (``mixed``).
WRITING = ("trained", "held-out", "mixed")


class TwinCamera:
    """The virtual camera over the twin's table (a capture source: ``read() -> BGR frame``).

    It photographs the table as :class:`~wordboard.camera.virtual.VirtualCamera` does (the same
    board, tiles, perspective, light, blur, sensor noise and JPEG artefacts), but frugally: the
    photograph of the table is drawn once per change of the table and only the noise and the JPEG
    round trip are new in each frame; every buffer is 8-bit. Written letters (``handwritten``)
    are drawn per written mark (the tile's uid): a letter rubbed out and written again looks
    different, as a child's second try does. ``grid_corners`` is the calibration. ``restyle``:
    changes to the scene's :class:`~wordboard.camera.virtual.SceneStyle` (another view, light,
    blur, noise); ``inks``: the colours (BGR) of the children's markers.
    """

    def __init__(self, rows: int, cols: int, *, seed: int = 0, handwritten: bool = False,
                 image_size: tuple[int, int] | None = None, style=None, hazards: bool = False,
                 writing: str = "trained", elevation: float | None = None, restyle: dict | None = None,
                 inks: tuple | None = None):
        import numpy as np

        from wordboard.camera import virtual
        from wordboard.camera.geometry import GridCorners
        from wordboard.camera.state import BoardState
        from wordboard.camera.worker import frugal_memory

        frugal_memory()
        self.rows, self.cols = rows, cols
        self.seed = seed
        self.handwritten = handwritten
        if writing not in WRITING:
            raise ValueError(f"writing is one of {', '.join(WRITING)}, not {writing!r}")
        self.writing = writing
        self.hazards = hazards
        #: the squares a thing laid on a square covers (Dexikon: a card covers its slot); None:
        #: the square itself
        self.footprint = None
        self._ghosts: dict = {}            # square -> [(uid, name)]: letters rubbed out there
        self._hand_until = -1              # the hazards of a table: a hand over the board until this frame
        self._hand_seed = 0
        self._head: tuple | None = None    # a shadow (someone leaning over): (until frame, mask)
        if image_size is None:
            image_size = TWIN_IMAGE_SIZE if elevation is None else TWIN_VIEW_IMAGE_SIZE
        if style is None:
            style = virtual.SceneStyle(image_size=image_size, grid_fraction=TWIN_GRID_FRACTION,
                                       handwritten=handwritten, premium_squares=not handwritten,
                                       shadow=not handwritten, light_gradient=0.1 if handwritten else 0.3,
                                       rotation_deg=3.0, tilt=0.04)
        if elevation is not None:
            # A webcam or phone at the table's edge, that far above it: the table in 3D.
            from wordboard.camera.pinhole import WEBCAM_LENS, CameraView

            style = style.with_(view=CameraView(elevation_deg=elevation, **WEBCAM_LENS))
        if restyle:
            # another camera and room (bench/written_bench.py varies them game by game): a view
            # (where it stands, its lens), the light, the blur and the sensor's noise
            if restyle.get("view") is not None and elevation is None and style.image_size == TWIN_IMAGE_SIZE:
                style = style.with_(image_size=TWIN_VIEW_IMAGE_SIZE)
            style = style.with_(**restyle)
        #: the colours of the markers the children write with (BGR; default: black, blue, red, green)
        self.inks = tuple(inks) if inks else virtual._MARKER_COLOURS
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
        self._camera.light = np.empty((0, 0), np.float32)   # the 8-bit copy above is all that is kept
        self._camera.shadow_mask = None
        self._size = (width, height)
        self._marks: dict = {}             # square -> (uid, name): what the table shows
        self._drawn = None                 # the marks the cached photograph shows
        self._clean = None
        self._frame = 0
        self._rng = np.random.default_rng(seed)
        self._lock = threading.Lock()
        self.state = BoardState.empty(rows, cols)
        # Hands (the twin's --noise): the hand that lays a tile is in the picture until a while
        # after it, as at a real table. ``clock``: the game's time (set by the session).
        self.hands = False
        self.clock = None
        self._hand_rng = random.Random(seed)
        self._hand: tuple[float, int, float] | None = None      # (until, drawing seed, reach)
        self.hand_frames = 0
        # A camera knocked (the twin's --noise): once in a game, by a hand laying a tile, the
        # arm is knocked and the camera looks at the board from a little elsewhere for good.
        self.knock_after = self._hand_rng.randrange(*KNOCK_AFTER_TILES)
        self._touches = 0
        self.knocks = 0
        # Written letters with the hazards of a table: the camera is knocked once, at this frame.
        self.knock_at_frame = self._hand_rng.randrange(*KNOCK_AT_FRAME) if hazards and handwritten else None
        # The board's LEDs (the session's simulated strip, a BoardLeds): their light under the
        # squares is in the picture, as on a real table (None: no LEDs).
        self.leds = None
        self._glow_key: tuple | None = None
        self._glow = None

    # the table tells the camera what lies on it
    def show(self, tiles: dict) -> None:
        with self._lock:
            if self.hazards and self.handwritten:
                # a letter rubbed out leaves a ghost and a smear of the eraser
                for square, (uid, name) in self._marks.items():
                    if tiles.get(square, (None, None))[0] != uid:
                        ghosts = self._ghosts.setdefault(square, [])
                        ghosts[:] = ghosts[-1:] + [(uid, name)]      # the eraser takes older ones
            self._marks = dict(tiles)

    def touch(self, square) -> None:
        """A hand laid or took a tile at ``square``: it stays in the picture a while."""
        if not self.hands or self.clock is None:
            return
        rng = self._hand_rng
        lean, long = HAND_LEANS
        linger = rng.uniform(*long) if rng.random() < lean else rng.uniform(*HAND_LINGER)
        r, c = square
        reach = min(0.95, max(0.2, 0.3 + 0.7 * max(abs(r - self.rows / 2) / self.rows, abs(c - self.cols / 2) / self.cols)))
        with self._lock:
            self._hand = (self.clock() + linger, rng.randrange(1 << 30), reach)
            self._touches += 1
            if self._touches == self.knock_after:
                self.knock()

    def knock(self, amount: float = 0.03) -> None:
        """The camera knocked: it sees the board moved by up to ``amount`` of the board's side,
        and a little turned, from now on (its calibration is then wrong)."""
        import numpy as np

        rng = np.random.default_rng([self.seed, 4711, self.knocks])
        if self._camera.pinhole is not None:
            self._virtual._knock_view(self._camera, rng, amount)
            self._clean = None
            self.knocks += 1
            return
        corners = self._camera.corners
        side = float(np.linalg.norm(corners[1] - corners[0]))
        self._camera.corners = corners + rng.uniform(-amount, amount, 2) * side + \
            rng.uniform(-amount / 3, amount / 3, (4, 2)) * side
        self._clean = None
        self.knocks += 1

    def _hand_over_board(self):
        hand = self._hand
        if hand is None or self.clock is None or self.clock() >= hand[0]:
            return None
        return hand

    def _photograph(self, marks: dict):
        """The table's photograph without noise (uint8)."""
        import cv2
        import numpy as np

        v = self._virtual
        cell = v._RENDER_CELL
        border = int(v._BORDER_CELLS * cell)
        board = self._board.copy()
        for (r, c), ghosts in sorted(self._ghosts.items()):
            for uid, name in ghosts:
                self._smudge(board, border + c * cell, border + r * cell, (r, c), uid, name)
        if self.footprint is not None:
            # a card covers its slot: every square of it shows the card (no print: to the camera
            # one card looks like another)
            marks = {sq: mark for square, mark in marks.items() for sq in self.footprint(square)}
        pinhole = self._camera.pinhole
        faces: list = []
        for (r, c), (uid, name) in sorted(marks.items()):
            x0, y0 = border + c * cell, border + r * cell
            symbol = name if len(name) == 1 else "?"
            if self.handwritten:
                if symbol not in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
                    continue
                colour, letter, lx, ly = self._letter(x0, y0, (r, c), uid, symbol)
                v._blend(board, letter, lx, ly, colour)
            elif pinhole is not None:
                rng = v._scene_rng(self.seed, "tile", r, c, symbol)
                faces.append(v._tile_face(x0, y0, cell, symbol, self._camera.font, rng))
            else:
                rng = v._scene_rng(self.seed, "tile", r, c, symbol)
                v._draw_tile(board, x0, y0, cell, symbol, self._camera.font, rng)
        width, height = self._size
        if pinhole is not None:
            image = v._photograph_3d(board, self._grid, faces, self._camera.table, pinhole, self.style.tile_height, self.seed)
        else:
            homography = cv2.getPerspectiveTransform(self._grid, self._camera.corners.astype(np.float32))
            image = self._camera.table.copy()
            cv2.warpPerspective(board, homography, (width, height), dst=image, flags=cv2.INTER_AREA,
                                borderMode=cv2.BORDER_TRANSPARENT)
        del board
        image = cv2.multiply(image, self._light, scale=1 / 128)
        if self.style.blur_sigma > 0:
            image = cv2.GaussianBlur(image, (0, 0), self.style.blur_sigma)
        return image

    def _letter(self, x0: int, y0: int, square, uid: bytes, symbol: str):
        """How a child wrote ``symbol`` (the mark ``uid``) on a square: (colour, mask, x, y)."""
        import cv2

        from wordboard.camera.handwriting import draw_held_out_letter

        v = self._virtual
        cell = v._RENDER_CELL
        r, c = square
        rng = v._scene_rng(self.seed, "written", r, c, uid.hex())
        colour = self.inks[int(rng.integers(len(self.inks)))]
        held_out = self.writing == "held-out" or (self.writing == "mixed" and rng.random() < 0.5)
        draw = draw_held_out_letter if held_out else v.draw_skeleton_letter
        letter = draw(symbol, int(cell * rng.uniform(*WRITTEN_HEIGHT)), rng)
        widest = cell * 0.7
        if letter.shape[1] > widest:
            k = widest / letter.shape[1]
            letter = cv2.resize(letter, (int(letter.shape[1] * k), max(1, int(letter.shape[0] * k))))
        lx = x0 + (cell - letter.shape[1]) // 2 + int(rng.uniform(-WRITTEN_OFFSET, WRITTEN_OFFSET) * cell)
        ly = y0 + (cell - letter.shape[0]) // 2 + int(rng.uniform(-WRITTEN_OFFSET, WRITTEN_OFFSET) * cell)
        return colour, letter, lx, ly

    def _smudge(self, board, x0: int, y0: int, square, uid: bytes, name: str) -> None:
        """What a rubbed-out letter leaves: a faint blurred ghost and the eraser's grey smear."""
        import cv2
        import numpy as np

        v = self._virtual
        cell = v._RENDER_CELL
        if len(name) != 1 or name not in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            return
        colour, letter, lx, ly = self._letter(x0, y0, square, uid, name)
        rng = v._scene_rng(self.seed, "smudge", *square, uid.hex())
        ghost = cv2.GaussianBlur(letter, (0, 0), 1.2).astype(np.float32) * rng.uniform(0.05, 0.12)
        v._blend(board, ghost.astype(np.uint8), lx + int(rng.integers(-2, 3)), ly + int(rng.integers(-2, 3)), colour)
        smear = np.zeros((cell, cell), np.uint8)
        centre = (cell // 2 + int(rng.integers(-5, 6)), cell // 2 + int(rng.integers(-5, 6)))
        axes = (int(cell * rng.uniform(0.25, 0.4)), int(cell * rng.uniform(0.12, 0.3)))
        cv2.ellipse(smear, centre, axes, float(rng.uniform(0, 180)), 0, 360, int(255 * rng.uniform(0.05, 0.1)), -1)
        v._blend(board, cv2.GaussianBlur(smear, (0, 0), 4), x0, y0, (90, 90, 90))

    def _hazards(self, image):
        """The table's hazards in this frame: now and then a hand reaching over the board for a
        few frames, someone leaning over (a shadow), the light of the room slowly changing."""
        import cv2
        import numpy as np

        v = self._virtual
        rng = v._scene_rng(self.seed, "hazard", self._frame)
        frame = self._frame
        if frame > 6 and frame > self._hand_until and rng.random() < 0.015:
            self._hand_until = frame + int(rng.integers(2, 9))
            self._hand_seed = frame
        if frame <= self._hand_until:
            image = image.copy()
            reach = v._scene_rng(self.seed, "reach", self._hand_seed).uniform(0.1, 0.8)
            v._draw_hand(image, self._camera.corners, v._scene_rng(self.seed, "hand", self._hand_seed), reach)
        if self._head is None or frame > self._head[0]:
            self._head = None
            if frame > 6 and rng.random() < 0.006:
                width, height = self._size
                mask = np.zeros((height, width), np.float32)
                centre = (int(rng.uniform(0.2, 0.8) * width), int(rng.uniform(0.2, 0.8) * height))
                axes = (int(rng.uniform(0.15, 0.35) * width), int(rng.uniform(0.15, 0.35) * height))
                cv2.ellipse(mask, centre, axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
                mask = cv2.GaussianBlur(mask, (0, 0), width * 0.03) * rng.uniform(0.25, 0.5)
                shade = np.clip(np.round((1 - mask) * 128), 0, 255).astype(np.uint8)
                self._head = (frame + int(rng.integers(6, 30)), np.repeat(shade[..., None], 3, axis=2))
        if self._head is not None:
            image = cv2.multiply(image, self._head[1], scale=1 / 128)
        if frame == self.knock_at_frame:
            self.knock()                  # seen from the next frame on
        level = 1.0 + 0.12 * np.sin(frame / 400.0 + self.seed)      # the room's light, slowly
        return cv2.convertScaleAbs(image, alpha=level)

    def _glow_layer(self, marks: dict):
        """The light the board's LEDs add to the picture now (uint8 BGR, warped into the camera's
        view), or None when they are dark. Drawn again only when the strip or the tiles change."""
        import cv2
        import numpy as np

        leds = self.leds
        sent = getattr(getattr(leds, "pixels", None), "transmitted", None)
        if leds is None or sent is None:
            return None
        key = (sent, float(leds.pixels.brightness), frozenset(marks), self.knocks)
        if key == self._glow_key:
            return self._glow
        from wordboard.leds.simulated import emitted_frame

        self._glow_key = key
        frame = emitted_frame(leds.pixels, leds.wiring)
        light = np.array(frame.pixels, np.float32).reshape(self.rows, self.cols, 3)[..., ::-1]   # BGR duty
        if not light.any():
            self._glow = None
            return None
        cell = 24                                   # the light is soft: a coarse drawing will do
        ramp = np.abs(np.arange(cell, dtype=np.float32) + 0.5 - cell / 2) / (cell / 2)    # 0 middle, 1 edge
        edge = np.maximum(ramp[:, None], ramp[None, :])
        open_square = 1.0 - 0.5 * edge ** 2
        under_tile = np.where(edge > 0.86, 0.7, GLOW_THROUGH_TILE).astype(np.float32)
        shape = np.empty((self.rows, self.cols, cell, cell), np.float32)
        shape[:] = open_square
        if not self.handwritten:                    # (written letters do not hide the light)
            for (r, c) in marks:
                shape[r, c] = under_tile
        layer = shape.transpose(0, 2, 1, 3).reshape(self.rows * cell, self.cols * cell)
        colour = cv2.resize(light, (self.cols * cell, self.rows * cell), interpolation=cv2.INTER_NEAREST)
        layer = colour * (layer * (GLOW_LEVELS / 255.0))[..., None]
        layer = cv2.GaussianBlur(layer, (0, 0), cell * 0.12)
        if self._camera.pinhole is not None:
            warped = self._virtual.board_layer_in_view(layer, self._camera.pinhole, cell)
            self._glow = np.clip(np.round(warped), 0, 255).astype(np.uint8)
            return self._glow
        h, w = layer.shape[:2]
        grid = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
        homography = cv2.getPerspectiveTransform(grid, self._camera.corners.astype(np.float32))
        width, height = self._size
        warped = cv2.warpPerspective(layer, homography, (width, height), flags=cv2.INTER_LINEAR,
                                     borderMode=cv2.BORDER_CONSTANT, borderValue=0)
        self._glow = np.clip(np.round(warped), 0, 255).astype(np.uint8)
        return self._glow

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
        glow = self._glow_layer(marks)
        if glow is not None:
            image = cv2.add(image, glow)
        hand = self._hand_over_board()
        if hand is not None:
            image = image.copy()
            self._virtual._draw_hand(image, self._camera.corners, np.random.default_rng(hand[1]), hand[2])
            self.hand_frames += 1
        if self.hazards:
            image = self._hazards(image)
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
    def tidy(cls) -> Habits:
        return cls(slide=0, second_thoughts=0, knock=0, bump=0, mistake=0)

