"""The fast letter classifier: k nearest neighbours (numpy) over HOG features of normalised glyphs.

It learns from letters drawn by :mod:`wordboard.camera.virtual` (printed tiles in every available
font) or :mod:`wordboard.camera.handwriting` (children's capitals), passed through the very same
glyph extraction as real squares (:func:`wordboard.camera.squares.find_glyph`). Training takes a
few seconds on first use; the result is cached as a ``.npz`` file in the cache directory
(``$WORDBOARD_CACHE_DIR``, else ``$XDG_CACHE_HOME/wordboard``, else ``~/.cache/wordboard``).
Nothing is downloaded.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from wordboard.camera.fonts import LETTERS, GlyphFont, available_fonts
from wordboard.camera.squares import Glyph, find_glyph
from wordboard.camera.state import BELOW_SURE
from wordboard.errors import UserError
from wordboard.paths import cache_dir, write_atomically

TILES = "tiles"
HANDWRITTEN = "handwritten"
KINDS = (TILES, HANDWRITTEN)
_FORMAT_VERSION = 5  # 5: printed letters' glyphs are ink levels, no longer the threshold's mask
_CELL = 40  # square side the training squares are drawn at (the canonical cell)
#: Height of handwritten letters, as a share of the square: from small neat writing to capitals
#: filling the square from line to line, as children write them (training and the virtual camera).
HANDWRITING_SIZE = (0.45, 0.88)


@dataclass(frozen=True)
class LetterGuess:
    """The classifier's answer for one glyph."""

    letter: str
    confidence: float  # 0-1
    alternatives: tuple[str, ...]  # the next most likely letters, best first


