"""Dexikon's score sheet and the final score.

"Add together the values of the five highest scoring words that you banked during the game, plus
the value of your 'last word'. Add any bonus points: 1 for each successful challenge, 1 or 2 for
each N or P card in your deck. Finally, subtract two points for each Penalty card (including
Special Penalties)." Solo play adds "a bonus point for every Penalty placed to the side using
Attack cards". Ties: "the player who has the highest value word recorded on the score sheet
(including 'last word') ... If there is still a tie, check the next highest value word, and so on."

How many banked words count (five) and how many end the game (seven) come from the
:class:`Variant`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from wordboard.dexikon.cards import CardKind

__all__ = ["Variant", "STANDARD", "QUICK", "LONG", "LONG_BEST_FIVE", "VARIANTS", "BankedWord",
           "ScoreSheet", "FinalScore", "final_score", "rank", "PENALTY_POINTS"]

#: "subtract two points for each Penalty card"
PENALTY_POINTS = 2


@dataclass(frozen=True)
class Variant:
    """How long a game lasts: it ends when someone has banked ``words_to_end`` words, and each
    player's ``best_words`` highest banked words count."""

    name: str
    words_to_end: int
    best_words: int
    description: str


STANDARD = Variant("standard", 7, 5, "play to 7 banked words, score the best 5")
QUICK = Variant("quick", 5, 3, "quick game: play to 5 banked words, score the best 3")
LONG = Variant("long", 8, 6, "longer game: play to 8 banked words, score the best 6")
LONG_BEST_FIVE = Variant("long-best5", 8, 5,
                         "play to 8 banked words, score the best 5 (rewards banking late)")
VARIANTS: dict[str, Variant] = {v.name: v for v in (STANDARD, QUICK, LONG, LONG_BEST_FIVE)}


@dataclass(frozen=True)
class BankedWord:
    """A word written on the score sheet and its value."""

    word: str
    value: int


@dataclass
class ScoreSheet:
    """One player's score sheet, as kept during the game."""

    name: str
    first: bool = False                       # the "First?" box
    banked: list[BankedWord] = field(default_factory=list)
    challenges_won: int = 0                   # the marks in the Bonus Points box
    last_word: str | None = None
    last_word_value: int = 0

    def bank(self, word: str, value: int) -> None:
        self.banked.append(BankedWord(word.upper(), value))


@dataclass(frozen=True)
class FinalScore:
    """The bottom of a score sheet at the end of the game."""

    name: str
    first: bool
    banked: tuple[BankedWord, ...]            # every banked word, in the order banked
    best: tuple[BankedWord, ...]              # the ones that count, highest first
    subtotal: int
    last_word: str | None
    last_word_value: int
    challenges_won: int
    card_bonus: int                           # N and P cards ("bonus N" effects)
    set_aside_bonus: int                      # solo: Penalties set aside with Attack cards
    penalties: int
    total: int

    @property
    def bonus(self) -> int:
        return self.challenges_won + self.card_bonus + self.set_aside_bonus

    @property
    def penalty_points(self) -> int:
        return -PENALTY_POINTS * self.penalties

    @property
    def tiebreak(self) -> tuple[int, ...]:
        """Every word value recorded on the sheet (banked and last word), highest first."""
        values = [b.value for b in self.banked]
        if self.last_word is not None:
            values.append(self.last_word_value)
        return tuple(sorted(values, reverse=True))


def final_score(sheet: ScoreSheet, cards: Iterable[CardKind], variant: Variant,
                set_aside: int = 0) -> FinalScore:
    """Score ``sheet`` for a player finishing with ``cards`` (all of them: hand, deck, discard)."""
    kinds = list(cards)
    best = tuple(sorted(sheet.banked, key=lambda b: -b.value)[: variant.best_words])
    subtotal = sum(b.value for b in best)
    card_bonus = sum(k.amount("bonus") for k in kinds)
    penalties = sum(1 for k in kinds if k.is_penalty)
    last_value = sheet.last_word_value if sheet.last_word is not None else 0
    total = (subtotal + last_value + sheet.challenges_won + card_bonus + set_aside
             - PENALTY_POINTS * penalties)
    return FinalScore(sheet.name, sheet.first, tuple(sheet.banked), best, subtotal,
                      sheet.last_word, last_value, sheet.challenges_won, card_bonus, set_aside,
                      penalties, total)


def rank(scores: Sequence[FinalScore]) -> list[tuple[int, FinalScore]]:
    """Places (1 = winner) by total, ties broken by the highest word, then the next, and so on.

    Players still equal after every word share the place.
    """
    def key(score: FinalScore) -> tuple[int, tuple[int, ...]]:
        return (score.total, score.tiebreak)

    ordered = sorted(scores, key=key, reverse=True)
    places: list[tuple[int, FinalScore]] = []
    for i, score in enumerate(ordered):
        if i and key(score) == key(ordered[i - 1]):
            places.append((places[-1][0], score))
        else:
            places.append((i + 1, score))
    return places
