"""Real recorded games (../shared/data/gcg) played on the board as a table plays them.

The twin's people lay each recorded play's tiles on the table, press end turn, say which letter
each blank is, swap (saying how many tiles went back), pass, press the challenge button where the
record has a challenge, and name the tiles left at the end; the board, on physical racks and under
the club's five-point challenge rule, checks and scores every move and judges every challenge.
The word list that judges is the record's own verdicts (a challenged-off play's word is a phony,
every other word stands). Every score and the final result must be the record's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from wordboard import gcg
from wordboard.controller import questions as q
from wordboard.controller.session import SessionConfig, open_session
from wordboard.crossword import Exchange, Pass
from wordboard.crossword.moves import Challenge
from wordboard.crossword.players import ScriptedPlayers

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "gcg"
KNOWN = {("r20_peter.gcg", 19), ("r20_peter.gcg", 20)}   # the records' one known error (SOURCES.md), and its withdrawal
TURNS = (gcg.Play, gcg.Pass, gcg.Exchange, gcg.Withdrawn, gcg.ChallengeBonus)
BONUS = 5                                # the five-point rule's bonus for a play that stands


def playable_records():
    if not SHARED.is_dir():
        return []
    return [path for path in sorted(SHARED.glob("*.gcg")) if len(gcg.load(path).players) == 2]


class RecordVerdicts:
    """The word list of a record's challenges: when the record takes the last play off, its words
    are phonies; every other word stands."""

    def __init__(self, record: gcg.GameRecord, engine):
        self.recorded = [e for e in record.events if isinstance(e, TURNS)]
        self.engine = engine

    def __contains__(self, word) -> bool:
        history = self.engine.history
        if len(history) < len(self.recorded) and isinstance(self.recorded[len(history)], gcg.Withdrawn):
            return word not in {w.text for w in history[-1].words}
        return True


class RecordPlayers(ScriptedPlayers):
    """The people at the table play the record's moves and challenges, in its order."""

    def __init__(self, controller, table, record: gcg.GameRecord, **kw):
        self.moves = [e for e in record.events if isinstance(e, TURNS)]
        self.left = {e.nick: e.tiles for e in record.events if isinstance(e, gcg.EndRackPenalty)}
        super().__init__(controller, table, self._next, **kw)

    def _next(self, game):
        event = self.moves[len(game.history)]
        if isinstance(event, gcg.Play):
            return game.parse_move(f"{gcg.format_position(event.position)} {event.word}")
        if isinstance(event, gcg.Pass):
            return Pass()
        if isinstance(event, (gcg.Withdrawn, gcg.ChallengeBonus)):
            return Challenge(game.current)          # the other player presses the challenge button
        return Exchange(count=event.count)          # the table says only how many went back

    def _answer(self, question):
        if question.kind == q.SWAP and self.plan is not None:
            return str(self.plan.move.count)
        if question.kind == q.LEFTOVERS and "accept" in question.choices:     # the play that went out
            n = len(self.game.history)
            judged = n < len(self.moves) and isinstance(self.moves[n], (gcg.Withdrawn, gcg.ChallengeBonus))
            return "challenge" if judged else "accept"
        if question.kind == q.LEFTOVERS:
            return " / ".join(self.left.get(n, "") for n in self.game.players)
        return super()._answer(question)


def play_on_the_table(tmp_path, path: Path):
    record = gcg.load(path)
    nicks = [p.nick for p in record.players]
    first = next(e.nick for e in record.events if isinstance(e, (gcg.Play, gcg.Pass, gcg.Exchange)))
    config = SessionConfig(game="scrabble", hardware="direct", camera="none", journal=tmp_path / f"{path.stem}.sqlite3",
                           players=tuple(nicks), seed=1, lexicon=None, show_leds=False, habits="tidy",
                           game_options={"first_player": nicks.index(first), "challenge": "five-point"},
                           out=lambda s: None)
    session = open_session(config)
    try:
        engine = session.adapter.game
        engine.dictionary = RecordVerdicts(record, engine)
        assert engine.players[engine.current] == first                 # who moved first, as recorded
        players = RecordPlayers(session.controller, session.table, record, seed=1)
        players.habits = session.players.habits
        session.controller.listeners.remove(session.players._heard)
        session.players = players
        session.controller.answerer = players.answerer
        session.run(max_seconds=300)
        return record, engine, players
    finally:
        session.close()


@pytest.mark.skipif(not playable_records(), reason="the shared game records are not beside the repository")
def test_real_games_score_as_recorded_when_played_on_the_board(tmp_path):
    games = plays = withdrawn = stood = 0
    for path in playable_records():
        record, engine, players = play_on_the_table(tmp_path, path)
        assert engine.is_over, f"{path.name}: the game did not end on the board"
        assert players.mismatches == [], f"{path.name}: {players.mismatches[:2]}"
        recorded = [e for e in record.events if isinstance(e, TURNS)]
        assert len(engine.history) == len(recorded), path.name
        extra = {p.nick: 0 for p in record.players}
        for turn, event in zip(engine.history, recorded):
            if isinstance(event, gcg.ChallengeBonus):   # a record's club may give 10 where this rule gives 5
                assert turn.score == BONUS and turn.player == engine.players.index(event.nick), path.name
                extra[event.nick] += event.score - BONUS
            elif (path.name, event.line) not in KNOWN:
                assert turn.score == event.score, f"{path.name}:{event.line}: {turn.score} != {event.score}"
        for event in record.events:
            if isinstance(event, gcg.TimePenalty):
                extra[event.nick] += event.score
        last = {}
        for event in record.events:
            last[event.nick] = event.cumulative
        for nick, final in zip(engine.players, engine.result.final):
            assert final + extra[nick] == last[nick], f"{path.name}: {nick} ends on {last[nick]}, not {final}"
        games += 1
        plays += sum(1 for e in recorded if isinstance(e, gcg.Play))
        withdrawn += sum(1 for e in recorded if isinstance(e, gcg.Withdrawn))
        stood += sum(1 for e in recorded if isinstance(e, gcg.ChallengeBonus))
    print(f"{games} real games, {plays} plays, {withdrawn} challenged off and {stood} challenged in vain, "
          "played on the board")
    assert games >= 60 and plays > 1000 and withdrawn >= 20 and stood >= 30
