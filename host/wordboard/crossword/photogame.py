"""A Lexulous or Scrabble game scored from photos, one taken after each turn (a phone on a stand,
a camera above the board), or from a video of the game, with no Pi: ``wordboard photos``.

A video is played as the board's camera plays a recording and read as the camera alone reads
it (``wordboard run --camera game.mp4``): frames with a hand or an arm over the board are passed over, and each board
that stayed still with a clear view for 3 s (the recorded table's end of a turn, see
:mod:`wordboard.controller.recorded`) and differs from the last is a turn, named by the video's
name and the time (``game.mp4@03:12.5``). A video cannot show a pass or an exchange (nothing
changes on the board). Photos or still frames of the empty board before the first play are the
game's start, not passes.

Each photo is read (the grid found as ``wordboard scan`` finds it) and compared with the board as
the game has it so far: the tiles that are new are the turn's play, checked and scored by the
rules on physical racks (the engine knows the unseen tiles, not the racks). After the first play,
a photo with no new tile is a turn without a play (a pass or an exchange: a photo cannot tell which). A blank's letter
is the one the word list allows, or the one given with ``--blank``. A photo that cannot be read,
or a change that is not one legal move (a tile played earlier gone, tiles that make no legal
play), stops the scoring with the photo's name and what is wrong: nothing is guessed.

A new tile the camera read unsurely (below :data:`wordboard.camera.state.SURE`, as a camera-only
table would ask about it) counts only when the word list leaves it no other letter: the letter
read must be the only one that makes the play legal. Otherwise the scoring stops and names the
square, the letter read and the letters that would do; ``--letter PHOTO:SQUARE=LETTER`` says
what is there (a letter, ``?`` for a blank, ``.`` for no tile), and corrects a sure misreading
as well.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wordboard.camera.recording import FRAME_SUFFIXES
from wordboard.camera.recording import VIDEO_SUFFIXES as RECORDING_SUFFIXES
from wordboard.errors import UserError
from wordboard.rules import Square

if TYPE_CHECKING:
    from wordboard.crossword.game import Game
    from wordboard.editions import Edition

#: Picture files a folder of photos is read for, in name order; video files (read through
#: OpenCV), a turn for each new still board.
PHOTO_SUFFIXES, VIDEO_SUFFIXES = FRAME_SUFFIXES, RECORDING_SUFFIXES


#: What a photo of the empty board before the first play is.
START = "the empty board: the start of the game"


@dataclass(frozen=True)
class PhotoBoard:
    """A photo's reading: a row of symbols per board row (``.``, ``?``, ``A``-``Z``) and the
    squares whose tile was read unsurely."""

    rows: list[str]
    unsure: frozenset[Square] = frozenset()
    #: the shape each letter was read from (:class:`wordboard.camera.squares.Glyph`), to learn
    #: the owner's tiles from
    glyphs: Mapping[Square, Any] = field(default_factory=dict)


class PhotoProblem(UserError):
    """A photo the game cannot go on from: its name and what is wrong (``so_far``: the game)."""

    so_far: PhotoGame | None = None


@dataclass
class PhotoGame:
    """The game so far, and what each photo made of it."""

    game: Any
    turns: list[tuple[str, str]] = field(default_factory=list)     # (photo, what it was)
    #: each scored turn's new letter tiles as the photo showed them: (glyph, the letter the game took)
    confirmed: list[tuple[Any, str]] = field(default_factory=list)


def photo_paths(items: Iterable[str]) -> list[Path]:
    """The photos named: files as given, and each folder's pictures in name order."""
    paths: list[Path] = []
    for item in items:
        path = Path(item)
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.suffix.lower() in PHOTO_SUFFIXES + VIDEO_SUFFIXES)
            if not found:
                raise UserError(f"{path}: no photos or videos in this folder ({', '.join(PHOTO_SUFFIXES)}, "
                                f"{', '.join(VIDEO_SUFFIXES)})")
            paths.extend(found)
        elif path.is_file():
            paths.append(path)
        else:
            raise UserError(f"{path}: no such photo or folder")
    if not paths:
        raise UserError("no photos given")
    return paths


