"""The host's serial link to the sensor board.

One background thread owns the port: it (re)opens it, does the handshake, decodes frames,
checks sequence numbers and turns the board's messages into settled events. Whatever happens
on the wire (damaged or lost frames, a replayed frame, the cable pulled and put back, the
board rebooting) it gets back in step with a fresh snapshot and reports the differences as
Placed/Lifted events, so no placement is lost or invented.

The digital twin runs the link without its thread (``threaded=False``) on the simulated clock:
there whoever owns the simulated time calls :meth:`SerialSensorLink.poll`, which does what one
round of the thread does (see :class:`~wordboard.sensor.simulator.SimulatedSensorLink`).
"""

from __future__ import annotations

import dataclasses
import errno
import logging
import queue
import threading
import time
from collections.abc import Callable, Mapping
from types import MappingProxyType

import serial

from wordboard.sensor import protocol as p
from wordboard.sensor.backend import LinkCounters, SensorBackend, SensorError, TagReadout
from wordboard.sensor.discovery import describe_missing_board, find_board_port
from wordboard.sensor.events import (
    ConnectionChanged,
    ConnectionState,
    FaultKind,
    Lifted,
    Placed,
    ReaderFault,
    SensorEvent,
    Square,
    Tag,
)

log = logging.getLogger(__name__)

_TAG_STATUS_NAMES = {status: status.name.lower() for status in p.TagStatus}


