"""Issue 40: a featureless picture (a uniform grey frame, a 1x1 frame) reads every covered square
as a tile without a letter, and each went to blank inference, 26^n letters tried: 75 s without a
watchdog ping; 4 letterless reads in one placement took 21.7 s. Inference is now capped at the
blanks the tile set has left: more letterless tiles than that are refused at once, no letter
tried; two blanks are at most 26^2 tries."""

from __future__ import annotations

import pytest

from wordboard.controller.tracking import PendingTile, Seen
from wordboard.crossword import hint  # (infer_blank_letters tries letters through its evaluate_play)
from wordboard.crossword.table import CrosswordAdapter, blanks_left, infer_blank_letters
from wordboard.journal import Journal, JournaledGame
from wordboard.rules import Square

WORDS = {"CAT", "CATS", "AT", "TA", "ACT", "SCAT", "CASTE", "TEA", "EAT", "ATE", "SEAT", "EAST"}


@pytest.fixture
def adapter(tmp_path):
    journal = Journal(tmp_path / "journal.sqlite3")
    game = JournaledGame.start(journal, "lexulous", "lexulous", ["Ann", "Ben"], seed=1,
                               options={"first_player": 0})
    yield CrosswordAdapter(game, dictionary=WORDS)
    journal.close()


@pytest.fixture
def tries(monkeypatch):
    counted = []
    real = hint.evaluate_play

    def counting(*args, **kwargs):
        counted.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(hint, "evaluate_play", counting)
    return counted


def _letterless(squares):
    return [PendingTile(Square(r, c), Seen(f"uid{r}-{c}", "?")) for r, c in squares]


def test_the_sets_blanks_are_counted(adapter):
    assert blanks_left(adapter.game) == adapter.game.edition.tiles.counts["?"] == 2


@pytest.mark.parametrize("count", [3, 4, 15])
def test_more_letterless_tiles_than_blanks_are_refused_without_trying_a_letter(adapter, tries, count):
    tiles = _letterless((7, c) for c in range(count))
    verdict = adapter.assess(tiles, {})
    assert verdict.status == "invalid"
    assert "only 2 blank" in verdict.message and set(verdict.at_fault) == {t.square for t in tiles}
    assert tries == []
    assert infer_blank_letters(adapter.game, [], [t.square for t in tiles]) == []
    assert tries == []


def test_two_blanks_are_worked_out_in_at_most_26_squared_tries(adapter, tries):
    from wordboard.crossword import Placement

    game = adapter.game
    game.set_rack(1, game.rack(1).replace("?", "").replace("C", ""))   # both blanks and a C free
    game.set_rack(0, "C??EST")
    known = [Placement(7, 7, "C", False)]
    choices = infer_blank_letters(adapter.game, known, [Square(7, 8), Square(7, 9)])
    assert ("AT", ) == tuple(letters for letters, _ in choices)
    assert 0 < len(tries) <= 26 * 26
