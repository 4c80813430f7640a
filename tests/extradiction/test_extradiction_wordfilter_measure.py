"""The children's word filter measured on lists it was not built from (issue 37).

``wordfilter_data/offensive-heldout.txt``: 1013 words from three public lists (sources and
licences in its header) that the shipped filter never saw; ``innocent-lookalikes.txt``: 400 words
of the word list holding an offensive-looking run of letters. The bars are the figures measured
on the filter as it stands (baseline before its rebuild): a change may raise them, never lower them.
"""

from __future__ import annotations

from pathlib import Path

from wordboard.extradiction.wordfilter import hides_unsuitable, is_unsuitable

DATA = Path(__file__).parent / "wordfilter_data"


def _words(name: str) -> list[str]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return [w.strip() for w in lines if w.strip() and not w.startswith("#")]


def test_held_out_offensive_words_blocked_at_least_as_often_as_measured() -> None:
    offensive = _words("offensive-heldout.txt")
    assert len(offensive) == 1013
    blocked = sum(is_unsuitable(w) for w in offensive)            # measured: 241 (23.8%)
    hidden = sum(hides_unsuitable(w) for w in offensive)          # measured: 406 (40.1%)
    assert blocked / len(offensive) >= 0.23
    assert hidden / len(offensive) >= 0.40


def test_innocent_look_alikes_allowed_at_least_as_often_as_measured() -> None:
    innocent = _words("innocent-lookalikes.txt")
    assert len(innocent) == 400
    allowed = sum(not is_unsuitable(w) for w in innocent)
    said_back = sum(not hides_unsuitable(w) for w in innocent)
    # measured: allowed 391 (97.8%; refused BRASSED, BUTTING, BUTTOCKS, COCKED, COCKING, CRAPED,
    # CRAPING, PISTOL, PISTOLED: the last two by wordboard's own weapons addendum, on purpose);
    # said back 302 (75.5%: GRAPE-like words the game does not know are not said back)
    assert allowed / len(innocent) >= 0.97
    assert said_back / len(innocent) >= 0.75
