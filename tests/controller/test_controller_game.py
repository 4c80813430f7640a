"""The controller end to end on the fast twin (settled events straight from the table, a manual
clock): whole games played by untidy scripted players, blanks, camera disagreements, invalid
plays, displaced tiles, the journal before the LEDs, resuming."""

from __future__ import annotations

import pytest

from wordboard.controller import questions as q
from wordboard.controller.clocks import ManualClock
from wordboard.controller.loop import Controller, ControllerOptions
from wordboard.controller.session import Session, SessionConfig
from wordboard.controller.twin import DirectSensor, Habits, Table, identifier
from wordboard.crossword.table import CrosswordAdapter
from wordboard.journal import Journal, JournaledGame, rebuild
from wordboard.leds import default_config, open_board_leds
from wordboard.sensor.events import Placed, Square, Tag

LEXICON = "scowl:70"


def session(tmp_path, **kw) -> Session:
    config = SessionConfig(hardware="direct", camera="none", journal=tmp_path / "j.sqlite3", seed=kw.pop("seed", 5),
                           show_leds=False, out=lambda s: None, lexicon=LEXICON, **kw)
    return Session(config)


@pytest.mark.parametrize("seed", [5, 11, 23])
def test_untidy_players_play_a_whole_game_with_no_phantom_or_missed_move(tmp_path, seed):
    with session(tmp_path, seed=seed) as s:
        s.players.habits = Habits(slide=0.3, second_thoughts=0.2, knock=0.3, bump=0.2, mistake=0.3)
        s.run(max_seconds=60)
        assert s.adapter.over
        assert s.players.mismatches == []
        assert s.players.as_meant == s.controller.stats.moves       # every turn, as meant
        assert s.controller.stats.invalid >= 1                      # refused plays were shown...
        moves = [e for e in s.journal.events(s.jgame.id) if e.type == "move"]
        assert len(moves) == s.controller.stats.moves               # ...and never journalled
        _, rebuilt = rebuild(s.journal, s.jgame.id)
        assert rebuilt.scores == s.adapter.game.scores and rebuilt.result == s.adapter.game.result
        assert s.journal.game(s.jgame.id).finished is not None


def test_resume_carries_on_where_the_game_was(tmp_path):
    with session(tmp_path) as s:
        s.run(max_moves=5)
        game_id, seq = s.jgame.id, s.jgame.seq
        board = dict(s.adapter.game.board.tiles())
    with session(tmp_path) as s:                 # a restart: the latest unfinished game
        assert s.jgame.id == game_id and s.jgame.seq == seq
        assert dict(s.adapter.game.board.tiles()) == board
        s.run(max_seconds=60)
        assert s.adapter.over and s.players.mismatches == []


# -- a hand-built controller: one turn at a time ---------------------------------------------------

class FakeCamera:
    def __init__(self):
        self.symbols = {}
        self.asked = []

    def request(self, at):
        self.asked.append(at)

    def poll(self):
        if self.asked:
            self.asked.clear()
            return dict(self.symbols), 0.0
        return None


class Board:
    def __init__(self, tmp_path, camera=None, lexicon=True):
        from gpiozero.pins.mock import MockFactory

        from wordboard.buttons import ButtonPanel
        from wordboard.commands.common import open_lexicon

        self.journal = Journal(tmp_path / "j.sqlite3")
        self.jgame = JournaledGame.start(self.journal, "lexulous", "lexulous", ["Ann", "Ben"], seed=1,
                                         options={"first_player": 0})
        game = self.jgame.game
        self.clock = ManualClock()
        self.sensor = DirectSensor()
        self.adapter = CrosswordAdapter(self.jgame, dictionary=open_lexicon(LEXICON) if lexicon else None)
        self.leds = open_board_leds(default_config(15, 15), driver="simulated", clock=self.clock)
        self.buttons = ButtonPanel(pin_factory=MockFactory(), clock=self.clock)
        self.answers = {}
        self.asked = []
        self.answerer = q.CallbackAnswerer(lambda question: self.asked.append(question) or self.answers.get(question.kind))
        self.controller = Controller(self.adapter, self.sensor, leds=self.leds, buttons=self.buttons,
                                     answerer=self.answerer, camera=camera, clock=self.clock, wall=self.clock,
                                     identify=identifier(), options=ControllerOptions(show_leds=False))
        self.table = Table(15, 15, direct=self.sensor)
        self.game = game
        self.controller.start()

    def rack(self, tiles: str):
        self.game.set_rack(0, tiles)

    def put(self, name: str, letter: str):
        from wordboard.crossword import parse_square

        sq = parse_square(name)
        self.table.put(sq, self.table.new_tile(letter))
        return sq

    def run(self, seconds=1.0):
        for _ in range(int(seconds / 0.05)):
            self.controller.step()
            self.clock.advance(0.05)

    def end(self):
        self.buttons.inject("end-turn")
        self.run(1.0)

    def close(self):
        self.buttons.close()
        self.journal.close()


@pytest.fixture
def board(tmp_path):
    b = Board(tmp_path)
    yield b
    b.close()


