"""Letter shapes for the virtual camera and for training the letter classifier, and printed text.

Outline fonts: DejaVu, found on the system (Debian's and Raspberry Pi OS's fonts-dejavu, which
scripts/install installs), and Rubik, shipped in ``camera/data``: their outlines read by fontTools
(TrueType, CFF or WOFF), flattened to polygons and filled with ``cv2.fillPoly``, the same pixels
on OpenCV 4.x and 5. Bold and heavy sans-serif faces look much like the letters printed on real
word-game tiles. Rubik replaced OpenCV's Hershey faces, which ``cv2.putText`` draws with Rubik on
OpenCV 5 and with thin Hershey strokes on OpenCV 4.x: a Pi's classifier learnt other letters than
the tested one.

Every font draws one capital letter as a white-on-black ``uint8`` mask whose capital height is the
height asked for, so callers place it wherever they like. :func:`draw_text` prints a line of text
(the marker sheet, the calibration picture's captions) in DejaVu Sans, not with ``cv2.putText``:
OpenCV 5 draws its FONT_HERSHEY_* faces with TrueType fonts of its own, OpenCV 4.x (a Raspberry
Pi's, with numpy 1.24) with the Hershey strokes, so the same call drew other letters, of another
size, on the two; filled polygons come out alike on both. Where DejaVu is missing (scripts/install
installs it) it prints with ``cv2.putText`` as before. (The Hershey-Fonts package is not used:
its wheel installs a top-level ``tests`` package, which hid this project's own tests.)
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

# fontTools is imported where a glyph is drawn, not here: a reader whose classifier comes from its
# cache draws no letter, and importing and parsing fonts took 0.3 s of every `wordboard scan`.

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

# Directories searched for TrueType files, in order; the first match of a file name wins.
_FONT_DIRS = ("/usr/share/fonts/truetype", "/usr/share/fonts", "/usr/local/share/fonts")

# (name, file name) of the TrueType faces used when present.
TRUETYPE_FACES = (
    ("dejavu-sans-bold", "DejaVuSans-Bold.ttf"),
    ("dejavu-sans", "DejaVuSans.ttf"),
    ("dejavu-condensed-bold", "DejaVuSansCondensed-Bold.ttf"),
    ("dejavu-mono-bold", "DejaVuSansMono-Bold.ttf"),
    ("dejavu-serif-bold", "DejaVuSerif-Bold.ttf"),
    ("dejavu-serif", "DejaVuSerif.ttf"),
)

# Faces drawn like the printed word-game tile: (name, base face name). Their Q is the base face's O
# with a short tail through the bottom right of the bowl, as on real tiles (a font's own Q has a
# long tail below the baseline, which made the classifier read every real Q as O).
TILE_FACES = (
    ("tile-sans-bold", "dejavu-sans-bold"),
    ("tile-condensed-bold", "dejavu-condensed-bold"),
)

# (name, file name) of heavy sans-serif faces, as the letters on most real tiles are printed: Rubik
# at four weights, shipped in camera/data (see its README). They replaced cv2.putText's
# FONT_HERSHEY_* faces, which OpenCV 5 draws with Rubik (500 and 800 match best) and OpenCV 4.x, a
# Pi's, with thin Hershey strokes: a Pi's classifier learnt other letters than the tested one.
HEAVY_FACES = (
    ("rubik-medium", "rubik-latin-500-normal.woff"),
    ("rubik-extrabold", "rubik-latin-800-normal.woff"),
    ("rubik-bold", "rubik-latin-700-normal.woff"),
    ("rubik-black", "rubik-latin-900-normal.woff"),
)

#: The fonts shipped with the package.
_OWN_FONTS = Path(__file__).parent / "data"


# The TrueType files :func:`draw_text` prints with, by weight, and the stroke width of the
# cv2.putText face it falls back to where they are missing (a fraction of the capital height).
TEXT_FILES = {"light": "DejaVuSans-ExtraLight.ttf", "regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf"}
_FALLBACK_STROKE = {"light": 0.07, "regular": 0.1, "bold": 0.16}


class FontError(Exception):
    """A font file could not be read."""


@dataclass(frozen=True)
class _Outline:
    contours: tuple[np.ndarray, ...]  # each (n, 2) float, font units, y up
    x_min: float
    y_min: float
    x_max: float
    y_max: float


Point = tuple[float, float]


class _PolygonPen:
    """A fontTools segment pen that flattens a glyph's contours into closed polylines: each
    quadratic (TrueType) or cubic (CFF) curve becomes ``steps`` straight segments. Curves of
    several off-curve points are split as fontTools' own ``BasePen`` splits them."""

    def __init__(self, glyph_set: Any, steps: int = 6) -> None:
        self.glyph_set = glyph_set
        self.contours: list[np.ndarray] = []
        self._points: list[np.ndarray] = []
        self._t = np.linspace(0, 1, steps + 1)[1:, None]

    def moveTo(self, pt: Point) -> None:
        self._points = [np.array(pt, dtype=float)]

    def lineTo(self, pt: Point) -> None:
        self._points.append(np.array(pt, dtype=float))

    def qCurveTo(self, *points: Point | None) -> None:
        if points[-1] is None:                  # a contour of off-curve points only: it starts
            first, last = points[0], points[-2]  # half-way between its last and first points
            assert first is not None and last is not None
            start = (0.5 * (last[0] + first[0]), 0.5 * (last[1] + first[1]))
            self.moveTo(start)
            points = points[:-1] + (start,)
        from fontTools.pens.basePen import decomposeQuadraticSegment

        for control, end in decomposeQuadraticSegment(points):
            a, c, b, t = self._points[-1], np.array(control, float), np.array(end, float), self._t
            self._points.extend((1 - t) ** 2 * a + 2 * (1 - t) * t * c + t**2 * b)

    def curveTo(self, *points: Point) -> None:
        from fontTools.pens.basePen import decomposeSuperBezierSegment

        for c1, c2, end in decomposeSuperBezierSegment(points) if len(points) > 3 else [points]:
            a, p1, p2, b, t = (self._points[-1], np.array(c1, float), np.array(c2, float), np.array(end, float),
                               self._t)
            self._points.extend((1 - t) ** 3 * a + 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t**2 * p2 + t**3 * b)

    def closePath(self) -> None:
        if self._points:
            if not np.array_equal(self._points[-1], self._points[0]):
                self._points.append(self._points[0])  # closed, as TrueType contours are
            self.contours.append(np.array(self._points, dtype=float))
        self._points = []

    endPath = closePath

    def addComponent(self, glyph_name: str, transformation: tuple[float, ...]) -> None:
        """A composite glyph's part: the component's outline, moved as the glyph says."""
        from fontTools.pens.transformPen import TransformPen

        self.glyph_set[glyph_name].draw(TransformPen(self, transformation))


