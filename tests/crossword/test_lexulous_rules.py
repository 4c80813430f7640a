"""The Lexulous rulebook, rule by rule (quoted), on the real Lexulous board.

Squares are written as the records write them: column letter, row number (H8 is the centre).
"""

import pytest

from wordboard.crossword import Exchange, Game, IllegalMove, Pass, Play
from wordboard.dictionary import Dictionary
from wordboard.editions import load_edition

WORDS = Dictionary.from_words("""
    absolute battles superb xi ax bi ban cat cats act at to tow
    word words sword ow ox re er ore
""".split())


@pytest.fixture
def lexulous():
    return load_edition("lexulous")


def new_game(edition, players=("Ann", "Ben"), **kw):
    kw.setdefault("seed", 1)
    kw.setdefault("first_player", 0)
    return Game(edition, list(players), dictionary=WORDS, **kw)


def play(game, rack, *tiles, across=None):
    """Give the player to move ``rack`` (drawn from the bag) and play ``tiles``."""
    game.set_rack(game.current, rack)
    return game.push(Play(Play.of(*tiles).placements, across))


# -- players, bag and racks ------------------------------------------------------------------

@pytest.mark.parametrize("n", [1, 5])
def test_two_to_four_players(lexulous, n):
    """'Multi-player (3-4) is allowed online': 2-4 players, no more, no fewer."""
    with pytest.raises(ValueError, match="2-4 players"):
        Game(lexulous, [f"P{i}" for i in range(n)])
    for n in (2, 3, 4):
        assert len(Game(lexulous, [f"P{i}" for i in range(n)]).players) == n


def test_racks_hold_eight_and_the_pool_is_89(lexulous):
    """'the entire pool consists of 89 tiles'; racks are replenished 'up to a maximum of 8'."""
    game = Game(lexulous, ["Ann", "Ben", "Cy"], seed=3)
    assert [len(game.rack(i)) for i in range(3)] == [8, 8, 8]
    assert game.bag_count == 89 - 24


def test_the_same_seed_deals_the_same_game(lexulous):
    a, b = Game(lexulous, ["Ann", "Ben"], seed=42), Game(lexulous, ["Ann", "Ben"], seed=42)
    assert (a.first_player, a.rack(0), a.rack(1)) == (b.first_player, b.rack(0), b.rack(1))
    others = {Game(lexulous, ["Ann", "Ben"], seed=s).rack(0) for s in range(10)}
    assert len(others) > 1


def test_the_first_player_is_randomly_chosen(lexulous):
    """'The player who goes first is randomly chosen.'"""
    firsts = {Game(lexulous, ["Ann", "Ben", "Cy"], seed=s).first_player for s in range(30)}
    assert firsts == {0, 1, 2}


def test_rack_is_replenished_to_eight_after_a_play(lexulous):
    """'Once you've played a word, your rack will be replenished with new tiles, up to 8.'"""
    game = new_game(lexulous)
    turn = play(game, "CATEEEEE", ("G8", "C"), ("H8", "A"), ("I8", "T"))
    assert len(turn.drawn) == 3
    assert len(game.rack(0)) == 8
    assert game.bag_count == 89 - 16 - 3
    assert game.current == 1


# -- where tiles may go ----------------------------------------------------------------------

def test_first_move_uses_two_tiles_and_covers_the_centre(lexulous):
    """'They must use at least 2 or more tiles ... Any one tile must fall on the centre square.'"""
    game = new_game(lexulous)
    game.set_rack(0, "CATS")
    off_centre = Play.of(("A1", "C"), ("B1", "A"), ("C1", "T"))
    assert game.illegal_reason(off_centre).rule == "first-move-on-centre"
    one_tile = Play.of(("H8", "A"))
    assert game.illegal_reason(one_tile).rule == "first-move-tile-count"
    assert game.is_legal(Play.of(("H8", "A"), ("H9", "T")))