def play_photos(paths: Iterable[Path], edition: Edition, players: tuple[str, ...], *,
                dictionary: Container[str] | None = None,
                first_player: int = 0, blanks: Mapping[tuple[str, Square], str] | None = None,
                letters: Mapping[tuple[str, Square], str] | None = None,
                corners_text: str | None = None, use_tesseract: bool = True, out: Callable[[str], None] = print,
                read: Callable[[Path], PhotoBoard] | None = None, quiet: float | None = None) -> PhotoGame:
    """Play the turns the photos show; :class:`PhotoProblem` at the first photo the game cannot
    go on from (its ``so_far`` holds the game with the turns before it).

    ``blanks``: ``(photo name, square) -> letter`` for blanks the word list cannot settle.
    ``letters``: ``(photo name, square) -> symbol``, what is on a square whatever was read there
    (a letter, ``?`` a blank, ``.`` no tile).
    ``read``: how a photo is read (default: the camera's reader).
    ``quiet``: a video's board is still after this many seconds unchanged (see :func:`video_boards`).
    Photos of the empty board before the first play are the game's start, not passes."""
    from wordboard.crossword import Game

    game = Game(edition, players, dictionary=dictionary, seed=0, first_player=first_player, physical=True)
    result = PhotoGame(game)
    reader = read or _camera_reader(edition, corners_text, use_tesseract)
    given = letters or {}
    unused = set(given)
    for (photo, square), symbol in sorted(given.items()):   # said before any photo is read
        if not (0 <= square.row < edition.board.rows and 0 <= square.col < edition.board.cols):
            raise PhotoProblem(f"--letter {photo}:{square.name}={symbol}: {square.name} is not a square of this "
                               f"{edition.board.rows}x{edition.board.cols} board")

    def turn(name: str, board: PhotoBoard) -> None:
        if game.is_over:
            raise PhotoProblem(f"{name}: the game is already over")
        mine = {sq: sym for (photo, sq), sym in given.items() if photo == name}
        unused.difference_update((name, sq) for sq in mine)
        for sq, sym in sorted(mine.items()):
            tile = game.board[sq] if 0 <= sq.row < game.board.rows and 0 <= sq.col < game.board.cols else None
            if tile is not None and sym != ("?" if tile.blank else tile.letter):
                raise PhotoProblem(f"--letter {name}:{sq.name}={sym}: {sq.name} holds the "
                                   f"{'blank' if tile.blank else tile.letter} played earlier")
        before = dict(game.board.tiles())
        board = _corrected(board, mine)
        if not game.history and all(set(row) <= {"."} for row in board.rows):
            text = START          # the empty board before the first play: the game's start, no pass
        else:
            text = _turn(game, name, board, blanks or {})
        result.turns.append((name, text))
        for square, tile in game.board.tiles():
            glyph = board.glyphs.get(Square(*square))
            if square not in before and not tile.blank and glyph is not None:
                result.confirmed.append((glyph, tile.letter))
        out(f"{name}: {text}")

    try:
        for path in paths:
            if path.suffix.lower() in VIDEO_SUFFIXES:
                for name, board in video_boards(path, edition, corners_text=corners_text,
                                                use_tesseract=use_tesseract, quiet=quiet):
                    turn(name, board)
                continue
            try:
                board = reader(path)
            except PhotoProblem:
                raise
            except UserError as exc:
                problem = str(exc).removeprefix(f"{path}: ")     # the photo is named once, by its name
                raise PhotoProblem(f"{path.name}: {problem}") from None
            turn(path.name, board)
        if unused:
            photo, square = sorted(unused)[0]
            raise PhotoProblem(f"--letter {photo}:{square.name}: no photo or video turn of that name was scored")
    except PhotoProblem as exc:
        exc.so_far = result
        raise
    return result


def _corrected(board: PhotoBoard, given: Mapping[Square, str]) -> PhotoBoard:
    """The reading with the squares the players gave set to what they said (then sure)."""
    if not given:
        return board
    rows = [list(row) for row in board.rows]
    for square, symbol in given.items():      # (squares off the board were refused before)
        rows[square.row][square.col] = symbol
    return PhotoBoard(["".join(row) for row in rows], board.unsure - set(given), board.glyphs)


