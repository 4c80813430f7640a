"""The game clock in the rules: the overtime penalty (10 points per started minute over by
default), taken off at the end of the game, in the result, the winner and the GCG record."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordboard import gcg
from wordboard.crossword import Game, Play
from wordboard.crossword.codec import LexulousCodec
from wordboard.crossword.record import game_record
from wordboard.crossword.replay import replay_record
from wordboard.dictionary import Dictionary
from wordboard.journal import GameInfo
from wordboard.timecontrol import TimeControl, clock_text, overtime_penalty

WORDS = Dictionary.from_words(["cat", "cog", "ax", "ox", "dogs", "cats"])


@given(st.floats(min_value=1e-6, max_value=1e7, allow_nan=False))
def test_ten_points_per_started_minute_over(over):
    assert overtime_penalty(over) == 10 * math.ceil(over / 60)


@given(st.floats(max_value=0, allow_nan=False, allow_infinity=False))
def test_no_penalty_within_time(over):
    assert overtime_penalty(over) == 0


@given(used=st.floats(min_value=0, max_value=1e6, allow_nan=False), turns=st.integers(0, 200),
       minutes=st.integers(1, 120), increment=st.sampled_from([0, 2, 5, 30]), points=st.integers(0, 50))
def test_penalty_of_a_time_control(used, turns, minutes, increment, points):
    control = TimeControl(minutes * 60.0, float(increment), points)
    over = used - (minutes * 60 + increment * turns)
    expected = points * math.ceil(over / 60) if over > 0 else 0
    assert control.penalty_for(used, turns) == expected
    assert control.remaining(used, turns) == pytest.approx(-over)
    assert TimeControl.from_json(control.as_json()) == control


def test_the_boundaries():
    club = TimeControl()
    assert club.seconds == 25 * 60 and club.penalty == 10 and club.increment == 0
    assert club.penalty_for(25 * 60) == 0
    assert club.penalty_for(25 * 60 + 0.001) == 10           # a started minute
    assert club.penalty_for(26 * 60) == 10
    assert club.penalty_for(26 * 60 + 1) == 20
    assert TimeControl(60, 10).penalty_for(75, turns=2) == 0  # 60 + 2 x 10 s allowed
    assert [clock_text(s) for s in (1500, 59.2, 0.2, 0, -0.2, -65)] == ["25:00", "1:00", "0:01", "0:00", "-0:01",
                                                                       "-1:05"]
    for bad in ({"seconds": 0}, {"seconds": 60, "increment": -1}, {"seconds": 60, "penalty": -5}):
        with pytest.raises(ValueError):
            TimeControl.from_json(bad)


def dealt(edition, control):
    """Ann holds C A T X, Ben D O G S, the bag is empty; Ann to play (as test_lexulous_end)."""
    game = Game(edition, ["Ann", "Ben"], dictionary=WORDS, seed=1, first_player=0, time_control=control)
    game.set_rack(0, "")
    game.set_rack(1, "DOGS")
    game.set_rack(0, "CATX")
    return game


def ann_goes_out(game, used_before_last=(0.0, 0.0)):
    game.push(Play.of(("C4", "C"), ("D4", "A"), ("E4", "T")))
    game.push(Play.of(("C5", "O"), ("C6", "G")))
    game.set_clock(used_before_last)               # the clock, journalled before the last move
    return game.push(Play.of(("D5", "X")))


def test_overtime_comes_off_the_final_score_and_can_change_the_winner(tiny):
    # without a clock Ann wins 35 to 6 (test_lexulous_end); 5 min each, Ann 6 min 1 s over
    game = dealt(tiny(extra=""), TimeControl(5 * 60))
    ann_goes_out(game, (5 * 60 + 6 * 60 + 1, 100.0))
    result = game.result
    assert result.time_penalties == (70, 0)
    assert result.final == (35 - 70, 6)
    assert result.winners == (1,)
    assert game.outcome().details["time_penalties"] == {"Ann": 70, "Ben": 0}


def test_no_clock_no_penalty(tiny):
    game = dealt(tiny(extra=""), None)
    ann_goes_out(game, (10_000.0, 10_000.0))
    assert game.result.time_penalties == () and game.result.final == (35, 6)


def test_the_gcg_record_has_a_time_penalty_line_that_parses_and_replays(tiny):
    game = dealt(tiny(extra=""), TimeControl(60, penalty=10))
    ann_goes_out(game, (30.0, 60 + 61))            # Ben 2 started minutes over
    assert game.result.time_penalties == (0, 20)
    text = gcg.dumps(game_record(game))
    assert ">Ben: DS (time) -20 -14\n" in text        # 9 - 3 for the rack, -20 for the clock
    record = gcg.parse(text)
    (penalty,) = [e for e in record.events if isinstance(e, gcg.TimePenalty)]
    assert (penalty.nick, penalty.score, penalty.cumulative) == ("Ben", -20, -14)
    report = replay_record(record, edition=tiny(extra=""), dictionary=WORDS)
    assert report.final_scores == {"Ann": 35, "Ben": -14}


def test_the_journal_codec_keeps_the_clock_and_puts_the_penalty_in_the_result(tiny, monkeypatch):
    codec = LexulousCodec()
    edition = tiny(extra="")
    monkeypatch.setattr("wordboard.editions.load_edition", lambda name: edition)
    info = GameInfo(1, "lexulous", "tiny", ("Ann", "Ben"), 1, {"first_player": 0, "clock": TimeControl(60).as_json()},
                    0.0, None, None)
    game = codec.new_game(info)
    game.dictionary = WORDS
    assert game.time_control == TimeControl(60)
    game.set_rack(0, "")
    game.set_rack(1, "DOGS")
    game.set_rack(0, "CATX")
    game.push(Play.of(("C4", "C"), ("D4", "A"), ("E4", "T")))
    game.push(Play.of(("C5", "O"), ("C6", "G")))
    with pytest.raises(Exception, match="game clock"):
        codec.check(game, "decision", {"clock": {"used_ms": [1]}})
    codec.check(game, "decision", {"clock": {"used_ms": [125_000, 10_000], "running": 0}})
    codec.apply(game, "decision", {"clock": {"used_ms": [125_000, 10_000], "running": 0}})
    assert game.time_used == (125.0, 10.0)
    codec.apply(game, "move", codec.encode_move(Play.of(("D5", "X"))))
    result = codec.result(game)
    assert result["time_penalties"] == [20, 0] and result["time_used"] == [125.0, 10.0]
    assert result["final"] == [35 - 20, 6]