def test_diagonal_words_are_not_allowed(lexulous):
    """'Diagonal words are not allowed': the tiles of a play lie in one row or one column."""
    game = new_game(lexulous)
    game.set_rack(0, "CAT")
    diagonal = Play.of(("G7", "C"), ("H8", "A"), ("I9", "T"))
    err = game.illegal_reason(diagonal)
    assert err.rule == "one-row-or-column"
    assert set(err.squares) == {(6, 6), (7, 7), (8, 8)}


def test_no_gaps_unless_tiles_on_the_board_fill_them(lexulous):
    game = new_game(lexulous)
    game.set_rack(0, "CAT")
    gap = Play.of(("G8", "C"), ("I8", "T"))
    err = game.illegal_reason(gap)
    assert err.rule == "no-gaps" and err.squares == ((7, 7),)
    play(game, "CAT", ("G8", "C"), ("H8", "A"), ("I8", "T"))
    # Ben plays S after CAT: no gap, CAT is on the board.
    game.set_rack(1, "S")
    assert game.evaluate(Play.of(("J8", "S"))).main.text == "CATS"
    # ...and across the existing A: T _ W with O between? O is not there: a gap.
    game.set_rack(1, "TW")
    err = game.illegal_reason(Play.of(("H9", "T"), ("H11", "W")))
    assert err.rule == "no-gaps" and err.squares == ((9, 7),)


def test_later_plays_touch_the_tiles_on_the_board(lexulous):
    """New words are formed 'parallel to', 'adding letters to' or 'at right angles to' a word
    already played: a play must touch the tiles on the board."""
    game = new_game(lexulous)
    play(game, "CAT", ("G8", "C"), ("H8", "A"), ("I8", "T"))
    game.set_rack(1, "AT")
    err = game.illegal_reason(Play.of(("A1", "A"), ("B1", "T")))
    assert err.rule == "touch-existing-tiles"


def test_a_play_must_form_a_word_of_two_letters():
    edition = load_edition("lexulous")
    game = new_game(edition)
    play(game, "CAT", ("G8", "C"), ("H8", "A"), ("I8", "T"))
    game.set_rack(1, "S")
    # diagonal neighbour only: touches nothing orthogonally
    assert game.illegal_reason(Play.of(("J9", "S"))).rule == "touch-existing-tiles"


def test_an_invalid_word_is_refused_before_it_counts_naming_the_bad_words(lexulous):
    """'All words are permitted' only if in the dictionary: the play is refused and nothing changes."""
    game = new_game(lexulous)
    game.set_rack(0, "CTA")
    before = (game.rack(0), game.bag_count, list(game.scores), len(game.board))
    with pytest.raises(IllegalMove) as err:
        game.push(Play.of(("G8", "C"), ("H8", "T"), ("I8", "A")))
    assert err.value.rule == "words-in-dictionary"
    assert err.value.words == ("CTA",)
    assert "CTA" in str(err.value)
    assert (game.rack(0), game.bag_count, list(game.scores), len(game.board)) == before
    assert game.current == 0 and not game.history


def test_every_bad_word_is_named_including_cross_words(lexulous):
    game = new_game(lexulous)
    play(game, "CAT", ("G8", "C"), ("H8", "A"), ("I8", "T"))
    game.set_rack(1, "OX")
    # OX under C A: forms OX (ok) and cross words CO, AX (AX ok, CO not in this list)
    err = game.illegal_reason(Play.of(("G9", "O"), ("H9", "X")))
    assert err.rule == "words-in-dictionary" and err.words == ("CO",)
    assert (8, 6) in err.squares and (7, 6) in err.squares


def test_tiles_come_from_the_rack(lexulous):
    game = new_game(lexulous)
    game.set_rack(0, "CAT")
    err = game.illegal_reason(Play.of(("G8", "C"), ("H8", "A"), ("I8", "T"), ("J8", "S")))
    assert err.rule == "tiles-from-rack" and "S" in str(err)


# -- scoring ---------------------------------------------------------------------------------

def test_the_centre_square_doubles_the_first_word(lexulous):
    """'The centre square doubles the score for the first word.' CAT = (4 + 1 + 2) x 2."""
    game = new_game(lexulous)
    assert play(game, "CAT", ("G8", "C"), ("H8", "A"), ("I8", "T")).score == 14


