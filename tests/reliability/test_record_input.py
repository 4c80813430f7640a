"""Issue 23, inputs: ``replay``, ``demo`` and ``analyse`` read a bounded amount of a game record."""

from __future__ import annotations

import os

import pytest

from wordboard import gcg
from wordboard.cli import main
from wordboard.errors import UserError


def test_an_endless_file_is_refused_without_reading_it_all():
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    with pytest.raises(UserError) as caught:
        gcg.load("/dev/zero")
    assert "a device, not a file" in str(caught.value)


@pytest.mark.parametrize("command", ["replay", "analyse", "demo"])
def test_the_commands_refuse_an_oversized_record_in_one_line(tmp_path, capsys, command):
    path = tmp_path / "huge.gcg"
    path.write_bytes(b"#player1 A A\n" + b" " * (gcg.MAX_RECORD_BYTES + 10))
    try:
        status = main([command, str(path)])
    except SystemExit as exited:
        status = exited.code
    assert status == 2
    err = capsys.readouterr().err.strip()
    assert "too large" in err and len(err.splitlines()) == 1


def test_a_rack_of_letters_outside_the_tile_set_is_one_line(tmp_path, capsys):
    """A Latin-1 record's rack letter (Ä) reached the move generator: a ValueError traceback."""
    path = tmp_path / "latin.gcg"
    path.write_bytes(b"#character-encoding ISO-8859-1\n#player1 a A\n#player2 b B\n>a: \xc4BCDEFG 8D CAB +12 12\n")
    assert main(["analyse", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("latin.gcg:4: a's rack \u00c4BCDEFG: not a tile: '\u00c4' (letters A-Z and ? for a blank)")
