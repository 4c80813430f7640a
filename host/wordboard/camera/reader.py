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
from typing import NamedTuple

import cv2
import numpy as np

from wordboard.camera.geometry import (
    CANONICAL_CELL,
    GridCorners,
    GridWarp,
    TurnedWarp,
    bend_to_lines,
    turn_corners,
    turn_square,
)
from wordboard.camera.letters import HANDWRITTEN, TILES, LetterClassifier, load_classifier, turned_glyph
from wordboard.camera.lights import LIGHT_CHANGE, RELIT_FRAMES
from wordboard.camera.locate import OUTLINE, BoardLocation, BoardNotFound, locate_board, standard_premiums
from wordboard.camera.pose import MIN_LETTERS_ON_TOPS, TILE_THICKNESS, BoardPose
from wordboard.camera.squares import (
    MIN_CONTRAST,
    Glyph,
    colour_signatures,
    evened,
    find_glyph,
    grid_line_strength,
    square_patch,
    square_signatures,
    to_ink_grey,
    to_print_grey,
)
from wordboard.camera.state import BELOW_SURE, BLANK, EMPTY, LETTERS, SURE, BoardState
from wordboard.camera.surface import fit_surface
from wordboard.camera.tesseract import read_letter, tesseract_available

CLASSIFIER = "classifier"
TESSERACT = "tesseract"
AGREED = "classifier+tesseract"
COLOUR = "colour"
APPEARANCE = "appearance"  # an empty square told by its look (see BoardReader._print_not_tiles)
EMPTY_LOOK = "empty look"  # in a video: told by the square's own look when it was empty (see BoardReader.update)

#: In a video, a square whose paper colour is within this (Lab, see _lab_distance) of its own
#: look when it was empty, the light's change over the whole board taken out, is still empty;
#: beyond _LOOK_CHANGED something covers it (a blank if no letter is found). On the twin's
#: camera over 8 scenes: an untouched square 1.6 at most from one frame to the next, a blank
#: laid on it 10.8 or more (plain squares, premium squares, the centre star).
_LOOK_SAME = 4.0
_LOOK_CHANGED = 8.0
#: In a video, after this many frames in a row that look covered, the board is looked for again
#: (then every 64): a camera knocked too gently for the grid lines to tell looks like that too.
_LOOK_AGAIN_WHEN_CHANGED = (6, 16, 32)
#: In a video, a square whose change stays exactly the same for this many frames is no hand's (no
#: hand is that still; the twin's lingering hand stays 3-8 s, at most 24 frames): it is no sign
#: of a hand and is read as it is. A shadow kept in the last clear frame, gone since, held
#: camera-only HEXX games under --noise as "a hand?" for good.
_STILL_FRAMES = 45
#: On a board of blocks (see BoardReader.blocks), the clear frames after which the squares read
#: covered are read again: a card has no letter whose reading holds it, and a misreading taken
#: once (a shadow passing as the card was lifted) would otherwise hold as long as nothing changes.
_RELOOK_FRAMES = 8
#: In a video, a square whose LED just changed (see BoardReader.relit) changed by that light only
#: when its thumbnail is its own before, brighter or dimmer: fitted as a * before + b, the gain
#: a is at least _LIGHT_GAIN (a letter's strokes do not fade or turn over in a light) and what
#: the fit leaves (its spread) is within _LIGHT_ONLY of the change's size (or of the change
#: threshold). On the twin's camera: the border's LEDs flashing amber leave 1.1-2.1 grey levels
#: of a change of 9 (0.23 at most), gain 0.77-1.14; whole-board scenes up to 6.0 of 25 or more
#: (0.24 at most), gain 0.33-1.17; a letter laid at that moment leaves 21 of 31 (0.68, gain
#: -0.6), a blank 7.9 of 14.8 (0.53), a letter lifted 13.4 of 42 (0.32, gain -0.24).
_LIGHT_ONLY = 0.35
_LIGHT_GAIN = 0.2
#: In a video, a square's look when empty kept from the light it rested in (see
#: BoardReader.lit_by) is its look again when that light is back within this many clear frames;
#: older, the room's light may have changed over part of the board since, and the look is learnt
#: again. (At the 3-10 frames a second a Pi reads, 1.5-5 minutes: a breathing border or a turn's
#: lights. On the twin the kept looks came back after 16 clear frames at most: HEXX --noise
#: seeds 4 and 15.)
_KEPT_FRAMES = 900

#: ``orientation`` of a :class:`BoardReader`: find which way up the board is from its letters
#: when the grid was found from the board's lines (markers and given corners say it already).
AUTO = "auto"
#: ... and find it from the letters whatever found the grid (corners from an outline, or from a
#: calibration made on an empty board).
DETECT = "detect"
#: Where a reading's orientation came from.
FROM_LETTERS = "letters"
FROM_DEFAULT = "default"  # too few letters to tell: the corner nearest the picture's top-left
FROM_CORNERS = "corners"  # the corners' own order (markers, calibration, --corners)
#: The best way up must read this much better than the next best (mean closeness to a
#: training letter, 0-1). Upright boards score 0.9-1.0, the half turn 0.65-0.85, quarter turns
#: 0.3-0.55 (rendered boards and the ssetser photos).
_TURN_MARGIN = 0.08
#: Pixels of what lies round the grid kept beside the canonical image (half a square): a tile
#: pushed half off a square on the board's edge is found in its square's neighbourhood as on
#: any other square, not cut by the edge of the picture of the grid.
_FRAME = CANONICAL_CELL // 2
#: At most this many letters are found again half a tile up to tell whether the tiles' tops lie
#: off their squares (see BoardReader._tile_tops).
_TOPS_MEASURED = 30
#: A square at least this much hidden by a tile read on its top, read unsurely as a letter, is
#: empty (see BoardReader._behind_tiles): from 35 degrees up a tile hides about a third of the
#: square behind it, from 60 degrees a seventh.
_HIDDEN = 0.1
#: The share of a square partly hidden by a tile in front of it, on its far side, whose colour
#: tells whether the square itself changed (see BoardReader._far_side_as_empty): from 35
#: degrees up a tile hides about a third of the square behind it.
_FAR_SIDE = 0.4
#: A shape on a tile's top this near its square's middle (in squares) is that tile's letter
#: where the board's plane shows none (see BoardReader._with_tile_tops): the board's print, seen
#: on the tops' plane from 35 degrees up, lies a third of a square off.
_MIDDLE_OF_TOP = 0.25
#: A video is read on the tiles' tops where they lie this far (squares, in the grid's middle)
#: off their squares at the tiles' usual thickness: from 63 degrees up or lower (0.24 square
#: thick tiles). Higher, the board's plane reads them as well (60 degrees: every tile right on
#: it), and a board seen from 70-80 degrees whose tiles lie flat on it (the twin's flat
#: drawing, a board printed on paper) is not read off its letters.
_VIDEO_TOPS_SHIFT = 0.12
#: A shape found round a square whose centre lies farther than this (in squares, along either
#: axis) from that of the letter cut by the square's side is another shape, not the whole
#: letter (see BoardReader._glyph_at): a letter cut at its side by a quarter of its width moves
#: its centre an eighth of a square.
_SAME_SHAPE = 0.2


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
    orientation: int = 0  # degrees the board lies turned clockwise from its corners' order
    orientation_from: str = FROM_CORNERS  # letters, default or corners

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
            "orientation": self.orientation,
            "orientation_from": self.orientation_from,
            "occluded": self.occluded,
        }


@dataclass
class _SquareHistory:
    votes: deque = field(default_factory=lambda: deque(maxlen=5))
    unsettled: int = 0  # frames still to re-read this square after it changed
    voted: SquareReading | None = None  # the result of the vote, kept until the votes change


def _lab_distance(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Colour distance that cares more about hue than about brightness (light is uneven)."""
    d = a - b
    return np.sqrt(0.15 * d[..., 0] ** 2 + d[..., 1] ** 2 + d[..., 2] ** 2)


def _paper_colours(canonical: np.ndarray, rows: int, cols: int, cell: int, small: int = 20) -> np.ndarray:
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


def _inside(framed: np.ndarray) -> np.ndarray:
    """The canonical image (or its grey) inside one framed by :data:`_FRAME` pixels."""
    return framed[_FRAME:-_FRAME, _FRAME:-_FRAME]


def _framed_square(framed: np.ndarray, key: tuple[int, int], around: int = 0) -> np.ndarray:
    """Square ``key`` of a framed canonical image, with ``around`` pixels (at most
    :data:`_FRAME`) of what lies round it."""
    y, x = _FRAME + key[0] * CANONICAL_CELL - around, _FRAME + key[1] * CANONICAL_CELL - around
    return framed[y : y + CANONICAL_CELL + 2 * around, x : x + CANONICAL_CELL + 2 * around]


def _clear_off_centre(glyph: Glyph) -> bool:
    """A clear shape (not a thin stroke, not faint) whose centre lies off its square's
    (:data:`_OFF_PRINT`): read as a letter, it is a tile's, never the board's print, which lies
    centred on its square."""
    return glyph.off_centre >= _OFF_PRINT and glyph.aspect >= _STROKE and glyph.contrast >= _FAINT_PRINT


def _unsure_if_pushed(reading: SquareReading, glyph) -> SquareReading:
    """``reading`` of a letter found ``glyph``, below SURE when the letter lies half off its
    square (:data:`_OFF_SQUARE`)."""
    if glyph.off_centre >= _OFF_SQUARE and reading.confidence >= SURE:
        return SquareReading(reading.symbol, BELOW_SURE, reading.source)
    return reading


def _light_round(light: np.ndarray) -> np.ndarray:
    """Each square's LED light and its eight neighbours' ((rows, cols, 9, 3) from (rows, cols, 3)):
    an LED's light reaches the squares beside it, so a square looks as it did when these are as
    they were (beyond the board's edge: the edge square's own)."""
    rows, cols = light.shape[:2]
    padded = np.pad(light, ((1, 1), (1, 1), (0, 0)), mode="edge")
    return np.stack([padded[1 + dr:1 + dr + rows, 1 + dc:1 + dc + cols] for dr in (-1, 0, 1) for dc in (-1, 0, 1)],
                    axis=2)


#: A shape found only once the light is evened out (:func:`~wordboard.camera.squares.evened`)
#: is a letter only this near its square's middle (squares): evened, a blank's shadowed edge
#: shows as a faint stroke at its side (0.38 off on a real photo's blank, read as I).
_EVENED_OFF = 0.25

#: A thin shape (narrower than this share of its length) that goes on, as dark, beyond its
#: square's two sides is a line across the board (a folding board's seam), not a letter.
_THIN = 0.35


def _runs_through(framed: np.ndarray, key: tuple[int, int], glyph: Glyph) -> bool:
    """Whether ``glyph``, found on square ``key`` of the grey canonical image ``framed`` (see
    :func:`_framed_square`), is a thin line that runs on through both sides of the square it
    lies across: a folding board's seam through the middle of a row or column of squares (read
    as an I on every empty square along it). A tile's letter ends on its tile: round its
    square lie the tile's edge, the gap and the board."""
    cell = CANONICAL_CELL
    if glyph.aspect < _THIN:
        along = 0            # a vertical line: look above and below
    elif glyph.aspect > 1 / _THIN:
        along = 1            # a horizontal one: left and right
    else:
        return False
    r, c = key
    x = _FRAME + (c + 0.5 + glyph.shift[0]) * cell
    y = _FRAME + (r + 0.5 + glyph.shift[1]) * cell
    square = framed[_FRAME + r * cell : _FRAME + (r + 1) * cell, _FRAME + c * cell : _FRAME + (c + 1) * cell]
    dark = float(np.median(square)) - 0.5 * glyph.contrast
    reach = int(round(0.25 * cell))
    for side in (0, 1):
        if along == 0:
            edge = _FRAME + (r + side) * cell
            strip = framed[max(0, edge - reach) : edge + reach, max(0, int(x) - 2) : int(x) + 3]
            darkest = strip.min(axis=1)
        else:
            edge = _FRAME + (c + side) * cell
            strip = framed[max(0, int(y) - 2) : int(y) + 3, max(0, edge - reach) : edge + reach]
            darkest = strip.min(axis=0)
        if not len(darkest) or np.mean(darkest <= dark) < 0.9:
            return False
    return True


def _read_empty(squares) -> np.ndarray:
    """Per square (shape (rows, cols)), whether a reading's ``squares`` hold it empty."""
    return np.array([[v.symbol == EMPTY for v in row] for row in squares])


def _read_letterless(squares) -> np.ndarray:
    """Per square (shape (rows, cols)), whether a reading's ``squares`` hold a tile with no letter
    there (a blank, HEXX's wild tile)."""
    return np.array([[v.symbol == BLANK for v in row] for row in squares])


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


#: A letter found with less contrast than this (grey levels) on a square that does not look like
#: the empty board is looked for again in the brightest channel. In the darkest channel, print
#: on rendered tiles of pale maple shows 42-81 (5th-95th percentile), on honey-coloured wood
#: 29-49, on reddish-brown wood 28-38 (and on three in four of those tiles not at all).
_FAINT_PRINT = 40.0
#: ... and a shape found only there is kept when the classifier is at least this sure of it
#: (letters on rendered reddish-brown tiles: 176 of 178 at 0.6 or more, the 5th percentile 0.89;
#: shapes in a shadow's edge on empty squares: 0.2-0.5).
_LETTER_LIKE = 0.6


#: A square read as a blank tile whose ink contrast is at least this share of the median of the
#: letters' on the board is read unsurely (below SURE): a letter may be there, cut off. Real
#: photos (all framings): blanks 0.14-0.62, tiles whose letter was cut off by the board's edge
#: 0.98-1.41; rendered blanks 0.12-0.8, 3 of 83 above (a shadow's edge across them).
_INKED_BLANK = 0.8

