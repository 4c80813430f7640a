"""The 20 HEXX of the HEXX board, numbered as the d20 rolls them.

The rulebook prints the HEXX twice. The numbered list with footnotes ("The HEXX's", 01 Take Two
"You get another turn" ... 20 The Changeling) is the authoritative one and is what this table
holds. The other block is a garbled copy of the HEXX board in a different order; in particular,
for 13 the list says the opponent flips the chosen vowel "to your color", which would make 13 a
copy of 10 chosen by the other player; wordboard follows the board's "to their color", the mirror
of 10 just as 19 mirrors 16.

Footnotes: ``*`` Lost Origin rolled a second time in a game is rolled again; ``**`` Sleight of
Hand and Freaky Friday are rolled again when there are not enough tiles to carry them out.
"""

from __future__ import annotations

from wordboard.hexx.model import HexxEffect

TAKE_TWO_AGAIN = 1
TAKE_TWO_OPPONENT = 2
POACHED_PAIR = 3
REVERSAL_OF_FORTUNE = 4
COLLATERAL_DAMAGE = 5
POACHED_PAIR_OPPONENT = 6
LOST_ORIGIN = 7
COLLATERAL_DAMAGE_OPPONENT = 8
METAMORPHOSIS = 9
DOPPELGANGER_VOWEL = 10
NULL_AND_VOID = 11
SLEIGHT_OF_HAND = 12
DOPPELGANGER_VOWEL_OPPONENT = 13
CHANGELING = 14
FROZEN_IN_PLACE = 15
DOPPELGANGER_CONSONANT = 16
FREAKY_FRIDAY = 17
SLEIGHT_OF_HAND_OPPONENT = 18
DOPPELGANGER_CONSONANT_OPPONENT = 19
CHANGELING_OPPONENT = 20

EFFECTS: dict[int, HexxEffect] = {e.number: e for e in (
    HexxEffect(1, "Take Two", "You get another turn"),
    HexxEffect(2, "Take Two", "Your opponent gets to play twice on their next turn"),
    HexxEffect(3, "Poached Pair", "Flip any two tiles on the game board to your color"),
    HexxEffect(4, "Reversal of Fortune", "Flip the word just played to your opponent's color"),
    HexxEffect(5, "Collateral Damage",
               "Flip all tiles that touch the word that was just played to your color"),
    HexxEffect(6, "Poached Pair",
               "Your opponent gets to flip any two tiles on the game board to their color"),
    HexxEffect(7, "Lost Origin", "Remove the first word played on the game board and place the "
                                 "letters back in the bag"),
    HexxEffect(8, "Collateral Damage", "Flip all tiles that touch the word that was just played "
                                       "to your opponent's color"),
    HexxEffect(9, "Metamorphosis", "On your next turn, swap out any letter on the game board to "
                                   "create a new word, changing the entire word to your color. "
                                   "Otherwise you forfeit your turn"),
    HexxEffect(10, "Doppelganger", "Choose a vowel and flip all instances of that vowel on the "
                                   "game board to your color"),
    HexxEffect(11, "Null & Void", "Each player must remove 1 tile from the game board and place "
                                  "it back into the bag"),
    HexxEffect(12, "Sleight of Hand", "Steal a tile from your opponent's hand, replacing it with "
                                      "one from yours"),
    HexxEffect(13, "Doppelganger", "Your opponent gets to choose a vowel and flip all instances "
                                   "of that vowel on the game board to their color"),
    HexxEffect(14, "The Changeling", "Pick up any Hexx tile on the game board and replace it "
                                     "with any tile from your hand and keep the Hexx tile"),
    HexxEffect(15, "Frozen in Place", "Your opponent cannot flip any of your tiles on their "
                                      "next turn"),
    HexxEffect(16, "Doppelganger", "Choose a consonant and flip all instances of that consonant "
                                   "on the game board to your color"),
    HexxEffect(17, "Freaky Friday", "Redraw your used tiles and then swap all 6 tiles with your "
                                    "opponent"),
    HexxEffect(18, "Sleight of Hand", "Your opponent gets to steal a tile from your hand, "
                                      "replacing it with one from theirs"),
    HexxEffect(19, "Doppelganger", "Your opponent gets to choose a consonant and flip all "
                                   "instances of that consonant on the game board to their color"),
    HexxEffect(20, "The Changeling", "Your opponent gets to pick up any Hexx tile on the board "
                                     "and replace it with any tile from their hand"),
)}

VOWELS = "AEIOU"
CONSONANTS = "BCDFGHJKLMNPQRSTVWXYZ"


def effect(number: int) -> HexxEffect:
    """The HEXX for a roll of ``number`` (1-20)."""
    try:
        return EFFECTS[number]
    except KeyError:
        raise ValueError(f"a d20 roll is 1 to 20, not {number}") from None
