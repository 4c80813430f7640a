"""Letter shapes for the virtual camera and for training the letter classifier.

Two kinds of font, both drawn with OpenCV only (no Pillow, no FreeType):

* TrueType fonts found on the system (DejaVu on Debian and Raspberry Pi OS): a small reader for the
  ``glyf`` outlines of simple glyphs, filled with ``cv2.fillPoly``. Bold sans-serif faces look much
  like the letters printed on real word-game tiles.
* OpenCV's Hershey stroke fonts, drawn at several stroke weights.

Every font draws one capital letter as a white-on-black ``uint8`` mask whose capital height is the
height asked for, so callers place it wherever they like.
"""

from __future__ import annotations

import functools
import os
import struct
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

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

# (name, OpenCV font face, stroke weight as a fraction of the capital height).
HERSHEY_FACES = (
    ("hershey-simplex", cv2.FONT_HERSHEY_SIMPLEX, 0.16),
    ("hershey-duplex", cv2.FONT_HERSHEY_DUPLEX, 0.14),
    ("hershey-complex", cv2.FONT_HERSHEY_COMPLEX, 0.12),
    ("hershey-triplex", cv2.FONT_HERSHEY_TRIPLEX, 0.15),
)


class FontError(Exception):
    """A font file could not be read."""


@dataclass(frozen=True)
class _Outline:
    contours: tuple[np.ndarray, ...]  # each (n, 2) float, font units, y up
    x_min: float
    y_min: float
    x_max: float
    y_max: float


