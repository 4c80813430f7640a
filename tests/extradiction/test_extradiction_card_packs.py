"""Owners' clue card packs on the board (issue 37): ``wordboard run --cards PATH`` and the screen's
choice of the card files in the configuration folder's ``cards/``. A pack is added to the shipped
deck and kept in the game's record (the game replays the same deck whatever becomes of the file);
a bad file is refused with its loader's one line, and not offered by the screen."""

from __future__ import annotations

import pytest

from wordboard.cli import main
from wordboard.controller.session import SessionConfig, open_session
from wordboard.journal import rebuild
from wordboard.screen import card_pack_files, setup_choices
from wordboard.screen.bridge import ScreenBridge
from wordboard.screen.hub import Command, ScreenHub

GOOD = ("zebra | green | 🦓 | A wild horse with black and white stripes.\n"
        "igloo | blue | shape:circle | A round house made of blocks of snow.\n")
BAD = "kite | pink | 🪁 | It flies on a string in the wind.\n"


def session(tmp_path, **kw):
    return open_session(SessionConfig(game=kw.pop("game", "extradiction"), hardware="direct", camera="none",
                                      journal=tmp_path / "j.sqlite3", seed=3, show_leds=False,
                                      out=lambda text: None, **kw))


def test_wordboard_run_plays_an_owners_pack_and_replays_it_from_the_journal(tmp_path):
    pack = tmp_path / "our animals.txt"
    pack.write_text(GOOD, encoding="utf-8")
    with session(tmp_path, game_options={"level": "1", "turns": 3, "colours": "green", "cards": str(pack)}) as s:
        options = s.jgame.info.options
        assert options["card_pack"] == "our animals" and len(options["own_cards"]) == 2
        game = s.adapter.game
        assert "ZEBRA" in game.clue_words and "IGLOO" not in game.clue_words      # green only
        assert "APPLE" in game.clue_words                                         # added to the shipped deck
        s.run(max_seconds=40)
        assert s.adapter.over and s.players.mismatches == []
        played = [r.card.word for r in game.history]
    pack.write_text(BAD, encoding="utf-8")                  # the file changed: the game is the same
    journal = _journal(tmp_path)
    try:
        _, rebuilt = rebuild(journal, s.jgame.id)
    finally:
        journal.close()
    assert [r.card.word for r in rebuilt.history] == played and "ZEBRA" in rebuilt.clue_words


def _journal(tmp_path):
    from wordboard.journal import Journal

    return Journal(tmp_path / "j.sqlite3")


def test_a_bad_pack_is_refused_with_its_loaders_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text(BAD, encoding="utf-8")
    good = tmp_path / "good.txt"
    good.write_text(GOOD, encoding="utf-8")
    for args, said in ((["--game", "extradiction", "--cards", str(bad)], f"{bad}:1: 'pink' is not a colour: use green, "
                                                                          "blue or red"),
                       (["--game", "extradiction", "--cards", str(tmp_path / "none.txt")], "clue card file not found"),
                       (["--game", "lexulous", "--cards", str(good)], f"{good}: Lexulous is played without clue cards")):
        assert main(["run", "--quick", "--journal", str(tmp_path / "j.sqlite3"), *args]) == 2
        err = capsys.readouterr().err.strip()
        assert said in err and "\n" not in err and "Traceback" not in err


def test_the_screen_offers_the_packs_in_the_configuration_folder(tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "our animals.txt").write_text(GOOD, encoding="utf-8")
    (folder / "broken.txt").write_text(BAD, encoding="utf-8")
    said: list[str] = []
    with session(tmp_path, game="lexulous") as s:
        packs = card_pack_files(s, folder, out=said.append)
        assert packs == {"our-animals": str((folder / "our animals.txt").resolve())}
        assert said == [f"screen: {folder / 'broken.txt'}:1: 'pink' is not a colour: use green, blue or red: not offered"]
        choices = setup_choices(s, card_packs=packs)
        assert choices["card_packs"] == ["our-animals"] and choices["card_games"] == ["extradiction"]
        bridge = ScreenBridge(s.controller, ScreenHub(), setup_choices=choices, card_files=packs)

        def new(**data):
            replies: list[dict] = []
            bridge.hub.submit(Command("new", {"game": "extradiction", "players": ["Mia"], "lexicon": "default",
                                              "level": "1", **data}, admin=True, reply=replies.append))
            bridge.tick(0.0)
            return replies[0]

        assert new(cards="nosuch") == {"type": "error", "message": "this board has no card pack 'nosuch' for extradiction"}
        assert new(cards="our-animals", game="hexx", players=["Mia", "Bo"])["type"] == "error"
        # the file went bad after it was offered: the loader's one line, nothing set up
        (folder / "our animals.txt").write_text(BAD, encoding="utf-8")
        reply = new(cards="our-animals")
        assert reply["type"] == "error" and reply["message"].endswith("'pink' is not a colour: use green, blue or red")
        assert bridge.next_setup is None
        (folder / "our animals.txt").write_text(GOOD, encoding="utf-8")
        assert new(cards="our-animals")["type"] == "ok"
        assert bridge.next_setup["cards_path"] == packs["our-animals"]


@pytest.mark.parametrize("level", ["1", "2"])
def test_the_next_game_from_the_screen_plays_the_pack(tmp_path, level):
    from types import SimpleNamespace

    from wordboard.commands.run import _game_options, _next_game

    pack = tmp_path / "mine.txt"
    pack.write_text(GOOD, encoding="utf-8")
    bridge = SimpleNamespace(next_setup={"game": "extradiction", "players": ["Mia"], "lexicon": "default",
                                         "level": level, "cards_path": str(pack)})
    args = SimpleNamespace(game="lexulous", players=None, lexicon="default", quiet_time=None, resume="auto", seed=1,
                           max_moves=None, level=None, variant=None, turns=None, colours=None, edition=None,
                           cards=None, clock=None, increment=None, overtime_penalty=None)
    nxt = _next_game(args, SimpleNamespace(bridge=bridge))
    assert _game_options(nxt)["cards"] == str(pack)
    with session(tmp_path, game_options=_game_options(nxt), players=("Mia",)) as s:
        assert "ZEBRA" in s.adapter.game.clue_words and s.jgame.info.options["card_pack"] == "mine"