def video_boards(path: Path, edition: Edition, *, corners_text: str | None = None, use_tesseract: bool = True,
                 quiet: float | None = None) -> Iterator[tuple[str, PhotoBoard]]:
    """The still boards a video shows, each different from the one before: ``(name@time, board)``.
    The video is played as the board's camera plays a recording (:mod:`wordboard.camera.recording`),
    read by the camera alone's reader and tracked as on the board: frames with something over the
    board, or before the board is found, are passed over, and a board is still once the picture
    has stayed unchanged with a clear view for ``quiet`` seconds (the recorded table's end of a
    turn, :func:`wordboard.controller.recorded.still_tables`). The first still board is the
    game's start (not a turn when it is empty, see :func:`play_photos`)."""
    from wordboard.camera.geometry import parse_corners
    from wordboard.camera.reader import BoardReader
    from wordboard.camera.recording import RecordedSource, clock_time
    from wordboard.controller.clocks import ManualClock
    from wordboard.controller.recorded import RECORDED_PERIOD, RECORDED_QUIET, SETTLE, still_tables
    from wordboard.controller.written import VisionEyes

    layout = edition.board
    quiet = RECORDED_QUIET if quiet is None else quiet
    clock = ManualClock()
    try:
        source = RecordedSource(path, clock, hold=quiet + SETTLE + 4 * RECORDED_PERIOD)
    except UserError as exc:
        raise PhotoProblem(f"{path.name}: {str(exc).removeprefix(f'{path}: ')}") from None
    reader = BoardReader(layout.rows, layout.cols, parse_corners(corners_text) if corners_text else None,
                         use_tesseract=use_tesseract, premium=tuple(layout.squares))
    eyes = VisionEyes(source, layout.rows, layout.cols, reader=reader, handwritten=False)
    seen = 0
    try:
        for sensor in still_tables(source, eyes, clock, quiet=quiet):
            seen += 1
            yield (f"{path.name}@{clock_time(source.seconds)}",
                   _sensed_board(sensor, reader.glyphs_read, layout.rows, layout.cols))
        if source.error:
            raise PhotoProblem(source.error.removeprefix(f"{path}: "))
        if not seen:
            raise PhotoProblem(f"{path.name}: no still board in this video ({eyes.problem or 'never a clear view'})")
    finally:
        source.close()


def _sensed_board(sensor: Any, glyphs: Mapping[tuple[int, int], Any], height: int, width: int) -> PhotoBoard:
    """What the camera alone sees on the table (a :class:`~wordboard.controller.written.WrittenLetters`)
    as a :class:`PhotoBoard`: a tile read unsurely as the letter read (or ``?``), unsure."""
    from wordboard.camera.state import LETTERS

    rows = [["."] * width for _ in range(height)]
    unsure = set()
    for (r, c), symbol in sensor.seen.items():
        if symbol not in LETTERS and symbol != "?":
            read = sensor.read_as.get((r, c), ("?", 0.0))[0]
            symbol = read if read in LETTERS or read == "?" else "?"
            unsure.add(Square(r, c))
        rows[r][c] = symbol
    letters = {Square(*key): glyph for key, glyph in glyphs.items() if sensor.seen.get(key) in LETTERS}
    return PhotoBoard(["".join(row) for row in rows], frozenset(unsure), letters)


def _photo_board(reading: Any, glyphs: Mapping[tuple[int, int], Any] | None = None) -> PhotoBoard:
    """A :class:`~wordboard.camera.reader.BoardReading` as rows, its tiles read below SURE, and
    the shapes its letters were read from (``glyphs``, the reader's ``glyphs_read``)."""
    from wordboard.camera.state import EMPTY, LETTERS, SURE

    unsure = frozenset(Square(r, c) for r, row in enumerate(reading.squares) for c, square in enumerate(row)
                       if square.symbol != EMPTY and square.confidence < SURE)
    letters = {Square(*key): glyph for key, glyph in (glyphs or {}).items()
               if reading.squares[key[0]][key[1]].symbol in LETTERS}
    return PhotoBoard(list(reading.state.lines), unsure, letters)


def _camera_reader(edition: Edition, corners_text: str | None, use_tesseract: bool) -> Callable[[Path], PhotoBoard]:
    from wordboard.camera.images import read_image
    from wordboard.camera.photo import photo_reader

    layout = edition.board

    def read(path: Path) -> PhotoBoard:
        image = read_image(path)
        reader, _corners, _method = photo_reader(image, layout.rows, layout.cols, tuple(layout.squares),
                                                 corners_text=corners_text, use_tesseract=use_tesseract)
        reading = reader.read(image)
        if getattr(reading, "occluded", False):
            raise PhotoProblem(f"{path.name}: something is in front of the board (a hand?)")
        return _photo_board(reading, reader.glyphs_read)
    return read


