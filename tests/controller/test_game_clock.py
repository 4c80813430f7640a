"""The game clock at the table (controller/gameclock.py): switched by the end of a turn, paused
during a question, journalled so that a power cut loses (almost) nothing, the overtime penalty in
the result, the GCG record, the terminal and the screen."""

from __future__ import annotations

import argparse
import math

import pytest

from wordboard.cli import main
from wordboard.controller import questions as q
from wordboard.controller.gameclock import CHECKPOINT, last_used
from wordboard.controller.session import SessionConfig, open_session
from wordboard.errors import UserError
from wordboard.journal import Journal, codec_for
from wordboard.screen.snapshot import snapshot
from wordboard.timecontrol import TimeControl


def config(journal, *, seconds=60.0, resume="no", seed=3, out=None, **clock):
    return SessionConfig(game="lexulous", hardware="direct", camera="none", journal=journal, seed=seed,
                         show_leds=False, habits="tidy", resume=resume,
                         game_options={"clock": TimeControl(seconds, **clock).as_json()},
                         out=out if out is not None else (lambda text: None))


def clock_events(session):
    return [e.data["clock"] for e in session.journal.events(session.jgame.id) if "clock" in e.data]


def test_a_short_clock_goes_over_and_the_final_scores_pay_for_it(tmp_path):
    said = []
    with open_session(config(tmp_path / "j.sqlite3", seconds=45.0, out=said.append)) as s:
        s.run(max_seconds=120)
        assert s.adapter.over
        game = s.adapter.game
        result = game.result
        used = game.time_used
        assert any(u > 45 for u in used), used          # the twin's players take their time
        penalties = tuple(10 * math.ceil((u - 45) / 60) if u > 45 else 0 for u in used)
        assert result.time_penalties == penalties
        assert result.final == tuple(b + a - p for b, a, p in zip(result.scores_before, result.adjustments, penalties))
        assert result.winners == tuple(i for i, f in enumerate(result.final) if f == max(result.final))
        # the journal's result says so, and the clock decision before the last move is the one used
        info = s.journal.game(s.jgame.id)
        assert info.result["time_penalties"] == list(penalties) and info.result["final"] == list(result.final)
        events = s.journal.events(s.jgame.id)
        last_move = max(i for i, e in enumerate(events) if e.type == "move")
        assert events[last_move - 1].data["clock"]["used_ms"] == [round(u * 1000) for u in used]
        # every move is preceded by the mover's time
        assert all(events[i - 1].type == "decision" and "clock" in events[i - 1].data
                   for i, e in enumerate(events) if e.type == "move")
        # the GCG record's time penalty lines
        text = codec_for("lexulous").export(game, "gcg", info)
        for penalty in penalties:
            assert (f"(time) -{penalty} " in text) == bool(penalty)
        # the terminal: the clocks after each move, the time up, the result
        assert sum(1 for line in said if line.startswith("clocks: ")) == len(game.history)
        assert any("time is up" in line for line in said)
        assert "overtime on the clock" in s.adapter.result_text()
        # the clocks stop at the end
        left = s.game_clock.text()
        s.clock.advance(100)
        s.controller.step(0.0)
        assert s.game_clock.text() == left and s.game_clock.clock.running is None


