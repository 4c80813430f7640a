# The sensor board's main logic: scan, debounce, identify, report.
#
# SensorBoard is given its hardware as objects so the same code runs on the Pico (sensorfw.hw)
# and under CPython against a simulated grid (the host's wordboard.sensor.simulator):
#   matrix.scan() -> list of row bitmasks (bit c of item r set = square (r, c) occupied)
#   readers       a sensorfw.readers.ReaderBank
#   port.write(bytes); port.read() -> bytes (what arrived, b"" if nothing; never blocks)
#   clock.ticks_ms(), clock.ticks_add(t, ms), clock.ticks_diff(a, b), clock.sleep_ms(ms)
#   led.value(0 or 1), or None
# Only settled changes go on the wire: a square is reported placed once its occupancy has
# settled, its tag has been read and it is still occupied on the scan after the read.

from sensorfw import FIRMWARE_VERSION, PROTOCOL_VERSION
from sensorfw import messages as m
from sensorfw.debounce import Debouncer
from sensorfw.wire import FrameReader, encode_frame

CAPABILITIES = m.CAP_TAG_UID | m.CAP_TILE_CODE | m.CAP_WRITE_TAG | m.CAP_IDENTIFY | m.CAP_SET_SCAN
DEAD_READER_RECHECK_MS = 5000


