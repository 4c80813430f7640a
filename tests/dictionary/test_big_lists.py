"""A big word list on a small Pi (issue 23): membership of a list past a million words is a binary
search in its compiled records (not a set of millions of strings), and a list the machine has not
the memory to compile is refused in one line before it starts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordboard.dictionary import lexicon
from wordboard.dictionary.compile import sections_from_words
from wordboard.dictionary.lexicon import Dictionary, SortedRecords
from wordboard.dictionary.loading import check_memory
from wordboard.dictionary.sources import resolve_source
from wordboard.errors import UserError

WORDS = sorted({"".join(random.Random(n).choices("ABCDEFGHIJKLMNOP", k=2 + n % 9)) for n in range(3000)})


@given(st.text(alphabet="ABCDEFGHIJKLMNOPé", min_size=0, max_size=11))
def test_the_records_answer_as_the_set_does(word):
    records = SortedRecords(sections_from_words(WORDS), len(WORDS))
    assert (word in records) == (word in set(WORDS))


def test_every_word_and_its_neighbours(monkeypatch):
    monkeypatch.setattr(lexicon, "SET_AT_MOST", 10)          # this list counts as big
    big = Dictionary(sections_from_words(WORDS), source="<memory>")
    assert isinstance(big._words, SortedRecords) and len(big) == len(WORDS)
    for word in WORDS:
        assert word in big and word.lower() in big
        assert word + "Q" not in big and word[:-1] + "Z" not in big or word[:-1] + "Z" in WORDS
    assert 42 not in big and "" not in big


def test_a_list_too_big_for_this_machine_is_refused_in_one_line(tmp_path):
    path = tmp_path / "huge.txt"
    path.write_text("WORD\n" * 100_000)
    source = resolve_source(str(path))
    contents = [path.read_bytes()]
    check_memory(source, contents, available=2**30)           # 1 GiB free: fine
    with pytest.raises(UserError, match=r"has 100,001 lines: compiling it needs about 24 MB and this machine has 10 MB free"):
        check_memory(source, contents, available=10 * 2**20)
