"""What several subcommands share: opening the edition and the word list a user names."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported when used, so that ``wordboard --help`` stays fast
    from wordboard.dictionary import Dictionary
    from wordboard.editions import Edition
    from wordboard.gcg import GameRecord

#: The word list games use unless told otherwise. SCOWL keeps abbreviations and proper nouns in
#: files of their own, so unlike wamerican (which has qt, vs, ts) it needs no guessing; size 70
#: is a large dictionary's vocabulary (111,817 words).
DEFAULT_LEXICON = "scowl:70"


def open_edition(name_or_path: str) -> Edition:
    from wordboard.editions import load_edition

    return load_edition(name_or_path)


def edition_for_record(record: GameRecord, name_or_path: str | None) -> Edition:
    """The edition asked for, else the record's (``#note Edition: NAME``), else Scrabble."""
    from wordboard.crossword.record import record_edition
    from wordboard.errors import UserError

    if name_or_path:
        return open_edition(name_or_path)
    named = record_edition(record)
    try:
        return open_edition(named or "scrabble")
    except UserError:
        raise UserError(f"{record.path}: played on edition {named!r}, which is not shipped with "
                        "wordboard; give its file with --edition PATH") from None


def open_lexicon(name_or_path: str | None, *, progress: bool = True) -> Dictionary | None:
    """A dictionary for ``name_or_path``, or ``None`` for ``none`` (no word checks)."""
    if name_or_path is None or name_or_path.lower() == "none":
        return None
    from wordboard.dictionary import load_dictionary
    from wordboard.progress import ProgressLine

    # (shown only when the list is compiled, the first time or after it changed, for a second or more)
    return load_dictionary(name_or_path, progress=ProgressLine(f"compiling the word list {name_or_path}", "entries", after=1.0)
                           if progress else None)
