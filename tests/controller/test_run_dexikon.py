"""Dexikon on the board (fast twin): cards laid in the slots and identified by their tags, the
word worked out, the phases refereed as questions, crash and resume, mistakes tracked."""

from __future__ import annotations

from wordboard.controller import questions as q
from wordboard.controller.session import SessionConfig, open_session
from wordboard.controller.twin import Habits
from wordboard.journal import rebuild


def session(tmp_path, **kw):
    config = SessionConfig(game=kw.pop("game", "dexikon"), hardware="direct", camera="none",
                           journal=tmp_path / "j.sqlite3", seed=kw.pop("seed", 3), show_leds=False,
                           out=kw.pop("out", lambda s: None), **kw)
    return open_session(config)


def test_a_whole_game_is_laid_in_the_slots_and_refereed(tmp_path):
    lines = []
    with session(tmp_path, out=lines.append) as s:
        s.players.habits = Habits(slide=0.2, second_thoughts=0.2, knock=0.0, bump=0.1, mistake=0.5)
        s.run(max_seconds=50)
        assert s.adapter.over
        assert s.players.mismatches == []
        assert s.players.as_meant == s.adapter.proposals_committed >= 8
        assert s.controller.stats.invalid >= 1                 # a gap in the row was refused
        _, rebuilt = rebuild(s.journal, s.jgame.id)
        assert rebuilt.result.scores == s.adapter.game.result.scores
        assert s.journal.game(s.jgame.id).finished is not None
    text = "\n".join(lines)
    assert "score sheets:" in text and "banked" in text and "spend" in text and "game over" in text


def test_crash_and_resume_carry_on_exactly(tmp_path):
    with session(tmp_path) as s:
        s.run(max_moves=12)
        game_id, seq = s.jgame.id, s.jgame.seq
        phase, hands = s.adapter.game.phase, [list(p.hand) for p in s.adapter.game.players]
    with session(tmp_path, game=None) as s:
        assert s.jgame.id == game_id and s.jgame.seq == seq and s.kind == "dexikon"
        assert s.adapter.game.phase == phase and [list(p.hand) for p in s.adapter.game.players] == hands
        s.run(max_seconds=50)
        assert s.adapter.over and s.players.mismatches == []


def test_a_card_lifted_during_the_phases_is_flagged(tmp_path):
    with session(tmp_path) as s:
        s.players.habits = Habits.tidy()
        s.run(max_moves=1)                         # the first word is declared: its cards lie in the slots
        committed = s.adapter.committed_tiles()
        assert committed                           # the declared row lies in the slots
        s.controller.answerer = q.CallbackAnswerer(lambda question: None)   # the table stops deciding
        square = sorted(committed)[0]
        s.table.take(square)
        for _ in range(20):
            s.controller.step(0)
            s.clock.advance(0.05)
        assert square in s.controller.board.view(s.clock()).disturbed
