"""Compiling word-list text into the compact form a ``Dictionary`` holds.

The compact form is one ASCII byte string per word length: the words of that length in
alphabetical order, each followed by a newline (so every record is ``length + 1`` bytes). It is
small (about one byte per letter), quick to turn into a set, searchable with a regular
expression, and viewable as a fixed-width array for anagram counting.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from wordboard.dictionary.rules import RejectReason, WordRules, judge_entry

__all__ = ["DictionaryStats", "ProgressCallback", "compile_entries", "sections_from_words"]

#: Called while a list is compiled with (entries done, entries in all).
ProgressCallback = Callable[[int, int], None]

_PROGRESS_STEP = 25_000


@dataclass(frozen=True)
class DictionaryStats:
    """What loading a list did: words kept, entries rejected by reason, duplicates after folding."""

    accepted: int
    entries: int = 0
    duplicates: int = 0
    rejected: Mapping[RejectReason, int] = field(default_factory=dict)
    has_case_information: bool = True

    @property
    def rejected_total(self) -> int:
        return sum(self.rejected.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "accepted": self.accepted,
            "entries": self.entries,
            "duplicates": self.duplicates,
            "rejected": {reason.name: count for reason, count in self.rejected.items()},
            "has_case_information": self.has_case_information,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DictionaryStats:
        """Inverse of ``to_json``; raises KeyError/TypeError/ValueError on malformed data."""
        rejected = {RejectReason[name]: int(count) for name, count in data["rejected"].items()}
        return cls(int(data["accepted"]), int(data["entries"]), int(data["duplicates"]),
                   rejected, bool(data["has_case_information"]))


def sections_from_words(words: Iterable[str]) -> dict[int, bytes]:
    """Group folded words (A-Z only, no duplicates needed) into sorted per-length records."""
    by_length: dict[int, list[str]] = {}
    for word in set(words):
        by_length.setdefault(len(word), []).append(word)
    sections = {}
    for length in sorted(by_length):
        group = sorted(by_length[length])
        sections[length] = ("\n".join(group) + "\n").encode("ascii")
    return sections


def compile_entries(entries: list[str], rules: WordRules,
                    progress: ProgressCallback | None = None) -> tuple[dict[int, bytes], DictionaryStats]:
    """Apply the word rules to raw entries (lines) and build the per-length sections.

    Blank entries are skipped and not counted. ``progress`` is called every few thousand entries
    and once at the end.
    """
    stripped = [e.strip() for e in entries]
    stripped = [e for e in stripped if e]
    has_case = rules.has_case_information(stripped)
    total = len(stripped)
    words: set[str] = set()
    accepted_entries = 0
    rejected: dict[RejectReason, int] = {}
    if progress is not None:
        progress(0, total)
    for start in range(0, total, _PROGRESS_STEP):
        for entry in stripped[start:start + _PROGRESS_STEP]:
            word, reason = judge_entry(entry, has_case)
            if word is None:
                assert reason is not None  # an entry that is no word says why
                rejected[reason] = rejected.get(reason, 0) + 1
            else:
                words.add(word)
                accepted_entries += 1
        if progress is not None:
            progress(min(start + _PROGRESS_STEP, total), total)
    ordered_rejections = {r: rejected[r] for r in RejectReason if r in rejected}
    stats = DictionaryStats(len(words), total, accepted_entries - len(words),
                            ordered_rejections, has_case)
    return sections_from_words(words), stats
