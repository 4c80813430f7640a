"""eXtraDICTION on the board (fast twin): the clue card shown, the guess asked, the letters the
children write read by the camera (here an exact reading of the table), stars counted; crash
and resume; rubbed-out and smudged letters tracked."""

from __future__ import annotations

from wordboard.controller.session import SessionConfig, open_session
from wordboard.controller.twin import Habits
from wordboard.controller.written import TableEyes, WrittenLetters
from wordboard.journal import rebuild


def session(tmp_path, **kw):
    config = SessionConfig(game=kw.pop("game", "extradiction"), hardware="direct", camera="none",
                           journal=tmp_path / "j.sqlite3", seed=kw.pop("seed", 3), show_leds=False,
                           out=kw.pop("out", lambda s: None), **kw)
    return open_session(config)


def test_a_whole_game_is_written_read_and_counted(tmp_path):
    lines = []
    with session(tmp_path, out=lines.append) as s:
        assert isinstance(s.sensor, WrittenLetters)            # the camera is the only sensor
        s.players.habits = Habits(slide=0, second_thoughts=0.2, knock=0.3, bump=0, mistake=0.4)
        s.run(max_seconds=50)
        assert s.adapter.over
        assert s.players.mismatches == []
        assert s.players.as_meant == s.adapter.proposals_committed >= 5
        assert s.controller.stats.invalid + s.controller.stats.blocked >= 1
        game = s.adapter.game
        assert sum(game.stars) > 0
        _, rebuilt = rebuild(s.journal, s.jgame.id)
        assert rebuilt.stars == game.stars and rebuilt.board == game.board
    text = "\n".join(lines)
    assert "clue card" in text and "Meaning:" in text and "guesses" in text and "stars" in text


def test_an_unsure_letter_is_worked_out_from_the_clue_card(tmp_path):
    with session(tmp_path, game_options={"level": "1", "turns": 3}) as s:
        eyes = s.sensor.eyes
        assert isinstance(eyes, TableEyes)
        eyes.doubt = 0.5                                        # half the letters read unsure
        s.run(max_seconds=40)
        assert s.adapter.over and s.players.mismatches == []
        assert s.players.as_meant == 3


def test_crash_and_resume_carry_on_exactly(tmp_path):
    with session(tmp_path) as s:
        s.run(max_moves=5)
        game_id, seq, board, stars = s.jgame.id, s.jgame.seq, s.adapter.game.board, s.adapter.game.stars
    with session(tmp_path, game=None) as s:
        assert s.jgame.id == game_id and s.jgame.seq == seq and s.kind == "extradiction"
        assert s.adapter.game.board == board and s.adapter.game.stars == stars
        s.run(max_seconds=40)
        assert s.adapter.over and s.players.mismatches == []
