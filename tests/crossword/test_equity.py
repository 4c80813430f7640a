"""Equity (score plus the value of the tiles kept): the leave tables, the ranking with exchanges
and the pass, the endgame, and `wordboard analyse` / `wordboard hint` ranking by it."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordboard import gcg
from wordboard.cli import main
from wordboard.crossword import Board, Tile, parse_square
from wordboard.crossword.analysis import analyse_record
from wordboard.crossword.dawg import Dawg
from wordboard.crossword.equity import (
    EXCHANGE,
    PASS,
    PLAY,
    Situation,
    bag_size,
    keeps,
    rank,
    subtract,
    unseen_tiles,
)
from wordboard.crossword.hint import exchange_hint, hint
from wordboard.crossword.leaves import LeaveTable, leave_table
from wordboard.crossword.movegen import MoveGenerator
from wordboard.crossword.replay import replay_record
from wordboard.dictionary import Dictionary
from wordboard.editions import load_edition

WORDS = Dictionary.from_words("""
    at ta to it ti on no in is si as so os ax ox xi ex re er ed de do od go ag qi za
    cat act cot cog dog god got tog tag gat sat its sit tis ion ions dot tod quit quits suit
    cats acts dogs gods cots cogs tags dots rat tar art arts rats star tars rate tear tare
    vu uvula iv vi
