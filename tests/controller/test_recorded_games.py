"""Recorded games (issue 36): a game filmed on a phone becomes a scored game record.

The virtual camera films a short Scrabble game (Ann CAT, Ben ATE, Ann CATS), hands passing over
the board between turns, written as a video (MJPG in .avi, through cv2.VideoWriter) and as a
folder of frames; ``wordboard run --camera`` plays it through the board controller and
``wordboard photos`` scores the video, both giving the game's moves and scores.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from wordboard import gcg
from wordboard.cli import main

#: (Ann CAT 10, Ben ATE 3, Ann CATS 6): the moves and scores the recording shows
MOVES = [("CAT", 10), ("ATE", 3), ("CATS", 6)]
FPS = 4


def film(middle: str = "A", turns: int = 3) -> list:
    """The frames of the game: the empty board, and for each turn a hand coming in, the tiles
    laid under it, the hand going, the board still 4.5 s (the last turn's still 2 s: the
    recording stops soon after it). ``middle``: the tile laid on H8 (``?`` a blank)."""
    from wordboard.camera.state import BoardState
    from wordboard.camera.virtual import VirtualCamera

    empty = BoardState.empty(15, 15)
    cat = empty.with_square(7, 6, "C").with_square(7, 7, middle).with_square(7, 8, "T")
    ate = cat.with_square(8, 7, "T").with_square(9, 7, "E")
    cats = ate.with_square(7, 9, "S")
    camera = VirtualCamera(empty, seed=7)
    frames = []
    scenes = ((empty, None, 2.0),
              (empty, 0.5, 0.75), (cat, 0.6, 1.0), (cat, None, 4.5),
              (cat, 0.4, 1.0), (ate, 0.7, 0.5), (ate, None, 4.5),
              (ate, 0.5, 0.5), (cats, 0.3, 0.75), (cats, None, 2.0))
    for state, hand, seconds in scenes[:1 + 3 * turns]:
        camera.state, camera.hand_reach = state, hand
        frames.extend(camera.read() for _ in range(int(seconds * FPS)))
    return frames


def write_video(path: Path, frames: list) -> Path:
    """``frames`` as an MJPG video (what the pip OpenCV writes here; mp4v in .mp4 works too)."""
    import cv2

    height, width = frames[0].shape[:2]
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), FPS, (width, height))
    assert writer.isOpened()
    for frame in frames:
        writer.write(frame)
    writer.release()
    return path


@pytest.fixture(scope="module")
def recordings(tmp_path_factory) -> SimpleNamespace:
    import cv2

    folder = tmp_path_factory.mktemp("recordings")
    frames = film()
    video = write_video(folder / "game.avi", frames)
    stills = folder / "frames"
    stills.mkdir()
    for n, frame in enumerate(frames):         # frame2 before frame10: natural order, PNG and JPEG
        cv2.imwrite(str(stills / f"frame{n}.{'png' if n % 2 else 'jpg'}"), frame)
    return SimpleNamespace(video=video, frames=stills, count=len(frames))


def _run(camera: Path, journal: Path, *more: str) -> list[str]:
    return ["run", "--camera", str(camera), "--game", "scrabble", "--players", "Ann", "Ben", "--speed", "inf",
            "--journal", str(journal), "--no-leds", *more]


def test_run_plays_a_video_through_the_board_and_the_game_stays_journalled(recordings, tmp_path, capsys):
    from wordboard.journal import Journal

    journal = tmp_path / "journal.sqlite3"
    assert main(_run(recordings.video, journal)) == 0
    out = capsys.readouterr().out
    assert "Ann plays CAT for 10 (total 10)" in out
    assert "Ben plays ATE for 3 (total 3)" in out
    assert "Ann plays CATS for 6 (total 16)" in out     # laid just before the recording stopped
    assert "question:" not in out and " 0 questions;" in out     # nobody was asked anything
    ended = next(line for line in out.splitlines() if line.startswith("the recording ended"))
    assert "3 moves played from the recording" in ended and "Ann 16 Ben 3" in ended
    with Journal(journal) as opened:
        game = opened.latest_unfinished()                # resumable like any unfinished game
    assert game is not None and game.players == ("Ann", "Ben")
    exported = tmp_path / "game.gcg"
    assert main(["games", "--journal", str(journal), "export", str(game.id), "-o", str(exported)]) == 0
    plays = [e for e in gcg.load(exported).events if isinstance(e, gcg.Play)]
    assert [(e.word.replace(".", ""), e.score) for e in plays][:1] == [("CAT", 10)]
    assert [e.score for e in plays] == [score for _, score in MOVES]


def test_photos_scores_the_video_as_the_board_does(recordings, tmp_path, capsys):
    out = tmp_path / "game.gcg"
    assert main(["photos", str(recordings.video), "--players", "Ann", "Ben", "--edition", "scrabble",
                 "--no-tesseract", "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "no new tile" not in printed                  # the empty board is the start, never a pass
    plays = [e for e in gcg.load(out).events if isinstance(e, gcg.Play)]
    assert [e.score for e in plays] == [score for _, score in MOVES]
    assert "game.avi@" in printed and "3 turns: Ann 16, Ben 3" in printed


def test_run_plays_a_folder_of_frames_at_the_rate_given(recordings, tmp_path, capsys):
    journal = tmp_path / "journal.sqlite3"
    assert main(_run(recordings.frames, journal, "--frame-rate", str(FPS))) == 0
    out = capsys.readouterr().out
    assert "Ann plays CAT for 10" in out and "Ben plays ATE for 3" in out and "Ann plays CATS for 6" in out


@pytest.mark.parametrize("make, expected", [
    (lambda d: d / "gone.mp4", "gone.mp4: no such video or folder of frames"),
    (lambda d: (d / "notes.mp4").write_text("not a video") and d / "notes.mp4", "not a video"),
    (lambda d: (d / "empty").mkdir() or d / "empty", "no pictures in this folder"),
])
def test_a_recording_that_cannot_be_played_is_one_line_and_exit_2(tmp_path, capsys, make, expected):
    journal = tmp_path / "journal.sqlite3"
    assert main(_run(make(tmp_path), journal)) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and expected in captured.err and "Traceback" not in captured.err
    assert "new game" not in captured.out                # checked before a game is started


def test_a_frame_that_cannot_be_read_stops_with_its_name(tmp_path, capsys):
    import cv2

    from wordboard.camera.state import BoardState
    from wordboard.camera.virtual import VirtualCamera

    frames = tmp_path / "frames"
    frames.mkdir()
    camera = VirtualCamera(BoardState.empty(15, 15), seed=7)
    for n in range(3):
        cv2.imwrite(str(frames / f"{n:03d}.png"), camera.read())
    (frames / "003.png").write_bytes(b"\x89PNG not really")
    assert main(_run(frames, tmp_path / "journal.sqlite3")) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "003.png: a frame that is not a picture" in err


def test_the_source_gives_the_frame_of_the_moment_and_ends_after_holding_the_last(tmp_path):
    import cv2
    import numpy as np

    from wordboard.camera.capture import CaptureError
    from wordboard.camera.recording import RecordedSource, natural_key
    from wordboard.controller.clocks import ManualClock

    assert sorted(["f10.png", "f9.png", "F1.png"], key=natural_key) == ["F1.png", "f9.png", "f10.png"]
    for n in (1, 2, 10):
        cv2.imwrite(str(tmp_path / f"f{n}.png"), np.full((40, 60, 3), n * 20, np.uint8))
    clock = ManualClock()
    source = RecordedSource(tmp_path, clock, rate=2.0, hold=1.0)
    seen = []
    for _ in range(5):                       # at 0, 0.4, 0.8, 1.2, 1.6 s: frames at 0, 0.5, 1.0 s
        seen.append(int(source.read()[0, 0, 0]) // 20)
        clock.advance(0.4)
    assert seen == [1, 1, 2, 10, 10] and source.seconds == 1.0
    clock.advance(0.4)                       # 2.0 s: the last frame held 1 s, then the end
    with pytest.raises(CaptureError):
        source.read()
    assert source.ended


@pytest.mark.parametrize("name, fourcc", [("clip.avi", "MJPG"), ("clip.mp4", "mp4v")])
def test_a_video_gives_its_frames_at_their_own_times(tmp_path, name, fourcc):
    """What the pip OpenCV writes here (MJPG in .avi, mp4v in .mp4; not H.264) reads back with
    each frame's time."""
    import cv2
    import numpy as np

    from wordboard.camera.recording import RecordedSource
    from wordboard.controller.clocks import ManualClock

    path = tmp_path / name
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*fourcc), 4, (64, 48))
    assert writer.isOpened()
    for n in range(6):
        writer.write(np.full((48, 64, 3), 40 * n, np.uint8))
    writer.release()
    clock = ManualClock()
    with RecordedSource(path, clock, hold=1.0) as source:
        levels = []
        for _ in range(4):                   # at 0, 0.6, 1.2, 1.8 s: frames every 0.25 s
            levels.append(round(float(source.read().mean()) / 40))
            clock.advance(0.6)
        assert levels == [0, 2, 4, 5] and source.seconds == 1.25


