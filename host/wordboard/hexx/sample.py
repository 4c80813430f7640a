"""The rulebook's sample game (pages 4 to 9), on a board layout wordboard built for it.

The rulebook shows the sample only in pictures; this module places its words on a 9 x 9 board
so that every word, secondary word and flip it describes happens::

      a b c d e f g h i
    1 . . . . . . . . .
    2 . . . . . . . . .
    3 . . . . . . F P .      turn 1 (black) d5 E WORD      turn 5 (black) f7 N GIRL
    4 . . . . p L A . .      turn 2 (red)   g4 SW ART      turn 6 (red)   d7 NE STRAP
    5 . . S W O R D . .      turn 3 (black) d6 NE GOLF     turn 7 (black) e7 N ATOp
    6 . . . G T I . . .      turn 4 (red)   c5 E SWORD       (p: the HEXX tile as P), roll 4
    7 . . . S A G . . .
    8 . . . . . . . . .      GIRL played downwards from f1 (f1 S GIRL) would read GIRLR
    9 . . . . . . . . .

The sample's dictionary holds only the words the rulebook names, so every other run a play
makes (AD in turn 2, for one) is not a word and, as the rulebook's turns show, flips nothing.
"""

from __future__ import annotations

from wordboard.hexx.board import Layout
from wordboard.hexx.edition import Edition
from wordboard.hexx.game import HexxGame
from wordboard.hexx.model import Colour, Play

#: The words the rulebook's sample game names (GAS also reads SAG).
SAMPLE_WORDS = ("WORD", "ART", "TO", "GOLF", "FAD", "SWORD", "GIRL", "STRAP", "ATOP", "ALP",
                "AID", "GAS", "SAG")

SAMPLE_LAYOUT = Layout(["........."] * 4 + ["....+...."] + ["........."] * 4)

#: (player, play) for turns 1-7; turn 7 is followed by the roll of 4, Reversal of Fortune.
SAMPLE_TURNS: tuple[tuple[Colour, Play], ...] = tuple(
    (colour, Play.parse(text)) for colour, text in (
        (Colour.BLACK, "d5 E WORD"),
        (Colour.RED, "g4 SW ART"),
        (Colour.BLACK, "d6 NE GOLF"),
        (Colour.RED, "c5 E SWORD"),
        (Colour.BLACK, "f7 N GIRL"),
        (Colour.RED, "d7 NE STRAP"),
        (Colour.BLACK, "e7 N ATOp"),
    ))

#: The roll in turn 7: "the player rolled a '4', giving them the Reversal of Fortune HEXX".
SAMPLE_ROLL = 4

#: The play the rulebook shows as not allowed: "the resulting word would be 'GIRLR'".
SAMPLE_GIRLR = Play.parse("f1 S GIRL")

# Hands and the bag's draw order, so each player holds the tiles of their turns.
_HANDS = {Colour.BLACK: "WORDGL", Colour.RED: "ATSSPE"}
_BAG = "FGIA" + "NN" + "?EE" + "N" + "EE" + "NN" + "EE" + "EEEEEE"


def sample_edition() -> Edition:
    return Edition(name="the rulebook's sample game (layout by wordboard)", layout=SAMPLE_LAYOUT,
                   letters=(), hexx_tiles=0, source="wordboard.hexx.sample")


def sample_dictionary() -> frozenset[str]:
    return frozenset(SAMPLE_WORDS)


def sample_game(turns: int = 7, *, roll: bool = True) -> HexxGame:
    """The sample game after ``turns`` turns (0-7); turn 7 includes the roll unless ``roll``
    is false (then the game waits for the roll)."""
    if not 0 <= turns <= len(SAMPLE_TURNS):
        raise ValueError(f"the sample game has turns 0 to {len(SAMPLE_TURNS)}, not {turns}")
    game = HexxGame.from_position(sample_edition(), sample_dictionary(), hands=_HANDS, bag=_BAG,
                                  to_move=Colour.BLACK)
    for _, play in SAMPLE_TURNS[:turns]:
        game.play(play)
    if game.pending is not None and roll:
        game.decide(SAMPLE_ROLL)
    return game
