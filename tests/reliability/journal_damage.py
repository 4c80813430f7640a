"""Real journals, damaged in the ways an SD card damages them; shared by the tests and
``bench/journal_damage_bench.py``."""

from __future__ import annotations

import os
import random
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


# -- fuzzing: random damage at random offsets ----------------------------------------------------

def random_damage(data: bytes, rnd: random.Random) -> tuple[str, bytes]:
    """``data`` damaged one random way at a random place: (what was done, the damaged bytes)."""
    size = len(data)
    way = rnd.choice(["random bytes", "zeros", "truncate", "bit flips", "page copied over another",
                      "zeroed header"])
    out = bytearray(data)
    if way in ("random bytes", "zeros"):
        length = rnd.randint(1, min(8192, size))
        at = rnd.randrange(0, size - length + 1)
        out[at:at + length] = rnd.randbytes(length) if way == "random bytes" else bytes(length)
        return f"{way}: {length} at {at}", bytes(out)
    if way == "truncate":
        at = rnd.randrange(0, size)
        return f"truncated at {at}", bytes(out[:at])
    if way == "bit flips":
        spots = sorted(rnd.randrange(0, size) for _ in range(rnd.randint(1, 40)))
        for spot in spots:
            out[spot] ^= 1 << rnd.randrange(8)
        return f"{len(spots)} bit flips from {spots[0]}", bytes(out)
    if way == "page copied over another":
        pages = size // 4096
        source, target = rnd.randrange(pages), rnd.randrange(pages)
        out[target * 4096:(target + 1) * 4096] = data[source * 4096:(source + 1) * 4096]
        return f"page {source + 1} copied over page {target + 1}", bytes(out)
    out[:100] = bytes(100)
    return way, bytes(out)


def open_damaged(path: Path) -> dict[str, object]:
    """Open a damaged journal as the board and the commands do: list it, rebuild every game,
    resume the latest unfinished one. Returns what was kept (games, events, replayable games,
    damaged games) and any traceback (an exception other than the one-line UserError)."""
    import contextlib
    import io
    import traceback

    from wordboard import cli
    from wordboard.errors import UserError
    from wordboard.journal import rebuild

    kept: dict[str, object] = {"games": 0, "events": 0, "replayable": 0, "damaged": 0, "refused": None,
                               "traceback": None}
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            status = cli.main(["games", "--journal", str(path), "list"])
        if status != 0:
            kept["refused"] = f"games list: exit {status}"
        with Journal(path) as journal:
            assert journal.db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
            for info in journal.games():
                kept["games"] = int(kept["games"]) + 1     # type: ignore[call-overload]
                kept["events"] = int(kept["events"]) + info.events  # type: ignore[call-overload]
                try:
                    rebuild(journal, info.id)
                    kept["replayable"] = int(kept["replayable"]) + 1  # type: ignore[call-overload]
                except UserError:
                    kept["damaged"] = int(kept["damaged"]) + 1  # type: ignore[call-overload]
            latest = journal.latest_unfinished()
            if latest is not None:
                JournaledGame(journal, latest.id)
    except UserError as exc:
        kept["refused"] = str(exc)
        if "\n" in str(exc):
            kept["traceback"] = f"an error of several lines: {exc}"
    except Exception:  # noqa: BLE001 - what the fuzz reports
        kept["traceback"] = traceback.format_exc()
    return kept
