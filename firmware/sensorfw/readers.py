# The bank of RFID readers, with one field live at a time.
#
# Each reader driver (sensorfw.mfrc522.MFRC522 on the board, a simulated one in the tests)
# offers: check() -> bool, wake(), sleep() (soft power-down), antenna(on), read_uid() -> bytes
# or None (WUPA, anticollision, select), read_pages(page) -> 16 bytes or None,
# write_page(page, 4 bytes) -> bool, halt(). The antenna multiplexer offers select(channel).
# The bank switches the previous reader's field off (and puts it back to sleep) before the
# next one's goes on, so a tag is only ever powered by the coil under its own square and a
# neighbouring reader cannot answer for it.

FIELD_GUARD_MS = 5   # ISO/IEC 14443: a tag needs about 5 ms of field before it answers
# WUPA attempts in one field session before a read counts as failed. A tag that misses one
# WUPA (badly coupled, still settling) usually answers the next; retrying under the same field
# costs one short time-out instead of a new field session on the next scan tick.
READ_TRIES = 2


class ReaderBank:
    def __init__(self, drivers, mux, clock, reader_for_square):
        self.drivers = drivers
        self.mux = mux
        self.clock = clock
        self.reader_for_square = reader_for_square
        self.dead = set()
        self._live = None

    def self_test(self):
        """Check every reader; return the sorted list of readers that do not answer."""
        self.dead = set()
        for index, driver in enumerate(self.drivers):
            ok = False
            try:
                ok = driver.check()
            except OSError:
                ok = False
            if not ok:
                self.dead.add(index)
        return sorted(self.dead)

    def recheck(self, reader):
        """Check one dead reader again; return True if it answers now."""
        try:
            ok = self.drivers[reader].check()
        except OSError:
            ok = False
        if ok:
            self.dead.discard(reader)
        return ok

    def reader_of(self, row, col):
        return self.reader_for_square(row, col)[0]

    def squares_of(self, reader, rows, cols):
        return [(r, c) for r in range(rows) for c in range(cols)
                if self.reader_for_square(r, c)[0] == reader]

    def _activate(self, row, col):
        reader, channel = self.reader_for_square(row, col)
        if reader in self.dead:
            return None
        self.field_off()
        self.mux.select(channel)
        driver = self.drivers[reader]
        self._live = driver
        driver.wake()
        driver.antenna(True)
        self.clock.sleep_ms(FIELD_GUARD_MS)
        return driver

    def field_off(self):
        if self._live is not None:
            try:
                self._live.antenna(False)
                self._live.sleep()
            except OSError:
                pass
            self._live = None

    @staticmethod
    def _answer(driver):
        """The first UID that answers WUPA in up to READ_TRIES attempts, or None."""
        for _ in range(READ_TRIES):
            uid = driver.read_uid()
            if uid:
                return uid
        return None

    def read(self, row, col, code_page):
        """Read the tag on a square: (uid or None, tag memory bytes or b"").

        The UID counts only when it is read twice: the tag is halted after the first read and
        woken again with WUPA (a halted tag ignores REQA). A neighbour's tag picked up through
        crosstalk rarely answers twice in a row, so two different answers are a failed read,
        never a guess. The tile code is read last, from the tag selected by the second read.
        """
        try:
            driver = self._activate(row, col)
            if driver is None:
                return None, b""
            uid = self._answer(driver)
            if not uid:
                return None, b""
            driver.halt()
            if self._answer(driver) != uid:
                return None, b""
            code = driver.read_pages(code_page) or b""
            # No HLTA at the end: switching the field off resets the tag anyway.
            return uid, code
        except OSError:
            return None, b""
        finally:
            self.field_off()

    def write(self, row, col, first_page, data):
        """Write whole pages to the tag on a square and read them back.

        Returns (uid or None, data read back or b""); the write succeeded when the data read
        back starts with ``data``.
        """
        try:
            driver = self._activate(row, col)
            if driver is None:
                return None, b""
            uid = self._answer(driver)
            if not uid:
                return None, b""
            for offset in range(0, len(data), 4):
                if not driver.write_page(first_page + offset // 4, data[offset:offset + 4]):
                    return uid, b""
            back = driver.read_pages(first_page) or b""
            driver.halt()
            return uid, back
        except OSError:
            return None, b""
        finally:
            self.field_off()
