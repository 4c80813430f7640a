# Driver for one NXP MFRC522 reader on a shared SPI bus, reading ISO/IEC 14443-A tags
# (NTAG213/215/216 stickers under the tiles; MIFARE Classic gives its UID but no tile code).
#
# Hardware-agnostic: it gets an SPI object (write/readinto/write_readinto as machine.SPI),
# a chip-select object with select(on) and a clock (ticks_ms/ticks_diff/sleep_ms), so it can
# be exercised against a fake chip. Notes for this board:
# - WUPA, not REQA: a tag halted by an earlier read (HLTA) ignores REQA while it stays in the
#   field; WUPA wakes it.
# - A collision during anticollision (two tags in the field: a neighbour's tag coupling into
#   this coil) is a failed read, never a guess.
# - The MFRC522's own timer ends a transceive with no answer. A tag answers WUPA,
#   anticollision, SELECT and READ within about 0.1 ms, so those get SHORT_TIMEOUT_MS; HLTA,
#   which no tag answers, gets HALT_TIMEOUT_MS (ISO/IEC 14443-3: an answer within 1 ms is a
#   NAK); only an NTAG WRITE (tag programming ~4 ms) waits WRITE_TIMEOUT_MS. The usual
#   libraries wait 25 ms for everything, which makes every failed read cost 25 ms.
# - Between reads the chip sleeps in soft power-down (about 10 uA instead of about 13 mA
#   with the antenna off): only the reader being used draws current (see the power budget
#   in hardware/sensor-board.md).

_COMMAND = 0x01
_COM_IRQ = 0x04
_ERROR = 0x06
_FIFO_DATA = 0x09
_FIFO_LEVEL = 0x0A
_CONTROL = 0x0C
_BIT_FRAMING = 0x0D
_COLL = 0x0E
_MODE = 0x11
_TX_MODE = 0x12
_RX_MODE = 0x13
_TX_CONTROL = 0x14
_TX_ASK = 0x15
_RF_CFG = 0x26
_T_MODE = 0x2A
_T_PRESCALER = 0x2B
_T_RELOAD_H = 0x2C
_T_RELOAD_L = 0x2D
_VERSION = 0x37

_CMD_IDLE = 0x00
_CMD_TRANSCEIVE = 0x0C
_CMD_SOFT_RESET = 0x0F

_PICC_WUPA = 0x52
_PICC_HLTA = 0x50
_PICC_READ = 0x30
_PICC_WRITE = 0xA2
_CASCADE = (0x93, 0x95, 0x97)
_CASCADE_TAG = 0x88

# VersionReg values: MFRC522 v1.0, v2.0, and the FM17522 / clone chips sold on RC522 modules.
KNOWN_VERSIONS = (0x91, 0x92, 0x88, 0x12, 0xB2)

# Timer: TPrescaler 0xA9 -> 13.56 MHz / (2 * 169 + 1) = 40 kHz, 25 us per tick.
_TICKS_PER_MS = 40
SHORT_TIMEOUT_MS = 2
HALT_TIMEOUT_MS = 1
WRITE_TIMEOUT_MS = 10
_TRANSCEIVE_LIMIT_MS = 40   # software guard above the chip's own timer
_POWER_DOWN = 0x10          # CommandReg bit 4: soft power-down


def crc_a(data):
    """ISO/IEC 14443-A CRC (two bytes, low first)."""
    crc = 0x6363
    for byte in data:
        byte ^= crc & 0xFF
        byte = (byte ^ (byte << 4)) & 0xFF
        crc = ((crc >> 8) ^ (byte << 8) ^ (byte << 3) ^ (byte >> 4)) & 0xFFFF
    return bytes((crc & 0xFF, crc >> 8))


