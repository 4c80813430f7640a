"""Word patterns: fixed-length words where each position is a letter, any letter, or a choice.

As text: a letter stands for itself (case and accents fold), ``?`` (also ``.`` or ``_``) for any
letter, and ``[AE]`` for one of the letters inside the brackets (a Dexikon AT, ES or IOU card):
``C?T``, ``[AE]?[IOU]S``. As a sequence: one item per position, ``None`` (or ``"?"``) for any
letter, otherwise a string of the allowed letters: ``["C", None, "AE"]``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from wordboard.dictionary.rules import fold_word
from wordboard.errors import UserError

__all__ = ["PatternError", "Position", "parse_pattern", "pattern_regex", "parse_letters"]

#: One position of a pattern: None for any letter, else the allowed letters (A-Z).
Position = frozenset[str] | None

_ANY_MARKS = frozenset("?._")
WILD_MARK = "?"


class PatternError(UserError, ValueError):
    """A pattern or a set of letters that cannot be read (unknown character, unclosed bracket)."""


def _letters(text: str, what: str) -> frozenset[str]:
    folded = fold_word(text)
    if folded is None:
        raise PatternError(f"{what} {text!r} must be letters A-Z")
    return frozenset(folded)


def parse_pattern(pattern: str | Sequence[str | None]) -> tuple[Position, ...]:
    """Read a pattern (see the module documentation) into one ``Position`` per letter."""
    if isinstance(pattern, str):
        return _parse_pattern_text(pattern)
    positions: list[Position] = []
    for index, item in enumerate(pattern):
        if item is None or (isinstance(item, str) and item.strip() in _ANY_MARKS and item.strip()):
            positions.append(None)
        elif isinstance(item, str):
            if not item.strip():
                raise PatternError(f"pattern position {index + 1} has no letters")
            positions.append(_letters(item, f"pattern position {index + 1}"))
        else:
            raise PatternError(f"pattern position {index + 1} must be None or letters, "
                               f"not {type(item).__name__}")
    return tuple(positions)


def _parse_pattern_text(text: str) -> tuple[Position, ...]:
    positions: list[Position] = []
    i = 0
    text = text.strip()
    while i < len(text):
        ch = text[i]
        if ch in _ANY_MARKS:
            positions.append(None)
            i += 1
        elif ch == "[":
            end = text.find("]", i + 1)
            if end < 0:
                raise PatternError(f"pattern {text!r}: '[' at position {i + 1} is never closed")
            inner = text[i + 1:end]
            if not inner:
                raise PatternError(f"pattern {text!r}: empty choice '[]' at position {i + 1}")
            positions.append(_letters(inner, f"pattern {text!r}: choice"))
            i = end + 1
        else:
            letter = fold_word(ch)
            if letter is None or len(letter) != 1:
                raise PatternError(f"pattern {text!r}: {ch!r} is not a letter, '?' or '[...]'")
            positions.append(frozenset(letter))
            i += 1
    return tuple(positions)


def pattern_regex(positions: Sequence[Position]) -> re.Pattern[bytes]:
    """A bytes regex matching whole newline-terminated records of the pattern's length."""
    parts = []
    for pos in positions:
        if pos is None:
            parts.append("[A-Z]")
        elif len(pos) == 1:
            parts.append(next(iter(pos)))
        else:
            parts.append("[" + "".join(sorted(pos)) + "]")
    return re.compile(("^" + "".join(parts) + "$").encode("ascii"), re.MULTILINE)


def parse_letters(letters: str) -> tuple[str, int]:
    """Read a rack: letters (folded to A-Z) and ``?`` wilds. Returns (letters, number of wilds).

    White space is ignored; anything else that is not a letter raises ``PatternError``.
    """
    found: list[str] = []
    wilds = 0
    for ch in letters:
        if ch.isspace():
            continue
        if ch in _ANY_MARKS:
            wilds += 1
            continue
        folded = fold_word(ch)
        if folded is None:
            raise PatternError(f"letters {letters!r}: {ch!r} is not a letter or '?'")
        found.append(folded)
    return "".join(found), wilds
