"""What the game-night tests share: twin games played into journals, the messages a board makes
of them (no broker needed), and a real Mosquitto on loopback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from wordboard.night.follower import JournalFollower
from wordboard.night.outbox import Outbox

MOSQUITTO = shutil.which("mosquitto") or (
    "/usr/sbin/mosquitto" if Path("/usr/sbin/mosquitto").exists() else None)
USERS = {"organiser": "organiser-pw", "board-01": "pw-01", "board-02": "pw-02", "board-03": "pw-03"}


def need_mosquitto():
    if MOSQUITTO is None:
        pytest.skip("mosquitto is not installed (Debian package mosquitto: scripts/install dev)")


def play_game(journal: Path, players, seed: int, game: str = "lexulous", game_options: dict | None = None) -> None:
    """A whole game (Lexulous unless told; ``game_options`` as ``wordboard run``'s, e.g. a
    ``clock``) on the twin (direct sensors, scripted players) into ``journal``."""
    from wordboard.controller.session import SessionConfig, open_session

    config = SessionConfig(game=game, hardware="direct", players=tuple(players), resume="no", speed=0,
                           seed=seed, camera="none", lexicon="scowl:70", journal=journal, habits="tidy",
                           show_leds=False, out=lambda text: None, game_options=dict(game_options or {}))
    with open_session(config) as session:
        session.run(max_seconds=120)
        assert session.adapter.over


def board_messages(journal_path: Path, outbox_path: Path, board: str, pairing: dict | None) -> list[tuple[str, bytes]]:
    """What ``board`` would send of its journal, tagged with ``pairing``, in order."""
    from wordboard.journal import Journal

    with Journal(journal_path) as journal:
        outbox = Outbox(outbox_path)
        try:
            JournalFollower(journal, outbox, board).sync(dict(pairing, after=0) if pairing else None)
            return [(p.topic, p.payload) for p in outbox.pending(0, 100_000)]
        finally:
            outbox.close()
