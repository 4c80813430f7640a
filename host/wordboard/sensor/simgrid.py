"""A simulated sensor board: the physical grid, fake hardware, and the firmware running on it.

:class:`SimulatedGrid` is the table: tiles with RFID tags resting on squares, slides across
squares, bumps that make reed switches chatter, readers that are dead, flicker or pick up a
neighbour's tag. :class:`SimulatedBoard` runs the real firmware (``firmware/sensorfw``)
against it on a simulated clock: every scan, field switch and tag read costs the time it
costs on the real board, so figures measured here are the board's, not this computer's.
"""

from __future__ import annotations

import heapq
import itertools
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import Protocol

from wordboard.sensor.events import Square
from wordboard.sensor.firmware import load_firmware

USER_MEMORY_PAGES = 36          # NTAG213: pages 4-39 are user memory
FIRST_USER_PAGE = 4


class SimClock:
    """The firmware's clock (ticks_ms, ticks_add, ticks_diff, sleep_ms) in simulated time."""

    def __init__(self) -> None:
        self.us = 0

    def ticks_ms(self) -> int:
        return self.us // 1000

    @staticmethod
    def ticks_add(ticks: int, delta: int) -> int:
        return ticks + delta

    @staticmethod
    def ticks_diff(a: int, b: int) -> int:
        return a - b

    def sleep_ms(self, ms: float) -> None:
        self.us += int(ms * 1000)

    def spend_us(self, us: float) -> None:
        self.us += int(us)

    @property
    def ms(self) -> float:
        return self.us / 1000


@dataclass(frozen=True)
class ReaderTiming:
    """What reader operations cost on the real board (MFRC522 at 4 MHz SPI, NTAG213 tags)."""

    check_ms: float = 1.0       # soft reset and version read
    wake_ms: float = 0.1        # leave soft power-down (1024 clocks) and poll for it
    select_ms: float = 3.0      # WUPA + anticollision + select, tag present
    timeout_ms: float = 2.5     # no tag answers WUPA: the short timer (2 ms) runs out
    read_pages_ms: float = 2.0  # NTAG READ, 16 bytes
    write_page_ms: float = 5.0  # NTAG WRITE, one page (tag programming time included)
    halt_ms: float = 1.3        # HLTA: nobody answers, so it always waits its 1 ms timer
    matrix_scan_us: float = 300.0  # 15 rows x (shift out + settle + shift in)


@dataclass
class SimTag:
    """An RFID sticker under a tile."""

    uid: bytes
    memory: bytearray = field(default_factory=lambda: bytearray(USER_MEMORY_PAGES * 4))
    has_user_memory: bool = True   # False: a MIFARE Classic tag (UID only)


