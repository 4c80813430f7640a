"""A game interrupted by a power cut goes on exactly as the uninterrupted one would, for every
game: the board is stopped after a random number of moves (twice), opened again from its
journal, and the journal at the end holds the same events as a game played in one go (the tiles'
RFID tags aside: a resumed twin lays fresh tiles for the ones already played).

``bench/resume_bench.py`` runs the same over more seeds and prints the figures.
"""

from __future__ import annotations

import json
import random

import pytest

from wordboard import registry
from wordboard.controller.session import SessionConfig, open_session


def without_uids(data):
    if isinstance(data, dict):
        return {k: without_uids(v) for k, v in data.items() if k != "uid"}
    if isinstance(data, list):
        return [without_uids(v) for v in data]
    return data


def play(game: str, seed: int, journal, stops=()) -> list:
    """The journal's events after a whole game, stopped and resumed after each of ``stops`` moves."""
    options = {"turns": 4} if game == "extradiction" else {}
    done, events = 0, []
    for stop in [*stops, None]:
        config = SessionConfig(game=game, hardware="direct", camera="none", journal=journal, seed=seed,
                               show_leds=False, habits="untidy", resume="auto" if done else "no",
                               game_options=options, out=lambda s: None)
        with open_session(config) as s:
            if stop is None:
                s.run(max_seconds=300)
                assert s.adapter.over
            else:
                s.run(max_moves=stop - done)
                done = stop
            events = [(e.type, json.dumps(without_uids(e.data), sort_keys=True))
                      for e in s.journal.events(s.jgame.id)]
    return events


@pytest.mark.parametrize("game", [next(iter(f.editions)) for f in registry.families()])
def test_a_game_stopped_and_resumed_twice_is_the_uninterrupted_game(tmp_path, game):
    seed = 7
    rng = random.Random(f"{game}:{seed}")
    first = rng.randint(1, 3)
    stops = (first, first + rng.randint(1, 4))
    whole = play(game, seed, tmp_path / "whole.sqlite3")
    resumed = play(game, seed, tmp_path / "resumed.sqlite3", stops)
    assert resumed == whole, f"stopped after {stops} moves: differs at event " + str(
        next(i for i, (a, b) in enumerate(zip(resumed + [None], whole + [None])) if a != b))
