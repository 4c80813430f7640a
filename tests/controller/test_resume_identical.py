"""A game interrupted by a power cut goes on exactly as the uninterrupted one would, for every
game: the board is stopped after a random number of moves (twice), opened again from its
journal, and the journal at the end holds the same events as a game played in one go (the tiles'
RFID tags aside: a resumed twin lays fresh tiles for the ones already played; a Dexikon card keeps
its one tag).

``bench/resume_bench.py`` runs the same over more seeds and prints the figures.
"""

from __future__ import annotations

import json
import random

import pytest

from wordboard import registry
from wordboard.controller.session import SessionConfig, open_session
from wordboard.rules import square_name


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


def test_a_dexikon_turn_stopped_after_not_now_is_not_asked_again(tmp_path):
    """Dexikon (issue 21): a card's Action effect answered "not now", the board stopped before the
    word is declared, opened again from its journal: the answer holds (the same question is not
    asked again) and the game goes on as the uninterrupted one."""
    seed = 6

    def config(journal, resume):
        return SessionConfig(game="dexikon", hardware="direct", camera="none", journal=journal, seed=seed,
                             show_leds=False, habits="untidy", resume=resume, out=lambda s: None)

    def journalled(s):
        return [(e.type, json.dumps(without_uids(e.data), sort_keys=True)) for e in s.journal.events(s.jgame.id)]

    def not_now_answered(s):
        events = s.journal.events(s.jgame.id)
        return bool(events) and events[-1].type == "decision" and events[-1].data.get("action", {}).get(
            "value") == "not now"

    with open_session(config(tmp_path / "whole.sqlite3", "no")) as s:
        s.run(max_seconds=300)
        whole, result = journalled(s), s.adapter.game.result
    with open_session(config(tmp_path / "resumed.sqlite3", "no")) as s:
        s.run(max_seconds=300, should_stop=lambda: not_now_answered(s))
        assert not s.adapter.over and s.adapter.game.phase.name == "PLAY"
        answered = s.journal.events(s.jgame.id)[-1].data["action"]
        assert s.controller.question is not None       # the turn goes on: another question waits
    heard: list = []
    with open_session(config(tmp_path / "resumed.sqlite3", "auto")) as s:
        s.controller.listeners.append(lambda kind, data: heard.append((kind, data)))
        s.run(max_seconds=300)
        assert s.adapter.over
        resumed, resumed_result = journalled(s), s.adapter.game.result
    this_turn = heard[:next(i for i, (kind, _) in enumerate(heard) if kind == "commit")]
    asked = [data for kind, data in this_turn if kind == "question"]
    assert asked and not any(question.kind == "action" and [square_name(sq) for sq in question.squares]
                             == [answered["square"]] for question in asked)
    assert resumed == whole and resumed_result == result