class TrueTypeFont:
    """The simple-glyph outlines of one TrueType file, enough to draw Latin capitals."""

    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path)
        try:
            self._data = self.path.read_bytes()
            self._tables = self._read_table_directory()
            self._loca = self._read_loca()
            self._cmap = self._read_cmap()
        except (OSError, struct.error, KeyError) as exc:
            raise FontError(f"{self.path}: not a readable TrueType font ({exc})") from exc

    def _read_table_directory(self) -> dict[str, tuple[int, int]]:
        (num_tables,) = struct.unpack_from(">H", self._data, 4)
        tables = {}
        for i in range(num_tables):
            tag, _checksum, offset, length = struct.unpack_from(">4sIII", self._data, 12 + 16 * i)
            tables[tag.decode("latin-1")] = (offset, length)
        if "glyf" not in tables:
            raise KeyError("no glyf table (CFF fonts are not supported)")
        return tables

    def _read_loca(self) -> np.ndarray:
        head, _ = self._tables["head"]
        (index_format,) = struct.unpack_from(">h", self._data, head + 50)
        (num_glyphs,) = struct.unpack_from(">H", self._data, self._tables["maxp"][0] + 4)
        loca, _ = self._tables["loca"]
        if index_format == 0:
            offsets = np.frombuffer(self._data, ">u2", num_glyphs + 1, loca).astype(np.int64) * 2
        else:
            offsets = np.frombuffer(self._data, ">u4", num_glyphs + 1, loca).astype(np.int64)
        return offsets

    def _read_cmap(self) -> dict[int, int]:
        cmap, _ = self._tables["cmap"]
        (num,) = struct.unpack_from(">H", self._data, cmap + 2)
        for i in range(num):
            platform, encoding, offset = struct.unpack_from(">HHI", self._data, cmap + 4 + 8 * i)
            sub = cmap + offset
            (fmt,) = struct.unpack_from(">H", self._data, sub)
            if fmt == 4 and (platform, encoding) in ((3, 1), (0, 3), (0, 4), (0, 1)):
                return self._read_cmap_format4(sub)
        raise KeyError("no Unicode BMP (format 4) cmap")

    def _read_cmap_format4(self, sub: int) -> dict[int, int]:
        (seg_x2,) = struct.unpack_from(">H", self._data, sub + 6)
        segs = seg_x2 // 2
        ends = struct.unpack_from(f">{segs}H", self._data, sub + 14)
        starts_at = sub + 16 + seg_x2
        starts = struct.unpack_from(f">{segs}H", self._data, starts_at)
        deltas = struct.unpack_from(f">{segs}h", self._data, starts_at + seg_x2)
        ranges_at = starts_at + 2 * seg_x2
        ranges = struct.unpack_from(f">{segs}H", self._data, ranges_at)
        mapping = {}
        for code in range(32, 128):  # only ASCII is ever needed here
            for s in range(segs):
                if starts[s] <= code <= ends[s]:
                    if ranges[s] == 0:
                        mapping[code] = (code + deltas[s]) & 0xFFFF
                    else:
                        at = ranges_at + 2 * s + ranges[s] + 2 * (code - starts[s])
                        (glyph,) = struct.unpack_from(">H", self._data, at)
                        mapping[code] = (glyph + deltas[s]) & 0xFFFF if glyph else 0
                    break
        return mapping

    @functools.lru_cache(maxsize=128)  # noqa: B019 - a few fonts, each kept for the process anyway
    def outline(self, char: str) -> _Outline:
        """The outline of ``char`` (a simple glyph), flattened to polygons in font units."""
        glyph = self._cmap.get(ord(char), 0)
        if not glyph:
            raise FontError(f"{self.path}: no glyph for {char!r}")
        start = self._tables["glyf"][0] + int(self._loca[glyph])
        n_contours, x_min, y_min, x_max, y_max = struct.unpack_from(">hhhhh", self._data, start)
        if n_contours < 0:
            raise FontError(f"{self.path}: glyph {char!r} is composite (not supported)")
        at = start + 10
        end_points = struct.unpack_from(f">{n_contours}H", self._data, at)
        at += 2 * n_contours
        (n_instructions,) = struct.unpack_from(">H", self._data, at)
        at += 2 + n_instructions
        n_points = end_points[-1] + 1 if n_contours else 0
        flags: list[int] = []
        while len(flags) < n_points:
            flag = self._data[at]
            at += 1
            flags.append(flag)
            if flag & 8:
                repeat = self._data[at]
                at += 1
                flags.extend([flag] * repeat)
        xs, at = self._read_coords(flags, at, short_bit=2, same_bit=16)
        ys, at = self._read_coords(flags, at, short_bit=4, same_bit=32)
        contours = []
        first = 0
        for last in end_points:
            pts = list(zip(xs[first : last + 1], ys[first : last + 1]))
            on = [bool(f & 1) for f in flags[first : last + 1]]
            contours.append(_flatten_quadratic(pts, on))
            first = last + 1
        return _Outline(tuple(contours), x_min, y_min, x_max, y_max)

    def _read_coords(self, flags: list[int], at: int, short_bit: int, same_bit: int) -> tuple[list[int], int]:
        values: list[int] = []
        value = 0
        for flag in flags:
            if flag & short_bit:
                delta = self._data[at]
                at += 1
                value += delta if flag & same_bit else -delta
            elif not flag & same_bit:
                (delta,) = struct.unpack_from(">h", self._data, at)
                at += 2
                value += delta
            values.append(value)
        return values, at


def _flatten_quadratic(points: list[tuple[int, int]], on_curve: list[bool], steps: int = 6) -> np.ndarray:
    """Turn a TrueType contour (on- and off-curve points) into a closed polyline."""
    n = len(points)
    if n == 0:
        return np.zeros((0, 2))
    pts = [np.array(p, dtype=float) for p in points]
    # Start from an on-curve point; if there is none, from the midpoint of the first two.
    start = next((i for i in range(n) if on_curve[i]), None)
    if start is None:
        pts.insert(0, (pts[0] + pts[1]) / 2)
        on_curve = [True] + list(on_curve)
        start, n = 0, n + 1
    order = [(start + i) % n for i in range(n)] + [start]
    out = [pts[start]]
    control = None
    t = np.linspace(0, 1, steps + 1)[1:, None]
    for idx in order[1:]:
        p, on = pts[idx], on_curve[idx]
        if on:
            if control is None:
                out.append(p)
            else:
                a = out[-1]
                out.extend((1 - t) ** 2 * a + 2 * (1 - t) * t * control + t**2 * p)
                control = None
        else:
            if control is not None:
                mid = (control + p) / 2
                a = out[-1]
                out.extend((1 - t) ** 2 * a + 2 * (1 - t) * t * control + t**2 * mid)
            control = p
    return np.array(out, dtype=float)


