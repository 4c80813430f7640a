"""Editions: the shipped Lexulous and Scrabble data, and clear errors for an owner's bad file."""

from collections import Counter

import pytest

from wordboard.cli import main
from wordboard.editions import BLANK, edition_names, load_edition
from wordboard.errors import DataFileError, UserError


def square_counts(edition):
    return Counter(edition.board.premium(r, c) for r in range(edition.board.rows)
                   for c in range(edition.board.cols))


def test_shipped_editions():
    assert edition_names() == ["lexulous", "scrabble"]


def test_lexulous_tile_set_matches_the_reference():
    """89 tiles, 2 blanks, worth 206 points in all; 8-tile racks; +40 for 7, +50 for 8."""
    tiles = load_edition("lexulous").tiles
    assert tiles.total == 89
    assert tiles.counts[BLANK] == 2 and tiles.points[BLANK] == 0
    assert sum(tiles.counts[t] * tiles.points[t] for t in tiles.counts) == 206
    assert (tiles.counts["S"], tiles.counts["U"], tiles.counts["Y"]) == (3, 3, 3)
    assert (tiles.points["Q"], tiles.points["Z"], tiles.points["K"]) == (12, 12, 6)
    assert tiles.rack_size == 8
    assert dict(tiles.bingo) == {7: 40, 8: 50}


def test_lexulous_board_matches_the_reference():
    """15 x 15, centre H8 a double word; 8 TW, 17 DW (centre included), 8 TL, 24 DL, symmetric
    in both axes and both diagonals."""
    edition = load_edition("lexulous")
    board = edition.board
    assert (board.rows, board.cols, board.centre) == (15, 15, (7, 7))
    assert board.premium(7, 7) == "DW"
    counts = square_counts(edition)
    assert (counts["TW"], counts["DW"], counts["TL"], counts["DL"]) == (8, 17, 8, 24)
    for r in range(15):
        for c in range(15):
            p = board.premium(r, c)
            assert p == board.premium(14 - r, c) == board.premium(r, 14 - c) == board.premium(c, r)
    assert board.first_move_tiles == 2


def test_scrabble_edition_is_the_standard_english_set():
    edition = load_edition("scrabble")
    tiles = edition.tiles
    assert tiles.total == 100 and tiles.rack_size == 7 and dict(tiles.bingo) == {7: 50}
    assert sum(tiles.counts[t] * tiles.points[t] for t in tiles.counts) == 187
    counts = square_counts(edition)
    assert (counts["TW"], counts["DW"], counts["TL"], counts["DL"]) == (8, 17, 12, 24)
    assert tiles.scoreless_turns_to_end(2, bag_empty=False) == 6
    assert tiles.going_out_multiplier == 2 and not tiles.others_lose_own_rack


def test_lexulous_end_rules():
    """Three consecutive rounds of passes end the game while tiles are left; one round once the bag
    is empty."""
    tiles = load_edition("lexulous").tiles
    assert tiles.scoreless_turns_to_end(2, bag_empty=False) == 6
    assert tiles.scoreless_turns_to_end(3, bag_empty=False) == 9
    assert tiles.scoreless_turns_to_end(2, bag_empty=True) == 2
    assert tiles.scoreless_turns_to_end(4, bag_empty=True) == 4
    assert tiles.going_out_multiplier == 1 and tiles.others_lose_own_rack
    assert tiles.tie_break_before_adjustments


GOOD = """\
name: Mini
[board]
size: 3 x 3
squares:
T.d
.*.
d.T

first-move-tiles: 2
[tiles]
rack: 3
bingo: 3=10
scoreless-end: 2 rounds
letters:
? 1 0
A 3 1
B 2 3

total-tiles: 6
"""


def write(tmp_path, text, name="mine.edition"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_an_owner_can_point_at_their_own_file(tmp_path):
    edition = load_edition(write(tmp_path, GOOD))
    assert edition.name == "Mini"
    assert edition.board.centre == (1, 1)
    assert edition.tiles.letters == "?AAABB"


@pytest.mark.parametrize("change, line, words", [
    (("T.d", "T.x"), 5, "unknown square code 'x'"),
    (("T.d", "T.dd"), 5, "row 1 has 4 squares, expected 3"),
    (("d.T\n", "d.T\n...\n"), 8, "4 rows, but size says 3"),
    (("total-tiles: 6", "total-tiles: 7"), 19, "total-tiles says 7, but the letters add up to 6"),
    (("bingo: 3=10", "bingo: 4=10"), 12, "bingo for 4 tiles, but the rack holds 3"),
    (("B 2 3", "B two 3"), 17, "tile B: expected a whole number"),
    (("B 2 3", "7 2 3"), 17, "unknown tile '7'"),
    (("B 2 3", "A 2 3"), 17, "tile A listed twice"),
    (("rack: 3", "rack: 3\nrak: 4"), 12, "unknown key 'rak'"),
    (("size: 3 x 3", "size: three"), 3, "expected ROWS x COLUMNS"),
    (("scoreless-end: 2 rounds", "scoreless-end: forever"), 13, "expected 'N turns' or 'N rounds'"),
    (("[tiles]", "[tils]"), 10, "unknown section [tils]"),
    (("\n.*.\n", "\n...\n"), None, None),  # no star, odd size: the middle square is the centre
])
def test_a_bad_edition_names_the_file_the_line_and_the_problem(tmp_path, change, line, words):
    path = write(tmp_path, GOOD.replace(*change))
    if line is None:
        assert load_edition(path).board.centre == (1, 1)
        return
    with pytest.raises(DataFileError) as err:
        load_edition(path)
    assert err.value.line == line
    assert words in str(err.value)
    assert str(err.value).startswith(f"{path}:{line}: ")


def test_a_block_that_runs_on_says_how_to_end_it(tmp_path):
    path = write(tmp_path, GOOD.replace("d.T\n\nfirst", "d.T\nfirst"))
    with pytest.raises(DataFileError, match="end a block with a blank line"):
        load_edition(path)


def test_missing_and_unknown_editions_are_user_errors(tmp_path):
    with pytest.raises(UserError, match="unknown edition 'monopoly'"):
        load_edition("monopoly")
    with pytest.raises(UserError, match="not found"):
        load_edition(tmp_path / "missing.edition")


def test_a_file_that_is_not_utf8_is_reported_with_its_line(tmp_path):
    path = tmp_path / "latin.edition"
    path.write_bytes(GOOD.encode() + "# caf\xe9\n".encode("latin-1"))
    with pytest.raises(DataFileError, match=r":20: not UTF-8"):
        load_edition(path)


def test_the_command_line_reports_a_bad_edition_in_one_line(tmp_path, capsys, shared_data):
    path = write(tmp_path, GOOD.replace("T.d", "T.x"))
    status = main(["replay", "--edition", str(path), str(shared_data / "gcg" / "r1_mike.gcg")])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"{path}:5: unknown square code 'x'" in err


def test_a_blank_line_inside_a_block_says_so(tmp_path):
    path = write(tmp_path, GOOD.replace("A 3 1\nB 2 3", "A 3 1\n\nB 2 3"))
    with pytest.raises(DataFileError, match="a blank line ended the 'letters:' block") as err:
        load_edition(path)
    assert err.value.line == 18
