"""What a club expects of a crossword table, beyond the rules of one move: the standard settlement
with three or four players, ties said as ties, the tracking sheet, and clear errors for a bad
edition file."""

from __future__ import annotations

from wordboard.cli import main
from wordboard.crossword import Game
from wordboard.editions import load_edition


def ended(players, racks, went_out=None):
    game = Game(load_edition("scrabble"), players, seed=1, first_player=0, physical=True)
    game._finish("went-out" if went_out is not None else "scoreless-turns", went_out, racks)
    return game.result


def test_two_players_settle_as_north_american_records_do():
    result = ended(["Ann", "Ben"], ("", "QZ"), went_out=0)
    assert result.adjustments == (2 * 20, 0)


def test_three_or_four_players_use_the_standard_settlement():
    # "if a player has used all of his or her letters, the sum of the other players' unplayed
    # letters is added to that player's score", and each of them loses their own
    result = ended(["Ann", "Ben", "Cy"], ("", "QZ", "AE"), went_out=0)
    assert result.adjustments == (20 + 2, -20, -2)


def test_scoreless_turns_end_a_game_after_three_rounds_whatever_the_players():
    tiles = load_edition("scrabble").tiles
    assert [tiles.scoreless_turns_to_end(n, False) for n in (2, 3, 4)] == [6, 9, 12]


def test_a_tie_is_said_as_a_tie():
    from types import SimpleNamespace

    from wordboard.crossword.table import CrosswordAdapter

    game = Game(load_edition("scrabble"), ["Ann", "Ben"], seed=1, first_player=0, physical=True)
    game._finish("scoreless-turns", None, ("", ""))
    adapter = CrosswordAdapter(SimpleNamespace(game=game))
    assert adapter.result_text().endswith("Ann and Ben tie") and "wins" not in adapter.result_text()
    assert game.outcome().result_text() == "Ann and Ben tie on 0"


def test_a_tie_settled_by_the_tie_break_says_so():
    """Lexulous breaks a tie by the scores before the racks were counted: equal totals, one
    winner, and the words say it was the tie-break (they read 'Ann wins' with equal totals)."""
    from types import SimpleNamespace

    from wordboard.crossword.table import CrosswordAdapter

    game = Game(load_edition("lexulous"), ["Ann", "Ben"], seed=1, first_player=0, physical=True)
    assert game.edition.tiles.tie_break_before_adjustments
    game.scores = [20, 18]
    assert game.edition.tiles.rack_value("AA") == 2
    game._finish("scoreless-turns", None, ("AA", ""))     # Ann loses her rack's 2 points: equal totals
    r = game.result
    assert r.final[0] == r.final[1] and r.winners == (0,) and r.decided_by_tie_break
    text = CrosswordAdapter(SimpleNamespace(game=game)).result_text()
    assert "a tie, Ann wins on the tie-break (before the racks: Ann 20, Ben 18)" in text
    assert game.outcome().result_text() == f"Ann wins on the tie-break {r.final[0]}-{r.final[1]}"


def test_the_screen_shows_the_tracking_sheet():
    from wordboard import registry

    game = Game(load_edition("scrabble"), ["Ann", "Ben"], seed=1, first_player=0, physical=True)
    game.push(game.parse_move("8E WORD"))
    view = registry.family("scrabble").view(game)
    assert len(view["unseen"]) == 96 and view["unseen"].count("W") == 1 and view["bag"] == 82


def test_the_terminal_game_shows_the_tracking_sheet(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("unseen\nquit\n"))
    assert main(["play", "lexulous", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "unseen (" in out and "tiles: the bag and the other rack" in out
