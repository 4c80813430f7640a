"""Real recorded games (../shared/data/gcg) played on the board as a table plays them.

The twin's people lay each recorded play's tiles on the table, press end turn, say which letter
each blank is, swap (saying how many tiles went back), pass, and name the tiles left at the end;
the board, on physical racks, checks and scores every move. Every score and the final result
must be the record's. Records with a play challenged off are left to the engine's own replay
(tests/crossword/test_physical_racks.py) until the board referees challenges.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from wordboard import gcg
from wordboard.controller import questions as q
from wordboard.controller.session import SessionConfig, open_session
from wordboard.crossword import Exchange, Pass
from wordboard.crossword.players import ScriptedPlayers

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "gcg"
KNOWN = {("r20_peter.gcg", 19)}          # the shared records' one known error (SOURCES.md)


def playable_records():
    if not SHARED.is_dir():
        return []
    out = []
    for path in sorted(SHARED.glob("*.gcg")):
        record = gcg.load(path)
        if len(record.players) == 2 and not any(isinstance(e, gcg.Withdrawn) for e in record.events):
            out.append(path)
    return out


class RecordPlayers(ScriptedPlayers):
    """The people at the table play the record's moves, in its order."""

    def __init__(self, controller, table, record: gcg.GameRecord, **kw):
        self.moves = [e for e in record.events if isinstance(e, (gcg.Play, gcg.Pass, gcg.Exchange))]
        self.left = {e.nick: e.tiles for e in record.events if isinstance(e, gcg.EndRackPenalty)}
        super().__init__(controller, table, self._next, **kw)

    def _next(self, game):
        event = self.moves[len(game.history)]
        if isinstance(event, gcg.Play):
            return game.parse_move(f"{gcg.format_position(event.position)} {event.word}")
        if isinstance(event, gcg.Pass):
            return Pass()
        return Exchange(count=event.count)          # the table says only how many went back

    def _answer(self, question):
        if question.kind == q.SWAP and self.plan is not None:
            return str(self.plan.move.count)
        if question.kind == q.LEFTOVERS:
            return " / ".join(self.left.get(n, "") for n in self.game.players)
        return super()._answer(question)


def play_on_the_table(tmp_path, path: Path):
    record = gcg.load(path)
    nicks = [p.nick for p in record.players]
    first = next(e.nick for e in record.events if isinstance(e, (gcg.Play, gcg.Pass, gcg.Exchange)))
    config = SessionConfig(game="scrabble", hardware="direct", camera="none", journal=tmp_path / f"{path.stem}.sqlite3",
                           players=tuple(nicks), seed=1, lexicon=None, show_leds=False, habits="tidy",
                           game_options={"first_player": nicks.index(first)}, out=lambda s: None)
    session = open_session(config)
    try:
        engine = session.adapter.game
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
    games = plays = 0
    for path in playable_records():
        record, engine, players = play_on_the_table(tmp_path, path)
        assert engine.is_over, f"{path.name}: the game did not end on the board"
        assert players.mismatches == [], f"{path.name}: {players.mismatches[:2]}"
        recorded = [e for e in record.events if isinstance(e, (gcg.Play, gcg.Pass, gcg.Exchange))]
        assert len(engine.history) == len(recorded)
        for turn, event in zip(engine.history, recorded):
            if (path.name, event.line) not in KNOWN:
                assert turn.score == event.score, f"{path.name}:{event.line}: {turn.score} != {event.score}"
        last = {}
        for event in record.events:
            last[event.nick] = event.cumulative
        extra = {n: sum(e.score for e in record.events if isinstance(e, (gcg.ChallengeBonus, gcg.TimePenalty))
                        and e.nick == n) for n in last}
        for nick, final in zip(engine.players, engine.result.final):
            assert final + extra[nick] == last[nick], f"{path.name}: {nick} ends on {last[nick]}, not {final}"
        games += 1
        plays += sum(1 for e in recorded if isinstance(e, gcg.Play))
    print(f"{games} real games, {plays} plays, played on the board")
    assert games >= 40 and plays > 800