""".split())
DAWG = Dawg.from_words(WORDS)

# A table with round numbers, to check equities by hand.
HAND = LeaveTable(tiles={"?": 25.0, "S": 8.0, "E": 1.5, "Q": -7.0, "U": -3.0, "A": 1.0},
                  duplicates={"E": -2.5, "U": -4.0}, balance={3: -6.0, -3: -5.0},
                  q_without_u=-5.0, qu=2.0)


@pytest.fixture(scope="module")
def scrabble():
    return load_edition("scrabble")


@pytest.fixture(scope="module")
def lexulous():
    return load_edition("lexulous")


def place(board, square, word, across=True):
    r, c = parse_square(square)
    for i, ch in enumerate(word):
        board.place((r, c + i) if across else (r + i, c), Tile(ch.upper(), ch.islower()))
    return board


def full_bag(edition, board=None, rack=""):
    board = board or Board(edition.board)
    return Situation(edition, bag_size(edition, len(board), 2), unseen_tiles(edition, board, rack), 2)


# -- leave values -----------------------------------------------------------------------------------

def test_a_leave_value_by_hand():
    # EEQS: E 1.5 twice, S 8, Q -7, one pair of Es -2.5, 2 vowels and 2 consonants (no balance
    # term), a Q with no U -5.
    assert HAND.value("EEQS") == HAND.value("SQEE") == pytest.approx(1.5 * 2 + 8 - 7 - 2.5 - 5)
    assert HAND.value("") == 0
    assert HAND.value("QU") == pytest.approx(-7 - 3 + 2)          # a Q with its U
    assert HAND.value("Q?") == pytest.approx(-7 + 25)             # a blank can be the U
    assert HAND.value("UUU") == pytest.approx(-9 - 4 * 3 - 6)     # three pairs, three vowels more


@pytest.mark.parametrize("name", ["scrabble", "lexulous"])
def test_the_shipped_tables_value_the_tiles_as_players_do(name):
    edition = load_edition(name)
    table = leave_table(edition)
    assert table.source == f"leaves-{name}.json"
    assert set(edition.tiles.counts) <= set(table.tiles)
    v = table.value
    assert v("?") > v("S") > 0                       # the blank best, then S
    assert v("S") > v("E") and v("?") > 5
    assert v("Q") < 0 and table.q_without_u < 0      # a Q is a burden, more so with no U
    assert v("UUU") < v("U") < 0 and v("V") < 0
    assert v("ERS") > v("IUV")                       # good letters together beat clunky ones
    assert v("EEEE") < v("E")                        # duplicates are penalised


def test_an_owners_edition_borrows_the_table_for_its_rack_size(scrabble, lexulous):
    from dataclasses import replace

    own = replace(scrabble, name="Club")
    assert leave_table(own) is leave_table(scrabble)
    own8 = replace(lexulous, name="Club8")
    assert leave_table(own8) is leave_table(lexulous)


# -- equity of a move -------------------------------------------------------------------------------

def test_equity_of_a_known_position_by_hand(scrabble):
    board = Board(scrabble.board)
    rack = "CATSEEQ"
    situation = Situation(scrabble, 86, unseen_tiles(scrabble, board, rack), 2, HAND)
    plays = MoveGenerator(DAWG, scrabble).generate(board, rack)
    choices = rank(board, rack, plays, situation)
    cat = next(c for c in choices if c.kind == PLAY and c.notation(board) == "8H CAT")
    # CAT on the centre star: (3 + 1 + 1) x 2 = 10; it keeps EEQS, worth -3.5 (above).
    assert (cat.score, cat.keep, cat.leave_value, cat.equity) == (10, "EEQS", -3.5, 6.5)
    # The pass keeps everything: A 1, EE 1.5 + 1.5 - 2.5, S 8, Q -7 and no U -5.
    [pass_] = [c for c in choices if c.kind == PASS]
    assert pass_.equity == pytest.approx(1 + 3 - 2.5 + 8 - 7 - 5)
    # Swapping the Q alone keeps ACEEST: 1 + 3 - 2.5 + 8 = 9.5, and balance 3 vowels, 3 consonants.
    swap_q = next(c for c in choices if c.kind == EXCHANGE and c.swap == "Q")
    assert (swap_q.score, swap_q.keep, swap_q.equity) == (0, "ACEEST", 9.5)
    assert choices[0].equity == max(c.equity for c in choices)


def test_the_endgame_ranks_by_score_and_the_racks(scrabble, lexulous):
    for edition in (scrabble, lexulous):
        board = place(Board(edition.board), "H8", "CAT")
        rack = "DOGS"
        situation = Situation(edition, 0, "QZ", 2, HAND)          # the bag empty, QZ on the other rack
        plays = MoveGenerator(DAWG, edition).generate(board, rack)
        choices = rank(board, rack, plays, situation)
        assert all(c.kind != EXCHANGE for c in choices)            # no swap from an empty bag
        for c in choices:
            assert c.leave_value == 0
            if c.kind == PLAY and not c.keep:                      # out: twice the other rack
                assert c.adjustment == 2 * (edition.tiles.points["Q"] + edition.tiles.points["Z"])
            else:                                                  # else lose twice one's own
                assert c.adjustment == -2 * edition.tiles.rack_value(c.keep)


# -- exchanges --------------------------------------------------------------------------------------

@pytest.mark.parametrize("name,rack", [("scrabble", "UUUIIVQ"), ("lexulous", "UUUIIVVQ")])
def test_an_awful_rack_with_a_full_bag_is_exchanged(name, rack):
    edition = load_edition(name)
    board = place(Board(edition.board), "H8", "CAT")
    situation = full_bag(edition, board, rack)
    plays = MoveGenerator(DAWG, edition).generate(board, rack)
    assert plays                                                  # QI, VU... are there
    best = rank(board, rack, plays, situation)[0]
    assert best.kind == EXCHANGE
    # It keeps the most valuable tiles any swap can keep.
    table = leave_table(edition)
    assert best.leave_value == max(table.value(k) for k in keeps(rack) if len(k) < len(rack))
    assert "Q" in best.swap and best.swap.count("U") >= 2
    # The hint says so too.
    hints = hint(board, edition, rack, DAWG, 3, situation=situation)
    swap = exchange_hint(board, edition, rack, hints, situation)
    assert swap is not None and swap.swap == best.swap


def test_the_bag_rule_limits_exchanges(scrabble, lexulous):
    rack = "UUUIIVQ"
    low = Situation(scrabble, 6, "", 2, HAND)                      # Scrabble: 7 in the bag to swap
    assert [c.kind for c in rank(Board(scrabble.board), rack, [], low)] == [PASS]
    enough = Situation(scrabble, 7, "", 2, HAND)
    assert sum(c.kind == EXCHANGE for c in rank(Board(scrabble.board), rack, [], enough)) == len(keeps(rack)) - 1
    three = Situation(lexulous, 3, "", 2, HAND)                    # Lexulous: as many as are swapped
    swaps = [c for c in rank(Board(lexulous.board), rack + "A", [], three) if c.kind == EXCHANGE]
    assert swaps and max(len(c.swap) for c in swaps) == 3


# -- equity against score ---------------------------------------------------------------------------

def test_equity_keeps_the_s_that_the_top_score_burns_for_little(scrabble):
    board = Board(scrabble.board)
    rack = "CATSDOG"
    plays = MoveGenerator(DAWG, scrabble).generate(board, rack)
    top_score = plays[0]
    assert "S" in top_score.word.upper()                           # COGS or the like, 14
    for table in (HAND, leave_table(scrabble)):
        situation = Situation(scrabble, 86, unseen_tiles(scrabble, board, rack), 2, table)
        best = rank(board, rack, plays, situation)[0]
        assert best.kind == PLAY and "S" in best.keep and best.score < top_score.score
        assert best.candidate != top_score
    by_score = hint(board, scrabble, rack, DAWG, 1, by="score")[0]
    by_equity = hint(board, scrabble, rack, DAWG, 1)[0]
    assert by_score.candidate == top_score and by_score.equity is None
    assert by_equity.candidate != top_score and by_equity.equity is not None


RACK_TILES = "AACDEEGIIOOSTTU?Q"


@given(st.lists(st.sampled_from(RACK_TILES), min_size=1, max_size=7),
       st.integers(min_value=0, max_value=40), st.booleans())
def test_equity_is_score_plus_leave(tiles, bag, with_board):
    scrabble = load_edition("scrabble")
    rack = "".join(tiles)
    board = place(Board(scrabble.board), "H8", "CAT") if with_board else Board(scrabble.board)
    situation = Situation(scrabble, bag, "AEQZ", 2)
    plays = MoveGenerator(DAWG, scrabble).generate(board, rack)
    every = rank(board, rack, plays, situation)
    table = leave_table(scrabble)
    for c in every:
        if c.kind == PLAY:
            used = "".join("?" if p.blank else p.letter for p in c.candidate.placements(board))
            assert c.keep == subtract(rack, used)
        elif c.kind == EXCHANGE:
            assert sorted(c.keep + c.swap) == sorted(rack)
        else:
            assert c.keep == "".join(sorted(rack))
        if bag > 0:
            assert c.adjustment == 0 and c.leave_value == table.value(c.keep)
            assert c.equity == pytest.approx(c.score + table.value(c.keep))
        else:
            assert c.leave_value == 0 and c.equity == pytest.approx(c.score + c.adjustment)
    assert [c.equity for c in every] == sorted((c.equity for c in every), reverse=True)
    # The pruned rankings agree with the full one.
    if every:
        assert rank(board, rack, plays, situation, limit=1)[0].equity == every[0].equity
        cut = every[len(every) // 2].equity
        assert ({(c.kind, c.keep, c.candidate) for c in every if c.equity >= cut}
                <= {(c.kind, c.keep, c.candidate) for c in rank(board, rack, plays, situation, at_least=cut)})


# -- analysis ---------------------------------------------------------------------------------------

def test_analysis_by_equity_of_a_record(scrabble):
    text = """#player1 Ann Ann
