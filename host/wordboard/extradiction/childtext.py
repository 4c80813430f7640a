"""What a child is shown or told: the one gate for every text of the children's game (issue 37).

Everything eXtraDICTION writes, shows or says (the screen's snapshot and its speech, the terminal
game's lines and its ``--speak``) passes through :func:`for_child` (spoken letters through
:func:`sayable`). A text that would repeat a word unsuitable for children is never shown or
said: the child is told :data:`PICK_ANOTHER` instead, and the word is not named (a refusal does
not say "WOP is not a word", it says why kindly).

Words are judged by :mod:`wordboard.extradiction.wordfilter` (its three public functions, looked
up when called): whole words anywhere in a text (``unsuitable_words_in``); the game's letters,
which it writes in capitals (what a child wrote, spelt or guessed, a card's word), and letters
spelt out one by one ("F, U, N." or "F - U - N"), by what they are or hold
(:func:`sayable`), unless they spell a word the game knows (its word list, its clue cards), which
is judged whole: SHELL and GRAPE hold HELL and RAPE but are the children's own words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from wordboard.extradiction import wordfilter

#: what a child is told instead of a text that would repeat an unsuitable word
PICK_ANOTHER = "Let's pick another word."

#: why a word is refused, in words a child understands (the screen shows them with the squares lit)
CHILD_WORDS = {
    "NOT_LETTERS": "Write one letter in each square.",
    "TOO_SHORT": "A word needs at least two letters.",
    "NOT_THE_CLUE_WORD": "Write the word on the card.",
    "HORIZONTAL_ONLY": "Write the word across, from left to right.",
    "OFF_BOARD": "Each letter goes in its own square on the board.",
    "SQUARE_TAKEN": "Those squares have letters already: write the word on empty squares.",
    "FIRST_WORD_CENTRE": "The first word must go through the middle square.",
    "LETTER_CLASH": "A word can only cross another word where they share a letter.",
    "NO_NEW_LETTER": "That word is there already: add a new letter.",
    "RUNS_INTO_WORD": "The word bumps into another letter: leave an empty square before and after it.",
    "NOT_A_WORD": "Touching that word makes letters that are not a word.",
    "NOT_IN_DICTIONARY": "That is not a word in the dictionary.",
    "WORD_USED": "That word was used already in this game: pick another word.",
    "UNSUITABLE": "That word is not for this game: let's pick another word.",
}

Known = Callable[[str], bool]

_RUN = re.compile(r"[A-Za-z?]+")
# letters spelt out one by one: "F, U, N." (speech), "F - U - N" (the terminal), "F  U  N" (a row
# of the terminal's board; a "." is an empty square between words)
_SPELT = re.compile(r"(?<![A-Za-z])[A-Za-z](?:[\s,\-]+[A-Za-z](?![A-Za-z]))+")


def known_to(game) -> Known:
    """The words an eXtraDICTION game knows (judged whole by :func:`sayable`): its clue cards'
    words and its word list."""
    def known(word: str) -> bool:
        dictionary = game.dictionary
        return word in game.clue_words or (dictionary is not None and word in dictionary)
    return known


def sayable(letters: str, known: Known | None = None) -> bool:
    """Whether letters a child wrote or spelt may be shown and said back: never a word unsuitable
    for children, nor letters with one of four letters or more inside them, unless they spell
    a word ``known`` to the game (its word list, its clue cards), which is judged whole:
    SHELL, GRAPE and BUTTER hold HELL, RAPE and BUTT but are the children's own words."""
    word = letters.upper()
    if known is not None and word.isalpha() and known(word):
        return not wordfilter.is_unsuitable(word)
    return not wordfilter.hides_unsuitable(letters)      # letters only: an unread "?" joins its neighbours


#: texts judged already ((text, known, letters) -> fit): a snapshot is mostly the texts of the
#: last one (the gate took 4.7 of a 6.2 ms snapshot without it, on a PC); cleared when full
_FIT_CACHE: dict[tuple[str, Known | None, bool], bool] = {}
_FIT_CACHE_SIZE = 4096


