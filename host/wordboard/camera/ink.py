"""Is anything written on a square? Decided without the letter classifier.

A write-and-wipe square is empty when it looks as the empty board looked: its printed stars, its
zone colour, the grid lines, an eraser's smudge, a shadow across it are all there on the empty
board too (or, for light, only change how bright the square is). :class:`InkDetector` keeps a
picture of the empty board (the first straightened frame it is given) and, in every later frame,
compares each square with it, colour channel by colour channel:

* the ratio of the frame to the empty board is divided by its own local maximum (the paper's
  brightness nearby), so a shadow, a lamp turned on or a cloud changes nothing; a marker's
  stroke is far darker than the paper around it, in at least one channel, whatever its colour;
* a faint grey ghost (a letter rubbed out, an eraser's smear) stays above the ink threshold;
* a square mostly "ink" is not writing but something over it (a hand, an arm, a sleeve): it is
  *covered*, and what was known of it holds.

The empty board is kept up to date: on every square seen empty, the frame is blended into the
reference wherever it shows no ink, so light that changes (the day going, someone leaning over and
staying) is followed, and a rubbed-out letter's ghost and an eraser's smear become part of the
empty board. (Blending only where the paper itself showed left the pixels beside the printed
stars, never quite paper nor ink, at the light of the first look: under a shadow that stayed
they became ink, a phantom letter. Following only the change of light, square by square, kept
ghosts and smears out of the reference and made phantoms in whole games.) A square written on
before the detector first looked (a resumed game) has no picture of its own empty look: until it
is seen empty, it is compared with its own paper (the local maximum of the frame itself), away
from its edge where the printed stars are.

Each square also has a *mark number*, changed whenever something is written there, rubbed out,
or the writing changes (a letter rubbed out and written again): a correction from the table
("that square is empty") holds for one mark, not for whatever is written there later.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

EMPTY = "empty"
WRITTEN = "written"
COVERED = "covered"

#: A pixel is ink when, in its two darkest colour channels, it is darker than this share of the paper's
#: brightness around it (markers on white: 0.15-0.6, a thin stroke in a light colour up to
#: 0.75; a rubbed-out ghost or a smear: 0.85-0.95).
INK_RATIO = 0.8
#: Share of a square's inner part that must be ink for writing (a written letter on the twin,
#: even a thin I in a light colour: 7-55%; an empty square, with its print, shadows and
#: smudges: under 0.5%).
WRITTEN_SHARE = 0.03
#: ... and while a square is believed written, it stays so down to this share (hysteresis).
KEEP_SHARE = 0.018
#: The square is covered (a hand, a sleeve), not written on, when this share of its inner part
#: is solid "ink": ink still there after an erosion wider than a marker's stroke.
COVERED_SHARE = 0.2
#: The inner part of a square that is looked at (fractions of the square): clear of the grid
#: lines, of a neighbour's letter spilling over, and of the stars printed along the top edge.
INNER = (0.16, 0.88)
#: Pixels a square in the pictures compared (the straightened frame is shrunk to it: a marker's
#: stroke is still 2-3 pixels wide).
CELL = 20
#: The empty board's picture and a frame are lined up (InkDetector.register) when their enhanced
#: correlation reaches this.
REGISTERED = 0.7
#: How fast the picture of the empty board follows the light (per reading, on the squares seen empty).
FOLLOW = 0.2


@dataclass(frozen=True)
class SquareInk:
    state: str          # EMPTY, WRITTEN or COVERED
    share: float        # share of the square's inner part that is ink
    mark: int           # changes with each new mark on the square


class InkDetector:
    """Whether each square of a straightened board (``cell`` pixels a square) has writing."""

    def __init__(self, rows: int, cols: int, cell: int, *, written=()):
        self.rows, self.cols, self.cell = rows, cols, cell
        self.reference: np.ndarray | None = None
        # squares whose empty look is not known (written on before the first look)
        self.unknown = {tuple(s) for s in written}
        self.states: dict[tuple[int, int], SquareInk] = {}
        self._masks: dict[tuple[int, int], np.ndarray] = {}
        self._marks = 0
        a, b = int(round(INNER[0] * cell)), int(round(INNER[1] * cell))
        self._inner = slice(a, b)
        self._kernel = np.ones((max(3, cell // 4) | 1,) * 2, np.uint8)
        self._solid = np.ones((max(3, cell // 5) | 1,) * 2, np.uint8)     # wider than a stroke

    def _paper(self, ratio: np.ndarray) -> np.ndarray:
        """The paper's brightness around each pixel: the local maximum of ``ratio`` (a stroke
        is thinner than the window), smoothed."""
        local = cv2.dilate(ratio, self._kernel)
        return cv2.blur(local, (self._kernel.shape[0],) * 2)

    def look(self, canonical: np.ndarray) -> dict[tuple[int, int], SquareInk]:
        """Every square's state in this straightened frame (BGR, at least ``rows*cell`` x
        ``cols*cell``; a bigger one is shrunk to that)."""
        canonical = self._at_size(canonical)
        image = canonical.astype(np.float32) + 4.0
        first = self.reference is None
        if first:
            self.reference = image.copy()
        assert self.reference is not None
        ratio = image / self.reference
        norm = ratio / np.maximum(self._paper(ratio), 1e-3)
        # squares with no picture of their own: compared with the frame's own paper
        if self.unknown:
            own = image / np.maximum(self._paper(image), 1e-3)
            for r, c in self.unknown:
                ys, xs = self._square(r, c)
                norm[ys, xs] = own[ys, xs]
        # the two darkest channels: every marker colour is dark in two channels at least (black
        # in three), while noise in the dark puts one channel low now and then
        ordered = np.sort(norm, axis=2)
        darkest = ordered[..., :2].mean(axis=2)
        ink = darkest < INK_RATIO
        solid = cv2.erode(ink.astype(np.uint8), self._solid).astype(bool)
        cell, inner = self.cell, self._inner
        blocks = ink.reshape(self.rows, cell, self.cols, cell)[:, inner, :, inner]
        shares = blocks.mean(axis=(1, 3))
        solids = solid.reshape(self.rows, cell, self.cols, cell)[:, inner, :, inner].mean(axis=(1, 3))
        out: dict[tuple[int, int], SquareInk] = {}
        follow = np.zeros(ink.shape, bool)
        for r in range(self.rows):
            for c in range(self.cols):
                key = (r, c)
                share = float(shares[r, c])
                before = self.states.get(key)
                was = before.state if before is not None else (WRITTEN if key in self.unknown else EMPTY)
                if solids[r, c] >= COVERED_SHARE:
                    state = COVERED
                elif share >= WRITTEN_SHARE or (was == WRITTEN and share >= KEEP_SHARE):
                    state = WRITTEN
                else:
                    state = EMPTY
                mask = blocks[r, :, c, :]
                mark = before.mark if before is not None else self._new_mark()
                if state == COVERED:
                    out[key] = SquareInk(COVERED, share, mark)
                    continue
                if state != was or (state == WRITTEN and self._different(key, mask)):
                    mark = self._new_mark()
                    self._masks[key] = mask.copy()
                elif state == WRITTEN and key not in self._masks:
                    self._masks[key] = mask.copy()
                if state == EMPTY:
                    self._masks.pop(key, None)
                    if key in self.unknown:          # now seen empty: its own picture from here on
                        self.unknown.discard(key)
                        ys, xs = self._square(r, c)
                        self.reference[ys, xs] = image[ys, xs]
                    else:
                        ys, xs = self._square(r, c)
                        follow[ys, xs] = True
                out[key] = SquareInk(state, share, mark)
                self.states[key] = out[key]
        if not first:
            # follow the light on the squares seen empty, wherever no ink is: not only where the
            # paper shows (a pixel beside the printed stars, never quite paper nor ink, left at
            # the first look's light turned to ink under a shadow that stayed: a phantom letter)
            where = follow & ~ink
            blend = self.reference * (1 - FOLLOW) + image * FOLLOW
            self.reference[where] = blend[where]
        return out

    def shifted(self, canonical: np.ndarray) -> float:
        """The share of the squares seen empty whose print (grid lines, stars, colour edges) in
        this straightened frame lies shifted from the empty board's picture: per square, the
        shift of up to 2 pixels (of a ``cell``-pixel square) each way that lines it up best,
        counted when it makes the square at least 30% more alike than no shift does. Writing and
        a change of light shift nothing (under 1% of the squares on the twin); a knock too small
        for the grid lines to tell shifts most of them (53-93%), and would put each square's grid
        line inside its neighbour's inner part: ink. 0.0 before the first look."""
        if self.reference is None:
            return 0.0
        canonical = self._at_size(canonical)
        cell, rows, cols = self.cell, self.rows, self.cols
        empty = np.zeros((rows, cols), bool)
        for (r, c), state in self.states.items():
            empty[r, c] = state.state == EMPTY and (r, c) not in self.unknown
        if empty.sum() < 4:
            return 0.0
        now = canonical.astype(np.float32).mean(axis=2)

        def per_square(image: np.ndarray) -> np.ndarray:
            blocks = image.reshape(rows, cell, cols, cell)
            return blocks - blocks.mean(axis=(1, 3), keepdims=True)    # the light taken out

        reference = per_square(self.reference.mean(axis=2))
        m = 2
        errors = []
        for dy in range(-m, m + 1):
            for dx in range(-m, m + 1):
                shifted = per_square(np.roll(now, (-dy, -dx), axis=(0, 1)))
                errors.append(np.abs(shifted - reference)[:, m:cell - m, :, m:cell - m].mean(axis=(1, 3)))
        stacked = np.stack(errors)
        unshifted = stacked[len(errors) // 2]
        gain = (unshifted - stacked.min(axis=0)) / (unshifted + 1e-3)
        return float((gain[empty] >= 0.3).mean())

    def register(self, canonical: np.ndarray) -> np.ndarray | None:
        """The homography (3x3, in pixels of this detector's picture, ``cell`` a square) taking
        the empty board's picture onto this straightened frame: where each point of the board
        as first seen lies in it now. The board's own print lines it up (enhanced correlation,
        which a change of light does not disturb, nor a few letters written since). None when
        it cannot be lined up (no picture yet, no convergence, or a poor match)."""
        if self.reference is None:
            return None
        canonical = self._at_size(canonical)
        template = cv2.cvtColor(np.clip(self.reference - 4.0, 0, 255).astype(np.uint8), cv2.COLOR_BGR2GRAY)
        now = cv2.cvtColor(canonical, cv2.COLOR_BGR2GRAY)
        criteria = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 100, 1e-5)
        try:
            match, warp = cv2.findTransformECC(template, now, np.eye(3, dtype=np.float32), cv2.MOTION_HOMOGRAPHY,
                                               criteria, np.full(template.shape, 255, np.uint8), 5)
        except cv2.error:
            return None
        return np.asarray(warp, np.float64) if match >= REGISTERED else None

    def moved(self) -> None:
        """The board is seen from elsewhere now (the camera knocked, the board found again): the
        picture of the empty board no longer lines up with the straightened frame, square for
        square. The next frame becomes the empty board's picture for every square seen empty; a
        square written on is compared with its own paper until it is seen empty (as in a resumed
        game). What each square holds, and its mark, are kept."""
        self.reference = None
        self.unknown |= {key for key, state in self.states.items() if state.state == WRITTEN}

    def _at_size(self, canonical: np.ndarray) -> np.ndarray:
        """A straightened frame at this detector's size (``cell`` pixels a square), shrunk if bigger."""
        size = (self.cols * self.cell, self.rows * self.cell)
        if canonical.shape[1] != size[0] or canonical.shape[0] != size[1]:
            canonical = cv2.resize(canonical, size, interpolation=cv2.INTER_AREA)
        return canonical

    def _square(self, r: int, c: int) -> tuple[slice, slice]:
        cell = self.cell
        return slice(r * cell, (r + 1) * cell), slice(c * cell, (c + 1) * cell)

    def _new_mark(self) -> int:
        self._marks += 1
        return self._marks

    def _different(self, key: tuple[int, int], mask: np.ndarray) -> bool:
        """Whether the writing on a square changed (rubbed out and written again while the
        camera looked away, or another letter over it): its ink overlaps the last little."""
        old = self._masks.get(key)
        if old is None:
            return False
        grow = np.ones((3, 3), np.uint8)
        near = cv2.dilate(old.astype(np.uint8), grow).astype(bool)
        near_new = cv2.dilate(mask.astype(np.uint8), grow).astype(bool)
        kept = (mask & near).sum() / max(1, int(mask.sum()))
        still = (old & near_new).sum() / max(1, int(old.sum()))
        return bool(min(kept, still) < 0.5)
