"""Finding the playing grid in a picture: from the corner markers, else from the board itself.

Without markers the board is found in two steps: the largest convex four-sided outline (the
board's edge) straightens the picture, then the grid is the ``rows + 1`` by ``cols + 1`` evenly
spaced lines that best match the edges inside it (grid lines and the gaps between tiles), which
skips the board's printed border. When too few of that grid's lines show (the outline misled:
a folding board's seam, a border running off the picture), the picture is straightened from
the grid lines' own vanishing points instead (:mod:`wordboard.camera.perspective`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from wordboard.camera.geometry import GridCorners, GridWarp, fit_grid_to_lines, line_support, order_corners
from wordboard.camera.markers import detect_corner_markers
from wordboard.camera.perspective import rectifying_homography
from wordboard.errors import UserError

MARKERS = "markers"
OUTLINE = "outline"
GIVEN = "given"


#: Below this share of its lines showing where they should (see
#: :func:`~wordboard.camera.geometry.line_support`), a grid found from the board's lines is not
#: believed. Chosen on rendered boards: whole boards found from their lines show 0.99-1.0 of
#: their lines; a grid squeezed onto a picture cut to 70% of the board, 0.48-0.74.
MIN_LINE_SUPPORT = 0.8

#: A grid found from the board's lines whose outer corner comes closer than this (in squares) to
#: the picture's edge may run on beyond it: the finder squeezes a grid cut by the edge into the
#: picture and its lines still mostly match (rendered boards running 0.1-1 square off the picture:
#: found 0.06-0.17 squares from the edge; whole boards, rendered and the ssetser photos, 0.22 and
#: more). Such a picture is refused as not showing the whole board.
MIN_EDGE_MARGIN = 0.2

#: Pictures with a longer side above this many pixels are searched for the grid on a copy
#: reduced by a whole factor (an 8-megapixel photo: half its size): the grid is found as well
#: there, at a fraction of the cost. The squares are still read from the full picture.
WORK_MAX_SIDE = 2100


class BoardNotFound(UserError):
    """No playing grid could be found in the picture."""


class BoardNotInView(BoardNotFound):
    """The picture shows only part of the board: reading it would give a wrong grid."""


@dataclass(frozen=True)
class BoardLocation:
    """Where the grid is, how it was found, and how sure the finder is (0-1).

    For a grid found from the board's lines, ``line_support`` is the share of its lines that
    show where they should, and ``board_in_view`` whether the board's outline was found whole
    inside the picture (False: no outline, or one running along the picture's edge)."""

    corners: GridCorners
    method: str
    confidence: float
    line_support: float | None = None
    board_in_view: bool = True
    # The picture straightened through these corners with a square's margin (GridWarp.padded),
    # when the finder made it anyway: the reader straightens from it instead of warping again.
    padded: np.ndarray | None = field(default=None, compare=False, repr=False)
    # For a grid found from the lines on a board with premium squares: how well the squares'
    # colours match the edition's layout there (see premium_agreement; 0.5 is chance).
    premium_match: float | None = None

    @property
    def believable(self) -> bool:
        return self.line_support is None or self.line_support >= MIN_LINE_SUPPORT


_NOT_SEARCHED = object()


def locate_board(image: np.ndarray, rows: int, cols: int, premium: tuple[str, ...] | None = None, *,
                 markers=_NOT_SEARCHED) -> BoardLocation:
    """Find the ``rows`` x ``cols`` grid in a BGR picture; raises :class:`BoardNotFound`.
    ``premium``: the edition's squares, one string per row, ``.`` for a plain square (default: the
    standard 15x15 layout for a 15x15 board): where the board's coloured squares are, which
    tells a grid found from the lines from one shifted a square along (see :func:`premium_agreement`).
    ``markers``: what :func:`detect_corner_markers` already found on this picture (None: no
    markers), when the caller looked first; then they are not looked for again."""
    if image is None or image.ndim < 2 or min(image.shape[:2]) < 32:
        raise BoardNotFound("the picture is empty or too small to hold a board")
    factor = int(np.ceil(max(image.shape[:2]) / WORK_MAX_SIDE))
    if factor > 1 and (markers is _NOT_SEARCHED or markers is None):
        # A big picture (an 8-megapixel photo): its lines are looked for on a copy reduced by a
        # whole factor (one cheap pass over the full picture), and only the reader's one warp
        # looks at the full picture again. With corner markers in view the full picture is
        # used as before: their corners are refined on it.
        reduced = _reduced(image, factor)
        reduced_grey = reduced if reduced.ndim == 2 else cv2.cvtColor(reduced, cv2.COLOR_BGR2GRAY)
        if markers is None or detect_corner_markers(reduced_grey) is None:
            found = _locate(reduced, reduced_grey, None, rows, cols, premium)
            corners = GridCorners.from_array(found.corners.as_array() * factor + (factor - 1) / 2)
            return BoardLocation(corners, found.method, found.confidence, found.line_support, found.board_in_view)
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)  # once, for both finders
    if markers is _NOT_SEARCHED:
        markers = detect_corner_markers(grey)
    return _locate(image, grey, markers, rows, cols, premium)


