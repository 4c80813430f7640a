"""Fixtures of the game-night tests: two finished twin games (played once per session) and a
Mosquitto of the test's own on a free loopback port."""

from __future__ import annotations

import pytest

from tests.night.support import PAIRINGS, USERS, board_messages, need_mosquitto, play_game


@pytest.fixture(scope="session")
def two_games(tmp_path_factory):
    """``{board: journal path}``: board-01 played Ada v Blaise, board-02 Carl v Dora."""
    folder = tmp_path_factory.mktemp("night-games")
    journals = {"board-01": folder / "b1.sqlite3", "board-02": folder / "b2.sqlite3"}
    play_game(journals["board-01"], ("Ada", "Blaise"), 11)
    play_game(journals["board-02"], ("Carl", "Dora"), 12)
    return journals


#: the other games of the night's tests: board -> (game, players, seed, game options)
OTHER_GAMES = {
    "board-01": ("lexulous", ("Ada", "Blaise"), 7, {"clock": {"seconds": 180.0, "increment": 5.0, "penalty": 10}}),
    "board-02": ("hexx", ("Carl", "Dora"), 5, {}),
    "board-03": ("extradiction", ("Emmy", "Felix"), 5, {}),
    "board-04": ("dexikon", ("Grace", "Hedy"), 5, {}),
}


@pytest.fixture(scope="session")
def other_games(tmp_path_factory):
    """``{board: journal path}`` of :data:`OTHER_GAMES`: a Lexulous game on a clock (3 minutes
    each, +5 s a turn), a HEXX, an eXtraDICTION and a Dexikon game, each played once per session."""
    folder = tmp_path_factory.mktemp("night-other-games")
    journals = {}
    for board, (game, players, seed, options) in OTHER_GAMES.items():
        journals[board] = folder / f"{game}.sqlite3"
        play_game(journals[board], players, seed, game=game, game_options=options)
    return journals


@pytest.fixture
def mosquitto(tmp_path):
    need_mosquitto()
    from wordboard.night.broker import Mosquitto

    broker = Mosquitto(tmp_path / "broker", USERS).start()
    yield broker
    broker.stop()


@pytest.fixture(scope="session")
def messages(two_games, tmp_path_factory):
    """``{board: [(topic, payload)]}``: what each board of :func:`two_games` sends, tagged with its pairing."""
    folder = tmp_path_factory.mktemp("outboxes")
    return {board: board_messages(path, folder / f"{board}.sqlite3", board, PAIRINGS[board])
            for board, path in two_games.items()}
