"""What a child is shown or told: the one gate for every text of the children's game (issue 37).

Everything eXtraDICTION writes, shows or says (the screen's snapshot and its speech, the terminal
game's lines and its ``--speak``) passes through :func:`for_child` (spoken letters through
:func:`sayable`). A text that would repeat a word unsuitable for children is never shown or
said: the child is told :data:`PICK_ANOTHER` instead, and the word is not named (a refusal does
not say "WOP is not a word", it says why kindly).

Words are judged by :mod:`wordboard.extradiction.wordfilter` (its three public functions, looked
up when called): whole words anywhere in a text (``unsuitable_words_in``); the game's letters,
which it writes in capitals (what a child wrote, spelt or guessed, a card's word), and letters
spelt out one by one ("F, U, N." or "F - U - N"), by :func:`sayable`. Where the game's words are
known (a game is played: its word list and its clue cards), letters are said back only when they
spell one of them, judged whole by the filter: SHELL and GRAPE hold HELL and RAPE but are the
children's own words, and a word the list lacks (a misspelling, KURWA, FUKKA) is never repeated,
whether the filter knows it or not: the filter's misses outside the list reach no child. What a
child types stays theirs (``letters=True`` judges it by the filter alone).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container
from functools import lru_cache
from typing import Any

from wordboard.extradiction import wordfilter

#: what a child is told instead of a text that would repeat an unsuitable word
PICK_ANOTHER = "Let's pick another word."
#: what a child is told of a word the game's list lacks (never named: it may be a misspelt slur)
NOT_IN_OUR_LIST = "That is not a word in our list. Let's try another word."

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
    "NOT_IN_DICTIONARY": NOT_IN_OUR_LIST,
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
    words and its word list; at Levels 1 and 2, which play without one, the children's default
    list (:data:`wordboard.extradiction.codec.DEFAULT_LEXICON`)."""
    def known(word: str) -> bool:
        dictionary = game.dictionary if game.dictionary is not None else _default_list()
        return word in game.clue_words or word in dictionary
    return known


@lru_cache(maxsize=1)
def _default_list() -> Container[str]:
    """The children's default word list, loaded once per process; an empty set where it cannot
    be loaded (not installed, unreadable: the loader's :class:`UserError`), remembered too, so
    that a missing list is not looked for again at every text: then only the clue cards' words
    (a children's game) or no word of three letters or more (another game's children's page)
    are said back. Any other error is a bug and is raised."""
    from wordboard.controller.boardgames import dictionary
    from wordboard.errors import UserError
    from wordboard.extradiction.codec import DEFAULT_LEXICON

    try:
        return dictionary(DEFAULT_LEXICON) or frozenset()
    except (UserError, OSError):
        return frozenset()


@lru_cache(maxsize=1)
def _game_titles() -> frozenset[str]:
    from wordboard import registry

    return frozenset(f.title.upper() for f in registry.families())


def in_childrens_list(word: str) -> bool:
    """The words a children's page of a game for grown-ups (Lexulous, HEXX, Dexikon in
    ``?mode=kids``) may name, before the filter: the children's own word list
    (:data:`wordboard.extradiction.codec.DEFAULT_LEXICON`), the games' titles (HEXX) and words
    of two letters (a premium square's DW, Dexikon's ES); a word the grown-ups played that the
    children's list lacks (a filter's miss: DOUCHE, SMEGMA) is not named there."""
    return len(word) <= 2 or word in _default_list() or word in _game_titles()


def sayable(letters: str, known: Known | None = None) -> bool:
    """Whether letters a child wrote or spelt may be shown and said back. With ``known`` (the
    game's words: its word list, its clue cards): only when they spell one of them that the
    filter does not block, judged whole (SHELL, GRAPE and BUTTER hold HELL, RAPE and BUTT but are
    the children's own words; APLE, KURWA and a misspelt slur are not said). Without (a page of
    another game): never a word unsuitable for children, nor letters with one of four letters or
    more inside them (:func:`wordboard.extradiction.wordfilter.hides_unsuitable`)."""
    if known is None:
        return not wordfilter.hides_unsuitable(letters)  # letters only: an unread "?" joins its neighbours
    word = letters.upper()
    return word.isalpha() and known(word) and not wordfilter.is_unsuitable(word)


