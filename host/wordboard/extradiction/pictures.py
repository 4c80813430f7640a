"""Clue-card illustrations: an emoji character, or a shape wordboard draws itself.

A card's picture is either text to show as it is (an emoji from the Noto Color Emoji font, which
the kiosk screen renders) or ``shape:NAME`` for one of the simple shapes below, drawn as lines of
text here and as vector shapes by a screen. The terminal shows both.
"""

from __future__ import annotations

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


def picture_lines(picture: str) -> tuple[str, ...]:
    """The picture as lines of text for a terminal."""
    if is_shape(picture):
        return SHAPES[shape_name(picture)]
    return (picture,)
