"""The move generator on the real games: every recorded play is listed for the board before it
and the recorded rack, with the recorded score (``wordboard replay --check-movegen``). The word
list is the words the games contain, main words and cross-words, so every recorded play is a word."""

import pytest

from wordboard import gcg
from wordboard.cli import main
from wordboard.crossword.dawg import Dawg
from wordboard.crossword.movecheck import check_record
from wordboard.crossword.replay import replay_record
from wordboard.editions import load_edition


@pytest.fixture(scope="module")
def scrabble():
    return load_edition("scrabble")


@pytest.fixture(scope="module")
def games(shared_data, scrabble):
    paths = sorted((shared_data / "gcg").glob("*.gcg"))
    words = set()
    for path in paths:
        replay_record(gcg.load(path), scrabble, on_step=lambda s: words.update(w.text for w in s.words))
    return paths, sorted(words)


def test_every_recorded_play_of_the_63_games_is_generated_with_its_score(games, scrabble):
    paths, words = games
    dawg = Dawg.from_words(words)
    checked, mismatches = 0, []
    for path in paths:
        _, check = check_record(gcg.load(path), scrabble, dawg)
        checked += check.plays_checked
        mismatches += check.mismatches
    assert checked == 1473
    # The one difference is the known data error of r20_peter.gcg line 19 (SOURCES.md): the
    # generator, like the rules engine, scores BRUnCH..Y 113 where the record says 115.
    [m] = mismatches
    assert (m.file.endswith("r20_peter.gcg"), m.line, m.kind, m.recorded, m.computed) == (
        True, 19, "movegen", 115, 113)


def test_a_play_missing_from_the_word_list_is_reported(games, scrabble):
    paths, words = games
    record = gcg.load(paths[0])
    first = next(e for e in record.events if isinstance(e, gcg.Play))
    dawg = Dawg.from_words(set(words) - {first.word.upper()})
    _, check = check_record(record, scrabble, dawg)
    assert any(m.line == first.line and "does not list" in m.message for m in check.mismatches)


def test_the_replay_command_checks_the_generator(games, shared_data, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("WORDBOARD_CACHE_DIR", str(tmp_path / "cache"))
    _, words = games
    lexicon = tmp_path / "words.txt"
    lexicon.write_text("\n".join(words) + "\n")
    ok = str(shared_data / "gcg" / "r1_mike.gcg")
    bad = str(shared_data / "gcg" / "r20_peter.gcg")
    assert main(["replay", ok, "--lexicon", str(lexicon), "--check-movegen"]) == 0
    out = capsys.readouterr().out
    assert "every score matches; move generator: 25 plays checked" in out
    assert main(["replay", bad, "--lexicon", str(lexicon), "--check-movegen"]) == 1
    out = capsys.readouterr().out
    assert "r20_peter.gcg:19: N1 BRUnCH..Y: the move generator scores it 113, the record says 115" in out
    assert main(["replay", ok, "--check-movegen"]) == 2
    assert "needs a word list" in capsys.readouterr().err
    # Without the flag the output is as before.
    assert main(["replay", ok]) == 0
    assert capsys.readouterr().out.strip().endswith("every score matches")
