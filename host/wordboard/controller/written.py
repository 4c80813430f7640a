"""Letters written on the board, read by the camera: the only sensor eXtraDICTION has; and with
``tiles`` the tiles on a board sensed by the camera alone (no sensor board).

:class:`WrittenLetters` is a sensor backend (``next_event``, ``request_snapshot``, ``close``) made
of "eyes": each reading of the board becomes ``Placed``/``Lifted`` events for what changed, so the
controller's move tracking (settling, end of turn, letters rubbed out, played letters smudged)
works on written letters as on tiles. A letter read with confidence is reported with a tag whose
tile code is that letter (so it is identified like a letter tile); an unsure reading is an
occupied square of unknown letter (the adapter works it out from the clue card, or asks). The
"tag" of a written letter is made from its square and its symbol, so writing another letter over
a rubbed-out one is a new tile.

Eyes: :class:`VisionEyes` (the virtual or real camera and the handwriting reader: on the board
read on a thread, every ``wall_period`` seconds; on the twin read in the controller's step, every
``period`` seconds of the twin's time, so what is read does not depend on how fast this computer
reads) and :class:`TableEyes` (the twin's table read exactly, when it changed: for the fast tests).
"""

from __future__ import annotations

import queue
import random
import threading
import time
from typing import Any

from wordboard.sensor.events import Lifted, Placed, Tag
from wordboard.sensor.events import Square as SensorSquare
from wordboard.sensor.identity import BlankTile, LetterTile, decode_tile_code, encode_tile_code

Square = tuple[int, int]
UNSURE = "~"
COVERED = "#"           # something over the square (a hand): what was seen there holds
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
BLANK_TILE = "?"        # what the tile reader says of a blank tile


def written_tag(square: Square, symbol: str, mark: int | None = None) -> Tag:
    """The "tag" of what the camera sees on a square: a letter (written, or a letter tile), a
    blank tile (``?``), or an unsure reading (no tile code). ``mark``: which thing laid on the
    square since the camera started (see ``WrittenLetters.blocks``), part of the tag's
    UID so that a thing laid again looking the same is another tag."""
    uid = bytes([0xEE, square[0] & 0xFF, square[1] & 0xFF, ord(symbol) & 0xFF])
    if mark is not None:
        uid += mark.to_bytes(2, "big")
    if symbol in LETTERS:
        memory = encode_tile_code(LetterTile(symbol))
    elif symbol == BLANK_TILE:
        memory = encode_tile_code(BlankTile())
    else:
        memory = b""
    return Tag(uid, memory)


def identify_written(tag: Tag) -> str | None:
    identity = decode_tile_code(tag.memory)
    if isinstance(identity, BlankTile):
        return BLANK_TILE
    return getattr(identity, "letter", None)


class TableEyes:
    """The twin's table, read exactly (``doubt``: the chance that a letter is read unsure)."""

    def __init__(self, table, *, doubt: float = 0.0, seed: int = 0):
        self.table = table
        self.doubt = doubt
        self.seed = seed
        #: blocks a thing laid covers whole (see WrittenLetters): a card on any square of its
        #: slot is seen over the whole slot, with no letter (as the virtual camera draws it)
        self.blocks: tuple = ()
        self._last: tuple | None = None

    def changed(self) -> bool:
        state = tuple(sorted((sq, uid) for sq, (uid, _) in self.table.tiles.items()))
        if state == self._last:
            return False
        self._last = state
        return True

    def read(self) -> dict:
        out = {}
        for square, (uid, name) in list(self.table.tiles.items()):
            block = next((b for b in self.blocks if square in b), None)
            if block is not None:
                out.update({covered: (BLANK_TILE, 1.0) for covered in block})
                continue
            unsure = self.doubt and random.Random(f"{self.seed}:{uid.hex()}").random() < self.doubt
            out[square] = (name, 0.4) if unsure else (name, 1.0)
        return out


