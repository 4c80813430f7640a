"""The compiled-list cache: reuse, invalidation, corruption, unwritable folders."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from wordboard.dictionary import load_dictionary
from wordboard.dictionary.cachefile import cache_dir


@pytest.fixture
def word_file(tmp_path) -> Path:
    path = tmp_path / "words.txt"
    path.write_text("cat\ndog\nAaron\ncat's\n")
    return path


def test_cache_folder_comes_from_the_environment(tmp_path):
    assert cache_dir({"WORDBOARD_CACHE_DIR": "/x/y", "XDG_CACHE_HOME": "/z"}) == Path("/x/y")
    assert cache_dir({"XDG_CACHE_HOME": "/z"}) == Path("/z/wordboard")
    assert cache_dir({}) == Path.home() / ".cache" / "wordboard"


def test_second_load_comes_from_the_cache(word_file, private_cache):
    progress = []
    first = load_dictionary(word_file, progress=lambda done, total: progress.append((done, total)))
    assert not first.from_cache and progress[-1] == (4, 4)
    assert first.cache_file is not None and first.cache_file.parent == private_cache
    progress.clear()
    second = load_dictionary(word_file, progress=lambda done, total: progress.append((done, total)))
    assert second.from_cache and progress == []
    assert set(second) == {"CAT", "DOG"} and second.stats == first.stats
    assert list(private_cache.iterdir()) == [first.cache_file]  # no temporary files left


def test_changed_source_is_compiled_again(word_file):
    load_dictionary(word_file)
    word_file.write_text("cat\ndog\nemu\n")
    d = load_dictionary(word_file)
    assert not d.from_cache and "EMU" in d


def test_same_size_and_time_but_new_content_is_caught_by_the_hash(word_file):
    load_dictionary(word_file)
    st = word_file.stat()
    word_file.write_text("cow\ndog\nAaron\ncat's\n")  # same size
    os.utime(word_file, ns=(st.st_atime_ns, st.st_mtime_ns))  # same time
    d = load_dictionary(word_file)
    assert not d.from_cache and "COW" in d and "CAT" not in d


def test_touched_source_with_same_content_reuses_the_cache(word_file):
    first = load_dictionary(word_file)
    st = word_file.stat()
    os.utime(word_file, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))
    d = load_dictionary(word_file)
    assert d.from_cache and d.cache_file == first.cache_file


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage", "empty", "header"])
def test_corrupt_cache_is_rebuilt_never_trusted(word_file, damage):
    path = load_dictionary(word_file).cache_file
    data = bytearray(path.read_bytes())
    if damage == "truncate":
        data = data[:-3]
    elif damage == "flip":
        data[-2] ^= 0x01  # a letter of the last word changes
    elif damage == "garbage":
        data = bytearray(os.urandom(len(data)))
    elif damage == "empty":
        data = bytearray()
    else:
        data[30:40] = b"##########"
    path.write_bytes(bytes(data))
    d = load_dictionary(word_file)
    assert not d.from_cache and set(d) == {"CAT", "DOG"}
    assert load_dictionary(word_file).from_cache  # and the rebuilt file is good


def test_unwritable_cache_folder_still_loads_from_memory(word_file, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    d = load_dictionary(word_file, cache_dir=blocker / "cache")
    assert set(d) == {"CAT", "DOG"} and d.cache_file is None and not d.from_cache


def test_unreadable_cache_file_is_rebuilt(word_file):
    path = load_dictionary(word_file).cache_file
    path.unlink()
    path.mkdir()  # reading it now fails with an OSError
    d = load_dictionary(word_file)
    assert set(d) == {"CAT", "DOG"} and not d.from_cache


def test_different_rules_use_different_cache_files(tmp_path):
    from wordboard.dictionary import WordRules

    path = tmp_path / "caps.txt"
    path.write_text("cat\nNASA\n")
    auto = load_dictionary(path)
    ignore = load_dictionary(path, rules=WordRules(case="ignore"))
    assert set(auto) == {"CAT"} and set(ignore) == {"CAT", "NASA"}
    assert auto.cache_file != ignore.cache_file
