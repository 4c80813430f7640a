"""Clue cards: the word, its first letter and length, a meaning a child can understand, a
picture, and a colour level (green, blue, red for harder words).

Card files have one card per line, four fields separated by ``|``::

    # comments and blank lines are ignored
    apple | green | 🍎 | A round fruit with red or green skin that grows on trees.
    circle | green | shape:circle | A round shape with no corners.

Fields: the word (letters only), the colour (``green``, ``blue`` or ``red``), the picture (an
emoji, or ``shape:NAME`` for a shape in :mod:`~wordboard.extradiction.pictures`) and the meaning.
wordboard ships ``data/clue-cards.txt``, made by
:mod:`wordboard.extradiction.deckbuilder`; owners can add their own cards in a file of the same
form (``wordboard play extradiction --cards-file PATH``, ``wordboard run --cards PATH``, or a file in
the configuration folder's ``cards/``, offered by the screen's setup). Every line is validated on load: a bad
colour, a word that is not all letters, a meaning that gives the word away, a word given twice,
or a word unsuitable for children (the word, the meaning, or the picture: an emoji of
``data/unsuitable-emoji.txt``, any skin tone, or one whose Unicode name holds such a word) is an
error naming the file and the line, never the word.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from wordboard.datafile import MAX_DATA_FILE_BYTES
from wordboard.errors import DataFileError
from wordboard.extradiction.pictures import check_picture, unsuitable_picture
from wordboard.extradiction.wordfilter import is_unsuitable, unsuitable_words_in
from wordboard.userfiles import read_text

SHIPPED_DECK = "clue-cards.txt"
MIN_WORD_LENGTH = 2
MAX_WORD_LENGTH = 11  # the published board is 11 squares wide


class Colour(enum.Enum):
    """A clue card's colour bar: green for the easiest words, then blue, then red."""

    GREEN = "green"
    BLUE = "blue"
    RED = "red"

    @classmethod
    def parse(cls, text: str) -> Colour:
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise ValueError(f"{text.strip()!r} is not a colour: use green, blue or red") from None


@dataclass(frozen=True)
class ClueCard:
    """One clue card. ``word`` is upper case."""

    word: str
    colour: Colour
    picture: str
    meaning: str

    @property
    def first_letter(self) -> str:
        return self.word[0]

    @property
    def length(self) -> int:
        return len(self.word)

    def hint(self) -> str:
        """What Levels 2 and 3 show: the first letter and the number of letters."""
        return f"starts with {self.first_letter}, {self.length} letters"


def parse_card_line(text: str) -> ClueCard:
    """A card from one line of a card file; ``ValueError`` saying what is wrong."""
    fields = [f.strip() for f in text.split("|")]
    if len(fields) != 4:
        raise ValueError(f"expected 4 fields 'word | colour | picture | meaning', got {len(fields)}")
    word, colour_text, picture, meaning = fields
    if not word.isascii() or not word.isalpha():
        raise ValueError(f"the word {word!r} must be letters A-Z only")
    if not MIN_WORD_LENGTH <= len(word) <= MAX_WORD_LENGTH:
        raise ValueError(f"the word {word!r} must have {MIN_WORD_LENGTH} to {MAX_WORD_LENGTH} letters")
    colour = Colour.parse(colour_text)
    check_picture(picture)
    if len(meaning) < 3:
        raise ValueError("the meaning is missing")
    given = gives_away(word, meaning)
    if given:
        raise ValueError(f"the meaning gives the word {word.upper()} away ({given!r}): leave it out")
    if is_unsuitable(word):
        raise ValueError("the word is not suitable for children")
    bad = unsuitable_words_in(meaning)
    if bad:
        raise ValueError("the meaning uses a word not suitable for children")
    why = unsuitable_picture(picture)
    if why:
        raise ValueError(why)
    return ClueCard(word.upper(), colour, picture, meaning)


