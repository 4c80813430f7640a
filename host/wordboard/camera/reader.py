"""Reading the board: every square's symbol and how sure the camera is of it.

:class:`BoardReader` turns pictures into :class:`BoardReading` values. :meth:`BoardReader.read`
reads one picture from scratch (``wordboard scan``); :meth:`BoardReader.update` follows a video
stream: it re-reads only the squares whose pixels changed, votes over several frames before it
believes a change, ignores frames where a hand or arm covers the board, and finds the board
again when the camera or the board has been bumped.
"""

from __future__ import annotations

from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import cv2
import numpy as np

from wordboard.camera.geometry import CANONICAL_CELL, GridCorners, GridWarp, bend_to_lines
from wordboard.camera.letters import HANDWRITTEN, TILES, LetterClassifier, load_classifier
from wordboard.camera.locate import BoardLocation, BoardNotFound, locate_board
from wordboard.camera.squares import (MIN_CONTRAST, find_glyph, grid_line_strength, square_patch, square_signatures,
                                      square_with_context, to_ink_grey)
from wordboard.camera.state import BLANK, EMPTY, BoardState
from wordboard.camera.tesseract import read_letter, tesseract_available

CLASSIFIER = "classifier"
TESSERACT = "tesseract"
AGREED = "classifier+tesseract"
COLOUR = "colour"


@dataclass(frozen=True)
class SquareReading:
    """One square: its symbol (``.``, ``?`` or a letter), confidence 0-1 and who decided."""

    symbol: str
    confidence: float
    source: str = CLASSIFIER


@dataclass(frozen=True)
class BoardReading:
    """The whole board as read from one picture (or voted over several frames)."""

    squares: tuple[tuple[SquareReading, ...], ...]
    corners: GridCorners
    method: str  # how the grid was found: markers, outline or given
    occluded: bool = False  # True: a hand or arm covered the board; ``squares`` are the last good ones
    reread: int = 0  # how many squares were looked at again for this reading
    warp: GridWarp | None = None  # the mapping used (a BentGridWarp when the board is not flat)

    @property
    def state(self) -> BoardState:
        return BoardState(tuple("".join(s.symbol for s in row) for row in self.squares))

    @property
    def confidence(self) -> np.ndarray:
        return np.array([[s.confidence for s in row] for row in self.squares], np.float32)

    def to_json(self) -> dict:
        """A JSON-ready description: rows of symbols, per-square confidence, the grid corners."""
        return {
            "rows": list(self.state.lines),
            "confidence": [[round(float(s.confidence), 3) for s in row] for row in self.squares],
            "sources": [[s.source for s in row] for row in self.squares],
            "corners": self.corners.to_list(),
            "grid_found_by": self.method,
            "occluded": self.occluded,
        }


@dataclass
class _SquareHistory:
    votes: deque = field(default_factory=lambda: deque(maxlen=5))
    unsettled: int = 0  # frames still to re-read this square after it changed
    voted: "SquareReading | None" = None  # the result of the vote, kept until the votes change


