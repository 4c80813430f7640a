"""Real journals, damaged in the ways an SD card damages them; shared by the tests and
``bench/journal_damage_bench.py``."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from tests.controller.journal_child import next_move
from wordboard.journal import Journal, JournaledGame


def make_journal(path: Path, games: int = 4, moves: int = 25) -> tuple[int, int]:
    """A journal of ``games`` Lexulous games of up to ``moves`` moves each (JournaledGame, as the
    board writes them); returns (games, events)."""
    events = 0
    with Journal(path) as journal:
        for number in range(games):
            jg = JournaledGame.start(journal, "lexulous", "lexulous", ["Ann", "Ben"], seed=number + 1)
            for _ in range(moves):
                if jg.game.is_over:
                    break
                jg.play(next_move(jg.game))
            events += jg.seq
    return games, events


def overwrite_middle(path: Path, seed: int = 0) -> None:
    size = path.stat().st_size
    with open(path, "r+b") as f:
        f.seek(size // 2 - 2048 + 512 * seed)
        f.write(bytes((i * 37 + seed) % 256 for i in range(4096)))


def truncate_half(path: Path, seed: int = 0) -> None:
    os.truncate(path, path.stat().st_size // 2 + 100 * seed)


def zero_header(path: Path, seed: int = 0) -> None:
    with open(path, "r+b") as f:
        f.write(b"\0" * 100)


def _with_sqlite(path: Path, sql: str) -> None:
    db = sqlite3.connect(path)
    db.execute(sql)
    db.commit()
    db.close()


def break_event_json(path: Path, seed: int = 0) -> None:
    _with_sqlite(path, f"UPDATE events SET data = '{{\"play\": [' WHERE game = {1 + seed % 2} AND seq = 3")


def break_players_json(path: Path, seed: int = 0) -> None:
    _with_sqlite(path, f"UPDATE games SET players = '[\"Ann\", ' WHERE id = {1 + seed % 2}")


def break_result_json(path: Path, seed: int = 0) -> None:
    _with_sqlite(path, "UPDATE games SET result = '{oops', finished = 1 WHERE id = 3")


def bad_utf8_event(path: Path, seed: int = 0) -> None:
    _with_sqlite(path, "UPDATE events SET data = CAST(X'7B22FF22' AS TEXT) WHERE game = 2 AND seq = 1")


DAMAGE = {
    "overwrite 4 KiB mid-file": overwrite_middle,
    "truncate to half": truncate_half,
    "zero the header": zero_header,
    "broken event JSON": break_event_json,
    "broken players JSON": break_players_json,
    "broken result JSON": break_result_json,
    "invalid UTF-8 in an event": bad_utf8_event,
}
