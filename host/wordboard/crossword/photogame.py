"""A Lexulous or Scrabble game scored from photos, one taken after each turn (a phone on a stand,
a camera above the board), with no Pi: ``wordboard photos``.

Each photo is read (the grid found as ``wordboard scan`` finds it) and compared with the board as
the game has it so far: the tiles that are new are the turn's play, checked and scored by the
rules on physical racks (the engine knows the unseen tiles, not the racks). A photo with no new
tile is a turn without a play (a pass or an exchange: a photo cannot tell which). A blank's letter
is the one the word list allows, or the one given with ``--blank``. A photo that cannot be read,
or a change that is not one legal move (a tile played earlier gone, tiles that make no legal
play), stops the scoring with the photo's name and what is wrong: nothing is guessed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wordboard.errors import UserError
from wordboard.rules import Square

#: Picture files a folder of photos is read for, in name order.
PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp")


class PhotoProblem(UserError):
    """A photo the game cannot go on from: its name and what is wrong (``so_far``: the game)."""

    so_far: PhotoGame | None = None


@dataclass
class PhotoGame:
    """The game so far, and what each photo made of it."""

    game: Any
    turns: list[tuple[str, str]] = field(default_factory=list)     # (photo, what it was)


def photo_paths(items: Iterable[str]) -> list[Path]:
    """The photos named: files as given, and each folder's pictures in name order."""
    paths: list[Path] = []
    for item in items:
        path = Path(item)
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.suffix.lower() in PHOTO_SUFFIXES)
            if not found:
                raise UserError(f"{path}: no photos in this folder ({', '.join(PHOTO_SUFFIXES)})")
            paths.extend(found)
        elif path.is_file():
            paths.append(path)
        else:
            raise UserError(f"{path}: no such photo or folder")
    if not paths:
        raise UserError("no photos given")
    return paths


def play_photos(paths: Iterable[Path], edition, players: tuple[str, ...], *, dictionary=None,
                first_player: int = 0, blanks: Mapping[tuple[str, Square], str] | None = None,
                corners_text: str | None = None, use_tesseract: bool = True, out: Callable[[str], None] = print,
                read: Callable[[Path], list[str]] | None = None) -> PhotoGame:
    """Play the turns the photos show; :class:`PhotoProblem` at the first photo the game cannot
    go on from (its ``so_far`` holds the game with the turns before it).

    ``blanks``: ``(photo name, square) -> letter`` for blanks the word list cannot settle.
    ``read``: how a photo becomes rows of symbols (default: the camera's reader)."""
    from wordboard.crossword import Game

    game = Game(edition, players, dictionary=dictionary, seed=0, first_player=first_player, physical=True)
    result = PhotoGame(game)
    reader = read or _camera_reader(edition, corners_text, use_tesseract)
    try:
        for path in paths:
            if game.is_over:
                raise PhotoProblem(f"{path.name}: the game is already over")
            try:
                rows = reader(path)
            except PhotoProblem:
                raise
            except UserError as exc:
                raise PhotoProblem(f"{path.name}: {exc}") from None
            text = _turn(game, path.name, rows, blanks or {})
            result.turns.append((path.name, text))
            out(f"{path.name}: {text}")
    except PhotoProblem as exc:
        exc.so_far = result
        raise
    return result


def _camera_reader(edition, corners_text: str | None, use_tesseract: bool) -> Callable[[Path], list[str]]:
    from wordboard.camera.images import read_image
    from wordboard.camera.photo import read_photo

    layout = edition.board

    def read(path: Path) -> list[str]:
        image = read_image(path)
        photo = read_photo(image, layout.rows, layout.cols, tuple(layout.squares), corners_text=corners_text,
                           use_tesseract=use_tesseract)
        if getattr(photo.reading, "occluded", False):
            raise PhotoProblem(f"{path.name}: something is in front of the board (a hand?)")
        return list(photo.reading.state.lines)
    return read


def _turn(game, name: str, rows: list[str], blanks: Mapping[tuple[str, Square], str]) -> str:
    from wordboard.crossword import Pass, Placement, Play
    from wordboard.crossword.table import infer_blank_letters

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
    known = [Placement(sq.row, sq.col, sym, False) for sq, sym in new.items() if sym != "?"]
    unknown = [sq for sq, sym in new.items() if sym == "?"]
    given = {sq: blanks[(name, sq)] for sq in unknown if (name, sq) in blanks}
    known += [Placement(sq.row, sq.col, letter.upper(), True) for sq, letter in given.items()]
    unknown = [sq for sq in unknown if sq not in given]
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
    return f"{player} plays {text} ({words}) for {turn.score}, total {turn.total}"
