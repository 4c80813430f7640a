"""Letter shapes for the virtual camera and for training the letter classifier.

Two kinds of font:

* TrueType and OpenType fonts found on the system (DejaVu on Debian and Raspberry Pi OS), drawn
  by FreeType through Pillow's ``ImageFont`` (outlines of either kind, TrueType or CFF). Bold
  sans-serif faces look much like the letters printed on real word-game tiles.
* OpenCV's Hershey stroke fonts, drawn at several stroke weights.

Every font draws one capital letter as a white-on-black ``uint8`` mask whose capital height is the
height asked for, so callers place it wherever they like.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass

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
        return _draw_hershey(self.hershey_face, letter, cap_height, self.hershey_weight * weight)


#: The size FreeType draws at before the letter is scaled to the height asked for: large enough
#: that scaling down (by area) gives the same smooth edges at every size.
_DRAW_PX = 192


@functools.lru_cache(maxsize=16)
def _truetype(path: str):
    """The font file at ``path`` as a Pillow FreeType font, at :data:`_DRAW_PX` pixels."""
    from PIL import ImageFont

    try:
        return ImageFont.truetype(path, _DRAW_PX)
    except (OSError, ValueError) as exc:
        raise FontError(f"{path}: not a font FreeType can read ({exc})") from exc


@functools.lru_cache(maxsize=256)
def _truetype_big(path: str, letter: str) -> np.ndarray:
    """``letter`` drawn by FreeType at :data:`_DRAW_PX` pixels, cropped to its ink."""
    from PIL import Image, ImageDraw

    font = _truetype(path)
    left, top, right, bottom = font.getbbox(letter)
    if right <= left or bottom <= top:
        raise FontError(f"{path}: no outline for {letter!r}")
    canvas = Image.new("L", (right - left + 4, bottom - top + 4), 0)
    ImageDraw.Draw(canvas).text((2 - left, 2 - top), letter, fill=255, font=font)
    return _crop(np.asarray(canvas))


#: How much bolder than the outline a letter is drawn, in pixels of the result on each side: the
#: classifier's thresholds (Q's tail, the look-alike pairs) were set on letters filled with
#: anti-aliased edges, which lie this far outside the outline.
_EDGE_PX = 0.6


def _draw_truetype(path: str, letter: str, cap_height: int) -> np.ndarray:
    # Scale by the height of capital H so letters keep their true relative sizes (Q's tail).
    big = _truetype_big(path, letter)
    scale = cap_height / float(_truetype_big(path, "H").shape[0])
    grow = int(round(_EDGE_PX / scale))
    if grow > 0:
        big = cv2.dilate(cv2.copyMakeBorder(big, grow, grow, grow, grow, cv2.BORDER_CONSTANT, value=0),
                         cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * grow + 1, 2 * grow + 1)))
    size = (max(1, round(big.shape[1] * scale)), max(1, round(big.shape[0] * scale)))
    return _crop(cv2.resize(big, size, interpolation=cv2.INTER_AREA))


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
            _truetype_big(path, "A")
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