def test_two_word_premiums_multiply_and_all_eight_tiles_earn_50(lexulous):
    """'If a word is formed that covers two premium word squares, the score is doubled and then
    re-doubled, or tripled and then re-tripled.' ABSOLUTE from A8 (triple word) to H8 (the centre,
    double word): (1+4+1+1+1+1+2+1) x 3 x 2 = 72, plus 'If you use all your 8 tiles, you get a
    50 point bonus!'"""
    game = new_game(lexulous)
    turn = play(game, "ABSOLUTE", *zip("A8 B8 C8 D8 E8 F8 G8 H8".split(), "ABSOLUTE"))
    assert turn.words[0].score == 72 and turn.bingo == 50 and turn.score == 122


def test_seven_tiles_earn_40(lexulous):
    """'If you play seven tiles on a turn, it's a Bingo ... a premium of 40 points.' BATTLES from
    B8 to H8: (4+1+2+2+1+1+1) x 2 = 24, + 40."""
    game = new_game(lexulous)
    turn = play(game, "BATTLES", *zip("B8 C8 D8 E8 F8 G8 H8".split(), "BATTLES"))
    assert (turn.words[0].score, turn.bingo, turn.score) == (24, 40, 64)


def absolute_on_the_board(edition):
    game = new_game(edition)
    play(game, "ABSOLUTE", *zip("A8 B8 C8 D8 E8 F8 G8 H8".split(), "ABSOLUTE"))
    return game


def test_letter_premiums_count_before_word_premiums(lexulous):
    """'Include premiums for double or triple letter values, if any, before doubling or tripling
    the word score.' SUPERB down B3-B8: S on B3 (double word), R on B7 (double letter), B already
    there: (1 + 1 + 4 + 1 + 1x2 + 4) x 2 = 26."""
    game = absolute_on_the_board(lexulous)
    turn = play(game, "SUPER", *zip("B3 B4 B5 B6 B7".split(), "SUPER"))
    assert turn.words[0].text == "SUPERB"
    assert turn.score == 26


def test_a_blank_scores_nothing_but_its_word_premium_counts(lexulous):
    """'When a blank tile is played on a pink or red square, the value of the word is doubled or
    tripled, even though the blank itself has no score value.' SUPERB with a blank S on B3:
    (0 + 1 + 4 + 1 + 2 + 4) x 2 = 24."""
    game = absolute_on_the_board(lexulous)
    turn = play(game, "?UPER", *zip("B3 B4 B5 B6 B7".split(), "sUPER"))
    assert turn.score == 24
    assert turn.words[0].display == "sUPERB"


def test_premiums_count_only_on_the_turn_they_are_played(lexulous):
    """'Letter and word premiums count only on the turn in which they are played.' BAN down A7-A9
    through the A of ABSOLUTE on A8 (a triple word, already used): 4 + 1 + 1 = 6."""
    game = absolute_on_the_board(lexulous)
    turn = play(game, "BN", ("A7", "B"), ("A9", "N"))
    assert turn.words[0].text == "BAN" and turn.score == 6


def test_every_word_formed_is_scored_sharing_letters_with_their_premiums(lexulous):
    """'When two or more words are formed in the same play, each is scored. The common letter is
    counted (with full premium value, if any) for each word.' XI on A9-B9 under AB: XI = 8 + 1x2,
    AX = 1 + 8, BI = 4 + 1x2 (the I on B9, a double letter, counts doubled in both)."""
    game = absolute_on_the_board(lexulous)
    turn = play(game, "XI", ("A9", "X"), ("B9", "I"))
    assert {w.text: w.score for w in turn.words} == {"XI": 10, "AX": 9, "BI": 6}
    assert turn.score == 25


def test_a_blank_keeps_its_letter_for_the_rest_of_the_game(lexulous):
    """'When playing a blank, you must choose which letter it represents. It remains that letter
    for the rest of the game.'"""
    game = new_game(lexulous)
    play(game, "CA?", ("G8", "C"), ("H8", "A"), ("I8", "t"))
    tile = game.board[(7, 8)]
    assert tile.letter == "T" and tile.blank
    # Later, CATS reads the blank as T and scores it 0: C4 + A1 + t0 + S1 (J8 plain).
    game.set_rack(1, "S")
    turn = game.push(Play.of(("J8", "S")))
    assert turn.words[0].display == "CAtS" and turn.score == 6
    # There is no way to give the blank another letter: its square is taken.
    game.set_rack(0, "W")
    assert game.illegal_reason(Play.of(("I8", "W"))).rule == "square-taken"


