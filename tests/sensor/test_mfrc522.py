"""The firmware's MFRC522 driver (``sensorfw.mfrc522``) and reader bank, run under CPython against
a fake chip: registers behind a fake SPI bus with one chip select per reader, and ISO/IEC
14443-A tags with their states (IDLE, READY, ACTIVE, HALT) in the field of the live antenna."""

from __future__ import annotations

from wordboard.sensor.firmware import load_firmware

FW = load_firmware()
DRIVER = __import__("sensorfw.mfrc522", fromlist=["MFRC522"])
crc_a = DRIVER.crc_a

UID7 = bytes.fromhex("04A1B2C3D4E5F6")
UID4 = bytes.fromhex("DEADBEEF")


class FakeClock:
    def __init__(self):
        self.us = 0

    def ticks_ms(self):
        return self.us // 1000

    @staticmethod
    def ticks_add(a, b):
        return a + b

    @staticmethod
    def ticks_diff(a, b):
        return a - b

    def sleep_ms(self, ms):
        self.us += int(ms * 1000)


class FakeTag:
    def __init__(self, uid, memory=b""):
        self.uid = uid
        self.memory = bytearray(memory.ljust(144, b"\x00"))
        self.state = "IDLE"
        self.level = 0

    def cascade(self, level):
        """(the 4 bytes this tag answers at anticollision ``level``, last level?)"""
        if len(self.uid) == 4:
            return self.uid, True
        return (b"\x88" + self.uid[:3], False) if level == 0 else (self.uid[3:7], True)

    def command(self, data, bits):
        """The tag's answer to a frame: (bytes, valid bits in the last byte) or None."""
        if bits == 7 and len(data) == 1:
            if data[0] == 0x52 and self.state in ("IDLE", "HALT") or data[0] == 0x26 and self.state == "IDLE":
                self.state, self.level = "READY", 0
                return b"\x44\x00", 0
            return None
        levels = (0x93, 0x95, 0x97)
        if self.state == "READY" and len(data) == 2 and data[0] == levels[self.level] and data[1] == 0x20:
            part, _ = self.cascade(self.level)
            return part + bytes((part[0] ^ part[1] ^ part[2] ^ part[3],)), 0
        if len(data) < 3 or crc_a(data[:-2]) != data[-2:]:
            return None
        body = data[:-2]
        if self.state == "READY" and len(body) == 7 and body[0] == levels[self.level] and body[1] == 0x70:
            part, last = self.cascade(self.level)
            if body[2:6] != part:
                return None
            sak = 0x00 if last else 0x04
            if last:
                self.state = "ACTIVE"
            else:
                self.level += 1
            return bytes((sak,)) + crc_a(bytes((sak,))), 0
        if self.state == "ACTIVE" and body == b"\x50\x00":
            self.state = "HALT"
            return None
        if self.state == "ACTIVE" and len(body) == 2 and body[0] == 0x30:
            start = (body[1] - 4) * 4
            data = bytes(self.memory[start:start + 16])
            return data + crc_a(data), 0
        if self.state == "ACTIVE" and len(body) == 6 and body[0] == 0xA2:
            start = (body[1] - 4) * 4
            self.memory[start:start + 4] = body[2:6]
            return b"\x0A", 4
        return None


class FakeMFRC522:
    """The registers the driver uses, and a field that powers the tags on the selected coil."""

    def __init__(self, clock, version=0x92):
        self.clock = clock
        self.version = version
        self.regs = {}
        self.fifo = bytearray()
        self.power_down = False
        self._waking = 0
        self.coils: dict[int, list[FakeTag]] = {}
        self.channel = 0
        self.sent: list[bytes] = []
        self.timers_ms: list[tuple[int, float]] = []     # (first byte sent, timer in ms)
        self.timeouts_ms: list[tuple[int, float]] = []   # the same, for frames nobody answered
        self.reset()

    def reset(self):
        self.regs = {0x14: 0x80, 0x2A: 0, 0x2B: 0, 0x2C: 0, 0x2D: 0}
        self.fifo.clear()
        self.power_down = False

    @property
    def field(self):
        return bool(self.regs.get(0x14, 0) & 0x03)

    def tags(self):
        return self.coils.get(self.channel, []) if self.field else []

    def write(self, reg, value):
        if self.power_down and reg != 0x01:
            raise AssertionError("register write in soft power-down")
        was_on = self.field
        if reg == 0x01:
            if value & 0x10:
                assert not self.field, "soft power-down with the antenna on"
                self.power_down = True
            elif self.power_down:
                self.power_down, self._waking = False, 1
            if value & 0x0F == 0x0F:
                self.reset()
            self.regs[0x01] = value & 0x0F
        elif reg == 0x09:
            self.fifo.append(value)
        elif reg == 0x0A:
            if value & 0x80:
                self.fifo.clear()
        elif reg == 0x04:
            if not value & 0x80:
                self.regs[0x04] = self.regs.get(0x04, 0) & ~value & 0x7F
        elif reg == 0x0D:
            self.regs[0x0D] = value
            if value & 0x80 and self.regs.get(0x01) == 0x0C:
                self._transceive(value & 0x07)
        else:
            self.regs[reg] = value
        if was_on and not self.field:
            for coil in self.coils.values():       # the field went off: every tag resets
                for tag in coil:
                    tag.state = "IDLE"

    def read(self, reg):
        if reg == 0x37:
            return self.version
        if reg == 0x01:
            if self._waking:
                self._waking -= 1
                return self.regs.get(0x01, 0) | 0x10
            return self.regs.get(0x01, 0) | (0x10 if self.power_down else 0)
        if reg == 0x09:
            return self.fifo.pop(0) if self.fifo else 0
        if reg == 0x0A:
            return len(self.fifo)
        return self.regs.get(reg, 0)

    def _transceive(self, bits):
        data = bytes(self.fifo)
        self.fifo.clear()
        self.sent.append(data)
        reload = self.regs.get(0x2C, 0) << 8 | self.regs.get(0x2D, 0)
        self.timers_ms.append((data[0], reload / 40))
        answers = [a for a in (tag.command(data, bits) for tag in self.tags()) if a is not None]
        self.regs[0x06] = 0
        if not answers:
            self.timeouts_ms.append((data[0], reload / 40))
            self.clock.sleep_ms(reload / 40)
            self.regs[0x04] = self.regs.get(0x04, 0) | 0x01
            return
        if len(answers) > 1 and len(set(answers)) > 1:
            self.regs[0x06] = 0x08                  # CollErr
        self.fifo[:] = answers[0][0]
        self.regs[0x0C] = answers[0][1]
        self.regs[0x04] = self.regs.get(0x04, 0) | 0x30