def test_the_mover_clock_runs_and_stops_while_the_table_answers_a_question(tmp_path):
    with open_session(config(tmp_path / "j.sqlite3", seconds=600.0)) as s:
        s.run(max_moves=1)
        c, keeper = s.controller, s.game_clock
        c.answerer = None                                       # the table answers, slowly
        mover = keeper.players.index(s.adapter.player_to_move())
        other = 1 - mover
        before = [keeper.clock.used_at(i, s.clock()) for i in (0, 1)]
        s.clock.advance(7.0)
        c.step(0.0)
        assert keeper.clock.used_at(mover, s.clock()) == pytest.approx(before[mover] + 7.0)
        assert keeper.clock.used_at(other, s.clock()) == pytest.approx(before[other])
        # a long press on end turn asks pass / swap / carry on: the clocks stop meanwhile
        records = len(clock_events(s))
        c.buttons.inject("end-turn", "long")
        c.step(0.0)
        question = c.question
        assert question is not None and question.kind == q.TURN
        assert keeper.clock.paused and len(clock_events(s)) == records + 1   # journalled as it stops
        paused_at = keeper.clock.used_at(mover, s.clock())
        for _ in range(10):
            s.clock.advance(30.0)
            c.step(0.0)
        assert keeper.clock.used_at(mover, s.clock()) == pytest.approx(paused_at)
        assert snapshot(c)["clocks"]["paused"]
        # "carry on": the clock goes on from where it stopped
        c._answered(q.Answer(question, "carry on"), s.clock())
        c.step(0.0)
        assert c.question is None and not keeper.clock.paused
        s.clock.advance(3.0)
        c.step(0.0)
        assert keeper.clock.used_at(mover, s.clock()) == pytest.approx(paused_at + 3.0)
        # a pass: the mover's clock stops, journalled before the move; the other's starts
        c.buttons.inject("end-turn", "long")
        c.step(0.0)
        s.clock.advance(40.0)                                   # thinking while asked: not counted
        c.step(0.0)
        c._answered(q.Answer(c.question, "pass"), s.clock())
        c.step(0.0)
        events = s.journal.events(s.jgame.id)
        assert events[-1].data == {"pass": True}
        assert events[-2].data["clock"]["used_ms"][mover] == round((paused_at + 3.0) * 1000)
        assert keeper.clock.running == other
        s.clock.advance(2.0)
        c.step(0.0)
        assert keeper.clock.used_at(other, s.clock()) == pytest.approx(before[other] + 2.0)
        assert keeper.clock.used_at(mover, s.clock()) == pytest.approx(paused_at + 3.0)


def test_the_screen_shows_each_player_time_left(tmp_path):
    with open_session(config(tmp_path / "j.sqlite3", seconds=120.0, increment=5.0)) as s:
        s.run(max_moves=2)
        keeper = s.game_clock
        s.clock.advance(10.0)
        s.controller.step(0.0)
        clocks = snapshot(s.controller)["clocks"]
        mover = keeper.players.index(s.adapter.player_to_move())
        assert clocks["running"] == mover and not clocks["paused"]
        assert clocks["control"] == {"seconds": 120.0, "increment": 5.0, "penalty": 10}
        for i, shown in enumerate(clocks["players"]):
            left = 120 + 5 * s.adapter.game.turns_taken(i) - keeper.clock.used_at(i, s.clock())
            assert shown["remaining"] == round(left) and not shown["over"] and shown["penalty"] == 0
        # counting down, then over time: negative
        s.clock.advance(200.0)
        s.controller.step(0.0)
        shown = snapshot(s.controller)["clocks"]["players"][mover]
        assert shown["remaining"] < 0 and shown["over"] and shown["text"].startswith("-") and shown["penalty"] >= 10


def test_a_game_without_a_clock_has_none(tmp_path):
    cfg = config(tmp_path / "j.sqlite3")
    cfg.game_options = {}
    with open_session(cfg) as s:
        s.run(max_moves=2)
        assert s.game_clock is None and snapshot(s.controller)["clocks"] is None
        assert not any("clock" in e.data for e in s.journal.events(s.jgame.id))


def test_a_power_cut_loses_at_most_a_checkpoint_and_the_resumed_clocks_go_on(tmp_path):
    journal = tmp_path / "j.sqlite3"
    with open_session(config(journal, seconds=300.0)) as s:
        s.run(max_moves=3)
        keeper = s.game_clock
        mover = keeper.players.index(s.adapter.player_to_move())
        for _ in range(int(75 / 0.5)):                 # 75 s into the turn, nobody plays
            s.clock.advance(0.5)
            s.controller.step(0.0)
        live = [keeper.clock.used_at(i, s.clock()) for i in (0, 1)]
        journalled = last_used(s.jgame)
        moves = len(s.adapter.game.history)
    # the power goes: what was journalled is what the resumed game has
    assert journalled[1 - mover] == pytest.approx(live[1 - mover], abs=1e-3)
    assert 0 <= live[mover] - journalled[mover] < CHECKPOINT
    said = []
    with open_session(config(journal, seconds=300.0, resume="yes", out=said.append)) as s:
        keeper = s.game_clock
        assert len(s.adapter.game.history) == moves
        assert keeper.clock.used == pytest.approx(journalled, abs=1e-3)
        assert keeper.clock.running == mover
        assert any(line.startswith("game clock: 5 min each") for line in said)
        s.clock.advance(4.0)
        s.controller.step(0.0)
        assert keeper.clock.used_at(mover, s.clock()) == pytest.approx(journalled[mover] + 4.0)
        s.run(max_seconds=120)
        assert s.adapter.over
        used = s.adapter.game.time_used
        assert all(u >= j for u, j in zip(used, journalled))
        assert s.journal.game(s.jgame.id).result["time_used"] == [round(u, 3) for u in used]


