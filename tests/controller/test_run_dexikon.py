"""Dexikon on the board (fast twin): cards laid in the slots and identified by their tags, the
word worked out, the phases refereed as questions, crash and resume, mistakes tracked."""

from __future__ import annotations

from wordboard.controller import questions as q
from wordboard.controller.session import SessionConfig, open_session
from wordboard.controller.twin import Habits
from wordboard.journal import rebuild


def session(tmp_path, **kw):
    config = SessionConfig(game=kw.pop("game", "dexikon"), hardware="direct", camera="none",
                           journal=tmp_path / "j.sqlite3", seed=kw.pop("seed", 3), show_leds=False,
                           out=kw.pop("out", lambda s: None), **kw)
    return open_session(config)


def test_a_whole_game_is_laid_in_the_slots_and_refereed(tmp_path):
    lines = []
    with session(tmp_path, out=lines.append) as s:
        s.players.habits = Habits(slide=0.2, second_thoughts=0.2, knock=0.0, bump=0.1, mistake=0.5)
        s.run(max_seconds=50)
        assert s.adapter.over
        assert s.players.mismatches == []
        assert s.players.as_meant == s.adapter.proposals_committed >= 8
        assert s.controller.stats.invalid >= 1                 # a gap in the row was refused
        _, rebuilt = rebuild(s.journal, s.jgame.id)
        assert rebuilt.result.scores == s.adapter.game.result.scores
        assert s.journal.game(s.jgame.id).finished is not None
    text = "\n".join(lines)
    assert "score sheets:" in text and "banked" in text and "spend" in text and "game over" in text


def test_crash_and_resume_carry_on_exactly(tmp_path):
    with session(tmp_path) as s:
        s.run(max_moves=12)
        game_id, seq = s.jgame.id, s.jgame.seq
        phase, hands = s.adapter.game.phase, [list(p.hand) for p in s.adapter.game.players]
    with session(tmp_path, game=None) as s:
        assert s.jgame.id == game_id and s.jgame.seq == seq and s.kind == "dexikon"
        assert s.adapter.game.phase == phase and [list(p.hand) for p in s.adapter.game.players] == hands
        s.run(max_seconds=50)
        assert s.adapter.over and s.players.mismatches == []


def test_a_card_lifted_during_the_phases_is_flagged(tmp_path):
    with session(tmp_path) as s:
        s.players.habits = Habits.tidy()
        s.run(max_moves=1)                         # the first word is declared: its cards lie in the slots
        committed = s.adapter.committed_tiles()
        assert committed                           # the declared row lies in the slots
        s.controller.answerer = q.CallbackAnswerer(lambda question: None)   # the table stops deciding
        square = sorted(committed)[0]
        s.table.take(square)
        for _ in range(20):
            s.controller.step(0)
            s.clock.advance(0.05)
        assert square in s.controller.board.view(s.clock()).disturbed


class MissedSwap:
    """The sensor board of a twin that scans too slowly: a card lifted from ``square`` and another
    laid there at once is never seen (the square never looked empty, so the old tag stays)."""

    def __init__(self, sensor, square):
        self.sensor, self.square = sensor, square
        self.swallowed = []

    def emit(self, event) -> None:
        from wordboard.sensor.events import Lifted, Placed

        here = (event.square.row, event.square.col) == self.square
        if here and len(self.swallowed) < 2 and isinstance(event, (Lifted, Placed)):
            self.swallowed.append(event)
            return
        self.sensor.emit(event)


def test_a_card_the_board_still_sees_from_the_last_turn_is_laid_again_and_the_last_word_stands(tmp_path):
    """The cause of last words refused in the twin ("not Blaise's card: take the cards of the last
    turn away", five times, then no last word): the previous player's card in a slot was swapped
    for the player's own faster than the simulated board scanned (a starved simulator thread), so
    the board kept the old card, and the players only repaired what their table held wrong. Now
    the twin's time runs in lockstep (every swap is scanned), and a player whose card the board
    refuses where they laid it picks it up and lays it again."""
    with session(tmp_path, seed=1) as s:
        s.players.habits = Habits.tidy()
        game = s.adapter.game
        first, second = game.players[game.first_player], game.players[1 - game.first_player]
        s.run(max_seconds=30, should_stop=lambda: game.phase.name == "LAST_WORD" and game.current is second)
        assert first.sheet.last_word and game.current is second
        slot0 = s.adapter.reader_square(0)
        assert slot0 in s.table.tiles                        # the first player's last word lies in the slots
        s.table.direct = missed = MissedSwap(s.sensor, slot0)
        s.run(max_seconds=30)
        assert len(missed.swallowed) == 2                    # the swap on the first slot went unseen
        assert s.adapter.over and s.players.mismatches == []
        assert second.sheet.last_word                        # ... and the last word still stands
        assert s.players.mistakes.get("laid again", 0) >= 1 and "gave up" not in s.players.mistakes
