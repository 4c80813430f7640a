"""The sensor board's USB cable pulled mid-game and plugged in again (the twin's simulated board
loses power too, and boots again): the game waits, says why (screen, log, LEDs), picks up again
by itself, and is the game played with the cable in, move for move."""

from __future__ import annotations

from wordboard.controller.session import SessionConfig, open_session


def play(tmp_path, name: str, pull_at: float | None, back_at: float | None):
    said: list[str] = []
    config = SessionConfig(game="lexulous", hardware="sim", sensing="sensor", camera="none",
                           journal=tmp_path / f"{name}.sqlite3", seed=11, show_leds=False, habits="tidy",
                           speed=float("inf"), out=said.append)
    borders = []
    with open_session(config) as s:
        s.wait_ready()
        simulator = s.sensor.simulator
        done = {"pulled": False, "back": False}

        def cable(now: float) -> None:
            if pull_at is not None and not done["pulled"] and now >= pull_at:
                simulator.unplug()
                done["pulled"] = True
            if back_at is not None and done["pulled"] and not done["back"] and now >= back_at:
                simulator.plug()
                done["back"] = True
            if s.controller._problem_said:
                borders.append(s.controller.frame(now)[(0, 7)])

        s.controller.step_hooks.append(cable)
        s.run(max_seconds=240)
        assert s.adapter.over and s.players.mismatches == []
        record = [(t.player, str(t.move), t.score) for t in s.adapter.game.history]
    return record, said, borders


def test_a_pulled_cable_pauses_the_game_and_it_carries_on_when_plugged_in(tmp_path):
    clean, _, _ = play(tmp_path, "clean", None, None)
    pulled, said, borders = play(tmp_path, "pulled", 40.0, 100.0)
    assert pulled == clean
    waits = [line for line in said if line.endswith(": the game waits")]
    assert waits and "is the board plugged in?" in waits[0]
    assert said.index(waits[0]) < said.index("the table is seen again: the game goes on")
    assert borders and all(r > g > b == 0 for r, g, b in borders)        # the border breathes amber
