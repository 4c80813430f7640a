"""Invariants of eXtraDICTION, checked on random games (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordboard.extradiction.edition import load_edition
from wordboard.extradiction.engine import Game, Guess, GuessWanted, Level, Pass

from .helpers import WORDS, card

CLUE_WORDS = ["APPLE", "STAR", "RAT", "CAT", "TEA", "ANT", "SEA", "NET", "PEA", "SPAT", "TAP", "EAT"]
EDITION = load_edition("standin")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(level=st.sampled_from(list(Level)), seed=st.integers(0, 10_000),
       players=st.integers(1, 2), choices=st.lists(st.integers(0, 10_000), max_size=14))
def test_random_games_keep_the_invariants(level, seed, players, choices):
    """Stars never below zero; each player's stars = the sum of their turns' awards and Chance
    cards; a turn's award = the sum of its words; letters once written never change; at most
    10 clue cards."""
    g = Game(EDITION, level, [f"P{i}" for i in range(players)],
             clue_cards=[card(w) for w in CLUE_WORDS] if level.uses_clue_cards else (),
             dictionary=WORDS if level.crossword_rules else None, seed=seed)
    written = {}
    for choice in choices:
        if g.is_over:
            break
        pending = g.pending
        if isinstance(pending, GuessWanted):
            g.play(Guess(pending.card.word if choice % 4 else "WRONG"))
            continue
        word = pending.card.word if pending.card else sorted(WORDS)[choice % len(WORDS)]
        places = g.placements(word)
        if not places or choice % 7 == 0:
            g.play(Pass())
        else:
            g.play(places[choice % len(places)])
        for square, letter in written.items():
            assert g.letter_at(square) == letter
        written = g.board
        assert all(s >= 0 for s in g.stars)
    totals = [0] * players
    for record in g.history:
        if record.placement:
            assert record.word_points == sum(w.points for w in record.placement.words)
            for w in record.placement.words:
                assert w.points == (w.stars * w.zones if w.multiplied else w.stars)
            if record.placement.floating:
                assert record.chance == ()
        totals[record.player] += record.stars_change
    assert totals == g.stars
    assert g.cards_used <= 10
