"""``wordboard tiles enroll --camera``: the camera reads each new tile's letter (virtual camera)."""

from __future__ import annotations

import io

from wordboard.camera.state import BoardState
from wordboard.camera.virtual import SceneStyle, VirtualCamera
from wordboard.commands.tiles import camera_look
from wordboard.sensor import enrollment
from wordboard.sensor.backend import open_backend
from wordboard.sensor.events import Square, Tag
from wordboard.sensor.identity import BlankTile, LetterTile
from wordboard.sensor.registry import TileRegistry

TAG = Tag(bytes.fromhex("04A1B2C3D4E5F6"))


def test_the_camera_names_the_tile_on_the_square_a_blank_when_it_sees_no_letter():
    camera = VirtualCamera(BoardState.empty(15, 15).with_square(7, 7, "Q"), SceneStyle(), seed=3)
    out = io.StringIO()
    source = enrollment.from_camera(camera_look(camera, 15, 15), out=out)
    assert source(Square(7, 7), TAG) == LetterTile("Q")
    camera.state = BoardState.empty(15, 15).with_square(3, 11, "?")
    assert source(Square(3, 11), TAG) == BlankTile()
    assert "H8: the camera reads letter:Q" in out.getvalue()


def test_an_unsure_camera_asks_the_fallback_and_without_one_stops():
    asked = []

    def fallback(square, tag):
        asked.append(square)
        return LetterTile("Z")

    def unsure(square):
        return "O", 0.3

    out = io.StringIO()
    assert enrollment.from_camera(unsure, out=out, fallback=fallback)(Square(0, 0), TAG) == LetterTile("Z")
    assert asked == [Square(0, 0)] and "unsure" in out.getvalue()
    assert enrollment.from_camera(lambda square: None, out=out)(Square(0, 0), TAG) is None
    assert "no picture from the camera" in out.getvalue()


def test_enrolling_simulated_tiles_with_the_virtual_camera(tmp_path):
    centre = Square(7, 7)
    camera = VirtualCamera(BoardState.empty(15, 15).with_square(7, 7, "K"), SceneStyle(markers=False), seed=5)
    registry = TileRegistry(tmp_path / "tiles.json")
    out = io.StringIO()
    with open_backend("sim:15x15") as backend:
        enrollment.wait_until_connected(backend, 10.0)
        enrollment.feed_simulated_tiles(backend.simulator, 2, centre)
        source = enrollment.from_camera(camera_look(camera, 15, 15), out=out)
        done = enrollment.enroll_tiles(backend, registry, source, out=out, count=2, wait=10.0)
    assert done == 2
    assert [str(identity) for _uid, identity in TileRegistry.load(tmp_path / "tiles.json")] == ["letter:K", "letter:K"]
