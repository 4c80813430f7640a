"""Saved HEXX games: a picture of the board that ``wordboard show`` can draw.

``wordboard play hexx --save FILE`` rewrites FILE after every play. The file is the common
data-file format (:mod:`wordboard.datafile`)::

    game: hexx
    centre: e5
    edition: wordboard stand-in (not the real box)
    turn: 8
    to-move: red
    [board]
    rows:                 # one token per square: '.' empty, '+' empty centre, '-' no square,
    . . . . .             # or letter + owner: 'Wb' (W, black), 'Or' (O, red); a small letter is
    . Wb Or Rr .          # a HEXX tile showing that letter
    [last turn]
    placed: e7 e4
    flipped: d7 e6
    [moves]
    list:                 # the moves so far, for the record
    1 black d5 E WORD

It records what is on the board, not the hands or the bag: it is for showing a game, not for
resuming one.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from wordboard.datafile import DataFile, Section
from wordboard.errors import UserError
from wordboard.hexx.board import Layout, Square
from wordboard.hexx.model import Colour
from wordboard.hexx.render import BoardPicture, ShownTile

if TYPE_CHECKING:
    from wordboard.hexx.game import HexxGame

_OWNERS = {"r": Colour.RED, "b": Colour.BLACK}


def game_text(game: HexxGame) -> str:
    """The save-file text for a :class:`~wordboard.hexx.game.HexxGame`."""
    lines = ["# wordboard HEXX saved game: draw it with `wordboard show FILE`", "game: hexx",
             f"edition: {game.edition.name}", f"turn: {game.turn_number}",
             f"to-move: {game.to_move.value}",
             f"red-tiles: {game.count(Colour.RED)}", f"black-tiles: {game.count(Colour.BLACK)}",
             f"bag: {game.bag_size}", f"centre: {game.layout.centre.name}"]
    if game.result:
        lines.append(f"result: {game.result.describe()}")
    for effect in game.lasting_effects:
        lines.append(f"# lasting: {effect.describe()}")
    lines += ["", "[board]", "rows:"]
    layout = game.layout
    for r in range(layout.height):
        tokens = []
        for c in range(layout.width):
            square = Square(r, c)
            tile = game.board.get(square)
            if square not in layout:
                tokens.append("-")
            elif tile is None:
                tokens.append("+" if square == layout.centre else ".")
            else:
                letter = tile.letter.lower() if tile.is_hexx else tile.letter
                tokens.append(letter + tile.owner.value[0])
        lines.append(" ".join(tokens))
    last = game.last_turn
    lines += ["", "[last turn]", f"placed: {' '.join(q.name for q in last.placed) if last else ''}",
              f"flipped: {' '.join(q.name for q in last.flipped) if last else ''}"]
    lines += ["", "[moves]", "list:"]
    for record in game.history:
        move = record.move if record.move is not None else "forfeit"
        lines.append(f"{record.number} {record.player.value} {move}"
                     + (f" (HEXX {record.effect.number:02d} {record.effect.name})"
                        if record.effect else ""))
    if not game.history:
        lines.append("none")
    return "\n".join(lines) + "\n"


def save_game(game: HexxGame, path: str | Path) -> None:
    try:
        Path(path).write_text(game_text(game), encoding="utf-8")
    except OSError as exc:
        raise UserError(f"cannot write {path}: {exc.strerror}") from None


def load_picture(path: str | Path) -> BoardPicture:
    """Read a saved game's board; a malformed file is a DataFileError naming the line."""
    data = DataFile.read(path, what="saved HEXX game")
    top = data.section("")
    if (top.get("game") or "").lower() != "hexx":
        raise data.error(None, "not a HEXX saved game (no 'game: hexx' line)")
    rows = data.section("board").block("rows")
    grid: list[str] = []
    tiles: dict[Square, ShownTile] = {}
    width = None
    for r, line in enumerate(rows):
        tokens = line.text.split()
        if width is None:
            width = len(tokens)
        elif len(tokens) != width:
            raise data.error(line.number, f"row has {len(tokens)} squares, expected {width}")
        shape = []
        for c, token in enumerate(tokens):
            if token in (".", "+", "-"):
                shape.append("." if token == "+" else token)
                continue
            if len(token) != 2 or not token[0].isalpha() or token[1] not in _OWNERS:
                raise data.error(line.number, f"{token!r} is not a square: '.', '+', '-' or a "
                                              f"letter and r/b, like Wb")
            shape.append(".")
            tiles[Square(r, c)] = ShownTile(token[0].upper(), _OWNERS[token[1]],
                                            token[0].islower())
        grid.append("".join(shape))
    centre = top.get("centre", Square.parse, required=True)
    if not (0 <= centre.row < len(grid) and 0 <= centre.col < len(grid[0])):
        raise data.error(top.entry("centre").line, f"centre {centre} is not on the board")
    row = grid[centre.row]
    grid[centre.row] = row[: centre.col] + "+" + row[centre.col + 1:]
    try:
        layout = Layout(grid)
    except ValueError as exc:
        raise data.error(rows[0].number, str(exc)) from None
    last = data.section("last turn", required=False)
    placed = _squares(data, last, "placed")
    flipped = _squares(data, last, "flipped")
    notes = [f"{key}: {top.get(key)}" for key in ("turn", "to-move", "result") if key in top]
    return BoardPicture(layout, tiles, placed, flipped, notes)


def _squares(data: DataFile, section: Section, key: str) -> tuple[Square, ...]:
    if key not in section:
        return ()
    text = section.get(key) or ""
    entry = section.entry(key)
    try:
        return tuple(Square.parse(token) for token in text.split())
    except ValueError as exc:
        raise data.error(entry.line, f"{key}: {exc}") from None
