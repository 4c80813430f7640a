"""A fifth game is one folder: Noughts (tests/toygame/), registered from the test suite alone, is
played on the board's controller by the twin's scripted players, journalled, resumed after a
crash, listed and shown by ``wordboard games``, and drawn by the screen, with no file of the
package knowing it."""

from __future__ import annotations

import json

import pytest

from wordboard import registry
from wordboard.cli import main
from wordboard.controller.session import SessionConfig, open_session
from wordboard.screen.snapshot import snapshot


@pytest.fixture
def noughts():
    from tests.toygame.family import NoughtsFamily

    family = registry.register(NoughtsFamily)
    yield family
    registry.unregister(family.name)


def board(tmp_path, **kw):
    config = SessionConfig(game=kw.pop("game", "noughts"), hardware="direct", camera="none",
                           journal=tmp_path / "j.sqlite3", seed=kw.pop("seed", 5), show_leds=False,
                           habits="tidy", out=lambda s: None, **kw)
    return open_session(config)


def test_the_registry_knows_the_new_game_by_every_name(noughts):
    assert "noughts" in registry.game_names()
    assert registry.resolve("noughts") == (noughts, "standard")
    assert registry.family_for_kind("noughts") is noughts
    with pytest.raises(ValueError):
        registry.register(type(noughts))            # a name is registered once


def test_a_whole_game_on_the_board_journalled_and_shown(noughts, tmp_path):
    with board(tmp_path) as s:
        assert s.family is noughts and s.title == "Noughts"
        s.run(max_seconds=60)
        assert s.adapter.over and s.players.mismatches == []
        assert s.adapter.proposals_committed == 9          # a tile on every square
        info = s.journal.game(s.jgame.id)
        assert info.finished is not None and sorted(info.result["final"]) == sorted(s.adapter.game.scores)
        shown = snapshot(s.controller)
        json.dumps(shown)
        assert shown["game"]["kind"] == "noughts" and shown["game"]["title"] == "Noughts"
        assert len(shown["board"]["tiles"]) == 9 and [p["name"] for p in shown["players"]] == ["Ada", "Blaise"]
        assert len(shown["history"]) == 9 and shown["over"]


def test_a_crash_and_resume_carry_on_exactly(noughts, tmp_path):
    with board(tmp_path) as s:
        s.run(max_moves=4)
        game_id, seq = s.jgame.id, s.jgame.seq
        tiles = dict(s.adapter.game.board)
    with board(tmp_path, game=None) as s:                  # no --game: the unfinished game resumes
        assert s.jgame.id == game_id and s.jgame.seq == seq and s.kind == "noughts"
        assert dict(s.adapter.game.board) == tiles
        s.run(max_seconds=60)
        assert s.adapter.over and len(s.adapter.game.board) == 9


def test_wordboard_games_lists_and_shows_it(noughts, tmp_path, capsys):
    with board(tmp_path) as s:
        s.run(max_seconds=60)
        game_id = s.jgame.id
    journal = str(tmp_path / "j.sqlite3")
    assert main(["games", "--journal", journal, "list"]) == 0
    assert "noughts" in capsys.readouterr().out
    assert main(["games", "--journal", journal, "show", str(game_id)]) == 0
    assert capsys.readouterr().out.strip()
