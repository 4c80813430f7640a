"""The screen's new-game setup (no browser): each game starts on its own word list, never the
list of the game being played (eXtraDICTION after Lexulous was journalled on ``wordgame``;
HEXX after Dexikon on ``scowl:70``); "none" is refused where the game checks every word
(eXtraDICTION's Level 3 and Speed) and on the twin, in one line, and the board goes on."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from wordboard.commands.run import _next_game
from wordboard.controller.session import SessionConfig, open_session
from wordboard.screen import setup_choices
from wordboard.screen.bridge import ScreenBridge
from wordboard.screen.hub import Command, ScreenHub


def board(tmp_path, game: str, **kw):
    return open_session(SessionConfig(game=game, hardware="direct", camera="none", journal=tmp_path / "j.sqlite3",
                                      seed=3, show_leds=False, out=lambda text: None, **kw))


def set_up(bridge, **data):
    bridge._command(Command("new", {"players": ["Ann", "Bo"], "quiet": 0, **data}, admin=True), 0.0)
    return bridge.next_setup


NEXT = dict(players=None, lexicon="scowl:70", quiet_time=None, resume="auto", seed=1, max_moves=None, level=None,
            variant=None, turns=None, colours=None, edition=None, clock=None, increment=None, overtime_penalty=None)


@pytest.mark.parametrize("played, played_list, then, own", [
    ("lexulous", "wordgame", "extradiction", "scowl:50"),
    ("dexikon", "scowl:70", "hexx", "wordgame"),
])
def test_each_game_starts_on_its_own_word_list(tmp_path, played, played_list, then, own):
    with board(tmp_path, played) as s:
        assert s.jgame.info.options.get("lexicon", s.lexicon) == played_list
        choices = setup_choices(s)
        assert choices["lexicon"] == "default"              # the form's first choice: the game's own
        assert choices["default_lexicons"][then] == own
        bridge = ScreenBridge(s.controller, ScreenHub(), setup_choices=choices)
        setup = set_up(bridge, game=then, lexicon=choices["lexicon"], level="1")
        nxt = _next_game(SimpleNamespace(game=played, **NEXT), SimpleNamespace(bridge=bridge))
        assert nxt.lexicon == "default"
    with board(tmp_path / "next", setup["game"], lexicon=nxt.lexicon, players=tuple(setup["players"]),
               game_options={"level": "1"} if then == "extradiction" else {}) as s:
        assert s.jgame.info.options.get("lexicon", s.lexicon) == own


def test_none_is_refused_where_every_word_is_checked(tmp_path):
    real = SimpleNamespace(config=SimpleNamespace(game_options={}, players=()), twin=False)
    with board(tmp_path, "lexulous") as s:
        choices = setup_choices(real)                      # the real board's (the twin offers no "none")
        assert "none" in choices["lexicons"]
        assert choices["word_list_options"]["extradiction"] == {"level": ["3", "speed"]}
        bridge = ScreenBridge(s.controller, ScreenHub(), setup_choices=choices)
        for level, said in (("3", "eXtraDICTION level 3"), ("speed", "eXtraDICTION level speed"), (None, "eXtraDICTION")):
            replies = []
            command = Command("new", {"game": "extradiction", "players": ["Ann"], "lexicon": "none", "quiet": 0,
                                      **({"level": level} if level else {})}, admin=True, reply=replies.append)
            bridge.hub.submit(command)
            bridge.tick(0.0)
            assert replies == [{"type": "error", "message": f"{said} checks every word in a dictionary: "
                                                            "choose one, not none"}]
            assert bridge.next_setup is None and not bridge.stop_requested      # the board goes on
        # Levels 1 and 2 check no word but the card's: none is theirs to choose
        assert set_up(bridge, game="extradiction", players=["Mia"], lexicon="none", level="2")["players"] == ["Mia"]
    # the twin's scripted players need a word list: it offers no "none", and refuses it
    with board(tmp_path / "twin", "lexulous") as s:
        assert s.twin and "none" not in setup_choices(s)["lexicons"]
        bridge = ScreenBridge(s.controller, ScreenHub(), setup_choices=setup_choices(s))
        with pytest.raises(ValueError, match="no word list 'none'"):
            set_up(bridge, game="lexulous", lexicon="none")


def test_wordboard_run_refuses_none_for_level_3_and_speed(capsys):
    from wordboard.cli import main

    for level in ("3", "speed"):
        assert main(["run", "--game", "extradiction", "--level", level, "--lexicon", "none", "--hardware", "real"]) == 2
        err = capsys.readouterr().err.strip()
        assert err.endswith(f"--game extradiction --level {level} checks every word in a dictionary: give one with "
                            "--lexicon (none is for games that check no words)") and "\n" not in err
