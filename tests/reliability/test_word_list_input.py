"""Issue 23, inputs: a binary file is refused as a word list with a clear one-line message."""

from __future__ import annotations

import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordboard.dictionary.loading import load_dictionary, looks_binary
from wordboard.errors import UserError


def test_a_binary_file_is_refused_as_a_word_list(tmp_path):
    path = tmp_path / "random.bin"
    path.write_bytes(os.urandom(4096) + b"\0")
    with pytest.raises(UserError) as caught:
        load_dictionary(path, use_cache=False)
    assert "binary" in str(caught.value) and "\n" not in str(caught.value)


def test_a_text_list_still_loads(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("cat\ndog\nÉCOLE\n", encoding="utf-8")
    assert load_dictionary(path, use_cache=False) is not None


@given(st.lists(st.text(st.characters(min_codepoint=32, max_codepoint=0x2FF), min_size=1, max_size=12),
                max_size=50))
def test_any_text_list_is_text(words):
    data = "\r\n".join(words).encode("utf-8")
    assert not looks_binary(data)
    assert not looks_binary(data.decode("utf-8").encode("latin-1", "replace"))
