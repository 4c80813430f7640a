"""Scoring a game from photos, one after each turn (``wordboard photos``): a real recorded game's
first turns, photographed by the virtual camera, are read back as the record's plays with the
record's scores; a photo that is not one legal move stops with its name and what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordboard import gcg
from wordboard.cli import main
from wordboard.crossword.photogame import PhotoBoard, PhotoProblem, play_photos
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


@pytest.mark.skipif(not SHARED.is_file(), reason="the shared game records are not beside the repository")
def test_a_scored_game_teaches_the_reader_the_tiles_its_turns_played(tmp_path, capsys):
    from collections import Counter

    from wordboard.camera.state import LETTERS
    from wordboard.camera.tile_samples import load_samples

    _plays, corners = photograph(gcg.load(SHARED), tmp_path, 3)
    args = ["photos", str(tmp_path), "--lexicon", "none", "--corners", corners, "--no-tesseract", "-o",
            str(tmp_path / "game.gcg"), "--learn"]
    # a square the players named (here the B the third turn laid) is learnt like any tile
    assert main(args + ["--letter", "turn03.png:B11=B"]) == 0
    out = capsys.readouterr().out
    assert "learnt 19 tiles of this set; 19 kept in" in out
    assert "with no word list nothing checked the letters learnt" in out      # (--lexicon none)
    # NAUPLII, TE(A)RDOWN and BI(O)PIC: the letters each turn laid (not the A and O played before)
    learnt = Counter(LETTERS[int(label)] for label in load_samples()[2])
    assert learnt == Counter("NAUPLII" + "TERDOWN" + "BIPIC")
    assert main(["tileset", "list"]) == 0 and "19 tiles learnt" in capsys.readouterr().out
    # the same photos scored again teach nothing new; a game that stops teaches nothing
    assert main(args) == 0 and "learnt 0 tiles of this set (19 learnt before); 19 kept in" in capsys.readouterr().out
    assert main(args + ["--letter", "turn09.png:B11=B"]) == 2
    assert "learnt no tiles: only a game scored to its last photo" in capsys.readouterr().out
    assert main(["tileset", "forget"]) == 0 and "forgot the learnt tiles" in capsys.readouterr().out


def rows(*filled: str) -> list[str]:
    """A 15 x 15 board with ``H8=C``-style squares filled."""
    grid = [["."] * 15 for _ in range(15)]
    for item in filled:
        square, letter = item.split("=")
        col, row = ord(square[0]) - ord("A"), int(square[1:]) - 1
        grid[row][col] = letter
    return ["".join(r) for r in grid]


def play(boards: dict[str, list[str] | PhotoBoard], **kw):
    paths = [Path(name) for name in boards]

    def read(path: Path) -> PhotoBoard:
        board = boards[path.name]
        return board if isinstance(board, PhotoBoard) else PhotoBoard(board)
    return play_photos(paths, load_edition("scrabble"), ("Ann", "Ben"), read=read, out=lambda s: None, **kw)


def unsure(board: list[str], *squares: str) -> PhotoBoard:
    """The board with the tiles on ``squares`` read unsurely."""
    from wordboard.rules import Square

    return PhotoBoard(board, frozenset(Square.parse(s) for s in squares))


def test_a_photo_with_no_new_tile_is_a_turn_without_a_play():
    game = play({"1.jpg": rows("G8=C", "H8=A", "I8=T"), "2.jpg": rows("G8=C", "H8=A", "I8=T")}).game
    assert [t.score for t in game.history] == [10, 0] and game.scoreless_turns == 1


def test_a_first_photo_of_the_empty_board_is_the_games_start_not_a_pass():
    scored = play({"0.jpg": rows(), "1.jpg": rows("G8=C", "H8=A", "I8=T"), "2.jpg": rows("G8=C", "H8=A", "I8=T")})
    assert [t.score for t in scored.game.history] == [10, 0] and scored.game.scoreless_turns == 1
    assert scored.turns[0] == ("0.jpg", "the empty board: the start of the game")


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


def test_a_tile_read_unsurely_counts_only_when_the_word_list_allows_no_other_letter():
    from wordboard.rules import Square

    words = {"CAT", "COT", "CUT"}
    # H8 read unsurely as A: O and U make words too, so the photo's turn is asked for
    with pytest.raises(PhotoProblem) as caught:
        play({"1.jpg": unsure(rows("G8=C", "H8=A", "I8=T"), "H8")}, dictionary=words)
    message = str(caught.value)
    assert message.startswith("1.jpg: the tile on H8 was read unsurely as A; A, O, U would make words there")
    assert "--letter 1.jpg:H8=LETTER" in message and not caught.value.so_far.game.history
    # the players say it: the turn is scored with their letter
    game = play({"1.jpg": unsure(rows("G8=C", "H8=A", "I8=T"), "H8")}, dictionary=words,
                letters={("1.jpg", Square.parse("H8")): "U"}).game
    assert game.history[0].score == 10 and game.board[Square.parse("H8")].letter == "U"
    # only CAT in the list: the A read unsurely is the only letter, and counts
    scored = play({"1.jpg": unsure(rows("G8=C", "H8=A", "I8=T"), "H8")}, dictionary={"CAT"})
    assert scored.turns[0][1].endswith("(H8=A read unsurely: the only letter that makes words there)")
    # an H read unsurely where only A makes a word is not turned into the A: it is asked for
    with pytest.raises(PhotoProblem, match="read unsurely as H; A would make words there"):
        play({"1.jpg": unsure(rows("G8=C", "H8=H", "I8=T"), "H8")}, dictionary={"CAT"})
    # with no word list nothing tells the letter: asked
    with pytest.raises(PhotoProblem, match=r"read unsurely as A\. Say what it is with --letter 1.jpg:H8=LETTER"):
        play({"1.jpg": unsure(rows("G8=C", "H8=A", "I8=T"), "H8")})


def test_an_unsure_tile_is_worked_out_as_the_letter_tile_it_is_and_the_square_in_doubt_is_named():
    from wordboard.rules import Square

    # both blanks played on the first turn: the S read unsurely after CAT is worked out as a
    # letter tile (no blank is left to stand for it)
    boards = {"1.jpg": rows("G8=?", "H8=A", "I8=?"), "2.jpg": unsure(rows("G8=?", "H8=A", "I8=?", "J8=S"), "J8")}
    blanks = {("1.jpg", Square.parse("G8")): "C", ("1.jpg", Square.parse("I8")): "T"}
    scored = play(boards, dictionary={"CAT", "CATS"}, blanks=blanks)
    assert scored.turns[1][1].endswith("(J8=S read unsurely: the only letter that makes words there)")
    # two squares read unsurely: the one the word list leaves in doubt is named, not the first
    with pytest.raises(PhotoProblem) as caught:
        play({"1.jpg": unsure(rows("G8=C", "H8=A", "I8=T"), "G8", "H8")}, dictionary={"CAT", "COT"})
    assert "the tile on H8 was read unsurely as A; A, O would make words there" in str(caught.value)


def test_a_blank_read_unsurely_is_asked_for_and_a_misreading_can_be_corrected():
    from wordboard.rules import Square

    h8, i8 = Square.parse("H8"), Square.parse("I8")
    # an unsure blank (a letter cut off by the photo's edge reads as one) is never taken as a blank
    with pytest.raises(PhotoProblem, match="H8 was read unsurely as a blank"):
        play({"1.jpg": unsure(rows("G8=C", "H8=?", "I8=T"), "H8")}, dictionary={"CAT"})
    # said to be a blank, its letter comes from the word list as for any blank
    game = play({"1.jpg": unsure(rows("G8=C", "H8=?", "I8=T"), "H8")}, dictionary={"CAT"},
                letters={("1.jpg", h8): "?"}).game
    assert game.board[h8].blank and game.history[0].score == 8
    # ... as it is when its letter is given: the players have seen it is a blank
    game = play({"1.jpg": unsure(rows("G8=C", "H8=?", "I8=T"), "H8")}, blanks={("1.jpg", h8): "A"}).game
    assert game.board[h8].blank and game.board[h8].letter == "A"
    # a sure misreading (CAB read as CAR) and a phantom tile (read on an empty square) corrected
    boards = {"1.jpg": rows("G8=C", "H8=A", "I8=R"), "2.jpg": rows("G8=C", "H8=A", "I8=R", "I9=X")}
    game = play(boards, dictionary={"CAB"}, letters={("1.jpg", i8): "B", ("2.jpg", Square.parse("I9")): "."}).game
    assert [t.score for t in game.history] == [14, 0] and game.board[i8].letter == "B"
    # a correction that contradicts a tile played earlier is an error, not ignored
    with pytest.raises(PhotoProblem, match="--letter 2.jpg:I8=T: I8 holds the B played earlier"):
        play(boards, dictionary={"CAB"}, letters={("1.jpg", i8): "B", ("2.jpg", i8): "T"})
    with pytest.raises(PhotoProblem, match="--letter 2.jpg:I8=.: I8 holds the B played earlier"):
        play(boards, dictionary={"CAB"}, letters={("1.jpg", i8): "B", ("2.jpg", i8): "."})
    # a square that is not on the board is said before any photo is read
    def unread(path: Path) -> PhotoBoard:
        raise AssertionError(f"{path} read")
    with pytest.raises(PhotoProblem, match="--letter 1.jpg:P16=A: P16 is not a square of this 15x15 board"):
        play_photos([Path("1.jpg")], load_edition("scrabble"), ("Ann", "Ben"), read=unread,
                    letters={("1.jpg", Square.parse("P16")): "A"})
    # a correction for a photo that is not among those scored is an error, not ignored
    with pytest.raises(PhotoProblem, match="--letter 3.jpg:H8: no photo"):
        play({"1.jpg": rows("G8=C", "H8=A", "I8=T")}, letters={("3.jpg", h8): "A"})


def test_the_camera_reader_names_the_tiles_read_below_sure():
    from wordboard.camera.geometry import GridCorners
    from wordboard.camera.reader import BoardReading, SquareReading
    from wordboard.camera.state import SURE
    from wordboard.crossword.photogame import _photo_board
    from wordboard.rules import Square

    def square(symbol: str, confidence: float) -> SquareReading:
        return SquareReading(symbol, confidence)
    corners = GridCorners.from_array([(0, 0), (100, 0), (100, 100), (0, 100)])
    reading = BoardReading(((square("C", 0.95), square("A", SURE - 0.01), square(".", 0.2)),
                            (square("?", 0.3), square("T", SURE), square(".", 0.9))), corners, "given")
    board = _photo_board(reading)
    assert board.rows == ["CA.", "?T."] and board.unsure == {Square(0, 1), Square(1, 0)}


def test_the_command_takes_letters_and_refuses_a_malformed_one(tmp_path, capsys):
    (tmp_path / "turn01.png").write_bytes(b"not a picture at all")
    for bad in ("turn01.png:H8=RR", "turn01.png:H8", "H8=R", "turn01.png:Z99x=R", "turn01.png:H8=!"):
        assert main(["photos", str(tmp_path), "--lexicon", "none", "--letter", bad]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--letter" in err, (bad, err)


def test_a_folder_with_a_file_that_is_no_picture_is_one_line(tmp_path, capsys):
    (tmp_path / "turn01.png").write_bytes(b"not a picture at all")
    assert main(["photos", str(tmp_path), "--lexicon", "none"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "turn01.png" in err
    assert err.count("turn01.png") == 1 and str(tmp_path) not in err   # named once, not with its folder too


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
    for state, hand, seconds in ((empty, None, 2.0), (empty, 0.5, 0.75), (cat, 0.6, 1.0), (cat, None, 4.5),
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
