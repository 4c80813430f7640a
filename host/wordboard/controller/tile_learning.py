"""A table with the camera alone learns the owner's tile set from the games it plays.

Each move committed on such a table says which letter every new tile is: the rules and the word
list took it, or the players said it when the camera was unsure (a correction, a LETTER answer).
:class:`TileLearner` listens to the controller (``commit``, ``undo``, ``over``) and keeps, for
each letter tile committed, the shape the camera read it from (the reader's ``glyphs_read``).
When the game is over it adds the tiles still on the board to the data folder's tile samples
(:mod:`wordboard.camera.tile_samples`), as ``wordboard photos --learn`` does for a game scored
from photos: the tile reader learns them from its next start. A game stopped before its end
teaches nothing (a move may yet be challenged off the board). Blank tiles teach nothing: their
shape is no letter's.

``wordboard tileset list`` shows what was learnt and ``wordboard tileset forget`` undoes it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from wordboard.camera.state import LETTERS

Square = tuple[int, int]


class TileLearner:
    """A controller listener (``controller.listeners``) that learns the letter tiles of a game
    read by the camera alone.

    ``reader``: the camera's tile reader now (None until it has read), ``committed``: the
    game's tiles (square to letter, ``"?"`` a blank), ``out``: where to say what was learnt,
    ``path``: the samples file (default: the data folder's)."""

    def __init__(self, reader: Callable[[], Any], committed: Callable[[], Mapping[Square, str]],
                 out: Callable[[str], None], path: Path | None = None):
        self.reader = reader
        self.committed = committed
        self.out = out
        self.path = path
        self.seen: dict[Square, tuple[Any, str]] = {}   # square: (shape read, letter committed)
        self.learnt: int | None = None                 # tiles added when the game ended

    def __call__(self, kind: str, data: object = None) -> None:
        if kind == "commit":
            self._commit(getattr(data, "squares", ()))
        elif kind == "undo":
            self._keep_committed()
        elif kind == "over":
            self._learn()

    def _commit(self, squares: Iterable[Square]) -> None:
        reader = self.reader()
        if reader is None:
            return
        tiles = self.committed()
        shapes = reader.glyphs_read
        for square in squares:
            square = (int(square[0]), int(square[1]))
            letter = tiles.get(square)
            glyph = shapes.get(square)
            if letter is not None and len(letter) == 1 and letter in LETTERS and glyph is not None:
                self.seen[square] = (glyph, letter)

    def _keep_committed(self) -> None:
        """Only the tiles still on the board, with the letters they are (a move taken back, a
        tile challenged off)."""
        tiles = self.committed()
        self.seen = {square: kept for square, kept in self.seen.items() if tiles.get(square) == kept[1]}

    def _learn(self) -> None:
        from wordboard.camera.tile_samples import keep_confirmed
        from wordboard.errors import UserError

        self._keep_committed()
        if not self.seen or self.learnt is not None:
            return
        try:
            total, added = keep_confirmed(list(self.seen.values()), self.path)
        except UserError as exc:
            self.out(f"the camera learnt no tiles from this game: {exc}")
            return
        self.learnt = added
        self.out(f"the camera learnt {added} tiles of this set from the game ({total} kept; "
                 "'wordboard tileset forget' undoes it)")