def _reduced(image: np.ndarray, factor: int) -> np.ndarray:
    """``image`` made ``factor`` times smaller by averaging whole blocks of pixels (the last
    few rows and columns that do not fill a block are left out): pixel (x, y) of the copy
    covers the picture's pixels around ``factor * x + (factor - 1) / 2``."""
    h, w = image.shape[:2]
    cut = image[: h - h % factor, : w - w % factor]
    return cv2.resize(cut, (w // factor, h // factor), interpolation=cv2.INTER_AREA)


def _locate(image: np.ndarray, grey: np.ndarray, detection, rows: int, cols: int,
            premium: tuple[str, ...] | None) -> BoardLocation:
    if detection is not None and detection.complete:
        return BoardLocation(detection.corners, MARKERS, 1.0)
    if detection is not None:
        refined = _three_markers_and_lines(image, detection, rows, cols)
        if refined is not None:
            return refined
    found = find_grid_from_lines(image, rows, cols, grey=grey, premium=premium)
    if detection is not None:
        # Three markers: their hidden fourth corner is only an estimate; the grid's own lines
        # give it better when they agree with the three markers that were seen.
        marked = detection.corners.as_array()
        cell = float(np.linalg.norm(marked[1] - marked[0])) / cols
        if found is not None:
            lines = found.corners.as_array()
            seen = list(detection.seen_ids)
            if np.max(np.linalg.norm(lines[seen] - marked[seen], axis=1)) < 0.4 * cell:
                missing = next(i for i in range(4) if i not in seen)
                marked[missing] = lines[missing]
                return BoardLocation(GridCorners.from_array(marked), MARKERS, 0.9)
        return BoardLocation(detection.corners, MARKERS, 0.5)
    if found is None:
        raise BoardNotFound(
            "could not find the board: no corner markers and no clear grid; "
            "give the grid's corners with --corners or run 'wordboard calibrate'"
        )
    if found.line_support is not None and not found.believable:     # not believable: its lines' share is known
        share = f"only {100 * found.line_support:.0f}% of the grid's lines match the picture"
        if not found.board_in_view:
            raise BoardNotInView(
                f"the board is not fully in the picture ({share}): move the camera or the board "
                "so the whole board, with a margin around it, is in view")
        raise BoardNotFound(
            f"could not find the grid reliably ({share}); make sure the whole board is in view, "
            "or give the grid's corners with --corners, or use the corner markers")
    margin = edge_margin(found.corners, image.shape, rows, cols)
    if margin < MIN_EDGE_MARGIN:
        return _framed_tight(image, found, rows, cols, margin)
    return found


#: A grid found reaching the picture's edge is fitted again to its inner lines (see
#: :func:`_framed_tight`) and believed when, so fitted, no more than this share of a square
#: runs off the picture. The 8 real photos with the whole grid in view (ssetser1 and jheidel),
#: cut tight on their grid (through the outer lines' middle; also turned, or seen at an angle,
#: then cut): -0.08 to +0.02 squares; the same cut another 0.4 square into the grid: -0.29 to
#: -0.42, or squeezed into the picture at +0.02 (those fail the premium colours below).
MAX_CUT = 0.2

#: ... and, where the edition's premium layout is known, when the squares' colours show it at
#: least this well (:func:`premium_agreement`): the photos cut tight 0.82-1.0; a grid squeezed
#: onto a picture of part of a board 0.49-0.54.
MIN_TIGHT_PREMIUM_MATCH = 0.75


def _framed_tight(image: np.ndarray, found: BoardLocation, rows: int, cols: int, margin: float) -> BoardLocation:
    """A grid found from the lines that reaches the picture's edge: a photo framed tightly on
    the grid, or one showing only part of the board, whose grid the finder may have squeezed in.
    Its corners are fitted again to the grid's inner lines alone
    (:func:`~wordboard.camera.geometry.fit_grid_to_lines`), which places the outer lines where
    the inner ones say they are, in view or not; the grid is kept when it then lies in the
    picture (at most :data:`MAX_CUT` of a square off) and its coloured squares match the
    layout, else :class:`BoardNotInView`."""
    fitted = fit_grid_to_lines(image, GridWarp(found.corners, rows, cols), rounds=2)
    if fitted is not None:
        corners = fitted[0]
        margin = edge_margin(corners, image.shape, rows, cols)
        layout_shows = found.premium_match is None or found.premium_match >= MIN_TIGHT_PREMIUM_MATCH
        if margin >= -MAX_CUT and layout_shows and corners.is_plausible():
            return BoardLocation(corners, found.method, found.confidence, found.line_support, found.board_in_view,
                                 premium_match=found.premium_match)
    raise BoardNotInView(
        f"the board is not fully in the picture (the grid reaches its edge{'' if margin < 0 else f', {margin:.1f} squares away'}"
        f"{f' and runs {-margin:.1f} squares beyond it' if margin < 0 else ''}): move the camera or the board so "
        "the whole board is in view")


def edge_margin(corners: GridCorners, image_shape: tuple[int, ...], rows: int, cols: int) -> float:
    """How far the grid's nearest corner is from the picture's edge, in squares (negative: outside)."""
    pts = corners.as_array()
    h, w = image_shape[:2]
    side = [float(np.linalg.norm(pts[i] - pts[(i + 1) % 4])) for i in range(4)]
    cell = max(0.25 * ((side[0] + side[2]) / cols + (side[1] + side[3]) / rows), 1e-6)
    return float(min(pts[:, 0].min(), pts[:, 1].min(), w - 1 - pts[:, 0].max(), h - 1 - pts[:, 1].max()) / cell)


def _three_markers_and_lines(image: np.ndarray, detection, rows: int, cols: int) -> BoardLocation | None:
    """Three markers: the grid as they place it, its hidden corner refined by fitting the whole
    grid to the picture's lines (:func:`~wordboard.camera.geometry.fit_grid_to_lines`). Kept
    when the fitted grid also puts the three seen corners where their markers are (within a
    fifth of a square) and the lines sit close to it; the seen corners stay the markers' own."""
    marked = detection.corners.as_array()
    fitted = fit_grid_to_lines(image, GridWarp(detection.corners, rows, cols))
    if fitted is None:
        return None
    corners, residual = fitted
    lines = corners.as_array()
    cell = float(np.linalg.norm(marked[1] - marked[0])) / cols
    seen = list(detection.seen_ids)
    if residual > 0.08 or np.max(np.linalg.norm(lines[seen] - marked[seen], axis=1)) > 0.2 * cell:
        return None
    missing = next(i for i in range(4) if i not in seen)
    marked[missing] = lines[missing]
    return BoardLocation(GridCorners.from_array(marked), MARKERS, 0.9)


def find_board_outline(grey: np.ndarray) -> np.ndarray | None:
    """The largest convex quadrilateral outline covering at least 15% of the picture, or None."""
    h, w = grey.shape
    best, best_area = None, 0.15 * h * w
    blurred = cv2.GaussianBlur(grey, (5, 5), 0)
    for low, high in ((30, 90), (60, 160)):
        edges = cv2.dilate(cv2.Canny(blurred, low, high), np.ones((3, 3), np.uint8))
        contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        for contour in contours:
            _x, _y, bw, bh = cv2.boundingRect(contour)
            if bw * bh <= best_area:
                continue  # its hull is smaller still (most contours: letters, grid squares)
            hull = cv2.convexHull(contour)
            area = cv2.contourArea(hull)
            if area <= best_area or area > 0.98 * h * w:
                continue
            approx = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True)
            if len(approx) == 4:
                best, best_area = approx.reshape(4, 2).astype(np.float32), area
    return None if best is None else order_corners(best)


def _upper_median(values: np.ndarray, axis: int) -> np.ndarray:
    """The median of the upper three quarters of ``values`` along ``axis`` (what
    ``np.median(np.sort(values, axis)[n // 4 :], axis)`` gives), read straight from the sorted
    values (numpy's median would partition a copy of them again)."""
    n = values.shape[axis]
    m = n - n // 4
    lo = n // 4 + (m - 1) // 2
    hi = n // 4 + m // 2
    ordered = np.sort(values, axis=axis)
    return 0.5 * (np.take(ordered, lo, axis=axis) + np.take(ordered, hi, axis=axis))


def _edge_profiles(straight: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    grey = straight.astype(np.float32)
    gx = np.abs(cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3))
    gy = np.abs(cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3))
    # Long straight edges matter; letters' short edges are damped by a median across the image.
    px = _upper_median(gx, 0) + gx.mean(axis=0) * 0.5
    py = _upper_median(gy, 1) + gy.mean(axis=1) * 0.5
    smooth = np.array([0.25, 0.5, 1.0, 0.5, 0.25], np.float32)
    return np.convolve(px, smooth, "same"), np.convolve(py, smooth, "same")


