"""HEXX editions: the stand-in that ships, and errors that name the bad line."""

import pytest

from wordboard.errors import DataFileError, UserError
from wordboard.hexx import load_edition, parse_edition
from wordboard.hexx.edition import edition_names

GOOD = """\
name: test box
[board]
squares:
.....
..+..
.....
[tiles]
A: 6
B: 6
hexx: 2
"""


def test_the_stand_in_edition_loads_and_says_it_is_wordboards_own():
    edition = load_edition()
    assert "standin" in edition_names()
    assert "not the real box" in edition.name
    assert edition.hexx_tiles == 6                 # "There are six HEXX tiles"
    assert edition.layout.centre in edition.layout
    assert edition.tile_count > 12


def test_the_stand_in_file_header_labels_it_as_a_stand_in():
    from importlib import resources

    text = (resources.files("wordboard.hexx") / "data" / "standin.edition").read_text()
    assert "WORDBOARD'S OWN STAND-IN" in text.splitlines()[0]


def test_an_edition_file_from_a_path(tmp_path):
    path = tmp_path / "box.edition"
    path.write_text(GOOD)
    edition = load_edition(path)
    assert edition.name == "test box" and edition.letter_counts == {"A": 6, "B": 6}
    assert (edition.layout.width, edition.layout.height) == (5, 3)
    assert edition.layout.centre.name == "C2"


def test_an_unknown_edition_name_is_a_user_error():
    with pytest.raises(UserError, match="unknown HEXX edition"):
        load_edition("nosuchbox")


@pytest.mark.parametrize("bad, line, message", [
    (GOOD.replace("..+..", "..+."), 5, "row has 4 squares, expected 5"),
    (GOOD.replace("..+..", "..x.."), 5, "'x' is not a square"),
    (GOOD.replace("..+..", "....."), 3, "no centre square"),
    (GOOD.replace(".....\n[tiles]", "..+..\n[tiles]"), 6, "second centre square"),
    (GOOD.replace("B: 6", "BB: 6"), 9, "'BB' is not a letter"),
    (GOOD.replace("B: 6", "B: six"), 9, "expected a whole number"),
    (GOOD.replace("A: 6", "A: 1").replace("B: 6", "B: 1"), 7, "two hands of 6"),
    (GOOD.replace("hexx: 2\n", ""), 7, "no 'hexx:' entry"),
    (GOOD.replace("[tiles]", "[tile]"), 7, "unknown section [tile]"),
    (GOOD.replace("name: test box", "nam: test box"), None, "no 'name:' entry"),
])
def test_a_bad_edition_names_the_line_and_the_problem(bad, line, message):
    with pytest.raises(DataFileError) as error:
        parse_edition(bad, "box.edition")
    assert error.value.line == line
    assert message in error.value.problem
    assert str(error.value).startswith("box.edition")
