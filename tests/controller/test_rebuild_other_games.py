"""HEXX, eXtraDICTION and Dexikon games rebuild from their journals too, whatever happened in
them, and after their word list has changed (issue 38): each is played on the twin to its end,
then rebuilt through ``games show``, ``games export``, ``games resume`` and the game night
organiser's replay with a word list that lacks every word, with the same result. The journal
keeps what the word list answered while each event was checked (``looked_up``), so a rebuild
never asks again: it had refused HEXX's and eXtraDICTION's first word, and judged a Dexikon
challenge otherwise."""

from __future__ import annotations

import json

import pytest

from tests.night.support import play_game
from wordboard.cli import main
from wordboard.dictionary import Dictionary
from wordboard.journal import LOOKED_UP, Journal, codec_for, rebuild

#: the kinds of event each game's table journals in the twin's game (checked against the journal)
KINDS = {
    "hexx": {"move play", "decision hexx", "decision blank", "decision reading"},
    "extradiction": {"move write", "move guess"},
    "dexikon": {"move PlayCards", "move DeclareWord", "move Challenge", "move Insist", "move AcceptWord",
                "move Bank", "move Buy", "move Spend", "move Respond", "move ResolveAction", "move EndReturn",
                "move EndTurn", "decision word", "decision action"},
}

def kind_of(event_type: str, data: dict) -> str:
    if "action" in data and event_type == "move":
        return f"move {data['action']}"
    keys = [k for k in data if k not in (LOOKED_UP, "answer", "square", "direction", "squares", "row", "word")]
    return f"{event_type} {(keys or [k for k in data if k != LOOKED_UP])[0]}"


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    folder = tmp_path_factory.mktemp("other-games")
    journals = {}
    for game in KINDS:
        journals[game] = folder / f"{game}.sqlite3"
        play_game(journals[game], ("Ann", "Ben"), 5, game=game)
    return journals


@pytest.mark.parametrize("game", sorted(KINDS))
def test_a_game_rebuilds_through_every_path_after_its_word_list_changed(played, game, monkeypatch, capsys):
    from wordboard.controller import boardgames

    path = played[game]
    with Journal(path) as journal:
        info = journal.games()[-1]
        events = journal.events(info.id)
    kinds = {kind_of(e.type, e.data) for e in events}
    assert KINDS[game] <= kinds, sorted(kinds)
    assert any(LOOKED_UP in e.data for e in events)
    assert info.result is not None
    monkeypatch.setattr(boardgames, "_dictionaries", {info.options["lexicon"]: Dictionary.from_words(["zzz"])})

    with Journal(path) as journal:
        _, engine = rebuild(journal, info.id)
    assert codec_for(game).result(engine) == info.result
    args = ["games", "--journal", str(path)]
    capsys.readouterr()
    assert main(args + ["show", str(info.id)]) == 0
    assert "the game is over" in capsys.readouterr().out
    assert main(args + ["resume", str(info.id)]) == 0
    assert f"game {info.id} rebuilt from {len(events)} events" in capsys.readouterr().out
    assert main(args + ["export", str(info.id)]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert exported["result"] == info.result

    from wordboard.night.store import rebuild_game

    night = {k: exported[k] for k in ("kind", "edition", "players", "seed", "options", "started")}
    _, codec, engine = rebuild_game(night, [(e["seq"], e["type"], e["data"]) for e in exported["events"]])
    assert codec.result(engine) == info.result


@pytest.mark.parametrize("game", sorted(KINDS))
def test_an_unfinished_game_resumes_on_the_board_after_its_word_list_changed(tmp_path, game, monkeypatch):
    from wordboard.controller import boardgames
    from wordboard.controller.session import SessionConfig, open_session

    config = SessionConfig(game=game, hardware="direct", players=("Ann", "Ben"), resume="no", speed=0, seed=5,
                           camera="none", lexicon="scowl:70", journal=tmp_path / "j.sqlite3", habits="tidy",
                           show_leds=False, out=lambda text: None)
    with open_session(config) as s:
        s.run(max_moves=8)
        assert not s.adapter.over
        game_id, seq = s.jgame.id, s.jgame.seq
    words = boardgames.dictionary("scowl:70")
    monkeypatch.setattr(boardgames, "_dictionaries", {"scowl:70": Dictionary.from_words(["zzz"])})
    config.resume, config.game = "yes", None
    with open_session(config) as s:       # rebuilt: the journal's answers, then the table's own list
        assert (s.jgame.id, s.jgame.seq) == (game_id, seq)
    monkeypatch.setattr(boardgames, "_dictionaries", {"scowl:70": words})