class OutlineFont:
    """The outlines of one font file (TrueType or CFF/OpenType, read by fontTools), enough to draw
    Latin capitals."""

    def __init__(self, path: str | os.PathLike[str]):
        from fontTools.ttLib import TTFont

        self.path = Path(path)
        try:
            self._font = TTFont(str(self.path), lazy=True)
            self._glyphs = self._font.getGlyphSet()
            self._cmap = self._font.getBestCmap() or {}
        except Exception as exc:  # fontTools raises many kinds for a file that is not a font
            raise FontError(f"{self.path}: not a readable font ({exc})") from exc

    def advance(self, char: str) -> float:
        """How far ``char`` moves the pen, in font units (what a line of text is spaced by)."""
        name = self._cmap.get(ord(char))
        if name is None:
            raise FontError(f"{self.path}: no glyph for {char!r}")
        return float(self._font["hmtx"][name][0])

    @functools.lru_cache(maxsize=128)  # noqa: B019 - a few fonts, each kept for the process anyway
    def outline(self, char: str) -> _Outline:
        """The outline of ``char``, flattened to polygons in font units."""
        name = self._cmap.get(ord(char))
        if name is None:
            raise FontError(f"{self.path}: no glyph for {char!r}")
        pen = _PolygonPen(self._glyphs)
        try:
            if "glyf" in self._font:
                # in the glyph's own coordinates, those of its stored box (the glyph set would
                # move it by any difference between the box and the advance table's side bearing)
                glyf = self._font["glyf"]
                glyf[name].draw(pen, glyf)
            else:
                self._glyphs[name].draw(pen)
            box = self._stored_box(name) or self._control_box(name)
        except Exception as exc:
            raise FontError(f"{self.path}: glyph {char!r} cannot be drawn ({exc})") from exc
        if not pen.contours or box is None:
            raise FontError(f"{self.path}: glyph {char!r} is empty")
        return _Outline(tuple(pen.contours), *box)

    def _stored_box(self, name: str) -> tuple[float, float, float, float] | None:
        """A TrueType glyph's box as the font stores it (what its designer placed it in)."""
        if "glyf" not in self._font:
            return None
        glyph = self._font["glyf"][name]
        if not hasattr(glyph, "xMin"):
            return None
        return glyph.xMin, glyph.yMin, glyph.xMax, glyph.yMax

    def _control_box(self, name: str) -> tuple[float, float, float, float] | None:
        from fontTools.pens.boundsPen import ControlBoundsPen

        bounds = ControlBoundsPen(self._glyphs)
        self._glyphs[name].draw(bounds)
        box: tuple[float, float, float, float] | None = bounds.bounds
        return box


