"""Replaying real game records: every play, adjustment and total re-computed by the rules."""

import json

import pytest

from wordboard import gcg
from wordboard.cli import main
from wordboard.crossword.replay import replay_record
from wordboard.crossword.show import sample_game_path
from wordboard.dictionary import Dictionary
from wordboard.editions import load_edition


@pytest.fixture(scope="module")
def scrabble():
    return load_edition("scrabble")


def records(shared_data):
    paths = sorted((shared_data / "gcg").glob("*.gcg"))
    assert len(paths) == 63
    return paths


def test_all_63_shared_games_replay_with_every_score_matching(shared_data, scrabble):
    """The one difference is the known data error of r20_peter.gcg (SOURCES.md): a withdrawn phony
    recorded as +115 where the board gives 113."""
    plays = 0
    for path in records(shared_data):
        report = replay_record(gcg.load(path), scrabble)
        plays += report.plays_checked
        if path.name == "r20_peter.gcg":
            [m] = report.mismatches
            assert (m.line, m.kind, m.recorded, m.computed) == (19, "score", 115, 113)
            assert "BRUnCH..Y" in m.message
        else:
            assert report.ok, [str(m) for m in report.mismatches]
    assert plays == 1473


def test_the_words_of_the_games_are_their_own_lexicon(shared_data, scrabble):
    """With the words the games contain (main words and cross-words) as the word list, every word
    check passes; take one word out and its play is reported."""
    words = set()
    paths = records(shared_data)[:10]
    for path in paths:
        replay_record(gcg.load(path), scrabble, on_step=lambda s: words.update(w.text for w in s.words))
    lexicon = Dictionary.from_words(sorted(words))
    for path in paths:
        assert replay_record(gcg.load(path), scrabble, lexicon).ok
    first_play = next(e for e in gcg.load(paths[0]).events if isinstance(e, gcg.Play))
    main_word = first_play.word.upper()
    fewer = Dictionary.from_words(sorted(words - {main_word}))
    report = replay_record(gcg.load(paths[0]), scrabble, fewer)
    assert any(m.kind == "word" and main_word in m.message for m in report.mismatches)


GAME = """\
#player1 Ann Ann
#player2 Ben Ben
>Ann: AEINPUL 8C NAUPLII +70 70
>Ben: DENORTW D6 TE.RDOWN +74 74
"""


def test_a_wrong_score_is_reported_with_its_line(scrabble):
    report = replay_record(gcg.parse(GAME.replace("NAUPLII +70 70", "NAUPLII +71 71").replace(
        "AEINPUL", "AIILNPU"), "g.gcg"), scrabble)
    [m] = report.mismatches
    assert (m.file, m.line, m.kind, m.recorded, m.computed) == ("g.gcg", 3, "score", 71, 70)
    assert str(m).startswith("g.gcg:3: 8C NAUPLII scores 70")


def test_a_wrong_running_total_is_reported(scrabble):
    text = GAME.replace("AEINPUL", "AIILNPU").replace("+74 74", "+74 75")
    [m] = replay_record(gcg.parse(text, "g.gcg"), scrabble).mismatches
    assert (m.line, m.kind, m.recorded, m.computed) == (4, "total", 75, 74)


def test_tiles_not_on_the_recorded_rack_are_reported(scrabble):
    [m] = replay_record(gcg.parse(GAME, "g.gcg"), scrabble).mismatches
    assert m.kind == "rack" and m.line == 3 and "I" in m.message


def test_a_play_that_breaks_the_rules_is_reported(scrabble):
    text = GAME.replace("AEINPUL", "AIILNPU").replace("D6 TE.RDOWN", "A1 TE.RDOWN")
    report = replay_record(gcg.parse(text, "g.gcg"), scrabble)
    assert [m.kind for m in report.mismatches] == ["illegal"]


def test_end_rack_bonus_must_be_the_tiles_left(scrabble, shared_data):
    text = (shared_data / "gcg" / "josh_nationals_round_1.gcg").read_text()
    assert ">jvc:  (IQ) +22 491" in text
    wrong = text.replace(">jvc:  (IQ) +22 491", ">jvc:  (IX) +22 491")
    kinds = [m.kind for m in replay_record(gcg.parse(wrong, "j.gcg"), scrabble).mismatches]
    assert kinds == ["end-rack", "end-rack"]  # 2 x (1 + 8) is not 22, and IX is not what was left


def test_the_command_exits_0_only_when_everything_matches(shared_data, capsys):
    ok = str(shared_data / "gcg" / "r1_mike.gcg")
    assert main(["replay", ok]) == 0
    assert "every score matches" in capsys.readouterr().out
    assert main(["replay", ok, str(shared_data / "gcg" / "r20_peter.gcg")]) == 1
    out = capsys.readouterr().out
    assert "r20_peter.gcg:19: N1 BRUnCH..Y scores 113" in out


def test_json_output_has_one_object_per_game(shared_data, capsys):
    paths = [str(shared_data / "gcg" / n) for n in ("r1_mike.gcg", "r20_peter.gcg")]
    main(["replay", "--json", *paths])
    objects = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o["file"] for o in objects] == paths
    assert objects[0]["plays_checked"] == 25 and objects[0]["mismatches"] == []
    assert objects[1]["mismatches"][0]["line"] == 19


def test_user_mistakes_are_one_line_and_status_2(tmp_path, capsys, shared_data):
    assert main(["replay", str(tmp_path / "missing.gcg")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "missing.gcg" in err and "Traceback" not in err
    ok = str(shared_data / "gcg" / "r1_mike.gcg")
    assert main(["replay", "--lexicon", "nosuchlist", ok]) == 2
    assert "nosuchlist" in capsys.readouterr().err
    bad = tmp_path / "bad.gcg"
    bad.write_text("#player1 a a\n>a: XYZ 8Q? ZZ +1 1\n")
    assert main(["replay", str(bad)]) == 2
    assert f"{bad}:2:" in capsys.readouterr().err


def test_the_sample_game_replays_cleanly(capsys):
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert "every score re-computed and matching" in out
    record = gcg.load(sample_game_path())
    assert replay_record(record, load_edition(record.pragma("edition"))).ok


def test_help_on_every_command(capsys):
    for argv in (["--help"], ["replay", "--help"], ["demo", "--help"], ["lexicon", "--help"]):
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        assert exit_.value.code == 0
    assert "replay" in capsys.readouterr().out
