"""The simulated board on a pseudo-terminal, for the host's real serial link.

:class:`PtySimulator` runs a :class:`~wordboard.sensor.simgrid.SimulatedBoard` and connects its
serial port to the master side of a pty. The slave side is reached through a stable symlink, as
udev gives the real board ``/dev/wordboard-sensor``, so the host opens it with ``serial.Serial``
exactly as it opens the real board, and finds it again after :meth:`PtySimulator.unplug` /
:meth:`~PtySimulator.plug`. :class:`WireFaults` damages what the board sends: flipped bits,
dropped or repeated bytes and frames, garbage.

Two ways to run it:

* free-running (:meth:`PtySimulator.start`): a thread runs the firmware paced to the wall clock
  (``speed`` times faster), as a real board runs beside the host;
* lockstep (:class:`SimulatedSensorLink` with ``lockstep=True``, the digital twin): no thread; the
  owner of the simulated time calls :meth:`SimulatedSensorLink.advance_to`, which hands the
  firmware every byte the host wrote, runs the firmware up to that time and has the link read,
  decode and queue every byte the firmware wrote. Nothing races the wall clock, so what the host
  sees depends on the simulated time only, never on how busy the computer is.
"""

from __future__ import annotations

import errno
import os
import random
import re
import select
import tempfile
import threading
import time
import tty
from collections.abc import Callable
from pathlib import Path

from wordboard.errors import UserError
from wordboard.sensor.events import Square
from wordboard.sensor.link import SerialSensorLink
from wordboard.sensor.simgrid import BufferPort, SimulatedBoard, SimulatedGrid


def parse_grid_size(text: str) -> tuple[int, int]:
    """``15x15`` -> (15, 15); grids from 1x1 to 32x32."""
    match = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", text)
    if not match or not all(1 <= int(n) <= 32 for n in match.groups()):
        raise UserError(f"not a grid size: {text!r} (expected ROWSxCOLS, each 1 to 32, like 15x15)")
    return int(match.group(1)), int(match.group(2))


