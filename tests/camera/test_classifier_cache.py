"""The letter classifier's cache holds everything it computes from its training set, so that a
start-up from the cache recomputes nothing (no discriminant solved), and reads exactly as the
classifier that was trained; its first training reports progress."""

from __future__ import annotations

import numpy as np
import pytest

from wordboard.camera import letters
from wordboard.camera.fonts import available_fonts
from wordboard.camera.squares import find_glyph


@pytest.fixture
def one_font(monkeypatch, tmp_path):
    monkeypatch.setenv("WORDBOARD_CACHE_DIR", str(tmp_path))
    return (available_fonts()[0].name,)


def _glyphs(n=60):
    rng = np.random.default_rng(7)
    font = available_fonts()[0]
    out = []
    for i in range(n):
        glyph = find_glyph(letters.training_square(letters.LETTERS[i % 26], font, rng, handwritten=False))
        if glyph is not None:
            out.append(glyph)
    return out


def test_from_the_cache_nothing_is_recomputed_and_the_reads_are_the_same(one_font, monkeypatch, capsys):
    from wordboard import progress

    # training says how it goes when it takes over a second: here it is shown however fast it is
    real = progress.ProgressLine
    monkeypatch.setattr(progress, "ProgressLine", lambda *a, **k: real(*a, **{**k, "after": 0.0}))
    trained = letters.load_classifier(letters.TILES, fonts=one_font)
    assert "training the letter classifier" in capsys.readouterr().err      # the first time only
    solved = []
    monkeypatch.setattr(letters, "_pair_discriminant", lambda *a, **k: solved.append(a))
    cached = letters.load_classifier(letters.TILES, fonts=one_font)
    assert solved == [] and capsys.readouterr().err == ""
    assert cached._pairs.keys() == trained._pairs.keys() and cached._typical == trained._typical
    glyphs = _glyphs()
    assert cached.classify(glyphs) == trained.classify(glyphs)
    assert cached.turn_scores(glyphs) == trained.turn_scores(glyphs)


def test_a_cache_from_before_the_derived_arrays_is_completed_not_retrained(one_font, tmp_path, monkeypatch):
    trained = letters.load_classifier(letters.TILES, fonts=one_font)
    (path,) = tmp_path.glob("letters-tiles-*.npz")
    np.savez(path, features=trained._features, labels=trained._labels, kind=trained.kind)  # the old layout
    monkeypatch.setattr(letters, "training_glyphs", lambda *a, **k: pytest.fail("retrained"))
    again = letters.load_classifier(letters.TILES, fonts=one_font)
    assert again._pairs.keys() == trained._pairs.keys()
    with np.load(path) as data:
        assert "pair_weights" in data                                   # written back complete
