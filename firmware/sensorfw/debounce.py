# Per-square debouncing of the occupancy matrix.
#
# Occupancy arrives as one bitmask per row (bit c set = square (row, c) occupied). A square's
# settled state changes only after ``settle_scans`` consecutive scans disagree with it; one
# scan that agrees again resets its count. A tile sliding across a square, a reed switch
# chattering when the table is bumped, a hand hovering: none lasts long enough to settle.


class Debouncer:
    def __init__(self, rows, cols, settle_scans):
        if settle_scans < 1:
            raise ValueError("settle_scans must be at least 1")
        self.rows = rows
        self.cols = cols
        self.settle_scans = settle_scans
        self.stable = [0] * rows
        self._pending = [0] * rows   # bitmask of squares whose raw state differs from stable
        self._counts = {}            # square index -> consecutive differing scans

    def reset(self, raw_rows):
        """Take ``raw_rows`` as the settled state (used at boot after the start-up scans)."""
        self.stable = list(raw_rows)
        self._pending = [0] * self.rows
        self._counts = {}

    def is_occupied(self, row, col):
        return bool(self.stable[row] >> col & 1)

    def idle(self):
        """True when no square is on its way to changing state."""
        return not self._counts

    def update(self, raw_rows):
        """Feed one scan; return [(row, col, occupied)] for squares that settled in it."""
        settled = []
        counts = self._counts
        cols = self.cols
        limit = self.settle_scans
        for row in range(self.rows):
            stable = self.stable[row]
            diff = raw_rows[row] ^ stable
            pending = self._pending[row]
            if not diff and not pending:
                continue
            cleared = pending & ~diff
            col = 0
            bits = cleared
            while bits:
                if bits & 1:
                    counts.pop(row * cols + col, None)
                bits >>= 1
                col += 1
            pending = diff
            col = 0
            bits = diff
            while bits:
                if bits & 1:
                    key = row * cols + col
                    count = counts.get(key, 0) + 1
                    if count >= limit:
                        counts.pop(key, None)
                        mask = 1 << col
                        stable ^= mask
                        pending &= ~mask
                        settled.append((row, col, bool(stable & mask)))
                    else:
                        counts[key] = count
                bits >>= 1
                col += 1
            self.stable[row] = stable
            self._pending[row] = pending
        return settled
