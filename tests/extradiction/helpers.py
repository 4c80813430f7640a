"""Shared test helpers for eXtraDICTION."""

from wordboard.extradiction.cards import ClueCard, Colour
from wordboard.extradiction.edition import load_edition, parse_square
from wordboard.extradiction.engine import Direction, Game, Level, Write

ACROSS, DOWN = Direction.ACROSS, Direction.DOWN
WORDS = {"APPLE", "APPLES", "STAR", "RAT", "CAT", "CATS", "ACT", "TEA", "EAT", "AT", "TA", "SAT",
         "ATE", "PEA", "PET", "SET", "SEA", "TEN", "NET", "ANT", "TAN", "SPAT", "TAP", "PAT"}


def card(word, colour=Colour.GREEN):
    return ClueCard(word.upper(), colour, "shape:circle", "a test meaning")


def example():
    return load_edition("worked-example")


def game(level, words=("APPLE", "STAR", "RAT"), players=("Ann",), *, edition=None, **kw):
    """A game with the clue cards in the given order (no shuffle)."""
    level = Level(level)
    kw.setdefault("shuffle", False)
    return Game(edition or example(), level, players,
                clue_cards=[card(w) for w in words] if level.uses_clue_cards else (),
                dictionary=WORDS if level.crossword_rules else kw.pop("dictionary", None), **kw)


def write(word, square, direction=ACROSS):
    return Write(word, parse_square(square), direction)
