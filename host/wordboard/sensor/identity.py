"""What a tagged tile is: a letter, a blank, a HEXX wild tile or a Dexikon card.

An identity has a short text form used on the command line and in the registry file
(``letter:A``, ``blank``, ``hexx-wild``, ``card:AT-1``) and a binary *tile code* that
``wordboard tiles write`` stores in the tag's own memory (see ``firmware/PROTOCOL.md``):

    b"WB" version:u8=1 kind:u8 length:u8 payload[length], zero-padded to 16 bytes (4 pages)

with kind ``L`` (payload: the letter, UTF-8), ``B`` (blank), ``H`` (HEXX wild) or ``C``
(payload: the card id, ASCII).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wordboard.errors import UserError

TILE_CODE_MAGIC = b"WB"
TILE_CODE_VERSION = 1
TILE_CODE_BYTES = 16
_MAX_PAYLOAD = TILE_CODE_BYTES - 5
_CARD_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,10}$")


@dataclass(frozen=True)
class LetterTile:
    """A letter tile; ``letter`` is upper case (one letter, or a digraph tile such as ``QU``)."""

    letter: str

    def __post_init__(self) -> None:
        if not (1 <= len(self.letter) <= 3 and self.letter.isalpha() and self.letter == self.letter.upper()):
            raise ValueError(f"not a tile letter: {self.letter!r}")

    def __str__(self) -> str:
        return f"letter:{self.letter}"


@dataclass(frozen=True)
class BlankTile:
    def __str__(self) -> str:
        return "blank"


@dataclass(frozen=True)
class HexxWildTile:
    """One of HEXX's six wild tiles."""

    def __str__(self) -> str:
        return "hexx-wild"


@dataclass(frozen=True)
class DexikonCard:
    """A Dexikon card, by the id its card set gives it."""

    card_id: str

    def __post_init__(self) -> None:
        if not _CARD_ID.match(self.card_id):
            raise ValueError(f"not a card id: {self.card_id!r} (1-11 letters, digits, '.', '_' or '-')")

    def __str__(self) -> str:
        return f"card:{self.card_id}"


TileIdentity = LetterTile | BlankTile | HexxWildTile | DexikonCard


def parse_identity(text: str) -> TileIdentity:
    """Parse the text form; a bare letter (``a``) is a letter tile, ``?`` a blank, ``*`` a HEXX
    wild. Raises UserError with the accepted forms."""
    value = text.strip()
    lowered = value.lower()
    try:
        if lowered in ("blank", "?"):
            return BlankTile()
        if lowered in ("hexx-wild", "wild", "*"):
            return HexxWildTile()
        if lowered.startswith("card:"):
            return DexikonCard(value[5:])
        if lowered.startswith("letter:"):
            value = value[7:]
        return LetterTile(value.upper())
    except ValueError as exc:
        raise UserError(f"{exc}; a tile is a letter (A or letter:A), blank (or ?), "
                        f"hexx-wild (or *), or card:ID") from None


def encode_tile_code(identity: TileIdentity) -> bytes:
    """The 16 bytes to write into a tag's user memory for this tile."""
    if isinstance(identity, LetterTile):
        kind, payload = b"L", identity.letter.encode("utf-8")
    elif isinstance(identity, BlankTile):
        kind, payload = b"B", b""
    elif isinstance(identity, HexxWildTile):
        kind, payload = b"H", b""
    elif isinstance(identity, DexikonCard):
        kind, payload = b"C", identity.card_id.encode("ascii")
    else:
        raise TypeError(f"not a tile identity: {identity!r}")
    if len(payload) > _MAX_PAYLOAD:
        raise UserError(f"{identity} does not fit in a tile code ({_MAX_PAYLOAD} bytes at most)")
    code = TILE_CODE_MAGIC + bytes((TILE_CODE_VERSION,)) + kind + bytes((len(payload),)) + payload
    return code.ljust(TILE_CODE_BYTES, b"\x00")


def decode_tile_code(memory: bytes) -> TileIdentity | None:
    """The tile written in a tag's memory, or None when there is none (or it is damaged)."""
    if len(memory) < 5 or memory[:2] != TILE_CODE_MAGIC or memory[2] != TILE_CODE_VERSION:
        return None
    kind, length = memory[3:4], memory[4]
    payload = memory[5:5 + length]
    if len(payload) != length or length > _MAX_PAYLOAD:
        return None
    try:
        if kind == b"L":
            return LetterTile(payload.decode("utf-8"))
        if kind == b"B" and not length:
            return BlankTile()
        if kind == b"H" and not length:
            return HexxWildTile()
        if kind == b"C":
            return DexikonCard(payload.decode("ascii"))
    except (ValueError, UnicodeDecodeError):
        return None
    return None
