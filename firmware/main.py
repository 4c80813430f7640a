# Entry point on the board: MicroPython runs main.py after boot.py at every power-up.
# Fit the maintenance jumper (see hardware/sensor-board.md) to stay at the REPL instead.

from sensorfw import hw

if not hw.maintenance_jumper_fitted():
    hw.set_usb_identity()
    board = hw.build_board()
    try:
        board.boot()
        board.run()            # returns only after the host's EXIT_TO_REPL
    except Exception as exc:   # a firmware bug: log it and start again (new boot id, the host resyncs)
        hw.restart_after(exc, board)
    finally:
        board.readers.field_off()
        board.port.close()
