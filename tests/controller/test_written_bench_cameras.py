"""Issue 37: every game of bench/written_bench.py had the same camera (the twin camera was seeded
by the journal's game id, 1 in each fresh journal). The twin camera is seeded by the game's own
seed, and the bench gives each game its own camera, room and markers."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from wordboard.controller.session import open_session

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))


def _camera(tmp_path, seed: int, vary: bool):
    import written_bench

    config, described = written_bench.game_config("1", seed, 1, "trained", False,
                                                  tmp_path / f"{seed}-{vary}.sqlite3", vary)
    with open_session(config) as s:
        assert s.jgame.id == 1                         # a fresh journal each game, as the bench has
        cam = s.camera_source
        return cam.seed, np.asarray(cam._camera.corners, float), cam.style, cam.inks, described


def test_two_bench_games_with_different_seeds_get_different_cameras(tmp_path):
    seed1, corners1, style1, inks1, said1 = _camera(tmp_path, 1, True)
    seed2, corners2, style2, inks2, said2 = _camera(tmp_path, 2, True)
    assert (seed1, seed2) == (1, 2)
    assert not np.allclose(corners1, corners2)
    assert style1 != style2 and said1["text"] != said2["text"]


def test_the_twin_camera_is_seeded_by_the_game_not_the_journal(tmp_path):
    seed1, corners1, style1, inks1, _ = _camera(tmp_path, 5, False)
    seed2, corners2, style2, inks2, _ = _camera(tmp_path, 6, False)
    assert (seed1, seed2) == (5, 6)
    assert not np.allclose(corners1, corners2)
    assert style1 == style2                            # the twin's own style, only the seed differs


def test_the_varied_cameras_spread():
    import written_bench

    described = [written_bench.varied_camera(seed)[1] for seed in range(1, 41)]
    assert {d["kind"] for d in described} == {"overhead", "edge, high", "edge, low"}
    assert any(d["pale ink"] for d in described) and not all(d["pale ink"] for d in described)
    assert written_bench.varied_camera(7) == written_bench.varied_camera(7)