def fit_periodic_lines(profile: np.ndarray, n_cells: int, min_fraction: float = 0.45) -> tuple[float, float, float]:
    """Best ``(start, pitch, score)`` of ``n_cells + 1`` evenly spaced lines along a profile.

    The score is how much stronger the profile is on the lines than between them; lines just
    outside the span count against it, so a grid is not confused with part of a larger pattern.
    """
    length = len(profile)
    profile = profile / (np.median(profile) + 1e-6)
    # Sample the profile every quarter pixel once, with zeros beyond both ends. Starts are half
    # a pixel apart, so for one pitch the k-th line of every candidate start is one strided
    # slice of the samples (line k sits round(k * pitch / step) samples after the start): the
    # whole search is a few slice additions per pitch, not a lookup per line.
    step = 0.25
    fine = np.interp(np.arange(0, length, step), np.arange(length, dtype=np.float32), profile).astype(np.float32)
    max_pitch = length / n_cells + 0.01
    pad = int(np.ceil(max_pitch / step)) + 4
    padded = np.concatenate([np.zeros(pad, np.float32), fine, np.zeros(pad + 1, np.float32)])
    stride = 2  # samples between starts (half a pixel)

    def lines_at(offsets: np.ndarray | list[int], count: int) -> np.ndarray:
        """Mean profile over lines at ``offsets`` (samples after the start), for ``count`` starts."""
        total = np.zeros(count, np.float32)
        for o in offsets:
            total += padded[pad + o : pad + o + stride * count : stride]
        return total / len(offsets)

    ks = np.arange(n_cells + 1, dtype=np.float64)

    def fit(pitch: float) -> tuple[float, float, float]:
        span = pitch * n_cells
        count = int(np.ceil((length - span) / (stride * step)))
        if count <= 0:
            return 0.0, pitch, -np.inf
        p = pitch / step
        on = lines_at(np.rint(ks * p).astype(int), count)
        between = lines_at(np.rint(ks[:-1] * p + p / 2).astype(int), count)
        outside = np.maximum(lines_at([int(np.rint(-p))], count), lines_at([int(np.rint(n_cells * p + p))], count))
        score = on - between - 0.35 * np.maximum(outside - between, 0)
        i = int(np.argmax(score))
        return float(i * stride * step), float(pitch), float(score[i])

    # Coarse to fine: every fourth pitch of the quarter-pixel lattice first, then the whole
    # lattice within a pixel of the few best coarse pitches (a pitch a little off still scores
    # near its best, as its lines stay on or next to the real ones); half the work of trying
    # every pitch, and the same answer on every board measured.
    pitches = np.arange(min_fraction * length / n_cells, max_pitch, 0.25)
    found = {i: fit(float(pitches[i])) for i in range(0, len(pitches), 4)}
    for i in sorted(found, key=lambda i: -found[i][2])[:4]:
        for j in range(max(0, i - 3), min(len(pitches), i + 4)):
            if j not in found:
                found[j] = fit(float(pitches[j]))
    best = (0.0, float(length) / n_cells, -np.inf)
    for i in sorted(found):
        if found[i][2] > best[2]:
            best = found[i]
    return best


