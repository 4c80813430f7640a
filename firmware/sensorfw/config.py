# Build-time settings of the sensor board. Edit on the board's filesystem to match a build.
#
# The USB identity here is what the udev rules in ``udev/`` and the host match on; a test in
# the repository checks that the three agree, so change them together.

# USB identity: the MicroPython USB VID:PID of the Raspberry Pi Pico, with our own product
# string so the host can tell the sensor board from any other Pico on the same Pi.
USB_VENDOR_ID = 0x2E8A
USB_PRODUCT_ID = 0x0005
USB_MANUFACTURER = "wordboard"
USB_PRODUCT = "wordboard sensor board"

# Grid: 15x15 for Lexulous/Scrabble, 11x11 for eXtraDICTION; anything up to 32x32 works.
ROWS = 15
COLS = 15

# Scanning. The occupancy matrix is scanned every SCAN_PERIOD_MS; a square changes state only
# after SETTLE_SCANS consecutive scans agree. 10 ms x 6 scans rejects a tile sliding across a
# square (its magnet closes the reed for 10-45 ms) and still reports a placement well within
# 100 ms of the tile landing.
SCAN_PERIOD_MS = 10
SETTLE_SCANS = 6
MIN_SCAN_PERIOD_MS = 2
MAX_SCAN_PERIOD_MS = 50
MAX_SETTLE_SCANS = 50

# Identity reads. A failed read (no answer, CRC error, neighbour's tag) is retried at once up
# to READ_ATTEMPTS times; after that the square is reported occupied with an unknown tag and
# retried every RETRY_PERIOD_MS until it reads or the tile is lifted.
READ_ATTEMPTS = 3
RETRY_PERIOD_MS = 250
# How many identity reads one scan tick may do before it scans again.
READS_PER_TICK = 2

# A reader whose reads time out this many times in a row on occupied squares is reported
# faulty (it is still used; the fault clears on its next good read).
READER_FAULT_STREAK = 8

HEARTBEAT_MS = 1000

# Tag memory holding the tile code (NTAG21x user memory starts at page 4; one READ returns
# 4 pages = 16 bytes).
TILE_CODE_PAGE = 4
TILE_CODE_BYTES = 16

# Readers: READER_COUNT MFRC522 chips; square (row, col) is read by reader ``row`` through
# antenna channel ``col`` of that reader's antenna multiplexer. A build with one reader per
# square or per block only changes reader_for_square().
READER_COUNT = ROWS


def reader_for_square(row, col):
    """Return (reader index, antenna channel) that reads the square at row, col."""
    return row, col


# Pins (Raspberry Pi Pico GPIO numbers); see hardware/sensor-pinout.md.
PIN_READER_SCK = 2
PIN_READER_MOSI = 3
PIN_READER_MISO = 4
PIN_READER_RESET = 5          # NRSTPD of every MFRC522, active low
PIN_READER_SELECT = (6, 7, 8, 9)  # 74HC154 address A0-A3: which reader's NSS goes low
PIN_READER_SELECT_ENABLE = 15     # 74HC154 G1/G2, active low: no reader selected when high
PIN_MATRIX_SCK = 10
PIN_MATRIX_MOSI = 11
PIN_MATRIX_MISO = 12
PIN_MATRIX_ROW_LATCH = 13     # 74HC595 RCLK
PIN_MATRIX_COL_LOAD = 14      # 74HC165 SH/LD, active low
PIN_ANTENNA_SELECT = (16, 17, 18, 19)  # antenna multiplexer channel A0-A3 (shared by all rows)
PIN_MAINTENANCE = 22          # jumper to GND at power-up: do not start, stay at the REPL
READER_SPI_BAUD = 4000000
MATRIX_SPI_BAUD = 2000000
