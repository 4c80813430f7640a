"""Fixtures of the game-night tests: two finished twin games (played once per session) and a
Mosquitto of the test's own on a free loopback port."""

from __future__ import annotations

import pytest

from tests.night.support import USERS, need_mosquitto, play_game


@pytest.fixture(scope="session")
def two_games(tmp_path_factory):
    """``{board: journal path}``: board-01 played Ada v Blaise, board-02 Carl v Dora."""
    folder = tmp_path_factory.mktemp("night-games")
    journals = {"board-01": folder / "b1.sqlite3", "board-02": folder / "b2.sqlite3"}
    play_game(journals["board-01"], ("Ada", "Blaise"), 11)
    play_game(journals["board-02"], ("Carl", "Dora"), 12)
    return journals


@pytest.fixture
def mosquitto(tmp_path):
    need_mosquitto()
    from wordboard.night.broker import Mosquitto

    broker = Mosquitto(tmp_path / "broker", USERS).start()
    yield broker
    broker.stop()