def standard_premiums(rows: int, cols: int) -> tuple[str, ...] | None:
    """The usual layout of premium squares for a board of this size (15x15), else None."""
    if (rows, cols) != (15, 15):
        return None
    quadrant = ("T..d...T", ".D...t..", "..D...d.", "d..D...d", "....D...", ".t...t..", "..d...d.", "T..d...*")
    return tuple("".join(quadrant[min(r, 14 - r)][min(c, 14 - c)] for c in range(15)) for r in range(15))


def premium_agreement(colours: np.ndarray, premium: tuple[str, ...]) -> float:
    """How well squares' colours (Lab, shape (rows, cols, 3)) show the premium layout: the share
    of (premium square, plain square) pairs where the premium square is further in hue from the
    plain squares' usual colour (0.5: no better than chance, 1: every premium square stands out).
    Tiles hide some squares; the layout is tried in its four turns (boards are symmetric or not)."""
    ab = colours[..., 1:].astype(np.float32)
    best = 0.0
    for k in range(4) if ab.shape[0] == ab.shape[1] else (0, 2):
        marked = np.rot90(np.array([[ch != "." for ch in row] for row in premium]), k)
        if marked.shape != ab.shape[:2] or marked.all() or not marked.any():
            continue
        ref = np.median(ab[~marked], axis=0)
        d = np.linalg.norm(ab - ref, axis=2)
        on, off = np.sort(d[marked]), np.sort(d[~marked])
        best = max(best, float(np.searchsorted(off, on, side="left").mean() / len(off)))
    return best