class SimulatedGrid:
    """The physical board, in simulated time.

    Changes are either immediate (``place``, ``lift``) or scheduled at a simulated time
    (``at``, ``slide``, ``bump``); the hardware applies the due ones before each scan.
    """

    def __init__(self, rows: int, cols: int, clock: SimClock, seed: int = 0):
        self.rows = rows
        self.cols = cols
        self.clock = clock
        self.rng = random.Random(seed)
        self.tags: dict[bytes, SimTag] = {}
        self.on_square: dict[Square, bytes] = {}
        self.forced_open: dict[Square, int] = {}     # square -> until (us): reed chatter
        self.forced_closed: dict[Square, int] = {}   # square -> until (us): magnet nearby
        self.dead_readers: set[int] = set()
        self.flicker = 0.0        # chance a present tag does not answer a read
        self.crosstalk = 0.0      # chance a neighbour's tag couples into the coil being read
        self._actions: list[tuple[int, int, Callable[[], object]]] = []  # what they return is ignored
        self._order = itertools.count()

    # ---- tags and tiles -----------------------------------------------------------------

    def new_tag(self, uid: bytes | None = None, *, has_user_memory: bool = True) -> bytes:
        """Create a tag (a random 7-byte NXP UID unless given) and return its UID."""
        while uid is None or uid in self.tags:
            uid = bytes([0x04]) + bytes(self.rng.randrange(256) for _ in range(6))
        self.tags[uid] = SimTag(uid, has_user_memory=has_user_memory)
        return uid

    def place(self, square: Square, uid: bytes) -> None:
        if uid not in self.tags:
            self.new_tag(uid)
        self._check(square)
        for other, there in list(self.on_square.items()):
            if there == uid:
                del self.on_square[other]
        self.on_square[square] = uid

    def lift(self, square: Square) -> bytes | None:
        return self.on_square.pop(square, None)

    def _check(self, square: Square) -> None:
        if not (0 <= square.row < self.rows and 0 <= square.col < self.cols):
            raise ValueError(f"square {square} is off a {self.rows}x{self.cols} grid")

    # ---- scheduled changes --------------------------------------------------------------

    def at(self, ms: float, action: Callable[[], object]) -> None:
        """Run ``action`` when the simulated clock reaches ``ms`` (what it returns is ignored)."""
        heapq.heappush(self._actions, (int(ms * 1000), next(self._order), action))

    def next_action_ms(self) -> float | None:
        return self._actions[0][0] / 1000 if self._actions else None

    def apply_due(self) -> None:
        now = self.clock.us
        while self._actions and self._actions[0][0] <= now:
            heapq.heappop(self._actions)[2]()

    def slide(self, start_ms: float, uid: bytes, path: Iterable[Square | None],
              dwell_ms: Iterable[float]) -> float:
        """A tile slides along ``path`` (first square: where it starts, may be off the board as
        None; last: where it rests), spending ``dwell_ms[i]`` over each square in between.
        Returns the time it lands on the last square."""
        squares = list(path)
        dwells = list(dwell_ms)
        if len(dwells) != max(0, len(squares) - 2):
            raise ValueError("one dwell time for each square between the first and the last")

        def leave(square: Square) -> None:
            if self.on_square.get(square) == uid:
                self.on_square.pop(square, None)

        t = start_ms
        if squares[0] is not None:
            self.at(t, partial(self.lift, squares[0]))
        for square, dwell in zip(squares[1:-1], dwells):
            assert square is not None, "only the first square of a slide may be off the board"
            self.at(t, partial(self.place, square, uid))
            t += dwell
            self.at(t, partial(leave, square))
        last = squares[-1]
        assert last is not None, "a slide ends on a square of the board"
        self.at(t, partial(self.place, last, uid))
        return t

    def bump(self, start_ms: float, squares: Iterable[Square], open_ms: float,
             closed: Iterable[Square] = ()) -> None:
        """A knock on the table: reeds under ``squares`` open for ``open_ms`` (the tiles
        jump), reeds under ``closed`` close for as long (a magnet passes near them)."""
        until = int((start_ms + open_ms) * 1000)

        def hit() -> None:
            for square in squares:
                self.forced_open[square] = until
            for square in closed:
                self.forced_closed[square] = until
        self.at(start_ms, hit)

    # ---- what the hardware senses -------------------------------------------------------

    def occupancy_rows(self) -> list[int]:
        now = self.clock.us
        rows = [0] * self.rows
        for square in self.on_square:
            rows[square.row] |= 1 << square.col
        for overrides, closed in ((self.forced_open, False), (self.forced_closed, True)):
            for square, until in list(overrides.items()):
                if until <= now:
                    del overrides[square]
                elif closed:
                    rows[square.row] |= 1 << square.col
                else:
                    rows[square.row] &= ~(1 << square.col)
        return rows

    def quiet(self) -> bool:
        """No transient effect (bump) is in progress."""
        return not self.forced_open and not self.forced_closed

    def neighbours(self, square: Square) -> list[Square]:
        return [Square(square.row + dr, square.col + dc)
                for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr or dc)
                and 0 <= square.row + dr < self.rows and 0 <= square.col + dc < self.cols]