# -- swaps and passes ------------------------------------------------------------------------

def test_swap_some_or_all_of_the_rack(lexulous):
    """'You may use a turn to exchange all, some, or none of the letters ... This ends your turn.'"""
    game = new_game(lexulous)
    game.set_rack(0, "AEIOUCAT")
    turn = game.push(Exchange("AEIOU"))
    assert turn.score == 0 and len(turn.drawn) == 5
    assert len(game.rack(0)) == 8 and game.bag_count == 89 - 16
    assert game.current == 1
    game.push(Exchange(game.rack(1)))  # all eight
    assert len(game.rack(1)) == 8 and game.bag_count == 89 - 16


def test_swapping_none_is_a_pass(lexulous):
    game = new_game(lexulous)
    rack = game.rack(0)
    turn = game.push(Pass())
    assert turn.score == 0 and game.rack(0) == rack and game.current == 1


def test_swap_needs_as_many_tiles_in_the_bag(tiny):
    """The rulebook is silent; wordboard refuses a swap of more tiles than the bag holds."""
    game = Game(tiny(), ["Ann", "Ben"], seed=1, first_player=0)
    assert game.bag_count == 2
    game.set_rack(0, game.rack(0))
    three = Exchange(game.rack(0)[:3])
    err = game.illegal_reason(three)
    assert err.rule == "exchange" and "holds 2" in str(err)
    assert game.is_legal(Exchange(game.rack(0)[:2]))


def test_swap_only_tiles_on_the_rack(lexulous):
    game = new_game(lexulous)
    game.set_rack(0, "EEEEEEEE")
    assert game.illegal_reason(Exchange("Z")).rule == "tiles-from-rack"


def test_scrabble_needs_seven_tiles_in_the_bag_to_exchange():
    edition = load_edition("scrabble")
    assert edition.tiles.exchange_min_bag == 7


# -- history and undo ------------------------------------------------------------------------

def test_history_records_every_turn(lexulous):
    game = new_game(lexulous)
    play(game, "CAT", ("G8", "C"), ("H8", "A"), ("I8", "T"))
    game.push(Pass())
    assert [t.number for t in game.history] == [1, 2]
    assert [t.player for t in game.history] == [0, 1]
    assert game.history[0].words[0].text == "CAT" and game.history[0].total == 14
    assert isinstance(game.history[1].move, Pass)


def snapshot(game):
    return (game.board.rows_text(), [game.rack(i) for i in range(len(game.players))],
            game.bag_count, game.unseen_tiles(0), list(game.scores), game.current,
            game.scoreless_turns, len(game.history), game.result)


def test_undo_takes_back_the_last_move_exactly(lexulous):
    """Game-night mistakes happen: undo restores board, racks, bag, scores and turn."""
    game = new_game(lexulous)
    game.set_rack(0, "CATSWORD")
    before = snapshot(game)
    game.push(Play.of(("G8", "C"), ("H8", "A"), ("I8", "T")))
    after = snapshot(game)
    game.undo()
    assert snapshot(game) == before
    # and redoing it draws the very same tiles
    game.push(Play.of(("G8", "C"), ("H8", "A"), ("I8", "T")))
    assert snapshot(game) == after


def test_undo_an_exchange_restores_the_bag_order(lexulous):
    game = new_game(lexulous)
    before = snapshot(game)
    game.push(Exchange(game.rack(0)[:4]))
    after = snapshot(game)
    game.undo()
    assert snapshot(game) == before
    game.push(Exchange(game.rack(0)[:4]))
    assert snapshot(game) == after


def test_undo_with_nothing_to_undo(lexulous):
    with pytest.raises(IllegalMove, match="no move to undo"):
        new_game(lexulous).undo()
