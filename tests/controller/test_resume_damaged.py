"""Issue 40: a journal the board cannot replay must not mean a crash loop with a blank kiosk. An
unplayable event in the unfinished game (a bad move, a missing event, a bad kind or edition, bad
UTF-8) marks that game damaged, and the table starts a new game, saying so on the screen for the
whole run; a journal of a newer wordboard is set aside untouched and a fresh one started. The
salvage report stays on the screen too (it was replaced by "Ann to play" before a page came)."""

from __future__ import annotations

import sqlite3

import pytest

from tests.controller.journal_child import next_move
from wordboard import cli
from wordboard.controller.session import SessionConfig, open_session
from wordboard.journal import SCHEMA_VERSION, Journal, JournaledGame, default_path
from wordboard.screen.snapshot import snapshot


@pytest.fixture
def board_journal(tmp_path, monkeypatch):
    """The twin board's own journal (no --journal: the one the board must open), with a game of
    3 moves left unfinished."""
    monkeypatch.setenv("WORDBOARD_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("WORDBOARD_FOLDERS", "none")
    path = default_path(twin=True)
    with Journal(path) as journal:
        game = JournaledGame.start(journal, "lexulous", "lexulous", ["Ann", "Ben"], seed=3,
                                   options={"first_player": 0})
        for _ in range(3):
            game.play(next_move(game.game))
    return path


def _sql(path, *statements):
    db = sqlite3.connect(path)
    for statement in statements:
        db.execute(statement)
    db.commit()
    db.close()


DAMAGE = {
    "a bad move": "UPDATE events SET data = '{\"play\": [\"H8=Q\", \"H9=Q\"]}' WHERE game = 1 AND seq = 2",
    "a missing event": "DELETE FROM events WHERE game = 1 AND seq = 1",
    "a bad kind": "UPDATE games SET kind = 'nosuchgame' WHERE id = 1",
    "a bad edition": "UPDATE games SET edition = 'nosuchedition' WHERE id = 1",
    "bad UTF-8": "UPDATE events SET data = CAST(X'7B22706C6179223A5B2248383DFF225D7D' AS TEXT) "
                 "WHERE game = 1 AND seq = 1",
}


def _session(said):
    return open_session(SessionConfig(hardware="direct", show_leds=False, habits="tidy", out=said.append))


@pytest.mark.parametrize("damage", DAMAGE)
def test_an_unplayable_unfinished_game_is_marked_damaged_and_the_table_starts(board_journal, damage, capsys):
    _sql(board_journal, DAMAGE[damage])
    said: list[str] = []
    with _session(said) as session:
        assert session.jgame.id == 2                           # a new game: the table starts
        notices = session.controller.notices
        assert any("game 1" in n and "marked damaged" in n for n in notices), (notices, said)
        session.controller.say("Ann to play")                 # the next message...
        shown = snapshot(session.controller)
        assert shown["notices"] == notices and shown["message"] == "Ann to play"   # ...keeps the notice
    with Journal(board_journal) as journal:
        info = journal.game(1)
        assert info.damaged and journal.latest_unfinished().id == 2
    # the commands list it as damaged, and refuse it in one line
    assert cli.main(["games", "--twin", "list"]) == 0
    listed = [line for line in capsys.readouterr().out.splitlines() if line.strip().startswith("1 ")]
    assert "damaged" in listed[0]
    assert cli.main(["games", "--twin", "resume", "1"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    # opened again: the new game is resumed, nothing more is marked
    with _session([]) as again:
        assert again.jgame.id == 2 and again.controller.notices == []


def test_a_newer_journal_is_set_aside_untouched_and_the_table_starts(board_journal, capsys):
    _sql(board_journal, f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    before = board_journal.read_bytes()
    with _session([]) as session:
        assert session.jgame.id == 1 and session.jgame.seq == 0     # a fresh journal, a new game
        assert any("newer" in n and "kept untouched" in n for n in session.controller.notices)
    kept = list(board_journal.parent.glob(board_journal.name + ".newer-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == before
    # the commands still refuse a newer journal named to them, in one line, leaving it as it is
    assert cli.main(["games", "--journal", str(kept[0]), "list"]) == 2
    assert "newer" in capsys.readouterr().err and kept[0].read_bytes() == before


def test_the_salvage_report_stays_on_the_screen(board_journal):
    with open(board_journal, "r+b") as f:
        f.write(bytes(100))
    with _session([]) as session:
        session.controller.say("Ann to play")
        shown = snapshot(session.controller)
        assert any("was damaged" in n for n in shown["notices"]), shown["notices"]