class SimMatrix:
    """The occupancy matrix as the firmware sees it."""

    def __init__(self, grid: SimulatedGrid, timing: ReaderTiming):
        self.grid = grid
        self.timing = timing

    def scan(self) -> list[int]:
        self.grid.clock.spend_us(self.timing.matrix_scan_us)
        self.grid.apply_due()
        return self.grid.occupancy_rows()


class SimAntennaMux:
    def __init__(self) -> None:
        self.channel = 0

    def select(self, channel: int) -> None:
        self.channel = channel


class SimReader:
    """One MFRC522 and its row of antenna coils, with the costs and failures of the real one."""

    def __init__(self, index: int, grid: SimulatedGrid, mux: SimAntennaMux, timing: ReaderTiming,
                 square_of: dict[tuple[int, int], Square]):
        self.index = index
        self.grid = grid
        self.mux = mux
        self.timing = timing
        self.square_of = square_of
        self.field = False
        self.selected: SimTag | None = None
        self.reads = 0
        self.asleep = False

    def _spend(self, ms: float) -> None:
        self.grid.clock.spend_us(ms * 1000)

    def check(self) -> bool:
        self._spend(self.timing.check_ms)
        self.asleep = True
        return self.index not in self.grid.dead_readers

    def wake(self) -> None:
        self._spend(self.timing.wake_ms)
        self.asleep = False

    def sleep(self) -> None:
        self.asleep = True

    def antenna(self, on: bool) -> None:
        if on and self.asleep:
            raise AssertionError(f"reader {self.index}: antenna on while in soft power-down")
        self.field = on

    def read_uid(self) -> bytes | None:
        self.reads += 1
        self.selected = None
        grid = self.grid
        grid.apply_due()
        square = self.square_of.get((self.index, self.mux.channel))
        if self.index in grid.dead_readers or not self.field or square is None:
            self._spend(self.timing.timeout_ms)
            return None
        uid = grid.on_square.get(square)
        if uid is not None and grid.flicker and grid.rng.random() < grid.flicker:
            uid = None                      # the tag did not answer this time
        if grid.crosstalk and grid.rng.random() < grid.crosstalk:
            near = [grid.on_square[n] for n in grid.neighbours(square) if n in grid.on_square]
            if near:
                if uid is not None:         # two tags answer: anticollision sees a collision
                    self._spend(self.timing.select_ms)
                    return None
                uid = grid.rng.choice(near)  # only the neighbour answers: a wrong UID
        if uid is None:
            self._spend(self.timing.timeout_ms)
            return None
        self._spend(self.timing.select_ms)
        self.selected = grid.tags[uid]
        return uid

    def read_pages(self, page: int) -> bytes | None:
        self._spend(self.timing.read_pages_ms)
        tag = self.selected
        if tag is None or not tag.has_user_memory:
            return None
        start = (page - FIRST_USER_PAGE) * 4
        if start < 0 or start + 16 > len(tag.memory):
            return None
        return bytes(tag.memory[start:start + 16])

    def write_page(self, page: int, data: bytes) -> bool:
        self._spend(self.timing.write_page_ms)
        tag = self.selected
        start = (page - FIRST_USER_PAGE) * 4
        if tag is None or not tag.has_user_memory or start < 0 or start + 4 > len(tag.memory):
            return False
        tag.memory[start:start + 4] = data
        return True

    def halt(self) -> None:
        self._spend(self.timing.halt_ms)
        self.selected = None


class BufferPort:
    """The firmware's serial port in memory: what it writes goes to ``sink``; ``feed`` queues
    bytes for it to read."""

    def __init__(self, sink: Callable[[bytes], None] | None = None):
        self.sink = sink
        self.sent = bytearray()
        self._incoming = bytearray()

    def write(self, data: bytes) -> None:
        if self.sink is None:
            self.sent += data
        else:
            self.sink(bytes(data))

    def read(self) -> bytes:
        data, self._incoming = bytes(self._incoming), bytearray()
        return data

    def feed(self, data: bytes) -> None:
        self._incoming += data

    def take_sent(self) -> bytes:
        data, self.sent = bytes(self.sent), bytearray()
        return data


