"""The scoreboard at the end of a game shows the final scores, after the end-of-game adjustments
(a crossword game's unplayed letters, Dexikon's best words, last word, bonuses and Penalties),
as the summary does; while a game goes on it shows the running scores."""

from __future__ import annotations

import random

import pytest

from wordboard import registry


@pytest.fixture
def tiny():
    """The crossword tests' tiny edition: 8 tiles, racks of 4, the bag empty once dealt."""
    return _tiny


@pytest.fixture(scope="module")
def card_set():
    from wordboard.dexikon.cards import load_card_set

    return load_card_set()


@pytest.fixture(scope="module")
def dictionary():
    from tests.dexikon.conftest import WORDS
    from wordboard.dictionary import Dictionary

    lines = WORDS.read_text(encoding="utf-8").splitlines()
    return Dictionary.from_words(w for w in lines if w and not w.startswith("#"))


def dealt_game():
    """A crossword game on the tiny edition, racks dealt (for the screen's browser tests)."""
    from tests.crossword.test_lexulous_end import dealt

    return dealt(_tiny())


def _tiny(extra=""):
    from tests.crossword.conftest import TINY
    from wordboard.datafile import DataFile
    from wordboard.editions import parse_edition

    return parse_edition(DataFile(
        TINY.format(extra=extra, x_points=8, tie_break="score-before-adjustments", bonus="1x", others_lose="yes"),
        "tiny.edition"))


def scores(view) -> list:
    return [p["score"] for p in view["players"]]


def test_crossword_scoreboard_after_the_racks_are_settled(tiny):
    from tests.crossword.test_lexulous_end import ann_goes_out, dealt

    game = dealt(tiny(extra=""))
    view = registry.family("lexulous").view(game)
    assert scores(view) == [0, 0] and view["result"] is None
    ann_goes_out(game)
    view = registry.family("lexulous").view(game)
    # 32 and 9 before; Ann went out: +3 for Ben's D and S, Ben -3
    assert game.scores == [32, 9]
    assert scores(view) == [35, 6] == view["result"]["final"]
    assert view["result"]["adjustments"] == [3, -3]


def test_crossword_scoreboard_when_the_game_ends_with_letters_on_both_racks(tiny):
    from tests.crossword.test_lexulous_end import dealt
    from wordboard.crossword import Pass

    game = dealt(tiny(extra=""))
    while game.result is None:
        game.push(Pass())
    view = registry.family("lexulous").view(game)
    assert scores(view) == list(game.result.final) != list(game.result.scores_before)


def test_dexikon_scoreboard_shows_the_totals_scored_at_the_end(card_set, dictionary):
    from wordboard.dexikon.autoplay import AutoPlayer, play_out
    from wordboard.dexikon.engine import Game
    from wordboard.dexikon.scoring import LONG_BEST_FIVE

    game = Game(card_set, dictionary, 3, seed=104, variant=LONG_BEST_FIVE)
    running = registry.family("dexikon").view(game)
    assert scores(running) == [0, 0, 0]
    play_out(game, AutoPlayer(random.Random(3), challenge_rate=0.1, bluff_rate=0.05))
    view = registry.family("dexikon").view(game)
    totals = {s.name: s.total for s in game.result.scores}
    assert scores(view) == [totals[p.name] for p in game.players] == view["result"]["final"]
    # the sum of every word banked is not the score (only the best words count, and so on)
    assert any(p["banked_sum"] != p["score"] for p in view["players"])


def test_extradiction_scoreboard_is_the_final_stars():
    from tests.extradiction.helpers import game

    g = game("1", words=("APPLE",), players=("Ann",), turn_limit=1)
    g.play(g.placements("APPLE")[0])
    view = registry.family("extradiction").view(g)
    assert g.is_over and scores(view) == view["result"]["final"] == g.stars