def _shift_by_premiums(image: np.ndarray, from_straight: np.ndarray, side: int, x0: float, xp: float, y0: float,
                       yp: float, rows: int, cols: int, premium: tuple[str, ...]) -> tuple[float, float, float]:
    """The grid's start (x0, y0) in the straightened picture (``side`` pixels square;
    ``from_straight`` maps it to ``image``), moved a square along either way if the premium
    squares' colours then match the layout clearly better: a board's printed border or the gap
    beyond the last line can look like one more grid line. The third value is how well the
    colours match the layout there (:func:`premium_agreement`)."""
    # Colours at the middle of every square of a grid _WIDE_SHIFT squares larger on every side, read
    # from a small blurred copy of the picture (a colour per square is all that is needed).
    m = _WIDE_SHIFT
    xs = x0 + (np.arange(-m, cols + m) + 0.5) * xp
    ys = y0 + (np.arange(-m, rows + m) + 0.5) * yp
    # About 16 pixels a square: every step-th pixel (no filtering: the blur below averages).
    step = max(1, int(min(xp * cols, yp * rows) / side * max(image.shape[:2]) / (16.0 * max(rows, cols))))
    scale = 1.0 / step
    lab = cv2.cvtColor(cv2.blur(np.ascontiguousarray(image[::step, ::step]), (5, 5)), cv2.COLOR_BGR2LAB)
    th, tw = lab.shape[:2]
    grid = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 1, 2).astype(np.float32)
    points = cv2.perspectiveTransform(grid, from_straight).reshape(len(ys), len(xs), 2) * scale
    xi = np.clip(np.rint(points[..., 0]).astype(int), 0, tw - 1)
    yi = np.clip(np.rint(points[..., 1]).astype(int), 0, th - 1)
    samples = lab[yi, xi].astype(np.float32)
    outside = (xs < 0) | (xs >= side)
    outside_y = (ys < 0) | (ys >= side)
    scores: dict[tuple[int, int], float] = {}

    def try_shifts(reach: int) -> None:
        for dy in range(-reach, reach + 1):
            for dx in range(-reach, reach + 1):
                if (dx, dy) in scores or outside_y[m + dy : m + dy + rows].any() or outside[m + dx : m + dx + cols].any():
                    continue
                scores[(dx, dy)] = premium_agreement(samples[m + dy : m + dy + rows, m + dx : m + dx + cols], premium)

    # A square along first; further only when nothing near matches (a panel printed beside the
    # grid, with boxes like squares, can take several of the grid's columns).
    try_shifts(1)
    if max(scores.values(), default=0.0) <= 0.8:
        try_shifts(m)
    here = scores.get((0, 0), 0.0)
    best = max(scores, key=lambda shift: scores[shift], default=(0, 0))
    if best != (0, 0) and scores[best] > 0.8 and scores[best] > here + 0.15:
        return x0 + best[0] * xp, y0 + best[1] * yp, scores[best]
    return x0, y0, here


