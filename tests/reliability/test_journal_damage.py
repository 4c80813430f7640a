"""Issue 23, the journal: one damaged page must not brick the board. A damaged file is salvaged
into a fresh journal (the damaged one kept aside, the loss reported); a bad row is one game
marked damaged, never a traceback in ``games list`` or a resume."""

from __future__ import annotations

import logging
import sqlite3

import pytest

from tests.reliability.journal_damage import (
    bad_utf8_event,
    break_event_json,
    break_players_json,
    break_result_json,
    make_journal,
    overwrite_middle,
    truncate_half,
    zero_header,
)
from wordboard import cli
from wordboard.errors import UserError
from wordboard.journal import Journal, JournaledGame, rebuild


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    path = tmp_path_factory.mktemp("pristine") / "journal.sqlite3"
    make_journal(path, games=8, moves=40)
    return path


@pytest.fixture
def journal_path(pristine, tmp_path):
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(pristine.read_bytes())
    return path


def _all_games_work(journal: Journal) -> None:
    for info in journal.games():
        if info.damaged:
            with pytest.raises(UserError):
                rebuild(journal, info.id)
        else:
            rebuild(journal, info.id)


@pytest.mark.parametrize("damage", [overwrite_middle, truncate_half, zero_header])
def test_a_damaged_file_is_salvaged_set_aside_and_reported(journal_path, damage, caplog, capsys):
    damage(journal_path)
    with caplog.at_level(logging.WARNING, logger="wordboard.journal"):
        journal = Journal(journal_path)
    with journal:
        assert journal.salvage_report and "damaged" in journal.salvage_report
        assert journal.salvage_report in caplog.text
        assert journal.db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        _all_games_work(journal)
        if damage is not zero_header:
            assert journal.games(), "games before the damage are salvaged"
        # the board goes on: a new game is written to the fresh journal
        jg = JournaledGame.start(journal, "lexulous", "lexulous", ["Cy", "Di"], seed=9)
        assert jg.id in [g.id for g in journal.games()]
    aside = list(journal_path.parent.glob("journal.sqlite3.damaged-*"))
    assert [p for p in aside if not p.name.endswith(("-wal", "-shm"))]
    # opened again: healthy, nothing to report
    with Journal(journal_path) as again:
        assert again.salvage_report is None
    assert cli.main(["games", "--journal", str(journal_path), "list"]) == 0


def test_games_list_prints_the_salvage_report(journal_path, capsys):
    overwrite_middle(journal_path)
    assert cli.main(["games", "--journal", str(journal_path), "list"]) == 0
    out = capsys.readouterr().out
    assert "was damaged" in out and "salvaged" in out


def test_a_mid_file_overwrite_keeps_every_game_it_can(journal_path):
    with Journal(journal_path) as before:
        counts = {g.id: g.events for g in before.games()}
    overwrite_middle(journal_path)
    with Journal(journal_path) as journal:
        after = {g.id: g.events for g in journal.games()}
    assert after and all(after[g] <= counts[g] for g in after)
    assert sum(after.values()) > 0


@pytest.mark.parametrize("damage, game", [(break_event_json, 1), (break_players_json, 1),
                                          (break_result_json, 3), (bad_utf8_event, 2)])
def test_a_bad_row_is_one_damaged_game(journal_path, damage, game, capsys):
    damage(journal_path)
    with Journal(journal_path) as journal:
        assert journal.salvage_report is None          # the file itself is sound
        games = {g.id: g for g in journal.games()}
        assert len(games) == 8
        assert [g for g in games if games[g].damaged] == [game]
        with pytest.raises(UserError) as caught:
            rebuild(journal, game)
        assert "damaged" in str(caught.value) and "\n" not in str(caught.value)
        for other in games:
            if other != game:
                rebuild(journal, other)
        latest = journal.latest_unfinished()
        assert latest is None or latest.id != game
    base = ["games", "--journal", str(journal_path)]
    assert cli.main(base + ["list"]) == 0
    out = capsys.readouterr().out
    line = [row for row in out.splitlines() if row.strip().startswith(f"{game} ")]
    assert line and "damaged" in line[0]
    for action in (["show", str(game)], ["export", str(game)], ["export", str(game), "--format", "json"],
                   ["resume", str(game)]):
        assert cli.main(base + action) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "damaged" in err


def test_resume_skips_a_damaged_unfinished_game(tmp_path):
    path = tmp_path / "journal.sqlite3"
    make_journal(path, games=2, moves=5)
    db = sqlite3.connect(path)
    db.execute("UPDATE events SET data = 'nope' WHERE game = 2 AND seq = 0")
    db.commit()
    db.close()
    with Journal(path) as journal:
        assert journal.latest_unfinished().id == 1


@pytest.mark.parametrize("damage", [overwrite_middle, truncate_half, zero_header])
@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("size", [(4, 30), (8, 40)])
def test_a_game_not_marked_damaged_kept_every_event(tmp_path, damage, seed, size):
    """Issue 40: a game whose events were lost was resumed 'after 0 events'; now every game a
    salvage keeps unmarked has all the events it had (no backups to help here)."""
    from wordboard.journal import backup_paths

    journal_path = tmp_path / "journal.sqlite3"
    make_journal(journal_path, games=size[0], moves=size[1])
    with Journal(journal_path) as before:
        counts = {g.id: g.events for g in before.games()}
    for copy in backup_paths(journal_path):
        copy.unlink(missing_ok=True)
    damage(journal_path, seed)
    with Journal(journal_path) as journal:
        for info in journal.games():
            if not info.damaged:
                assert info.events == counts[info.id], (info.id, info.events, counts[info.id])
