"""The children's word filter measured on lists it was not built from (issue 37).

``wordfilter_data/offensive-heldout.txt``: 1013 words from three public lists (sources and
licences in its header) that the shipped filter never saw; ``offensive-heldout-2.txt``: 248 more
from a fourth public list; ``innocent-lookalikes.txt``: 400 words of the word list holding an
offensive-looking run of letters. The bars are the figures measured on the filter as it stands:
a change may raise them, never lower them.

The held-out lists hold words of other languages (amcik, kurwa), words only sometimes offensive
(god, fat, pot, organ, seaman) and misspellings: the filter blocks a listed word, a form of one
(lemminflect, Snowball), a compound with one, or a close misspelling of one (Metaphone), and the
first two kinds are its misses. Before the rebuild it blocked 241 (23.8%) of the first list and
said back 302 of the 400 innocent words.
"""

from __future__ import annotations

from pathlib import Path

from wordboard.extradiction.wordfilter import hides_unsuitable, is_unsuitable

DATA = Path(__file__).parent / "wordfilter_data"


def _words(name: str) -> list[str]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return [w.strip() for w in lines if w.strip() and not w.startswith("#")]


def _blocked_and_hidden(name: str, size: int) -> tuple[float, float]:
    """The share of a list's words that ``is_unsuitable`` blocks and ``hides_unsuitable`` hides."""
    words = _words(name)
    assert len(words) == size
    return (sum(map(is_unsuitable, words)) / size, sum(map(hides_unsuitable, words)) / size)


def test_held_out_offensive_words_blocked_at_least_as_often_as_measured() -> None:
    blocked, hidden = _blocked_and_hidden("offensive-heldout.txt", 1013)
    assert blocked >= 0.63                                        # measured: 646 (63.8%)
    assert hidden >= 0.65                                         # measured: 664 (65.5%)


def test_second_held_out_list_blocked_at_least_as_often_as_measured() -> None:
    blocked, hidden = _blocked_and_hidden("offensive-heldout-2.txt", 248)
    assert blocked >= 0.86                                        # measured: 215 (86.7%)
    assert hidden >= 0.88                                         # measured: 219 (88.3%)


def test_innocent_look_alikes_allowed_at_least_as_often_as_measured() -> None:
    innocent = _words("innocent-lookalikes.txt")
    assert len(innocent) == 400
    allowed = sum(not is_unsuitable(w) for w in innocent)
    said_back = sum(not hides_unsuitable(w) for w in innocent)
    # measured: allowed 391 (97.8%; refused BUTTOCKS and PISTOL, listed on purpose, COCKIEST,
    # SCUMMIER, SPICKS, forms of listed words, HOMOLOG, PREASSED, TITULUS, read as compounds, and
    # CASSINOS, read as a misspelling of CASINOS); said back 386 (96.5%: runs that no dictionary
    # knows with a listed word inside stay hidden, unless they split into innocent words around it)
    assert allowed / len(innocent) >= 0.975
    assert said_back / len(innocent) >= 0.965
