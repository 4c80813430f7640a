"""Edition files: the board's stars, Chance squares and zones, and the Chance deck."""

import pytest

from wordboard.errors import DataFileError, UserError
from wordboard.extradiction.edition import ChanceCard, load_edition, parse_edition, parse_square, square_name

GOOD = """\
name: tiny
[stars]
squares:
1 ! 2
. 5 .
3 . 4
[zones]
squares:
a b b
a 1 b
a c c
[chance]
stars: 1 2
rats: 3
"""


def test_standin_is_11_by_11_and_labelled_as_wordboards_own():
    e = load_edition("standin")
    assert (e.rows, e.columns) == (11, 11) and e.stand_in and "not the published" in e.name
    assert e.centre == parse_square("F6") and len(e.chance_cards) == 18
    assert e.zones_of([e.centre]) == {"1"}


def test_parse_a_small_edition():
    e = parse_edition(GOOD)
    assert e.stars_on((0, 2)) == 2 and e.is_chance((0, 1)) and e.stars_on((0, 1)) == 0
    assert e.centre == (1, 1) and e.zone_of((2, 2)) == "c"
    assert e.chance_cards == (ChanceCard(stars=1), ChanceCard(stars=2), ChanceCard(rats=3))


@pytest.mark.parametrize("bad, line, words", [
    (GOOD.replace("1 ! 2", "1 ! 7"), 4, "not a star count"),
    (GOOD.replace(". 5 .", ". 5"), 5, "row has 2 squares"),
    (GOOD.replace("a c c", "b c c"), 9, "in pieces"),
    (GOOD.replace("rats: 3", "rats: x"), 14, "not a card value"),
    (GOOD.replace("name: tiny", "nmae: tiny"), 1, "unknown key"),
    (GOOD.replace("a b b", "a b ?"), 9, "letter or a digit"),
])
def test_validation_names_the_bad_line(bad, line, words):
    with pytest.raises(DataFileError) as err:
        parse_edition(bad, "my.edition")
    assert err.value.line == line and words in err.value.problem
    assert str(err.value).startswith(f"my.edition:{line}:")


def test_even_board_needs_a_centre():
    text = "[stars]\nsquares:\n1 2\n3 4\n[zones]\nsquares:\na a\na a\n[chance]\nstars: 1\n"
    with pytest.raises(DataFileError, match="centre"):
        parse_edition(text)
    assert parse_edition("centre: A1\n" + text).centre == (0, 0)


def test_unknown_edition_name_is_a_user_error():
    with pytest.raises(UserError, match="unknown eXtraDICTION edition"):
        load_edition("nosuch")


def test_square_names():
    assert parse_square("f6") == (5, 5) and square_name((5, 5)) == "F6"
    with pytest.raises(ValueError, match="off the board"):
        parse_square("L1", 11, 11)
    with pytest.raises(ValueError, match="not a square"):
        parse_square("66")
