"""The journal's store: paths, durability settings, idempotent appends, resume and export."""

import json
import sqlite3

import pytest

from tests.controller.journal_child import next_move
from wordboard.crossword import IllegalMove, Play
from wordboard.errors import UserError
from wordboard.journal import Journal, JournalConflict, JournaledGame, data_dir, default_path, rebuild


def test_data_dir_order():
    assert str(data_dir({"WORDBOARD_DATA_DIR": "/d", "XDG_DATA_HOME": "/x", "HOME": "/h"})) == "/d"
    assert str(data_dir({"XDG_DATA_HOME": "/x", "HOME": "/h"})) == "/x/wordboard"
    assert str(data_dir({"HOME": "/h"})) == "/h/.local/share/wordboard"
    assert default_path({"HOME": "/h"}).name == "journal.sqlite3"


def test_wal_and_full_sync(tmp_path):
    with Journal(tmp_path / "j.sqlite3") as j:
        assert j.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert j.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_appends_are_numbered_idempotent_and_never_duplicated(tmp_path):
    with Journal(tmp_path / "j.sqlite3") as j:
        g = j.start_game("lexulous", "scrabble", ["A", "B"], seed=3)
        assert j.append(g, "move", {"pass": True}) == 0
        assert j.append(g, "decision", {"note": "x"}, seq=1) == 1
        assert j.append(g, "move", {"pass": True}, seq=0) == 0  # a retry: nothing written
        with pytest.raises(JournalConflict):
            j.append(g, "move", {"exchange": "A"}, seq=1)
        with pytest.raises(JournalConflict):
            j.append(g, "move", {"pass": True}, seq=5)
        assert [e.seq for e in j.events(g)] == [0, 1]
        with pytest.raises(sqlite3.IntegrityError):
            j.db.execute("INSERT INTO events VALUES (?, 0, 'move', '{}', 0)", (g,))
        with pytest.raises(UserError):
            j.append(99, "move", {})


def test_a_lexulous_game_resumes_exactly_with_decisions(tmp_path):
    path = tmp_path / "j.sqlite3"
    with Journal(path) as j:
        jg = JournaledGame.start(j, "lexulous", "scrabble", ["Ann", "Ben"], seed=11)
        jg.record("decision", {"rack": {"player": jg.game.current, "tiles": "CATSDOG"}})
        for _ in range(20):
            jg.play(next_move(jg.game))
        jg.record("decision", {"undo": "challenge upheld"})
        jg.record("decision", {"note": "ignored by replay"})
        jg.play(next_move(jg.game))
        with pytest.raises(IllegalMove):
            jg.play(Play.of(("A1", "Q")))  # illegal: refused before it reaches the journal
        expected = (jg.game.board.rows_text(), list(jg.game.scores), jg.game.current,
                    [jg.game.rack(i) for i in range(2)], jg.game.bag_count)
        n = jg.seq
    with Journal(path) as j:
        assert j.game(jg.id).events == n == 24
        info, game = rebuild(j, jg.id)
        assert (game.board.rows_text(), list(game.scores), game.current,
                [game.rack(i) for i in range(2)], game.bag_count) == expected
        assert j.latest_unfinished().id == jg.id


def test_a_whole_game_finishes_and_exports(tmp_path):
    from wordboard import gcg

    with Journal(tmp_path / "j.sqlite3") as j:
        jg = JournaledGame.start(j, "lexulous", "lexulous", ["Ann", "Ben"], seed=2)
        while not jg.game.is_over:
            jg.play(next_move(jg.game))
        info = j.game(jg.id)
        assert info.finished is not None and info.result["winners"]
        assert j.latest_unfinished() is None
        text = jg.codec.export(jg.game, "gcg")
        record = gcg.parse(text)
        assert len(record.events) >= len(jg.game.history)
        with pytest.raises(UserError):
            jg.codec.export(jg.game, "pgn")
        json.dumps([e.data for e in j.events(jg.id)])


def test_score_corrections_count_in_the_result_and_survive_a_rebuild(tmp_path):
    from wordboard.crossword import Pass

    with Journal(tmp_path / "j.sqlite3") as j:
        jg = JournaledGame.start(j, "lexulous", "scrabble", ["Ada", "Blaise"], seed=3)
        jg.record("decision", {"score_edit": {"player": 1, "delta": 7, "by": "screen"}})
        jg.record("decision", {"score_edit": {"player": 0, "delta": -2, "by": "screen"}})
        with pytest.raises(UserError):
            jg.record("decision", {"score_edit": {"player": 5, "delta": 1}})
        with pytest.raises(UserError):
            jg.record("decision", {"score_edit": {"player": 0}})
        while jg.game.result is None:
            jg.play(Pass())
        engine = list(jg.game.result.final)
        info = j.game(jg.id)
        assert info.result["final"] == [engine[0] - 2, engine[1] + 7]
        assert info.result["winners"] == [1]          # the correction decides the game
        assert info.result["score_edits"] == {"0": -2, "1": 7}
        _, again = rebuild(j, jg.id)
        assert jg.codec.result(again) == info.result
        assert "#note score corrected by hand: Blaise +7" in jg.codec.export(again, "gcg")
