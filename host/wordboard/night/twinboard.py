"""A twin board at a game night: the digital twin playing the games the organiser pairs it for,
with the board's link publishing its journal (``wordboard night twin-board``; the demo and the
benchmark start one process per table).

It plays exactly as ``wordboard run`` on the twin does (:func:`wordboard.controller.session.open_session`,
scripted players, the journal) and is linked like a real board (:class:`~wordboard.night.board.BoardLink`
reading that journal). Killed at any moment and started again with the same arguments, it
resumes its game from the journal and its outbox, and the night sees every move once.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

from wordboard.night.board import BoardLink
from wordboard.night.mqtt import Credentials


def play_rounds(credentials: Credentials, broker: tuple[str, int], folder: Path, *, rounds: int = 1,
                seed: int = 1, speed: float = 0.0, hardware: str = "sim", lexicon: str | None = "scowl:70",
                wait: float = 600.0, out: Callable[[str], None] = print) -> int:
    """Play ``rounds`` paired games (waiting up to ``wait`` seconds for each pairing), then send
    everything. Returns the number of games played to the end here."""
    folder.mkdir(parents=True, exist_ok=True)
    journal_path = folder / "journal.sqlite3"
    paired = threading.Event()
    link = BoardLink(credentials, journal_path, folder / "outbox.sqlite3", broker=broker, since=0.0,
                     on_pairing=lambda p: paired.set(), log=out)
    link.start()
    board = credentials.user
    played = 0
    try:
        done_rounds: set[int] = set()
        while len(done_rounds) < rounds:
            deadline = time.monotonic() + wait
            while (link.pairing is None or link.pairing["round"] in done_rounds) and time.monotonic() < deadline:
                paired.wait(0.2)
                paired.clear()
            pairing = link.pairing
            if pairing is None or pairing["round"] in done_rounds:
                out(f"twin board {board}: no pairing came")
                break
            if _already_played(journal_path, link, pairing):
                done_rounds.add(pairing["round"])
                continue
            out(f"twin board {board}: round {pairing['round']}, table {pairing['table']}: "
                f"{' v '.join(pairing['players'])}")
            _play(journal_path, pairing, seed=seed * 1000 + pairing["round"], speed=speed, hardware=hardware,
                  lexicon=lexicon, out=out)
            link.sync_now()
            done_rounds.add(pairing["round"])
            played += 1
        sent = link.flush(120.0)
        out(f"twin board {board}: {link.stats.moves_queued} events read from the journal, "
            f"{link.stats.acknowledged} messages acknowledged, outbox {'empty' if sent else 'NOT empty'}")
    finally:
        link.close()
    return played


def _already_played(journal_path: Path, link: BoardLink, pairing: dict) -> bool:
    """Whether the journal holds this pairing's game, finished (after a restart: the board was
    killed after the game ended)."""
    from wordboard.journal import Journal

    followed = link.followed()
    with Journal(journal_path) as journal:
        for info in journal.games():
            follow = followed.get(info.id)
            tag = follow.round if follow is not None else None
            if info.finished is not None and sorted(info.players) == sorted(pairing["players"]) and \
                    (tag == pairing["round"] or (tag is None and info.id > (link.pairing or {}).get("after", 0))):
                return True
    return False


def _play(journal_path: Path, pairing: dict, *, seed: int, speed: float, hardware: str, lexicon: str | None,
          out) -> None:
    from wordboard.controller.session import SessionConfig, open_session

    config = SessionConfig(game="lexulous", hardware=hardware, players=tuple(pairing["players"]), resume="auto",
                           speed=speed, seed=seed, camera="none", lexicon=lexicon or "", journal=journal_path,
                           habits="tidy", show_leds=False, out=lambda text: None)
    with open_session(config) as session:
        session.wait_ready()
        session.run(max_seconds=900)
        scores = getattr(session.adapter.game, "scores", None)
        out(f"twin board: game {session.jgame.id} {'over' if session.adapter.over else 'stopped'} after "
            f"{session.controller.stats.moves} moves here; scores {scores}")
