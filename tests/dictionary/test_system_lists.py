"""The rules against real entries of the system lists Debian ships (skipped when absent)."""

from __future__ import annotations

import pytest

from wordboard.dictionary import RejectReason, fold_word, judge_entry, load_dictionary, resolve_source
from wordboard.dictionary.sources import available_system_lists

from .conftest import SYSTEM_DICT_DIR, require_system_file


def entries_of(path):
    return set(path.read_text(encoding="utf-8").splitlines())


@pytest.fixture(scope="module")
def wamerican(tmp_path_factory):
    require_system_file("american-english")
    return load_dictionary("wamerican", cache_dir=tmp_path_factory.mktemp("cache"))


@pytest.fixture(scope="module")
def scowl70(tmp_path_factory):
    require_system_file("scowl/english-words.70")
    return load_dictionary("scowl:70", cache_dir=tmp_path_factory.mktemp("cache"))


@pytest.mark.parametrize("entry, reason", [
    ("Aaron", RejectReason.PROPER_NOUN), ("Bogotá", RejectReason.PROPER_NOUN),
    ("Zürich", RejectReason.PROPER_NOUN), ("NASA", RejectReason.ACRONYM), ("OK", RejectReason.ACRONYM),
    ("cat's", RejectReason.APOSTROPHE), ("Aaron's", RejectReason.APOSTROPHE),
])
def test_wamerican_entries_that_are_not_words(wamerican, entry, reason):
    assert entry in entries_of(SYSTEM_DICT_DIR / "american-english")  # a real entry
    assert judge_entry(entry) == (None, reason)
    assert not wamerican.is_word(entry)


@pytest.mark.parametrize("entry", ["café", "sauté", "fiancée", "naive", "cats", "jumped", "cat"])
def test_wamerican_entries_that_are_words(wamerican, entry):
    assert entry in entries_of(SYSTEM_DICT_DIR / "american-english")
    assert wamerican.is_word(entry)
    assert fold_word(entry) in wamerican


def test_wamerican_words_fold_accents(wamerican):
    assert "CAFE" in wamerican and "SAUTE" in wamerican and "naïve" in wamerican
    # Aaron is only a name, so it is not in the list under any spelling.
    assert "AARON" not in wamerican and "aaron" not in wamerican


def test_wamerican_counts_its_rejections(wamerican):
    stats = wamerican.stats
    assert stats.has_case_information
    assert stats.accepted == len(wamerican) > 50_000
    assert stats.rejected[RejectReason.APOSTROPHE] > 20_000
    assert stats.rejected[RejectReason.PROPER_NOUN] > 5_000
    assert stats.rejected[RejectReason.ACRONYM] > 100
    assert stats.entries == stats.accepted + stats.duplicates + stats.rejected_total


def test_scowl_words_and_its_odd_capitalised_entries(scowl70):
    # SCOWL's word categories are lower case but hold a few abbreviations: OK, kHz, pH.
    assert "OK" in entries_of(SYSTEM_DICT_DIR / "scowl" / "english-words.35")
    assert not scowl70.is_word("OK") and not scowl70.is_word("KHZ")
    assert scowl70.is_word("sauté") and scowl70.is_word("aardvarks")
    assert scowl70.source == "scowl:70:american:0"
    assert len(scowl70) > 100_000


def test_scowl_spellings_choose_the_files():
    require_system_file("scowl/british-words.50")
    american = resolve_source("scowl:50").paths
    british = resolve_source("scowl:50:british:2").paths
    assert any(p.name == "american-words.50" for p in american)
    assert not any("british" in p.name for p in american)
    assert any(p.name == "british-words.50" for p in british)
    assert any(p.name.startswith("british_variant_2-words") for p in british)
    assert not any(p.name.startswith("american") for p in british)
    assert all(int(p.suffix[1:]) <= 50 for p in british)


def test_available_lists_are_the_installed_ones():
    require_system_file("american-english")
    names = [name for name, *_ in available_system_lists()]
    assert "wamerican" in names
    if (SYSTEM_DICT_DIR / "scowl").is_dir():
        assert "scowl:70" in names


def test_missing_system_list_says_which_package(tmp_path):
    from wordboard.errors import UserError

    with pytest.raises(UserError, match="wbritish"):
        resolve_source("wbritish", dict_dir=tmp_path)
    with pytest.raises(UserError, match="scowl"):
        resolve_source("scowl:70", dict_dir=tmp_path)
