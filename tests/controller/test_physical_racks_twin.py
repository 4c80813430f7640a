"""The twin plays the real table's path: its players draw from a real bag the engine never sees.

For both editions and 2 to 4 players, whole games go through the board (tiles laid, end turn,
the questions answered) with physical racks: every move is the one the players meant, the tiles
left on the racks at the end are the players' own, and the journal replays the game exactly.
A game journalled before physical racks existed (the engine dealt the racks) still resumes.
"""

from __future__ import annotations

import pytest

from wordboard.controller.session import SessionConfig, open_session
from wordboard.crossword.players import RealBag
from wordboard.journal import Journal, JournaledGame, rebuild


def board(tmp_path, **kw):
    config = SessionConfig(game=kw.pop("game", "scrabble"), hardware="direct", camera="none",
                           journal=tmp_path / "j.sqlite3", seed=kw.pop("seed", 3), show_leds=False,
                           habits=kw.pop("habits", "tidy"),
                           out=kw.pop("out", lambda s: None), **kw)
    return open_session(config)


@pytest.mark.parametrize("game,players,seed", [
    ("scrabble", ("Ann", "Ben"), 11), ("lexulous", ("Ann", "Ben"), 12),
    ("scrabble", ("Ann", "Ben", "Cy"), 13), ("lexulous", ("Ann", "Ben", "Cy", "Di"), 14),
])
def test_whole_games_on_physical_racks(tmp_path, game, players, seed):
    lines = []
    with board(tmp_path, game=game, players=players, seed=seed, out=lines.append) as s:
        assert s.jgame.info.options["racks"] == "physical" and s.adapter.game.physical
        s.run(max_seconds=120)
        engine = s.adapter.game
        assert s.adapter.over and s.players.mismatches == []
        assert s.players.as_meant == sum(1 for t in engine.history if hasattr(t.move, "placements")) or \
            s.players.as_meant == len(engine.history)
        bag = RealBag.replayed(engine, s.players.seed)
        assert engine.result.racks == tuple(bag.rack(i) for i in range(len(players)))   # the players' own tiles
        _, rebuilt = rebuild(s.journal, s.jgame.id)
        assert rebuilt.result == engine.result and rebuilt.scores == engine.scores
    text = "\n".join(lines)
    assert "game over" in text
    if len(players) > 2 or engine.result.reason != "went-out":
        assert "Which tiles are left on each rack" in text      # asked, and answered from the racks


def test_a_tile_the_set_has_no_more_of_is_refused_on_the_board(tmp_path):
    from wordboard.crossword import Play

    with board(tmp_path) as s:
        s.run(max_moves=1)
        engine = s.adapter.game
        z = Play.of(("A1", "Z"), ("A2", "Z"))                   # Scrabble has one Z
        verdict = engine.dry_run(z)
        assert not verdict.legal and verdict.error.rule == "tiles-from-rack"


def test_a_game_journalled_with_dealt_racks_still_resumes(tmp_path):
    """Before physical racks, the engine dealt the racks from its own bag: such a game replays
    and plays on as it was (dealt)."""
    from wordboard.crossword import Game
    from wordboard.crossword.selfplay import greedy_move
    from wordboard.editions import load_edition

    path = tmp_path / "j.sqlite3"
    with Journal(path) as journal:
        game_id = journal.start_game("lexulous", "scrabble", ["Ada", "Blaise"], seed=7, options={"lexicon": None})
        jgame = JournaledGame(journal, game_id)
        assert not jgame.game.physical
        from wordboard.commands.common import open_lexicon

        jgame.game.dictionary = open_lexicon("scowl:70")
        for _ in range(4):
            jgame.play(greedy_move(jgame.game))
        racks = [jgame.game.rack(i) for i in range(2)]
    with board(tmp_path, game=None) as s:
        assert s.jgame.id == game_id and not s.adapter.game.physical
        assert [s.adapter.game.rack(i) for i in range(2)] == racks
        s.run(max_moves=2)
        assert s.players.mismatches == [] and len(s.adapter.game.history) == 6
    assert isinstance(Game(load_edition("scrabble"), ["A", "B"], seed=7), Game)
