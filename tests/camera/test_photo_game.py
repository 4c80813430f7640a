"""Scoring a game from photos, one after each turn (``wordboard photos``): a real recorded game's
first turns, photographed by the virtual camera, are read back as the record's plays with the
record's scores; a photo that is not one legal move stops with its name and what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordboard import gcg
from wordboard.cli import main
from wordboard.crossword.photogame import PhotoProblem, play_photos
from wordboard.editions import load_edition

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "gcg" / "josh_nationals_round_1.gcg"


def photograph(record: gcg.GameRecord, folder: Path, turns: int) -> tuple[list[gcg.Play], str]:
    """The board after each of the record's first ``turns`` plays, through the virtual camera;
    the plays, and the grid's corners in the photos (the camera stays put)."""
    from wordboard.camera.images import write_png
    from wordboard.camera.state import BoardState
    from wordboard.camera.virtual import VirtualCamera
    from wordboard.crossword.board import Board
    from wordboard.crossword.moves import Play

    board = Board(load_edition("scrabble").board)
    camera = VirtualCamera(BoardState.empty(15, 15), seed=3)
    plays = [e for e in record.events if isinstance(e, gcg.Play)][:turns]
    for n, event in enumerate(plays, 1):
        play = Play.from_notation(gcg.format_position(event.position), event.word, board)
        for p in play.placements:
            board.place(p.square, p.tile)
        camera.state = BoardState(tuple("".join(("?" if t.blank else t.letter) if (t := board[(r, c)]) else "."
                                                for c in range(15)) for r in range(15)))
        write_png(folder / f"turn{n:02d}.png", camera.read())
    corners = " ".join(f"{x:.1f},{y:.1f}" for x, y in camera.last_scene.corners.to_list())
    return plays, corners


@pytest.mark.skipif(not SHARED.is_file(), reason="the shared game records are not beside the repository")
def test_a_real_games_photos_score_as_recorded(tmp_path, capsys):
    record = gcg.load(SHARED)
    plays, corners = photograph(record, tmp_path, 5)
    out = tmp_path / "game.gcg"
    # a fixed camera whose grid is known (wordboard calibrate); `wordboard photos` finds it by
    # itself too, as the first photo shows
    assert main(["photos", str(tmp_path), "--players", "Dielle", "jvc", "--lexicon", "none",
                 "--corners", corners, "--no-tesseract", "-o", str(out)]) == 0
    written = gcg.load(out)
    scored = [e for e in written.events if isinstance(e, gcg.Play)]
    assert [(e.word, e.score) for e in scored] == [(e.word, e.score) for e in plays]
    assert "5 photos, 5 turns: Dielle 109, jvc 94" in capsys.readouterr().out


def rows(*filled: str) -> list[str]:
    """A 15 x 15 board with ``H8=C``-style squares filled."""
    grid = [["."] * 15 for _ in range(15)]
    for item in filled:
        square, letter = item.split("=")
        col, row = ord(square[0]) - ord("A"), int(square[1:]) - 1
        grid[row][col] = letter
    return ["".join(r) for r in grid]


def play(boards: dict[str, list[str]], **kw):
    paths = [Path(name) for name in boards]
    return play_photos(paths, load_edition("scrabble"), ("Ann", "Ben"), read=lambda p: boards[p.name],
                       out=lambda s: None, **kw)


def test_a_photo_with_no_new_tile_is_a_turn_without_a_play():
    game = play({"1.jpg": rows("G8=C", "H8=A", "I8=T"), "2.jpg": rows("G8=C", "H8=A", "I8=T")}).game
    assert [t.score for t in game.history] == [10, 0] and game.scoreless_turns == 1


def test_a_tile_played_earlier_that_is_gone_stops_with_the_photo_and_the_square():
    with pytest.raises(PhotoProblem) as caught:
        play({"1.jpg": rows("G8=C", "H8=A", "I8=T"), "2.jpg": rows("G8=C", "I8=T")})
    assert str(caught.value).startswith("2.jpg: a tile played earlier is not on the board: H8")
    assert len(caught.value.so_far.game.history) == 1              # the turns before it are kept


def test_tiles_that_are_no_legal_play_stop_and_say_why():
    with pytest.raises(PhotoProblem) as caught:
        play({"1.jpg": rows("A1=C", "B1=A")})                        # the first word misses the centre
    assert "1.jpg: the new tiles (A1=C, B1=A) are not a legal play" in str(caught.value)


def test_a_blank_the_list_cannot_settle_is_asked_for_and_can_be_given():
    from wordboard.rules import Square

    with pytest.raises(PhotoProblem) as caught:
        play({"1.jpg": rows("G8=C", "H8=?", "I8=T")})
    assert "--blank 1.jpg:H8=LETTER" in str(caught.value)
    game = play({"1.jpg": rows("G8=C", "H8=?", "I8=T")}, blanks={("1.jpg", Square(7, 7)): "A"}).game
    assert game.history[0].score == 8                               # C 3 + blank 0 + T 1, doubled


def test_a_folder_with_a_file_that_is_no_picture_is_one_line(tmp_path, capsys):
    (tmp_path / "turn01.png").write_bytes(b"not a picture at all")
    assert main(["photos", str(tmp_path), "--lexicon", "none"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "turn01.png" in err


def test_a_video_of_the_game_is_scored_turn_by_turn_past_the_hands(tmp_path, capsys):
    """A phone filming the game: the empty board, a hand laying CAT, the board still, a hand
    laying the T and E of ATE, the board still. Each still board that changed is a turn; the
    frames with a hand over the board are never read as a move."""
    import cv2

    from wordboard.camera.state import BoardState
    from wordboard.camera.virtual import VirtualCamera

    empty = BoardState.empty(15, 15)
    cat = empty.with_square(7, 6, "C").with_square(7, 7, "A").with_square(7, 8, "T")
    ate = cat.with_square(8, 7, "T").with_square(9, 7, "E")
    camera = VirtualCamera(empty, seed=7)
    path = tmp_path / "game.avi"
    fps = 4
    writer = None
    for state, hand, seconds in ((empty, None, 2.0), (empty, 0.5, 0.75), (cat, 0.6, 1.0), (cat, None, 2.5),
                                 (cat, 0.4, 1.0), (ate, 0.7, 0.5), (ate, None, 2.5)):
        camera.state, camera.hand_reach = state, hand
        for _ in range(int(seconds * fps)):
            frame = camera.read()
            if writer is None:
                height, width = frame.shape[:2]
                writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (width, height))
                assert writer.isOpened()
            writer.write(frame)
    writer.release()
    out = tmp_path / "game.gcg"
    assert main(["photos", str(path), "--players", "Ann", "Ben", "--edition", "scrabble", "--no-tesseract",
                 "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Ann plays" in printed and "(CAT) for 10" in printed
    assert "Ben plays" in printed and "(ATE) for 3" in printed
    plays = [e for e in gcg.load(out).events if isinstance(e, gcg.Play)]
    assert [(e.word.replace(".", "A"), e.score) for e in plays] == [("CAT", 10), ("ATE", 3)]


def test_a_file_that_is_not_a_video_is_one_line(tmp_path, capsys):
    bad = tmp_path / "game.mp4"
    bad.write_bytes(b"not a video")
    assert main(["photos", str(bad), "--lexicon", "none"]) == 2
    err = capsys.readouterr().err
    assert "game.mp4" in err and "Traceback" not in err
