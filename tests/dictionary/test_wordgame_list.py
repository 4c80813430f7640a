"""The shipped ``wordgame`` list: the crossword games' and HEXX's default is a list made for word
games. It accepts the two-letter words every club list has and rejects abbreviations (the
Lexulous rulebook forbids them, and so does HEXX's: "cannot be proper names / places or
abbreviations")."""

from __future__ import annotations

from wordboard import registry
from wordboard.dictionary import load_dictionary

#: The two-letter words of the North American club list (since NWL2018: EW and OK among them).
CLUB_TWOS = """AA AB AD AE AG AH AI AL AM AN AR AS AT AW AX AY BA BE BI BO BY DA DE DO ED EF EH EL
EM EN ER ES EW EX FA FE GI GO HA HE HI HM HO ID IF IN IS IT JO KA KI LA LI LO MA ME MI MM MO MU MY
NA NE NO NU OD OE OF OH OI OK OM ON OP OR OS OW OX OY PA PE PI PO QI RE SH SI SO TA TE TI TO UH UM
UN UP US UT WE WO XI XU YA YE YO ZA""".split()

#: Abbreviations other lists accept, which word games do not (the twin once played KS).
ABBREVIATIONS = "SS LN KB MB PS TS LM KS LS MS CS GS RS TV PC CD DJ OKS".split()

#: Everyday words the package left out that club lists accept (the reviewed addendum).
EVERYDAY = "HELL DAMN DAMNED PAWN TIT NUDE SEX".split()


def test_wordgame_is_the_default_of_the_crossword_games_and_hexx():
    for game in ("lexulous", "scrabble", "hexx"):
        assert registry.family(game).default_lexicon == "wordgame"


def test_it_has_every_club_two_letter_word_and_no_abbreviation():
    words = load_dictionary("wordgame")
    assert len(CLUB_TWOS) == 106
    assert [w for w in CLUB_TWOS if w not in words] == []
    assert [w for w in ABBREVIATIONS if w in words] == []
    assert [w for w in EVERYDAY if w not in words] == []
    twos = [w for w in words if len(w) == 2]
    assert 106 <= len(twos) <= 130
    assert len(words) > 270_000