#: How many squares :func:`_shift_by_premiums` may move a grid whose premium squares do not match.
_WIDE_SHIFT = 4


def find_grid_from_lines(image: np.ndarray, rows: int, cols: int, work_size: int = 720,
                         grey: np.ndarray | None = None, premium: tuple[str, ...] | None = None) -> BoardLocation | None:
    """Find the grid from the board's outline and its evenly spaced lines (no markers).
    ``grey``: the picture in grey, if the caller has it already. ``premium``: see
    :func:`locate_board`.

    When the grid found through the outline does not lie on the picture's lines (no outline,
    or a wrong one: the board's edge running off the picture or into a tablecloth of its
    colour, a folding board's seam), the picture is straightened again from the grid lines'
    own directions (:func:`~wordboard.camera.perspective.rectifying_homography`) and the
    better supported of the two grids is kept."""
    if grey is None:
        grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    scale = work_size / max(grey.shape)
    small = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else grey
    scale = min(scale, 1.0)
    h, w = small.shape
    premium = premium or standard_premiums(rows, cols)
    outline = find_board_outline(small)
    # The board is wholly in view when its outline was found away from the picture's edges.
    in_view = outline is not None and bool(
        np.all(outline >= 0.01 * max(w, h)) and np.all(outline[:, 0] <= w - 1 - 0.01 * max(w, h))
        and np.all(outline[:, 1] <= h - 1 - 0.01 * max(w, h)))
    if outline is None:
        outline = np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float32)
    side = work_size
    target = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)
    to_straight = cv2.getPerspectiveTransform(outline, target)
    found = _grid_in_straightened(image, small, scale, to_straight, side, rows, cols, premium, in_view)
    if found is not None and found.line_support is not None and found.line_support >= GOOD_LINE_SUPPORT:
        return found                 # (a grid found from the lines always has its line_support)
    from_lines = _grid_from_line_directions(image, small, scale, side, rows, cols, premium, in_view)
    if from_lines is not None and (found is None or _grid_evidence(from_lines) > _grid_evidence(found)):
        return from_lines
    return found


