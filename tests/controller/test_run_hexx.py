"""HEXX on the board (fast twin): a whole game by untidy scripted players, the HEXX decisions
asked as questions and journalled, crash and resume through the journal, mistakes tracked."""

from __future__ import annotations

from wordboard.cli import main
from wordboard.controller.session import SessionConfig, open_session
from wordboard.controller.twin import Habits
from wordboard.journal import rebuild


def session(tmp_path, **kw):
    config = SessionConfig(game=kw.pop("game", "hexx"), hardware="direct", camera="none",
                           journal=tmp_path / "j.sqlite3", seed=kw.pop("seed", 3), show_leds=False,
                           out=kw.pop("out", lambda s: None), **kw)
    return open_session(config)


def test_a_whole_game_plays_to_the_end_with_hexx_decisions_and_mistakes(tmp_path):
    lines = []
    with session(tmp_path, out=lines.append) as s:
        s.players.habits = Habits(slide=0.2, second_thoughts=0.15, knock=0.25, bump=0.1, mistake=0.3)
        s.run(max_seconds=300)   # a cap for a stuck game, not a timing: a busy machine is slow
        assert s.adapter.over
        assert s.players.mismatches == []
        assert s.players.as_meant == s.adapter.proposals_committed > 10        # every word as meant
        events = s.journal.events(s.jgame.id)
        assert any("hexx" in e.data for e in events if e.type == "decision")   # a HEXX was resolved
        assert s.controller.stats.invalid >= 1 and s.controller.stats.blocked >= 1
        assert {"second thoughts", "lifted again", "refused play"} <= set(s.players.mistakes)
        _, rebuilt = rebuild(s.journal, s.jgame.id)
        assert rebuilt.result == s.adapter.game.result
        assert s.journal.game(s.jgame.id).finished is not None
        frame = s.controller.frame(s.clock())
        assert frame is not None
    text = "\n".join(lines)
    assert "rolls" in text and "game over" in text and "(red)" in text and "(black)" in text


def test_crash_and_resume_carry_on_exactly(tmp_path):
    with session(tmp_path) as s:
        s.run(max_moves=6)
        game_id, seq = s.jgame.id, s.jgame.seq
        board = {sq: (t.letter, t.owner) for sq, t in s.adapter.game.board.items()}
        hands = {c: s.adapter.game.hand(c) for c in (s.adapter.game.to_move, s.adapter.game.to_move.other)}
    # a restart: no --game given, the latest unfinished game (HEXX) is resumed
    with session(tmp_path, game=None) as s:
        assert s.jgame.id == game_id and s.jgame.seq == seq and s.kind == "hexx"
        assert {sq: (t.letter, t.owner) for sq, t in s.adapter.game.board.items()} == board
        assert {c: s.adapter.game.hand(c) for c in hands} == hands
        s.run(max_seconds=300)   # a cap for a stuck game, not a timing: a busy machine is slow
        assert s.adapter.over and s.players.mismatches == []


def test_a_lifted_or_displaced_played_tile_holds_the_turn(tmp_path):
    with session(tmp_path) as s:
        s.players.habits = Habits.tidy()
        s.run(max_moves=2)
        played = sorted(s.adapter.committed_tiles())
        s.players.plan = None
        s.table.take(played[0])                       # a played tile lifted
        s.controller.buttons.inject("end-turn")
        for _ in range(40):
            s.controller.step(0)
            s.clock.advance(0.05)
        assert s.controller.stats.blocked >= 1
        assert played[0] in s.controller.board.view(s.clock()).disturbed


def test_cli_runs_hexx_on_the_fast_path(tmp_path, capsys):
    code = main(["run", "--game", "hexx", "--quick", "--seed", "5", "--journal", str(tmp_path / "j.sqlite3"),
                 "--speed", "80", "--max-moves", "3", "--no-leds"])
    out = capsys.readouterr().out
    assert code == 0 and "wordboard run: HEXX" in out and "plays" in out


def test_the_players_choose_the_same_whatever_the_sensing_asked(tmp_path):
    """A camera unsure of a letter asks which it is (the sensor board does not): that answer is
    journalled, yet the twin's players choose their next move and their d20 answer as they would
    have without it, so the same seed gives the same game sensed either way."""
    from wordboard.controller import questions as q
    from wordboard.controller.adapters import decision_for

    with session(tmp_path) as s:
        before = (s.players._rng(17).random(), s.players._turn_seq())
        s.jgame.record("decision", decision_for(q.LETTER, (7, 7), "EE07067E", "*"))
        s.jgame.record("decision", decision_for(q.CONFLICT, (7, 8), "EE07067F", "camera"))
        assert (s.players._rng(17).random(), s.players._turn_seq()) == before
        s.jgame.record("decision", decision_for(q.BLANK, (7, 7), "EE07067E", "S"))   # the game's own
        assert s.players._rng(17).random() != before[0]
