"""``wordboard tiles`` and ``wordboard sensor`` against the simulated board (no hardware)."""

from __future__ import annotations

import pytest

from wordboard.cli import main
from wordboard.sensor.identity import BlankTile, DexikonCard, HexxWildTile, LetterTile
from wordboard.sensor.registry import TileRegistry


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDBOARD_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("WORDBOARD_SENSOR", raising=False)
    return tmp_path


def test_enroll_against_the_simulator_then_list(data_dir, capsys):
    assert main(["tiles", "enroll", "--sim", "--tiles", "AB?*", "--wait", "10"]) == 0
    registry = TileRegistry.load(data_dir / "tiles.json")
    assert sorted(map(str, (identity for _, identity in registry))) == sorted(
        map(str, [LetterTile("A"), LetterTile("B"), BlankTile(), HexxWildTile()]))
    assert "enrolled 4 tile(s)" in capsys.readouterr().out
    assert main(["tiles", "list"]) == 0
    assert capsys.readouterr().out.count("\n") == 4


def test_write_a_card_code_on_an_11x11_simulator(data_dir, capsys):
    assert main(["tiles", "write", "card:AT-1", "--sim", "11x11", "--wait", "10"]) == 0
    out = capsys.readouterr().out
    assert "F6: wrote card:AT-1" in out
    assert [str(i) for _, i in TileRegistry.load(data_dir / "tiles.json")] == [str(DexikonCard("AT-1"))]


def test_mistakes_are_one_line_and_status_2(capsys):
    assert main(["tiles", "forget", "04A1B2C3"]) == 2
    assert main(["tiles", "write", "card:this is bad", "--sim"]) == 2
    assert main(["tiles", "enroll", "--sim"]) == 2
    assert main(["sensor", "simulate", "--grid", "99x2", "--duration", "0"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 4 and all(line.startswith("wordboard: ") for line in err)


def test_sensor_info_on_the_simulator(capsys):
    assert main(["sensor", "info", "--sim"]) == 0
    out = capsys.readouterr().out
    assert "grid:       15x15, 15 readers" in out and "readers:    all answering" in out


def test_the_monitor_decodes_a_tile_code_with_no_tile_enrolled(tmp_path):
    """Issue 23: `sensor monitor` names a tile from the code in its tag even when the registry is
    empty (an empty registry was taken for none)."""
    from wordboard.commands.sensor import _describe
    from wordboard.sensor.events import Placed, Square, Tag
    from wordboard.sensor.identity import encode_tile_code

    empty = TileRegistry.load(tmp_path / "tiles.json")
    assert len(empty) == 0
    tag = Tag(bytes.fromhex("04a1b2c3d4e5f6"), encode_tile_code(LetterTile("Q")))
    line = _describe(Placed(Square(3, 4), tag), empty)
    assert "unknown tag" not in line and str(LetterTile("Q")) in line
    bare = Tag(bytes.fromhex("04a1b2c3d4e5f7"), b"")
    assert "unknown tag (not enrolled, no tile code)" in _describe(Placed(Square(3, 4), bare), empty)
