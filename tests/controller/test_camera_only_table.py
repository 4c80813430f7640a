"""A tile game sensed by the camera alone (no sensor board): the camera's readings become the
table's events, a blank tile seen as a blank is asked for its letter, and a whole game is played
to the end. Here the twin's table is read exactly (the fast twin); how the virtual camera's
reading fares is measured in bench/ (issue: camera-only play)."""

from __future__ import annotations

from wordboard.controller.session import SessionConfig, open_session


def test_a_whole_game_with_the_camera_alone(tmp_path):
    config = SessionConfig(game="lexulous", hardware="direct", sensing="camera", journal=tmp_path / "j.sqlite3",
                           seed=11, show_leds=False, habits="tidy", out=lambda s: None)
    with open_session(config) as s:
        assert s.sensing == "camera" and s.table.sim is None and s.table.direct is None
        s.run(max_seconds=120)
        assert s.adapter.over and s.players.mismatches == []
        assert s.controller.stats.moves > 15


def test_the_sensor_board_and_the_camera_alone_give_the_same_game(tmp_path):
    records = []
    for sensing in ("sensor", "camera"):
        config = SessionConfig(game="scrabble", hardware="direct", sensing=sensing,
                               journal=tmp_path / f"{sensing}.sqlite3", seed=12, show_leds=False, habits="tidy",
                               out=lambda s: None)
        with open_session(config) as s:
            s.run(max_seconds=120)
            records.append([(t.player, str(t.move), t.score) for t in s.adapter.game.history])
    assert records[0] == records[1]