class SerialSensorLink(SensorBackend):
    """A :class:`SensorBackend` over pyserial.

    ``port`` is a device path; None finds the board (:func:`find_board_port`) at every
    connection attempt. ``silence_timeout``: seconds without a good frame (the board sends a
    heartbeat every second) before the link asks the board to say hello again. ``clock``: the
    time its timers run on (seconds). ``threaded=False``: no thread of its own; the caller calls
    :meth:`poll` (the digital twin, in lockstep with its simulated board).
    """

    def __init__(self, port: str | None = None, *, reconnect_interval: float = 0.5,
                 silence_timeout: float = 3.5, retry_interval: float = 1.0,
                 serial_factory: Callable[..., serial.Serial] = serial.Serial,
                 clock: Callable[[], float] = time.monotonic, threaded: bool = True):
        self._port_name = port
        self._clock = clock
        self._reconnect_interval = reconnect_interval
        self._silence_timeout = silence_timeout
        self._retry_interval = retry_interval
        self._serial_factory = serial_factory
        self._lock = threading.RLock()
        self._write_lock = threading.Lock()
        self._events: queue.Queue[SensorEvent] = queue.Queue()
        self._serial: serial.Serial | None = None
        self._decoder = p.FrameDecoder()
        self._counters = LinkCounters()
        self._state = ConnectionState.CONNECTING
        self._info: p.Hello | None = None
        self._board: dict[Square, Tag | None] = {}
        self._faults: dict[int, ReaderFault] = {}
        self._expected_seq: int | None = None
        self._host_seq = 0
        self._snapshot_wanted_at: float | None = None   # when we last asked, while waiting
        self._snapshot_asks = 0                          # unanswered snapshot requests in a row
        self._problem: str | None = None                 # why the link is not connected
        self._hello_wanted_at: float | None = None
        self._last_frame_at = clock()
        self._heartbeat: p.Heartbeat | None = None
        self._replies: dict[int, list] = {}              # command seq -> [threading.Event, reply]
        self._opened_once = False
        self._closed = threading.Event()
        self.bytes_read = 0                              # bytes taken from the port
        self.bytes_written = 0                           # bytes the port took
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._run, name="sensor-link", daemon=True)
            self._thread.start()

    # ---- SensorBackend ------------------------------------------------------------------

    @property
    def state(self) -> ConnectionState:
        return self._state

    @property
    def info(self) -> p.Hello | None:
        return self._info

    @property
    def counters(self) -> LinkCounters:
        with self._lock:
            return dataclasses.replace(self._counters, frames_ok=self._decoder.frames_ok,
                                       corrupted=self._counters.corrupted + self._decoder.corrupted)

    @property
    def board(self) -> Mapping[Square, Tag | None]:
        with self._lock:
            return MappingProxyType(dict(self._board))

    @property
    def reader_faults(self) -> Mapping[int, ReaderFault]:
        with self._lock:
            return MappingProxyType(dict(self._faults))

    @property
    def last_heartbeat(self) -> p.Heartbeat | None:
        return self._heartbeat

    @property
    def port_name(self) -> str | None:
        return self._port_name

    @property
    def problem(self) -> str | None:
        return self._problem

    def next_event(self, timeout: float | None = None) -> SensorEvent | None:
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None

    def request_snapshot(self) -> None:
        with self._lock:
            self._ask_snapshot(count_resync=False)

    def read_tag(self, square: Square, timeout: float = 2.0) -> TagReadout:
        reply = self._request(p.Command.READ_TAG, p.read_tag_payload(square), timeout)
        return self._readout(reply)

    def write_tag(self, square: Square, first_page: int, data: bytes, timeout: float = 2.0) -> TagReadout:
        reply = self._request(p.Command.WRITE_TAG, p.write_tag_payload(square, first_page, data), timeout)
        return self._readout(reply)

    def identify(self, seconds: int = 5) -> None:
        if not 1 <= seconds <= 255:
            raise SensorError(f"the board blinks for 1 to 255 seconds, not {seconds}")
        self._expect_ok(self._request(p.Command.IDENTIFY, p.identify_payload(seconds), 2.0))

    def set_scan(self, scan_period_ms: int, settle_scans: int) -> None:
        self._expect_ok(self._request(p.Command.SET_SCAN,
                                      p.set_scan_payload(scan_period_ms, settle_scans), 2.0))

    def close(self) -> None:
        self._closed.set()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
        self._close_port()
        self._set_state(ConnectionState.CLOSED, "closed")

    # ---- requests -----------------------------------------------------------------------

    def _send(self, command: int, payload: bytes = b"", waiter: list | None = None) -> int:
        with self._write_lock:
            seq = self._host_seq
            self._host_seq = (seq + 1) & 0xFFFF
            if waiter is not None:
                self._replies[seq] = waiter
            port = self._serial
            if port is None:
                raise SensorError("the sensor board is not connected")
            try:
                written = port.write(p.encode_frame(command, seq, payload))
            except (serial.SerialException, OSError) as exc:
                raise SensorError(f"cannot write to the sensor board: {exc}") from exc
            self.bytes_written += written or 0
        return seq

    def _request(self, command: int, payload: bytes, timeout: float):
        waiter: list = [threading.Event(), None]
        try:
            self._send(command, payload, waiter)
            if not waiter[0].wait(timeout):
                raise SensorError(f"the sensor board did not answer {p.Command(command).name} "
                                  f"within {timeout:g} s")
            if waiter[1] is None:
                raise SensorError("lost the sensor board while waiting for its answer")
            return waiter[1]
        finally:
            for key, value in list(self._replies.items()):
                if value is waiter:
                    del self._replies[key]

    @staticmethod
    def _expect_ok(reply) -> None:
        if not isinstance(reply, p.Ack) or reply.status != p.AckStatus.OK:
            status = reply.status.name.lower() if isinstance(reply, p.Ack) else "no acknowledgement"
            raise SensorError(f"the sensor board refused the command: {status}")

    @staticmethod
    def _readout(reply) -> TagReadout:
        if not isinstance(reply, p.TagData):
            raise SensorError("the sensor board answered with something else than tag data")
        return TagReadout(reply.square, reply.tag, _TAG_STATUS_NAMES[reply.status])

    # ---- the I/O thread -----------------------------------------------------------------

    def _run(self) -> None:
        while not self._closed.is_set():
            if self._serial is None and not self._open_port():
                self._closed.wait(self._reconnect_interval)
                continue
            try:
                port = self._serial
                data = port.read(max(1, port.in_waiting)) if port is not None else b""
            except (serial.SerialException, OSError, TypeError, AttributeError) as exc:
                log.debug("serial read failed: %s", exc)
                self._lost("lost the sensor board (unplugged?)")
                continue
            self._take(data)

    def poll(self, until: int | None = None, timeout: float = 2.0) -> None:
        """For a link without its own thread: one round of what the thread does, now. Open the
        port if it is closed, read the bytes waiting (with ``until``: until :attr:`bytes_read`
        reaches it, waiting up to ``timeout`` wall seconds for bytes on their way), act on the
        frames, run the timers (on the link's clock)."""
        if self._serial is None and not self._open_port():
            return
        deadline = time.monotonic() + timeout
        while True:
            try:
                port = self._serial
                if port is None:
                    return
                want = port.in_waiting
                if until is not None:
                    want = max(want, until - self.bytes_read)
                data = port.read(want) if want > 0 else b""
            except (serial.SerialException, OSError, TypeError, AttributeError) as exc:
                log.debug("serial read failed: %s", exc)
                self._lost("lost the sensor board (unplugged?)")
                return
            self._take(data)
            if until is None or self.bytes_read >= until or time.monotonic() > deadline:
                return

    def _take(self, data: bytes) -> None:
        """Decode what was read, act on its frames, then run the timers."""
        with self._lock:
            if data:
                self.bytes_read += len(data)
                for frame in self._decoder.feed(data):
                    self._last_frame_at = self._clock()
                    self._on_frame(frame)
            self._timers()

    def _open_port(self) -> bool:
        name = self._port_name or find_board_port()
        if name is None:
            self._report_problem(describe_missing_board())
            return False
        try:
            port = self._serial_factory(port=name, baudrate=115200, timeout=0.05,
                                        write_timeout=1.0, exclusive=True)
        except (serial.SerialException, OSError, ValueError) as exc:
            self._report_problem(_open_problem(name, exc))
            return False
        with self._lock:
            self._problem = (f"{name} is open but no sensor board answers on it (another program "
                             f"may be using it, or the board's maintenance jumper is fitted)")
            self._serial = port
            self._decoder.reset()
            self._expected_seq = None
            if self._opened_once:
                self._bump(reconnects=1)
            self._opened_once = True
            self._last_frame_at = self._clock()
            self._set_state(ConnectionState.CONNECTING, f"opened {name}", always=True)
            self._ask_hello()
        return True

    def _close_port(self) -> None:
        port, self._serial = self._serial, None
        if port is not None:
            try:
                port.close()
            except (serial.SerialException, OSError):
                pass

    def _lost(self, detail: str) -> None:
        with self._lock:
            self._close_port()
            self._snapshot_wanted_at = None
            self._snapshot_asks = 0
            self._hello_wanted_at = None
            self._problem = detail
            if not self._closed.is_set():
                self._set_state(ConnectionState.DISCONNECTED, detail)
        for waiter in list(self._replies.values()):
            waiter[0].set()

    def _report_problem(self, problem: str) -> None:
        """Say (once) why the link cannot connect; the state stays what it is."""
        with self._lock:
            if problem != self._problem:
                self._problem = problem
                self._events.put(ConnectionChanged(self._state, problem))

    def _timers(self) -> None:
        now = self._clock()
        if self._hello_wanted_at is not None and now - self._hello_wanted_at > self._retry_interval:
            self._ask_hello()
        elif self._snapshot_wanted_at is not None and now - self._snapshot_wanted_at > self._retry_interval:
            if self._snapshot_asks >= 2:
                # Frames keep arriving but no snapshot answers us: our sequence numbers may be
                # off (a stale frame from an earlier boot taken for a handshake). Start over
                # with a handshake, which trusts nothing that came before.
                self._expected_seq = None
                self._snapshot_wanted_at = None
                self._snapshot_asks = 0
                self._ask_hello()
            else:
                self._ask_snapshot(count_resync=False)
        elif (self._state is ConnectionState.CONNECTED
              and now - self._last_frame_at > self._silence_timeout):
            self._bump(silences=1)
            self._set_state(ConnectionState.RESYNCING, "the board went quiet")
            self._ask_hello()

    def _ask_hello(self) -> None:
        self._hello_wanted_at = self._clock()
        self._try_send(p.Command.HELLO)

    def _ask_snapshot(self, count_resync: bool) -> None:
        if count_resync:
            self._bump(resyncs=1)
        self._snapshot_wanted_at = self._clock()
        self._snapshot_asks += 1
        self._try_send(p.Command.SNAPSHOT)

    def _try_send(self, command: int) -> None:
        try:
            self._send(command)
        except SensorError as exc:
            log.debug("%s", exc)

    # ---- frames -------------------------------------------------------------------------

    def _bump(self, **deltas: int) -> None:
        values = {name: getattr(self._counters, name) + delta for name, delta in deltas.items()}
        self._counters = dataclasses.replace(self._counters, **values)

    def _set_state(self, state: ConnectionState, detail: str = "", always: bool = False) -> None:
        if always or state is not self._state:
            self._state = state
            self._events.put(ConnectionChanged(state, detail))

    def _on_frame(self, frame: p.Frame) -> None:
        try:
            message = p.decode_message(frame)
        except p.ProtocolError as exc:
            log.debug("dropped a malformed frame: %s", exc)
            self._bump(corrupted=1)
            return
        if isinstance(message, p.Hello) and (self._expected_seq is None or self._info is None
                                             or message.boot_id != self._info.boot_id):
            self._expected_seq = (frame.seq + 1) & 0xFFFF
            self._on_hello(message)
            return
        if self._expected_seq is None:
            return                      # nothing is trusted before the handshake
        ahead = (frame.seq - self._expected_seq) & 0xFFFF
        if ahead >= 0x8000:
            self._bump(duplicates=1)    # an old frame again: already applied
            return
        self._expected_seq = (frame.seq + 1) & 0xFFFF
        if ahead:
            self._bump(gaps=1)
            if self._snapshot_wanted_at is None and self._hello_wanted_at is None:
                self._set_state(ConnectionState.RESYNCING, f"{ahead} frame(s) lost")
                self._ask_snapshot(count_resync=True)
        self._apply(message)

    def _on_hello(self, hello: p.Hello) -> None:
        if hello.protocol_version != p.PROTOCOL_VERSION:
            self._hello_wanted_at = None
            self._problem = (f"the board speaks protocol {hello.protocol_version}, this wordboard "
                             f"speaks {p.PROTOCOL_VERSION}: update the "
                             f"{'firmware' if hello.protocol_version < p.PROTOCOL_VERSION else 'wordboard software'}")
            self._set_state(ConnectionState.DISCONNECTED, self._problem)
            self._expected_seq = None
            return
        rebooted = self._info is not None and hello.boot_id != self._info.boot_id
        unasked = self._hello_wanted_at is None
        self._info = hello
        self._hello_wanted_at = None
        if rebooted:
            self._faults.clear()
        self._set_state(ConnectionState.RESYNCING, f"handshake done: firmware {hello.firmware}, "
                                                   f"{hello.rows}x{hello.cols} grid; asking for its tiles")
        if rebooted and unasked:
            # A new boot id nobody asked for: the board restarted, or an old frame came again.
            # Ask who is there now; the answer (a frame in sequence, or another new boot id)
            # settles it before the snapshot.
            self._ask_hello()
        else:
            self._ask_snapshot(count_resync=False)

    def _on_grid(self, square) -> bool:
        info = self._info
        return info is None or (0 <= square.row < info.rows and 0 <= square.col < info.cols)

    def _apply(self, message: p.Message) -> None:
        if isinstance(message, (Placed, Lifted)) and not self._on_grid(message.square):
            log.debug("dropped a report of square %r, outside the board's grid", message.square)
            self._bump(corrupted=1)
            return
        if isinstance(message, p.Hello):
            if message.protocol_version != p.PROTOCOL_VERSION:
                self._on_hello(message)     # refused there, in one place, for every HELLO
                return
            self._info = message
            self._hello_wanted_at = None
            self._ask_snapshot(count_resync=False)
        elif isinstance(message, Placed):
            if message.square not in self._board or self._board[message.square] != message.tag:
                self._board[message.square] = message.tag
                self._events.put(message)
        elif isinstance(message, Lifted):
            if message.square in self._board:
                del self._board[message.square]
                self._events.put(message)
        elif isinstance(message, p.SnapshotMessage):
            self._reconcile(message)
        elif isinstance(message, ReaderFault):
            if message.kind is FaultKind.CLEARED:
                self._faults.pop(message.reader, None)
            else:
                self._faults[message.reader] = message
            self._events.put(message)
        elif isinstance(message, p.Heartbeat):
            self._heartbeat = message
        elif isinstance(message, (p.Ack, p.TagData)):
            waiter = self._replies.get(message.request_seq)
            if waiter is not None:
                waiter[1] = message
                waiter[0].set()

    def _reconcile(self, message: p.SnapshotMessage) -> None:
        new = message.board
        for square in sorted(set(self._board) - set(new)):
            self._events.put(Lifted(square))
        for square in sorted(new):
            if square not in self._board or self._board[square] != new[square]:
                self._events.put(Placed(square, new[square]))
        self._board = dict(new)
        self._snapshot_wanted_at = None
        self._snapshot_asks = 0
        self._events.put(p.snapshot_event(message))
        if self._hello_wanted_at is None:
            self._problem = None
            self._set_state(ConnectionState.CONNECTED, "in sync")


def _open_problem(name: str, exc: Exception) -> str:
    """One line saying why ``name`` could not be opened, with what to do about it."""
    code = getattr(exc, "errno", None)
    if code == errno.ENOENT:
        return f"{name} does not exist; is the board plugged in?"
    if code == errno.EACCES:
        return (f"no permission to open {name}: add yourself to the dialout group "
                f"(sudo usermod -aG dialout $USER, then log in again; see udev/README.md)")
    if code in (errno.EBUSY, errno.EAGAIN, errno.EWOULDBLOCK):
        return f"{name} is in use by another program (mpremote, screen, another wordboard?)"
    return f"cannot open {name}: {getattr(exc, 'strerror', None) or exc}"
