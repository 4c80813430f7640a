"""Post-game analysis: each move beside the best move available then, and what it lost.

Moves are ranked by equity (:mod:`wordboard.crossword.equity`: the score plus the value of the
tiles kept, exchanges and the pass included; in the endgame the score and the racks), as Quackle
and Woogles rank them, or by score alone (``by="score"``: the best-scoring play).

:func:`analyse_record` works on a game record (GCG; moves whose rack the record does not give
cannot be analysed and have ``best = None``); :func:`analyse_game` on a
:class:`~wordboard.crossword.Game` played on the board. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from wordboard import gcg
from wordboard.crossword.board import Board, Square
from wordboard.crossword.dawg import Dawg
from wordboard.crossword.equity import (
    EXCHANGE,
    PASS,
    PLAY,
    Choice,
    Situation,
    bag_size,
    choice_for,
    keeps,
    rank,
    subtract,
    unseen_tiles,
)
from wordboard.crossword.game import Turn
from wordboard.crossword.leaves import LeaveTable
from wordboard.crossword.movegen import Candidate, MoveGenerator, rack_counts
from wordboard.crossword.moves import Exchange, Play
from wordboard.crossword.replay import ReplayStep, replay_record
from wordboard.editions import BLANK, Edition
from wordboard.errors import DataFileError

BY_EQUITY, BY_SCORE = "equity", "score"
RANKINGS = (BY_EQUITY, BY_SCORE)


@dataclass(frozen=True)
class MoveAnalysis:
    """One move of a game and the best move the rack allowed at that moment."""

    turn: int  # 1-based, counting every move (plays, swaps, passes)
    player: str
    rack: str  # "" when unknown
    played: str  # "8D WORD", "swap ABC", "pass"
    score: int
    best: Choice | None  # the best move by the ranking; None: no rack known, or no move
    best_notation: str  # the best move written as a record writes it ("swap ABC" for a swap)
    better_plays: int | None  # how many moves ranked above the move made
    line: int | None = None  # the record's line, when analysed from a record
    # Whether the move made is among the plays the word list allows (None: not a play, or no
    # rack); False for a word the list lacks (or a phony), whose score the best may fall short of.
    listed: bool | None = None
    equity: float | None = None  # the move made's equity (None: no rack known)
    by: str = BY_EQUITY

    @property
    def missed(self) -> float:
        """What the best move would have gained beyond the move made (0 at best): equity, or
        points when ranking by score."""
        if self.best is None:
            return 0
        if self.by == BY_SCORE or self.equity is None:
            return max(0, self.best.score - self.score)
        return max(0.0, round(self.best.equity - self.equity, 2))

    def as_json(self) -> dict[str, object]:
        best = self.best
        return {"turn": self.turn, "player": self.player, "rack": self.rack, "played": self.played,
                "score": self.score, "equity": self.equity, "line": self.line, "by": self.by,
                "best": self.best_notation or None, "best_score": best.score if best else None,
                "best_equity": best.equity if best else None, "best_keeps": best.keep if best else None,
                "missed": self.missed, "better_plays": self.better_plays, "listed": self.listed}


@dataclass
class GameAnalysis:
    moves: list[MoveAnalysis] = field(default_factory=list)
    by: str = BY_EQUITY

    def missed_by_player(self) -> dict[str, float]:
        """player -> equity (or points, by score) lost over the game."""
        totals: dict[str, float] = {}
        for m in self.moves:
            totals[m.player] = round(totals.get(m.player, 0) + m.missed, 2)
        return totals

    def best_found_by_player(self) -> dict[str, tuple[int, int]]:
        """player -> (moves that matched the best, moves analysed)."""
        out: dict[str, tuple[int, int]] = {}
        for m in self.moves:
            if m.best is None:
                continue
            hit, total = out.get(m.player, (0, 0))
            out[m.player] = (hit + (m.missed == 0), total + 1)
        return out


class _Analyser:
    def __init__(self, generator: MoveGenerator, edition: Edition, players: int, by: str,
                 table: LeaveTable | None):
        if by not in RANKINGS:
            raise ValueError(f"rank by {by!r}: one of {', '.join(RANKINGS)}")
        self.generator, self.edition, self.players, self.by, self.table = generator, edition, players, by, table

    def move(self, board: Board, rack: str, turn: int, player: str, played: str, score: int,
             line: int | None, kind: str, used: str) -> MoveAnalysis:
        """``used``: the tiles the move took from the rack (played or swapped)."""
        plays = self.generator.generate(board, rack) if rack else []
        listed = None
        if rack and kind == PLAY:
            listed = any(c.notation(board) == played for c in plays if c.score == score)
        if not rack:
            return MoveAnalysis(turn, player, rack, played, score, None, "", None, line, listed, None, self.by)
        situation = Situation(self.edition, bag_size(self.edition, len(board), self.players),
                              unseen_tiles(self.edition, board, rack), self.players, self.table)
        made = choice_for(situation, rack, kind, score, used or "")
        if self.by == BY_SCORE:
            top = plays[0] if plays else None
            best = choice_for(situation, rack, PLAY, top.score, _used(top, board), top) if top else None
            better = sum(1 for c in plays if c.score > score)
        else:
            ranking = rank(board, rack, plays, situation, at_least=made.equity, limit=1)
            best = ranking[0]
            better = sum(1 for c in ranking if c.equity > made.equity)
        return MoveAnalysis(turn, player, rack, played, score, best, best.notation(board) if best else "",
                            better, line, listed, made.equity, self.by)


def _used(candidate: Candidate, board: Board) -> str:
    return "".join(BLANK if p.blank else p.letter for p in candidate.placements(board))


def _tiles_put(before: Board, after: Board, squares: Iterable[Square]) -> str:
    out: list[str] = []
    for sq in squares:
        tile = after[sq]
        if before[sq] is None and tile is not None:
            out.append(BLANK if tile.blank else tile.letter)
    return "".join(out)


def analyse_record(record: gcg.GameRecord, edition: Edition, dawg: Dawg, *, by: str = BY_EQUITY,
                   table: LeaveTable | None = None) -> GameAnalysis:
    """Every play, swap and pass of ``record`` beside the best move then."""
    analyser = _Analyser(MoveGenerator(dawg, edition), edition, max(2, len(record.players)), by, table)
    analysis = GameAnalysis(by=by)
    boards = [Board(edition.board)]  # the board before the event

    def on_step(step: ReplayStep) -> None:
        event = step.event
        before = boards[-1]
        if isinstance(event, (gcg.Play, gcg.Exchange, gcg.Pass)):
            rack = (event.rack or "").upper()
            try:
                rack_counts(rack)
            except ValueError as exc:   # a record in another alphabet (Latin-1: Ä, Ñ...)
                raise DataFileError(record.path or "the game record", event.line,
                                    f"{event.nick}'s rack {rack}: {exc}") from None
            if isinstance(event, gcg.Play):
                played = f"{gcg.format_position(event.position)} {event.word}"
                kind, used = PLAY, _tiles_put(before, step.board, step.squares)
            elif isinstance(event, gcg.Exchange):
                played = f"swap {event.tiles or event.count}"
                kind = EXCHANGE
                used = event.tiles.upper() if event.tiles else _swapped(rack, event.count, analyser, before)
            else:
                played, kind, used = "pass", PASS, ""
            analysis.moves.append(analyser.move(before, rack, len(analysis.moves) + 1, event.nick, played,
                                                event.score, event.line, kind, used))
        boards[-1] = step.board.copy()

    replay_record(record, edition, None, on_step=on_step)
    return analysis


def _swapped(rack: str, count: int, analyser: _Analyser, board: Board) -> str:
    """For a swap whose tiles the record does not name: the tiles whose swap keeps the most
    valuable leave of the size kept (the kindest reading of the move)."""
    if not rack or count > len(rack):
        return ""
    situation = Situation(analyser.edition, bag_size(analyser.edition, len(board), analyser.players),
                          "", analyser.players, analyser.table)
    size = len(rack) - count
    keep = max((k for k in keeps(rack) if len(k) == size), key=lambda k: situation.leaves.value(k))
    return subtract(rack, keep)


class PlayedGame(Protocol):
    """What :func:`analyse_game` reads of a game: a :class:`~wordboard.crossword.Game`, or the
    parts of one kept apart from its engine (:class:`FinishedGame`)."""

    @property
    def history(self) -> Sequence[Turn]: ...
    @property
    def edition(self) -> Edition: ...
    @property
    def players(self) -> Sequence[str]: ...


@dataclass(frozen=True)
class FinishedGame:
    """A game's turns, edition and players, copied out of its engine to analyse elsewhere."""

    history: Sequence[Turn]
    edition: Edition
    players: Sequence[str]


def analyse_game(game: PlayedGame, dawg: Dawg, *, by: str = BY_EQUITY, table: LeaveTable | None = None) -> GameAnalysis:
    """Every move of ``game`` (its history) beside the best move then."""
    analyser = _Analyser(MoveGenerator(dawg, game.edition), game.edition, len(game.players), by, table)
    board = Board(game.edition.board)
    analysis = GameAnalysis(by=by)
    for turn in game.history:
        move = turn.move
        if isinstance(move, Play):
            main = turn.words[0]
            new: set[Square] = set(move.squares)
            word = "".join(ch if sq in new else "." for ch, sq in zip(main.display, main.squares))
            played = f"{main.position} {word}"
            kind, used = PLAY, "".join(BLANK if p.blank else p.letter for p in move.placements)
        elif isinstance(move, Exchange):
            played = f"swap {move.tiles}"
            kind, used = EXCHANGE, move.tiles or _swapped(turn.rack, move.count, analyser, board)
        else:
            played, kind, used = "pass", PASS, ""
        analysis.moves.append(analyser.move(board, turn.rack, turn.number, game.players[turn.player],
                                            played, turn.score, None, kind, used))
        if isinstance(move, Play):
            for p in move.placements:
                board.place(p.square, p.tile)
    return analysis
