"""Looking at one square of the straightened board: is there a letter, and what shape is it.

Works on the canonical image of :class:`~wordboard.camera.geometry.GridWarp`, where every square
is ``cell`` pixels wide. A letter is the tallest dark blob near the square's centre, found after a
threshold chosen per square (so uneven light and shadows do not matter); the small point value in
a tile's corner and the small print on premium squares are too short to count.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

#: Side of the normalised glyph handed to the letter classifiers.
GLYPH_SIZE = 24

# A letter is at least this tall, as a fraction of the square (point values and the small print on
# premium squares are shorter).
MIN_LETTER_HEIGHT = 0.34
# Ink must be at least this much darker than the paper or wood around it (grey levels).
MIN_CONTRAST = 28.0


@dataclass(frozen=True)
class Glyph:
    """The letter-like blob found in a square."""

    image: np.ndarray  # GLYPH_SIZE x GLYPH_SIZE float32 in [0, 1], ink = 1 (grey levels for print, a mask if tall)
    height: float  # blob height / square side
    aspect: float  # blob width / blob height
    contrast: float  # paper minus ink, grey levels
    crop: np.ndarray  # the grey crop around the blob (dark ink on light), for Tesseract
    #: where the blob's centre lies from the square's, in squares: (right, down) (a letter found
    #: beyond the square itself: its tile pushed off its place)
    shift: tuple[float, float] = (0.0, 0.0)
    #: the blob reaches the side of the square it was looked for in (its letter may go on
    #: beyond: a tile lying off its place); never for a blob found in a square's neighbourhood
    cut: bool = False

    @property
    def off_centre(self) -> float:
        """How far the blob's centre lies from the square's, in squares along the farther axis."""
        return max(abs(self.shift[0]), abs(self.shift[1]))


def square_patch(canonical: np.ndarray, row: int, col: int, cell: int) -> np.ndarray:
    """The pixels of square ``(row, col)`` in the canonical image."""
    return canonical[row * cell : (row + 1) * cell, col * cell : (col + 1) * cell]


def to_ink_grey(patch: np.ndarray) -> np.ndarray:
    """Grey image where ink of any colour (black, blue, red, green marker) is dark: the darkest
    of the three channels. Compute it once for the whole straightened board, not per square."""
    if patch.ndim == 2:
        return patch
    b, g, r = cv2.split(patch)
    return cv2.min(cv2.min(b, g), r)


def to_print_grey(patch: np.ndarray) -> np.ndarray:
    """Grey image where dark print stands out on a tile of any colour: the brightest of the
    three channels. Wood from pale maple to reddish-brown old tiles is bright in at least one
    channel, black print in none; in the darkest channel (:func:`to_ink_grey`, where letters
    are looked for first) a reddish-brown tile is nearly as dark as its letter. Coloured
    premium squares are bright here too, so their print shows as well: only squares that do
    not look like the empty board are looked at again in it."""
    if patch.ndim == 2:
        return patch
    b, g, r = cv2.split(patch)
    return cv2.max(cv2.max(b, g), r)


def evened(grey: np.ndarray, cell: int, level: int = 200) -> np.ndarray:
    """``grey`` with its light evened out: each pixel against the brightest round it (within
    about half a square, smoothed), that brightest made ``level``. A letter on a tile in a dim
    corner, a shadow or a dark wood shows its ink as far below its tile's face as in full
    light (a tile of dark wood in a dim room: its face 68, its letter 33 in the brightest
    channel; too faint for :data:`MIN_CONTRAST` as it is)."""
    size = max(3, cell // 2) | 1
    paper = cv2.dilate(grey, cv2.getStructuringElement(cv2.MORPH_RECT, (size, size)))
    paper = cv2.blur(paper, (size, size)).astype(np.float32)
    out = grey.astype(np.float32) * (float(level) / np.maximum(paper, 1.0))
    return np.clip(out, 0, 255).astype(np.uint8)


def find_glyph(patch: np.ndarray, context: int = 0, tall: bool = False) -> Glyph | None:
    """The letter in a square's patch (BGR or grey), or None if the square shows no letter.

    ``tall``: letters may fill the square (written by hand: children write big). A printed
    tile's letter never does, so for tiles a blob reaching the square's margin on three sides,
    or from top to bottom, is taken for a shadow or a neighbour's edge; with ``tall`` it is a
    letter cut by the margin unless it runs along the margin (a frame, a shadow's edge), and a
    tall thin blob (a big I) is a letter when centred.

    With ``context`` > 0 the patch holds the square plus ``context`` pixels of its neighbours on
    every side, and the letter is the blob whose centre lies in the square itself: this finds
    the letter of a tile pushed up to half a square off its place (real players are sloppy, and
    a grid found from its lines can be a little off near the board's edge).
    """
    grey = to_ink_grey(patch)
    cell = grey.shape[0] - 2 * context
    if context:
        inner = grey
        margin = 0
    else:
        margin = max(2, int(round(cell * 0.09)))
        inner = grey[margin : cell - margin, margin : cell - margin]
    inner = cv2.GaussianBlur(inner, (3, 3), 0)
    if context:
        # The threshold between ink and wood comes from the square itself; over the whole
        # neighbourhood it would split the tiles from the board instead.
        core = inner[context : context + cell, context : context + cell]
        threshold, _ = cv2.threshold(core, 0, 255, cv2.THRESH_BINARY_INV | cv2.THRESH_OTSU)
        _, ink = cv2.threshold(inner, threshold, 255, cv2.THRESH_BINARY_INV)
    else:
        threshold, ink = cv2.threshold(inner, 0, 255, cv2.THRESH_BINARY_INV | cv2.THRESH_OTSU)
    n, labels, stats, centroids = cv2.connectedComponentsWithStats(ink, connectivity=8)
    if n <= 1:
        return None
    size = inner.shape[0]
    best, best_score, best_shift = -1, 0.0, (0.0, 0.0)
    tall_blobs = []  # (x, y, w, h) of every blob nearly tall enough to be a letter, not a tile's edge
    edge = inner.shape[0]
    for i in range(1, n):
        x, y, w, h, area = stats[i]
        if h >= 0.6 * MIN_LETTER_HEIGHT * cell and x > 0 and x + w < edge and not (y == 0 and y + h >= edge):
            tall_blobs.append((x, y, w, h))
        if h < MIN_LETTER_HEIGHT * cell or area < 0.012 * cell * cell:
            continue
        if context:
            if h > 0.95 * cell or w > 1.1 * cell:
                continue  # taller than a tile: a shadow or the board's edge
            if not tall and ((h > 0.8 * cell and w > 0.6 * cell) or w > 0.9 * cell):
                # A tile's own body (a dark tile against a light rim), or its outline (a lifted
                # blank's shadowed edge and sides, one shape as wide as the tile): no printed
                # letter is near as wide as its tile.
                continue
            cx, cy = centroids[i][0] - context, centroids[i][1] - context
            off_centre = max(abs(cx - cell / 2), abs(cy - cell / 2)) / cell
            if h > 0.75 * cell and w < 0.25 * h and not (tall and off_centre < 0.15):
                continue  # a tile's edge or the gap beside it, not a letter
            if off_centre > 0.48:
                continue  # another square's letter
            if x == 0 or y == 0 or x + w >= size or y + h >= size:
                continue  # reaches out of the neighbourhood: grid lines, a shadow
            if area > 0.8 * w * h and w > 0.6 * cell and h > 0.6 * cell:
                continue  # a solid block: a dark premium square or a shadow
            score = h * (1.0 - off_centre)
            if score > best_score:
                best, best_score, best_shift = i, score, (cx / cell - 0.5, cy / cell - 0.5)
            continue
        cx, cy = centroids[i]
        off_centre = max(abs(cx - size / 2), abs(cy - size / 2)) / size
        if off_centre > 0.3:
            continue
        touches = (x == 0) + (y == 0) + (x + w >= size) + (y + h >= size)
        if tall and touches:
            # A big handwritten letter is cut by the square's margin where it reaches it (E's
            # bars, along a side even); a frame or a shadow's edge runs along three sides or more.
            blob = labels == i
            sides = (blob[0], blob[-1], blob[:, 0], blob[:, -1])
            if sum(np.count_nonzero(side) > 0.85 * size for side in sides) >= 3:
                continue
        else:
            if h > 0.98 * size and w > 0.98 * size:
                continue  # a frame or a shadow edge around everything, not a letter
            if touches >= 3 or (y == 0 and y + h >= size):
                continue  # a shadow or a neighbour's edge coming in from the side
        if area > 0.8 * w * h and w > 0.7 * size and h > 0.7 * size:
            continue  # a solid block: a shadow, not a stroke
        score = h * (1.0 - off_centre)
        if score > best_score:
            best, best_score, best_shift = i, score, ((cx - size / 2) / cell, (cy - size / 2) / cell)
    if best < 0:
        return None
    x, y, w, h, _area = stats[best]
    if not tall and _printed_words(tall_blobs, x, y, w, h, cell):
        return None
    component = (labels == best).astype(np.uint8)
    paper = cv2.bitwise_not(ink)
    if context:
        # Paper near the letter only: the neighbourhood may hold dark premium squares.
        near = np.zeros_like(paper)
        pad = max(2, cell // 6)
        near[max(0, y - pad) : y + h + pad, max(0, x - pad) : x + w + pad] = 255
        paper = cv2.bitwise_and(paper, near)
    if cv2.countNonZero(paper) < 10:
        return None
    paper_level = cv2.mean(inner, paper)[0]
    contrast = float(paper_level - cv2.mean(inner, component)[0])
    if contrast < MIN_CONTRAST:
        return None
    if tall:
        # Marker strokes vary in darkness along their length; the threshold's mask evens that out.
        shape = component[y : y + h, x : x + w].astype(np.float32)
    else:
        shape = _ink_levels(inner[y : y + h, x : x + w], labels[y : y + h, x : x + w], best, paper_level)
    crop = grey[margin + max(0, y - 2) : margin + y + h + 2, margin + max(0, x - 2) : margin + x + w + 2]
    cut = not context and (x == 0 or y == 0 or x + w >= size or y + h >= size)
    return Glyph(normalise_mask(shape), h / cell, w / h, contrast, crop.copy(), (float(best_shift[0]), float(best_shift[1])),
                 bool(cut))


def _ink_levels(box: np.ndarray, labels: np.ndarray, letter: int, paper: float) -> np.ndarray:
    """How much ink each pixel of the letter's bounding box holds, 0 (the paper's grey) to 1
    (the letter's darkest tenth), with the other blobs in the box (a point value, a tile's edge)
    left out: ``box`` the smoothed grey pixels, ``labels`` their blob numbers, ``letter`` the
    letter's number.

    A printed letter in bold type, blurred and JPEG-compressed, has counters and notches only a
    little lighter than its strokes (E's gaps between its arms, M's notch, N's corners): the
    threshold's mask fills them and E reads as B, N or M as H, D as O, depending on where the
    threshold falls (a grid found a pixel off is enough to move it). Grey levels keep them."""
    values = box[labels == letter]
    k = len(values) // 10
    ink = float(np.partition(values, k)[k])  # np.percentile takes four times as long
    levels = (paper - box.astype(np.float32)) * (1.0 / max(paper - ink, 1.0))
    np.clip(levels, 0.0, 1.0, out=levels)
    levels[(labels != letter) & (labels != 0)] = 0.0
    return levels


def _printed_words(blobs: list[tuple[int, int, int, int]], x: int, y: int, w: int, h: int, cell: int) -> bool:
    """True when the chosen blob (``x``, ``y``, ``w``, ``h``) is a narrow column with another
    narrow column of about its height beside it: the lines of a premium square's print
    ("DOUBLE / WORD / SCORE") seen sideways, each word a tall thin column, not a tile's letter
    (whose one blob is the letter; the point value is far shorter)."""
    if w > 0.3 * cell or w > 0.45 * h:
        return False
    for bx, by, bw, bh in blobs:
        if (bx, by, bw, bh) == (x, y, w, h) or bw > 0.3 * cell or not 0.6 * h <= bh <= 1.6 * h:
            continue
        if not 0.5 * w <= bw <= 2.0 * w:
            continue  # a tile's edge or the gap between tiles is far thinner than a line of print
        apart = abs((bx + bw / 2) - (x + w / 2))
        centred = abs((by + bh / 2) - (y + h / 2)) < 0.2 * max(h, bh)  # lines of print are centred alike
        if 0.12 * cell <= apart <= 0.5 * cell and centred:
            return True
    return False


def normalise_mask(mask: np.ndarray) -> np.ndarray:
    """Centre a letter's mask (or ink levels, 0-1) in a GLYPH_SIZE square, keeping its aspect ratio."""
    h, w = mask.shape
    inner = GLYPH_SIZE - 4
    scale = inner / max(h, w)
    nh, nw = max(1, int(round(h * scale))), max(1, int(round(w * scale)))
    small = cv2.resize(mask.astype(np.float32), (nw, nh), interpolation=cv2.INTER_AREA)
    out = np.zeros((GLYPH_SIZE, GLYPH_SIZE), np.float32)
    y0, x0 = (GLYPH_SIZE - nh) // 2, (GLYPH_SIZE - nw) // 2
    out[y0 : y0 + nh, x0 : x0 + nw] = small
    return out


def square_colours(canonical: np.ndarray, rows: int, cols: int, cell: int) -> np.ndarray:
    """Mean Lab colour of the middle of every square, shape (rows, cols, 3), float32."""
    lab = cv2.cvtColor(canonical, cv2.COLOR_BGR2LAB).astype(np.float32)
    m = max(2, int(round(cell * 0.2)))
    blocks = lab[: rows * cell, : cols * cell].reshape(rows, cell, cols, cell, 3)
    return blocks[:, m : cell - m, :, m : cell - m].mean(axis=(1, 3))


def square_signatures(canonical: np.ndarray, rows: int, cols: int, size: int = 6) -> np.ndarray:
    """A tiny grey thumbnail of each square, shape (rows, cols, size*size), for spotting changes."""
    grey = canonical if canonical.ndim == 2 else cv2.cvtColor(canonical, cv2.COLOR_BGR2GRAY)
    small = cv2.resize(grey, (cols * size, rows * size), interpolation=cv2.INTER_AREA).astype(np.float32)
    return small.reshape(rows, size, cols, size).transpose(0, 2, 1, 3).reshape(rows, cols, size * size)


def colour_signatures(canonical: np.ndarray, rows: int, cols: int, size: int = 2) -> np.ndarray:
    """A tiny colour thumbnail of each square, shape (rows, cols, size*size*3): sees a change of
    colour that leaves the grey alike (a pale tile on paper of its grey)."""
    small = cv2.resize(canonical, (cols * size, rows * size), interpolation=cv2.INTER_AREA).astype(np.float32)
    return small.reshape(rows, size, cols, size, 3).transpose(0, 2, 1, 3, 4).reshape(rows, cols, size * size * 3)


def grid_line_strength(canonical: np.ndarray, rows: int, cols: int, cell: int) -> float:
    """How sharply the grid lines show where the canonical grid expects them (1 = no better than
    anywhere else). Falls towards 1 when the board has moved under a stale calibration."""
    grey = canonical if canonical.ndim == 2 else cv2.cvtColor(canonical, cv2.COLOR_BGR2GRAY)
    gx = np.abs(cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3)).mean(axis=0)
    gy = np.abs(cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3)).mean(axis=1)

    def ratio(profile: np.ndarray, n: int) -> float:
        on, off = [], []
        for k in range(1, n):
            centre = k * cell
            on.append(profile[max(0, centre - 2) : centre + 3].max())
            off.append(profile[centre + cell // 4 : centre + 3 * cell // 4].mean())
        return float(np.mean(on) / (np.mean(off) + 1e-3))

    return 0.5 * (ratio(gx, cols) + ratio(gy, rows))