def _lab_distance(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Colour distance that cares more about hue than about brightness (light is uneven)."""
    d = a - b
    return np.sqrt(0.15 * d[..., 0] ** 2 + d[..., 1] ** 2 + d[..., 2] ** 2)


def _paper_colours(canonical: np.ndarray, rows: int, cols: int, cell: int, small: int = 16) -> np.ndarray:
    """Mean Lab colour of the lighter 60% of the middle of each square: the tile's wood or the
    board's paper, leaving out a letter's ink. Shape (rows, cols, 3). Computed at ``small``
    pixels per square, which is plenty for a colour."""
    reduced = cv2.resize(canonical[: rows * cell, : cols * cell], (cols * small, rows * small),
                         interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(reduced, cv2.COLOR_BGR2LAB).astype(np.float32)
    m = max(1, int(round(small * 0.15)))
    blocks = lab.reshape(rows, small, cols, small, 3).transpose(0, 2, 1, 3, 4)
    inner = blocks[:, :, m : small - m, m : small - m].reshape(rows, cols, -1, 3)
    lightness = inner[..., 0]
    k = int(lightness.shape[2] * 0.4)
    cut = np.partition(lightness, k, axis=2)[..., k : k + 1]
    keep = (lightness >= cut)[..., None]
    return (inner * keep).sum(axis=2) / np.maximum(keep.sum(axis=2), 1)


def _without_grid_lines(around: np.ndarray, cell: int, context: int) -> np.ndarray:
    """A square with ``context`` pixels around it, its four grid lines painted over in the paper's
    colour: a big handwritten letter touching a line is then no longer one blob with the grid."""
    out = around.copy()
    paper = np.percentile(around, 90)
    half = max(2, int(round(cell * 0.06)))
    for line in (context, context + cell):
        out[max(0, line - half) : line + half, :] = paper
        out[:, max(0, line - half) : line + half] = paper
    return out


def _square_contrast(grey: np.ndarray, rows: int, cols: int, cell: int) -> np.ndarray:
    """Brightest minus darkest of the middle of each square (ink grey, a little smoothed), shape
    (rows, cols): a quick upper bound on a letter's contrast."""
    half = cell // 2
    reduced = cv2.resize(grey[: rows * cell, : cols * cell], (cols * half, rows * half), interpolation=cv2.INTER_AREA)
    m = max(1, int(round(half * 0.09)))
    blocks = reduced.reshape(rows, half, cols, half).transpose(0, 2, 1, 3)[:, :, m : half - m, m : half - m]
    return blocks.max(axis=(2, 3)).astype(np.float32) - blocks.min(axis=(2, 3)).astype(np.float32)


def _nearest_medians(colours: np.ndarray, sources: list[tuple[int, int]], targets: list[tuple[int, int]],
                     k: int, skip_self: bool = False) -> np.ndarray:
    """For each target square, the median colour of the ``k`` source squares nearest to it
    (light varies across the board, so only neighbours are compared). Shape (len(targets), 3)."""
    src = np.array(sources)
    tgt = np.array(targets)
    diff = np.abs(tgt[:, None, :] - src[None, :, :])
    d = diff.max(axis=2) + 0.01 * diff.sum(axis=2)
    if skip_self:
        d = np.where(d == 0, np.inf, d)
    k = min(k, len(sources))
    nearest = np.argsort(d, axis=1)[:, :k]
    picked = colours[src[nearest, 0], src[nearest, 1]]  # (targets, k, 3)
    return np.median(picked, axis=1)


def _kth_closest_colour(colours: np.ndarray, sources: list[tuple[int, int]], targets: list[tuple[int, int]],
                        neighbours: int, kth: int) -> np.ndarray:
    """For each target square, the ``kth`` smallest colour distance to the ``neighbours`` source
    squares nearest to it on the board (never itself). Shape (len(targets),)."""
    src = np.array(sources)
    tgt = np.array(targets)
    diff = np.abs(tgt[:, None, :] - src[None, :, :])
    d = diff.max(axis=2) + 0.01 * diff.sum(axis=2)
    d = np.where(d == 0, np.inf, d)
    n = min(neighbours, len(sources) - 1)
    if n < 1:
        return np.full(len(targets), np.inf, np.float32)
    nearest = np.argpartition(d, n - 1, axis=1)[:, :n]
    here = colours[tgt[:, 0], tgt[:, 1]][:, None, :]
    dist = _lab_distance(here, colours[src[nearest, 0], src[nearest, 1]])
    k = min(kth, n) - 1
    return np.partition(dist, k, axis=1)[:, k]


class BoardReader:
    """Reads a ``rows`` x ``cols`` board of printed tiles (or handwritten letters).

    ``corners`` fixes where the grid is (from calibration or ``--corners``); without it the grid
    is found in every picture given to :meth:`read` and in the first frame given to
    :meth:`update`. ``use_tesseract`` asks Tesseract about letters read with confidence below
    ``tesseract_below``, at most ``max_tesseract`` squares per picture.
    """

    def __init__(
        self,
        rows: int,
        cols: int,
        corners: GridCorners | None = None,
        *,
        handwritten: bool = False,
        classifier: LetterClassifier | None = None,
        use_tesseract: bool = True,
        tesseract_below: float = 0.55,
        max_tesseract: int = 12,
        votes: int = 3,
        change_threshold: float = 14.0,
        max_changed_squares: int = 10,
    ):
        if rows < 1 or cols < 1:
            raise ValueError("a board needs at least one row and one column")
        self.rows, self.cols = rows, cols
        self.handwritten = handwritten
        self.classifier = classifier or load_classifier(HANDWRITTEN if handwritten else TILES)
        self.use_tesseract = use_tesseract and tesseract_available()
        self.tesseract_below = tesseract_below
        self.max_tesseract = max_tesseract
        self.votes = votes
        self.change_threshold = change_threshold
        self.max_changed_squares = max_changed_squares
        self._fixed_corners = corners
        self._location: BoardLocation | None = (
            BoardLocation(corners, "given", 1.0) if corners is not None else None
        )
        self._reference: np.ndarray | None = None  # square signatures of the last accepted frame
        self._history = [[_SquareHistory(deque(maxlen=votes)) for _ in range(cols)] for _ in range(rows)]
        self._last: BoardReading | None = None
        self._line_baseline: float | None = None
        self._weak_lines = 0
        self._warp_cache: tuple[GridCorners, GridWarp] | None = None

    # ----------------------------------------------------------------------------------------
    # One picture

    def locate(self, image: np.ndarray) -> BoardLocation:
        """Where the grid is in ``image`` (the fixed corners if the reader was given some)."""
        if self._fixed_corners is not None:
            return BoardLocation(self._fixed_corners, "given", 1.0)
        return locate_board(image, self.rows, self.cols)

    def read(self, image: np.ndarray) -> BoardReading:
        """Read every square of one picture from scratch (no history, no voting)."""
        location = self.locate(image)
        warp, canonical = self._straighten(location, image, location.padded)
        everything = [(r, c) for r in range(self.rows) for c in range(self.cols)]
        readings = self._read_squares(canonical, everything)
        squares = tuple(tuple(readings[(r, c)] for c in range(self.cols)) for r in range(self.rows))
        return BoardReading(squares, location.corners, location.method, reread=len(everything), warp=warp)

    def read_at(self, image: np.ndarray, squares: list[tuple[int, int]]) -> dict[tuple[int, int], SquareReading]:
        """Read only ``squares`` (row, col) of one picture. The grid is found in the first
        picture (unless the reader was given corners) and kept for the next ones: for a camera
        that does not move, such as one looking at each tile as it is enrolled."""
        if self._location is None:
            self._location = self.locate(image)
        _warp, canonical = self._straighten(self._location, image)
        return self._read_squares(canonical, list(squares))

    def _straighten(self, location: BoardLocation, image: np.ndarray,
                    padded: np.ndarray | None = None) -> tuple[GridWarp, np.ndarray]:
        """The mapping for ``location`` and the canonical image through it. The mapping is the
        homography, bent line by line when the board is not flat (see
        :func:`~wordboard.camera.geometry.bend_to_lines`), kept while the corners stay; one warp
        of the picture serves both the line fit and the canonical image."""
        if self._warp_cache is not None and self._warp_cache[0] == location.corners:
            warp = self._warp_cache[1]
            return warp, warp.straighten(image)
        flat = GridWarp(location.corners, self.rows, self.cols)
        if padded is None:  # ``padded``: this very picture through ``flat``, if the finder made it
            padded = flat.padded(image)
        warp = bend_to_lines(image, flat, padded=padded) or flat
        self._warp_cache = (location.corners, warp)
        return warp, warp.straighten_padded(padded)

    def _read_squares(self, canonical: np.ndarray, which: list[tuple[int, int]]) -> dict[tuple[int, int], SquareReading]:
        cell = CANONICAL_CELL
        glyphs, glyph_keys = [], []
        out: dict[tuple[int, int], SquareReading] = {}
        grey = to_ink_grey(canonical)  # once for the whole board: far cheaper than per square
        contrast = _square_contrast(grey, self.rows, self.cols, cell)
        for key in which:
            if contrast[key] < MIN_CONTRAST:
                continue  # plain paper or a blank tile: nothing dark enough to be a letter
            tall = self.handwritten
            glyph = find_glyph(square_patch(grey, key[0], key[1], cell), tall=tall)
            if glyph is None:  # perhaps a tile pushed off its place: look around the square too
                around = square_with_context(grey, key[0], key[1], cell, cell // 2)
                if tall:
                    around = _without_grid_lines(around, cell, cell // 2)
                glyph = find_glyph(around, context=cell // 2, tall=tall)
            if glyph is not None:
                glyphs.append(glyph)
                glyph_keys.append(key)
        guesses = self.classifier.classify(glyphs)
        for key, glyph, guess in zip(glyph_keys, glyphs, guesses):
            out[key] = SquareReading(guess.letter, guess.confidence, CLASSIFIER)
        if self.use_tesseract:
            self._second_opinion(out, dict(zip(glyph_keys, zip(glyphs, guesses))))
        rest = [k for k in which if k not in out]
        if rest:
            out.update(self._empty_or_blank(canonical, rest, glyph_keys, contrast))
        return out

    def _second_opinion(self, out: dict, found: dict) -> None:
        unsure = sorted((k for k in found if out[k].confidence < self.tesseract_below), key=lambda k: out[k].confidence)
        unsure = unsure[: self.max_tesseract]
        if not unsure:
            return
        with ThreadPoolExecutor(max_workers=4) as pool:
            answers = list(pool.map(lambda k: read_letter(found[k][0].crop), unsure))
        for key, answer in zip(unsure, answers):
            if answer is None:
                continue
            letter, tconf = answer
            guess = found[key][1]
            if letter == guess.letter:
                out[key] = SquareReading(letter, round(max(guess.confidence, 0.5 + 0.45 * tconf), 3), AGREED)
            elif letter in guess.alternatives and tconf >= 0.6:
                out[key] = SquareReading(letter, round(0.3 + 0.4 * tconf, 3), TESSERACT)

    def _empty_or_blank(self, canonical: np.ndarray, keys: list[tuple[int, int]],
                        letter_keys: list[tuple[int, int]], contrast: np.ndarray) -> dict[tuple[int, int], SquareReading]:
        """Squares without a letter: a blank tile if they look like the board's tiles, else empty.

        A blank is the colour of the tiles around it, unlike the empty squares around it that look
        most like it, and shows no print (premium squares carry small dark print; a faint match
        in colour with print on it is a premium square)."""
        if self.handwritten:
            return {k: SquareReading(EMPTY, 0.9, COLOUR) for k in keys}
        colours = _paper_colours(canonical, self.rows, self.cols, CANONICAL_CELL)
        letters = set(letter_keys) | {
            (r, c) for r in range(self.rows) for c in range(self.cols)
            if self._last is not None and self._last.squares[r][c].symbol not in (EMPTY, BLANK)
        }
        if len(letters) < 3:
            return {k: SquareReading(EMPTY, 0.8, COLOUR) for k in keys}
        letter_list = sorted(letters)
        others = [(r, c) for r in range(self.rows) for c in range(self.cols) if (r, c) not in letters]
        here = np.array([colours[k] for k in keys])
        # How far a tile's colour is from its neighbouring tiles' (the wood varies a little).
        letter_colours = np.array([colours[k] for k in letter_list])
        spread = float(np.median(_lab_distance(letter_colours, _nearest_medians(colours, letter_list, letter_list, 6,
                                                                                 skip_self=True))))
        d_tile = _lab_distance(here, _nearest_medians(colours, letter_list, keys, 5))
        # How far it is from the empty squares around it that look most like it: the third
        # closest in colour among its 24 nearest non-letter neighbours (up to two neighbours may
        # be blanks themselves). Premium squares then match their own kind, wherever it is.
        like_empty = _kth_closest_colour(colours, others, keys, neighbours=24, kth=3)
        out = {}
        for key, dt, de in zip(keys, d_tile.tolist(), like_empty.tolist()):
            plain = contrast[key] < 0.8 * MIN_CONTRAST
            if dt < 4.0 * spread and dt < (0.85 if plain else 0.7) * de:
                conf = float(np.clip(1.2 - dt / (de + 1e-6), 0.3, 0.95))
                out[key] = SquareReading(BLANK, round(conf, 3), COLOUR)
            else:
                ratio = dt / (de + 1e-6)
                out[key] = SquareReading(EMPTY, round(float(np.clip(0.4 + 0.3 * ratio, 0.5, 0.99)), 3), COLOUR)
        return out

    # ----------------------------------------------------------------------------------------
    # A video stream

    @property
    def last_reading(self) -> BoardReading | None:
        return self._last

    def update(self, frame: np.ndarray) -> BoardReading:
        """Take the next video frame; returns the board as currently believed.

        Raises :class:`~wordboard.camera.locate.BoardNotFound` only if the board has never been
        found; later, a frame where the board cannot be seen comes back ``occluded``.
        """
        if self._location is None:
            self._location = locate_board(frame, self.rows, self.cols)
        warp, canonical = self._straighten(self._location, frame)
        if self._bumped(canonical):
            try:
                relocated = self.locate(frame) if self._fixed_corners is None else None
            except BoardNotFound:
                relocated = None
            if relocated is not None:
                self._location = relocated
                warp, canonical = self._straighten(relocated, frame, relocated.padded)
                self._reference = None  # everything is re-read below
        signatures = square_signatures(canonical, self.rows, self.cols)
        if self._reference is None:
            changed = np.ones((self.rows, self.cols), bool)
        else:
            per_pixel = np.abs(signatures - self._reference)
            diff = per_pixel.mean(axis=2)
            diff = diff - np.median(diff)  # the whole picture brightening is not a change
            changed = diff > self.change_threshold
            if self.handwritten:
                # A stroke added to a letter (Q's tail, E's last bar) changes part of a square
                # only, too little for the mean: the four most changed of its 36 spots tell.
                spots = np.sort(per_pixel, axis=2)[:, :, -4:].mean(axis=2)
                changed |= spots - np.median(spots) > 2.5 * self.change_threshold
            if self._is_occlusion(changed):
                return self._occluded_reading()
        for r, c in zip(*np.nonzero(changed)):
            history = self._history[r][c]
            history.votes.clear()
            history.voted = None
            history.unsettled = self.votes
        which = [(r, c) for r in range(self.rows) for c in range(self.cols) if self._history[r][c].unsettled > 0]
        readings = self._read_squares(canonical, which) if which else {}
        for (r, c), reading in readings.items():
            history = self._history[r][c]
            history.votes.append(reading)
            history.voted = None
            history.unsettled -= 1
        self._reference = signatures
        squares = tuple(tuple(self._voted(r, c) for c in range(self.cols)) for r in range(self.rows))
        self._last = BoardReading(squares, self._location.corners, self._location.method, reread=len(which), warp=warp)
        return self._last

    def _voted(self, r: int, c: int) -> SquareReading:
        history = self._history[r][c]
        if history.voted is not None:
            return history.voted
        votes = history.votes
        if not votes:
            return SquareReading(EMPTY, 0.0, COLOUR)
        weight: dict[str, float] = {}
        for v in votes:
            weight[v.symbol] = weight.get(v.symbol, 0.0) + max(v.confidence, 0.05)
        symbol = max(weight, key=weight.get)
        mine = [v for v in votes if v.symbol == symbol]
        share = weight[symbol] / sum(weight.values())
        conf = share * sum(v.confidence for v in mine) / len(mine)
        history.voted = SquareReading(symbol, round(conf, 3), mine[-1].source)
        return history.voted

    def _is_occlusion(self, changed: np.ndarray) -> bool:
        """A hand or arm: many squares changed at once, or a changed patch reaching in from the edge
        that is not a straight line of tiles."""
        count = int(changed.sum())
        if count == 0:
            return False
        if count > self.max_changed_squares:
            return True
        n, labels = cv2.connectedComponents(changed.astype(np.uint8), connectivity=8)
        for i in range(1, n):
            rs, cs = np.nonzero(labels == i)
            touches_edge = rs.min() == 0 or cs.min() == 0 or rs.max() == self.rows - 1 or cs.max() == self.cols - 1
            in_line = len(set(rs)) == 1 or len(set(cs)) == 1
            if touches_edge and not in_line and len(rs) >= 3:
                return True
        return False

    def _occluded_reading(self) -> BoardReading:
        if self._last is None:
            empty = tuple(tuple(SquareReading(EMPTY, 0.0, COLOUR) for _ in range(self.cols)) for _ in range(self.rows))
            return BoardReading(empty, self._location.corners, self._location.method, occluded=True)
        last = self._last
        return BoardReading(last.squares, last.corners, last.method, occluded=True, reread=0)

    def _bumped(self, canonical: np.ndarray) -> bool:
        """True when the grid lines no longer sit where the calibration says, for 2 frames running."""
        strength = grid_line_strength(canonical, self.rows, self.cols, CANONICAL_CELL)
        if self._line_baseline is None:
            self._line_baseline = strength
            return False
        if strength < 1.0 + 0.5 * (self._line_baseline - 1.0):
            self._weak_lines += 1
        else:
            self._weak_lines = 0
            self._line_baseline = 0.9 * self._line_baseline + 0.1 * strength
        if self._weak_lines >= 2:
            self._weak_lines = 0
            self._line_baseline = None
            return True
        return False
