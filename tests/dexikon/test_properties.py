"""Invariants over whole random games (hypothesis): no card is lost or duplicated, banked words
are never repeated, scores add up."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordboard.dexikon.autoplay import AutoPlayer, play_out
from wordboard.dexikon.engine import Game
from wordboard.dexikon.scoring import VARIANTS

from .helpers import check_conservation


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(1, 5),
       variant=st.sampled_from(sorted(VARIANTS)), challenge=st.floats(0, 0.5),
       bluff=st.floats(0, 0.3), refresh=st.floats(0, 0.5), bank_from=st.integers(3, 12),
       specials=st.lists(st.integers(0, 1), max_size=5))
def test_random_games_keep_every_card_and_every_rule(card_set, dictionary, seed, players,
                                                     variant, challenge, bluff, refresh,
                                                     bank_from, specials):
    game = Game(card_set, dictionary, players, seed=seed, variant=VARIANTS[variant],
                special_penalties=specials[:players])
    auto = AutoPlayer(random.Random(seed), bank_from=bank_from, challenge_rate=challenge,
                      bluff_rate=bluff, refresh_rate=refresh, word_choice=3)

    def check(game, action):
        check_conservation(game)
        assert len(game.pool) <= 6
        banked = [b.word for p in game.players for b in p.sheet.banked]
        assert len(banked) == len(set(banked)) == len(game.banked_words)

    play_out(game, auto, on_action=check)
    for score, player in zip(game.result.scores, game.players):
        cards = player.cards()
        assert score.penalties == sum(c.kind.is_penalty for c in cards)
        assert score.total == (score.subtotal + score.last_word_value + score.bonus
                               - 2 * score.penalties)
    assert [p for p, _ in game.result.places][0] == 1
