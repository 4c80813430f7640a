"""A board shows its next pairing: ``wordboard run``'s pairing watcher sees the pairing the board's
link keeps (the pairing file), the screen's snapshot says who plays whom at which table, and the
LEDs show the "pairing arrived" sign (a blue light running round the border), on the twin's
simulated strip, for a few seconds only."""

from __future__ import annotations

from wordboard.controller.session import SessionConfig, open_session
from wordboard.leds import overlays
from wordboard.leds.frame import Frame
from wordboard.leds.simulated import emitted_frame
from wordboard.night import pairing_file
from wordboard.screen.snapshot import snapshot

PAIRING = {"round": 2, "table": 3, "players": ["Cy", "Di"], "event": "Tuesday club"}


def is_blue(colour) -> bool:
    r, g, b = colour
    return b > 0 and b >= 2 * max(r, g)


def test_the_pairing_shows_on_the_screen_and_the_leds_sign_it_arrived(tmp_path):
    environ = {"WORDBOARD_DATA_DIR": str(tmp_path / "data")}
    said: list[str] = []
    config = SessionConfig(game="lexulous", hardware="sim", sensing="sensor", camera="none",
                           journal=tmp_path / "j.sqlite3", seed=5, players=("Ann", "Bob"), show_leds=False,
                           habits="tidy", speed=float("inf"), out=said.append)
    seen: list[tuple[float, Frame, dict | None]] = []        # (game time, the strip's frame, the snapshot's pairing)
    with open_session(config) as s:
        s.wait_ready()
        controller = s.controller
        pairing_file.PairingWatcher(controller, environ, every=0.0)
        written = []

        def watch(now: float) -> None:
            if not written and now >= 20.0:
                pairing_file.write(PAIRING, environ)       # what 'wordboard night board' does when it comes
                written.append(now)
            strip = controller.leds
            seen.append((now, emitted_frame(strip.pixels, strip.wiring), snapshot(controller, now)["pairing"]))

        controller.step_hooks.append(watch)
        s.run(should_stop=lambda: bool(written) and controller.clock() > written[0] + 3 * overlays.PAIRING_SIGN_SECONDS)
        arrived = controller.pairing_at
    assert said.count("game night: next, round 2, table 3: Cy v Di") == 1      # the table is told once

    assert written and arrived >= written[0]
    before = [(f, p) for t, f, p in seen if t < written[0]]
    sign = [(t, f, p) for t, f, p in seen if arrived + 0.5 <= t < arrived + overlays.PAIRING_SIGN_SECONDS - 0.5]
    after = [(f, p) for t, f, p in seen if t >= arrived + overlays.PAIRING_SIGN_SECONDS + 1.0]
    assert before and sign and after
    ring = overlays.border_ring(15, 15)

    # the screen: nothing before; then the pairing, "new" while the LEDs sign it, and still there after
    assert all(p is None for _, p in before)
    assert all(p == {**{k: PAIRING[k] for k in ("round", "table", "players", "event")}, "new": True}
               for _, _, p in sign)
    assert all(p is not None and p["new"] is False and p["table"] == 3 for _, p in after)

    # the LEDs: no blue border before; during the sign the whole border is blue, one run of it
    # bright and moving round; after it, the border is the board's own again
    assert not any(all(is_blue(f[sq]) for sq in ring) for f, _ in before)
    blue_rings = [f for _, f, _ in sign if all(is_blue(f[sq]) for sq in ring)]
    assert len(blue_rings) >= len(sign) // 2          # the strip shows a frame a little after it is made
    brightest = {max(ring, key=lambda sq: f[sq][2]) for f in blue_rings}
    assert len(brightest) > 3                          # the bright run goes round
    # (the strip writes at most so often on the wall clock: under load it may lag the twin's fast
    # game time by a few frames)
    assert not any(all(is_blue(f[sq]) for sq in ring) for f, _ in after[len(after) // 2:])


def test_a_seated_pairing_shows_without_the_sign_and_an_old_one_is_not_new(tmp_path):
    environ = {"WORDBOARD_DATA_DIR": str(tmp_path / "data")}
    pairing_file.write(PAIRING, environ)                # came before wordboard run started
    config = SessionConfig(game="lexulous", hardware="sim", sensing="sensor", camera="none",
                           journal=tmp_path / "j.sqlite3", seed=5, players=("Cy", "Di"), show_leds=False,
                           habits="tidy", speed=float("inf"), out=lambda text: None)
    with open_session(config) as s:
        s.wait_ready()
        pairing_file.PairingWatcher(s.controller, environ, seated=pairing_file.read(environ), every=0.0)
        s.run(max_moves=2)
        now = s.controller.clock()
        shown = snapshot(s.controller, now)["pairing"]
        assert shown["round"] == 2 and shown["players"] == ["Cy", "Di"] and shown["new"] is False
        assert not s.controller.pairing_sign_shown(now)
        assert "game night" not in s.controller.message


def test_the_sign_shows_over_the_winners_rainbow(tmp_path):
    """The next round is paired when the games are over: the sign goes over the end's rainbow."""
    config = SessionConfig(game="lexulous", hardware="sim", sensing="sensor", camera="none",
                           journal=tmp_path / "j.sqlite3", seed=5, players=("Ann", "Bob"), show_leds=False,
                           habits="tidy", speed=float("inf"), out=lambda text: None)
    with open_session(config) as s:
        s.wait_ready()
        s.run(max_seconds=120)
        controller = s.controller
        assert s.adapter.over
        ring = overlays.border_ring(15, 15)
        assert not all(is_blue(controller.frame(controller.clock())[sq]) for sq in ring)
        controller.show_pairing(PAIRING)
        assert all(is_blue(controller.frame(controller.clock() + 1.0)[sq]) for sq in ring)
        assert snapshot(controller)["pairing"]["new"] is True


def test_the_sign_runs_round_the_border_only():
    frame = Frame(5, 6, [(10, 20, 30)] * 30)
    ring = overlays.border_ring(5, 6)
    assert len(ring) == len(set(ring)) == 2 * 6 + 2 * 3 and ring[0] == (0, 0) and ring[5] == (0, 5)
    shown = overlays.pairing_arrived().apply(frame, 0.1)
    assert all(is_blue(shown[sq]) for sq in ring)
    assert all(shown[(r, c)] == (10, 20, 30) for r in range(1, 4) for c in range(1, 5))
    later = overlays.pairing_arrived().apply(frame, 1.0)
    assert max(ring, key=lambda sq: shown[sq][2]) != max(ring, key=lambda sq: later[sq][2])
