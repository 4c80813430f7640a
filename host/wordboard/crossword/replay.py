"""Replay a game record through the rules, re-scoring every play and every running total.

A record (GCG) says for every event what it scored and the player's total after it. Replaying
puts each play on a board of the given edition, scores it with the rules engine, and compares:

* every play's score (and that its tiles fit the board, and, with a dictionary, its words);
* that the tiles played were on the rack the record shows (when it shows one);
* every end-of-game adjustment: going out earns the edition's multiple of the tiles left, which
  must be exactly the tiles not on the board; a player's own rack costs its value;
* a withdrawn phony takes back exactly what the play scored, and its tiles leave the board;
* every running total: the previous total plus what the event scored.

Each difference is a :class:`Mismatch` naming the file and line. After a difference the replay
goes on from the record's own figures, so one error is reported once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container
from dataclasses import asdict, dataclass, field

from wordboard import gcg
from wordboard.crossword.board import Board
from wordboard.crossword.moves import Play
from wordboard.crossword.scoring import IllegalMove, Word, evaluate_play
from wordboard.editions import BLANK, Edition


@dataclass(frozen=True)
class Mismatch:
    """One way the record and the rules disagree."""

    file: str
    line: int
    kind: str  # score, total, illegal, word, rack, end-rack, withdrawn, record
    recorded: int | str | None
    computed: int | str | None
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


@dataclass
class ReplayReport:
    """What replaying one record found."""

    file: str
    plays_checked: int = 0
    events_checked: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)
    final_scores: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.mismatches

    def as_json(self) -> dict:
        return {"file": self.file, "plays_checked": self.plays_checked,
                "events_checked": self.events_checked, "final_scores": self.final_scores,
                "mismatches": [asdict(m) for m in self.mismatches]}


@dataclass(frozen=True)
class ReplayStep:
    """The state after one event, for showing a replay move by move."""

    event: gcg.Event
    board: Board
    scores: dict[str, int]
    squares: frozenset  # squares the event changed
    words: tuple[Word, ...]  # the words a play formed, else ()


def replay_record(record: gcg.GameRecord, edition: Edition, dictionary: Container[str] | None = None,
                  *, on_step=None) -> ReplayReport:
    """Replay ``record`` on ``edition``; check words against ``dictionary`` unless it is ``None``.

    ``on_step(ReplayStep)`` is called after every event (for printing a replay as it goes).
    """
    return _Replay(record, edition, dictionary, on_step).run()


class _Replay:
    def __init__(self, record: gcg.GameRecord, edition: Edition, dictionary, on_step):
        self.record = record
        self.edition = edition
        self.dictionary = dictionary
        self.on_step = on_step
        self.board = Board(edition.board)
        self.report = ReplayReport(str(record.path))
        self.totals = {p.nick: 0 for p in record.players}
        self.last_play: dict[str, tuple[Play, int, int]] = {}  # nick -> (play, recorded score, line)
        self.words: tuple[Word, ...] = ()  # the words the event being replayed formed

    def mismatch(self, event, kind, recorded, computed, message) -> None:
        self.report.mismatches.append(Mismatch(self.report.file, event.line, kind, recorded, computed, message))

    def run(self) -> ReplayReport:
        handlers = {
            gcg.Play: self.play, gcg.Pass: self.scoreless, gcg.Exchange: self.scoreless,
            gcg.Withdrawn: self.withdrawn, gcg.ChallengeBonus: self.bonus, gcg.TimePenalty: self.bonus,
            gcg.EndRackBonus: self.end_rack_bonus, gcg.EndRackPenalty: self.end_rack_penalty,
        }
        for event in self.record.events:
            self.report.events_checked += 1
            self.words = ()
            changed = handlers[type(event)](event) or frozenset()
            self.check_total(event)
            if self.on_step:
                self.on_step(ReplayStep(event, self.board, dict(self.totals), frozenset(changed),
                                        self.words))
        self.report.final_scores = dict(self.totals)
        return self.report

    def check_total(self, event) -> None:
        expected = self.totals[event.nick] + event.score
        if expected != event.cumulative:
            self.mismatch(event, "total", event.cumulative, expected,
                          f"{event.nick}'s total is {event.cumulative} in the record, but "
                          f"{self.totals[event.nick]} {event.score:+d} = {expected}")
        self.totals[event.nick] = event.cumulative

    def play(self, event: gcg.Play):
        self.report.plays_checked += 1
        position = gcg.format_position(event.position)
        try:
            play = Play.from_notation(position, event.word, self.board)
        except ValueError as exc:
            self.mismatch(event, "illegal", event.word, None, f"{position} {event.word}: {exc}")
            return None
        if not play.placements:
            self.mismatch(event, "illegal", event.word, None,
                          f"{position} {event.word}: every square is already taken")
            return None
        self.check_rack(event, play)
        try:
            scored = evaluate_play(self.board, self.edition, play, self.dictionary)
        except IllegalMove as exc:
            kind = "word" if exc.words else "illegal"
            self.mismatch(event, kind, event.word, None, f"{position} {event.word}: {exc}")
            try:  # score it anyway, without the dictionary, so the record can go on
                scored = evaluate_play(self.board, self.edition, play, None)
            except IllegalMove:
                scored = None
        if scored is not None:
            self.words = scored.words
        if scored is not None and scored.score != event.score:
            words = ", ".join(f"{w.display} {w.score}" for w in scored.words)
            bingo = f" + bingo {scored.bingo}" if scored.bingo else ""
            self.mismatch(event, "score", event.score, scored.score,
                          f"{position} {event.word} scores {scored.score} ({words}{bingo}), "
                          f"the record says {event.score}")
        for p in play.placements:
            self.board.place(p.square, p.tile)
        self.last_play[event.nick] = (play, event.score, event.line)
        return play.squares

    def check_rack(self, event: gcg.Play, play: Play) -> None:
        rack = event.rack
        if not rack:
            return
        missing = Counter(play.rack_tiles) - Counter(rack.upper())
        if missing:
            tiles = "".join(sorted(missing.elements()))
            self.mismatch(event, "rack", rack, play.rack_tiles,
                          f"{event.word} uses {tiles}, which the rack {rack} does not have")

    def scoreless(self, event):
        if event.score != 0:
            self.mismatch(event, "score", event.score, 0, f"a pass or exchange scores 0, the record "
                                                           f"says {event.score}")
        self.last_play.pop(event.nick, None)

    def withdrawn(self, event: gcg.Withdrawn):
        last = self.last_play.pop(event.nick, None)
        if last is None:
            self.mismatch(event, "withdrawn", event.score, None,
                          f"{event.nick} withdraws a play, but their last turn placed no tiles")
            return None
        play, scored, _ = last
        if event.score != -scored:
            self.mismatch(event, "withdrawn", event.score, -scored,
                          f"withdrawing a play that scored {scored} takes back {-scored}, "
                          f"the record says {event.score}")
        for p in play.placements:
            self.board.remove(p.square)
        return play.squares

    def bonus(self, event):
        """Challenge bonuses and time penalties are set by the event's rules, not the board:
        only the running total checks them."""

    def tiles_left(self) -> Counter:
        """Every tile of the set not on the board (blanks as ``?``)."""
        left = Counter(self.edition.tiles.counts)
        for _, tile in self.board.tiles():
            left[BLANK if tile.blank else tile.letter] -= 1
        return left

    def end_rack_bonus(self, event: gcg.EndRackBonus):
        tiles = self.edition.tiles
        rack = event.tiles.upper()
        multiplier, _ = tiles.settlement(len(self.record.players))
        expected = multiplier * tiles.rack_value(rack)
        if event.score != expected:
            self.mismatch(event, "end-rack", event.score, expected,
                          f"going out against ({rack}) earns {multiplier} x "
                          f"{tiles.rack_value(rack)} = {expected}, the record says {event.score}")
        if len(self.record.players) == 2:
            left = +self.tiles_left()
            if left != Counter(rack):
                have = "".join(sorted(left.elements()))
                self.mismatch(event, "end-rack", rack, have,
                              f"the tiles left off the board are ({have}), the record says ({rack})")

    def end_rack_penalty(self, event: gcg.EndRackPenalty):
        rack = event.tiles.upper()
        expected = -self.edition.tiles.rack_value(rack)
        if event.score != expected:
            self.mismatch(event, "end-rack", event.score, expected,
                          f"unplayed ({rack}) costs {-expected}, the record says {event.score}")
