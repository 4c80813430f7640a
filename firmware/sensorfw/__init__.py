# wordboard sensor board firmware (MicroPython, RP2040).
#
# The modules in this package are plain Python that runs under MicroPython on the board and
# under CPython in the host's tests and simulator. Only ``sensorfw.hw`` touches ``machine``,
# ``rp2`` and ``micropython``; everything else receives its hardware as objects.

FIRMWARE_VERSION = (1, 0, 0)
PROTOCOL_VERSION = 1
