"""Reading the camera for the board controller: a worker that reads frames when asked, on a thread
of its own on the board (the LEDs and buttons go on while it reads) or at once on the twin.

The same worker serves a real camera (picamera2 or an OpenCV capture) and the twin's virtual one.
"""

from __future__ import annotations

import queue
import threading


def frugal_memory() -> None:
    """Reading pictures makes and frees big buffers (frames, straightened boards): with glibc's
    defaults the freed memory stays in the process (the threshold for giving big blocks straight
    back to the system grows as they are freed, and each thread gets its own heap). A fixed
    threshold and two heaps keep ``wordboard run`` with a camera well under 150 MB. Elsewhere
    than glibc: nothing."""
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return
    m_mmap_threshold, m_arena_max = -3, -8
    mallopt(m_mmap_threshold, 256 * 1024)
    mallopt(m_arena_max, 2)


def board_reader(source, rows: int, cols: int, *, handwritten: bool = False):
    """The handwriting or tile reader for frames from ``source``. The twin's camera is calibrated
    (its grid corners are known, as ``wordboard camera calibrate`` records a real one's), and its
    frames are steady, so a smaller change of a square's pixels is taken as a change to read again
    (a thin written I or L changes a square less than a tile does)."""
    from wordboard.camera.reader import BoardReader

    corners = getattr(source, "grid_corners", None)
    if corners is not None:
        return BoardReader(rows, cols, corners, handwritten=handwritten, use_tesseract=False,
                           change_threshold=TWIN_CHANGE_THRESHOLD)
    return BoardReader(rows, cols, handwritten=handwritten, use_tesseract=False)


TWIN_CHANGE_THRESHOLD = 8.0


class CameraWorker:
    """Reads the camera when asked: ``request(at)``, later ``poll() -> (symbols, at)`` where
    symbols maps every square to ``(symbol, confidence)``. ``frames`` frames are read per request
    (the reader votes over them). On a worker thread (the board: the LEDs and buttons go on while
    it reads), or with ``threaded=False`` at the next :meth:`poll` (the twin: the read takes no
    simulated time, so its answer does not depend on how fast this computer reads)."""

    def __init__(self, source, rows: int, cols: int, *, frames: int = 3, reader=None, handwritten=False,
                 threaded: bool = True):
        self.source = source
        self.rows, self.cols = rows, cols
        self.frames = frames
        self._reader = reader
        self.handwritten = handwritten
        self._requests: queue.Queue = queue.Queue()
        self._results: queue.Queue = queue.Queue()
        self.failures = 0
        self.reads = 0
        self._opened = False
        self.lights = None         # the board's LEDs, a LightWatch: their changes are light, not tiles
        frugal_memory()
        self._thread = None
        if threaded:
            self._thread = threading.Thread(target=self._run, daemon=True, name="camera")
            self._thread.start()

    def request(self, at: float) -> None:
        self._requests.put(at)

    def poll(self):
        if self._thread is None:
            at = self._latest(None)
            if at is not None:
                self._results.put((self._read(), at))
        try:
            return self._results.get_nowait()
        except queue.Empty:
            return None

    def _latest(self, at: float | None) -> float | None:
        """``at`` or a later request waiting (only the latest matters); None when closing."""
        while not self._requests.empty():
            nxt = self._requests.get()
            if nxt is None:
                return None
            at = nxt
        return at

    def _run(self) -> None:
        while True:
            at = self._latest(self._requests.get())
            if at is None:
                return
            self._results.put((self._read(), at))

    def _read(self) -> dict:
        if not self._opened:
            self._opened = True
            try:
                if self._reader is None:
                    self._reader = board_reader(self.source, self.rows, self.cols, handwritten=self.handwritten)
            except Exception:  # noqa: BLE001 - no camera: every request answers "nothing seen"
                self._reader = None
        symbols = {}
        try:
            if self._reader is not None:
                if self.lights is not None:
                    self.lights.tell(self._reader, self.frames)
                reading = None
                for _ in range(self.frames):
                    reading = self._reader.update(self.source.read())
                self.reads += 1
                if reading is not None and not reading.occluded:
                    for r, row in enumerate(reading.squares):
                        for c, square in enumerate(row):
                            symbols[(r, c)] = (square.symbol, square.confidence)
        except Exception:  # noqa: BLE001 - a failed read is no opinion, never a crash
            self.failures += 1
        return symbols

    def close(self) -> None:
        self._requests.put(None)
