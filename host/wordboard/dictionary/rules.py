"""The word rules: which entries of a word list are playable words, and how they are spelled.

The rulebooks agree on these (Lexulous: "words that are always capitalised, prefixes and suffixes
alone, abbreviations, and words requiring an apostrophe / hyphen" are not allowed; Dexikon:
plurals, conjugations and accented words such as sauté are valid, acronyms such as NORAD and
proper nouns such as Marvin and Scotland are not; HEXX: no proper names, places or
abbreviations).

Applied to one entry (one line of a list, surrounding white space removed):

1. An entry containing an apostrophe (``cat's``, ``don't``), a hyphen or dash (``well-known``,
   ``anti-``, ``-ness``), a digit (``3D``) or white space (``ice cream``) is not a word.
2. If the list has case information (see below): an entry whose first two letters are capitals,
   or that is a single capital (``NASA``, ``CDs``, ``X``), is an acronym or abbreviation; any other
   entry with a capital (``Aaron``, ``McDonald``, ``iPod``, ``pH``) is a proper noun or other
   capitalised word. Neither is a word.
3. The entry is folded: accents dropped (``sauté`` is ``SAUTE``, ``naïve`` is ``NAIVE``), the
   ligatures and special letters ``æ œ ß ø ł đ ı þ`` transliterated (``AE OE SS O L D I TH``), and
   upper-cased. Anything then left that is not A-Z (a full stop, a Greek letter, ...) rejects the
   entry.

Case information: a tournament list (TWL, Collins) is written in capitals only, so capitals
there say nothing. A list has case information when at least ``WordRules.case_share`` (10 %) of
its entries contain a lower-case letter; a title line in an otherwise all-capitals file does not
turn every word of it into an acronym. ``WordRules(case="respect")`` or ``case="ignore"`` forces
the choice.

Plurals and conjugations are ordinary entries and are words. Single letters are kept if the
list has them; each game applies its own minimum word length.
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, NamedTuple

__all__ = [
    "RejectReason",
    "WordRules",
    "EntryVerdict",
    "fold_word",
    "judge_entry",
    "list_has_case_information",
]

_ASCII_UPPER = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")

# Letters that Unicode decomposition does not reduce to A-Z, and their usual transliteration.
_SPECIAL_LETTERS = {
    "æ": "ae", "Æ": "AE",
    "œ": "oe", "Œ": "OE",
    "ß": "ss", "ẞ": "SS",
    "ø": "o", "Ø": "O",
    "ł": "l", "Ł": "L",
    "đ": "d", "Đ": "D",
    "ı": "i",
    "þ": "th", "Þ": "TH",
}
_SPECIAL_TABLE = str.maketrans(_SPECIAL_LETTERS)

_APOSTROPHES = frozenset("'’‘ʼ`´")
_HYPHENS = frozenset("-‐‑‒–—―−")


class RejectReason(str, enum.Enum):  # noqa: UP042 - kept as it was: its members print as RejectReason.X
    """Why a word-list entry is not a word. The value is the label ``lexicon info`` prints."""

    APOSTROPHE = "apostrophe"
    HYPHEN = "hyphen"
    DIGIT = "digit"
    SPACE = "space"
    PROPER_NOUN = "proper noun or other capitalised"
    ACRONYM = "acronym or abbreviation"
    NOT_A_TO_Z = "not A-Z after folding"

    def __str__(self) -> str:  # "proper noun", not "RejectReason.PROPER_NOUN"
        return self.value


class EntryVerdict(NamedTuple):
    """The outcome for one entry: the folded word, or the reason it is not a word."""

    word: str | None
    reason: RejectReason | None


@dataclass(frozen=True)
class WordRules:
    """How a word list is read.

    ``case``: ``"auto"`` decides per list whether capitals mean something (see the module
    documentation), ``"respect"`` always treats capitalised and all-capitals entries as proper
    nouns and acronyms, ``"ignore"`` treats every list like an all-capitals tournament list.
    ``case_share``: in ``"auto"``, the share of entries with a lower-case letter from which a list
    counts as having case information.
    """

    case: Literal["auto", "respect", "ignore"] = "auto"
    case_share: float = 0.10

    def __post_init__(self) -> None:
        if self.case not in ("auto", "respect", "ignore"):
            raise ValueError(f"WordRules.case must be 'auto', 'respect' or 'ignore', not {self.case!r}")
        if not 0.0 < self.case_share <= 1.0:
            raise ValueError(f"WordRules.case_share must be in (0, 1], not {self.case_share!r}")

    def has_case_information(self, entries: list[str]) -> bool:
        """Whether capitals in these entries mark proper nouns and acronyms."""
        if self.case == "respect":
            return True
        if self.case == "ignore":
            return False
        return list_has_case_information(entries, self.case_share)

    def cache_token(self) -> str:
        """A short text that changes whenever the rules would compile a list differently."""
        return f"case={self.case};share={self.case_share!r}"


def list_has_case_information(entries: Iterable[str], share: float = 0.10) -> bool:
    """True when at least ``share`` of the non-blank entries contain a lower-case letter."""
    total = lower = 0
    for entry in entries:
        if not entry:
            continue
        total += 1
        # An entry has a lower-case letter exactly when upper-casing changes it
        # (letters without case, digits and punctuation are unchanged).
        if entry.upper() != entry:
            lower += 1
    return total > 0 and lower >= share * total


def _fold(text: str) -> str:
    """Drop accents, transliterate special letters and upper-case; the result may hold non-A-Z."""
    if text.isascii():
        return text.upper()
    text = text.translate(_SPECIAL_TABLE)
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return stripped.translate(_SPECIAL_TABLE).upper()


def fold_word(raw: str) -> str | None:
    """Spell ``raw`` the way the board does: ``"sauté"`` -> ``"SAUTE"``, ``"Straße"`` -> ``"STRASSE"``.

    Folds case and accents and transliterates special letters, ignoring surrounding white space.
    Returns None when anything other than the letters A-Z would remain (digits, apostrophes,
    hyphens, inner spaces, other scripts) or the text is empty. It does not apply the case rules
    for word lists: ``fold_word("Aaron")`` is ``"AARON"``. Use it to normalise a word a player
    typed or the camera read.
    """
    if not isinstance(raw, str):
        return None
    folded = _fold(raw.strip())
    if not folded or not (folded.isascii() and folded.isalpha()):
        return None
    return folded


def _is_plain_lower(entry: str) -> bool:
    return entry.isascii() and entry.isalpha() and entry.islower()


def judge_entry(entry: str, has_case_information: bool = True) -> EntryVerdict:
    """Apply the word rules to one word-list entry (already stripped of surrounding white space).

    >>> judge_entry("sauté")
    EntryVerdict(word='SAUTE', reason=None)
    >>> judge_entry("Aaron").reason
    <RejectReason.PROPER_NOUN: 'proper noun'>
    >>> judge_entry("NASA", has_case_information=False)
    EntryVerdict(word='NASA', reason=None)
    """
    if _is_plain_lower(entry):  # the common case in system lists
        return EntryVerdict(entry.upper(), None)
    for ch in entry:
        if ch in _APOSTROPHES:
            return EntryVerdict(None, RejectReason.APOSTROPHE)
        if ch in _HYPHENS:
            return EntryVerdict(None, RejectReason.HYPHEN)
        if ch.isdigit():
            return EntryVerdict(None, RejectReason.DIGIT)
        if ch.isspace():
            return EntryVerdict(None, RejectReason.SPACE)
    if has_case_information:
        letters = [ch for ch in entry if ch.isalpha()]
        if any(ch.isupper() for ch in letters):
            if len(letters) == 1 or (letters[0].isupper() and letters[1].isupper()):
                return EntryVerdict(None, RejectReason.ACRONYM)
            return EntryVerdict(None, RejectReason.PROPER_NOUN)
    word = fold_word(entry)
    if word is None:
        return EntryVerdict(None, RejectReason.NOT_A_TO_Z)
    return EntryVerdict(word, None)


def is_folded_word(text: str) -> bool:
    """True when ``text`` is already a folded word: one or more of the letters A-Z only."""
    return bool(text) and text.isascii() and text.isalpha() and text.isupper()
