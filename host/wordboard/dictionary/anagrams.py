"""Anagram search: the words one length long that a rack of letters and wilds can make.

For each word length the words are viewed as a fixed-width byte array (the compiled records),
and a letter-count matrix (one row per word, 26 columns) is built on first use. A word can be
made when the letters it needs beyond the rack's number no more than the wilds: one vectorised
comparison over the whole length, no per-word Python.
"""

from __future__ import annotations

import numpy as np

__all__ = ["LetterCountIndex"]

_A = ord("A")


class LetterCountIndex:
    """Letter counts of the words of one length, for anagram filtering."""

    __slots__ = ("length", "_records", "_counts")

    def __init__(self, length: int, blob: bytes) -> None:
        """``blob`` holds newline-terminated records of ``length`` letters A-Z."""
        self.length = length
        records = np.frombuffer(blob, dtype=np.uint8).reshape(-1, length + 1)
        self._records = records
        letters = records[:, :length]
        # int8 halves the memory; a word never needs more of a letter than its length.
        dtype = np.int8 if length <= 127 else np.int16
        counts = np.zeros((len(records), 26), dtype=dtype)
        rows = np.arange(len(records))
        for column in range(length):
            # Each row appears once per column, so fancy-index increment is exact.
            counts[rows, letters[:, column] - _A] += 1
        self._counts = counts

    def nbytes(self) -> int:
        return int(self._counts.nbytes)

    def words_from(self, rack_counts: np.ndarray, wilds: int) -> list[str]:
        """Words of this length made from ``rack_counts`` (26 ints) plus ``wilds`` any-letters."""
        rack = np.minimum(rack_counts, self.length).astype(self._counts.dtype)
        if wilds <= 0:
            fits = (self._counts <= rack).all(axis=1)
        else:
            missing = self._counts - rack
            np.maximum(missing, 0, out=missing)
            fits = missing.sum(axis=1, dtype=np.int16) <= wilds
        chosen = self._records[fits, :self.length]
        if not len(chosen):
            return []
        text = chosen.tobytes().decode("ascii")
        step = self.length
        return [text[i:i + step] for i in range(0, len(text), step)]


def rack_counts(letters: str) -> np.ndarray:
    """Counts of A-Z in ``letters`` (already folded) as a length-26 array."""
    codes = np.frombuffer(letters.encode("ascii"), dtype=np.uint8) - _A
    return np.bincount(codes, minlength=26)[:26]