class SensorBoard:
    def __init__(self, cfg, matrix, readers, port, clock, led=None, boot_id=0):
        self.cfg = cfg
        self.rows = cfg.ROWS
        self.cols = cfg.COLS
        self.matrix = matrix
        self.readers = readers
        self.port = port
        self.clock = clock
        self.led = led
        self.boot_id = boot_id & 0xFFFFFFFF
        self.scan_period_ms = cfg.SCAN_PERIOD_MS
        self.debouncer = Debouncer(self.rows, self.cols, cfg.SETTLE_SCANS)
        self.reported = {}     # (row, col) -> (uid, code); uid b"" = occupied, tag not read
        self._queue = {}       # (row, col) -> [attempts, due_ms]: reads to do
        self._confirm = {}     # (row, col) -> (uid, code): reads done, to confirm next scan
        self._frames = FrameReader()
        self._seq = 0
        self._raw = [0] * self.rows
        self._reader_fault = {}   # reader -> fault kind
        self._reader_streak = {}  # reader -> consecutive failed reads
        self.scans = 0
        self.reads = 0
        self.read_failures = 0
        self.stopped = False
        self._started = 0
        self._last_heartbeat = 0
        self._last_recheck = 0
        self._identify_until = None

    # ---- output -------------------------------------------------------------------------

    def _send(self, frame_type, payload):
        self.port.write(encode_frame(frame_type, self._seq, payload))
        self._seq = (self._seq + 1) & 0xFFFF

    def send_hello(self):
        self._send(m.HELLO, m.hello(FIRMWARE_VERSION, self.rows, self.cols, CAPABILITIES,
                                    self.boot_id, self.scan_period_ms,
                                    self.debouncer.settle_scans, len(self.readers.drivers),
                                    PROTOCOL_VERSION))
        for reader in sorted(self._reader_fault):
            self._send_reader_fault(reader, self._reader_fault[reader])

    def send_snapshot(self, reason, request_seq):
        entries = []
        for square in sorted(self.reported):
            uid, code = self.reported[square]
            entries.append((square[0], square[1], uid, code))
        self._send(m.SNAPSHOT, m.snapshot(reason, request_seq, entries))

    def _send_reader_fault(self, reader, kind):
        squares = self.readers.squares_of(reader, self.rows, self.cols)
        self._send(m.READER_FAULT, m.reader_fault(reader, kind, squares))

    def _set_reader_fault(self, reader, kind):
        old = self._reader_fault.get(reader, m.FAULT_CLEARED)
        if old == kind:
            return
        if kind == m.FAULT_CLEARED:
            del self._reader_fault[reader]
        else:
            self._reader_fault[reader] = kind
        self._send_reader_fault(reader, kind)

    # ---- start-up -----------------------------------------------------------------------

    def boot(self):
        """Check the readers, settle the initial occupancy, identify every tile, say hello."""
        now = self.clock.ticks_ms()
        self._started = now
        self._last_heartbeat = now
        self._last_recheck = now
        for reader in self.readers.self_test():
            self._reader_fault[reader] = m.FAULT_NO_RESPONSE
        occupied = None
        for index in range(self.debouncer.settle_scans):
            if index:
                self.clock.sleep_ms(self.scan_period_ms)
            raw = self.matrix.scan()
            self.scans += 1
            occupied = list(raw) if occupied is None else [a & b for a, b in zip(occupied, raw)]
        self._raw = list(raw)
        self.debouncer.reset(occupied)
        for row in range(self.rows):
            bits = occupied[row]
            for col in range(self.cols):
                if bits >> col & 1:
                    uid, code = self._read_with_retries(row, col)
                    self.reported[(row, col)] = (uid or b"", code)
                    if not uid:
                        self._schedule_retry((row, col))
        self.send_hello()
        self.send_snapshot(m.SNAPSHOT_BOOT, m.NO_REQUEST)

    def _read_with_retries(self, row, col):
        for _ in range(self.cfg.READ_ATTEMPTS):
            uid, code = self._read(row, col)
            if uid:
                return uid, code
        return None, b""

    # ---- identity reads -----------------------------------------------------------------

    def _read(self, row, col):
        """One read of a square; a tag already reported on another square counts as a miss."""
        reader = self.readers.reader_of(row, col)
        if reader in self.readers.dead:
            return None, b""
        self.reads += 1
        uid, code = self.readers.read(row, col, self.cfg.TILE_CODE_PAGE)
        if uid:
            for square, (other, _) in self.reported.items():
                if other == uid and square != (row, col):
                    # A tag is on one square only: either this read picked up a neighbour's
                    # tag, or the earlier one did. Count this one as a miss and read the
                    # other square again, which corrects it if it was the wrong one.
                    uid = None
                    if square not in self._queue:
                        self._queue[square] = [0, self.clock.ticks_ms()]
                    break
        if uid:
            self._reader_streak[reader] = 0
            if self._reader_fault.get(reader) == m.FAULT_READ_TIMEOUTS:
                self._set_reader_fault(reader, m.FAULT_CLEARED)
            return uid, code
        self.read_failures += 1
        streak = self._reader_streak.get(reader, 0) + 1
        self._reader_streak[reader] = streak
        if streak >= self.cfg.READER_FAULT_STREAK and reader not in self._reader_fault:
            self._set_reader_fault(reader, m.FAULT_READ_TIMEOUTS)
        return None, b""

    def _schedule_retry(self, square):
        self._queue[square] = [0, self.clock.ticks_add(self.clock.ticks_ms(), self.cfg.RETRY_PERIOD_MS)]

    def _do_reads(self):
        budget = self.cfg.READS_PER_TICK
        now = self.clock.ticks_ms()
        for square in list(self._queue):
            if budget <= 0:
                break
            entry = self._queue.get(square)
            if entry is None or self.clock.ticks_diff(now, entry[1]) < 0:
                continue
            row, col = square
            if not self._raw[row] >> col & 1:
                continue        # momentarily empty (bump, slide): try on a later tick
            budget -= 1
            uid, code = self._read(row, col)
            if uid:
                del self._queue[square]
                self._confirm[square] = (uid, code)
                continue
            entry[0] += 1
            if entry[0] >= self.cfg.READ_ATTEMPTS:
                if square not in self.reported:
                    self._confirm[square] = (b"", b"")
                entry[0] = 0
                entry[1] = self.clock.ticks_add(now, self.cfg.RETRY_PERIOD_MS)

    def _confirm_reads(self):
        for square in list(self._confirm):
            row, col = square
            if not self.debouncer.is_occupied(row, col):
                del self._confirm[square]
                continue
            if not self._raw[row] >> col & 1:
                continue        # wait for the square to read occupied again
            uid, code = self._confirm.pop(square)
            if self.reported.get(square) == (uid, code):
                continue
            self.reported[square] = (uid, code)
            self._send(m.PLACED, m.placed(row, col, uid, code))

    # ---- the scan tick ------------------------------------------------------------------

    def step(self):
        """Run one scan tick; return how many ms to wait before the next one."""
        start = self.clock.ticks_ms()
        data = self.port.read()
        if data:
            for frame in self._frames.feed(data):
                self._handle_command(frame)
                if self.stopped:
                    return 0
        raw = self.matrix.scan()
        self.scans += 1
        self._raw = raw
        for row, col, occupied in self.debouncer.update(raw):
            square = (row, col)
            if occupied:
                self._queue[square] = [0, start]
            else:
                self._queue.pop(square, None)
                self._confirm.pop(square, None)
                if square in self.reported:
                    del self.reported[square]
                    self._send(m.LIFTED, m.lifted(row, col))
        self._confirm_reads()
        if self._queue:
            self._do_reads()
        now = self.clock.ticks_ms()
        self._housekeeping(now)
        elapsed = self.clock.ticks_diff(now, start)
        return max(0, self.scan_period_ms - elapsed)

    def idle(self):
        """True when nothing is in progress (no square settling, no read or retry queued)."""
        return self.debouncer.idle() and not self._queue and not self._confirm

    def next_timer_ms(self):
        """Time (ticks_ms) of the next heartbeat; a simulator may skip idle time up to it."""
        return self.clock.ticks_add(self._last_heartbeat, self.cfg.HEARTBEAT_MS)

    def _housekeeping(self, now):
        diff = self.clock.ticks_diff
        if diff(now, self._last_heartbeat) >= self.cfg.HEARTBEAT_MS:
            self._last_heartbeat = now
            self._send(m.HEARTBEAT, m.heartbeat(diff(now, self._started), self.scans,
                                                self.reads, self.read_failures))
        if self.readers.dead and diff(now, self._last_recheck) >= DEAD_READER_RECHECK_MS:
            self._last_recheck = now
            for reader in sorted(self.readers.dead):
                if self.readers.recheck(reader):
                    self._set_reader_fault(reader, m.FAULT_CLEARED)
                    for square in self.readers.squares_of(reader, self.rows, self.cols):
                        if self.reported.get(square, (None,))[0] == b"":
                            self._queue[square] = [0, now]
        if self._identify_until is not None and self.led is not None:
            if diff(now, self._identify_until) >= 0:
                self._identify_until = None
                self.led.value(0)
            else:
                self.led.value((now // 250) & 1)

    # ---- host commands ------------------------------------------------------------------

    def _handle_command(self, frame):
        frame_type, seq, payload = frame
        if frame_type == m.CMD_HELLO:
            self.send_hello()
        elif frame_type == m.CMD_SNAPSHOT:
            self.send_snapshot(m.SNAPSHOT_REQUESTED, seq)
        elif frame_type == m.CMD_SET_SCAN:
            args = m.parse_set_scan(payload)
            ok = (args is not None and self.cfg.MIN_SCAN_PERIOD_MS <= args[0]
                  <= self.cfg.MAX_SCAN_PERIOD_MS and 1 <= args[1] <= self.cfg.MAX_SETTLE_SCANS)
            if ok:
                self.scan_period_ms = args[0]
                self.debouncer.settle_scans = args[1]
            self._send(m.ACK, m.ack(seq, frame_type, m.ACK_OK if ok else m.ACK_BAD_ARGUMENT))
        elif frame_type == m.CMD_IDENTIFY:
            seconds = m.parse_identify(payload)
            if seconds is None:
                self._send(m.ACK, m.ack(seq, frame_type, m.ACK_BAD_ARGUMENT))
                return
            self._identify_until = self.clock.ticks_add(self.clock.ticks_ms(), seconds * 1000)
            self._send(m.ACK, m.ack(seq, frame_type, m.ACK_OK))
        elif frame_type == m.CMD_READ_TAG:
            self._command_read_tag(seq, m.parse_read_tag(payload))
        elif frame_type == m.CMD_WRITE_TAG:
            self._command_write_tag(seq, m.parse_write_tag(payload))
        elif frame_type == m.CMD_EXIT_TO_REPL:
            ok = bytes(payload) == m.EXIT_TO_REPL_MAGIC
            self._send(m.ACK, m.ack(seq, frame_type, m.ACK_OK if ok else m.ACK_BAD_ARGUMENT))
            if ok:
                self.readers.field_off()
                self.stopped = True
        else:
            self._send(m.ACK, m.ack(seq, frame_type, m.ACK_UNKNOWN_COMMAND))

    def _valid_square(self, row, col):
        return 0 <= row < self.rows and 0 <= col < self.cols

    def _command_read_tag(self, seq, args):
        if args is None or not self._valid_square(*args):
            row, col = args if args else (0, 0)
            self._send(m.TAG_DATA, m.tag_data(seq, row, col, m.TAG_BAD_SQUARE, b"", b""))
            return
        row, col = args
        if self.readers.reader_of(row, col) in self.readers.dead:
            self._send(m.TAG_DATA, m.tag_data(seq, row, col, m.TAG_READ_FAILED, b"", b""))
            return
        uid, data = self.readers.read(row, col, self.cfg.TILE_CODE_PAGE)
        status = m.TAG_OK if uid else m.TAG_NO_TAG
        self._send(m.TAG_DATA, m.tag_data(seq, row, col, status, uid or b"", data))

    def _command_write_tag(self, seq, args):
        if args is None or not self._valid_square(args[0], args[1]) or args[2] < 4:
            row, col = (args[0], args[1]) if args else (0, 0)
            self._send(m.TAG_DATA, m.tag_data(seq, row, col, m.TAG_BAD_SQUARE, b"", b""))
            return
        row, col, page, data = args
        if self.readers.reader_of(row, col) in self.readers.dead:
            self._send(m.TAG_DATA, m.tag_data(seq, row, col, m.TAG_READ_FAILED, b"", b""))
            return
        uid, back = self.readers.write(row, col, page, data)
        if not uid:
            status = m.TAG_NO_TAG
        elif back[:len(data)] != data:
            status = m.TAG_WRITE_FAILED
        else:
            status = m.TAG_OK
        if uid and status == m.TAG_OK and page == self.cfg.TILE_CODE_PAGE:
            square = (row, col)
            if self.reported.get(square, (None,))[0] == uid:
                self.reported[square] = (uid, back)
        self._send(m.TAG_DATA, m.tag_data(seq, row, col, status, uid or b"", back))

    def run(self):
        """Scan until told to stop (CMD_EXIT_TO_REPL)."""
        while not self.stopped:
            wait = self.step()
            if wait:
                self.clock.sleep_ms(wait)
