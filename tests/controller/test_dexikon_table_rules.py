"""Dexikon at the table: what the board path broke, kept (the rest of the issue is still open).

A journalled Dexikon game is shown and resumed by ``wordboard games`` (it raised a TypeError);
``--sheets`` somewhere it cannot write says so in one line before the game, not after it.
"""

from __future__ import annotations

import io

from wordboard.cli import main
from wordboard.controller.session import SessionConfig, open_session


def test_wordboard_games_shows_and_resumes_a_dexikon_game(tmp_path, capsys):
    journal = tmp_path / "j.sqlite3"
    config = SessionConfig(game="dexikon", hardware="direct", camera="none", journal=journal, seed=37563,
                           show_leds=False, habits="tidy", out=lambda s: None)
    with open_session(config) as s:
        s.run(max_moves=3)
        game_id = s.jgame.id
    assert main(["games", "--journal", str(journal), "show", str(game_id)]) == 0
    out = capsys.readouterr().out
    assert "dexikon" in out and ("to play" in out or "to answer" in out)
    assert main(["games", "--journal", str(journal), "resume", str(game_id)]) == 0
    assert "rebuilt from" in capsys.readouterr().out


def test_sheets_where_they_cannot_be_written_stop_before_the_game(monkeypatch, capsys, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "dexikon", "--sheets", str(blocker / "sheets")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--sheets" in err and "cannot write" in err