def test_an_invalid_play_is_shown_and_not_scored_until_corrected(board):
    board.rack("CATSXYZ?")
    board.put("H8", "C")
    board.put("I9", "A")                      # diagonal: refused
    board.put("J8", "T")
    board.end()
    assert board.controller.stats.invalid == 1 and board.game.scores == [0, 0] and board.jgame.seq == 0
    frame = board.controller.frame(board.clock())
    assert board.controller.live.status == "invalid" and board.controller.live.at_fault
    board.table.take((8, 8))
    board.put("I8", "A")
    board.run(0.5)
    assert board.controller.live.status == "valid" and board.controller.live.score > 0
    board.end()
    assert board.game.history[-1].words[0].text == "CAT"
    assert frame is not None


def test_a_blank_is_inferred_when_only_one_letter_works(board):
    board.rack("QUZ?ABCD")
    board.put("H8", "Q")
    board.put("I8", "?")                      # only QI is a word: the blank is I
    board.end()
    assert board.asked == [] and board.game.history[-1].words[0].display == "Qi"


def test_a_blank_that_could_be_several_letters_is_asked_and_journalled_first(board):
    board.rack("AT?BCDEF")
    board.answers[q.BLANK] = "C"
    board.put("H8", "?")
    board.put("I8", "A")
    board.put("J8", "T")                      # ?AT: BAT, CAT, EAT, FAT...
    board.end()
    asked = [x for x in board.asked if x.kind == q.BLANK]
    assert asked and "C" in asked[0].choices and asked[0].squares == ((7, 7),)
    events = board.journal.events(board.jgame.id)
    assert [e.type for e in events] == ["decision", "move"]   # the answer before the move
    assert events[0].data["blank"]["value"] == "C"
    assert board.game.history[-1].words[0].display == "cAT"


def test_rfid_and_camera_disagreeing_ask_which_square_and_which_letter(tmp_path):
    camera = FakeCamera()
    b = Board(tmp_path, camera=camera)
    try:
        b.rack("CATSEIOU")
        b.answers[q.CONFLICT] = "C"
        camera.symbols = {(7, 7): ("O", 0.95), (7, 8): ("A", 0.9), (7, 9): ("T", 0.97)}
        b.put("H8", "C")
        b.put("I8", "A")
        b.put("J8", "T")
        b.end()
        conflict = [x for x in b.asked if x.kind == q.CONFLICT]
        assert conflict and conflict[0].squares == ((7, 7),) and set(conflict[0].choices) == {"C", "O"}
        assert "H8" in conflict[0].prompt
        assert b.game.history[-1].words[0].text == "CAT"
        assert b.journal.events(b.jgame.id)[0].data["conflict"]["value"] == "C"
    finally:
        b.close()


def test_a_knocked_off_tile_blocks_the_turn_and_blinks(board):
    board.rack("CATSEIOU")
    for name, letter in (("H8", "C"), ("I8", "A"), ("J8", "T")):
        board.put(name, letter)
    board.end()
    assert board.jgame.seq == 1
    board.game.set_rack(1, "SEEOAIR")
    board.table.take((7, 8))                   # the A of CAT knocked off
    board.put("K8", "S")
    board.end()
    assert board.controller.stats.blocked == 1 and board.jgame.seq == 1
    assert (7, 8) in board.controller.board.view(board.clock()).disturbed
    names = [type(o).__name__ for o, _ in board.controller.overlays(board.clock())]
    assert "TileDisturbed" in names
    board.put("I8", "A")
    board.end()
    assert board.game.history[-1].words[0].text == "CATS"


def test_an_unreadable_tag_uses_the_camera_else_asks(tmp_path):
    camera = FakeCamera()
    b = Board(tmp_path, camera=camera)
    try:
        b.rack("CATSEIOU")
        b.answers[q.LETTER] = "T"
        camera.symbols = {(7, 7): ("C", 0.95), (7, 8): ("A", 0.95)}
        b.put("H8", "C")
        b.put("I8", "A")
        b.sensor.emit(Placed(Square(7, 9), Tag(b"\x04\x01\x02\x03\x04\x05\x06", b"")))  # no tile code
        b.run(0.5)
        b.end()
        letter = [x for x in b.asked if x.kind == q.LETTER]
        assert letter and letter[0].squares == ((7, 9),)
        assert b.game.history[-1].words[0].text == "CAT"
    finally:
        b.close()


def test_a_long_press_passes_after_asking(board):
    board.answers[q.TURN] = "pass"
    board.buttons.inject("end-turn", "long")
    board.run(0.5)
    assert board.game.history[-1].move.__class__.__name__ == "Pass"


def test_ready_and_watchdog_are_sent(tmp_path):
    class Notes:
        watchdog_interval = 0.5

        def __init__(self):
            self.sent = []

        def ready(self, status=None):
            self.sent.append("ready")

        def watchdog(self):
            self.sent.append("watchdog")

        def status(self, text):
            self.sent.append("status")

    b = Board(tmp_path)
    try:
        notes = Notes()
        b.controller.notifier = notes
        b.controller.start()
        b.run(2.0)
        assert notes.sent[0] == "ready" and notes.sent.count("watchdog") >= 3
    finally:
        b.close()
