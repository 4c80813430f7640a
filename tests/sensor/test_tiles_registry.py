"""Tile identities, tile codes in tag memory, and the registry file."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordboard.errors import DataFileError, UserError
from wordboard.sensor.events import Square, Tag
from wordboard.sensor.identity import (
    BlankTile,
    DexikonCard,
    HexxWildTile,
    LetterTile,
    decode_tile_code,
    encode_tile_code,
    parse_identity,
)
from wordboard.sensor.registry import TileRegistry, data_dir, default_registry_path

UID = bytes.fromhex("04A1B2C3D4E5F6")

identities = st.one_of(
    st.builds(LetterTile, st.sampled_from(["A", "Z", "QU", "É", "Ñ"])),
    st.just(BlankTile()), st.just(HexxWildTile()),
    st.builds(DexikonCard, st.from_regex(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,10}", fullmatch=True)))


@pytest.mark.parametrize("text, identity", [
    ("a", LetterTile("A")), ("letter:qu", LetterTile("QU")), ("?", BlankTile()), ("blank", BlankTile()),
    ("*", HexxWildTile()), ("hexx-wild", HexxWildTile()), ("card:AT-1", DexikonCard("AT-1"))])
def test_parse_identity(text, identity):
    assert parse_identity(text) == identity
    assert parse_identity(str(identity)) == identity


@pytest.mark.parametrize("text", ["", "7", "ABCD", "card:", "card:has space", "card:waytoolongcardid"])
def test_bad_identities_are_user_errors(text):
    with pytest.raises(UserError):
        parse_identity(text)


@settings(max_examples=80, deadline=None)
@given(identities)
def test_tile_code_round_trip(identity):
    code = encode_tile_code(identity)
    assert len(code) == 16
    assert decode_tile_code(code) == identity


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=20))
def test_decoding_any_memory_never_raises(memory):
    decode_tile_code(memory)
    decode_tile_code(b"WB\x01" + memory)


def test_square_names():
    assert Square(7, 7).name == "H8" and Square.parse("h8") == Square(7, 7)
    assert Square.parse("A15") == Square(14, 0)
    with pytest.raises(UserError):
        Square.parse("8H")


def test_registry_round_trip_is_atomic_and_sorted(tmp_path):
    path = tmp_path / "sub" / "tiles.json"
    registry = TileRegistry.load(path)
    assert len(registry) == 0
    registry.enroll(UID, LetterTile("A"))
    registry.enroll("04:00:00:01", DexikonCard("IOU"))
    registry.save()
    assert [p.name for p in path.parent.iterdir()] == ["tiles.json"]   # no temporary left behind
    again = TileRegistry.load(path)
    assert list(again) == [("04000001", DexikonCard("IOU")), ("04A1B2C3D4E5F6", LetterTile("A"))]
    assert json.loads(path.read_text())["format"] == "wordboard-tiles"


def test_identify_prefers_the_registry_then_the_tile_code_and_never_guesses(tmp_path):
    registry = TileRegistry(tmp_path / "tiles.json")
    registry.enroll(UID, LetterTile("A"))
    assert registry.identify(Tag(UID, encode_tile_code(BlankTile()))) == LetterTile("A")
    assert registry.identify(Tag(b"\x04\x02\x02\x02", encode_tile_code(HexxWildTile()))) == HexxWildTile()
    assert registry.identify(Tag(b"\x04\x02\x02\x02", bytes(16))) is None


@pytest.mark.parametrize("text, line, problem", [
    ('{"format": "wordboard-tiles",\n "version": 1,\n "tiles": {\n  "04A1B2C3": "letter:7"}}', 4, "letter"),
    ('{"format": "wordboard-tiles",\n "version": 1,\n "tiles": {\n  "zz": "blank"}}', 4, "not a tag UID"),
    ('{"format": "wordboard-tiles",\n "version": 2, "tiles": {}}', 2, "version"),
    ('{"format": "wordboard-tiles",\n "version": 1,\n "tiles": [}', 3, "JSON"),
    ('[1, 2]', 1, "not a tile registry"),
])
def test_malformed_registry_names_file_and_line(tmp_path, text, line, problem):
    path = tmp_path / "tiles.json"
    path.write_text(text)
    with pytest.raises(DataFileError) as caught:
        TileRegistry.load(path)
    assert caught.value.line == line and problem in caught.value.problem
    assert str(caught.value).startswith(f"{path}:{line}: ")


def test_data_dir_precedence(monkeypatch, tmp_path):
    monkeypatch.setenv("WORDBOARD_DATA_DIR", str(tmp_path / "a"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "b"))
    assert data_dir() == tmp_path / "a"
    monkeypatch.delenv("WORDBOARD_DATA_DIR")
    assert default_registry_path() == tmp_path / "b" / "wordboard" / "tiles.json"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "h"))
    assert data_dir() == tmp_path / "h" / ".local" / "share" / "wordboard"