def _turn(game: Game, name: str, board: PhotoBoard, blanks: Mapping[tuple[str, Square], str]) -> str:
    from wordboard.crossword import Pass, Placement, Play
    from wordboard.crossword.table import infer_blank_letters

    rows = board.rows
    player = game.players[game.current]
    committed = dict(game.board.tiles())
    gone = [Square(*sq) for sq in committed if rows[sq[0]][sq[1]] == "."]
    if gone:
        raise PhotoProblem(f"{name}: a tile played earlier is not on the board: "
                           + ", ".join(s.name for s in sorted(gone)) + " (knocked off, or the photo misread)")
    new = {Square(r, c): sym for r, row in enumerate(rows) for c, sym in enumerate(row)
           if sym != "." and (r, c) not in committed}
    if not new:
        game.push(Pass())
        return f"{player}: no new tile (a pass or an exchange), 0"
    # (a blank whose letter the players gave with --blank is a blank they have seen)
    unsure = sorted(sq for sq in new if sq in board.unsure and not (new[sq] == "?" and (name, sq) in blanks))
    for sq in unsure:
        if new[sq] == "?":
            raise PhotoProblem(f"{name}: the tile on {sq.name} was read unsurely as a blank (a letter cut off, or "
                               f"marked?): say what it is with --letter {name}:{sq.name}=LETTER, or =? for a blank")
    known = [Placement(sq.row, sq.col, sym, False) for sq, sym in new.items() if sym != "?" and sq not in unsure]
    unknown = [sq for sq, sym in new.items() if sym == "?"]
    given = {sq: blanks[(name, sq)] for sq in unknown if (name, sq) in blanks}
    known += [Placement(sq.row, sq.col, letter.upper(), True) for sq, letter in given.items()]
    unknown = [sq for sq in unknown if sq not in given]
    noted = ""
    if unsure:
        _settle_unsure(game, name, known, unsure, unknown, {sq: new[sq] for sq in unsure})
        known += [Placement(sq.row, sq.col, new[sq], False) for sq in unsure]
        noted = (f" ({', '.join(f'{sq.name}={new[sq]}' for sq in unsure)} read unsurely: "
                 f"the only {'letter that makes' if len(unsure) == 1 else 'letters that make'} words there)")
    if unknown:
        choices = infer_blank_letters(game, known, unknown) if game.dictionary is not None else []
        if len(choices) != 1:
            where = ", ".join(sq.name for sq in unknown)
            could = f" (it could be {', '.join(c[0] for c in choices[:8])})" if choices else ""
            raise PhotoProblem(f"{name}: which letter is the blank on {where}{could}? "
                               f"Say it with --blank {name}:{unknown[0].name}=LETTER")
        letters, _ = choices[0]
        known += [Placement(sq.row, sq.col, ch, True) for sq, ch in zip(unknown, letters)]
    play = Play(tuple(known))
    verdict = game.dry_run(play)
    if not verdict.legal:
        raise PhotoProblem(f"{name}: the new tiles ({', '.join(f'{sq.name}={sym}' for sq, sym in sorted(new.items()))}) "
                           f"are not a legal play: {verdict.error}")
    text = game.move_text(play)
    turn = game.push(play)
    words = ", ".join(w.display for w in turn.words)
    return f"{player} plays {text} ({words}) for {turn.score}, total {turn.total}{noted}"


#: At most this many squares (unsure letters and blanks together) are worked out by the word list.
_MOST_WORKED_OUT = 3


def _settle_unsure(game: Game, name: str, known: list[Any], unsure: list[Square], blanks: list[Square],
                   read: Mapping[Square, str]) -> None:
    """Return when the letters read on the ``unsure`` squares are the only ones the word list
    allows there (the ``blanks`` being any letter); else :class:`PhotoProblem` names the first
    square the word list leaves in doubt, what was read there and what would do."""
    from wordboard.crossword.table import infer_blank_letters

    worked_out = game.dictionary is not None and len(unsure) + len(blanks) <= _MOST_WORKED_OUT
    options: set[tuple[str, ...]] = set()
    if worked_out:
        # the unsure squares as the letter tiles they are (the bag may have no blank left to
        # stand for them), the blanks as blanks
        options = {tuple(letters[len(blanks):]) for letters, _ in
                   infer_blank_letters(game, known, blanks, letter_tiles=unsure)}
        if options == {tuple(read[sq] for sq in unsure)}:
            return
    doubtful = [i for i, sq in enumerate(unsure) if {o[i] for o in options} != {read[sq]}] or [0]
    first = unsure[doubtful[0]]
    could = sorted({o[doubtful[0]] for o in options})
    listed = ", ".join(could[:8]) + (", ..." if len(could) > 8 else "")
    why = ("" if not worked_out else f"; {listed} would make words there" if could
           else "; no letter makes words there")
    raise PhotoProblem(f"{name}: the tile on {first.name} was read unsurely as {read[first]}{why}. "
                       f"Say what it is with --letter {name}:{first.name}=LETTER")