class MFRC522:
    def __init__(self, spi, chip_select, clock):
        self.spi = spi
        self.cs = chip_select
        self.clock = clock
        self._buf1 = bytearray(2)
        self._buf2 = bytearray(2)
        self._timeout_ms = None

    # ---- registers ----------------------------------------------------------------------

    def _write(self, reg, value):
        self.cs.select(True)
        try:
            self.spi.write(bytes(((reg << 1) & 0x7E, value)))
        finally:
            self.cs.select(False)

    def _read(self, reg):
        self._buf1[0] = ((reg << 1) & 0x7E) | 0x80
        self._buf1[1] = 0
        self.cs.select(True)
        try:
            self.spi.write_readinto(self._buf1, self._buf2)
        finally:
            self.cs.select(False)
        return self._buf2[1]

    def _set_bits(self, reg, mask):
        self._write(reg, self._read(reg) | mask)

    def _clear_bits(self, reg, mask):
        self._write(reg, self._read(reg) & ~mask & 0xFF)

    # ---- set-up -------------------------------------------------------------------------

    def check(self):
        """Reset and configure the chip; True if it answers with a known version."""
        self._write(_COMMAND, _CMD_SOFT_RESET)
        self.clock.sleep_ms(1)
        if self._read(_VERSION) not in KNOWN_VERSIONS:
            return False
        self._write(_T_MODE, 0x80)        # timer starts at the end of each transmission
        self._write(_T_PRESCALER, 0xA9)   # 40 kHz timer
        self._timeout_ms = None
        self._set_timeout(SHORT_TIMEOUT_MS)
        self._write(_TX_ASK, 0x40)        # 100 % ASK
        self._write(_MODE, 0x3D)          # CRC preset 0x6363
        self._write(_RF_CFG, 0x48)        # receiver gain 33 dB: short range, less crosstalk
        self.antenna(False)
        self.sleep()
        return True

    def _set_timeout(self, ms):
        if ms != self._timeout_ms:
            ticks = ms * _TICKS_PER_MS
            self._write(_T_RELOAD_H, ticks >> 8)
            self._write(_T_RELOAD_L, ticks & 0xFF)
            self._timeout_ms = ms

    def sleep(self):
        """Soft power-down (registers are kept); the antenna must be off."""
        self._write(_COMMAND, _POWER_DOWN)

    def wake(self):
        """Leave soft power-down: the chip is ready after 1024 clock cycles (~40 us)."""
        self._write(_COMMAND, _CMD_IDLE)
        start = self.clock.ticks_ms()
        while self._read(_COMMAND) & _POWER_DOWN:
            if self.clock.ticks_diff(self.clock.ticks_ms(), start) > 2:
                raise OSError("MFRC522 did not leave soft power-down")

    def antenna(self, on):
        if on:
            self._set_bits(_TX_CONTROL, 0x03)
        else:
            self._clear_bits(_TX_CONTROL, 0x03)

    # ---- ISO 14443-A --------------------------------------------------------------------

    def _transceive(self, data, last_bits=0, timeout_ms=SHORT_TIMEOUT_MS):
        """Send ``data``; return (bytes received, valid bits in the last byte) or None."""
        self._set_timeout(timeout_ms)
        self._write(_COMMAND, _CMD_IDLE)
        self._write(_COM_IRQ, 0x7F)
        self._write(_FIFO_LEVEL, 0x80)
        for byte in data:
            self._write(_FIFO_DATA, byte)
        self._write(_BIT_FRAMING, last_bits & 0x07)
        self._write(_COMMAND, _CMD_TRANSCEIVE)
        self._set_bits(_BIT_FRAMING, 0x80)
        start = self.clock.ticks_ms()
        while True:
            irq = self._read(_COM_IRQ)
            if irq & 0x30:                 # RxIRq or IdleIRq
                break
            if irq & 0x01:                 # TimerIRq: nobody answered
                return None
            if self.clock.ticks_diff(self.clock.ticks_ms(), start) > _TRANSCEIVE_LIMIT_MS:
                return None
        self._clear_bits(_BIT_FRAMING, 0x80)
        if self._read(_ERROR) & 0x1B:      # buffer overflow, collision, parity, protocol
            return None
        count = self._read(_FIFO_LEVEL)
        out = bytearray()
        for _ in range(count):
            out.append(self._read(_FIFO_DATA))
        out = bytes(out)
        valid_bits = self._read(_CONTROL) & 0x07
        return out, valid_bits

    def read_uid(self):
        """Wake the tag in the field (WUPA), run anticollision and select it; its UID or None."""
        self._write(_TX_MODE, 0x00)
        self._write(_RX_MODE, 0x00)
        self._write(_COLL, 0x80)           # clear received bits after a collision
        answer = self._transceive(bytes((_PICC_WUPA,)), 7)
        if answer is None or len(answer[0]) != 2:
            return None
        uid = b""
        for level in _CASCADE:
            answer = self._transceive(bytes((level, 0x20)))
            if answer is None or len(answer[0]) != 5:
                return None
            part = answer[0]
            if part[0] ^ part[1] ^ part[2] ^ part[3] != part[4]:
                return None
            frame = bytes((level, 0x70)) + part
            answer = self._transceive(frame + crc_a(frame))
            if answer is None or len(answer[0]) != 3 or crc_a(answer[0][:1]) != answer[0][1:]:
                return None
            sak = answer[0][0]
            if part[0] == _CASCADE_TAG:
                uid += part[1:4]
            else:
                uid += part[:4]
            if not sak & 0x04:             # UID complete
                return uid
        return None

    def read_pages(self, page):
        """NTAG READ: 16 bytes from ``page`` on, or None."""
        frame = bytes((_PICC_READ, page))
        answer = self._transceive(frame + crc_a(frame))
        if answer is None or len(answer[0]) != 18:
            return None
        data = answer[0]
        if crc_a(data[:16]) != data[16:]:
            return None
        return data[:16]

    def write_page(self, page, data):
        """NTAG WRITE of one 4-byte page; True when the tag acknowledges."""
        frame = bytes((_PICC_WRITE, page)) + bytes(data)
        answer = self._transceive(frame + crc_a(frame), 0, WRITE_TIMEOUT_MS)
        if answer is None:
            return False
        received, bits = answer
        return len(received) == 1 and bits == 4 and received[0] & 0x0F == 0x0A

    def halt(self):
        frame = bytes((_PICC_HLTA, 0x00))
        self._transceive(frame + crc_a(frame), 0, HALT_TIMEOUT_MS)   # no answer expected
