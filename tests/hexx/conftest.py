"""Shared set-ups for the HEXX tests: a small board, a small dictionary, positions by hand."""

from __future__ import annotations

import pytest

from wordboard.hexx import Colour, Edition, HexxGame, HexxOptions, Layout

RED, BLACK = Colour.RED, Colour.BLACK

#: A 9 x 9 board with the centre at e5.
LAYOUT = Layout(["........."] * 4 + ["....+...."] + ["........."] * 4)

WORDS = {
    "AT", "TO", "IT", "OX", "CAT", "CATS", "BAT", "MAT", "TAB", "STAB", "ART", "RAT", "TAR",
    "DOG", "GOD", "CART", "SCAT", "ACT", "TACT", "ZO", "AX", "TA", "ON", "NO", "GO", "DO",
    "TOE", "TOES", "DOE", "ODE", "EON", "ONE", "NOTE", "TONE", "STONE", "NOTES", "OAT", "OATS",
    "COT", "COAT", "COATS", "TOT", "SAT", "SET", "SEA", "EAT", "TEA", "ATE", "ETA", "MATS", "BATS",
}


def edition(letters: str = "AAAAEEEEIIOOUUTTTTSSRRNNDDCCBBMMGG", hexx: int = 6) -> Edition:
    counts: dict[str, int] = {}
    for letter in letters:
        counts[letter] = counts.get(letter, 0) + 1
    return Edition("test edition", LAYOUT, tuple(sorted(counts.items())), hexx)


def position(board=None, *, red="", black="", bag="", to_move=BLACK, words=WORDS,
             first_word=None, seed=0, s_makes_new_word=False, idle_turns_end=None) -> HexxGame:
    """A game set up by hand on the 9 x 9 board."""
    return HexxGame.from_position(
        edition(), frozenset(words), hands={RED: red, BLACK: black}, bag=bag, to_move=to_move,
        board=board or {}, first_word=first_word, seed=seed,
        options=HexxOptions(s_makes_new_word=s_makes_new_word, idle_turns_end=idle_turns_end))


def owners(game: HexxGame) -> dict[str, str]:
    """square name -> 'r' or 'b', for readable assertions."""
    return {sq.name: tile.owner.value[0] for sq, tile in game.board.items()}


def all_tile_ids(game: HexxGame) -> list[int]:
    ids = [t.tile.id for t in game.board.values()]
    ids += [t.id for c in Colour for t in game.hand(c)]
    ids += [t.id for t in game.bag_tiles()]
    return sorted(ids)


@pytest.fixture
def words():
    return frozenset(WORDS)
