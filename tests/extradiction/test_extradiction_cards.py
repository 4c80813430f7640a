"""Clue cards: the shipped deck, owners' card files, and the children's word filter."""


import pytest

from wordboard.commands.common import DEFAULT_LEXICON
from wordboard.dictionary import load_dictionary
from wordboard.errors import DataFileError, UserError
from wordboard.extradiction.cards import Colour, gives_away, load_cards, merge_decks, parse_cards, shipped_cards
from wordboard.extradiction.pictures import check_picture, picture_lines
from wordboard.extradiction.wordfilter import is_unsuitable, unsuitable_words_in


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
        assert gives_away(c.word, c.meaning, strict=True) is None, c.word
        check_picture(c.picture)
        assert picture_lines(c.picture)


def test_no_two_cards_share_a_meaning_or_a_picture(deck):
    assert len({c.meaning for c in deck}) == len(deck)
    shapes_and_emoji = [c.picture for c in deck]
    assert len(set(shapes_and_emoji)) == len(shapes_and_emoji)


def test_pictures_chosen_by_hand_where_the_emoji_name_misleads(deck):
    """A child sees the picture: an arm, not a robot arm; a drink, not a cocktail; a fresh
    flower, not a wilted one."""
    by_word = {c.word: c.picture for c in deck}
    assert by_word["ARM"] == "\U0001F4AA" and by_word["DRINK"] == "\U0001F964"
    assert by_word["FLOWER"] == "\U0001F337" and by_word["RULER"] == "\U0001F4CF"


@pytest.mark.parametrize("word, meaning, found", [
    ("ant", "A tiny insect that lives with lots of other ants.", "ants"),
    ("dancer", "A performer who dances.", "dances"),
    ("swimmer", "Someone who swims.", "swims"),
    ("skier", "Someone who skis.", "skis"),
    ("runner", "Someone who runs.", "runs"),
    ("printer", "A machine that prints.", "prints"),
    ("cat", "A small furry pet.", None),
    ("seal", "An animal that swims in the sea.", None),       # sea is not a form of seal
    ("ear", "The part of your body you hear with.", None),
])
def test_a_meaning_must_not_give_the_word_away(word, meaning, found):
    assert gives_away(word, meaning) == found


@pytest.mark.parametrize("word, meaning, found", [
    ("sunrise", "When the sun comes up.", "sun"),
    ("popcorn", "Corn that pops.", "Corn"),
    ("notebook", "A book of empty pages.", "book"),
    ("square", "A shape whose sides are all the same.", None),
])
def test_strict_check_also_catches_parts_of_compound_words(word, meaning, found):
    assert gives_away(word, meaning, strict=True) == found
    assert gives_away(word, meaning) is None


def test_every_card_is_suitable_for_children(deck):
    for c in deck:
        assert not is_unsuitable(c.word), c.word
        assert unsuitable_words_in(c.meaning) == [], c.word


@pytest.mark.parametrize("word_list", ["wamerican", DEFAULT_LEXICON])
def test_every_card_word_is_in_the_dictionary(deck, word_list, tmp_path):
    """'Every card's word must be in the dictionary': wamerican, and the games' default list."""
    try:
        words = load_dictionary(word_list, cache_dir=tmp_path)
    except UserError:
        pytest.skip(f"{word_list} is not installed")
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
    ("koala | green | 🐨 | Koalas are furry animals.", "gives the word"),
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
    for bad in ("damn", "Shit", "guns", "killed", "beer", "drunk", "sexy", "bomb", "nazis",
                "cock", "boobs", "vaping", "meth", "butts", "raping", "stabbing", "bitches", "jailbait",
                "cunt", "dildo", "turd", "boner"):
        assert is_unsuitable(bad), bad
    for fine in ("class", "grass", "butter", "stable", "scrap", "hello", "shell", "apple",
                 "rooster", "prickly", "passage", "skill", "peacock", "cockatoo", "grape",
                 "button", "buttes", "rapeseed", "skillet", "brass", "spiced", "escort", "scatter"):
        assert not is_unsuitable(fine), fine
    assert unsuitable_words_in("A small bomb, and a dead cat") == ["bomb", "dead"]