def said_back(letters: str, known: Known | None = None) -> bool:
    """Whether a child's own letters may be echoed as typed: unless the filter blocks them or
    holds a blocked word inside them (a word the list lacks is the child's own typing)."""
    return sayable(letters, known) or not wordfilter.hides_unsuitable(letters)


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
        if letters and not said_back(run, known):
            return False
        if not letters and len(run) > 1 and run.replace("?", "").isupper() and not sayable(run, known):
            return False
    for spelt in _SPELT.findall(text):
        # two letters ("columns A-I") are a range as often as a word: judged by the filter alone
        joined = "".join(ch for ch in spelt if ch.isalpha())
        if not sayable(joined, known if len(joined) > 2 else None):
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
#: a game's pieces, not words a player made (a premium square's label, the letters left in the
#: bag, a tile's letter, a Dexikon card's name, a player's name, the game's title): on a children's
#: page of a game for grown-ups judged by the filter alone, not by the children's word list
_PIECES = frozenset({"premiums", "unseen", "letter", "letters", "name", "title"})


def shown_for_child(value: Any, known: Known | None = None) -> Any:
    """A JSON-able value (the screen's snapshot) with each of its texts through :func:`for_child`."""
    return _shown(value, known, known)


def _shown(value: Any, known: Known | None, pieces: Known | None) -> Any:
    if isinstance(value, str):
        return for_child(value, known)
    if isinstance(value, dict):
        return {k: v if k in _NOT_TEXT else _shown(v, pieces, pieces) if k in _PIECES else _shown(v, known, pieces)
                for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_shown(v, known, pieces) for v in value]
    return value


#: the messages that carry the game's words (its state, what the board says): judged by a word list
_GAME_WORDS = frozenset({"state", "say"})


def for_kids_page(message: dict, known: Known | None = None) -> dict:
    """A message for a page in the children's mode (``?mode=kids``), whatever the game: its texts
    through :func:`for_child`; a ``say`` event that would repeat an unsuitable word loses its
    clip (the page says :data:`PICK_ANOTHER` in its own voice instead). In the game's state and
    speech, ``known``: a children's game's words (its adapter's ``known_word``); for a game for
    grown-ups (None) a word is named only when the children's own list has it
    (:func:`in_childrens_list`) and the filter passes it, the game's pieces by the filter alone.
    Other messages (the game's code and its QR, the PIN menu's answers, errors) by the filter
    alone: they name no word of play."""
    if message.get("type") not in _GAME_WORDS:
        safe = shown_for_child(message)
    elif known is not None:
        safe = shown_for_child(message, known)
    else:
        safe = _shown(message, in_childrens_list, None)
    if safe != message and message.get("type") == "say":
        safe["id"] = None
    return safe


def child_words(exc, known: Known | None = None) -> str:
    """A refused move's reason as a child is told it (the rule's own words otherwise). A word
    the game's list lacks (NOT_IN_DICTIONARY, NOT_A_WORD) is never named, nor letters the gate
    would not say (:func:`sayable` with ``known``, the game's words)."""
    rule = getattr(getattr(exc, "rule", None), "name", None) or ""
    detail = str(getattr(exc, "detail", "") or "")
    named = re.search(r"would make ([A-Z]+)", detail) or re.match(r"([A-Z]{2,})\b", detail)
    if named and rule == "WORD_USED" and sayable(named[1], known):
        return f"{named[1]} was used already in this game: pick another word."
    if named:
        return CHILD_WORDS.get(rule) or CHILD_WORDS["UNSUITABLE"]
    said = CHILD_WORDS.get(rule)
    return for_child(said if said else str(exc), known)


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