@dataclass(frozen=True)
class GlyphFont:
    """One font face that can draw capital letters as masks."""

    name: str
    truetype_path: str
    short_tail_q: bool = False  # Q drawn as O plus a short tail (see TILE_FACES)

    def draw(self, letter: str, cap_height: int) -> np.ndarray:
        """A white-on-black mask of ``letter``, cropped to the letter, ``cap_height`` pixels tall
        (a face has a fixed weight: callers erode or dilate the mask)."""
        if len(letter) != 1 or letter not in LETTERS:
            raise ValueError(f"not a capital letter: {letter!r}")
        cap_height = max(4, int(cap_height))
        if letter == "Q" and self.short_tail_q:
            return _short_tail_q(_draw_truetype(self.truetype_path, "O", cap_height))
        return _draw_truetype(self.truetype_path, letter, cap_height)


@functools.lru_cache(maxsize=16)
def _truetype(path: str) -> OutlineFont:
    return OutlineFont(path)


def _draw_truetype(path: str, letter: str, cap_height: int) -> np.ndarray:
    outline = _truetype(path).outline(letter)
    # Scale by the height of capital H so letters keep their true relative sizes (Q's tail).
    ref = _truetype(path).outline("H")
    scale = cap_height / float(ref.y_max - ref.y_min)
    width = int(np.ceil((outline.x_max - outline.x_min) * scale)) + 3
    height = int(np.ceil((outline.y_max - outline.y_min) * scale)) + 3
    canvas = np.zeros((height, width), np.uint8)
    shift = 4
    polys = []
    for contour in outline.contours:
        x = (contour[:, 0] - outline.x_min) * scale + 1
        y = (outline.y_max - contour[:, 1]) * scale + 1
        polys.append(np.round(np.stack([x, y], 1) * (1 << shift)).astype(np.int32))
    cv2.fillPoly(canvas, polys, 255, cv2.LINE_AA, shift)
    return _crop(canvas)


def _short_tail_q(o_mask: np.ndarray) -> np.ndarray:
    """An O mask with a short diagonal tail from inside the bowl to just past its lower right."""
    h, w = o_mask.shape
    # Stroke width of the O: its ink along the middle row, left side.
    row = o_mask[h // 2, : w // 2] > 127
    stroke = max(2, int(row.sum()))
    pad = max(1, int(round(0.08 * h)))
    canvas = cv2.copyMakeBorder(o_mask, 0, pad, 0, pad, cv2.BORDER_CONSTANT, value=0)
    shift = 4
    a = np.array([0.60 * w, 0.62 * h]) * (1 << shift)
    b = np.array([w - 1 + 0.6 * pad, h - 1 + 0.6 * pad]) * (1 << shift)
    cv2.line(canvas, tuple(int(v) for v in a), tuple(int(v) for v in b), 255,
             max(2, int(round(0.75 * stroke))), cv2.LINE_AA, shift)
    return _crop(canvas)


def _putText_scale(text: str, cap_height: float, weight: str) -> tuple[float, int]:
    """The scale and stroke of OpenCV's FONT_HERSHEY_SIMPLEX whose capitals stand
    ``cap_height`` pixels tall (the fallback where DejaVu Sans is not installed)."""
    (_w, h), _base = cv2.getTextSize("H", cv2.FONT_HERSHEY_SIMPLEX, 1.0, 1)
    return cap_height / float(h), max(1, round(cap_height * _FALLBACK_STROKE[weight]))


@functools.lru_cache(maxsize=3)
def _text_font(weight: str) -> OutlineFont | None:
    path = _find_font_file(TEXT_FILES[weight])
    return OutlineFont(path) if path is not None and _is_font_file(path) else None


def _text_polygons(text: str, cap_height: float, weight: str) -> tuple[list[np.ndarray], float] | None:
    """``text``'s outlines in DejaVu Sans of ``weight``, in pixels (x right, y down
    from the baseline), and how far it moves the pen; None where the font is missing."""
    font = _text_font(weight)
    if font is None:
        return None
    ref = font.outline("H")
    scale = cap_height / float(ref.y_max - ref.y_min)
    polygons, pen = [], 0.0
    for char in text:
        if not char.isspace():
            for contour in font.outline(char).contours:
                polygons.append(np.stack([pen + contour[:, 0] * scale, -contour[:, 1] * scale], 1))
        pen += font.advance(char) * scale
    return polygons, pen


def text_width(text: str, cap_height: float, weight: str = "regular") -> float:
    """How wide :func:`draw_text` prints ``text`` (the pen's advance, in pixels)."""
    outlines = _text_polygons(text, cap_height, weight)
    if outlines is not None:
        return outlines[1]
    scale, thickness = _putText_scale(text, cap_height, weight)
    return float(cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)[0][0])