class VisionEyes:
    """A camera (``read() -> image``) and the handwriting reader.

    Written letters (``handwritten``): whether a square is written on is decided by the ink
    detector (:mod:`wordboard.camera.ink`: the square against the empty board as first seen,
    kept up to date as the light changes), never by the letter classifier; the classifier only
    says which letter it is (unsure when it cannot tell). A square covered by a hand is
    :data:`COVERED` (what was seen there holds). :attr:`marks` numbers each square's mark, so a
    correction holds for that mark only. Tiles (``handwritten`` False): the tile reader alone."""

    def __init__(self, source, rows: int, cols: int, *, frames: int = 3, reader=None, full_every: int = 4,
                 handwritten: bool = True):
        self.source = source
        self.handwritten = handwritten          # letters written by hand; else tiles
        self.rows, self.cols = rows, cols
        self.frames = frames
        self.reader = reader
        self.failures = 0
        self.full_every = full_every
        self._reads = 0
        self.problem: str | None = None        # why the last read gave no reading, in one line
        self.ink: Any = None                     # the InkDetector, made at the first reading
        self.written: frozenset = frozenset()   # squares written on before the first look
        self.marks: dict[Square, int] = {}
        self.lights: Any = None                  # the board's LEDs, a LightWatch (see relit)
        #: blocks of squares one thing laid covers (Dexikon's card slots), for the tile reader
        #: (``BoardReader.blocks``: a change within one is a card laid or lifted, not a hand)
        self.blocks: tuple = ()
        self._shifted = 0                        # readings in a row with the board not where believed

    def changed(self) -> bool:
        return True

    def prepare(self) -> None:
        """Make the reader (on a first start, the letter classifier is trained: many seconds on a
        Pi), if it is not made yet. :meth:`read` does it when first called; a caller that can
        keep systemd's watchdog fed meanwhile calls this first."""
        if self.reader is not None:
            return
        from wordboard.camera.worker import board_reader

        self.reader = board_reader(self.source, self.rows, self.cols, handwritten=self.handwritten)
        self.reader.blocks = self.blocks
        self.reader.covered_at_start = self.written
        if self.handwritten:
            # a shadow that stays (a lamp, someone leaning over) is not a hand for ever: the
            # ink detector tells a hand (covered squares) from writing
            self.reader.occlusion_patience = 4 * self.frames

    def read(self) -> dict | None:
        self.prepare()
        reading = full = None
        self._reads += 1
        if self.lights is not None:
            self.lights.tell(self.reader, self.frames)
        try:
            for _ in range(self.frames):
                frame = self.source.read()
                reading = self.reader.update(frame)
            if self.handwritten:
                if getattr(self.reader, "lost", False):
                    self._find_board_again(frame)
                    return None
                written = self._written(reading, frame)
                self.problem = None if written is not None else \
                    "something is between the camera and the board (a hand?)"
                return written
            if self.full_every and self._reads % self.full_every == 0 and reading is not None \
                    and not reading.occluded:
                # The stream reader reads a square again only when its pixels change enough; a
                # thin letter (I, L) written on a light square can slip under that. Now and then
                # the whole board is read afresh, and a letter it finds on a square the stream
                # sees empty counts.
                full = self.reader.read(frame)
        except Exception as exc:  # noqa: BLE001 - a failed read is no opinion
            self.failures += 1
            self.problem = _read_problem(exc)
            return None
        if reading is None or reading.occluded:
            self.problem = LOST if getattr(self.reader, "lost", False) else \
                "something is between the camera and the board (a hand?)"
            return None
        self.problem = None
        out = {(r, c): (sq.symbol, sq.confidence) for r, row in enumerate(reading.squares)
               for c, sq in enumerate(row) if sq.symbol != "."}
        if full is not None:
            from wordboard.camera.state import SURE

            again = []
            for r, row in enumerate(full.squares):
                for c, sq in enumerate(row):
                    if (r, c) not in out and sq.symbol in LETTERS:
                        out[(r, c)] = (sq.symbol, sq.confidence)
                    held = reading.squares[r][c].symbol
                    if sq.confidence >= SURE and sq.symbol in LETTERS and held in LETTERS and sq.symbol != held:
                        again.append((r, c))
            if again and not self.blocks and hasattr(self.reader, "read_again"):
                # The whole board read afresh surely sees another letter than the stream holds:
                # the stream reads those squares again. Under a hand a tile may be lifted and
                # another laid on its square (HEXX's Lost Origin, then the next word), and from
                # one letter to another the picture hardly changes (HEXX seed 11 under --noise
                # held the S taken off for the E laid there). Blank or empty is not asked so:
                # the stream tells those by each square's look when empty, which one picture
                # has not (HEXX's wild tile on E1, seed 11, was read again 283 times and the
                # game went round for good).
                self.reader.read_again(again)
        return out

    def _find_board_again(self, frame) -> None:
        """Written letters, the board not where it is believed (the grid lines gone from their
        place, or the board's print shifted): the empty board's picture is lined up with the
        picture straightened where the board was believed (a small knock), else where the board
        is found anew in ``frame``, and the grid taken there, so every letter stays on its square
        with its mark. Until then nothing is read (the table is told :data:`LOST`). After
        :data:`KNOCK_PATIENCE` readings with the grid lines in place and no such place, the
        empty board's picture is learnt again where the grid is believed (the letters written are
        then told from their own paper)."""
        from wordboard.camera.ink import CELL

        self._shifted += 1
        reader, ink = self.reader, self.ink
        if ink is not None and ink.reference is not None:
            found = None
            canonical = getattr(reader, "last_canonical", None)
            warp = ink.register(canonical) if canonical is not None else None
            if warp is not None:
                found = reader.moved_by(warp, CELL)
            else:
                seen = reader.find_board(frame)
                warp = ink.register(seen[1]) if seen is not None else None
                if seen is not None and warp is not None:
                    found = reader.moved_by(warp, CELL, seen[0])
            if found is not None:
                reader.move_to(found, afresh=True)
                self._shifted = 0
            elif self._shifted >= KNOCK_PATIENCE and not reader.lost:
                ink.moved()
                self._shifted = 0
        self.problem = LOST

    def _written(self, reading, frame) -> dict | None:
        """Written letters: where the ink is, and what the classifier reads there."""
        from wordboard.camera.ink import CELL, WRITTEN, InkDetector
        from wordboard.camera.ink import COVERED as INK_COVERED

        canonical = getattr(self.reader, "last_canonical", None)
        if reading is None or canonical is None:
            return None
        if self.ink is None:
            self.ink = InkDetector(self.rows, self.cols, CELL, written=self.written)
        if reading.occluded:
            return None                         # a hand over the board: no opinion
        if self.ink.shifted(canonical) >= KNOCK_SHIFTED:
            # The empty board's print is not where it was in the straightened picture: the camera
            # or the board was knocked, too little for the grid lines to tell, and every square
            # would show ink along its edge (phantom letters everywhere). Nothing is read.
            self._find_board_again(frame)
            return None
        self._shifted = 0
        states = self.ink.look(canonical)
        self.marks = {sq: st.mark for sq, st in states.items()}
        out: dict = {}
        unread = []
        for square, state in states.items():
            if state.state == INK_COVERED:
                out[square] = (COVERED, 1.0)
            elif state.state == WRITTEN:
                seen = reading.squares[square[0]][square[1]]
                if seen.symbol in LETTERS:
                    out[square] = (seen.symbol, seen.confidence)
                else:
                    unread.append(square)
        if unread and self.full_every:
            # the stream reader saw no letter where there is ink (a thin letter that changed the
            # square too little to be read again): those squares are read afresh
            for square, seen in self.reader.read_at(frame, unread).items():
                out[square] = (seen.symbol, seen.confidence) if seen.symbol in LETTERS else (UNSURE, 0.0)
        return out