def fit_for_child(text: str, known: Known | None = None, *, letters: bool = False) -> bool:
    """Whether ``text`` may be shown or said to a child as it is (see the module's docstring).
    ``letters``: the text is what a child typed or wrote, so every run of letters in it is judged
    as the game's letters are, whatever its case. ``known`` must be the same function for the
    same words (a game's, while it is played): its answers are remembered."""
    cache = _FIT_CACHE
    key = (text, known, letters)
    fit = cache.get(key)
    if fit is None:
        fit = _fit(text, known, letters)
        if len(cache) >= _FIT_CACHE_SIZE:
            cache.clear()
        cache[key] = fit
    return fit


def _fit(text: str, known: Known | None, letters: bool) -> bool:
    if not text or not any(ch.isalpha() for ch in text):
        return True
    if wordfilter.unsuitable_words_in(text):
        return False
    for run in _RUN.findall(text):
        if (letters or (len(run) > 1 and run.replace("?", "").isupper())) and not sayable(run, known):
            return False
    for spelt in _SPELT.findall(text):
        if not sayable("".join(ch for ch in spelt if ch.isalpha()), known):
            return False
    return True


def for_child(text: str, known: Known | None = None, *, letters: bool = False) -> str:
    """The one gate: ``text`` as it may be shown or said to a child; :data:`PICK_ANOTHER` when it
    would repeat a word unsuitable for children."""
    return text if fit_for_child(text, known, letters=letters) else PICK_ANOTHER


def spoken_for_child(text: str, spell: str | None = None,
                     known: Known | None = None) -> tuple[str, str | None]:
    """What is said (``text``) and spelt letter by letter (``spell``), through :func:`for_child`:
    letters that may not be said are not spelt either, and the child hears :data:`PICK_ANOTHER`."""
    if spell and not sayable(spell, known):
        return PICK_ANOTHER, None
    said = for_child(text, known)
    return said, (spell if said == text else None)


_NOT_TEXT = frozenset({"leds"})   # a snapshot's colours: no words there


def shown_for_child(value: Any, known: Known | None = None) -> Any:
    """A JSON-able value (the screen's snapshot) with each of its texts through :func:`for_child`."""
    if isinstance(value, str):
        return for_child(value, known)
    if isinstance(value, dict):
        return {k: v if k in _NOT_TEXT else shown_for_child(v, known) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [shown_for_child(v, known) for v in value]
    return value


def for_kids_page(message: dict) -> dict:
    """A message for a page in the children's mode (``?mode=kids``), whatever the game: its texts
    through :func:`for_child`; a ``say`` event that would repeat an unsuitable word loses its
    clip (the page says :data:`PICK_ANOTHER` in its own voice instead)."""
    safe = shown_for_child(message)
    if safe != message and message.get("type") == "say":
        safe["id"] = None
    return safe


def child_words(exc) -> str:
    """A refused move's reason as a child is told it (the rule's own words otherwise). Letters
    that make a word unsuitable for children are never named."""
    rule = getattr(getattr(exc, "rule", None), "name", None) or ""
    detail = str(getattr(exc, "detail", "") or "")
    named = re.search(r"would make ([A-Z]+)", detail) or re.match(r"([A-Z]{2,})\b", detail)
    if named and not sayable(named[1]):
        return CHILD_WORDS.get(rule) or CHILD_WORDS["UNSUITABLE"]
    if named and rule == "NOT_A_WORD":
        return f"Touching another word makes {named[1]}, which is not a word."
    if named and rule == "NOT_IN_DICTIONARY":
        return f"{named[1]} is not a word in the dictionary."
    if named and rule == "WORD_USED":
        return f"{named[1]} was used already in this game: pick another word."
    said = CHILD_WORDS.get(rule)
    return for_child(said if said else str(exc))


class ChildSpeaker:
    """A :class:`wordboard.speech.Speaker` that says only what :func:`for_child` lets through
    (the terminal game's ``--speak``): the words reach espeak-ng through this gate."""

    def __init__(self, speaker, known: Known | None = None):
        self.speaker = speaker
        self.known = known
        self.available = getattr(speaker, "available", False)

    def speak(self, text: str) -> None:
        self.speaker.speak(for_child(text, self.known))

    def spell(self, word: str) -> None:
        if sayable(word, self.known):
            self.speaker.spell(word)
        else:
            self.speaker.speak(PICK_ANOTHER)

    def to_wav(self, text: str, path) -> bool:
        return bool(self.speaker.to_wav(for_child(text, self.known), path))

    def wav_bytes(self, text: str) -> bytes | None:
        return self.speaker.wav_bytes(for_child(text, self.known))