class FakeBus:
    """SPI0 with the 74HC154 chip selects: exactly one chip may be selected (MISO isolation)."""

    def __init__(self, chips):
        self.chips = chips
        self.selected: set[int] = set()

    def chip(self):
        assert len(self.selected) == 1, f"{len(self.selected)} readers selected at once"
        return self.chips[next(iter(self.selected))]

    def write(self, data):
        address = data[0]
        assert not address & 0x80
        self.chip().write(address >> 1 & 0x3F, data[1])

    def write_readinto(self, out, into):
        into[0] = 0
        into[1] = self.chip().read(out[0] >> 1 & 0x3F)


class FakeSelect:
    def __init__(self, bus, index):
        self.bus, self.index = bus, index

    def select(self, on):
        (self.bus.selected.add if on else self.bus.selected.discard)(self.index)


class FakeMux:
    def __init__(self, chips):
        self.chips = chips

    def select(self, channel):
        for chip in self.chips:
            chip.channel = channel


def make_bank(readers=2, version=0x92):
    clock = FakeClock()
    chips = [FakeMFRC522(clock, version) for _ in range(readers)]
    bus = FakeBus(chips)
    drivers = [DRIVER.MFRC522(bus, FakeSelect(bus, i), clock) for i in range(readers)]
    bank = FW.readers.ReaderBank(drivers, FakeMux(chips), clock, lambda row, col: (row, col))
    return bank, chips, clock


def test_self_test_finds_readers_that_do_not_answer():
    bank, chips, _ = make_bank(3)
    chips[1].version = 0xFF          # no chip: MISO pulled up
    assert bank.self_test() == [1]
    assert chips[0].power_down and chips[2].power_down, "idle readers sleep in soft power-down"


def test_read_wakes_the_reader_reads_the_uid_twice_with_wupa_then_sleeps():
    bank, chips, _ = make_bank()
    bank.self_test()
    code = b"WB\x01L\x01A" + bytes(10)
    chips[1].coils[3] = [FakeTag(UID7, code)]
    assert bank.read(1, 3, 4) == (UID7, code)
    chip = chips[1]
    requests = [frame[0] for frame in chip.sent if len(frame) == 1]
    assert requests == [0x52, 0x52], "WUPA twice (the second wakes the halted tag), never REQA"
    assert chip.sent[-1][0] == 0x30, "the tile code is read from the twice-selected tag"
    assert not chip.field and chip.power_down
    assert chips[0].sent == [], "the other reader never took part"


def test_a_four_byte_uid_and_an_empty_square():
    bank, chips, _ = make_bank()
    bank.self_test()
    chips[0].coils[0] = [FakeTag(UID4)]
    assert bank.read(0, 0, 4)[0] == UID4
    assert bank.read(0, 1, 4) == (None, b"")


def test_two_tags_in_one_field_are_a_failed_read_not_a_guess():
    bank, chips, _ = make_bank()
    bank.self_test()
    chips[0].coils[2] = [FakeTag(UID7), FakeTag(UID4 + b"\x01\x02\x03")]
    assert bank.read(0, 2, 4) == (None, b"")


def test_short_time_outs_for_reads_and_halt_long_one_for_writes():
    bank, chips, clock = make_bank()
    bank.self_test()
    chips[0].coils[5] = [FakeTag(UID7)]
    uid, back = bank.write(0, 5, 4, b"WB\x01B\x00\x00\x00\x00")
    assert uid == UID7 and back.startswith(b"WB\x01B\x00")
    chip = chips[0]
    assert (0x50, DRIVER.HALT_TIMEOUT_MS) in chip.timeouts_ms
    assert {ms for first, ms in chip.timers_ms if first == 0xA2} == {DRIVER.WRITE_TIMEOUT_MS}
    assert {ms for first, ms in chip.timers_ms if first in (0x52, 0x93, 0x95)} == {DRIVER.SHORT_TIMEOUT_MS}
    chip.timeouts_ms.clear()
    start = clock.us
    assert bank.read(0, 6, 4) == (None, b"")       # nothing there: WUPA times out, twice
    assert chip.timeouts_ms == [(0x52, DRIVER.SHORT_TIMEOUT_MS)] * FW.readers.READ_TRIES
    assert clock.us - start == (FW.readers.FIELD_GUARD_MS + 2 * DRIVER.SHORT_TIMEOUT_MS) * 1000


def test_a_reader_that_stops_answering_mid_read_is_a_failed_read():
    bank, chips, _ = make_bank()
    bank.self_test()
    chips[1].coils[0] = [FakeTag(UID7)]

    def broken(*_):
        raise OSError("SPI")
    bank.drivers[1].read_uid = broken
    assert bank.read(1, 0, 4) == (None, b"")