def _hog(images: np.ndarray, cell: int = 6, bins: int = 9) -> np.ndarray:
    """Histogram-of-oriented-gradient features of a batch of square float images (n, s, s):
    unsigned orientations, ``cell``-pixel cells, 2x2-cell blocks with L2-Hys normalisation."""
    n, s, _ = images.shape
    gx = np.zeros_like(images)
    gy = np.zeros_like(images)
    gx[:, :, 1:-1] = images[:, :, 2:] - images[:, :, :-2]
    gy[:, 1:-1, :] = images[:, 2:, :] - images[:, :-2, :]
    magnitude = np.hypot(gx, gy)
    angle = (np.arctan2(gy, gx) % np.pi) / np.pi * bins
    low = np.floor(angle).astype(np.intp) % bins
    frac = angle - np.floor(angle)
    cells = s // cell
    # Each pixel votes into two neighbouring orientation bins of its cell: one weighted count
    # over flat (glyph, cell, bin) indices.
    yy, xx = np.indices((s, s))
    cell_index = ((yy // cell) * cells + (xx // cell))[None]
    base = (np.arange(n)[:, None, None] * cells * cells + cell_index) * bins
    index = np.concatenate([(base + low).ravel(), (base + (low + 1) % bins).ravel()])
    weight = np.concatenate([(magnitude * (1 - frac)).ravel(), (magnitude * frac).ravel()])
    hist = np.bincount(index, weights=weight, minlength=n * cells * cells * bins)
    hist = hist.reshape(n, cells, cells, bins).astype(np.float32)
    blocks = np.concatenate([hist[:, :-1, :-1], hist[:, 1:, :-1], hist[:, :-1, 1:], hist[:, 1:, 1:]], axis=3)
    blocks = blocks / (np.linalg.norm(blocks, axis=3, keepdims=True) + 1e-3)
    blocks = np.minimum(blocks, 0.2)
    blocks = blocks / (np.linalg.norm(blocks, axis=3, keepdims=True) + 1e-3)
    return blocks.reshape(n, -1)


def glyph_features(glyphs: list[Glyph]) -> np.ndarray:
    """Feature vectors (one row per glyph): HOG, a coarse thumbnail and the aspect ratio."""
    if not glyphs:
        return np.zeros((0, 0), np.float32)
    images = np.stack([g.image for g in glyphs]).astype(np.float32)
    hog = _hog(images)
    n, size = images.shape[:2]
    if size % 8 == 0:  # an 8x8 thumbnail: block means (what INTER_AREA gives), for all glyphs at once
        k = size // 8
        thumbs = images.reshape(n, 8, k, 8, k).mean(axis=(2, 4)).reshape(n, 64) * 0.6
    else:
        thumbs = np.stack([cv2.resize(g.image, (8, 8), interpolation=cv2.INTER_AREA).ravel() for g in glyphs]) * 0.6
    aspect = np.array([[np.log(max(g.aspect, 0.05)) * 0.8] for g in glyphs], np.float32)
    return np.concatenate([hog, thumbs, aspect], axis=1).astype(np.float32)


#: Letters the nearest-neighbour vote often mixes up; each pair gets its own linear discriminant.
CONFUSABLE_PAIRS = ("OQ", "VY", "GO", "CG", "FP", "MN", "BS", "DO", "IJ", "HN", "EF", "BE", "KX", "UV")
#: ... and on printed tiles only: blurred bold print fills M's notch to a shade, and M's
#: outline is then H's. (Handwritten M and H are told apart by the vote: the held-out stroke
#: font reads worse with this pair.)
TILE_PAIRS = ("HM",)


def _pair_discriminant(features: np.ndarray, labels: np.ndarray, a: int, b: int,
                       shrink: float = 0.5) -> tuple[np.ndarray, float] | None:
    """Fisher's linear discriminant between letters ``a`` and ``b`` (positive means ``b``), with
    the within-class covariance shrunk towards its diagonal so a few hundred glyphs suffice.
    Returns ``(weights, bias)`` scaled so the two classes' means sit at -1 and +1."""
    xa, xb = features[labels == a].astype(np.float64), features[labels == b].astype(np.float64)
    if len(xa) < 5 or len(xb) < 5:
        return None
    ma, mb = xa.mean(axis=0), xb.mean(axis=0)
    centred = np.concatenate([xa - ma, xb - mb])
    cov = centred.T @ centred / len(centred)
    cov = (1 - shrink) * cov + shrink * np.diag(np.diag(cov)) + 1e-4 * np.eye(len(cov))
    w = np.linalg.solve(cov, mb - ma)
    pa, pb = float(ma @ w), float(mb @ w)
    if pb - pa <= 1e-9:
        return None
    scale = 2.0 / (pb - pa)
    return (w * scale).astype(np.float32), float(-(pa + pb) / 2 * scale)


def q_tail_score(image: np.ndarray) -> float:
    """How much ink the glyph's bottom-right quarter has that its three mirror images lack (the
    left-right mirror, the top-bottom mirror and the half turn), as a share of all its ink.

    A tail at a Q's lower right breaks all three symmetries; an O does not, and an O made lopsided
    by perspective or a shadow breaks one or two of them only. Real word-game tiles print Q with a
    short tail mostly inside the bowl, which the nearest-neighbour vote takes for an O."""
    h = image.shape[0] // 2
    br = image[h:, h:]
    mirrors = (image[h:, :h][:, ::-1], image[:h, h:][::-1, :], image[:h, :h][::-1, ::-1])
    extra = min(float(np.maximum(br - m, 0).sum()) for m in mirrors)
    return extra / (float(image.sum()) + 1e-6)


#: An O whose :func:`q_tail_score` exceeds this is read as Q. Set from the rendered training
#: glyphs only (every font, 10 per letter): O's highest score is 0.031, Q's median is 0.053; the
#: threshold sits between them. (Glyphs as ink levels, format 5: 0.025 and 0.057.)
Q_TAIL_THRESHOLD = 0.042


def _centred(image: np.ndarray) -> np.ndarray:
    """``image`` with its ink moved to where :func:`~wordboard.camera.squares.normalise_mask`
    puts it (an odd margin's spare pixel at the bottom and right): a turned glyph otherwise lies
    a pixel towards its lower right, which :func:`q_tail_score` takes for a tail."""
    rows, cols = np.nonzero(np.any(image > 0, axis=1))[0], np.nonzero(np.any(image > 0, axis=0))[0]
    if not len(rows):
        return np.ascontiguousarray(image)
    size = image.shape[0]
    dy = (size - (rows[-1] + 1 - rows[0])) // 2 - rows[0]
    dx = (size - (cols[-1] + 1 - cols[0])) // 2 - cols[0]
    return np.ascontiguousarray(np.roll(image, (dy, dx), axis=(0, 1)))


def turned_glyph(glyph: Glyph, k: int, with_crop: bool = True) -> Glyph:
    """``glyph`` turned ``k`` quarter turns anticlockwise (as ``np.rot90``); ``with_crop``
    False leaves the grey crop (only Tesseract looks at it) as it was."""
    k %= 4
    if k == 0:
        return glyph
    crop = np.ascontiguousarray(np.rot90(glyph.crop, k)) if with_crop else glyph.crop
    x, y = glyph.shift
    for _ in range(k):  # a quarter turn anticlockwise takes right to up
        x, y = y, -x
    return replace(glyph, image=_centred(np.rot90(glyph.image, k)),
                   aspect=glyph.aspect if k == 2 else 1.0 / max(glyph.aspect, 1e-3), crop=crop, shift=(x, y))


class LetterClassifier:
    """Reads normalised glyphs as capital letters, with a confidence.

    First stage: k nearest neighbours over HOG features. Second stage: when the two letters the
    neighbours vote for most are a known confusable pair (O/Q, V/Y, ...), a linear discriminant
    trained on just those two letters decides, since it weighs the few pixels that differ (Q's
    tail, Y's stem) rather than the whole shape.
    """

    def __init__(self, features: np.ndarray, labels: np.ndarray, kind: str, k: int = 7,
                 derived: dict[str, np.ndarray] | None = None):
        """``derived``: what :meth:`derived_arrays` returned for the same training set (read
        from the cache), so that loading does not recompute the discriminants."""
        self.kind = kind
        self.k = k
        self._labels = labels.astype(np.int32)
        self._features = features.astype(np.float32)
        self._sq_norms = (self._features**2).sum(axis=1)
        self._pairs: dict[tuple[int, int], tuple[np.ndarray, float]] = {}
        if derived is not None:
            for (a, b), w, bias in zip(derived["pair_keys"].tolist(), derived["pair_weights"],
                                       derived["pair_biases"].tolist()):
                self._pairs[(int(a), int(b))] = (w, float(bias))
            self._typical = float(derived["typical"])
            return
        for pair in CONFUSABLE_PAIRS + (TILE_PAIRS if kind == TILES else ()):
            a, b = LETTERS.index(pair[0]), LETTERS.index(pair[1])
            found = _pair_discriminant(self._features, self._labels, a, b)
            if found is not None:
                self._pairs[(a, b)] = found
        # Typical distance from a training glyph to its nearest neighbour of the same letter
        # (skipping itself): turns distances into confidence.
        sample = self._features[:: max(1, len(self._features) // 300)]
        _, dist = self._nearest(sample, 2)
        self._typical = float(np.median(dist[:, 1])) + 1e-6

    def derived_arrays(self) -> dict[str, np.ndarray]:
        """Everything computed from the training set at construction, as arrays to cache."""
        keys = sorted(self._pairs)
        dim = self._features.shape[1]
        return {
            "pair_keys": np.asarray(keys, np.int32).reshape(-1, 2),
            "pair_weights": (np.stack([self._pairs[k][0] for k in keys]) if keys
                             else np.zeros((0, dim), np.float32)),
            "pair_biases": np.asarray([self._pairs[k][1] for k in keys], np.float64),
            "typical": np.asarray(self._typical, np.float64),
        }

    def _nearest(self, queries: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
        """Indices and Euclidean distances of the ``k`` nearest training glyphs, nearest first."""
        d2 = (queries**2).sum(axis=1)[:, None] + self._sq_norms[None, :] - 2.0 * queries @ self._features.T
        k = min(k, d2.shape[1])
        idx = np.argpartition(d2, k - 1, axis=1)[:, :k]
        part = np.take_along_axis(d2, idx, axis=1)
        order = np.argsort(part, axis=1)
        idx = np.take_along_axis(idx, order, axis=1)
        return idx, np.sqrt(np.maximum(np.take_along_axis(part, order, axis=1), 0))

    @property
    def training_size(self) -> int:
        return len(self._labels)

    def classify(self, glyphs: list[Glyph]) -> list[LetterGuess]:
        """One guess per glyph."""
        if not glyphs:
            return []
        feats = glyph_features(glyphs)
        idx, dists = self._nearest(feats, self.k)
        # The neighbours' votes (weighted by nearness) for all glyphs at once.
        all_votes = np.zeros((len(glyphs), 26))
        np.add.at(all_votes, (np.arange(len(glyphs))[:, None], self._labels[idx]), 1.0 / (dists + 0.3 * self._typical))
        orders = np.argsort(-all_votes, axis=1)
        all_closeness = np.clip(1.6 - dists[:, 0] / (2.0 * self._typical), 0.0, 1.0)
        out = []
        for glyph, feat, votes, order, closeness in zip(glyphs, feats, all_votes, orders, all_closeness.tolist()):
            order = order.copy()
            share = votes[order[0]] / votes.sum()
            confidence = float(share * (0.5 + 0.5 * closeness))
            first, second = int(order[0]), int(order[1])
            key = (min(first, second), max(first, second))
            if votes[second] > 0 and key in self._pairs:
                w, bias = self._pairs[key]
                projection = float(feat @ w + bias)  # about -1 for key[0], +1 for key[1]
                winner = key[1] if projection > 0 else key[0]
                if winner != first and abs(projection) >= 0.25:  # overrule the vote only when clear
                    order[0], order[1] = second, first
                    share = votes[second] / votes.sum()
                margin = min(abs(projection), 1.0) if winner == int(order[0]) else 0.0
                confidence = float((0.5 + 0.5 * margin) * (0.5 + 0.5 * closeness))
            alts = tuple(LETTERS[i] for i in order[1:3] if votes[i] > 0)
            letter = LETTERS[order[0]]
            if letter == "O" and self.kind == TILES and q_tail_score(glyph.image) > Q_TAIL_THRESHOLD:
                # (told from an O by its tail alone: not sure enough to count without asking the
                # players, see SURE; on the real photos 4 of the 5 O's this made Q's were O's)
                letter, alts = "Q", ("O",) + tuple(a for a in alts if a not in "OQ")[:1]
                confidence = min(confidence, BELOW_SURE)
            out.append(LetterGuess(letter, round(confidence, 3), alts))
        return out

    def turn_scores(self, glyphs: list[Glyph], turns: tuple[int, ...] = (0, 1, 2, 3),
                    sample: int = 12) -> dict[int, float]:
        """How well ``glyphs`` read when each is turned ``k`` quarter turns anticlockwise
        (``np.rot90``), for each ``k`` in ``turns``: the mean, over the glyphs, of how close the
        turned glyph comes to a training letter (1 = as close as training letters come to each
        other, 0 = nowhere near any). Letters read upright only one way round (a sideways R or a
        turned-over E is far from every letter), so the best ``k`` tells which way up the
        board is. At most ``sample`` glyphs are looked at, the most letter-like first."""
        if not glyphs:
            return {k: 0.0 for k in turns}
        if len(glyphs) > sample:  # a spread of the board: every len/sample-th glyph
            glyphs = [glyphs[i] for i in np.linspace(0, len(glyphs) - 1, sample).round().astype(int)]
        turned = [turned_glyph(g, k, with_crop=False) for k in turns for g in glyphs]  # one batch: one distance matrix
        # Against every other training glyph: the nearest comes a little further off, alike for
        # every turn, at half the work.
        queries = glyph_features(turned)
        d2 = (queries**2).sum(axis=1)[:, None] + self._sq_norms[None, ::2] - 2.0 * queries @ self._features[::2].T
        dist = np.sqrt(np.maximum(d2.min(axis=1), 0))[:, None]
        closeness = np.clip(1.6 - dist[:, 0] / (2.0 * self._typical), 0.0, 1.0).reshape(len(turns), len(glyphs))
        scores = {k: float(c.mean()) for k, c in zip(turns, closeness)}
        return scores

    def save(self, path: Path) -> None:
        import io

        # Not compressed: read at every start-up, and reading is faster than inflating.
        buffer = io.BytesIO()
        # allow_pickle given (its default) so that mypy does not take an array's name for it.
        np.savez(buffer, allow_pickle=True, features=self._features, labels=self._labels, kind=self.kind,
                 **self.derived_arrays())
        write_atomically(path, buffer.getvalue())


def _training_key(kind: str, fonts: tuple[str, ...]) -> str:
    text = f"{_FORMAT_VERSION}:{kind}:{','.join(fonts)}"
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def load_classifier(kind: str = TILES, fonts: tuple[str, ...] | None = None, use_cache: bool = True,
                    own_samples: bool = True) -> LetterClassifier:
    """The classifier for printed tiles or handwritten letters, trained now or read from the cache.

    ``fonts`` restricts tile training to those font names (to measure how it copes with a font it
    has never seen); by default every available font is used. It also learns from the owner's
    own samples (``wordboard handwriting learn``, ``wordboard photos --learn``), unless
    ``own_samples`` is False.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown classifier kind {kind!r}; expected one of {KINDS}")
    if fonts is None:
        fonts = tuple(f.name for f in available_fonts())
    key = _training_key(kind, fonts if kind == TILES else ())
    if own_samples:
        own = _with_owners_samples(kind, fonts, key, use_cache)
        if own is not None:
            return own
    path = cache_dir() / f"letters-{kind}-{key}.npz"
    cached = _read_cached(path, kind) if use_cache else None
    if cached is not None:
        return cached
    from wordboard.progress import ProgressLine

    what = "printed tiles" if kind == TILES else "handwriting"
    glyphs, labels = training_glyphs(kind, fonts, progress=ProgressLine(
        f"training the letter classifier for {what} (once; then cached)", "letters", after=1.0))
    features = glyph_features(glyphs)
    classifier = LetterClassifier(features, labels, kind)
    if use_cache:
        _save_quietly(classifier, path)
    return classifier


def _read_cached(path: Path, kind: str) -> LetterClassifier | None:
    """A classifier from its cache file, or None (none there, or damaged: it is rebuilt)."""
    if not path.exists():
        return None
    try:
        with np.load(path) as data:
            features, labels = data["features"], data["labels"]
            if all(name in data for name in _DERIVED):
                derived = {name: data[name] for name in _DERIVED}
                return LetterClassifier(features, labels, kind, derived=derived)
        classifier = LetterClassifier(features, labels, kind)  # a cache from before they were kept
        _save_quietly(classifier, path)
        return classifier
    except (OSError, ValueError, KeyError):
        return None


def _with_owners_samples(kind: str, fonts: tuple[str, ...], key: str, use_cache: bool) -> LetterClassifier | None:
    """The classifier trained on the drawn letters and the owner's own samples (their writing,
    :mod:`wordboard.camera.handwriting_samples`; their tiles, :mod:`wordboard.camera.tile_samples`),
    or None when there are no samples."""
    from wordboard.camera import handwriting_samples, tile_samples

    own = handwriting_samples.samples_key() if kind == HANDWRITTEN else tile_samples.samples_key()
    if not own:
        return None
    path = cache_dir() / f"letters-{kind}-{key}-own-{own}.npz"
    cached = _read_cached(path, kind) if use_cache else None
    if cached is not None:
        return cached
    drawn = load_classifier(kind, fonts, use_cache=use_cache, own_samples=False)
    try:
        if kind == HANDWRITTEN:
            features, learnt = handwriting_samples.sample_features(*handwriting_samples.load_samples())
        else:
            features, learnt = tile_samples.sample_features(*tile_samples.load_samples())
    except UserError as exc:  # a damaged samples file: read with the drawn letters, and say so
        logging.getLogger(__name__).warning("%s", exc)
        return drawn
    if not len(learnt):
        return drawn
    classifier = LetterClassifier(np.concatenate([drawn._features, features.astype(np.float32)]),
                                  np.concatenate([drawn._labels, learnt]), kind)
    if use_cache:
        for older in path.parent.glob(f"letters-{kind}-{key}-own-*.npz"):   # samples since changed
            if older != path:
                older.unlink(missing_ok=True)
        _save_quietly(classifier, path)
    return classifier


def forget_owners_classifiers(kind: str) -> None:
    """Remove the cached classifiers trained with the owner's samples of ``kind`` (when the
    samples are forgotten: nothing would ever read them again)."""
    for path in cache_dir().glob(f"letters-{kind}-*-own-*.npz"):
        path.unlink(missing_ok=True)


#: What :meth:`LetterClassifier.derived_arrays` adds to the cache.
_DERIVED = ("pair_keys", "pair_weights", "pair_biases", "typical")


def _save_quietly(classifier: LetterClassifier, path: Path) -> None:
    try:
        classifier.save(path)
    except OSError:
        pass  # a read-only home still gets a working (uncached) classifier


def training_glyphs(kind: str, fonts: tuple[str, ...], per_letter_per_font: int = 10,
                    handwritten_per_letter: int = 140, seed: int = 12345,
                    progress: Callable[[int, int], None] | None = None) -> tuple[list[Glyph], np.ndarray]:
    """Draw training squares and pass them through :func:`find_glyph`, as real squares are.
    ``progress(done, total)`` is called after each letter."""
    from wordboard.camera import virtual  # drawing code; only needed when training

    rng = np.random.default_rng(seed)
    glyphs: list[Glyph] = []
    labels: list[int] = []
    jobs: list[tuple[int, GlyphFont | None]]       # (letter, font; None: handwritten)
    if kind == TILES:
        font_objs = [f for f in available_fonts() if f.name in fonts]
        jobs = [(li, f) for li in range(26) for f in font_objs for _ in range(per_letter_per_font)]
    else:
        jobs = [(li, None) for li in range(26) for _ in range(handwritten_per_letter)]
    per_letter = max(1, len(jobs) // 26)
    for n, (li, font) in enumerate(jobs):
        if progress is not None and n % per_letter == 0:
            progress(li, 26)
        patch = training_square(LETTERS[li], font, rng, handwritten=(kind == HANDWRITTEN), virtual=virtual)
        glyph = find_glyph(patch, tall=(kind == HANDWRITTEN))
        if glyph is not None:
            glyphs.append(glyph)
            labels.append(li)
    if progress is not None:
        progress(26, 26)
    return glyphs, np.asarray(labels, np.int32)


def training_square(letter: str, font, rng: np.random.Generator, handwritten: bool, virtual=None) -> np.ndarray:
    """One square (BGR, canonical size) showing ``letter``, drawn at a random resolution and
    degraded by blur and noise as a camera would."""
    if virtual is None:
        from wordboard.camera import virtual
    from wordboard.camera.handwriting import draw_skeleton_letter

    draw_cell = int(rng.integers(24, 64))
    board = np.empty((draw_cell * 3, draw_cell * 3, 3), np.uint8)
    board[:] = np.array([200, 225, 235]) + rng.uniform(-40, 20, 3)
    if handwritten:
        board[:] = np.array([245, 245, 245]) + rng.uniform(-40, 10, 3)
        colour = virtual._MARKER_COLOURS[int(rng.integers(len(virtual._MARKER_COLOURS)))]
        mask = draw_skeleton_letter(letter, int(draw_cell * rng.uniform(HANDWRITING_SIZE[0], HANDWRITING_SIZE[1])), rng)
        if mask.shape[1] > draw_cell * 0.9:
            k = draw_cell * 0.9 / mask.shape[1]
            mask = cv2.resize(mask, (max(1, int(mask.shape[1] * k)), max(1, int(mask.shape[0] * k))))
        x = draw_cell + (draw_cell - mask.shape[1]) // 2 + int(rng.uniform(-0.06, 0.06) * draw_cell)
        y = draw_cell + (draw_cell - mask.shape[0]) // 2 + int(rng.uniform(-0.06, 0.06) * draw_cell)
        virtual._blend(board, mask, x, y, colour)
    else:
        virtual._draw_tile(board, draw_cell, draw_cell, draw_cell, letter, font, rng)
    scale = _CELL / draw_cell
    big = cv2.resize(board, (_CELL * 3, _CELL * 3), interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    if rng.random() < 0.7:
        big = cv2.GaussianBlur(big, (0, 0), rng.uniform(0.3, 1.3))
    noisy = big.astype(np.float32) * rng.uniform(0.5, 1.1) + rng.normal(0, rng.uniform(0, 6), big.shape)
    big = np.clip(noisy, 0, 255).astype(np.uint8)
    off = rng.integers(-2, 3, 2)
    y0, x0 = _CELL + off[0], _CELL + off[1]
    return big[y0 : y0 + _CELL, x0 : x0 + _CELL].copy()
