"""A tile game sensed by the camera alone (no sensor board): the camera's readings become the
table's events, a blank tile seen as a blank is asked for its letter, and a whole game is played
to the end. Here the twin's table is read exactly (the fast twin); how the virtual camera's
reading fares is measured in bench/ (issue: camera-only play)."""

from __future__ import annotations

from wordboard.controller.session import SessionConfig, open_session
from wordboard.controller.twin import Table


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


class BlockedEyes:
    """The camera's eyes with a hand over the board from game time ``start`` for ``seconds``:
    no reading, and why."""

    def __init__(self, eyes, clock, start: float, seconds: float):
        self.eyes, self.clock, self.start, self.seconds = eyes, clock, start, seconds
        self.problem = None
        self.blocked_reads = 0

    def blocked(self) -> bool:
        return self.start <= self.clock() < self.start + self.seconds

    def changed(self) -> bool:
        return self.blocked() or self.problem is not None or self.eyes.changed()

    def read(self):
        if self.blocked():
            self.blocked_reads += 1
            self.problem = "something is between the camera and the board (a hand?)"
            return None
        if self.problem is not None:
            self.eyes._last = None            # the hand is gone: look at the whole table again
        self.problem = None
        return self.eyes.read()


def test_a_hand_over_the_board_holds_the_turn_and_is_never_read_as_a_move(tmp_path):
    """For a minute of game time the camera sees no board (a hand lingers over it): presses are
    held, the players are told what is in the way and that the game waits, and the game played is
    the one played with nothing in the way, move for move."""
    def play(blocked: bool):
        said = []
        config = SessionConfig(game="lexulous", hardware="direct", sensing="camera", journal=tmp_path / f"{blocked}.sqlite3",
                               seed=11, show_leds=False, habits="tidy", out=said.append)
        with open_session(config) as s:
            eyes = None
            if blocked:
                eyes = s.sensor.eyes = BlockedEyes(s.sensor.eyes, s.clock, start=40.0, seconds=60.0)
                controller = s.controller

                def border(now):      # the LEDs while the game waits: the border breathes amber
                    if controller.problem is not None and controller._problem_said:
                        frame = controller.frame(now)
                        waiting_borders.append((frame[(0, 0)], frame[(0, 7)], frame[(7, 0)]))
                controller.step_hooks.append(border)
            s.run(max_seconds=120)
            assert s.adapter.over and s.players.mismatches == []
            record = [(t.player, str(t.move), t.score) for t in s.adapter.game.history]
            return record, said, eyes

    waiting_borders: list = []
    clear, _, _ = play(False)
    held, said, eyes = play(True)
    assert eyes.blocked_reads > 0
    assert held == clear
    assert any(line.startswith("the turn ends when the camera sees the board: something is between") for line in said)
    assert "something is between the camera and the board (a hand?): the game waits" in said
    assert "the table is seen again: the game goes on" in said
    assert waiting_borders and all(r > g > b == 0 for corner in waiting_borders for r, g, b in corner)


def test_a_tile_slid_across_a_table_the_camera_alone_sees_ends_on_its_last_square():
    # The table has no sensor to tell of the squares the tile crosses on the way (the slide used
    # to call the absent sensor for them: found by mypy, issue 17).
    table = Table(3, 3)
    uid = table.new_tile("A")
    table.put((0, 0), uid)
    table.slide(uid, [(0, 0), (0, 1), (0, 2)])
    assert table.tiles == {(0, 2): (uid, "A")}


def test_a_hexx_tile_is_the_tile_with_no_letter_when_the_camera_alone_reads_the_tiles(tmp_path):
    """HEXX has no blanks: its wild tiles are the ones with no letter on them (the twin's camera
    draws them so; a real set's mark is not public). Read by the camera alone, such a tile is a
    HEXX tile, not a blank the game does not have (a HEXX game stopped at its first wild tile:
    the virtual camera could not draw it, and a blank would not have been a tile of the game)."""
    import numpy as np

    from wordboard.camera import virtual
    from wordboard.camera.fonts import available_fonts
    from wordboard.controller.written import written_tag

    drawn = {}
    for symbol in ("*", "?"):
        board = np.full((120, 120, 3), 200, np.uint8)
        virtual._draw_tile(board, 30, 30, 60, symbol, available_fonts()[0], np.random.default_rng(5))
        drawn[symbol] = board
    assert np.array_equal(drawn["*"], drawn["?"])              # drawn as a tile with no letter
    config = SessionConfig(game="hexx", hardware="sim", sensing="camera", journal=tmp_path / "j.sqlite3",
                           seed=1, show_leds=False, out=lambda text: None)
    with open_session(config) as s:
        identify = s.controller.board.identify
        assert identify(written_tag((6, 5), "?")) == "*" and identify(written_tag((6, 2), "C")) == "C"
