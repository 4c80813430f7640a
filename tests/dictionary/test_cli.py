"""``wordboard lexicon``: its subcommands, exit statuses and one-line errors."""

from __future__ import annotations

import pytest

from wordboard.cli import main


@pytest.fixture
def words(tmp_path):
    path = tmp_path / "club.txt"
    path.write_text("CAT\nCOT\nCUT\nACT\nCAST\nSAUTE\nRETAINS\nNASTIER\n")
    return str(path)


def run(capsys, *argv):
    status = main(["lexicon", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_check_exit_status(capsys, words):
    status, out, _ = run(capsys, "check", words, "cat", "sauté")
    assert status == 0 and out.splitlines() == ["cat: word", "sauté: word"]
    status, out, _ = run(capsys, "check", words, "cat", "dog")
    assert status == 1 and "dog: not a word" in out


def test_match_and_anagram(capsys, words):
    status, out, err = run(capsys, "match", words, "C?T")
    assert status == 0 and out.split() == ["CAT", "COT", "CUT"] and "3 words" in err
    status, out, _ = run(capsys, "anagram", words, "TAC", "--wilds", "1")
    assert status == 0 and out.split() == ["CAST", "ACT", "CAT", "COT", "CUT"]  # longest first
    status, out, _ = run(capsys, "anagram", words, "AEINRST", "--all")
    assert out.split() == ["NASTIER", "RETAINS"]


def test_compile_then_info(capsys, words):
    status, out, err = run(capsys, "compile", words)
    assert status == 0 and "compiled 8 words" in out and "compiling" in err and "100%" in err
    status, out, _ = run(capsys, "compile", words)
    assert status == 0 and "up to date" in out
    status, out, _ = run(capsys, "info", words)
    assert status == 0 and "words:      8" in out and "from the cache" in out
    assert "ignored (all-capitals list)" in out


def test_info_lists_rejections(capsys, tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text("cat\nAaron\nNASA\ncat's\nwell-known\n")
    status, out, _ = run(capsys, "info", str(path))
    assert status == 0
    for line in ("apostrophe:", "hyphen:", "proper noun", "acronym or abbreviation:"):
        assert line in out


@pytest.mark.parametrize("argv, text", [
    (["info", "nosuchlist"], "no word list 'nosuchlist'"),
    (["check", "scowl:33", "cat"], "scowl:33"),
    (["match", "nosuchlist", "C[T"], "never closed"),
    (["anagram", "nosuchlist", "C4T"], "'4'"),
])
def test_user_mistakes_are_one_line_and_status_2(capsys, argv, text):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and text in err


def test_negative_wilds_is_a_usage_error(capsys, words):
    with pytest.raises(SystemExit) as info:
        main(["lexicon", "anagram", words, "CAT", "--wilds", "-1"])
    assert info.value.code == 2


@pytest.mark.parametrize("action", ["list", "info", "check", "match", "anagram", "compile"])
def test_every_action_has_help(capsys, action):
    with pytest.raises(SystemExit) as info:
        main(["lexicon", action, "--help"])
    assert info.value.code == 0 and "usage:" in capsys.readouterr().out


def test_list_shows_installed_lists(capsys):
    from wordboard.dictionary import available_system_lists

    status, out, err = run(capsys, "list")
    if not available_system_lists():
        assert status == 1 and "no system word lists" in err
    else:
        assert status == 0 and available_system_lists()[0][0] in out
