"""The end of the game, the unplayed-letter adjustments and the tie-break (Lexulous rulebook).

On the tiny test edition (7 x 7, centre D4, eight tiles C A T X D O G S, racks of 4) the bag is
empty once the racks are dealt, so the end comes quickly.
"""

import pytest

from wordboard import gcg
from wordboard.crossword import END_SCORELESS, END_WENT_OUT, Exchange, Game, IllegalMove, Pass, Play
from wordboard.crossword.record import game_record, record_edition
from wordboard.crossword.replay import replay_record
from wordboard.dictionary import Dictionary
from wordboard.editions import load_edition

WORDS = Dictionary.from_words(["cat", "cog", "ax", "ox", "dogs", "cats"])


def dealt(edition):
    """Ann holds C A T X, Ben D O G S, the bag is empty; Ann to play."""
    game = Game(edition, ["Ann", "Ben"], dictionary=WORDS, seed=1, first_player=0)
    game.set_rack(0, "")
    game.set_rack(1, "DOGS")
    game.set_rack(0, "CATX")
    assert game.bag_count == 0
    return game


def ann_goes_out(game):
    game.push(Play.of(("C4", "C"), ("D4", "A"), ("E4", "T")))  # CAT: (4 + 1 + 2) x 2 = 14
    game.push(Play.of(("C5", "O"), ("C6", "G")))  # COG down: 4 + 1x3 + 2 = 9
    return game.push(Play.of(("D5", "X")))  # AX 9 and OX 9


def test_the_game_ends_when_the_bag_is_empty_and_a_player_uses_the_last_letter(tiny):
    """'The game ends when all letters have been drawn and one player uses his or her last letter.'
    'each player's score is reduced by the sum of their unplayed letters. In addition, if a player
    has used all of their letters, the sum of the other players' unplayed letters is added.'"""
    game = dealt(tiny(extra=""))
    last = ann_goes_out(game)
    assert last.score == 18
    result = game.result
    assert result.reason == END_WENT_OUT and result.went_out == 0
    assert result.racks == ("", "DS")
    assert result.scores_before == (32, 9)
    assert result.adjustments == (3, -3)
    assert result.final == (35, 6)
    assert result.winners == (0,) and not result.decided_by_tie_break
    with pytest.raises(IllegalMove, match="game is over"):
        game.push(Pass())


def test_scrabble_style_settlement_doubles_the_rack_and_spares_the_loser(tiny):
    """The Scrabble edition's rule: the player who goes out gains twice the opponent's tiles."""
    game = dealt(tiny(extra="", bonus="2x", others_lose="no"))
    ann_goes_out(game)
    assert game.result.adjustments == (6, 0)
    assert game.result.final == (38, 9)


def test_the_game_ends_when_the_bag_is_empty_and_all_players_pass(tiny):
    """'When no tiles are left to be drawn and all players pass their turn consecutively.'"""
    game = dealt(tiny(extra=""))
    game.push(Pass())
    assert not game.is_over
    game.push(Pass())
    result = game.result
    assert result.reason == END_SCORELESS and result.went_out is None
    assert result.adjustments == (-15, -6)  # CATX = 4+1+2+8, DOGS = 2+1+2+1
    assert result.final == (-15, -6) and result.winners == (1,)


def test_three_rounds_of_passes_end_the_game_while_tiles_are_left():
    """'When tiles are left to be drawn and all players pass three times consecutively.'"""
    game = Game(load_edition("lexulous"), ["Ann", "Ben"], seed=5)
    for _ in range(5):
        game.push(Pass())
    assert not game.is_over and game.scoreless_turns == 5
    game.push(Pass())
    assert game.is_over and game.result.reason == END_SCORELESS
    three = Game(load_edition("lexulous"), ["Ann", "Ben", "Cy"], seed=5)
    for _ in range(8):
        three.push(Pass())
    assert not three.is_over
    three.push(Pass())
    assert three.is_over


def test_swaps_count_as_passes_and_a_play_starts_the_count_again():
    game = Game(load_edition("lexulous"), ["Ann", "Ben"], dictionary=WORDS, seed=5, first_player=0)
    for _ in range(3):
        game.push(Exchange(game.rack(game.current)[:2]))
        game.push(Pass())
    assert game.is_over
    game.undo()
    assert not game.is_over and game.scoreless_turns == 5
    game.undo()
    game.set_rack(game.current, "CAT")
    game.push(Play.of(("G8", "C"), ("H8", "A"), ("I8", "T")))
    assert game.scoreless_turns == 0


def test_a_tie_goes_to_the_higher_score_before_the_adjustments(tiny):
    """'In case of a tie, the player with the highest score before adding or deducting unplayed
    letters wins.' Ann scores 14 but keeps an X worth 20: -6 against Ben's -6."""
    game = dealt(tiny(extra="", x_points=20))
    game.push(Play.of(("C4", "C"), ("D4", "A"), ("E4", "T")))
    game.push(Pass())
    game.push(Pass())
    result = game.result
    assert result.final == (-6, -6)
    assert result.winners == (0,) and result.decided_by_tie_break


def test_without_a_tie_break_a_tie_is_a_tie(tiny):
    game = dealt(tiny(extra="", x_points=20, tie_break="none"))
    game.push(Play.of(("C4", "C"), ("D4", "A"), ("E4", "T")))
    game.push(Pass())
    game.push(Pass())
    assert game.result.winners == (0, 1) and not game.result.decided_by_tie_break


def test_undo_takes_back_the_end_of_the_game(tiny):
    game = dealt(tiny(extra=""))
    ann_goes_out(game)
    game.undo()
    assert game.result is None and game.rack(0) == "X" and game.current == 0
    assert game.scores == [14, 9]


def test_a_finished_game_written_as_gcg_replays_with_every_score_matching(tiny):
    edition = tiny(extra="")
    game = dealt(edition)
    ann_goes_out(game)
    text = gcg.dumps(game_record(game))
    assert ">Ann: X 5C .X +18 32" in text  # one tile: written along its longer word, OX
    assert ">Ann: (DS) +3 35" in text
    assert ">Ben: DS (DS) -3 6" in text
    report = replay_record(gcg.parse(text), edition, WORDS)
    assert report.ok, report.mismatches
    assert report.final_scores == {"Ann": 35, "Ben": 6}


def test_three_and_four_player_games_are_written_with_the_extension(tiny):
    game = Game(load_edition("lexulous"), ["Ann Lee", "Ben", "Cy", "Di"], seed=2)
    for _ in range(4):
        game.push(Pass())
    record = gcg.parse(gcg.dumps(game_record(game)))
    assert [p.nick for p in record.players] == ["Ann_Lee", "Ben", "Cy", "Di"]
    assert record.players[0].name == "Ann Lee"
    assert record_edition(record) == "lexulous"          # a note Woogles skips, read back here