#: A letter whose centre lies at least this far (in squares) from its square's is on a tile
#: pushed off its place, half over the next square: read unsurely (below SURE), so a camera-only
#: table shows it and asks rather than take it. Rendered tiles pushed half a square read about
#: 0.4-0.45 off (29 such reads went from sure to unsure); on the real photos (all 48 framings) 3
#: more tiles of 3,324 are asked about at 0.35 (20 at 0.3), and at 0.4 a tile pushed half a square
#: left is read surely again.
_OFF_SQUARE = 0.35
#: A clear letter whose centre lies this far (in squares) from its square's is no print of the
#: board's (see BoardReader._pushed_tiles): print lies centred on its square. On the real photos
#: the print read as a letter lies 0.07 of a square off at most (and never reads letter-like); a
#: rendered tile pushed 0.2-0.3 of a square off a premium square read empty, its letter taken for
#: the square's print, in 13 of 567 pushes, and in 0 since.
_OFF_PRINT = 0.15
#: A shape whose centre lies this far (in squares) from its square's lies on the line between two
#: squares: it may be that line (a grid line, the edge between two differently lit squares, print
#: beside it), read as an I. Rendered boards: such shapes on premium squares read as I at 0.69,
#: 0.46-0.47 off; tiles pushed off premium squares lie 0.23-0.37 off.
_ON_THE_LINE = 0.45
#: ... and a shape narrower than this (width over height) there is a line, not a letter's tile.
_STROKE = 0.3


#: A premium square read as a tile is its print, not a tile, when it lies nearer than this share
#: of its distance to the nearest tile to an empty square of its kind (see
#: :meth:`BoardReader._print_not_tiles`; tiles 1.11 and more, print 0.70 and less).
_LIKE_EMPTY_PRINT = 0.8


