"""Fixtures for the Dexikon tests: the stand-in card set and a small fixed word list."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordboard.dexikon.cards import load_card_set
from wordboard.dictionary import Dictionary

WORDS = Path(__file__).with_name("words.txt")


@pytest.fixture(scope="session")
def card_set():
    return load_card_set()


@pytest.fixture(scope="session")
def dictionary():
    """About 12,000 common English words (tests/dexikon/words.txt)."""
    lines = WORDS.read_text(encoding="utf-8").splitlines()
    return Dictionary.from_words(w for w in lines if w and not w.startswith("#"))


def small_dictionary(*words: str) -> Dictionary:
    return Dictionary.from_words(words)