@dataclass(frozen=True)
class GlyphFont:
    """One font face that can draw capital letters as masks."""

    name: str
    truetype_path: str | None = None
    hershey_face: int | None = None
    hershey_weight: float = 0.15
    short_tail_q: bool = False  # Q drawn as O plus a short tail (see TILE_FACES)

    def draw(self, letter: str, cap_height: int, weight: float = 1.0) -> np.ndarray:
        """A white-on-black mask of ``letter``, cropped to the letter, ``cap_height`` pixels tall.

        ``weight`` thickens (>1) or thins (<1) the strokes of Hershey fonts; TrueType faces have
        a fixed weight and callers erode or dilate the mask instead.
        """
        if len(letter) != 1 or letter not in LETTERS:
            raise ValueError(f"not a capital letter: {letter!r}")
        cap_height = max(4, int(cap_height))
        if letter == "Q" and self.short_tail_q and self.truetype_path is not None:
            return _short_tail_q(_draw_truetype(self.truetype_path, "O", cap_height))
        if self.truetype_path is not None:
            return _draw_truetype(self.truetype_path, letter, cap_height)
        if self.hershey_face is None:
            raise ValueError(f"font {self.name!r}: neither a TrueType file nor a Hershey face to draw with")
        return _draw_hershey(self.hershey_face, letter, cap_height, self.hershey_weight * weight)


@functools.lru_cache(maxsize=16)
def _truetype(path: str) -> TrueTypeFont:
    return TrueTypeFont(path)


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


def _draw_hershey(face: int, letter: str, cap_height: int, weight: float) -> np.ndarray:
    # Draw large, then scale so that a capital H comes out exactly ``cap_height`` tall.
    big = 96
    letter_mask = _draw_hershey_raw(face, letter, big, weight)
    h_height = _draw_hershey_raw(face, "H", big, weight).shape[0]
    factor = cap_height / float(h_height)
    size = (max(1, round(letter_mask.shape[1] * factor)), max(1, round(letter_mask.shape[0] * factor)))
    return cv2.resize(letter_mask, size, interpolation=cv2.INTER_AREA)


def _draw_hershey_raw(face: int, letter: str, nominal: int, weight: float) -> np.ndarray:
    (_w, h), _base = cv2.getTextSize("H", face, 1.0, 1)
    scale = nominal / float(h)
    thickness = max(1, int(round(weight * nominal)))
    size = int(nominal * 3 + thickness * 2)
    canvas = np.zeros((size, size), np.uint8)
    cv2.putText(canvas, letter, (thickness + 2, int(nominal * 1.8)), face, scale, 255, thickness, cv2.LINE_AA)
    return _crop(canvas)


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


@functools.lru_cache(maxsize=1)
def available_fonts() -> tuple[GlyphFont, ...]:
    """Every font usable on this machine: the TrueType faces found, then the Hershey faces."""
    fonts: list[GlyphFont] = []
    for name, file_name in TRUETYPE_FACES:
        path = _find_font_file(file_name)
        if path is None:
            continue
        try:
            _truetype(path).outline("A")
        except FontError:
            continue
        fonts.append(GlyphFont(name, truetype_path=path))
    by_name = {f.name: f for f in fonts}
    for name, base in TILE_FACES:
        if base in by_name:
            fonts.append(GlyphFont(name, truetype_path=by_name[base].truetype_path, short_tail_q=True))
    for name, face, weight in HERSHEY_FACES:
        fonts.append(GlyphFont(name, hershey_face=face, hershey_weight=weight))
    return tuple(fonts)


def font_by_name(name: str) -> GlyphFont:
    """The font called ``name`` (see :func:`available_fonts`)."""
    for font in available_fonts():
        if font.name == name:
            return font
    known = ", ".join(f.name for f in available_fonts())
    raise KeyError(f"unknown or missing font {name!r} (available: {known})")
