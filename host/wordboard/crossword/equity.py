"""Equity: a move's score plus the value of the tiles it keeps, as Quackle and Woogles rank moves.

* While the bag holds tiles: ``equity = score + leave value`` (the table of
  :mod:`wordboard.crossword.leaves`); exchanges score 0 and keep what they keep (the bag must hold
  enough tiles under the edition's rule); a pass keeps the whole rack.
* When the bag is empty (the endgame) the tiles kept will not be replaced, so leave values do not
  apply. Instead: a play that goes out gains ``k`` times the value of the unseen tiles (the other
  racks), and any other move loses ``k`` times the value of the tiles it keeps, the points they
  would cost if the opponent went out next; ``k`` is the edition's settlement seen from both
  sides (Scrabble: twice the rack to the one who goes out, so 2; Lexulous: once to the one who
  goes out and once off the loser's own score, so 2 as well). Nothing else is looked ahead.

:func:`rank` turns the generator's candidates into :class:`Choice` objects, best equity first.
Pure: no I/O.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from wordboard.crossword.board import Board
from wordboard.crossword.leaves import LeaveTable, leave_table
from wordboard.crossword.movegen import Candidate
from wordboard.editions import BLANK, Edition

PLAY, EXCHANGE, PASS = "play", "exchange", "pass"
_KIND_ORDER = {PLAY: 0, EXCHANGE: 1, PASS: 2}


@dataclass(frozen=True)
class Choice:
    """A move with its equity: ``score + leave_value + adjustment``."""

    kind: str  # PLAY, EXCHANGE or PASS
    score: int
    keep: str  # the tiles kept, sorted, ? for blanks
    leave_value: float  # 0 when the bag is empty
    adjustment: float = 0.0  # the endgame's (see the module's docstring)
    candidate: Candidate | None = None  # for a play
    swap: str = ""  # for an exchange: the tiles swapped, sorted

    @property
    def equity(self) -> float:
        return round(self.score + self.leave_value + self.adjustment, 2)

    def notation(self, board: Board) -> str:
        """``8D WORD`` (``.`` for tiles already on ``board``), ``swap ABC`` or ``pass``."""
        if self.candidate is not None:
            return self.candidate.notation(board)
        return f"swap {self.swap}" if self.kind == EXCHANGE else "pass"

    def sort_key(self) -> tuple[float, int, int]:
        return (-self.equity, _KIND_ORDER[self.kind], -self.score)


@dataclass(frozen=True)
class Situation:
    """What equity needs to know besides the rack: the bag and the unseen tiles."""

    edition: Edition
    bag: int  # tiles in the bag
    unseen: str = ""  # tiles not on the board nor on this rack (the bag and the other racks)
    players: int = 2
    table: LeaveTable | None = None  # None: the edition's (leave_table)

    @property
    def leaves(self) -> LeaveTable:
        return self.table if self.table is not None else leave_table(self.edition)

    @property
    def endgame(self) -> bool:
        return self.bag <= 0

    @property
    def settlement_factor(self) -> int:
        multiplier, others_lose = self.edition.tiles.settlement(self.players)
        return multiplier + (1 if others_lose else 0)

    def can_exchange(self, count: int) -> bool:
        needed = self.edition.tiles.exchange_min_bag
        return count > 0 and self.bag >= (count if needed is None else needed)

    def keep_value(self, keep: str, goes_out: bool) -> tuple[float, float]:
        """(leave value, endgame adjustment) of keeping ``keep``."""
        if not self.endgame:
            return self.leaves.value(keep), 0.0
        k = self.settlement_factor
        tiles = self.edition.tiles
        if goes_out:
            return 0.0, float(k * tiles.rack_value(self.unseen))
        return 0.0, float(-k * tiles.rack_value(keep))


def bag_size(edition: Edition, on_board: int, players: int) -> int:
    """The tiles in the bag when ``on_board`` tiles are on the board and every rack is full (or
    the bag is empty): the count a record or a real table allows one to know."""
    return max(0, edition.tiles.total - on_board - players * edition.tiles.rack_size)


def unseen_tiles(edition: Edition, board: Board, rack: str) -> str:
    """The tiles of the set that are neither on ``board`` nor on ``rack`` (sorted)."""
    left = dict(edition.tiles.counts)
    for _, tile in board.tiles():
        key = BLANK if tile.blank else tile.letter
        left[key] = left.get(key, 0) - 1
    for t in rack.upper():
        left[t] = left.get(t, 0) - 1
    return "".join(t * n for t, n in sorted(left.items()) if n > 0)


def subtract(rack: str, used: Iterable[str]) -> str:
    """``rack`` less ``used`` (tiles missing from the rack are ignored), sorted."""
    left = list(rack.upper())
    for t in used:
        if t in left:
            left.remove(t)
    return "".join(sorted(left))


def keeps(rack: str) -> list[str]:
    """Every distinct sub-multiset of ``rack`` (sorted strings), the whole rack included."""
    rack = "".join(sorted(rack.upper()))
    found = {"".join(c) for n in range(len(rack) + 1) for c in itertools.combinations(rack, n)}
    return sorted(found, key=lambda k: (len(k), k))


def choice_for(situation: Situation, rack: str, kind: str, score: int, used: str,
               candidate: Candidate | None = None) -> Choice:
    """The :class:`Choice` of a move that takes ``used`` from ``rack`` (``?`` for blanks):
    played tiles for a play, swapped tiles for an exchange, nothing for a pass."""
    keep = subtract(rack, used)
    leave, adjustment = situation.keep_value(keep, goes_out=kind == PLAY and not keep)
    return Choice(kind, score, keep, leave, adjustment, candidate,
                  "".join(sorted(used.upper())) if kind == EXCHANGE else "")


def exchanges(situation: Situation, rack: str) -> list[Choice]:
    """Every exchange the bag allows (one per distinct set of tiles kept) and the pass."""
    rack = "".join(sorted(rack.upper()))
    out = []
    for keep in keeps(rack):
        swap = subtract(rack, keep)
        if len(keep) < len(rack) and situation.can_exchange(len(swap)):
            leave, adjustment = situation.keep_value(keep, goes_out=False)
            out.append(Choice(EXCHANGE, 0, keep, leave, adjustment, None, swap))
    leave, adjustment = situation.keep_value(rack, goes_out=False)
    out.append(Choice(PASS, 0, rack, leave, adjustment))
    return out


def best_exchange(situation: Situation, rack: str, count: int | None = None) -> Choice | None:
    """The exchange (of ``count`` tiles, or any number) that keeps the most valuable tiles."""
    found = [c for c in exchanges(situation, rack)
             if c.kind == EXCHANGE and (count is None or len(c.swap) == count)]
    return min(found, key=Choice.sort_key) if found else None


def tiles_used(candidate: Candidate, lines: Sequence[str]) -> str:
    """The rack tiles a candidate puts down (``?`` for blanks); ``lines`` are the board's rows
    for an across play and its columns for a down play (``.`` for an empty square)."""
    if candidate.across:
        line, start = lines[candidate.row], candidate.col
    else:
        line, start = lines[candidate.col], candidate.row
    return "".join(BLANK if ch.islower() else ch
                   for i, ch in enumerate(candidate.word) if line[start + i] == ".")


def rank(board: Board, rack: str, candidates: Sequence[Candidate], situation: Situation, *,
         at_least: float | None = None, limit: int | None = None,
         moves: bool = True) -> list[Choice]:
    """The plays (``candidates``, highest score first as the generator gives them), the exchanges
    and the pass (``moves``), best equity first (on equal equity: plays, then exchanges, then the
    pass; higher score first).

    With ``limit`` only the ``limit`` best are sure to be there; with ``at_least`` every choice of
    that equity or more is. Plays that cannot reach either are left out without being
    evaluated (a play's equity is at most its score plus the best value any keep could have), so
    ranking is fast however many plays there are."""
    rack = "".join(sorted(rack.upper()))
    out: list[Choice] = exchanges(situation, rack) if moves else []
    if situation.endgame:
        bound = max(0.0, situation.keep_value("", goes_out=True)[1])
    else:
        table = situation.leaves
        bound = max(table.value(k) for k in keeps(rack))
    rows = board.rows_text()
    cols = ["".join(col) for col in zip(*rows)]
    top: list[float] = []  # a min-heap of the ``limit`` best equities so far
    if limit is not None:
        for c in out:
            _push(top, c.equity, limit)
    for cand in candidates:
        cutoff = None
        if limit is not None and len(top) >= limit:
            cutoff = top[0]
        if at_least is not None:
            cutoff = at_least if cutoff is None else min(cutoff, at_least)
        if cutoff is not None and cand.score + bound < cutoff:
            break
        used = tiles_used(cand, rows if cand.across else cols)
        choice = choice_for(situation, rack, PLAY, cand.score, used, cand)
        out.append(choice)
        if limit is not None:
            _push(top, choice.equity, limit)
    out.sort(key=Choice.sort_key)
    return out


def _push(heap: list[float], value: float, limit: int) -> None:
    if len(heap) < limit:
        heapq.heappush(heap, value)
    elif value > heap[0]:
        heapq.heapreplace(heap, value)
