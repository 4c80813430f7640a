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
    assert "too large" in str(caught.value)


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