#player2 Ben Ben
>Ann: CATSDOG 8G COGS +14 14
>Ben: UUUIIVQ -UUUIIVQ +0 0
>Ann: ADT? 9G .AT +5 19
>Ben: ? -? +0 0
"""
    record = gcg.parse(text, "g.gcg")
    analysis = analyse_record(record, scrabble, DAWG, table=HAND)
    first, second, third, fourth = analysis.moves
    # COGS keeps ADT (1); COG would have kept ADST (9) for 2 points less.
    assert first.equity == pytest.approx(14 + 1)
    assert first.best.kind == PLAY and "S" in first.best.keep
    assert first.missed == pytest.approx(first.best.equity - first.equity) and first.missed > 0
    assert second.played == "swap UUUIIVQ" and second.equity == 0 and second.best.kind == EXCHANGE
    assert second.missed == pytest.approx(second.best.equity - 0)
    assert third.best.equity >= third.equity
    assert fourth.best is None and fourth.equity is None or fourth.rack == "?"
    totals = analysis.missed_by_player()
    assert totals["Ann"] == pytest.approx(first.missed + third.missed)
    data = json.loads(json.dumps([m.as_json() for m in analysis.moves]))
    assert data[0]["by"] == "equity" and data[0]["equity"] == pytest.approx(15)
    assert data[1]["best"].startswith("swap ")
    # By score: the old ranking, points missed.
    by_score = analyse_record(record, scrabble, DAWG, by="score", table=HAND)
    assert by_score.moves[0].missed == 0 and by_score.moves[0].best.score == 14


def test_analysis_of_a_real_record_reports_equity_lost_per_turn(shared_data, scrabble, tmp_path, capsys,
                                                                  monkeypatch):
    path = shared_data / "gcg" / "josh_nationals_round_1.gcg"
    record = gcg.load(path)
    words: set[str] = set()
    replay_record(record, scrabble, on_step=lambda s: words.update(w.text for w in s.words))
    analysis = analyse_record(record, scrabble, Dawg.from_words(sorted(words)))
    assert len(analysis.moves) == 24
    for m in analysis.moves:
        assert m.equity is not None and m.best is not None and m.missed >= 0
        if m.listed:
            assert m.best.equity >= m.equity
    assert any(m.missed > 0 for m in analysis.moves)
    # The command, in text and JSON, with the game's own words as the list.
    monkeypatch.setenv("WORDBOARD_CACHE_DIR", str(tmp_path / "cache"))
    lexicon = tmp_path / "words.txt"
    lexicon.write_text("\n".join(sorted(words)) + "\n")
    assert main(["analyse", str(path), "--lexicon", str(lexicon)]) == 0
    out = capsys.readouterr().out
    assert "ranked by equity" in out and "points of equity lost" in out and "best by equity" in out
    assert main(["analyse", "--json", str(path), "--lexicon", str(lexicon)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["by"] == "equity" and data["leaves"] == "leaves-scrabble.json"
    assert all(m["equity"] is not None and m["best_equity"] >= m["equity"] - 1e-9 or not m["listed"]
               for m in data["moves"])
    assert main(["analyse", "--by", "score", str(path), "--lexicon", str(lexicon)]) == 0
    assert "points missed" in capsys.readouterr().out


def test_analysis_of_the_lexulous_sample(lexulous):
    from wordboard.crossword.show import sample_game_path

    record = gcg.load(sample_game_path())
    words: set[str] = set()
    replay_record(record, lexulous, on_step=lambda s: words.update(w.text for w in s.words))
    analysis = analyse_record(record, lexulous, Dawg.from_words(sorted(words)))
    analysed = [m for m in analysis.moves if m.best is not None]
    assert analysed and all(m.missed >= 0 for m in analysed)
    assert all(len(m.rack) <= 8 for m in analysis.moves)