def parse_cards(text: str, path: str = "<text>") -> list[ClueCard]:
    """The cards in the text of a card file (``path`` only names it in errors)."""
    cards: list[ClueCard] = []
    first_line: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            card = parse_card_line(line)
        except ValueError as exc:
            raise DataFileError(path, number, str(exc)) from None
        if card.word in first_line:
            raise DataFileError(path, number, f"{card.word} already has a card on line "
                                              f"{first_line[card.word]}")
        first_line[card.word] = number
        cards.append(card)
    return cards


def load_cards(path: str | Path) -> list[ClueCard]:
    """An owner's card file; a missing or unreadable file is a :class:`UserError`."""
    path = Path(path)
    cards = parse_cards(read_text(path, what="clue card file", limit=MAX_DATA_FILE_BYTES), str(path))
    if not cards:
        raise DataFileError(path, None, "no cards in the file")
    return cards


#: The owner's card packs: card files (``*.txt``) in this folder of the configuration folder
#: (:func:`wordboard.paths.config_dir`; ``/etc/wordboard/cards`` on a board set up as a service).
PACKS_FOLDER = "cards"


def pack_files(folder: str | Path | None = None) -> list[Path]:
    """The owner's card files in the packs folder (none when there is no such folder)."""
    from wordboard.paths import config_dir

    folder = Path(folder) if folder is not None else config_dir() / PACKS_FOLDER
    return sorted(folder.glob("*.txt")) if folder.is_dir() else []


def card_line(card: ClueCard) -> str:
    """A card as a line of a card file (:func:`parse_card_line` reads it back)."""
    return f"{card.word.lower()} | {card.colour.value} | {card.picture} | {card.meaning}"


def shipped_cards() -> list[ClueCard]:
    """The deck wordboard ships (``data/clue-cards.txt``)."""
    ref = resources.files("wordboard.extradiction").joinpath("data").joinpath(SHIPPED_DECK)
    return parse_cards(ref.read_text(encoding="utf-8"), f"{SHIPPED_DECK} (built in)")


def merge_decks(*decks: list[ClueCard]) -> list[ClueCard]:
    """Several decks as one; a later card for the same word replaces the earlier one."""
    by_word: dict[str, ClueCard] = {}
    for deck in decks:
        for card in deck:
            by_word[card.word] = card
    return list(by_word.values())


#: Little words that start or end many words without being part of a compound (SQUARE: "are").
_NOT_COMPOUND_PARTS = {"the", "and", "are", "was", "for", "can", "her", "his", "our", "you",
                       "one", "all", "not", "but", "its", "has", "had", "any", "out", "with"}


def _stems(word: str) -> set[str]:
    """A word and what is left without a simple ending: dancer, dances -> dance; swimmer -> swim."""
    word = word.lower()
    out = {word}
    for ending in ("s", "es", "r", "er", "ers", "d", "ed", "ing"):
        base = word[: -len(ending)]
        if word.endswith(ending) and len(base) >= 3:
            out.add(base)
            if base[-1] == base[-2] and base[-1] not in "aeiou":
                out.add(base[:-1])  # runner -> run, swimmer -> swim
    return out


def gives_away(word: str, meaning: str, *, strict: bool = False) -> str | None:
    """The word of ``meaning`` that gives ``word`` away, or None.

    A meaning must not use the word itself or a form of it (ANT: "ants"; DANCER: "dances";
    SKIER: "skis"). ``strict`` (used on the shipped deck) also refuses a part of a compound
    word (SUNRISE: "sun"; POPCORN: "corn").
    """
    stems = _stems(word)
    low = word.lower()
    for token in _words(meaning):
        if stems & _stems(token):
            return token
        if strict:
            for part in _stems(token):
                if (len(part) >= 3 and len(low) - len(part) >= 3 and part not in _NOT_COMPOUND_PARTS
                        and (low.startswith(part) or low.endswith(part))):
                    return token
    return None


def _words(text: str) -> list[str]:
    out, current = [], []
    for ch in text:
        if ch.isalpha():
            current.append(ch)
        elif current:
            out.append("".join(current))
            current = []
    if current:
        out.append("".join(current))
    return out
