"""`wordboard games` and `wordboard leds` from the command line."""

import json

from tests.controller.journal_child import next_move
from wordboard.cli import main
from wordboard.journal import Journal, JournaledGame


def test_games_commands(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("WORDBOARD_DATA_DIR", str(tmp_path))
    with Journal() as j:
        jg = JournaledGame.start(j, "lexulous", "scrabble", ["Ann", "Ben"], seed=4)
        for _ in range(6):
            jg.play(next_move(jg.game))
    assert main(["games", "list"]) == 0
    assert "scrabble" in capsys.readouterr().out
    assert main(["games", "show", "1"]) == 0
    out = capsys.readouterr().out
    assert "scores: Ann" in out and out.count(" move ") == 6
    assert main(["games", "resume"]) == 0
    assert "rebuilt from 6 events" in capsys.readouterr().out
    assert main(["games", "export", "1", "--format", "gcg", "-o", str(tmp_path / "g.gcg")]) == 0
    assert "#player1 Ann" in (tmp_path / "g.gcg").read_text()
    assert main(["games", "export", "1"]) == 0                  # a crossword game: GCG by default
    gcg_text = capsys.readouterr().out
    assert gcg_text.startswith("#character-encoding UTF-8") and "#title Scrabble game 1" in gcg_text
    assert "#note Edition: scrabble" in gcg_text and "#edition" not in gcg_text   # Woogles refuses #edition
    assert main(["games", "export", "1", "--format", "json"]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert exported["seed"] == 4 and len(exported["events"]) == 6
    assert main(["games", "show", "9"]) == 2
    assert "no game 9" in capsys.readouterr().err


def test_leds_commands(tmp_path, capsys):
    png = tmp_path / "b.png"
    assert main(["leds", "show", "scrabble", "--driver", "simulated", "--last-move", "H8,I8",
                 "--png", str(png)]) == 0
    assert png.stat().st_size > 0 and "estimated" in capsys.readouterr().out
    for game in ("extradiction", "hexx", "dexikon"):
        assert main(["leds", "show", game, "--driver", "simulated"]) == 0
    assert main(["leds", "test", "--size", "11x11", "--driver", "simulated"]) == 0
    assert main(["leds", "show", "lexulous", "--driver", "simulated", "--config", "/nonexistent"]) == 2


def test_games_on_the_twin_are_listed_with_twin(tmp_path, monkeypatch, capsys):
    """`wordboard run` without hardware journals into journal-twin.sqlite3, apart from real games;
    `wordboard games` points there when the board's own journal is empty."""
    from wordboard.cli import main
    from wordboard.journal import Journal, default_path

    monkeypatch.setenv("WORDBOARD_DATA_DIR", str(tmp_path))
    assert default_path(twin=True) == tmp_path / "journal-twin.sqlite3"
    with Journal(default_path(twin=True)) as journal:
        JournaledGame.start(journal, "lexulous", "lexulous", ["Ada", "Blaise"], seed=1)
    assert main(["games", "list"]) == 0
    out = capsys.readouterr().out
    assert "no games in" in out and "wordboard games --twin list" in out
    assert main(["games", "--twin", "list"]) == 0
    assert "Ada, Blaise" in capsys.readouterr().out


def test_a_game_of_wordboard_play_is_never_resumed_as_the_boards_game(monkeypatch, capsys):
    """`wordboard play` journals its game with the board's games (games lists and exports it),
    but an unfinished one is the terminal's: `wordboard run` starts the board's own game."""
    import io

    from wordboard.controller.session import SessionConfig, open_session
    from wordboard.journal import default_path

    with Journal() as j:
        board = JournaledGame.start(j, "lexulous", "scrabble", ["Ann", "Ben"], seed=4)
        board.play(next_move(board.game))
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "lexulous", "--seed", "3"]) == 0                 # left unfinished
    with Journal() as j:
        terminal = j.games()[-1]
        assert terminal.finished is None and terminal.options["mode"] == "terminal"
    capsys.readouterr()
    assert main(["games", "resume"]) == 0
    assert f"game {board.id} rebuilt" in capsys.readouterr().out
    lines: list[str] = []
    config = SessionConfig(hardware="direct", camera="none", journal=default_path(), show_leds=False,
                           out=lines.append)
    with open_session(config) as s:
        assert s.jgame.id == board.id                                    # the board's game, not the terminal's
    assert any(line.startswith(f"resuming game {board.id}") for line in lines)
