"""Shared pieces of the adapters for HEXX, eXtraDICTION and Dexikon: word lists loaded once per
process, question kinds of their own, square names.
"""

from __future__ import annotations

import threading

Square = tuple[int, int]

# Question kinds of these games (with those of :mod:`wordboard.controller.questions`).
READING = "reading"      # HEXX: the tiles read as two words (one per direction): which is meant?
DECISION = "decision"    # a pending decision of the engine (HEXX effect, Dexikon phase)
GUESS = "guess"          # eXtraDICTION: the word guessed from the clue card
GUESS_HEARD = "guess-heard"  # eXtraDICTION: a guess not spelt as the card's word: was it said right?
HEARD_RIGHT = "=right"   # eXtraDICTION: the answer to a guess said aloud: the grown-up heard the card's word
HEARD_WRONG = "=wrong"   # ... or another word
WORD = "word"            # Dexikon: several words fit the row of cards: which is meant?



def grown_ups_answer(question, value: str) -> bool:
    """Whether ``value`` answers ``question`` as only a grown-up may (the reader, at Level 3): was
    the guess said, or spelt otherwise, the card's word? A page not unlocked with the PIN gives it
    only with its button held (:mod:`wordboard.screen.server`)."""
    return question.kind == GUESS_HEARD or (question.kind == GUESS and value in (HEARD_RIGHT, HEARD_WRONG))


_dictionaries: dict[str, object] = {}
_lock = threading.Lock()


def dictionary(name: str | None):
    """The word list ``name`` (``scowl:70``...), loaded once per process; None for None/"none"."""
    if name is None or str(name).lower() == "none":
        return None
    with _lock:
        found = _dictionaries.get(name)
        if found is None:
            from wordboard.dictionary import load_dictionary

            found = _dictionaries[name] = load_dictionary(name)
        return found


def parse_square_name(text: str) -> Square:
    text = text.strip().upper()
    return (int(text[1:]) - 1, ord(text[0]) - ord("A"))
