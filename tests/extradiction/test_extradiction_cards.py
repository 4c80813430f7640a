"""Clue cards: the shipped deck, owners' card files, and the children's word filter."""

from pathlib import Path

import pytest

from wordboard.errors import DataFileError, UserError
from wordboard.extradiction.cards import (Colour, load_cards, merge_decks, parse_cards,
                                          shipped_cards)
from wordboard.extradiction.pictures import check_picture, picture_lines
from wordboard.extradiction.wordfilter import is_unsuitable, unsuitable_words_in

WAMERICAN = Path("/usr/share/dict/american-english")


@pytest.fixture(scope="module")
def deck():
    return shipped_cards()


def test_shipped_deck_has_at_least_150_cards_across_three_levels(deck):
    """'at least 150 real cards ... across three levels'"""
    assert len(deck) >= 150
    for colour in Colour:
        assert sum(c.colour is colour for c in deck) >= 50


def test_every_card_has_word_hint_meaning_picture_and_colour(deck):
    for c in deck:
        assert c.word.isalpha() and c.word.isupper() and 3 <= c.length <= 11
        assert c.first_letter == c.word[0]
        assert c.meaning[0].isupper() and c.meaning.endswith(".")
        assert c.word.lower() not in c.meaning.lower().replace(".", " ").split()
        check_picture(c.picture)
        assert picture_lines(c.picture)


def test_every_card_is_suitable_for_children(deck):
    for c in deck:
        assert not is_unsuitable(c.word), c.word
        assert unsuitable_words_in(c.meaning) == [], c.word


def test_every_card_word_is_in_the_dictionary(deck):
    """'Every card's word must be in the dictionary' (wamerican)."""
    try:
        from wordboard.dictionary import load_dictionary
        words = load_dictionary("wamerican")
    except ImportError:
        if not WAMERICAN.exists():
            pytest.skip("wamerican is not installed")
        words = {w.strip().upper() for w in WAMERICAN.read_text(errors="replace").split()}
    except UserError:
        pytest.skip("wamerican is not installed")
    missing = [c.word for c in deck if c.word not in words]
    assert missing == []


def test_deck_header_names_sources_and_licences():
    from importlib import resources
    text = resources.files("wordboard.extradiction").joinpath("data").joinpath(
        "clue-cards.txt").read_text(encoding="utf-8")
    for needed in ("WordNet 3.0 Copyright 2006 by Princeton University", "SIL Open Font License",
                   "wordfreq", "CC BY-SA 4.0", "wordboard's own"):
        assert needed in text


def test_owner_card_file(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("# my cards\n\nkoala | green | 🐨 | A furry animal from Australia that climbs trees.\n"
                    "hexagon | red | shape:square | A shape with six sides.\n", encoding="utf-8")
    cards = load_cards(path)
    assert [c.word for c in cards] == ["KOALA", "HEXAGON"] and cards[1].colour is Colour.RED
    merged = merge_decks(shipped_cards(), cards)
    assert sum(c.word == "KOALA" for c in merged) == 1


@pytest.mark.parametrize("line, words", [
    ("koala | pink | 🐨 | A furry animal.", "not a colour"),
    ("ko ala | green | 🐨 | A furry animal.", "letters A-Z only"),
    ("koala | green | 🐨", "expected 4 fields"),
    ("koala | green | shape:blob | A furry animal.", "unknown shape"),
    ("koala | green | 🐨 | A koala is a furry animal.", "gives the word"),
    ("pistol | green | 🐨 | A thing.", "not suitable for children"),
    ("koala | green | 🐨 | It drinks beer.", "not suitable for children"),
    ("koala | green |  | A furry animal.", "picture is empty"),
])
def test_owner_card_file_errors_name_the_line(line, words):
    with pytest.raises(DataFileError) as err:
        parse_cards(f"# header\n{line}\n", "mine.txt")
    assert err.value.line == 2 and words in err.value.problem


def test_a_word_given_twice_is_an_error():
    text = "cat | green | 🐈 | A pet.\ncat | blue | 🐈 | A pet.\n"
    with pytest.raises(DataFileError, match="already has a card on line 1"):
        parse_cards(text)


def test_missing_card_file_is_a_user_error(tmp_path):
    with pytest.raises(UserError, match="not found"):
        load_cards(tmp_path / "nope.txt")


def test_offensive_word_filter():
    """The children's filter catches listed words and their simple forms, and not innocent
    words that merely contain them."""
    for bad in ("damn", "Shit", "guns", "killed", "beer", "drunk", "sexy", "bomb", "nazis"):
        assert is_unsuitable(bad), bad
    for fine in ("class", "grass", "butter", "stable", "scrap", "hello", "shell", "apple",
                 "rooster", "prickly", "passage", "skill"):
        assert not is_unsuitable(fine), fine
    assert unsuitable_words_in("A small bomb, and a dead cat") == ["bomb", "dead"]
