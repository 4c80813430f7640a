"""Loading an owner's own word-list file: encodings, line endings, all-capitals lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordboard.dictionary import Dictionary, RejectReason, load_dictionary
from wordboard.errors import UserError


def write(tmp_path: Path, data: bytes, name: str = "words.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_tournament_list_in_capitals_keeps_every_word(tmp_path):
    # TWL/Collins style: all capitals, so capitals carry no information.
    path = write(tmp_path, b"AA\nAAH\nNASA\nQI\nZZZ\n")
    d = load_dictionary(path)
    assert list(d) == ["AA", "QI", "AAH", "ZZZ", "NASA"]  # shortest first, then alphabetical
    assert d.stats.accepted == 5 and d.stats.rejected_total == 0
    assert not d.stats.has_case_information
    assert "nasa" in d and "qi" in d


def test_title_line_on_a_capitals_list_is_rejected_alone(tmp_path):
    path = write(tmp_path, b"Collins Scrabble Words 2019\n" + b"\n".join([b"AA", b"AB", b"AD"] * 5) + b"\n")
    d = load_dictionary(path)
    assert sorted(set(d)) == ["AA", "AB", "AD"]
    assert d.stats.rejected == {RejectReason.SPACE: 1}  # the first fault found counts
    assert d.stats.duplicates == 12


def test_crlf_bom_blank_lines_and_surrounding_spaces(tmp_path):
    path = write(tmp_path, "\ufeffcat\r\n\r\n  dog \r\nsauté\r\n\r\n".encode("utf-8"))
    d = load_dictionary(path)
    assert list(d) == ["CAT", "DOG", "SAUTE"]
    assert d.stats.entries == 3  # blank lines are not entries


def test_latin1_file_is_read(tmp_path):
    path = write(tmp_path, "café\nnaïve\nCafé\n".encode("latin-1"))
    d = load_dictionary(path)
    assert "CAFE" in d and "naïve" in d
    assert d.stats.rejected == {RejectReason.PROPER_NOUN: 1}


def test_old_mac_line_endings(tmp_path):
    d = load_dictionary(write(tmp_path, b"cat\rdog\r"))
    assert len(d) == 2


def test_accented_and_plain_spellings_are_one_word(tmp_path):
    d = load_dictionary(write(tmp_path, "cafe\ncafé\n".encode()))
    assert len(d) == 1 and d.stats.duplicates == 1


def test_an_empty_file_is_no_word_list(tmp_path):
    """Before, an empty file was an empty dictionary, and every word a player laid was refused."""
    with pytest.raises(UserError, match="is empty"):
        load_dictionary(write(tmp_path, b""))
    with pytest.raises(UserError, match="is empty"):
        load_dictionary(write(tmp_path, b"\n \r\n\t\n"))


def test_an_empty_dictionary_answers_no_to_everything():
    d = Dictionary.from_words([])
    assert len(d) == 0 and "A" not in d and d.matching("?") == [] and d.anagrams("AB") == []


def test_from_words_applies_the_same_rules():
    d = Dictionary.from_words(["cat", "Cats", "don't", "sauté"])
    assert set(d) == {"CAT", "SAUTE"}
    assert d.stats.rejected == {RejectReason.APOSTROPHE: 1, RejectReason.PROPER_NOUN: 1}
    assert set(Dictionary.from_words(["CAT", "CATS"])) == {"CAT", "CATS"}


def test_missing_file_names_it_and_the_valid_names(tmp_path):
    missing = tmp_path / "nope.txt"
    with pytest.raises(UserError) as info:
        load_dictionary(missing)
    assert "nope.txt" in str(info.value) and "wamerican" in str(info.value)
    with pytest.raises(UserError, match="folder"):
        load_dictionary(tmp_path)


@pytest.mark.parametrize("name", ["wordnik", "scowl:33", "scowl:70:klingon", "scowl:70:american:7", "scowl"])
def test_unknown_list_names_are_user_errors(name):
    with pytest.raises(UserError) as info:
        load_dictionary(name)
    assert repr(name) in str(info.value)
