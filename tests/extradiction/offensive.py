"""The words of issue 37 (a tester heard them written back and spoken by the children's kiosk)
and a children's filter that knows them, for the tests of where a word reaches a child.

Those tests check the gate's wiring, not the list: :func:`filter_knowing` adds to the shipped
filter only the words it does not know yet (FUCKER, COCKSUCKER, WOP and CHINKS pass today's list;
once the list knows them, it adds nothing). It patches the filter's three public functions where
they are looked up (the filter module, and the modules that imported them by name).
"""

from __future__ import annotations

import re

#: the tester's words; CAT is the innocent word that must still be shown and said
OFFENSIVE = ("FUCKER", "COCKSUCKER", "WOP", "SHIT")
INNOCENT = "CAT"


def filter_knowing(monkeypatch, words=OFFENSIVE + ("CHINKS",)) -> set[str]:
    """Teach the children's filter ``words`` (those it does not know); the words added."""
    import importlib

    from wordboard.extradiction import wordfilter

    real_is, real_hides, real_in = wordfilter.is_unsuitable, wordfilter.hides_unsuitable, \
        wordfilter.unsuitable_words_in
    extra = {w.lower() for w in words if not real_is(w)}

    def is_unsuitable(word: str) -> bool:
        return real_is(word) or word.strip().lower() in extra

    def hides_unsuitable(letters: str, min_length: int = 4) -> bool:
        plain = re.sub(r"[^a-z]", "", letters.lower())
        return real_hides(letters, min_length) or plain in extra or \
            any(len(w) >= min_length and w in plain for w in extra)

    def unsuitable_words_in(text: str) -> list[str]:
        return real_in(text) + [w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in extra]

    patched = {"is_unsuitable": is_unsuitable, "hides_unsuitable": hides_unsuitable,
               "unsuitable_words_in": unsuitable_words_in}
    from wordboard.extradiction import childtext

    monkeypatch.setattr(childtext, "_FIT_CACHE", {})     # nothing judged by the filter as it was
    for name in ("wordboard.extradiction.wordfilter", "wordboard.extradiction.engine",
                 "wordboard.extradiction.cards", "wordboard.dexikon.autoplay", "wordboard.dexikon.console"):
        module = importlib.import_module(name)
        for attr, fake in patched.items():
            if hasattr(module, attr):
                monkeypatch.setattr(module, attr, fake)
    return extra


def found_in(texts, words=OFFENSIVE) -> list[str]:
    """The offensive words found in ``texts`` (any case, whole or inside a run of letters, or
    spelt out letter by letter: "F, U, ..." or "F - U - ..."): empty when none is."""
    found = []
    for text in texts:
        text = str(text).lower()
        runs = re.findall(r"[a-z]+", text)
        runs += ["".join(re.findall(r"[a-z]", s)) for s in
                 re.findall(r"(?<![a-z])[a-z](?:[\s,\-]+[a-z](?![a-z]))+", text)]
        found += [w for w in words if any(w.lower() == r or (len(w) > 3 and w.lower() in r) for r in runs)]
    return found


class Recorder:
    """A speaker that records what would be sent to espeak-ng (``speak``'s text, ``spell``'s
    letters as :func:`wordboard.speech.spelled` makes them, the text of a WAV asked for)."""

    available = True
    voice, words_per_minute = "en", 140

    def __init__(self):
        self.sent: list[str] = []

    def speak(self, text):
        self.sent.append(text)

    def spell(self, word):
        from wordboard.speech import spelled

        self.sent.append(spelled(word))

    def to_wav(self, text, path):
        self.sent.append(text)
        return False

    def wav_bytes(self, text):
        self.sent.append(text)
        return b"RIFF" + text.encode()
