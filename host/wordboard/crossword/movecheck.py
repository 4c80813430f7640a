"""Check the move generator against real games: every recorded play must be among the plays it
lists for the board before it and the recorded rack, with the recorded score.

Used by ``wordboard replay GAME.gcg --lexicon PATH --check-movegen``: a :class:`MovegenCheck`
rides along a replay (:func:`wordboard.crossword.replay.replay_record`'s ``on_step``) and reports
each disagreement as a :class:`~wordboard.crossword.replay.Mismatch` of kind ``movegen``. Plays
whose rack the record does not give are skipped.
"""

from __future__ import annotations

from collections.abc import Container

from wordboard import gcg
from wordboard.crossword.board import Board
from wordboard.crossword.dawg import Dawg
from wordboard.crossword.movegen import MoveGenerator
from wordboard.crossword.moves import Play
from wordboard.crossword.replay import Mismatch, ReplayReport, ReplayStep, replay_record
from wordboard.editions import Edition


class MovegenCheck:
    """An ``on_step`` hook for a replay; read :attr:`mismatches` and :attr:`plays_checked` after."""

    def __init__(self, edition: Edition, dawg: Dawg, file: str):
        self.generator = MoveGenerator(dawg, edition)
        self.file = file
        self.before = Board(edition.board)
        self.mismatches: list[Mismatch] = []
        self.plays_checked = 0
        self.plays_skipped = 0

    def __call__(self, step: ReplayStep) -> None:
        event = step.event
        try:
            if isinstance(event, gcg.Play):
                self.check(event, self.before)
        finally:
            self.before = step.board.copy()

    def check(self, event: gcg.Play, board: Board) -> None:
        rack = (event.rack or "").upper()
        if not rack:
            self.plays_skipped += 1
            return
        position = gcg.format_position(event.position)
        try:
            play = Play.from_notation(position, event.word, board)
        except ValueError:
            return  # the replay reports it
        if not play.placements or len(play.placements) > len(rack):
            return
        self.plays_checked += 1
        wanted = frozenset(play.placements)
        found = [c for c in self.generator.generate(board, rack, sort=False)
                 if c.tiles == len(wanted) and frozenset(c.placements(board)) == wanted]
        if not found:
            self.mismatches.append(Mismatch(
                self.file, event.line, "movegen", event.score, None,
                f"{position} {event.word}: the move generator does not list this play for the rack {rack}"))
            return
        scores = sorted({c.score for c in found})
        if event.score not in scores:
            self.mismatches.append(Mismatch(
                self.file, event.line, "movegen", event.score, scores[0],
                f"{position} {event.word}: the move generator scores it {scores[0]}, the record "
                f"says {event.score}"))


def check_record(record: gcg.GameRecord, edition: Edition, dawg: Dawg,
                 dictionary: Container[str] | None = None) -> tuple[ReplayReport, MovegenCheck]:
    """Replay ``record`` (checking words against ``dictionary`` unless ``None``) with the move
    generator check riding along."""
    check = MovegenCheck(edition, dawg, str(record.path))
    report = replay_record(record, edition, dictionary, on_step=check)
    return report, check
