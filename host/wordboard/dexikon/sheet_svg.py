"""A printable Dexikon score sheet, one per player, as SVG (like the pad in the box).

The sheet lists the banked words (the ones that count ticked), the subtotal of the best words,
the last word, the bonus points (a tally mark per challenge won, plus N/P cards and, in solo play,
Penalties set aside), the Penalties and the total. Each number has an ``id`` (``subtotal``,
``last-word-value``, ``bonus``, ``penalties``, ``total``, ``word-1-value`` ...) so the sheet can
be read back by a program.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from wordboard.dexikon.scoring import FinalScore, Variant

__all__ = ["score_sheet_svg"]

_WIDTH = 420
_ROW = 30
_LEFT = 24
_RIGHT = _WIDTH - 24
_INK = "#222"
_PINK = "#c2185b"


def _text(x: float, y: float, content: str, *, size: int = 15, weight: str = "normal",
          anchor: str = "start", ident: str | None = None, fill: str = _INK) -> str:
    attrs = f' id={quoteattr(ident)}' if ident else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" font-weight="{weight}" '
            f'text-anchor="{anchor}" fill="{fill}"{attrs}>{escape(content)}</text>')


def _line(y: float, *, width: float = 1, x1: float = _LEFT, x2: float = _RIGHT) -> str:
    return f'<line x1="{x1:g}" y1="{y:g}" x2="{x2:g}" y2="{y:g}" stroke="{_INK}" stroke-width="{width:g}"/>'


def _tally(x: float, y: float, count: int) -> list[str]:
    """Tally marks: groups of four strokes crossed by a fifth."""
    parts = []
    for group in range(0, count, 5):
        in_group = min(5, count - group)
        gx = x + (group // 5) * 34
        for i in range(min(in_group, 4)):
            sx = gx + i * 6
            parts.append(f'<line x1="{sx}" y1="{y - 14}" x2="{sx}" y2="{y + 2}" stroke="{_INK}" '
                         'stroke-width="2" class="tally"/>')
        if in_group == 5:
            parts.append(f'<line x1="{gx - 3}" y1="{y - 2}" x2="{gx + 22}" y2="{y - 10}" '
                         f'stroke="{_INK}" stroke-width="2" class="tally"/>')
    return parts


def score_sheet_svg(score: FinalScore, variant: Variant, *, card_set_name: str = "",
                    solo: bool = False) -> str:
    """The score sheet of one player at the end of the game, as an SVG document."""
    rows = max(variant.words_to_end, len(score.banked))
    height = 150 + rows * _ROW + 5 * _ROW + 60
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{height}" '
           f'viewBox="0 0 {_WIDTH} {height}" font-family="DejaVu Sans, Arial, sans-serif">',
           f'<title>Dexikon score sheet: {escape(score.name)}</title>',
           f'<rect x="1" y="1" width="{_WIDTH - 2}" height="{height - 2}" fill="white" '
           f'stroke="{_INK}" stroke-width="2" rx="10"/>',
           _text(_WIDTH / 2, 40, "DEXIKON", size=28, weight="bold", anchor="middle", fill=_PINK),
           _text(_LEFT, 78, "NAME", size=12, weight="bold"),
           _text(_LEFT + 50, 78, score.name, size=17, ident="name"),
           _text(_RIGHT - 26, 78, "First?", size=12, anchor="end"),
           f'<rect x="{_RIGHT - 18}" y="64" width="16" height="16" fill="none" stroke="{_INK}"/>']
    if score.first:
        out.append(_text(_RIGHT - 10, 78, "X", size=14, weight="bold", anchor="middle",
                         ident="first"))
    y = 100
    out.append(_line(y, width=2))
    out.append(_text(_RIGHT, y + 18, "Points", size=12, weight="bold", anchor="end"))
    y += 24
    counted = list(score.best)
    for i in range(rows):
        y += _ROW
        out.append(_text(_LEFT, y, f"{i + 1}", size=13, weight="bold"))
        if i < len(score.banked):
            banked = score.banked[i]
            mark = banked in counted
            if mark:
                counted.remove(banked)
            out.append(_text(_LEFT + 28, y, banked.word.capitalize(), ident=f"word-{i + 1}"))
            out.append(_text(_RIGHT, y, str(banked.value), anchor="end",
                             weight="bold" if mark else "normal", ident=f"word-{i + 1}-value"))
            if mark:
                out.append(_text(_RIGHT - 40, y, "\u2713", anchor="end", fill=_PINK))
        out.append(_line(y + 8, width=0.5))
    y += _ROW + 4
    out.append(_line(y - 20, width=2))
    out.append(_text(_LEFT, y, f"SUBTOTAL (best {variant.best_words} words)", size=13,
                     weight="bold"))
    out.append(_text(_RIGHT, y, str(score.subtotal), anchor="end", weight="bold",
                     ident="subtotal"))
    y += _ROW
    out.append(_text(_LEFT, y, "Last Word", size=13, weight="bold"))
    out.append(_text(_LEFT + 100, y, (score.last_word or "-").capitalize(), ident="last-word"))
    out.append(_text(_RIGHT, y, str(score.last_word_value), anchor="end",
                     ident="last-word-value"))
    y += _ROW
    out.append(_text(_LEFT, y, "Bonus Points", size=13, weight="bold"))
    out.extend(_tally(_LEFT + 120, y, score.challenges_won))
    extra = score.card_bonus + score.set_aside_bonus
    if extra:
        label = f"+{extra}"
        out.append(_text(_RIGHT - 50, y, label, size=13, anchor="end", ident="card-bonus"))
    out.append(_text(_RIGHT, y, str(score.bonus), anchor="end", ident="bonus"))
    y += _ROW
    out.append(_text(_LEFT, y, "Penalties", size=13, weight="bold"))
    out.append(_text(_LEFT + 120, y, f"{score.penalties} x -2", size=13))
    out.append(_text(_RIGHT, y, str(score.penalty_points), anchor="end", ident="penalties"))
    y += 12
    out.append(_line(y, width=2))
    y += _ROW
    out.append(_text(_LEFT, y, "TOTAL", size=16, weight="bold"))
    out.append(_text(_RIGHT, y, str(score.total), size=18, weight="bold", anchor="end",
                     ident="total"))
    footer = f"wordboard - {variant.description}" + (" - solo" if solo else "")
    out.append(_text(_WIDTH / 2, height - 26, footer, size=9, anchor="middle", fill="#666"))
    if card_set_name:
        out.append(_text(_WIDTH / 2, height - 12, f"cards: {card_set_name}", size=9,
                         anchor="middle", fill="#666"))
    out.append("</svg>")
    return "\n".join(out) + "\n"