def test_the_recorded_table_answers_only_what_a_picture_tells():
    from wordboard.controller import questions as q
    from wordboard.controller.recorded import RecordedTable
    from wordboard.rules import Square

    controller = SimpleNamespace(answerer=None, step_hooks=[])
    sensor = SimpleNamespace(read_as={(7, 7): ("R", 0.41)}, problem=None)
    source = SimpleNamespace(ended=False, error=None)
    said: list[str] = []
    table = RecordedTable(controller, sensor, source, blanks={Square(7, 8): "e"}, out=said.append)
    assert controller.answerer is table and controller.step_hooks == [table.step]
    letters = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ") + ("?",)
    table.ask(q.Question(q.LETTER, "which letter?", letters, (Square(7, 7),)))
    table.ask(q.Question(q.BLANK, "which letter is the blank?", ("A", "E"), (Square(7, 8),)))
    assert [a.value for a in table.poll()] == ["R", "E"] and not table.finished
    assert "H8: read unsurely as R" in said[0]
    table.ask(q.Question(q.BLANK, "Which letter is the blank on K8?", ("A", "E"), (Square(7, 10),)))
    assert table.finished and "--blank K8=LETTER" in (table.stopped or "")


def test_a_blank_the_word_list_cannot_settle_stops_the_recording_unless_given(tmp_path, capsys):
    video = write_video(tmp_path / "blank.avi", film(middle="?", turns=1))
    journal = tmp_path / "journal.sqlite3"
    assert main(_run(video, journal)) == 1
    out = capsys.readouterr().out
    stopped = next(line for line in out.splitlines() if line.startswith("the game stops at"))
    assert "a recording cannot answer: Which letter is the blank on H8?" in stopped
    assert "--blank H8=LETTER" in stopped and "game 1 stays in the journal" in out
    assert main(_run(video, journal, "--blank", "H8=A")) == 0
    out = capsys.readouterr().out
    assert "Ann plays CaT for 8 (total 8)" in out and "the recording ended" in out