def draw_text(image: np.ndarray, text: str, origin: tuple[float, float], cap_height: float, colour: Any,
              weight: str = "regular") -> None:
    """Print ``text`` into ``image`` in DejaVu Sans ExtraLight, Book or Bold (``weight`` "light",
    "regular" or "bold"), antialiased, its capitals ``cap_height`` pixels tall, the pen starting
    at ``origin`` (x, baseline y). Where the font is not installed, with ``cv2.putText``'s
    FONT_HERSHEY_SIMPLEX instead (then not the same pixels on OpenCV 4.x and 5)."""
    outlines = _text_polygons(text, cap_height, weight)
    if outlines is None:
        scale, thickness = _putText_scale(text, cap_height, weight)
        cv2.putText(image, text, (int(round(origin[0])), int(round(origin[1]))), cv2.FONT_HERSHEY_SIMPLEX, scale,
                    colour, thickness, cv2.LINE_AA)
        return
    if not outlines[0]:
        return
    # Filled 4 times as large and shrunk: OpenCV's antialiased fill adds about half a pixel all
    # round, which made small print (a tile's points) as bold as the letter beside it.
    points = np.concatenate(outlines[0]) + origin
    x0, y0 = np.floor(points.min(axis=0)).astype(int) - 1
    x1, y1 = np.ceil(points.max(axis=0)).astype(int) + 2
    xa, ya, xb, yb = max(0, x0), max(0, y0), min(image.shape[1], x1), min(image.shape[0], y1)
    if xa >= xb or ya >= yb:
        return
    big, shift = 4, 4
    mask = np.zeros(((y1 - y0) * big, (x1 - x0) * big), np.uint8)
    polygons = [np.round((polygon + origin - (x0, y0)) * big * (1 << shift)).astype(np.int32)
                for polygon in outlines[0]]
    cv2.fillPoly(mask, polygons, 255, cv2.LINE_8, shift)
    alpha = cv2.resize(mask, (x1 - x0, y1 - y0), interpolation=cv2.INTER_AREA)[ya - y0 : yb - y0, xa - x0 : xb - x0]
    alpha = alpha.astype(np.float32) / 255.0
    region = image[ya:yb, xa:xb]
    ink = np.asarray(colour, np.float32).reshape(-1)[: region.shape[2] if region.ndim == 3 else 1]
    if region.ndim == 3:
        alpha = alpha[..., None]
    else:
        ink = ink[0]
    region[:] = np.clip(region * (1 - alpha) + ink * alpha + 0.5, 0, 255).astype(image.dtype)


def _crop(mask: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(mask > 40)
    if len(xs) == 0:
        return mask
    return mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].copy()


def _find_font_file(file_name: str) -> str | None:
    for root in _FONT_DIRS:
        if not os.path.isdir(root):
            continue
        for dirpath, _dirs, files in os.walk(root):
            if file_name in files:
                return os.path.join(dirpath, file_name)
    return None


#: The first four bytes of a TrueType or OpenType font file (its sfnt version), of a collection,
#: or of a WOFF file.
_FONT_SIGNATURES = (b"\x00\x01\x00\x00", b"OTTO", b"true", b"ttcf", b"wOFF")


def _is_font_file(path: str) -> bool:
    """Whether ``path`` starts as a font file does. Only its signature is read: the font is parsed
    when a letter is first drawn with it (a damaged font then says so, :class:`FontError`)."""
    try:
        with open(path, "rb") as file:
            return file.read(4) in _FONT_SIGNATURES
    except OSError:
        return False


@functools.lru_cache(maxsize=1)
def available_fonts() -> tuple[GlyphFont, ...]:
    """Every font usable on this machine, files that start as a font does: DejaVu's faces found
    on the system, the tile faces drawn from them, then the heavy faces shipped in camera/data."""

    def found(faces: tuple[tuple[str, str], ...], find: Callable[[str], str | None]) -> list[GlyphFont]:
        paths = ((name, find(file_name)) for name, file_name in faces)
        return [GlyphFont(name, truetype_path=path) for name, path in paths if path and _is_font_file(path)]

    fonts = found(TRUETYPE_FACES, _find_font_file)
    by_name = {f.name: f for f in fonts}
    fonts += [GlyphFont(name, truetype_path=by_name[base].truetype_path, short_tail_q=True)
              for name, base in TILE_FACES if base in by_name]
    fonts += found(HEAVY_FACES, lambda file_name: str(_OWN_FONTS / file_name))
    return tuple(fonts)


def font_by_name(name: str) -> GlyphFont:
    """The font called ``name`` (see :func:`available_fonts`)."""
    for font in available_fonts():
        if font.name == name:
            return font
    known = ", ".join(f.name for f in available_fonts())
    raise KeyError(f"unknown or missing font {name!r} (available: {known})")