class FirmwareBoard(Protocol):
    """What the simulator uses of the firmware's ``SensorBoard`` (``firmware/sensorfw/board.py``,
    loaded when the simulator starts, so the type checker cannot follow it there)."""

    scan_period_ms: int
    reported: dict[tuple[int, int], tuple[bytes, object]]  # (row, col) -> (uid, tile code)

    def boot(self) -> None: ...

    def step(self) -> int: ...

    def idle(self) -> bool: ...

    def next_timer_ms(self) -> int: ...


class SimulatedBoard:
    """The firmware running on a simulated grid, in simulated time, talking to ``port``.

    ``settings`` replace firmware build settings (``ROWS``, ``COLS``, ``SETTLE_SCANS``...).
    Power the board with :meth:`power_on`, then move time with :meth:`run_for`.
    """

    def __init__(self, rows: int = 15, cols: int = 15, *, seed: int = 0,
                 timing: ReaderTiming | None = None, port: BufferPort | None = None, **settings):
        self.firmware = load_firmware()
        self.cfg = self.firmware.settings(ROWS=rows, COLS=cols, **settings)
        self.clock = SimClock()
        self.timing = timing or ReaderTiming()
        self.grid = SimulatedGrid(rows, cols, self.clock, seed)
        self.port = port or BufferPort()
        self.rng = random.Random(seed ^ 0x5EED)
        self.mux = SimAntennaMux()
        square_of = {}
        for row in range(rows):
            for col in range(cols):
                square_of[tuple(self.cfg.reader_for_square(row, col))] = Square(row, col)
        self.readers = [SimReader(i, self.grid, self.mux, self.timing, square_of)
                        for i in range(self.cfg.READER_COUNT)]
        self.board: FirmwareBoard | None = None
        self.boots = 0

    @property
    def rows(self) -> int:
        return self.cfg.ROWS

    @property
    def cols(self) -> int:
        return self.cfg.COLS

    def power_on(self) -> None:
        """Start (or restart) the firmware: reader self-test, boot scan, hello, snapshot."""
        fw = self.firmware
        bank = fw.readers.ReaderBank(self.readers, self.mux, self.clock, self.cfg.reader_for_square)
        matrix = SimMatrix(self.grid, self.timing)
        board: FirmwareBoard = fw.board.SensorBoard(self.cfg, matrix, bank, self.port, self.clock,
                                                    boot_id=self.rng.getrandbits(32))
        self.board = board
        self.boots += 1
        board.boot()

    def power_off(self) -> None:
        self.board = None

    def step(self) -> float:
        """One firmware tick (or, powered off, one scan period of the world); returns the ms the
        firmware sleeps before the next tick, already added to the clock."""
        if self.board is None:
            self.clock.sleep_ms(self.cfg.SCAN_PERIOD_MS)
            self.grid.apply_due()
            return self.cfg.SCAN_PERIOD_MS
        wait = self.board.step()
        self.clock.sleep_ms(wait)
        return wait

    def run_for(self, ms: float, *, skip_idle: bool = False) -> None:
        """Run the firmware for ``ms`` of simulated time. With ``skip_idle`` the clock jumps over
        stretches where nothing can change (no square settling, no bump, no scheduled move):
        the firmware would only rescan the same occupancy there."""
        end = self.clock.us + int(ms * 1000)
        while self.clock.us < end:
            if skip_idle and self.board is not None and self.board.idle() and self.grid.quiet():
                target_ms = min(x for x in (self.grid.next_action_ms(), end / 1000,
                                            float(self.board.next_timer_ms())) if x is not None)
                period = self.board.scan_period_ms
                skip = (target_ms - self.clock.ms) // period * period - period
                if skip > 0:
                    self.clock.sleep_ms(skip)
            self.step()

    def reported(self) -> dict[Square, bytes]:
        """What the firmware currently holds as settled (square -> UID, b"" if unread)."""
        if self.board is None:
            return {}
        return {Square(*sq): uid for sq, (uid, _) in self.board.reported.items()}