#: Written letters: the board's print shifted on this share of the empty squares in the
#: straightened picture is a knock (see VisionEyes._written, InkDetector.shifted)...
KNOCK_SHIFTED = 0.15
#: ... and after this many readings so, the board not found where it lines up, the empty board is
#: learnt again where the grid is believed (a knock the board finder cannot follow).
KNOCK_PATIENCE = 8

#: wall seconds a look at the board may take before the camera is said not to answer (a look is
#: 3 frames and their reading: well under a second on a Pi 4 at a still's resolution)
READ_TIMEOUT = 5.0
#: wall seconds closing waits for a look under way to end
CLOSE_WAIT = 2.0
#: What the table is told while the camera looks for a board that moved (see BoardReader.lost).
LOST = "the board is not where the camera saw it (the camera or the board knocked?): looking for it"


def _read_problem(exc: Exception) -> str:
    """Why a camera read failed, in one line (the camera's own message, or the board not found)."""
    from wordboard.camera.locate import BoardNotFound
    from wordboard.errors import UserError

    if isinstance(exc, BoardNotFound):
        return f"the camera does not find the board ({' '.join(str(exc).split())})"
    if isinstance(exc, UserError):
        return " ".join(str(exc).split())
    return f"the camera's picture could not be read ({type(exc).__name__}: {' '.join(str(exc).split())})"