def test_wordboard_run_clock_options(tmp_path, capsys):
    from wordboard.commands.run import _game_options

    def options(**kw):
        base = {"clock": None, "increment": None, "overtime_penalty": None, "game": None}
        return _game_options(argparse.Namespace(**{**base, **kw}))

    assert options() == {}
    assert options(clock=25.0)["clock"] == {"seconds": 1500.0, "increment": 0.0, "penalty": 10}
    assert options(clock=10.0, increment=5.0, overtime_penalty=5, game="scrabble")["clock"] == \
        {"seconds": 600.0, "increment": 5.0, "penalty": 5}
    with pytest.raises(UserError, match="go with --clock"):
        options(increment=5.0)
    with pytest.raises(UserError, match="not played on a game clock"):
        options(clock=25.0, game="hexx")
    from wordboard.cli import build_parser

    args = build_parser().parse_args(["run", "--clock"])
    assert args.clock == 25.0
    args = build_parser().parse_args(["run", "--clock", "3", "--increment", "2"])
    assert (args.clock, args.increment) == (3.0, 2.0)


def test_wordboard_run_on_the_twin_with_a_clock(tmp_path, capsys):
    journal = tmp_path / "j.sqlite3"
    code = main(["run", "--quick", "--seed", "5", "--journal", str(journal), "--speed", "inf", "--no-leds",
                 "--clock", "1", "--overtime-penalty", "7"])
    out = capsys.readouterr().out
    assert code == 0
    assert "game clock: 1 min each, 7 points a minute over" in out and "clocks: " in out
    with Journal(journal) as j:
        info = j.game(1)
        assert info.options["clock"] == {"seconds": 60.0, "increment": 0.0, "penalty": 7}
        result = info.result
        assert result["time_penalties"] == [7 * math.ceil((u - 60) / 60) if u > 60 else 0
                                            for u in result["time_used"]]


def test_sigkill_mid_game_then_resume_keeps_the_clock(tmp_path):
    """``wordboard run --clock`` killed (SIGKILL) in the middle of a game, then resumed: the
    resumed board starts from the time journalled, and the finished game's time used is at least
    that."""
    import os
    import signal
    import subprocess
    import sys
    import time

    journal = tmp_path / "j.sqlite3"
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    child = subprocess.Popen([sys.executable, "-m", "wordboard", "run", "--quick", "--seed", "4", "--new",
                              "--speed", "20", "--no-leds", "--journal", str(journal), "--clock", "1"],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    clocks_shown = 0
    deadline = time.monotonic() + 120
    for line in child.stdout:                       # kill it after a few moves, mid-turn
        clocks_shown += line.startswith("clocks: ")
        if clocks_shown >= 4 or time.monotonic() > deadline:
            time.sleep(0.3)
            break
    os.kill(child.pid, signal.SIGKILL)
    child.wait(30)
    child.stdout.close()
    with Journal(journal) as j:
        assert j.game(1).finished is None
        before = [e.data["clock"]["used_ms"] for e in j.events(1) if "clock" in e.data][-1]
    said = []
    with open_session(SessionConfig(hardware="direct", camera="none", journal=journal, resume="yes",
                                    show_leds=False, habits="tidy", out=said.append)) as s:
        assert s.jgame.id == 1
        assert s.game_clock.clock.used_ms() == before
        s.run(max_seconds=120)
        assert s.adapter.over
        result = s.journal.game(1).result
    assert all(u * 1000 >= b - 1 for u, b in zip(result["time_used"], before))
    assert result["time_penalties"] == [10 * math.ceil((u - 60) / 60) if u > 60 else 0 for u in result["time_used"]]