class WireFaults:
    """Damage to the bytes the board sends. One-shot faults hit the next frames; the rates
    apply to every frame or byte. Deterministic for a given seed."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.lock = threading.Lock()
        self.corrupt_frames = 0      # flip one bit in each of the next N frames
        self.drop_frames = 0         # lose the next N frames whole
        self.duplicate_frames = 0    # send each of the next N frames twice
        self.drop_bytes = 0          # lose one byte of each of the next N frames
        self.duplicate_bytes = 0     # repeat one byte of each of the next N frames
        self.frame_corrupt_rate = 0.0
        self.frame_drop_rate = 0.0
        self.frame_duplicate_rate = 0.0
        self.byte_drop_rate = 0.0
        self.replay_rate = 0.0       # send an old frame again
        self._garbage = bytearray()
        self._history: list[bytes] = []
        self.damaged = 0

    def inject(self, garbage: bytes) -> None:
        """Send these bytes before the next frame."""
        with self.lock:
            self._garbage += garbage

    def _chance(self, rate: float) -> bool:
        return rate > 0 and self.rng.random() < rate

    def apply(self, frame: bytes) -> bytes:
        """What goes on the wire when the board sends ``frame``."""
        with self.lock:
            out = bytes(self._garbage)
            self._garbage.clear()
            self._history = (self._history + [frame])[-64:]
            data = bytearray(frame)
            if self.drop_frames or self._chance(self.frame_drop_rate):
                self.drop_frames = max(0, self.drop_frames - 1)
                self.damaged += 1
                return out
            if self.corrupt_frames or self._chance(self.frame_corrupt_rate):
                self.corrupt_frames = max(0, self.corrupt_frames - 1)
                index = self.rng.randrange(len(data))
                data[index] ^= 1 << self.rng.randrange(8)
                self.damaged += 1
            if self.drop_bytes:
                self.drop_bytes -= 1
                del data[self.rng.randrange(len(data))]
                self.damaged += 1
            if self.duplicate_bytes:
                self.duplicate_bytes -= 1
                index = self.rng.randrange(len(data))
                data[index:index] = data[index:index + 1]
                self.damaged += 1
            if self.byte_drop_rate:
                data = bytearray(b for b in data if not self._chance(self.byte_drop_rate))
            out += data
            if self.duplicate_frames or self._chance(self.frame_duplicate_rate):
                self.duplicate_frames = max(0, self.duplicate_frames - 1)
                out += data
            if self._chance(self.replay_rate) and len(self._history) > 1:
                out += self.rng.choice(self._history[:-1])
            return out


class PtySimulator:
    """A simulated board plugged into a pseudo-terminal; its device is :attr:`path`.

    ``speed`` > 1 runs simulated time faster than the wall clock. Test code changes the world
    through :meth:`world` (a context manager holding the simulation lock) or the shortcuts
    :meth:`place` / :meth:`lift`.
    """

    def __init__(self, board: SimulatedBoard | None = None, *, link_dir: str | os.PathLike | None = None,
                 faults: WireFaults | None = None, speed: float = 1.0, seed: int = 0, **board_options):
        self.faults = faults or WireFaults(seed)
        self.sim = board or SimulatedBoard(seed=seed, **board_options)
        self.sim.port = BufferPort(self._send)
        self.speed = speed
        self._own_dir = None
        if link_dir is None:
            self._own_dir = tempfile.TemporaryDirectory(prefix="wordboard-sim-")
            link_dir = self._own_dir.name
        self.path = Path(link_dir) / "wordboard-sensor"
        self.lock = threading.RLock()
        self._master: int | None = None
        self._slave: int | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.bytes_sent = 0              # bytes the pty took from the board
        self.bytes_received = 0          # bytes the board took from the pty (the host's)
        self.on_step: Callable[[SimulatedBoard], None] | None = None

    # ---- the cable ----------------------------------------------------------------------

    def plug(self, *, power_on: bool = True) -> None:
        """Connect the board (a new pty, the symlink pointed at it) and power it if it is off."""
        with self.lock:
            if self._master is not None:
                return
            master, slave = os.openpty()
            tty.setraw(slave)
            os.set_blocking(master, False)
            self._master, self._slave = master, slave
            tmp = self.path.with_name(self.path.name + ".new")
            if tmp.is_symlink() or tmp.exists():
                tmp.unlink()
            tmp.symlink_to(os.ttyname(slave))
            os.replace(tmp, self.path)
            if power_on and self.sim.board is None:
                self.sim.power_on()

    def unplug(self, *, power_off: bool = True) -> None:
        """Pull the cable: the pty goes away (the host's reads fail), and with ``power_off``
        the board loses power (it reboots with a new boot id when plugged again)."""
        with self.lock:
            if self.path.is_symlink():
                self.path.unlink()
            for fd in (self._master, self._slave):
                if fd is not None:
                    os.close(fd)
            self._master = self._slave = None
            if power_off:
                self.sim.power_off()

    @property
    def plugged(self) -> bool:
        return self._master is not None

    def _send(self, frame: bytes) -> None:
        data = self.faults.apply(frame)
        if self._master is None or not data:
            return
        try:
            self.bytes_sent += os.write(self._master, data)   # what does not fit is lost
        except BlockingIOError:
            pass        # nobody reads: like USB CDC with no host, the bytes are lost
        except OSError as exc:
            if exc.errno not in (errno.EIO, errno.EAGAIN):
                raise

    def _receive(self) -> None:
        if self._master is None:
            return
        try:
            data = os.read(self._master, 4096)
        except (BlockingIOError, OSError):
            return
        self.bytes_received += len(data)
        if data and self.sim.board is not None:
            self.sim.port.feed(data)

    def receive(self, until: int, timeout: float = 2.0) -> None:
        """Lockstep: take the host's bytes from the pty until :attr:`bytes_received` reaches
        ``until`` (the host's count of bytes written; a pty hands them over a moment later),
        waiting up to ``timeout`` wall seconds for them."""
        deadline = time.monotonic() + timeout
        with self.lock:
            self._receive()
            while self._master is not None and self.bytes_received < until and time.monotonic() < deadline:
                select.select([self._master], [], [], 0.05)
                self._receive()

    def run_until(self, us: int) -> None:
        """Lockstep: run the firmware, tick by tick, until its clock reaches ``us`` (it stops at the
        first tick boundary at or past it)."""
        with self.lock:
            while self.sim.clock.us < us:
                self.sim.step()
                if self.on_step is not None:
                    self.on_step(self.sim)

    # ---- running ------------------------------------------------------------------------

    def start(self) -> PtySimulator:
        self.plug()
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="sensor-simulator", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        wall0 = time.monotonic()
        sim0 = self.sim.clock.us
        while not self._stop.is_set():
            with self.lock:
                self._receive()
                self.sim.step()
                if self.on_step is not None:
                    self.on_step(self.sim)
                behind = (self.sim.clock.us - sim0) / 1e6 / self.speed - (time.monotonic() - wall0)
            if behind > 0:
                time.sleep(behind)

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
            self._thread = None
        self.unplug()
        if self._own_dir is not None:
            self._own_dir.cleanup()
            self._own_dir = None

    def world(self) -> _WorldAccess:
        """``with simulator.world() as grid:`` change the table between two firmware ticks."""
        return _WorldAccess(self)

    def place(self, square: Square, uid: bytes) -> None:
        with self.lock:
            self.sim.grid.place(square, uid)

    def lift(self, square: Square) -> None:
        with self.lock:
            self.sim.grid.lift(square)

    def new_tag(self, *, has_user_memory: bool = True) -> bytes:
        with self.lock:
            return self.sim.grid.new_tag(has_user_memory=has_user_memory)

    def __enter__(self) -> PtySimulator:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


class _WorldAccess:
    def __init__(self, simulator: PtySimulator):
        self.simulator = simulator

    def __enter__(self) -> SimulatedGrid:
        self.simulator.lock.acquire()
        return self.simulator.sim.grid

    def __exit__(self, *exc: object) -> None:
        self.simulator.lock.release()


class SimulatedSensorLink(SerialSensorLink):
    """The simulator behind the real serial link: a SensorBackend whose board is simulated.
    The simulator is :attr:`simulator`; closing the link stops it.

    ``lockstep``: neither the simulator nor the link has a thread; simulated time moves only
    through :meth:`advance_to` (the digital twin's clock calls it), and the link's timers run on
    the firmware's clock. Otherwise the simulator runs free, paced to the wall clock x ``speed``,
    and the link reads on its own thread, as with a real board.
    """

    def __init__(self, rows: int = 15, cols: int = 15, *, seed: int | None = None, speed: float = 1.0,
                 simulator: PtySimulator | None = None, lockstep: bool = False, **link_options):
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 32)   # new tags every run
        self.simulator = simulator or PtySimulator(rows=rows, cols=cols, seed=seed, speed=speed)
        self.lockstep = lockstep
        self._lost_in = 0           # lockstep: bytes the board sent that a pulled cable lost
        self._lost_out = 0          # ... and bytes the link wrote that never reached the board
        if lockstep:
            # Opening a serial port throws away what waits on it: the board is powered once the
            # link holds the port, so every byte it sends is read.
            self.simulator.plug(power_on=False)
            sim = self.simulator.sim
            super().__init__(str(self.simulator.path), threaded=False, clock=lambda: sim.clock.us / 1e6,
                             **link_options)
            self.poll()
            if sim.board is None:
                sim.power_on()
            return
        if self.simulator._thread is None:
            self.simulator.start()
        super().__init__(str(self.simulator.path), **link_options)

    def advance_to(self, seconds: float) -> None:
        """Lockstep: the firmware gets every byte the link wrote, runs until its clock reaches
        ``seconds``, and the link reads and decodes every byte it sent (its events are then
        queued for :meth:`next_event`). After the cable was pulled and plugged in again
        (:meth:`PtySimulator.unplug`, :meth:`PtySimulator.plug`) the link opens the new port before
        the board speaks, and what the old connection never delivered is not waited for."""
        simulator = self.simulator
        if self._serial is None and simulator.plugged:
            self.poll()                  # opening a port throws away what waits on it: open it first
            if self._serial is not None:
                self._lost_in = simulator.bytes_sent - self.bytes_read
                self._lost_out = self.bytes_written - simulator.bytes_received
        simulator.receive(self.bytes_written - self._lost_out)
        simulator.run_until(int(round(seconds * 1e6)))
        self.poll(until=simulator.bytes_sent - self._lost_in)

    def close(self) -> None:
        super().close()
        self.simulator.stop()