class WrittenLetters:
    """The sensor backend (see the module docs). ``confidence``: below it a letter is unsure
    (default :data:`wordboard.camera.state.SURE`).
    Not ``threaded``: the eyes are read in :meth:`next_event`, when they saw a change, and with
    ``clock`` and ``period`` at most once every ``period`` seconds of that clock."""

    #: the camera reads the table by sight: a hand over the board is routine, so the controller
    #: tells the players only of a problem that lasts (ControllerOptions.problem_after)
    reads_by_sight = True

    def __init__(self, eyes, *, threaded: bool, wall_period: float = 0.2, confidence: float | None = None,
                 steady: int = 1, clock=None, period: float | None = None, written=(), tiles: bool = False,
                 blocks=(), read_timeout: float = READ_TIMEOUT):
        self.eyes = eyes
        self.read_timeout = read_timeout   # wall seconds a look may take before the camera is said to hang
        self._looking_since: float | None = None   # when the look under way began (time.monotonic)
        self.tiles = tiles              # the camera reads tiles (a "?" is a blank tile), not writing
        # Blocks of squares that one thing laid covers whole, things that look alike to the camera
        # (Dexikon's card slots and cards). A block is covered when more than half its squares are
        # seen covered, and empty when fewer than half are (half and half: as it was): a square
        # misread at a card's edge does not make a card. And things laid one after another on the
        # same block are told apart by when they were laid: each time a square is seen covered
        # after being seen empty, what covers it is a new mark with a new tag.
        self.blocks: tuple[frozenset[Square], ...] = tuple(frozenset(tuple(s) for s in block) for block in blocks)
        self._laid: dict[Square, int] = {}     # square -> how many things were laid there
        # Squares already written on (a resumed game): what is seen there is writing, never the
        # board's own marks, even in the first reading.
        self.written = frozenset(tuple(s) for s in written)
        if confidence is None:  # (the camera package imports OpenCV: only when a camera is used)
            from wordboard.camera.state import SURE

            confidence = SURE
        self.confidence = confidence
        self.wall_period = wall_period
        self.clock = clock
        self.period = period
        self._next_read = float("-inf")
        self.steady = steady
        self.seen: dict[Square, str] = {}
        self._changing: dict[Square, tuple[str | None, int]] = {}   # square -> (reading, readings in a row)
        self.raw: dict[Square, str] = {}    # the last reading, before corrections and steadying
        #: the last reading as the eyes gave it: square -> (symbol, confidence), unsure letters
        #: with the letter read (a recording, which no one can ask, takes that best reading)
        self.read_as: dict[Square, tuple[str, float]] = {}
        self._covered: set[Square] = set()  # squares under a hand in the last reading
        self._letters: dict[Square, tuple[object, str]] = {}   # square -> (mark, the letter it was read as)
        self._lock = threading.RLock()      # the readings (a thread on the board) and corrections
        # square -> (".", or a letter; the mark it holds for, None: the first one seen)
        self.corrections: dict[Square, tuple[str, object]] = {}
        if hasattr(eyes, "written"):
            eyes.written = self.written
        if hasattr(eyes, "blocks"):
            eyes.blocks = self.blocks
        self.readings = 0
        self._problem: str | None = None        # why the camera's last look gave no reading
        self._scanned: list[float] = []        # when the last readings were taken (the clock's time)
        self._events: queue.Queue = queue.Queue()
        self._stop = threading.Event()
        self._thread = None
        self.threaded = threaded
        if threaded:
            self._thread = threading.Thread(target=self._run, daemon=True, name="written-letters")
            self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._scan()
            self._stop.wait(self.wall_period)

    @property
    def problem(self) -> str | None:
        """Why the camera gives no reading now, in one line, or None. A look that has taken
        longer than ``read_timeout`` is one: a camera whose read hangs (a stuck driver, a USB
        camera half pulled out) is said to the players, and no stale reading ends a turn."""
        started = self._looking_since
        if started is not None:
            waited = time.monotonic() - started
            if waited > self.read_timeout:
                return f"the camera does not answer (no picture for {waited:.0f} s)"
        return self._problem

    @problem.setter
    def problem(self, value: str | None) -> None:
        self._problem = value

    @property
    def looking(self) -> bool:
        """Whether a look at the board is under way (the camera is being read)."""
        return self._looking_since is not None

    def _scan(self) -> None:
        taken = self.clock() if self.clock is not None else time.monotonic()
        self._looking_since = time.monotonic()
        try:
            symbols = self.eyes.read()
        finally:
            self._looking_since = None
        if symbols is None:
            self.problem = getattr(self.eyes, "problem", None) or "the camera has no clear view of the board"
            return
        self.problem = None
        with self._lock:
            self._take(taken, symbols)

    def _take(self, taken: float, symbols: dict) -> None:
        self.readings += 1
        self.read_as = dict(symbols)
        self._scanned = (self._scanned + [taken])[-8:]
        now: dict[Square, str] = {}
        self._covered = set()
        known = LETTERS + BLANK_TILE if self.tiles else LETTERS
        for square, (symbol, confidence) in symbols.items():
            if symbol == "." or (symbol == BLANK_TILE and not self.tiles):
                continue
            if symbol == COVERED:               # a hand over it: what was seen there holds
                self._covered.add(square)
                if square in self.seen:
                    now[square] = self.seen[square]
                continue
            now[square] = symbol if confidence >= self.confidence and symbol in known else UNSURE
        now = self._same_mark(now)
        now = self._whole_blocks(now)
        self.raw = dict(now)
        now = self._corrected(now)
        now = self._steadied(now)
        for square in sorted(set(self.seen) - set(now)):
            self._events.put(Lifted(SensorSquare(*square)))
        for square, symbol in sorted(now.items()):
            if square not in self.seen:
                self._laid[square] = self._laid.get(square, 0) + 1
            if self.seen.get(square) != symbol:
                self._events.put(Placed(SensorSquare(*square), self._tag(square, symbol)))
        self.seen = now

    def _whole_blocks(self, now: dict) -> dict:
        """Each block (see ``blocks``) covered or empty whole, by most of its squares."""
        for block in self.blocks:
            covered = sum(1 for square in block if square in now)
            if 2 * covered == len(block):                 # half and half: as it was
                whole = any(square in self.seen for square in block)
            else:
                whole = 2 * covered > len(block)
            for square in block:
                if whole:
                    now.setdefault(square, self.seen.get(square, BLANK_TILE))
                else:
                    now.pop(square, None)
        return now

    def _tag(self, square: Square, symbol: str) -> Tag:
        return written_tag(square, symbol, self._laid.get(square, 0) if self.blocks else None)

    def _same_mark(self, now: dict) -> dict:
        """A mark read surely as a letter stays that letter while it is there: an unsure reading of
        the same mark (the light, a reflection) does not make it unknown again. Only for eyes
        that number the marks."""
        marks = getattr(self.eyes, "marks", None)
        if not marks:
            return now
        for square in [s for s in self._letters if s not in now]:
            del self._letters[square]
        for square, symbol in now.items():
            mark = marks.get(square)
            if symbol in LETTERS:
                self._letters[square] = (mark, symbol)
            elif symbol == UNSURE and self._letters.get(square, (None, None))[0] == mark:
                now[square] = self._letters[square][1]
        return now

    # -- corrections from the table ----------------------------------------------------------------

    def correct(self, square: Square, symbol: str) -> None:
        """The table says what is on ``square``: ``"."`` (nothing is written there: the camera
        sees a mark that is not writing) or a letter (the camera misread it). It holds for the
        mark the camera sees there now (or, before the first reading, the first one it sees): a
        letter rubbed out, or something new written there, is read afresh. The change comes
        through at the next reading."""
        square = (int(square[0]), int(square[1]))
        if symbol != "." and symbol not in LETTERS and not (self.tiles and symbol == "?"):
            raise ValueError(f"a correction is '.' or a capital letter{', or ? for a blank' if self.tiles else ''}, "
                             f"not {symbol!r}")
        with self._lock:
            self._correct(square, symbol)

    def _correct(self, square: Square, symbol: str) -> None:
        self.corrections[square] = (symbol, self._mark(square) if self.readings else None)
        if self.readings:
            # at once: the square as corrected, without waiting for readings in a row
            fixed = self._corrected({**self.seen, **({square: self.raw[square]} if square in self.raw else {})})
            self._changing.pop(square, None)
            if fixed.get(square) != self.seen.get(square):
                if square in fixed:
                    if square not in self.seen:
                        self._laid[square] = self._laid.get(square, 0) + 1
                    self._events.put(Placed(SensorSquare(*square), self._tag(square, fixed[square])))
                    self.seen[square] = fixed[square]
                else:
                    self._events.put(Lifted(SensorSquare(*square)))
                    self.seen.pop(square, None)

    def _mark(self, square: Square):
        """Which mark the eyes see on ``square``: their mark number, else (eyes that number no
        marks) what they read there."""
        marks = getattr(self.eyes, "marks", None)
        if marks:
            return ("mark", marks.get(square))
        return ("read", self.raw.get(square))

    def _corrected(self, now: dict) -> dict:
        """The readings with the table's corrections, for as long as each one's mark is there."""
        if not self.corrections:
            return now
        out = dict(now)
        for square, (symbol, mark) in list(self.corrections.items()):
            if square in self._covered:
                continue                        # as it was (corrected) until the hand goes
            here = self._mark(square)
            if mark is None:                    # given before the first reading: this mark
                if square not in now:
                    continue
                mark = here
                self.corrections[square] = (symbol, mark)
            if here != mark or square not in now:
                del self.corrections[square]    # rubbed out, or written again: read afresh
                continue
            if symbol == ".":
                out.pop(square, None)
            else:
                out[square] = symbol
        return out

    def _steadied(self, now: dict) -> dict:
        """A square's reading changes only when the new reading holds for ``steady`` readings in a
        row (one more to change a letter into another letter: a written letter does not turn
        into another without being rubbed out), so one noisy reading is no event."""
        if self.steady <= 1:
            return now
        out = dict(self.seen)
        for square in set(self.seen) | set(now) | set(self._changing):
            new, old = now.get(square), self.seen.get(square)
            if new == old:
                self._changing.pop(square, None)
                continue
            last, count = self._changing.get(square, (None, 0))
            count = count + 1 if last == new else 1
            self._changing[square] = (new, count)
            need = self.steady + (1 if old is not None and new is not None else 0)
            if count >= need:
                self._changing.pop(square, None)
                if new is None:
                    out.pop(square, None)
                else:
                    out[square] = new
        return out

    def next_event(self, timeout: float | None = None):
        if not self.threaded and self._events.empty() and self._due():
            if self.eyes.changed():
                self._scan()
            elif self.readings:             # nothing changed since the last reading: it still holds
                taken = self.clock() if self.clock is not None else time.monotonic()
                self._scanned = (self._scanned + [taken] * (self.steady + 1))[-8:]
        try:
            if self.threaded and timeout:
                return self._events.get(timeout=timeout)
            return self._events.get_nowait()
        except queue.Empty:
            return None

    def _due(self) -> bool:
        if self.clock is None or not self.period:
            return True
        now = self.clock()
        if now < self._next_read:
            return False
        self._next_read = now + self.period
        return True

    def request_snapshot(self) -> None:
        pass

    def caught_up(self, since: float) -> bool:
        """Whether enough readings were taken after ``since`` for what the board held then to
        have come through (a change needs ``steady`` readings in a row, one more to change a
        letter into another)."""
        return sum(1 for t in self._scanned if t >= since) >= self.steady + 1

    def wait_connected(self, timeout: float = 10.0) -> bool:
        """Ready once the first reading is in (the camera found the board)."""
        if not self.threaded:
            return True
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.readings:
                return True
            time.sleep(0.05)
        return self.readings > 0

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            # Never leave the camera mid-read at exit, but a read that hangs is not waited for
            # long: systemd allows the whole stop 10 s (TimeoutStopSec), and the thread is a
            # daemon that ends with the process (before: 10 s here, 10.7 s to stop).
            self._thread.join(timeout=CLOSE_WAIT)
