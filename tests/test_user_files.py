"""A file a person names can be anything: a pipe (opening it waits for a writer, for ever), a
device such as /dev/zero (reading it never ends), a file of gigabytes, a folder, an empty file.
Every command that reads one answers in one line, at once, with exit status 2 (before: a hang,
a MemoryError or a traceback; wordboard.userfiles)."""

import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordboard.cli import main
from wordboard.errors import UserError
from wordboard.userfiles import read_limited

# Each command with the place its file goes (FILE).
COMMANDS = [
    ["show", "FILE"],
    ["run", "--edition", "FILE", "--quick", "--max-moves", "0", "--no-leds"],
    ["replay", "FILE"],
    ["sensor", "monitor", "--registry", "FILE"],
    ["scan", "FILE"],
    ["lexicon", "info", "FILE"],
]
#: Run in a process of their own, bounded from outside: a pipe waited on inside OpenCV's or
#: Python's C code is not interrupted by the test's own timeout. Only what is no file at all is
#: refused here (a camera's video may be large; a path under /dev/ is taken as a camera).
BOUNDED_COMMANDS = [
    ["calibrate", "--camera", "FILE"],
    ["night", "board", "--credentials", "FILE"],
]


@pytest.fixture
def odd_files(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    huge = tmp_path / "huge.bin"
    with open(huge, "wb") as f:
        f.truncate(2 << 30)                     # 2 GiB, sparse: takes no room on the disk
    folder = tmp_path / "folder"
    folder.mkdir()
    return {"a pipe": fifo, "a device": "/dev/zero", "too large": huge, "a folder": folder}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_a_pipe_a_device_a_huge_file_or_a_folder_is_one_line_and_exit_2(argv, odd_files, capsys):
    for said, path in odd_files.items():
        if argv[0] == "lexicon" and said in ("a device",):
            continue     # a name that is no file is looked up as a list's name (and not found)
        code = main([str(path) if a == "FILE" else a for a in argv])
        err = capsys.readouterr().err
        assert code == 2, (argv, said, err)
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
        if argv[0] != "lexicon":
            assert said in err, (argv, said, err)


@pytest.mark.parametrize("argv", BOUNDED_COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_a_pipe_or_a_folder_is_one_line_and_exit_2_within_a_bound(argv, odd_files):
    # Before (issue 40): calibrate --camera and night board --credentials on a pipe waited for ever.
    import subprocess
    import sys

    for said in ("a pipe", "a folder"):
        args = [str(odd_files[said]) if a == "FILE" else a for a in argv]
        try:
            done = subprocess.run([sys.executable, "-m", "wordboard", *args], capture_output=True,
                                  text=True, timeout=60, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            pytest.fail(f"wordboard {' '.join(argv)} on {said} did not end within 60 s (a hang)")
        assert done.returncode == 2 and said in done.stderr, (argv, said, done.stderr)
        assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_an_empty_word_list_is_refused(tmp_path, capsys):
    empty = tmp_path / "words.txt"
    empty.write_text("\n  \n")
    assert main(["lexicon", "info", str(empty)]) == 2
    assert "is empty" in capsys.readouterr().err


def test_a_gzip_bomb_is_refused_without_unpacking_it(tmp_path, monkeypatch, capsys):
    import gzip

    from wordboard.dictionary import loading

    monkeypatch.setattr(loading, "MAX_WORD_LIST_BYTES", 1 << 20)
    bomb = tmp_path / "words.txt.gz"
    bomb.write_bytes(gzip.compress(b"AA\n" * (3 << 20)))           # 9 MiB of words in a few KiB
    assert main(["lexicon", "info", str(bomb)]) == 2
    assert "unpacks to more than 1 MiB" in capsys.readouterr().err
    cut = tmp_path / "cut.txt.gz"
    cut.write_bytes(gzip.compress(b"CAT\nDOG\n" * 1000)[:-30])
    assert main(["lexicon", "info", str(cut)]) == 2
    assert "cut short" in capsys.readouterr().err


@given(data=st.binary(max_size=300), limit=st.integers(0, 400))
def test_read_limited_returns_the_file_or_refuses_it_by_its_size(tmp_path_factory, data, limit):
    path = tmp_path_factory.mktemp("f") / "file"
    path.write_bytes(data)
    if len(data) <= limit:
        assert read_limited(path, what="test file", limit=limit) == data
    else:
        with pytest.raises(UserError, match="too large"):
            read_limited(path, what="test file", limit=limit)


def test_a_missing_file_says_what_was_asked_for(tmp_path):
    with pytest.raises(UserError, match="test file not found"):
        read_limited(tmp_path / "nothing", what="test file", limit=10)
    with pytest.raises(UserError, match="^nope$"):
        read_limited(tmp_path / "nothing", what="test file", limit=10, missing="nope")


def test_a_camera_named_on_the_real_board_is_the_one_opened_not_waited_for(tmp_path):
    """Issue 40: `run --hardware real --camera PATH` waited for a camera to be found ("found:
    nothing") as if none had been named; a named picture that is a pipe now ends in one line."""
    import subprocess
    import sys

    picture = tmp_path / "board.png"
    os.mkfifo(picture)
    args = ["run", "--hardware", "real", "--camera", str(picture), "--sensing", "camera", "--no-leds"]
    try:
        done = subprocess.run([sys.executable, "-m", "wordboard", *args], capture_output=True, text=True,
                              timeout=60, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail("the board waited for a camera although --camera named one")
    assert done.returncode == 2 and "a pipe, not a file" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