def _appearances(canonical: np.ndarray, rows: int, cols: int, cell: int, n: int = 10) -> np.ndarray:
    """Each square's look at ``n`` x ``n`` points of its middle (the picture reduced to ``n`` +
    6 points a square, three left out on every side for the grid lines and a neighbour's edge),
    in Lab, its lightness halved and taken from its own median (light varies across the board;
    colour and print tell more). Shape (rows, cols, n, n, 3)."""
    size = n + 6
    small = cv2.resize(canonical[: rows * cell, : cols * cell], (cols * size, rows * size), interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
    looks = lab.reshape(rows, size, cols, size, 3).transpose(0, 2, 1, 3, 4)[:, :, 3 : 3 + n, 3 : 3 + n].copy()
    looks[..., 0] = 0.5 * (looks[..., 0] - np.median(looks[..., 0], axis=(2, 3))[:, :, None, None])
    return looks


class _Found(NamedTuple):
    """What :meth:`BoardReader._find_glyphs` found on a canonical image."""

    grey: np.ndarray  # the ink grey image (the darkest channel), framed (see BoardReader._glyph_at)
    contrast: np.ndarray  # per square: paper minus ink, grey levels
    keys: list[tuple[int, int]]  # the squares showing a letter ...
    glyphs: list  # ... and their letters (Glyph), in the same order
    #: Shapes found only on dark tiles that look like a letter only some ways up: the quarter
    #: turns of the canonical image in which they do.
    ways_up: dict[tuple[int, int], frozenset[int]]
    #: For a letter cut by its square's side: the shape found round the square (see
    #: BoardReader._glyph_at), read instead when it reads more surely.
    wholes: dict[tuple[int, int], Glyph]

    def letter_like_when_turned(self, turns: int) -> _Found:
        """Without the shapes that do not look like a letter when the canonical image is
        turned ``turns`` quarter turns (the way the board was found to lie)."""
        drop = {key for key, ways in self.ways_up.items() if turns % 4 not in ways}
        if not drop:
            return self
        kept = [i for i, key in enumerate(self.keys) if key not in drop]
        return _Found(self.grey, self.contrast, [self.keys[i] for i in kept], [self.glyphs[i] for i in kept], {},
                      {key: whole for key, whole in self.wholes.items() if key not in drop})


class BoardReader:
    """Reads a ``rows`` x ``cols`` board of printed tiles (or handwritten letters).

    ``corners`` fixes where the grid is (from calibration or ``--corners``); without it the grid
    is found in every picture given to :meth:`read` and in the first frame given to
    :meth:`update`. ``use_tesseract`` asks Tesseract about letters read with confidence below
    ``tesseract_below``, at most ``max_tesseract`` squares per picture. ``premium``: the
    edition's squares (see :func:`~wordboard.camera.locate.locate_board`).

    ``orientation``: which way up the board is. ``"auto"`` (the default) finds it from the
    letters (see :meth:`LetterClassifier.turn_scores`) when the grid was found from the board's
    lines, whose corners only say which corner is nearest the picture's top-left; corner markers
    and given corners say it themselves. ``"detect"`` finds it from the letters whatever found
    the grid. 0, 90, 180 or 270: the board lies turned that many degrees clockwise from the
    corners' order. A board with too few letters to tell keeps the corners' order.

    ``tile_thickness``: the tiles' thickness in squares (0: read every picture on the board's
    plane). A picture taken across the table shows the tiles' tops off their squares, towards
    the far side; when its letters lie there (see :meth:`_tile_tops`), :meth:`read` reads the
    squares on the plane of the tiles' tops.
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
        orientation: int | str = AUTO,
        premium: tuple[str, ...] | None = None,
        tile_thickness: float = TILE_THICKNESS,
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
        #: the letter-like shape each square's letter was last read from, the players' way up (to
        #: learn an owner's tiles from, :mod:`wordboard.camera.tile_samples`); none for a square
        #: last read as no letter. A new dict after each read (:meth:`read`, :meth:`read_at`,
        #: :meth:`update`), never changed after: another thread may look at it while this one reads.
        self.glyphs_read: dict[tuple[int, int], Glyph] = {}
        self._shapes: dict[tuple[int, int], Glyph] = {}   # glyphs_read as this read goes
        if orientation not in (AUTO, DETECT) and (not isinstance(orientation, int) or orientation % 90):
            raise ValueError(f"orientation must be 'auto', 'detect' or 0, 90, 180, 270, not {orientation!r}")
        if isinstance(orientation, int) and orientation % 180 and rows != cols:
            raise ValueError("only a square board can lie turned by a quarter turn")
        self.orientation = orientation
        self.premium = premium  # the edition's squares, for finding the grid (see locate_board)
        self.tile_thickness = tile_thickness
        #: the height (squares) of the plane the last picture given to :meth:`read` was read on:
        #: 0, the board's, or the tiles' tops as its letters showed them (see :meth:`_tile_tops`)
        self.read_height = 0.0
        # the camera's pose and the squares read on the tiles' tops in the last picture read
        # there (see _tile_tops, _with_tile_tops), in the corners' order
        self._pose: BoardPose | None = None
        self._on_tops: set[tuple[int, int]] = set()
        # a video's: ((the board's corners, the frame's size), (the pose, the tiles' tops'
        # mapping) or None when seen from nearly straight above): see _video_pose
        self._video_pose_cache: tuple[tuple, tuple[BoardPose, GridWarp] | None] | None = None
        self._hiders_cache: tuple[BoardPose, list, dict] | None = None   # see _hiders
        self._kinds: tuple[str, ...] | None = None  # see _premium_kinds
        self._kinds_worked_out = False
        self._fixed_corners = corners
        # For read_at() and update(): the given corners, turned if the orientation says so.
        self._location: BoardLocation | None = (
            BoardLocation(turn_corners(corners, orientation // 90) if isinstance(orientation, int) else corners,
                          "given", 1.0) if corners is not None else None
        )
        self._reference: np.ndarray | None = None  # square signatures of the last accepted frame
        self._tint_reference: np.ndarray | None = None  # and their colour ones (see colour_signatures)
        self._history = [[_SquareHistory(deque(maxlen=votes)) for _ in range(cols)] for _ in range(rows)]
        self._last: BoardReading | None = None
        self._line_baseline: float | None = None
        self._weak_lines = 0
        self._look_again_after = 2
        #: True while the grid lines are not where the board was and it has not been found again
        #: (the camera or the board knocked): readings keep what was last seen.
        self.lost = False
        self._warp_cache: tuple[GridCorners, GridWarp] | None = None
        # (canonical image, the same with what lies round it): see _framed_canonical
        # (the grid looked for elsewhere straightens the picture again while the first is in use)
        self._framed: deque[tuple[np.ndarray, np.ndarray]] = deque(maxlen=2)
        # (canonical image, its squares' paper colours): see _colours_of.
        self._colours: tuple[np.ndarray, np.ndarray] | None = None
        #: Frames in a row that look occluded after which :meth:`update` takes the picture as it
        #: is (None: never; for a reader whose caller tells a hand from writing itself).
        self.occlusion_patience: int | None = None
        #: Blocks of squares (sets of (row, col)) that one thing laid covers whole (Dexikon's card
        #: slots): a change that lies within one block is that thing laid or lifted, not a hand,
        #: even where the block reaches the board's edge.
        self.blocks: tuple[frozenset[tuple[int, int]], ...] = ()
        #: Squares that hold a tile when the reader starts (a resumed game): what they look like
        #: is not learnt as their look when empty until they have changed (a row of Dexikon's
        #: cards, with no letter to read, looks to a first sight like the board).
        self.covered_at_start: frozenset[tuple[int, int]] = frozenset()
        self._unlearnt: np.ndarray | None = None
        self._clear_frames = 0
        self._occluded_frames = 0
        # per square, frames in a row it has shown the very same change (see _STILL_FRAMES), and
        # its thumbnail when that began
        self._still_frames = np.zeros((rows, cols), np.int32)
        self._still_look: np.ndarray | None = None
        #: The last frame given to :meth:`update`, straightened (``CANONICAL_CELL`` a square).
        self.last_canonical: np.ndarray | None = None
        # Squares told empty for want of tiles to compare with (fewer than 3 on the board): told
        # again once there are (see _redecide).
        self._without_context: set[tuple[int, int]] = set()
        # In a video, each square's look when it was last seen empty: its paper colour (Lab) and
        # its grey thumbnail (see square_signatures); NaN where it has not been seen empty.
        self._empty_colours: np.ndarray | None = None
        self._empty_signatures: np.ndarray | None = None
        self._signatures: np.ndarray | None = None   # this frame's, while update() reads it
        # (colours, signatures, their change from the empty looks): see _change_from_empty.
        self._change: tuple[np.ndarray, np.ndarray, tuple[np.ndarray, np.ndarray] | None] | None = None
        # The board's own LEDs changed under these squares (see relit): (squares, frames left).
        self._relit: tuple[np.ndarray, int] | None = None
        # squares whose look changed, not by their light, as their LEDs changed: until read again
        self._laid_in_light = np.zeros((rows, cols), bool)
        # The LEDs' output under each square as last told (see relit; NaN: never told), and per
        # square a look when empty kept from a light it rested in before its light changed (its
        # colour, thumbnail and that light; NaN where none): restored when that light is back.
        self._light = np.full((rows, cols, 9, 3), np.nan, np.float32)   # (see _light_round)
        self._kept_colours: np.ndarray | None = None
        self._kept_signatures: np.ndarray | None = None
        self._kept_light = np.full((rows, cols, 9, 3), np.nan, np.float32)
        self._kept_at = np.zeros((rows, cols), np.int64)   # (in clear frames, see _clear_frames)

    # ----------------------------------------------------------------------------------------
    # One picture

    def locate(self, image: np.ndarray) -> BoardLocation:
        """Where the grid is in ``image`` (the fixed corners if the reader was given some)."""
        if self._fixed_corners is not None:
            return BoardLocation(self._fixed_corners, "given", 1.0)
        return locate_board(image, self.rows, self.cols, self.premium)

    def read(self, image: np.ndarray) -> BoardReading:
        """Read every square of one picture from scratch (no history, no voting)."""
        location = self.locate(image)
        warp, canonical = self._straighten(location, image, location.padded)
        everything = [(r, c) for r in range(self.rows) for c in range(self.cols)]
        self._shapes = {}
        found = self._find_glyphs(canonical, everything, self._turns_possible())
        tops = self._tile_tops(location, image, found, warp)
        if tops is not None:   # the letters lie on the tiles' tops, off their squares: read there
            way_up = self._turns(location, found.glyphs)[0]   # (as the board's plane shows it)
            canonical, self._on_tops = self._with_tile_tops(canonical, tops.straighten(image, _FRAME), found, way_up)
            found = self._find_glyphs(canonical, everything, self._turns_possible())
        turns, source = self._turns(location, found.glyphs)
        found = found.letter_like_when_turned(turns)
        if turns:  # the board the right way up
            warp = TurnedWarp.of(warp, turns)
            canonical = self._framed_canonical(np.rot90(self._surroundings(canonical), turns))
            found = self._turned_found(found, turns)
            if not self.handwritten:  # a sideways I on a dark tile is too low a blob to pass for one
                self._find_on_dark_tiles(canonical, everything, found.keys, found.glyphs, (0,), found.wholes)
        readings = self._read_squares(canonical, everything, found)
        if turns:
            self._look_again_upright(found.grey, readings)
        if tops is not None:
            self._behind_tiles(readings, turns)
        squares = tuple(tuple(readings[(r, c)] for c in range(self.cols)) for r in range(self.rows))
        self.glyphs_read = dict(self._shapes)
        return BoardReading(squares, warp.corners, location.method, reread=len(everything), warp=warp,
                            orientation=90 * turns, orientation_from=source)

    def ink_squares(self, image: np.ndarray, squares: list[tuple[int, int]]) -> dict[tuple[int, int], np.ndarray]:
        """Each of ``squares`` of one picture as :meth:`read` sees it: straightened, turned the
        players' way up, ink dark (to learn an owner's handwriting from,
        :mod:`wordboard.camera.handwriting_samples`)."""
        location = self.locate(image)
        _warp, canonical = self._straighten(location, image, location.padded)
        everything = [(r, c) for r in range(self.rows) for c in range(self.cols)]
        turns, _source = self._turns(location, self._find_glyphs(canonical, everything, self._turns_possible()).glyphs)
        if turns:
            canonical = np.ascontiguousarray(np.rot90(canonical, turns))
        grey = to_ink_grey(canonical)
        return {key: square_patch(grey, key[0], key[1], CANONICAL_CELL).copy() for key in squares}

    def _first_location(self, image: np.ndarray) -> BoardLocation:
        """The grid in the first picture of a camera that stays put, its corners turned the
        players' way up (from the letters, when nothing else says it)."""
        location = self.locate(image)
        if isinstance(self.orientation, int):
            return BoardLocation(turn_corners(location.corners, self.orientation // 90), location.method,
                                 location.confidence, location.line_support, location.board_in_view)
        if self.orientation == DETECT or location.method == OUTLINE:
            location = self.orient(image, location)[0]
        return location

    def _turns(self, location: BoardLocation, glyphs: list) -> tuple[int, str]:
        """Quarter turns (anticlockwise, as ``np.rot90``) that bring the canonical image the
        right way up, and where that came from (see ``orientation``)."""
        if isinstance(self.orientation, int):
            return (self.orientation // 90) % 4, FROM_CORNERS
        if self.orientation == AUTO and location.method != OUTLINE:
            return 0, FROM_CORNERS
        return self.turns_from_letters(glyphs)

    def turns_from_letters(self, glyphs: list) -> tuple[int, str]:
        """Which way up ``glyphs`` (the letters found on the canonical image) read best:
        (quarter turns, ``letters``), or (0, ``default``) when too few letters tell."""
        if not glyphs:
            return 0, FROM_DEFAULT
        scores = self.classifier.turn_scores(glyphs, (0, 1, 2, 3) if self.rows == self.cols else (0, 2))
        best = max(scores, key=lambda turns: scores[turns])
        runner_up = max(v for k, v in scores.items() if k != best)
        if scores[best] - runner_up < _TURN_MARGIN:
            return 0, FROM_DEFAULT
        return best, FROM_LETTERS

    def orient(self, image: np.ndarray, location: BoardLocation | None = None) -> tuple[BoardLocation, int, str]:
        """The grid's location with its corners in the players' order (top-left first), found
        from the letters; also the quarter turns made and where they came from. For
        ``wordboard calibrate`` and the first frame of a video."""
        location = location or self.locate(image)
        warp, canonical = self._straighten(location, image, location.padded)
        everything = [(r, c) for r in range(self.rows) for c in range(self.cols)]
        turns, source = self.turns_from_letters(self._find_glyphs(canonical, everything, self._turns_possible()).glyphs)
        if turns:
            location = BoardLocation(turn_corners(location.corners, turns), location.method, location.confidence,
                                     location.line_support, location.board_in_view)
        return location, turns, source

    def read_at(self, image: np.ndarray, squares: list[tuple[int, int]]) -> dict[tuple[int, int], SquareReading]:
        """Read only ``squares`` (row, col) of one picture. The grid is found in the first
        picture (unless the reader was given corners) and kept for the next ones: for a camera
        that does not move, such as one looking at each tile as it is enrolled."""
        if self._location is None:
            self._location = self._first_location(image)
        _warp, canonical = self._straighten(self._location, image)
        readings = self._read_squares(canonical, list(squares))
        self.glyphs_read = dict(self._shapes)
        return readings

    def _straighten(self, location: BoardLocation, image: np.ndarray,
                    padded: np.ndarray | None = None) -> tuple[GridWarp, np.ndarray]:
        """The mapping for ``location`` and the canonical image through it. The mapping is the
        homography, bent when the board is not flat: to the surface of a folded or bowed board
        seen across the table (:func:`~wordboard.camera.surface.fit_surface`), else line by
        line (:func:`~wordboard.camera.geometry.bend_to_lines`); kept while the corners stay; one warp
        of the picture serves both the line fit and the canonical image."""
        if self._warp_cache is not None and self._warp_cache[0] == location.corners:
            warp = self._warp_cache[1]
            return warp, self._framed_canonical(warp.straighten(image, _FRAME))
        flat = GridWarp(location.corners, self.rows, self.cols)
        if padded is None:  # ``padded``: this very picture through ``flat``, if the finder made it
            padded = flat.padded(image)
        # A write-and-wipe board is flat and rigid, and its squares are compared pixel for pixel
        # with the empty board (the ink detector): the mapping stays the corners' homography, so
        # a board found again after a knock lines up with its picture exactly (bent to this
        # picture's lines instead, it came out up to 8 pixels off).
        bent: GridWarp | None = None if self.handwritten else (fit_surface(image, flat, padded)
                                                               or bend_to_lines(image, flat, padded=padded))
        warp = bent or flat
        self._warp_cache = (location.corners, warp)
        return warp, self._framed_canonical(warp.straighten_padded(padded, _FRAME))

    def _tile_tops(self, location: BoardLocation, image: np.ndarray, found: _Found,
                   surface: GridWarp) -> GridWarp | None:
        """The mapping that straightens ``image`` on the plane of the tiles' tops, when the
        camera looks across the board (:meth:`~wordboard.camera.pose.BoardPose.is_oblique`, its
        focal length shown by the grid's foreshortening: from nearly straight above the tops
        lie nearly over their squares) and the letters ``found`` (on plain squares: a premium
        square's print lies on the board), found again in the picture straightened half a tile
        up, lie nearer the tiles' tops than the board's plane
        (:meth:`~wordboard.camera.pose.BoardPose.thickness_from_letters`); else None (read on
        the board's plane). ``surface``: the mapping that straightens the board (bent if the
        board is not flat: the tops rise from it, :meth:`~wordboard.camera.pose.BoardPose.raised_warp`)."""
        self.read_height = 0.0
        self._pose, self._on_tops = None, set()
        if self.handwritten or self.tile_thickness <= 0 or not found.keys:
            return None
        height, width = image.shape[:2]
        pose = BoardPose(location.corners, (width, height), self.rows, self.cols)
        if not pose.focal_observed or not pose.is_oblique(self.tile_thickness):
            return None
        kinds = self.premium or standard_premiums(self.rows, self.cols)
        if kinds is not None and (len(kinds) != self.rows or any(len(row) != self.cols for row in kinds)):
            kinds = None
        plain = [key for key in found.keys if kinds is None or kinds[key[0]][key[1]] == "."]
        if len(plain) < MIN_LETTERS_ON_TOPS:
            return None
        # Measured half a tile up, on at most _TOPS_MEASURED of them spread over the board.
        plain = plain[:: -(-len(plain) // _TOPS_MEASURED)]
        half = pose.raised_warp(surface, self.tile_thickness / 2)
        straight = half.straighten(image, _FRAME)
        grey, bright = to_ink_grey(straight), None
        shifts = {}
        for key in plain:
            glyph, whole = self._glyph_at(grey, key)
            if glyph is None:   # a letter on dark wood shows in the brightest channel
                bright = to_print_grey(straight) if bright is None else bright
                glyph, whole = self._glyph_at(bright, key)
            if glyph is not None:
                shifts[key] = (whole or glyph).shift
        thickness = pose.thickness_from_letters(shifts, self.tile_thickness)
        if thickness is None:
            return None
        self.read_height = thickness
        self._pose = pose
        return pose.raised_warp(surface, thickness)

    def _with_tile_tops(self, canonical: np.ndarray, framed_tops: np.ndarray, found: _Found, way_up: int,
                        which: list[tuple[int, int]] | None = None,
                        unsure: frozenset[tuple[int, int]] = frozenset()) -> tuple[np.ndarray, set[tuple[int, int]]]:
        """``canonical`` (straightened on the board's plane) with the squares that hold a
        letter taken from ``framed_tops`` (the picture straightened on the tiles' tops, framed):
        there each tile's letter lies on its square. A square holds a letter when the tiles'
        tops show a clear shape there that reads as a letter (:data:`_LETTER_LIKE`) turned
        ``way_up`` quarter turns (as ``np.rot90``: the players' way up), nearer the square's middle than the shape ``found`` there on
        the board's plane (less than :data:`_OFF_SQUARE` off where none was found there: its
        letter lands in the square behind): the board's print lies centred on the board's plane,
        off the squares on the tops, towards the camera, and in pieces. Every other square is
        the board's (its print, a premium square's colour, a blank's wood) as before. ``which``:
        the squares that may be taken from the tops (all of them if None). ``unsure``: squares
        also taken where the board's plane shows no letter in the square's middle (none, or one
        :data:`_OFF_SQUARE` off or more: the tile's own letter, seen on the board's plane
        towards the far side; a premium square's print lies centred) and the tops a clear shape in
        the square's middle (:data:`_MIDDLE_OF_TOP`), however unsurely it reads (a video's
        squares that hold something new: its letter, read unsurely, is asked about; read on the
        board's plane it would be a blank). Returns the image and the squares taken from the
        tops."""
        on_board = {key: glyph.off_centre for key, glyph in zip(found.keys, found.glyphs)}
        on_tops = self._framed_canonical(framed_tops)
        if which is None:
            which = [(r, c) for r in range(self.rows) for c in range(self.cols)]
        found = self._find_glyphs(on_tops, which)
        middle = [(key, glyph) for key, glyph in zip(found.keys, found.glyphs)
                  if glyph.contrast >= _FAINT_PRINT and glyph.off_centre < on_board.get(key, _OFF_SQUARE)]
        if not middle:
            return canonical, set()
        sure = self.classifier.classify([turned_glyph(glyph, way_up, with_crop=False) for _key, glyph in middle])
        taken = {key for (key, glyph), guess in zip(middle, sure) if guess.confidence >= _LETTER_LIKE
                   or (key in unsure and on_board.get(key, _OFF_SQUARE) >= _OFF_SQUARE
                       and glyph.off_centre < _MIDDLE_OF_TOP)}
        if not taken:
            return canonical, taken
        framed = self._surroundings(canonical).copy()
        cell = CANONICAL_CELL
        for r, c in taken:
            y, x = _FRAME + r * cell, _FRAME + c * cell
            framed[y : y + cell, x : x + cell] = framed_tops[y : y + cell, x : x + cell]
        return self._framed_canonical(framed), taken

    def _behind_tiles(self, readings: dict[tuple[int, int], SquareReading], turns: int,
                      pose: BoardPose | None = None, tiles: set[tuple[int, int]] | None = None,
                      height: float | None = None) -> None:
        """Squares partly hidden from the camera by a tile whose letter was read on its top (at
        least :data:`_HIDDEN` of them, :meth:`~wordboard.camera.pose.BoardPose.hidden_by`), read
        unsurely as a letter (below :data:`_LETTER_LIKE`) from a shape lying off their middle
        towards that tile (:data:`_OFF_PRINT`), are empty: the shape is that tile's letter and
        face, seen over the square's side (a tile's own letter lies the other way, towards the
        far side). Changes ``readings``, whose squares are turned ``turns`` quarter turns from
        the corners' order. ``pose``, ``tiles`` and ``height``: the camera's pose, the squares
        whose tiles hide others and the tiles' thickness, if not those of the last picture read
        (:meth:`_tile_tops`: a video's, see :meth:`_video_tile_tops`)."""
        pose = pose or self._pose
        tiles = self._on_tops if tiles is None else tiles
        height = self.read_height if height is None else height
        if pose is None:
            return
        hidden: dict[tuple[int, int], tuple[float, tuple[int, int]]] = {}
        for tile in tiles:
            for key, share in pose.hidden_by(tile[0], tile[1], height).items():
                if share >= _HIDDEN and share > hidden.get(key, (0.0, tile))[0] and key not in tiles:
                    hidden[key] = (share, tile)
        for (r, c), (_share, (tr, tc)) in hidden.items():
            key = turn_square(r, c, self.rows, self.cols, turns)
            towards = np.subtract(turn_square(tr, tc, self.rows, self.cols, turns), key)[::-1]   # (right, down)
            reading, glyph = readings.get(key), self._shapes.get(key)
            if reading is None or glyph is None or reading.symbol not in LETTERS or reading.confidence >= _LETTER_LIKE:
                continue
            if float(np.dot(glyph.shift, towards)) / float(np.hypot(*towards)) >= _OFF_PRINT:
                readings[key] = SquareReading(EMPTY, 0.6, APPEARANCE)
                self._shapes.pop(key, None)

    def _framed_canonical(self, framed: np.ndarray) -> np.ndarray:
        """The canonical image inside ``framed`` (the canonical image with :data:`_FRAME` pixels
        of the picture round it), kept with it for :meth:`_surroundings`."""
        framed = np.ascontiguousarray(framed)
        canonical = np.ascontiguousarray(_inside(framed))
        self._framed.append((canonical, framed))
        return canonical

    def _surroundings(self, canonical: np.ndarray) -> np.ndarray:
        """``canonical`` with :data:`_FRAME` pixels of what lies round the grid (the picture's,
        when ``canonical`` came from :meth:`_straighten`; else its edge repeated)."""
        for inner, framed in self._framed:
            if inner is canonical:
                return framed
        return cv2.copyMakeBorder(canonical, _FRAME, _FRAME, _FRAME, _FRAME, cv2.BORDER_REPLICATE)

    def _find_glyphs(self, canonical: np.ndarray, which: list[tuple[int, int]],
                     turns: tuple[int, ...] = (0,)) -> _Found:
        """The squares in ``which`` that show a letter. ``turns``: the quarter turns that may
        bring ``canonical`` the players' way up (one of them, unknown yet; see
        :meth:`_turns_possible`)."""
        glyphs, glyph_keys = [], []
        # once for the whole board, framed (see _glyph_at): far cheaper than per square
        grey = to_ink_grey(self._surroundings(canonical))
        contrast = _square_contrast(_inside(grey), self.rows, self.cols, CANONICAL_CELL)
        wholes: dict[tuple[int, int], Glyph] = {}
        for key in which:
            if contrast[key] < MIN_CONTRAST:
                continue  # plain paper or a blank tile: nothing dark enough to be a letter
            glyph, whole = self._glyph_at(grey, key)
            if glyph is not None:
                glyphs.append(glyph)
                glyph_keys.append(key)
                if whole is not None:
                    wholes[key] = whole
        ways_up = {} if self.handwritten else self._find_on_dark_tiles(canonical, which, glyph_keys, glyphs, turns,
                                                                        wholes)
        return _Found(grey, contrast, glyph_keys, glyphs, ways_up, wholes)

    def _find_on_dark_tiles(self, canonical: np.ndarray, which: list[tuple[int, int]],
                            glyph_keys: list[tuple[int, int]], glyphs: list, turns: tuple[int, ...],
                            wholes: dict[tuple[int, int], Glyph]) -> dict[tuple[int, int], frozenset[int]]:
        """Look again, in the brightest channel (:func:`~wordboard.camera.squares.to_print_grey`),
        at the squares of ``which`` whose colour is unlike the empty board's there and where no
        letter was found, or only a faint one: on a tile of dark (reddish-brown) wood the letter
        hardly shows in the darkest channel. A letter found there replaces a fainter one. Squares
        that look like the empty board are not looked at there: a coloured premium square's
        print shows in it too. Changes the lists (and ``wholes``, see :class:`_Found`) in place;
        returns, for each shape found only here that looks like a letter in some but not all of
        ``turns``, the turns it does."""
        index = {k: i for i, k in enumerate(glyph_keys)}
        faint = [k for k in which if k not in index or glyphs[index[k]].contrast < _FAINT_PRINT]
        if not faint:
            return {}
        colours = self._colours_of(canonical)
        tiles = {k for k in index if glyphs[index[k]].contrast >= _FAINT_PRINT}
        # Squares found unlike the board are left out of what the board looks like, and the
        # rest compared again: where tiles of one colour crowd together (their letters unseen
        # so far) they first pass for the board's own colour.
        for _ in range(3):
            unlike = self._unlike_the_empty_board(colours, tiles)
            more = {(int(r), int(c)) for r, c in zip(*np.nonzero(unlike))} - tiles
            tiles |= more
            if len(more) < 4:
                break  # a few more squares left out would not change what the board looks like
        if len(tiles) >= 4:
            # Also a square the colour of the tiles found so far (on a premium kind whose
            # squares are mostly covered, the kind's usual colour is the tiles' own).
            wood = np.array([colours[k] for k in tiles])
            typical = np.median(wood, axis=0)
            spread = float(np.median(_lab_distance(wood, typical)))
            near = _lab_distance(np.array([colours[k] for k in faint]), typical) < max(6.0, 1.5 * spread)
            tiles |= {k for k, yes in zip(faint, near) if yes}
        bright = to_print_grey(self._surroundings(canonical))
        lit = None   # (the brightest channel with its light evened out, if needed)
        # Only where the brightest channel shows something dark enough to be a letter.
        showing = _square_contrast(_inside(bright), self.rows, self.cols, CANONICAL_CELL) >= MIN_CONTRAST
        # And a plain square's (the board prints nothing there but the centre's star): where
        # tiles of dark wood crowd a board lit unevenly, their colour varies more than the
        # board's and many pass for neither; a shape there must look like a letter (below).
        kinds = self._premium_kinds()
        centre = (self.rows // 2, self.cols // 2)
        candidates = [k for k in faint if showing[k] and (k in tiles or (
            kinds is not None and kinds[k[0]][k[1]] == "." and k != centre))]
        if not candidates:
            return {}
        new = []
        new_wholes = {}
        for key in candidates:
            glyph, whole = self._glyph_at(bright, key)
            if glyph is None:   # too faint as it is: a dim corner, a shadow, a dark wood
                lit = evened(bright, CANONICAL_CELL) if lit is None else lit
                glyph, whole = self._glyph_at(lit, key)
                if glyph is not None and (whole or glyph).off_centre >= _EVENED_OFF:
                    glyph = whole = None   # evened, a tile's edge or shadow shows too
            if glyph is None:
                continue
            if key not in index:
                new.append((key, glyph))
                if whole is not None:
                    new_wholes[key] = whole        # (kept with the shape, if it is kept)
            elif glyph.contrast > glyphs[index[key]].contrast:
                glyphs[index[key]] = glyph
                wholes.pop(key, None)
                if whole is not None:
                    wholes[key] = whole
        # A shape found only here must look like a letter: a shadow's edge across an empty
        # square can be unlike the board, and shapes in it then read as letters at random. The
        # canonical image may not be turned the players' way up yet: the shape is judged each
        # way up the board may lie (a sideways letter is nothing like one), and kept if it looks
        # like a letter in one of them; :meth:`_Found.letter_like_when_turned` drops it when
        # the board turns out to lie another way.
        ways_up: dict[tuple[int, int], frozenset[int]] = {}
        if not new:
            return ways_up
        turned = [turned_glyph(g, k, with_crop=False) for k in turns for _key, g in new]
        sure = np.array([guess.confidence for guess in self.classifier.classify(turned)]).reshape(len(turns), -1)
        for (key, glyph), letter_like in zip(new, (sure >= _LETTER_LIKE).T.tolist()):
            if any(letter_like):
                glyph_keys.append(key)
                glyphs.append(glyph)
                if key in new_wholes:
                    wholes[key] = new_wholes[key]
                if not all(letter_like):
                    ways_up[key] = frozenset(k for k, yes in zip(turns, letter_like) if yes)
        return ways_up

    def _turns_possible(self) -> tuple[int, ...]:
        """The quarter turns (as ``np.rot90``) that may bring a canonical image in the corners'
        order the players' way up, before :meth:`_turns` has decided: the one the reader was
        told, else every one the board's shape allows."""
        if isinstance(self.orientation, int):
            return ((self.orientation // 90) % 4,)
        return (0, 1, 2, 3) if self.rows == self.cols else (0, 2)

    def _glyph_at(self, framed: np.ndarray, key: tuple[int, int]) -> tuple[Glyph | None, Glyph | None]:
        """The letter on square ``key`` of a grey canonical image framed by what lies round the
        grid (:data:`_FRAME`; the darkest channel, or the brightest for dark tiles), or None;
        and, for a printed letter cut by the square's side (``Glyph.cut``), the shape found round
        the square, or None.

        A letter that does not lie in the middle of its square (a tile off its place, a letter
        printed off its tile's centre, a grid found a little off) reaches the side of the square
        and is cut there: an O without its left side reads as J, a Q without its tail as D. Round
        the square it is whole, unless what lies there joins it (the tile's edge, a neighbour's
        letter): the reading of the two that is surer is kept (:meth:`_read_squares`). A shape
        round the square centred elsewhere (:data:`_SAME_SHAPE`) is not the letter."""
        context = CANONICAL_CELL // 2
        tall = self.handwritten
        glyph = find_glyph(_framed_square(framed, key), tall=tall)
        if glyph is not None and not tall and _runs_through(framed, key, glyph):
            return None, None
        if glyph is not None and (tall or not glyph.cut):
            return glyph, None
        # perhaps a tile pushed off its place: look around the square too
        around = _framed_square(framed, key, context)
        if tall:
            around = _without_grid_lines(around, CANONICAL_CELL, context)
        whole = find_glyph(around, context=context, tall=tall)
        if glyph is None:
            return whole, None
        if whole is not None and max(abs(a - b) for a, b in zip(whole.shift, glyph.shift)) > _SAME_SHAPE:
            whole = None   # another shape (a tile's edge beside the letter), not more of the letter
        return glyph, whole

    def _look_again_upright(self, grey: np.ndarray, readings: dict, below: float = 0.5) -> None:
        """Letters read unsurely from a glyph found sideways or upside down: found again on the
        square the right way up (a blob's choice can differ) and kept if read more surely."""
        unsure = [k for k, v in readings.items() if v.source == CLASSIFIER and v.confidence < below]
        glyphs, keys, wholes = [], [], {}
        for key in unsure:
            glyph, whole = self._glyph_at(grey, key)
            if glyph is not None:
                glyphs.append(glyph)
                keys.append(key)
                if whole is not None:
                    wholes[key] = whole
        guesses = self.classifier.classify(glyphs)
        self._surer_of_cut_and_whole(keys, glyphs, guesses, wholes)
        for key, glyph, guess in zip(keys, glyphs, guesses):
            if guess.confidence > readings[key].confidence:
                readings[key] = _unsure_if_pushed(SquareReading(guess.letter, guess.confidence, CLASSIFIER), glyph)
                self._shapes[key] = glyph

    def _turned_found(self, found: _Found, turns: int) -> _Found:
        """What :meth:`_find_glyphs` found on the canonical image, for the image turned ``turns``
        quarter turns (the rows and columns swap for odd turns: square boards only). The letters
        found are turned with it; squares dark enough for a letter where none was found are
        looked at again the right way up (a sideways I or L is too low a blob to pass for one)."""
        grey, contrast, keys, glyphs, _ways_up, wholes = found
        grey = np.ascontiguousarray(np.rot90(grey, turns))
        contrast = np.ascontiguousarray(np.rot90(contrast, turns))
        keys = [turn_square(r, c, self.rows, self.cols, turns) for r, c in keys]
        glyphs = [turned_glyph(g, turns) for g in glyphs]
        wholes = {turn_square(r, c, self.rows, self.cols, turns): turned_glyph(g, turns) for (r, c), g in wholes.items()}
        have = set(keys)
        for key in zip(*np.nonzero(contrast >= MIN_CONTRAST)):
            key = (int(key[0]), int(key[1]))
            if key not in have:  # the square itself only: around it was looked at already
                glyph = find_glyph(_framed_square(grey, key), tall=self.handwritten)
                if glyph is not None:
                    keys.append(key)
                    glyphs.append(glyph)
        return _Found(grey, contrast, keys, glyphs, {}, wholes)

    def _read_squares(self, canonical: np.ndarray, which: list[tuple[int, int]],
                      found: _Found | None = None) -> dict[tuple[int, int], SquareReading]:
        """Read the squares in ``which``; ``found``: what :meth:`_find_glyphs` gave for them."""
        out: dict[tuple[int, int], SquareReading] = {}
        _grey, contrast, glyph_keys, glyphs, _ways_up, wholes = found or self._find_glyphs(canonical, which)
        glyph_keys, glyphs = list(glyph_keys), list(glyphs)   # (changed below: not the caller's)
        colours = None if self.handwritten else self._colours_of(canonical)
        change = None if colours is None else self._change_from_empty(colours)
        off_print: set[tuple[int, int]] = set()
        if colours is not None and glyphs:
            # (a tile laid as the LEDs under it changed is tinted by their light like the lit
            # squares round it: its letter, not its colour, says what it is)
            printed = self._printed_not_tiles(colours, glyph_keys) - \
                {(int(r), int(c)) for r, c in zip(*np.nonzero(self._laid_in_light))}
            if change is not None and printed:
                # In a video, a square far from its own look when empty holds something: the
                # board's print looks as it did. (A bold letter such as Q darkens the colour
                # measured on its tile, on a premium square as dark as the print round it.)
                with np.errstate(invalid="ignore"):
                    printed = {k for k in printed if not change[0][k] >= _LOOK_CHANGED}
            # A clear shape well off its square's centre is judged by how letter-like it reads
            # (below), not by its square's colour: the board's print lies centred on its square,
            # and a tile pushed off a premium square shows that square's colour beside it.
            # (Not a shape centred on the line between two squares: that may be the line itself.)
            off_print = {k for k, g in zip(glyph_keys, glyphs)
                         if k in printed and _clear_off_centre(g) and g.off_centre < _ON_THE_LINE}
            printed -= off_print
            if printed:
                kept = [i for i, k in enumerate(glyph_keys) if k not in printed]
                glyph_keys, glyphs = [glyph_keys[i] for i in kept], [glyphs[i] for i in kept]
        if change is not None and glyphs:
            # A letter-like shape on a square that looks just as it did empty (colour and
            # thumbnail) is the board's own print, a premium square's letters or its star.
            with np.errstate(invalid="ignore"):
                print_only = [bool(change[0][k] <= _LOOK_SAME and change[1][k] <= self.change_threshold)
                              for k in glyph_keys]
            for key, printed_only in zip(glyph_keys, print_only):
                if printed_only:
                    out[key] = SquareReading(EMPTY, 0.95, EMPTY_LOOK)
            glyph_keys = [k for k, p in zip(glyph_keys, print_only) if not p]
            glyphs = [g for g, p in zip(glyphs, print_only) if not p]
        guesses = self.classifier.classify(glyphs) if glyphs else []
        self._surer_of_cut_and_whole(glyph_keys, glyphs, guesses, wholes)
        if colours is not None and glyphs and off_print:
            kept = [i for i, k in enumerate(glyph_keys) if k not in off_print or guesses[i].confidence >= _LETTER_LIKE]
            glyph_keys, glyphs, guesses = [glyph_keys[i] for i in kept], [glyphs[i] for i in kept], [guesses[i] for i in kept]
        for key, glyph, guess in zip(glyph_keys, glyphs, guesses):
            out[key] = SquareReading(guess.letter, guess.confidence, CLASSIFIER)
            self._shapes[key] = glyph
        if self.use_tesseract:
            self._second_opinion(out, dict(zip(glyph_keys, zip(glyphs, guesses))))
        for key, glyph in zip(glyph_keys, glyphs):
            out[key] = _unsure_if_pushed(out[key], glyph)  # whoever read it
        pushed = set() if self.handwritten else self._pushed_tiles(out, glyph_keys, glyphs, guesses)
        rest = [k for k in which if k not in out]
        if change is not None and rest:
            # No letter: told by its own look when empty where that is plain (see _LOOK_SAME).
            for key in list(rest):
                colour = float(change[0][key])
                if colour <= _LOOK_SAME:
                    out[key] = SquareReading(EMPTY, 0.95, EMPTY_LOOK)
                elif colour >= _LOOK_CHANGED:
                    out[key] = SquareReading(BLANK, 0.9, EMPTY_LOOK)
            rest = [k for k in rest if k not in out]
        if rest:
            out.update(self._empty_or_blank(canonical, rest, glyph_keys, contrast, colours))
        if not self.handwritten:
            for key in self._print_not_tiles(canonical, {k: v for k, v in out.items()
                                                         if v.source != EMPTY_LOOK and k not in pushed}):
                out[key] = SquareReading(EMPTY, 0.6, APPEARANCE)
        for key in which:    # (a shape read before, its tile since lifted, is not this square's letter)
            if key not in out or out[key].symbol not in LETTERS:
                self._shapes.pop(key, None)
        return out

    def _surer_of_cut_and_whole(self, keys: list[tuple[int, int]], glyphs: list, guesses: list,
                                wholes: dict[tuple[int, int], Glyph]) -> None:
        """Where a letter was cut by its square's side and found whole round it (``wholes``, see
        :meth:`_glyph_at`), the shape read more surely and its reading (changes ``glyphs`` and
        ``guesses`` in place)."""
        cut = [i for i, key in enumerate(keys) if key in wholes]
        if not cut:
            return
        for i, guess in zip(cut, self.classifier.classify([wholes[keys[i]] for i in cut])):
            # (as sure of two letters, the whole shape has more of the letter: a J cut at its hook
            # and read as an I as surely as the whole J is read as J)
            if guess.confidence > guesses[i].confidence or \
                    (guess.confidence == guesses[i].confidence and guess.letter != guesses[i].letter):
                glyphs[i], guesses[i] = wholes[keys[i]], guess

    def _pushed_tiles(self, out: dict[tuple[int, int], SquareReading], glyph_keys: list[tuple[int, int]],
                      glyphs: list, guesses: list) -> set[tuple[int, int]]:
        """Squares whose letter lies off the square's centre (:data:`_OFF_PRINT`), clearly a
        letter: a tile pushed off its place. Its square may look like an empty one of its
        premium kind (part of it is), so its look is no evidence that the letter is print: the
        board's print is centred on its square. The same for a letter lying half over the next
        square (:data:`_OFF_SQUARE`) with that next square on the board and no letter of its
        own. A thin upright stroke, or a faint shape (:data:`_FAINT_PRINT`), is no such
        evidence: half a square off is where the line between two squares lies (a grid line, or
        the edge between two squares the LEDs light in different colours, reads as a faint I).

        The square such a tile leans into holds no tile of its own (there is no room for one): a
        shape read there unsurely (below :data:`_LETTER_LIKE`) is the pushed tile's edge or its
        point value, and the square is read empty (changes ``out``)."""
        pushed = set()
        sure_of = {key: guess.confidence for key, guess in zip(glyph_keys, guesses)}
        for key, glyph, guess in zip(glyph_keys, glyphs, guesses):
            reading = out.get(key)
            if not _clear_off_centre(glyph) or guess.confidence < _LETTER_LIKE or reading is None \
                    or reading.symbol not in LETTERS:
                continue
            if glyph.off_centre < _OFF_SQUARE:
                pushed.add(key)
                continue
            x, y = glyph.shift
            r, c = (key[0], key[1] + (1 if x > 0 else -1)) if abs(x) >= abs(y) else (key[0] + (1 if y > 0 else -1), key[1])
            inside = 0 <= r < self.rows and 0 <= c < self.cols
            # (read now, or before: a video read again reads only the squares that changed)
            before = self._last.squares[r][c].symbol if inside and self._last is not None else EMPTY
            if not inside or before in LETTERS:
                continue
            if (r, c) in out and out[(r, c)].symbol in LETTERS and sure_of.get((r, c), 1.0) < _LETTER_LIKE \
                    and (r, c) not in pushed:
                out[(r, c)] = SquareReading(EMPTY, 0.6, APPEARANCE)     # the pushed tile's edge
            if (r, c) not in out or out[(r, c)].symbol == EMPTY:
                pushed.add(key)
        return pushed

    def _print_not_tiles(self, canonical: np.ndarray, out: dict[tuple[int, int], SquareReading]) -> set[tuple[int, int]]:
        """Premium squares read as a tile (a letter or a blank) that look more like an empty
        square of their own kind than like any tile on the board: the board's own print (DOUBLE
        WORD SCORE and the like, a square half hidden under the tile beside it), not a tile.

        Decided from the squares' appearance alone, not from what the letter classifier made of
        them (see :func:`_appearances`): a square is compared with every empty square of its
        premium kind (as the empty board shows it elsewhere, whichever way its print is turned)
        and with every square read as a tile. On the real photos (the ssetser1 and the held-out
        jheidel photos, as taken, cut tight and seen at an angle; the threshold was chosen on all
        of them) a tile on a premium square is 1.11 times or more as far from the nearest empty
        square of its kind as from the nearest other tile; the print read as a tile there,
        0.57-0.70 times. Plain squares are left to the colour rules: a pale tile on a pale board
        (the held-out photo's blank) comes nearer plain paper than other tiles."""
        kinds = self._premium_kinds()
        if kinds is None:
            return set()
        symbols = {(r, c): EMPTY for r in range(self.rows) for c in range(self.cols)}
        if self._last is not None:
            symbols.update({(r, c): self._last.squares[r][c].symbol for r in range(self.rows) for c in range(self.cols)})
        symbols.update({k: v.symbol for k, v in out.items()})
        read = [k for k, v in out.items() if v.symbol != EMPTY and kinds[k[0]][k[1]] != "."]
        tiles = [k for k, s in symbols.items() if s != EMPTY]
        if not read or len(tiles) < 2:
            return set()
        looks = _appearances(canonical, self.rows, self.cols, CANONICAL_CELL)
        turned = np.stack([np.rot90(looks, k, axes=(2, 3)) for k in range(4)])  # (4, rows, cols, n, n, 3)
        printed = set()
        for key in read:
            kind = kinds[key[0]][key[1]]
            empty = [k for k, s in symbols.items() if s == EMPTY and k != key and kinds[k[0]][k[1]] == kind]
            others = [k for k in tiles if k != key]
            if len(empty) < 2 or not others:
                continue
            here = looks[key]

            def nearest(squares: list[tuple[int, int]], here: np.ndarray = here) -> float:
                rows, cols = np.array(squares).T
                return float(np.abs(turned[:, rows, cols] - here).mean(axis=(2, 3, 4)).min())

            if nearest(empty) < _LIKE_EMPTY_PRINT * nearest(others):
                printed.add(key)
        return printed

    def _colours_of(self, canonical: np.ndarray) -> np.ndarray:
        """The squares' paper colours of this very canonical image, computed once for it (the
        look for letters on dark tiles and the reading of the squares both need them)."""
        if self._colours is None or self._colours[0] is not canonical:
            self._colours = (canonical, _paper_colours(canonical, self.rows, self.cols, CANONICAL_CELL))
        return self._colours[1]

    def _unlike_the_empty_board(self, colours: np.ndarray, tiles: set[tuple[int, int]]) -> np.ndarray:
        """Per square (shape (rows, cols)), whether its colour is far from what that square
        looks like empty: the median colour of the squares of its kind nearest to it (24 for
        plain squares, 8 for a premium kind; tiles are the fewer among them, and near ones are
        lit alike), leaving out ``tiles``, squares known to hold one. Far: beyond 3 times the
        board's typical such distance, and 12."""
        kinds = self._premium_kinds()
        everything = [(r, c) for r in range(self.rows) for c in range(self.cols)]
        kind_of = (lambda k: ".") if kinds is None else (lambda k: kinds[k[0]][k[1]])
        distance = np.zeros((self.rows, self.cols), np.float32)
        for kind in {kind_of(k) for k in everything}:
            same = [k for k in everything if kind_of(k) == kind]
            reference = [k for k in same if k not in tiles]
            if len(reference) < 4:
                continue
            rows, cols = np.array(same).T
            typical = _nearest_medians(colours, reference, same, 24 if kind == "." else 8, skip_self=True)
            distance[rows, cols] = _lab_distance(colours[rows, cols], typical)
        return distance > max(12.0, 3.0 * float(np.median(distance)))

    def _premium_kinds(self) -> tuple[str, ...] | None:
        """The premium layout (one string per row; ``*`` counts as a double word) if it reads the
        same every way up, so it holds whichever way the board lies; else None."""
        if not self._kinds_worked_out:
            layout = self.premium or standard_premiums(self.rows, self.cols)
            self._kinds_worked_out = True
            if layout is not None and len(layout) == self.rows and all(len(row) == self.cols for row in layout):
                grid = np.array([list(row.replace("*", "D")) for row in layout])
                if grid.shape[0] == grid.shape[1] and all(np.array_equal(np.rot90(grid, k), grid) for k in (1, 2, 3)):
                    self._kinds = tuple("".join(row) for row in grid)
        return self._kinds

    def _letter_squares(self, glyph_keys: list[tuple[int, int]]) -> set[tuple[int, int]]:
        """Squares holding a letter: found in this picture, or believed from earlier frames."""
        return set(glyph_keys) | {
            (r, c) for r in range(self.rows) for c in range(self.cols)
            if self._last is not None and self._last.squares[r][c].symbol not in (EMPTY, BLANK)
        }

    def _printed_not_tiles(self, colours: np.ndarray, glyph_keys: list[tuple[int, int]]) -> set[tuple[int, int]]:
        """Squares where a letter-like shape was found that are printed on the board, not tiles:
        their colour is far from the tiles around them and matches empty squares (a premium
        square's star or large print, or a board's printed letters). Needs a few tiles to know
        their colour; the tiles' own spread of colour sets how far is far."""
        letters = self._letter_squares(glyph_keys)
        letter_list = sorted(letters)
        others = [(r, c) for r in range(self.rows) for c in range(self.cols) if (r, c) not in letters]
        if len(others) < 4:
            return set()
        mine = list(glyph_keys)
        if len(letters) < 4:
            # Too few tiles to know their colour (an empty board's star, the first move): printed
            # when far from the squares around it (mostly plain) yet of the colour of other empty
            # squares further off (its premium kind elsewhere). A tile is the colour of neither.
            plain = _nearest_medians(colours, others, mine, 8)  # the plain squares around it, in its light
            d_plain = _lab_distance(np.array([colours[k] for k in mine]), plain)
            like_empty = _kth_closest_colour(colours, others, mine, neighbours=len(others), kth=2)
            return {k for k, dp, de in zip(mine, d_plain.tolist(), like_empty.tolist()) if dp > 12.0 and de < 0.35 * dp}
        letter_colours = np.array([colours[k] for k in letter_list])
        spread = float(np.median(_lab_distance(letter_colours, _nearest_medians(colours, letter_list, letter_list, 6,
                                                                                 skip_self=True))))
        # Against the tile most like it among its 8 nearest (the second most like it: one of
        # them may be printed too), so a tile in a shadow still has its shaded neighbours. Where
        # the layout is known, not against squares of its own premium kind: large print may be
        # found as letter-like on every square of a kind (and some lie near each other).
        kinds = self._premium_kinds()
        if kinds is None:
            d_tile = _kth_closest_colour(colours, letter_list, mine, neighbours=8, kth=2)
        else:
            d_tile = np.empty(len(mine), np.float32)
            for kind in {kinds[r][c] for r, c in mine}:
                which = [i for i, (r, c) in enumerate(mine) if kinds[r][c] == kind]
                tiles = letter_list if kind == "." else [k for k in letter_list if kinds[k[0]][k[1]] != kind]
                d_tile[which] = _kth_closest_colour(colours, tiles, [mine[i] for i in which], neighbours=8, kth=2)
        # Against every empty square: the premium squares of a kind lie far apart.
        like_empty = _kth_closest_colour(colours, others, mine, neighbours=len(others), kth=2)
        self._like_own_kind(colours, mine, like_empty)
        # Far from the tiles and nearer an empty square's colour; or less far, and all but the
        # very colour of an empty square (the centre star on a square coloured like the tiles);
        # or nearer still, and the very colour of an empty square of its kind (a pink premium
        # square's print beside reddish-brown tiles, some of them in a shadow: 2.2 spreads off,
        # 0.02 of that from another pink square). Tiles on the real photos, as taken and framed
        # otherwise (3,282): up to 3.8 spreads from their neighbours, and never nearer an
        # empty square than 0.2 of that.
        return {k for k, dt, de in zip(mine, d_tile.tolist(), like_empty.tolist())
                if (dt > 3.0 * spread + 4.0 and de < 0.55 * dt) or (dt > 2.0 * spread + 4.0 and de < 0.2 * dt)
                or (dt > 1.5 * spread + 4.0 and de < 0.05 * dt)}

    def _like_own_kind(self, colours: np.ndarray, keys: list[tuple[int, int]], like_empty: np.ndarray,
                       among: set[tuple[int, int]] | None = None) -> None:
        """Lower ``like_empty`` (each key's colour distance to empty squares) to the distance to
        the second closest other square of its premium kind, where the layout is known (the
        same every way up). ``among``: the squares that may count (None: all, tile or not:
        when the print of every square of a kind is found as letter-like, large print, no
        square of that kind is left among the empty ones to compare with)."""
        kinds = self._premium_kinds()
        if kinds is None:
            return
        for kind in {kinds[r][c] for r, c in keys} - {"."}:
            which = [i for i, (r, c) in enumerate(keys) if kinds[r][c] == kind]
            same = [(r, c) for r in range(self.rows) for c in range(self.cols)
                    if kinds[r][c] == kind and (among is None or (r, c) in among)]
            if len(same) >= 3:
                nearest = _kth_closest_colour(colours, same, [keys[i] for i in which], neighbours=len(same), kth=2)
                like_empty[which] = np.minimum(like_empty[which], nearest)

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
                        letter_keys: list[tuple[int, int]], contrast: np.ndarray,
                        colours: np.ndarray | None = None) -> dict[tuple[int, int], SquareReading]:
        """Squares without a letter: a blank tile if they look like the board's tiles, else empty.

        A blank is the colour of the tiles around it, unlike the empty squares around it that look
        most like it, and shows no print (premium squares carry small dark print; a faint match
        in colour with print on it is a premium square). A tile's square that shows ink about as
        dark as the letters', where no letter was found, is not surely a blank: its letter may
        be cut off (the tile half off its square, or over the board's edge); it is read unsurely
        (below :data:`~wordboard.camera.state.SURE`), for the players to say."""
        if self.handwritten:
            return {k: SquareReading(EMPTY, 0.9, COLOUR) for k in keys}
        if colours is None:
            colours = self._colours_of(canonical)
        letters = self._letter_squares(letter_keys)
        if len(letters) < 3:
            self._without_context.update(keys)
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
        # A premium square also matches its own kind wherever it lies (same layout every way
        # up): the second closest in colour of the empty squares of its kind.
        self._like_own_kind(colours, keys, like_empty, among=set(others))
        inked = _INKED_BLANK * float(np.median([contrast[k] for k in letter_list]))
        out = {}
        for key, dt, de in zip(keys, d_tile.tolist(), like_empty.tolist()):
            plain = contrast[key] < 0.8 * MIN_CONTRAST
            if dt < 4.0 * spread and dt < (0.85 if plain else 0.7) * de:
                conf = float(np.clip(1.2 - dt / (de + 1e-6), 0.3, 0.95))
                if contrast[key] >= inked:
                    conf = min(conf, BELOW_SURE)
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

    def read_again(self, squares) -> None:
        """Read ``squares`` ((row, col) pairs) again from the next frame on, as if they had just
        changed: what was voted there is forgotten and the next frames' reads vote anew."""
        for r, c in squares:
            history = self._history[r][c]
            history.votes.clear()
            history.voted = None
            history.unsettled = self.votes

    def relit(self, squares: np.ndarray, frames: int = RELIT_FRAMES) -> None:
        """The board's own LEDs changed under ``squares`` (a (rows, cols) bool mask): for the next
        ``frames`` frames (the camera shows a change of light a frame or two late) a change on
        those squares is their light, not a hand or a tile: it is neither a reason to think the
        view blocked nor to read the squares again, and what they look like now (empty, or the
        tile they hold) is learnt as their look. A tile laid there at that very moment is found
        by the next full read, and a hand over them by its other squares. Their looks when empty
        in the light they rested in are kept, and are theirs again once that light is back (see
        :meth:`lit_by`)."""
        mask = np.asarray(squares, bool)
        if mask.shape != (self.rows, self.cols):
            raise ValueError(f"relit squares are a {self.rows} x {self.cols} mask, not {mask.shape}")
        self._keep_empty_looks(mask)
        if self._last is not None:
            # a square holding a tile now: its look when empty, seen in the old light, no longer
            # holds (the tile lifted later is told empty as on a first sight, by the squares
            # round it)
            self._forget_empty_look(mask & ~_read_empty(self._last.squares))
        if self._relit is not None:
            mask = mask | self._relit[0]
        self._relit = (mask, frames)

    def lit_by(self, light: np.ndarray) -> None:
        """The board's own LEDs now shine ``light`` under the squares ((rows, cols, 3), each
        LED's output): a square's look when empty, seen in the light it rested in, is kept when
        its light changes (see :meth:`relit`) and is its look again once that light is back.

        A tile first seen in a changing light (laid as the LEDs under it begin to breathe) can
        look to the squares round it like the board, and be learnt as the square's look; the
        look kept from before tells it from the board once the light is back."""
        light = np.asarray(light, np.float32)
        if light.shape != (self.rows, self.cols, 3):
            raise ValueError(f"the light under the squares is {self.rows} x {self.cols} x 3, not {light.shape}")
        self._light = _light_round(light)

    def _keep_empty_looks(self, squares: np.ndarray) -> None:
        """The light under ``squares`` (a (rows, cols) bool mask) is changing: their looks when
        empty learnt in the light they rested in are kept with that light, until it is back (see
        :meth:`_light_rests`) or for :data:`_KEPT_FRAMES`. A kept look is not replaced by a later
        one: a light that held still for a moment mid-breath is no light rested in, and a look
        learnt then may be a tile taken for the board. (Nor is a look learnt while the light was
        still changing, the squares' frames after an earlier change not over.)"""
        if self._empty_colours is not None and self._empty_signatures is not None:
            if self._kept_colours is None or self._kept_signatures is None:
                self._kept_colours = np.full(self._empty_colours.shape, np.nan, np.float32)
                self._kept_signatures = np.full(self._empty_signatures.shape, np.nan, np.float32)
            free = np.isnan(self._kept_colours[..., 0]) | (self._clear_frames - self._kept_at > _KEPT_FRAMES)
            keep = squares & free & ~np.isnan(self._empty_colours[..., 0]) & ~np.isnan(self._light[..., 0, 0])
            if self._relit is not None:
                keep &= ~self._relit[0]
            self._kept_colours[keep] = self._empty_colours[keep]
            self._kept_signatures[keep] = self._empty_signatures[keep]
            self._kept_light[keep] = self._light[keep]
            self._kept_at[keep] = self._clear_frames

    def _light_rests(self, squares: np.ndarray, colours: np.ndarray, signatures: np.ndarray) -> None:
        """The frames after a change of the light under ``squares`` are over. Where the light is
        back to the one a look when empty was kept in (not too long ago), that look is the
        square's again, and a square it does not fit is read again: one believed empty that does
        not look so (a tile learnt as the board while the light changed), one believed to hold a
        tile with no letter that looks so."""
        kept, thumbs = self._kept_colours, self._kept_signatures
        if kept is None or thumbs is None or self._empty_colours is None or self._empty_signatures is None:
            return
        with np.errstate(invalid="ignore"):
            back = squares & ~np.isnan(kept[..., 0]) & (self._clear_frames - self._kept_at <= _KEPT_FRAMES) & \
                (np.abs(self._kept_light - self._light).max(axis=(2, 3)) <= LIGHT_CHANGE)
        if not back.any():
            return
        self._empty_colours[back] = kept[back]
        self._empty_signatures[back] = thumbs[back]
        kept[back] = np.nan
        thumbs[back] = np.nan
        self._kept_light[back] = np.nan
        if self._last is None:
            return
        change = self._measure_change(colours, self._empty_colours, self._empty_signatures, signatures)
        if change is None:
            return
        with np.errstate(invalid="ignore"):
            unlike = (change[0] > _LOOK_SAME) | (change[1] > self.change_threshold)
        again = (_read_empty(self._last.squares) & unlike) | (_read_letterless(self._last.squares) & ~unlike)
        self.read_again(zip(*np.nonzero(back & again)))

    def update(self, frame: np.ndarray) -> BoardReading:
        """Take the next video frame; returns the board as currently believed.

        Raises :class:`~wordboard.camera.locate.BoardNotFound` only if the board has never been
        found; later, a frame where the board cannot be seen comes back ``occluded``.
        """
        try:
            return self._update(frame)
        finally:
            self.glyphs_read = dict(self._shapes)

    def _update(self, frame: np.ndarray) -> BoardReading:
        if self._location is None:
            self._location = self._first_location(frame)
        warp, canonical = self._straighten(self._location, frame)
        relit = None if self._relit is None else self._relit[0]
        if self._bumped(canonical):
            # (written letters: the caller looks for the board again, see find_board: the
            # classifier's letters are no check, the empty board's picture is)
            relocated = None if self.handwritten else self._find_again(frame, canonical)
            if relocated is None and len(self._letter_squares([])) < 3 and not self.handwritten:
                # Nothing to tell a knock from a shadow by: the grid lines are learnt as they are
                # now (as before there was any looking again).
                self._line_baseline = None
                self._look_again_after = 2
            elif relocated is None:
                # still where it was believed: looked for again in a while. Written letters are
                # never read from a grid the board is not on (every square would look written:
                # the ink detector compares each with the empty board, straightened, as first
                # seen); found again, the straightened board is the one it knows.
                self.lost = True
            else:
                self._move_to(relocated)
                warp, canonical = self._straighten(relocated, frame, relocated.padded)
        self.last_canonical = canonical
        if self.lost:
            return self._occluded_reading(self._location)   # a grid that is not where the board is reads nothing
        signatures = square_signatures(canonical, self.rows, self.cols)
        # A tile of the paper's grey but not its colour (a blank on a plain square) hardly
        # changes the grey thumbnail: a 2x2 colour one per square sees it.
        tints = None if self.handwritten else colour_signatures(canonical, self.rows, self.cols)
        if self._reference is None:
            changed = np.ones((self.rows, self.cols), bool)
        else:
            per_pixel = np.abs(signatures - self._reference)
            diff = per_pixel.mean(axis=2)
            diff = diff - np.median(diff)  # the whole picture brightening is not a change
            changed = diff > self.change_threshold
            if tints is not None and self._tint_reference is not None:
                tint = np.abs(tints - self._tint_reference).mean(axis=2)
                changed |= tint - np.median(tint) > self.change_threshold
            if self.handwritten:
                # A stroke added to a letter (Q's tail, E's last bar) changes part of a square
                # only, too little for the mean: the four most changed of its 36 spots tell.
                spots = np.sort(per_pixel, axis=2)[:, :, -4:].mean(axis=2)
                changed |= spots - np.median(spots) > 2.5 * self.change_threshold
            if relit is not None:
                # the LEDs' light, not a change of the board; a tile laid or lifted on a square
                # as its light changes is still a change
                light = relit & self._light_only(signatures)
                if self._last is not None:
                    # a tile with no letter (a blank, HEXX's wild tile) lifted as its light
                    # changes leaves a plain square brighter or dimmer, as light alone does: it
                    # is read again (HEXX's wild tile taken off by Lost Origin read on for good)
                    light &= ~_read_letterless(self._last.squares)
                changed &= ~light
            # a change that has not moved for a long while is no hand (see _STILL_FRAMES)
            if self._is_occlusion(self._seen_alone(changed & ~self._still_changes(changed, signatures), frame)):
                self._occluded_frames += 1
                if not self.handwritten and (self._occluded_frames in _LOOK_AGAIN_WHEN_CHANGED
                                             or self._occluded_frames % 64 == 0):
                    # Changed for a while: a hand that stays, or the camera or the board knocked
                    # too gently for the grid lines to tell. The board found elsewhere is that.
                    moved = self._find_again(frame, canonical, moved_only=True)
                    if moved is not None:
                        self._move_to(moved)
                        return self.update(frame)
                if self.occlusion_patience is None or self._occluded_frames < self.occlusion_patience:
                    return self._occluded_reading(self._location)
                # the same for this many frames: the light changed (a lamp, someone leaning over),
                # or something lies still on the board; its squares are read again as they are
        self._occluded_frames = 0
        self._still_frames[:] = 0
        if self._unlearnt is None:
            self._unlearnt = np.zeros((self.rows, self.cols), bool)
            for r, c in self.covered_at_start:
                self._unlearnt[r, c] = True
        elif self._reference is not None:
            self._unlearnt &= ~changed
        if relit is not None and self._empty_colours is not None:
            # a tile laid or lifted as its light changed: the square's look when empty was seen
            # in another light; it is read as on a first sight (against the squares around it)
            # and learnt again
            unlit = relit & changed
            self._forget_empty_look(unlit)
            self._laid_in_light |= unlit
        self._clear_frames += 1
        if self.blocks and self._last is not None and self._clear_frames % _RELOOK_FRAMES == 0:
            changed = changed | ~_read_empty(self._last.squares)
        self.read_again(zip(*np.nonzero(changed)))
        which = [(r, c) for r in range(self.rows) for c in range(self.cols) if self._history[r][c].unsettled > 0]
        self._signatures = signatures
        try:
            # (from across the table, the squares whose letters show on the tiles' tops read there)
            tops = self._video_tile_tops(frame, canonical, which) if which else None
            readings = self._read_squares(canonical if tops is None else tops[0], which) if which else {}
        finally:
            self._signatures = None
        if tops is not None and readings:
            self._video_behind_tiles(readings, canonical)
        for (r, c), reading in readings.items():
            history = self._history[r][c]
            history.votes.append(reading)
            history.voted = None
            history.unsettled -= 1
            if history.unsettled <= 0:
                self._laid_in_light[r, c] = False
        self._reference = signatures
        self._tint_reference = tints
        rested = None
        if self._relit is not None:
            # the frames of a change of light count once the view is clear (not under a hand)
            left = self._relit[1]
            if left > 1:
                self._relit = (self._relit[0], left - 1)
            else:
                rested, self._relit = self._relit[0], None
        if relit is not None and not self.handwritten and self._empty_colours is not None \
                and self._empty_signatures is not None and self._last is not None:
            # the squares believed empty under a changed light: that is their empty look now
            empty = relit & ~changed & _read_empty(self._last.squares)
            if empty.any():
                colours = self._colours_of(canonical)
                self._empty_colours[empty] = colours[empty]
                self._empty_signatures[empty] = signatures[empty]
        before = self._last
        squares = tuple(tuple(self._voted(r, c) for c in range(self.cols)) for r in range(self.rows))
        if readings and not self.handwritten:
            self._follow_empty_look(canonical, signatures, squares)
        self._last = BoardReading(squares, self._location.corners, self._location.method, reread=len(which), warp=warp)
        if not self.handwritten and readings and self._redecide(canonical, before):
            squares = tuple(tuple(self._voted(r, c) for c in range(self.cols)) for r in range(self.rows))
            self._last = BoardReading(squares, self._location.corners, self._location.method, reread=len(which),
                                      warp=warp)
        if rested is not None and not self.handwritten:
            # (once this frame's belief is set: a square read again keeps it until it is read)
            self._light_rests(rested, self._colours_of(canonical), signatures)
        return self._last

    def _video_pose(self, frame: np.ndarray) -> tuple[BoardPose, GridWarp] | None:
        """The camera's pose where the board is believed to lie in ``frame``, and the mapping that
        straightens the tiles' tops (:attr:`tile_thickness` up), when the camera looks across
        the board from a height its picture shows, low enough for the tops to lie
        :data:`_VIDEO_TOPS_SHIFT` off their squares; else None. Worked out once per place of
        the board. (A single picture, :meth:`_tile_tops`, is read on the tops from a smaller
        shift, where its letters show the tops there; a video's first tiles cannot tell.)"""
        if self.handwritten or self.tile_thickness <= 0 or self._location is None:
            return None
        key = (self._location.corners, frame.shape[:2])
        if self._video_pose_cache is None or self._video_pose_cache[0] != key:
            height, width = frame.shape[:2]
            pose = BoardPose(self._location.corners, (width, height), self.rows, self.cols)
            across = pose.focal_observed and pose.middle_shift(self.tile_thickness) >= _VIDEO_TOPS_SHIFT
            surface = (self._warp_cache[1] if self._warp_cache is not None
                       and self._warp_cache[0] == self._location.corners else GridWarp(self._location.corners, self.rows, self.cols))
            tops = pose.raised_warp(surface, self.tile_thickness) if across else None
            self._video_pose_cache = (key, (pose, tops) if tops is not None else None)
        return self._video_pose_cache[1]

    def _hiders(self, pose: BoardPose) -> tuple[list[tuple[int, int]], dict[tuple[int, int], list[tuple[int, int]]]]:
        """The squares nearest the camera first, and for each square the squares whose tile
        would hide at least :data:`_HIDDEN` of it (see :meth:`BoardPose.hidden_by`), for the
        pose of the video's camera (worked out once per pose)."""
        if self._hiders_cache is None or self._hiders_cache[0] is not pose:
            x, y, _height = pose.camera_position
            order = sorted(((r, c) for r in range(self.rows) for c in range(self.cols)),
                           key=lambda k: float(np.hypot(k[1] + 0.5 - x, k[0] + 0.5 - y)))
            hiders: dict[tuple[int, int], list[tuple[int, int]]] = {}
            for tile in order:
                for key, share in pose.hidden_by(tile[0], tile[1], self.tile_thickness).items():
                    if share >= _HIDDEN:
                        hiders.setdefault(key, []).append(tile)
            self._hiders_cache = (pose, order, hiders)
        return self._hiders_cache[1], self._hiders_cache[2]

    def _seen_alone(self, changed: np.ndarray, frame: np.ndarray) -> np.ndarray:
        """``changed`` less the squares whose change the tile laid or lifted on a changed square
        in front of them explains, for a video seen across the table (:meth:`_video_pose`): a
        tile standing up hides part of the square behind it, so laying a row of tiles changes
        the row behind as well, which is no hand. Taken nearest the camera first, a square
        whose hider was kept is left out, one whose hiders were all left out is kept: a hand
        over several rows keeps every other row (and its shape); a word keeps its own squares."""
        placed = self._video_pose(frame)
        if placed is None or not changed.any():
            return changed
        order, hiders = self._hiders(placed[0])
        kept = np.zeros_like(changed)
        for key in order:
            if changed[key] and not any(kept[tile] for tile in hiders.get(key, ())):
                kept[key] = True
        return kept

    def _video_tile_tops(self, frame: np.ndarray, canonical: np.ndarray,
                         which: list[tuple[int, int]]) -> tuple[np.ndarray, set[tuple[int, int]]] | None:
        """For a video seen across the table (:meth:`_video_pose`): ``canonical`` with the
        squares of ``which`` whose letters show on the tiles' tops taken from there (see
        :meth:`_with_tile_tops`; the canonical image is the players' way up), and those squares;
        None when the camera looks from (nearly) straight above."""
        placed = self._video_pose(frame)
        if placed is None:
            return None
        found = self._find_glyphs(canonical, which)
        merged, on_tops = self._with_tile_tops(canonical, placed[1].straighten(frame, _FRAME), found, 0, which,
                                               unsure=self._laid_in_view(canonical, which, placed[0]))
        return merged, on_tops

    def _laid_in_view(self, canonical: np.ndarray, which: list[tuple[int, int]],
                      pose: BoardPose) -> frozenset[tuple[int, int]]:
        """The squares of ``which`` that look unlike themselves when empty (something lies
        there: :data:`_LOOK_CHANGED`) and that no tile changing with them (in ``which``)
        partly hides: a square behind a tile laid or lifted changes by that tile's face and top
        alone. A tile that lay there, settled, before the square changed explains no change of
        it (Lexulous seed 2 from 35 degrees: an E laid behind a settled R was read on the board's
        plane as a blank, and the game stalled on a second blank the set did not have). So are
        the squares believed to hold a tile whose look when empty is not known (forgotten when
        their light changed under the tile): read again, a tile is still there (seed 2: an E
        read again after its LED changed read as a blank)."""
        change = self._change_from_empty(self._colours_of(canonical))
        if change is None:
            return frozenset()
        _order, hiders = self._hiders(pose)
        near = set(which)
        believed = self._believed_tiles()
        with np.errstate(invalid="ignore"):
            return frozenset(key for key in which
                             if (change[0][key] >= _LOOK_CHANGED or (np.isnan(change[0][key]) and key in believed))
                             and not any(tile in near for tile in hiders.get(key, ())))

    def _believed_tiles(self) -> set[tuple[int, int]]:
        """The squares the video's last reading holds a tile on (see :func:`_read_empty`)."""
        if self._last is None:
            return set()
        return {(int(r), int(c)) for r, c in zip(*np.nonzero(~_read_empty(self._last.squares)))}

    def _video_behind_tiles(self, readings: dict[tuple[int, int], SquareReading], canonical: np.ndarray) -> None:
        """In a video seen across the table, squares partly hidden by a tile that read unsurely
        as a letter from a shape lying towards that tile are empty (see :meth:`_behind_tiles`):
        the tile's face and letter seen over the square's side, laid or lifted with it. The
        tiles: those believed, those read surely in this frame, and, nearest the camera first,
        those read in this frame however unsurely that no such tile hides (a tile just laid on
        the far rows, whose letter lies most of a square off on the board's plane, may read
        unsurely: Lexulous seed 2 from 35 degrees read the E laid on M2 as an F on the empty M1
        behind it, for good). So is such a square read as a blank by its look alone, or
        unsurely as a letter, whose far side, away from the tile, still looks as the square did
        empty (:meth:`_far_side_as_empty`): the tile's face and top changed its look, not a
        tile of its own (seed 2 again: the E laid on O2, in the board's far corner, read as an
        F on the triple-word square O1 behind it)."""
        if self._video_pose_cache is None or self._video_pose_cache[1] is None:
            return
        pose = self._video_pose_cache[1][0]
        order, hiders = self._hiders(pose)
        tiles = self._believed_tiles()
        tiles |= {key for key, reading in readings.items()
                  if reading.symbol in LETTERS and reading.confidence >= _LETTER_LIKE}
        tiles -= {key for key, reading in readings.items() if reading.symbol == EMPTY}
        for key in order:
            reading = readings.get(key)
            if reading is not None and reading.symbol != EMPTY and not any(t in tiles for t in hiders.get(key, ())):
                tiles.add(key)
        self._behind_tiles(readings, 0, pose, tiles, self.tile_thickness)
        for key, reading in list(readings.items()):
            unsure_letter = reading.symbol in LETTERS and reading.confidence < _LETTER_LIKE
            if not unsure_letter and (reading.symbol != BLANK or reading.source != EMPTY_LOOK):
                continue
            hider = [tile for tile in hiders.get(key, ()) if tile in tiles]
            if hider and self._far_side_as_empty(canonical, key, hider):
                readings[key] = SquareReading(EMPTY, 0.6, APPEARANCE)

    def _far_side_as_empty(self, canonical: np.ndarray, key: tuple[int, int], hiders: list[tuple[int, int]]) -> bool:
        """Whether the part of square ``key`` farthest from the tiles ``hiders`` that partly
        hide it (:data:`_FAR_SIDE` of it) has the square's colour when empty (within
        :data:`_LOOK_CHANGED`; False where that look is not known)."""
        look = self._empty_colours
        if look is None or np.isnan(look[key][0]):
            return False
        towards = np.mean([np.subtract(tile, key) for tile in hiders], axis=0)[::-1]   # (right, down)
        cell = CANONICAL_CELL
        r, c = key
        square = cv2.cvtColor(canonical[r * cell : (r + 1) * cell, c * cell : (c + 1) * cell],
                              cv2.COLOR_BGR2LAB).astype(np.float32)
        middle = (np.arange(cell) + 0.5) / cell - 0.5
        along = middle[None, :] * towards[0] + middle[:, None] * towards[1]
        inner = np.abs(middle) < 0.35
        inner = inner[None, :] & inner[:, None]
        far = inner & (along <= np.quantile(along[inner], _FAR_SIDE))
        pixels = square[far]
        lighter = pixels[pixels[:, 0] >= np.quantile(pixels[:, 0], 0.4)]
        return float(_lab_distance(lighter.mean(axis=0), look[key])) <= _LOOK_CHANGED

    def _still_changes(self, changed: np.ndarray, signatures: np.ndarray) -> np.ndarray:
        """The changed squares whose change has stayed exactly the same (their thumbnails within
        half the change threshold) for :data:`_STILL_FRAMES` frames or more: no hand is that
        still. Counts this frame."""
        look = self._still_look
        if look is None:
            look = self._still_look = signatures.copy()
        same = changed & (np.abs(signatures - look).mean(axis=2) < 0.5 * self.change_threshold)
        self._still_frames = np.where(same, self._still_frames + 1, 0).astype(np.int32)
        restart = ~same
        look[restart] = signatures[restart]
        return self._still_frames >= _STILL_FRAMES

    def _light_only(self, signatures: np.ndarray) -> np.ndarray:
        """Per square, whether its thumbnail now is the one it had (the reference) brighter or
        dimmer, as a change of the light under it makes it (see :data:`_LIGHT_ONLY`): a tile
        laid or lifted changes the pattern, a letter most, a blank by its edges."""
        assert self._reference is not None
        before = self._reference - self._reference.mean(axis=2, keepdims=True)
        now = signatures - signatures.mean(axis=2, keepdims=True)
        gain = (before * now).mean(axis=2, keepdims=True) / ((before * before).mean(axis=2, keepdims=True) + 1.0)
        left = (now - gain * before).std(axis=2)
        size = np.abs((signatures - self._reference).mean(axis=2))
        return (gain[..., 0] >= _LIGHT_GAIN) & (left <= _LIGHT_ONLY * np.maximum(size, self.change_threshold))

    def _redecide(self, canonical: np.ndarray, before: BoardReading | None) -> bool:
        """Tell again, now that new letters are read, the settled squares whose blank-or-empty
        answer rests on the tiles around them (see :meth:`_empty_or_blank`): the neighbours of a
        new letter, and every square told empty while there were too few tiles to compare with.
        A blank laid before the tiles of its word looks like nothing known yet; once its word is
        there it is a blank. True if any answer changed (its votes start again from the new one)."""
        def letter(symbol: str) -> bool:
            return symbol not in (EMPTY, BLANK)

        assert self._last is not None
        squares = self._last.squares
        fresh = [(r, c) for r in range(self.rows) for c in range(self.cols)
                 if letter(squares[r][c].symbol) and (before is None or not letter(before.squares[r][c].symbol))]
        if not fresh:
            return False
        candidates = {(r + dr, c + dc) for r, c in fresh for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
        if sum(letter(v.symbol) for row in squares for v in row) >= 3:
            candidates |= self._without_context
            self._without_context = set()
        again = sorted(
            (r, c) for r, c in candidates
            if 0 <= r < self.rows and 0 <= c < self.cols and self._history[r][c].unsettled == 0
            and squares[r][c].symbol in (EMPTY, BLANK) and squares[r][c].source == COLOUR
        )
        if not again:
            return False
        changed = False
        for (r, c), reading in self._read_squares(canonical, again).items():
            if reading.symbol == squares[r][c].symbol:
                continue
            history = self._history[r][c]
            history.votes.clear()
            history.votes.append(reading)
            history.voted = None
            history.unsettled = self.votes - 1   # confirmed by the next frames' reads
            changed = True
        return changed

    def _change_from_empty(self, colours: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
        """How far each square is from its own look when empty: (colour distance, thumbnail
        change), NaN where it was never seen empty; the change of the light over the whole board
        (the median over the squares that were empty last frame) taken out. None before a video
        has shown enough empty squares, or outside :meth:`update`."""
        look, thumbs, now = self._empty_colours, self._empty_signatures, self._signatures
        if look is None or thumbs is None or now is None:
            return None
        cached = self._change
        if cached is not None and cached[0] is colours and cached[1] is now:
            return cached[2]   # asked again for this frame (reading its squares, then following the looks)
        change = self._measure_change(colours, look, thumbs, now)
        self._change = (colours, now, change)
        return change

    def _measure_change(self, colours: np.ndarray, look: np.ndarray, thumbs: np.ndarray,
                        now: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
        known = ~np.isnan(look[..., 0])
        if self._last is not None:
            known &= _read_empty(self._last.squares)
        if int(known.sum()) < 8:
            return None
        shift = np.median((colours - look)[known], axis=0)
        colour = _lab_distance(colours - shift, look)
        thumb = np.abs(now - thumbs).mean(axis=2)
        thumb = thumb - np.nanmedian(thumb[known])
        return colour, thumb

    def _forget_empty_look(self, squares: np.ndarray) -> None:
        """The looks when empty of ``squares`` (a (rows, cols) bool mask) no longer hold: they are
        told as on a first sight and learnt again when read empty."""
        if self._empty_colours is not None and self._empty_signatures is not None:
            self._empty_colours[squares] = np.nan
            self._empty_signatures[squares] = np.nan

    def _follow_empty_look(self, canonical: np.ndarray, signatures: np.ndarray, squares) -> None:
        """Remember how the squares read empty look (the first time they are seen empty), and
        follow the light on those that still look so (a square covered since keeps its look)."""
        if self._colours is None or self._colours[0] is not canonical:
            return   # only read squares give a frame its colours: nothing to follow this time
        colours = self._colours[1]
        empty = _read_empty(squares)
        if self._empty_colours is None or self._empty_signatures is None:
            self._empty_colours = np.full(colours.shape, np.nan, np.float32)
            self._empty_signatures = np.full(signatures.shape, np.nan, np.float32)
        unknown = np.isnan(self._empty_colours[..., 0])
        self._signatures = signatures
        try:
            change = self._change_from_empty(colours)
        finally:
            self._signatures = None
        first = empty & unknown
        if self._unlearnt is not None:
            first &= ~self._unlearnt
        self._empty_colours[first] = colours[first]
        self._empty_signatures[first] = signatures[first]
        if change is None:
            return
        with np.errstate(invalid="ignore"):
            same = empty & ~unknown & (change[0] <= _LOOK_SAME) & (change[1] <= self.change_threshold)
        self._empty_colours[same] = 0.7 * self._empty_colours[same] + 0.3 * colours[same]
        self._empty_signatures[same] = 0.7 * self._empty_signatures[same] + 0.3 * signatures[same]

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
        symbol = max(weight, key=lambda s: weight[s])
        mine = [v for v in votes if v.symbol == symbol]
        share = weight[symbol] / sum(weight.values())
        conf = share * sum(v.confidence for v in mine) / len(mine)
        history.voted = SquareReading(symbol, round(conf, 3), mine[-1].source)
        return history.voted

    def _is_occlusion(self, changed: np.ndarray) -> bool:
        """A hand or arm: many squares changed at once, or a changed patch reaching in from the edge
        that is not a straight line of tiles (across, down, or diagonal: HEXX's words go all 8
        ways). On a board of blocks, cards laid or lifted in their slots are no hand, however many."""
        if not changed.any():
            return False
        n, labels = cv2.connectedComponents(changed.astype(np.uint8), connectivity=8)
        patches = [np.nonzero(labels == i) for i in range(1, n)]
        if self.blocks:
            patches = [(rs, cs) for rs, cs in patches
                       if not self._cards_laid_or_lifted(set(zip(rs.tolist(), cs.tolist())))]
        if sum(len(rs) for rs, _ in patches) > self.max_changed_squares:
            return True
        for rs, cs in patches:
            touches_edge = rs.min() == 0 or cs.min() == 0 or rs.max() == self.rows - 1 or cs.max() == self.cols - 1
            in_line = len(set(rs)) == 1 or len(set(cs)) == 1 or len(set(rs - cs)) == 1 or len(set(rs + cs)) == 1
            if touches_edge and not in_line and len(rs) >= 3:
                return True
        return False

    def _cards_laid_or_lifted(self, squares: set[tuple[int, int]]) -> bool:
        """Whether changed ``squares`` (one patch) are cards laid or lifted in their blocks (see
        :attr:`blocks`), not an arm: the patch lies within the blocks it touches and covers more
        than half of each (cards laid under a hand that lingered change several slots at once; an
        arm reaching in crosses a slot's edge and leaves part of it as it was)."""
        touched = [block for block in self.blocks if squares & block]
        if not touched or not squares <= frozenset().union(*touched):
            return False
        return all(2 * len(squares & block) > len(block) for block in touched)

    def _occluded_reading(self, location: BoardLocation) -> BoardReading:
        """The board as last read, marked occluded (``location``: where the board is believed)."""
        if self._last is None:
            empty = tuple(tuple(SquareReading(EMPTY, 0.0, COLOUR) for _ in range(self.cols)) for _ in range(self.rows))
            return BoardReading(empty, location.corners, location.method, occluded=True)
        last = self._last
        return BoardReading(last.squares, last.corners, last.method, occluded=True, reread=0)

    def _bumped(self, canonical: np.ndarray) -> bool:
        """True when the grid lines no longer sit where the calibration says, for 2 frames
        running (then, while they still do not, every 2, 4, ... up to 32 frames: the board is
        looked for again that often, not in every frame)."""
        strength = grid_line_strength(canonical, self.rows, self.cols, CANONICAL_CELL)
        if self._line_baseline is None:
            self._line_baseline = strength
            return False
        if strength < 1.0 + 0.5 * (self._line_baseline - 1.0):
            self._weak_lines += 1
        else:
            self._weak_lines = 0
            self._look_again_after = 2
            self.lost = False
            self._line_baseline = 0.9 * self._line_baseline + 0.1 * strength
        if self._weak_lines >= self._look_again_after:
            self._weak_lines = 0
            self._look_again_after = min(32, 2 * self._look_again_after)
            return True
        return False

    def _move_to(self, found: BoardLocation) -> None:
        """Read the board where it was found again."""
        self.lost = False
        self._line_baseline = None   # learnt again where the board is now
        self._look_again_after = 2
        self._weak_lines = 0
        self._occluded_frames = 0
        self._location = found
        if self._fixed_corners is not None:
            self._fixed_corners = found.corners   # the calibration, made good again
        # The squares' references are kept: straightened from where the board is now, its squares
        # look as before, so a hand that knocked the camera is still a hand, and nothing is read
        # afresh from a picture with a hand in it. Their colours, seen through another part of the
        # lens and the light, are not: the empty looks are learnt again. Not on a board of blocks
        # (Dexikon's card slots): a card has no letter to be read by, only its look unlike the
        # slot's when empty, and seen first after the knock a row of cards would be learnt as
        # the empty board. The looks are kept there; the light's change over the board is taken
        # out of them by the squares seen empty (see _measure_change).
        if not self.blocks:
            self._empty_colours = self._empty_signatures = None
            self._kept_colours = self._kept_signatures = None
            self._kept_light[:] = np.nan
        self._laid_in_light[:] = False

    def find_board(self, frame: np.ndarray) -> tuple[BoardLocation, np.ndarray] | None:
        """The board found in ``frame`` anew, as in any photo, turned to keep its top-left corner
        nearest the one believed, and the frame straightened through it; None if not found.
        Nothing is taken: the caller checks the place (written letters: does the empty board's
        picture line up there? see :class:`~wordboard.camera.ink.InkDetector`) and then
        :meth:`move_to` it."""
        found = self._locate_again(frame)
        if found is None:
            return None
        cached = self._warp_cache
        _warp, canonical = self._straighten(found, frame, found.padded)
        self._warp_cache = cached   # (the grid believed keeps its own mapping unless this is taken)
        return found, canonical

    def _locate_again(self, frame: np.ndarray) -> BoardLocation | None:
        """The board found in ``frame`` as in any photo, turned to keep its top-left corner
        nearest the one believed; None if not found."""
        try:
            found = locate_board(frame, self.rows, self.cols, self.premium)
        except BoardNotFound:
            return None
        if self._location is not None:
            old, new = self._location.corners.as_array(), found.corners.as_array()
            turns = min(range(4), key=lambda k: float(np.abs(np.roll(new, -k, axis=0) - old).max()))
            if turns:
                found = BoardLocation(turn_corners(found.corners, turns), found.method, found.confidence,
                                      found.line_support, found.board_in_view)
        return found

    def move_to(self, found: BoardLocation, afresh: bool = False) -> None:
        """Read the board at ``found`` from now on (a place the caller found and checked; see
        :meth:`find_board`, :meth:`moved_by`). ``afresh``: every square is read again (its
        caller tells writing from an empty square itself)."""
        self._move_to(found)
        if afresh:
            self._reference = self._tint_reference = None

    def moved_by(self, warp: np.ndarray, cell: int, location: BoardLocation | None = None) -> BoardLocation:
        """The grid's place in the picture when the board as straightened through ``location``
        (default: where it is believed) lies ``warp`` away from where it was: a homography in
        pixels of a ``cell``-pixel square, taking the board as it was onto the board as it is
        (see :meth:`wordboard.camera.ink.InkDetector.register`)."""
        location = location or self._location
        assert location is not None
        grid = GridWarp(location.corners, self.rows, self.cols, cell)
        now = cv2.perspectiveTransform(grid.canonical_corners()[None].astype(np.float64), warp)
        corners = cv2.perspectiveTransform(now, np.linalg.inv(grid.homography()))[0]
        return BoardLocation(GridCorners.from_array(corners), "registered", location.confidence)

    def _find_again(self, frame: np.ndarray, here: np.ndarray, moved_only: bool = False) -> BoardLocation | None:
        """The board found again after a knock (the camera's or the board's), or None. Found as in
        any photo, turned to keep its top-left corner nearest the old one, and checked with the
        letters believed so far: at least 80% of them must be read again on their squares (a grid
        found a square off would turn old tiles into a new move). With fewer than 3 letters, by
        the board's own print: the squares believed empty must look there as they looked empty,
        more of them than where the board is believed (``here``: this frame straightened there;
        see :meth:`_print_agrees`). ``moved_only`` (the view has looked covered a while, the grid
        lines still there): only a board found elsewhere (a shadow that stays must not move the
        grid)."""
        assert self._location is not None
        old = self._location.corners.as_array()
        found = self._locate_again(frame)
        if found is None:
            return None
        if moved_only:
            side = float(np.linalg.norm(old[1] - old[0]))
            if float(np.abs(found.corners.as_array() - old).max()) < 0.25 * side / self.cols:
                return None   # where it was: what changed lies on the board (a hand, a shadow)
        known = {} if self._last is None else {
            (r, c): sq.symbol for r, row in enumerate(self._last.squares) for c, sq in enumerate(row)
            if sq.symbol not in (EMPTY, BLANK)}
        # (the grid believed is straightened afresh at the next frame, bent to that picture's
        # lines: that follows a small knock the finder cannot confirm)
        _warp, canonical = self._straighten(found, frame, found.padded)
        if len(known) >= 3:
            shapes = self._shapes     # (a grid on trial: what it reads is no square's shape yet)
            self._shapes = dict(shapes)
            try:
                readings = self._read_squares(canonical, sorted(known))
            finally:
                self._shapes = shapes
            agree = sum(readings[k].symbol == symbol for k, symbol in known.items())
            return found if agree >= 0.8 * len(known) else None
        by_print = self._print_agrees(canonical, here)
        if by_print is not None:
            return found if by_print else None
        if moved_only:
            return None   # a view covered a while, and nothing to check a new place with
        # Nothing to check it with: the grid lines must show there as they did before the
        # knock (a shadow or a hand that weakened them weakens them there too).
        strength = grid_line_strength(canonical, self.rows, self.cols, CANONICAL_CELL)
        if self._line_baseline is None or strength < 1.0 + 0.75 * (self._line_baseline - 1.0):
            return None
        return found

    def _print_agrees(self, there: np.ndarray, here: np.ndarray) -> bool | None:
        """Whether the board straightened at a place found again (``there``) is the board: the
        squares without a letter look there as they looked empty (colour, the light's change
        taken out), clearly more of them than straightened where the board is believed
        (``here``; a grid knocked off its squares reads print as blank tiles there), at least 90%
        of those believed empty, and its grid lines show at least as sharply. False when the
        place is clearly worse; None when the print cannot tell (too few squares' empty looks
        known, or a board whose squares look alike whichever way it is off)."""
        look = self._empty_colours
        if look is None or self._last is None:
            return None
        known = ~np.isnan(look[..., 0])
        letterless = known & np.array([[sq.symbol in (EMPTY, BLANK) for sq in row] for row in self._last.squares])
        empty = known & _read_empty(self._last.squares)
        if int(empty.sum()) < 8:
            return None

        def alike(colours: np.ndarray) -> int:
            shift = np.median((colours - look)[empty], axis=0)
            return int((_lab_distance(colours - shift, look)[letterless] <= _LOOK_CHANGED).sum())

        # (the believed place's colours are kept for the frame: its squares are read next if the
        # place found again is not taken)
        alike_there = alike(_paper_colours(there, self.rows, self.cols, CANONICAL_CELL))
        alike_here = alike(self._colours_of(here))
        margin = max(3, int(letterless.sum()) // 20)
        if alike_there < 0.9 * int(empty.sum()) or alike_there < alike_here - margin:
            return False
        if alike_there < alike_here + margin:
            return None
        lines = [grid_line_strength(c, self.rows, self.cols, CANONICAL_CELL) for c in (there, here)]
        return lines[0] >= lines[1]
