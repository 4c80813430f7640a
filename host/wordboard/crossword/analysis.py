"""Post-game analysis: each move beside the best play available then, and the points missed.

:func:`analyse_record` works on a game record (GCG; moves whose rack the record does not give
cannot be analysed and have ``best = None``); :func:`analyse_game` on a
:class:`~wordboard.crossword.Game` played on the board. Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wordboard import gcg
from wordboard.crossword.board import Board
from wordboard.crossword.dawg import Dawg
from wordboard.crossword.game import Game
from wordboard.crossword.movegen import Candidate, MoveGenerator
from wordboard.crossword.moves import Exchange, Play
from wordboard.crossword.replay import replay_record
from wordboard.editions import Edition


@dataclass(frozen=True)
class MoveAnalysis:
    """One move of a game and the best play the rack allowed at that moment."""

    turn: int  # 1-based, counting every move (plays, swaps, passes)
    player: str
    rack: str  # "" when unknown
    played: str  # "8D WORD", "swap ABC", "pass"
    score: int
    best: Candidate | None  # None: no rack known, or no play at all
    best_notation: str  # the best play written as a record writes it
    better_plays: int | None  # how many plays scored more than the move made
    line: int | None = None  # the record's line, when analysed from a record
    # Whether the move made is among the plays the word list allows (None: not a play, or no
    # rack); False for a word the list lacks (or a phony), whose score the best may fall short of.
    listed: bool | None = None

    @property
    def missed(self) -> int:
        """Points the best play would have scored beyond the move made (0 at best)."""
        if self.best is None:
            return 0
        return max(0, self.best.score - self.score)

    def as_json(self) -> dict:
        return {"turn": self.turn, "player": self.player, "rack": self.rack, "played": self.played,
                "score": self.score, "line": self.line,
                "best": self.best_notation or None, "best_score": self.best.score if self.best else None,
                "missed": self.missed, "better_plays": self.better_plays, "listed": self.listed}


@dataclass
class GameAnalysis:
    moves: list[MoveAnalysis] = field(default_factory=list)

    def missed_by_player(self) -> dict[str, int]:
        totals: dict[str, int] = {}
        for m in self.moves:
            totals[m.player] = totals.get(m.player, 0) + m.missed
        return totals

    def best_found_by_player(self) -> dict[str, tuple[int, int]]:
        """player -> (moves that matched the best score, moves analysed)."""
        out: dict[str, tuple[int, int]] = {}
        for m in self.moves:
            if m.best is None:
                continue
            hit, total = out.get(m.player, (0, 0))
            out[m.player] = (hit + (m.missed == 0), total + 1)
        return out


def _analyse(generator: MoveGenerator, board: Board, rack: str, turn: int, player: str, played: str,
             score: int, line: int | None, is_play: bool) -> MoveAnalysis:
    plays = generator.generate(board, rack) if rack else []
    best = plays[0] if plays else None
    better = sum(1 for c in plays if c.score > score) if rack else None
    listed = None
    if rack and is_play:
        listed = any(c.notation(board) == played for c in plays if c.score == score)
    return MoveAnalysis(turn, player, rack, played, score, best, best.notation(board) if best else "",
                        better, line, listed)


def analyse_record(record: gcg.GameRecord, edition: Edition, dawg: Dawg) -> GameAnalysis:
    """Every play, swap and pass of ``record`` beside the best play then."""
    generator = MoveGenerator(dawg, edition)
    analysis = GameAnalysis()
    state = {"before": Board(edition.board), "turn": 0}

    def on_step(step) -> None:
        event = step.event
        if isinstance(event, (gcg.Play, gcg.Exchange, gcg.Pass)):
            state["turn"] += 1
            rack = (event.rack or "").upper()
            if isinstance(event, gcg.Play):
                played = f"{gcg.format_position(event.position)} {event.word}"
            elif isinstance(event, gcg.Exchange):
                played = f"swap {event.tiles or event.count}"
            else:
                played = "pass"
            analysis.moves.append(_analyse(generator, state["before"], rack, state["turn"], event.nick,
                                           played, event.score, event.line,
                                           isinstance(event, gcg.Play)))
        state["before"] = step.board.copy()

    replay_record(record, edition, None, on_step=on_step)
    return analysis


def analyse_game(game: Game, dawg: Dawg) -> GameAnalysis:
    """Every move of ``game`` (its history) beside the best play then."""
    generator = MoveGenerator(dawg, game.edition)
    board = Board(game.edition.board)
    analysis = GameAnalysis()
    for turn in game.history:
        move = turn.move
        if isinstance(move, Play):
            main = turn.words[0]
            new = set(move.squares)
            word = "".join(ch if sq in new else "." for ch, sq in zip(main.display, main.squares))
            played = f"{main.position} {word}"
        elif isinstance(move, Exchange):
            played = f"swap {move.tiles}"
        else:
            played = "pass"
        analysis.moves.append(_analyse(generator, board, turn.rack, turn.number,
                                       game.players[turn.player], played, turn.score, None,
                                       isinstance(move, Play)))
        if isinstance(move, Play):
            for p in move.placements:
                board.place(p.square, p.tile)
    return analysis
