"""The deck builder: selection and rewriting of meanings, pictures, levels, and the filter."""

import pytest

from wordboard.extradiction import deckbuilder as db
from wordboard.extradiction.cards import Colour, gives_away
from wordboard.extradiction.wordfilter import is_unsuitable, unsuitable_words_in


def common(word):
    return 5.0


def test_child_meaning_rewrites_a_gloss():
    text, _hard = db.child_meaning(
        'fruit with red or yellow or green skin (and a core); "an apple a day"', "apple", common)
    assert text == "A fruit with red or yellow or green skin."


def test_child_meaning_makes_groups_singular():
    text, _ = db.child_meaning("any of various long-tailed rodents", "rat", common,
                               lambda w: "rodent" if w == "rodents" else None)
    assert text == "A kind of long-tailed rodent."


@pytest.mark.parametrize("gloss", [
    "a cat is a small pet",                         # gives the word away
    "informal term for a youth or man",             # grown-up register
    "a small weapon that can kill",                 # unsuitable words
    "member of the genus Felis",                    # Latin names
    " ".join(["word"] * 30),                        # too long
])
def test_child_meaning_refuses_unusable_glosses(gloss):
    assert db.child_meaning(gloss, "cat", common) is None


def test_emoji_candidates_use_names_and_skip_unsuitable_ones():
    points = [0x1F415, 0x1F431, 0x1F34E, 0x1F52B, 0x1F37A, 0x1F6C4]  # DOG, CAT FACE, RED APPLE,
    found = db.emoji_candidates(points, {"red"})           # PISTOL, BEER MUG, BAGGAGE CLAIM
    assert found["dog"].picture == "\U0001F415" and found["cat"].priority == 1
    assert found["apple"].picture == "\U0001F34E"
    assert "pistol" not in found and "mug" not in found and "claim" not in found


def test_levels_split_easiest_first_into_thirds():
    colours = db.assign_colours([("cat", 1.0), ("dog", 1.5), ("banana", 3.0), ("umbrella", 4.0),
                                 ("sun", 0.5), ("telescope", 5.0)])
    assert colours["sun"] is colours["cat"] is Colour.GREEN
    assert colours["telescope"] is colours["umbrella"] is Colour.RED
    assert db.difficulty("cat", 5.0) < db.difficulty("telescope", 3.5)


def test_builder_leaves_out_unsuitable_words(tmp_path):
    (tmp_path / "data.noun").write_text(
        "  1 a licence line\n" + "00000100 05 n 01 koala 0 000 | small furry animal that climbs trees\n"
        + "00000200 06 n 01 pistol 0 000 | small firearm\n")
    # offsets in the fake index must point at the lines
    text = (tmp_path / "data.noun").read_text()
    index = (f"koala n 1 0 1 0 {text.index('00000100'):08d}\n"
             f"pistol n 1 0 1 0 {text.index('00000200'):08d}\n")
    (tmp_path / "index.noun").write_text(index)
    wordnet = db.WordNet(tmp_path)
    candidates = {"koala": db.Candidate("koala", "\U0001F428", "KOALA", 0),
                  "pistol": db.Candidate("pistol", "\U0001F52B", "PISTOL", 0)}
    try:
        cards = db.build_cards(candidates, wordnet, {"koala", "pistol"}, common)
    finally:
        wordnet.close()
    assert [c.word for c in cards] == ["KOALA"]
    assert cards[0].meaning == "A small furry animal that climbs trees."


@pytest.mark.skipif(not (db.EMOJI_FONT.exists() and (db.WORDNET_DIR / "data.noun").exists()
                         and db.WORD_LIST.exists()),
                    reason="needs fonts-noto-color-emoji, wordnet-base and wamerican")
def test_a_fresh_build_reproduces_the_shipped_deck():
    progress = []
    text = db.build_deck_text(progress.append)
    assert text == db.DEFAULT_OUTPUT.read_text(encoding="utf-8")
    assert any("cards" in line for line in progress)


def test_builders_own_meanings_and_pictures_are_fit_for_children():
    """The overrides are what most shipped cards say: none gives its word away or uses an
    unsuitable word, and each is a full sentence; hand-picked pictures are single emoji."""
    for word, meaning in db.MEANING_OVERRIDES.items():
        assert gives_away(word, meaning, strict=True) is None, word
        assert not is_unsuitable(word) and unsuitable_words_in(meaning) == [], word
        assert meaning[0].isupper() and meaning.endswith("."), word
    for word, picture in db.PICTURE_OVERRIDES.items():
        assert len(picture) == 1 and ord(picture) > 0x2000, word
