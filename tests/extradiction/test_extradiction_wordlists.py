"""Issue 19: no blocked word scores in Speed, whichever word list the screen offers.

Every list in the screen's LEXICONS that is installed here is loaded; each of its words that the
children's filter blocks is written across the centre of a fresh Speed board (first word, so only
the filter can refuse it) and must be refused as unsuitable, scoring nothing.
"""

import pytest

from wordboard.dictionary import load_dictionary
from wordboard.extradiction.edition import load_edition
from wordboard.extradiction.engine import Direction, Game, IllegalMove, Level, Rule, Write
from wordboard.extradiction.wordfilter import is_unsuitable, list_sizes
from wordboard.screen.protocol import LEXICONS

OFFERED = [name for name in LEXICONS if name not in ("default", "none")]


def _load(name):
    try:
        return load_dictionary(name)
    except Exception as exc:            # not installed on this machine (e.g. no wbritish)
        pytest.skip(f"word list {name} not available here: {exc}")


def _across_the_centre(edition, word):
    r, c = edition.centre
    return Write(word, (r, max(0, c - len(word) + 1)), Direction.ACROSS)


@pytest.mark.parametrize("name", OFFERED)
def test_no_blocked_word_of_an_offered_list_scores_in_speed(name):
    dictionary = _load(name)
    edition = load_edition("standin")
    blocked = sorted(w for w in dictionary if is_unsuitable(w))
    playable = [w for w in blocked if 2 <= len(w) <= edition.columns and w.isalpha()]
    assert playable, f"{name}: expected the list to hold some blocked words"
    for word in playable:
        g = Game(edition, Level.SPEED, ["Ann"], dictionary=dictionary, shuffle=False)
        move = _across_the_centre(edition, word)
        assert not g.is_legal(move), word
        with pytest.raises(IllegalMove) as err:
            g.play(move)
        assert err.value.rule is Rule.UNSUITABLE, (word, err.value.rule)
        assert word.lower() not in str(err.value).lower()
        assert g.stars == [0], word


@pytest.mark.parametrize("name", OFFERED)
def test_everyday_words_near_blocked_ones_still_score(name):
    """Whole words, not prefixes: BUTTON and friends are a child's words."""
    dictionary = _load(name)
    edition = load_edition("standin")
    for word in ("BUTTON", "BUTTER", "CLASS", "GRAPE", "SKILLET", "SCRAP", "HELLO", "BRASS"):
        if word in dictionary:
            g = Game(edition, Level.SPEED, ["Ann"], dictionary=dictionary, shuffle=False)
            g.play(_across_the_centre(edition, word))
            assert g.stars[0] > 0, word


def test_the_shipped_lists_are_all_there():
    sizes = list_sizes()
    assert sizes["blocked words"] > 500 and sizes["phrases"] > 100 and sizes["allowed"] >= 8


def test_the_childrens_default_list_is_everyday_words_with_every_clue_card_word():
    """The children's game defaults to SCOWL's medium size (everyday words), not the large
    dictionary the crossword games once used: every shipped clue card's word is in it, and none
    of the club lists' odd two-letter words a child would not know."""
    from wordboard import registry
    from wordboard.extradiction.cards import shipped_cards
    from wordboard.extradiction.codec import DEFAULT_LEXICON

    assert registry.family("extradiction").default_lexicon == DEFAULT_LEXICON == "scowl:50"
    assert DEFAULT_LEXICON in LEXICONS                                  # chosen on the screen too
    words = _load(DEFAULT_LEXICON)
    assert [card.word for card in shipped_cards() if card.word not in words] == []
    assert [w for w in ("QI", "XI", "ZA", "AA", "OE", "ZO") if w in words] == []
    assert 50_000 < len(words) < 80_000
