"""Clue-card illustrations: an emoji character, or a shape wordboard draws itself.

A card's picture is either text to show as it is (an emoji from the Noto Color Emoji font, which
the kiosk screen renders) or ``shape:NAME`` for one of the simple shapes below, drawn as lines of
text here and as vector shapes by a screen. The terminal shows both.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from importlib import resources

SHAPE_PREFIX = "shape:"

#: Shapes wordboard can draw, as lines of text (monospaced).
SHAPES: dict[str, tuple[str, ...]] = {
    "circle": ("  ***  ", " *   * ", "*     *", " *   * ", "  ***  "),
    "square": ("+-----+", "|     |", "|     |", "|     |", "+-----+"),
    "triangle": ("   ^   ", "  / \\  ", " /   \\ ", "/_____\\"),
    "star": ("    *    ", "   ***   ", "*********", "  *****  ", " **   ** ", "*       *"),
    "heart": (" _   _ ", "/ \\_/ \\", "\\     /", " \\   / ", "  \\ /  ", "   v   "),
    "diamond": ("   /\\   ", "  /  \\  ", "  \\  /  ", "   \\/   "),
    "oval": ("  .-----.  ", " /       \\ ", " \\       / ", "  '-----'  "),
    "line": ("--------",),
    "cross": ("  |  ", "--+--", "  |  "),
    "arrow": ("     \\  ", "------> ", "     /  "),
    "rectangle": ("+-----------+", "|           |", "|           |", "+-----------+"),
}


def is_shape(picture: str) -> bool:
    return picture.startswith(SHAPE_PREFIX)


def shape_name(picture: str) -> str:
    return picture[len(SHAPE_PREFIX):]


def check_picture(picture: str) -> None:
    """``ValueError`` for an empty picture or an unknown shape name."""
    if not picture.strip():
        raise ValueError("the picture is empty: give an emoji or shape:NAME")
    if is_shape(picture) and shape_name(picture) not in SHAPES:
        raise ValueError(f"unknown shape {shape_name(picture)!r}: known shapes are "
                         f"{', '.join(sorted(SHAPES))}")


#: what a picture's emoji are matched without: skin tones and the emoji variation selector
_IGNORED = frozenset(range(0x1F3FB, 0x1F400)) | {0xFE0F, 0xFE0E}


@lru_cache(maxsize=1)
def unsuitable_emoji() -> frozenset[str]:
    """The emoji never shown to a child (``data/unsuitable-emoji.txt``)."""
    text = resources.files("wordboard.extradiction").joinpath("data").joinpath(
        "unsuitable-emoji.txt").read_text(encoding="utf-8")
    found = set()
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            found.add("".join(ch for ch in line.split()[0] if ord(ch) not in _IGNORED))
    return frozenset(found)


def unsuitable_picture(picture: str) -> str | None:
    """Why a card's picture may not be shown to a child (None: it may): one of the unsuitable
    emoji (any skin tone), an emoji whose Unicode name holds a word unsuitable for children, or
    words unsuitable for children written as the picture."""
    from wordboard.extradiction.wordfilter import unsuitable_words_in

    if is_shape(picture):
        return None
    blocked = unsuitable_emoji()
    unsuitable = any(ch in blocked or (not ch.isascii() and unsuitable_words_in(unicodedata.name(ch, "")))
                     for ch in picture if ord(ch) not in _IGNORED)
    if unsuitable or unsuitable_words_in(picture):
        return "the picture is not suitable for children"     # not repeated, even to the owner
    return None


def picture_lines(picture: str) -> tuple[str, ...]:
    """The picture as lines of text for a terminal."""
    if is_shape(picture):
        return SHAPES[shape_name(picture)]
    return (picture,)