def _grid_evidence(location: BoardLocation) -> float:
    """How well a grid found from the lines fits the picture: the share of its lines that show,
    plus half of how much better than chance its squares' colours match the premium layout
    (two grids on the same lines a few squares apart show as many lines; only one of them puts
    the coloured squares where the edition has them)."""
    match = 0.0 if location.premium_match is None else location.premium_match - 0.5
    return (location.line_support or 0.0) + 0.5 * match


#: A grid found through the board's outline with at least this share of its lines showing is
#: taken as it is; below it the grid is also looked for from the lines' own directions.
GOOD_LINE_SUPPORT = 0.9


def _grid_from_line_directions(image: np.ndarray, small: np.ndarray, scale: float, side: int, rows: int, cols: int,
                               premium: tuple[str, ...] | None, in_view: bool) -> BoardLocation | None:
    """The grid found in the picture straightened by its lines' vanishing points: the straight
    picture covers where the long lines are (most of them the board's), and the grid is the
    evenly spaced lines within it."""
    rectified = rectifying_homography(small)
    if rectified is None:
        return None
    to_plane, segments = rectified
    ends = cv2.perspectiveTransform(segments.reshape(-1, 1, 2), to_plane).reshape(-1, 2)
    ends = ends[np.all(np.isfinite(ends), axis=1)]
    if len(ends) < 8:
        return None
    (x0, y0), (x1, y1) = np.percentile(ends, 2, axis=0), np.percentile(ends, 98, axis=0)
    pad_x, pad_y = 0.06 * (x1 - x0), 0.06 * (y1 - y0)
    x0, x1, y0, y1 = x0 - pad_x, x1 + pad_x, y0 - pad_y, y1 + pad_y
    if x1 - x0 <= 0 or y1 - y0 <= 0:
        return None
    fit = np.array([[side / (x1 - x0), 0, -x0 * side / (x1 - x0)], [0, side / (y1 - y0), -y0 * side / (y1 - y0)],
                    [0, 0, 1.0]])
    return _grid_in_straightened(image, small, scale, fit @ to_plane, side, rows, cols, premium, in_view,
                                 min_fraction=0.3)


def _grid_in_straightened(image: np.ndarray, small: np.ndarray, scale: float, to_straight: np.ndarray, side: int,
                          rows: int, cols: int, premium: tuple[str, ...] | None, in_view: bool,
                          min_fraction: float = 0.45) -> BoardLocation | None:
    """The grid as the evenly spaced lines of ``small`` (the picture reduced by ``scale``)
    straightened by ``to_straight`` onto a ``side``-pixel square, back in the picture's pixels,
    with how many of its lines show there."""
    straight = cv2.warpPerspective(small, to_straight, (side, side), flags=cv2.INTER_AREA)
    px, py = _edge_profiles(straight)
    x0, xp, xs = fit_periodic_lines(px, cols, min_fraction)
    y0, yp, ys = fit_periodic_lines(py, rows, min_fraction)
    if min(xs, ys) < 0.25:
        return None
    if premium is not None and image.ndim == 3:
        from_straight = np.linalg.inv(to_straight) / scale  # straightened pixels to the picture's
        from_straight[2] *= scale
        x0, y0, premium_match = _shift_by_premiums(image, from_straight, side, x0, xp, y0, yp, rows, cols, premium)
    else:
        premium_match = None
    rect = np.array([[x0, y0], [x0 + xp * cols, y0], [x0 + xp * cols, y0 + yp * rows], [x0, y0 + yp * rows]],
                    np.float32)
    back = cv2.perspectiveTransform(rect.reshape(-1, 1, 2), np.linalg.inv(to_straight)).reshape(4, 2) / scale
    corners = GridCorners.from_array(back)
    if not corners.is_plausible(image.shape):
        return None
    confidence = float(np.clip(min(xs, ys) / 1.5, 0.0, 1.0))
    warp = GridWarp(corners, rows, cols)
    padded = warp.padded(image)
    support = line_support(image, warp, reach=0.2, padded=padded)
    return BoardLocation(corners, OUTLINE, round(confidence, 3), round(support, 3), in_view, padded,
                         None if premium_match is None else round(premium_match, 3))
