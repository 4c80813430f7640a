"""The screen without a browser: the message schema, LAN-only peers, static files from the
package only, the PIN, the hub and answerers, and each game's view from its engine."""

from __future__ import annotations

import asyncio
import json
import socket
import urllib.error
import urllib.request

import pytest

from wordboard import registry
from wordboard.cli import main
from wordboard.controller import questions as q
from wordboard.screen import pin, protocol
from wordboard.screen.hub import Command, ScreenAnswerer, ScreenHub, TeeAnswerer
from wordboard.screen.server import ScreenServer, load_static, parse_listen, peer_allowed

# -- what a page may send ---------------------------------------------------------------------------

def test_protocol_accepts_valid_messages():
    assert protocol.parse('{"type": "answer", "question": 3, "value": "E"}') == ("answer", {"question": 3, "value": "E"})
    assert protocol.parse('{"type": "button", "name": "end-turn"}')[0] == "button"
    kind, data = protocol.parse(json.dumps({"type": "new", "game": "scrabble", "players": ["Ann", "Bo"],
                                            "lexicon": "scowl:70", "quiet": 10}))
    assert kind == "new" and data["players"] == ["Ann", "Bo"]


@pytest.mark.parametrize("text", [
    "not json", "[]", '{"type": "shell", "cmd": "ls"}', '{"type": "answer", "question": 1}',
    '{"type": "answer", "question": 1, "value": "E", "path": "/etc/passwd"}',
    '{"type": "answer", "question": "1", "value": "E"}',
    '{"type": "answer", "question": 1, "value": "$(reboot)"}',
    '{"type": "answer", "question": 1, "value": "../../etc"}',
    '{"type": "button", "name": "reboot"}',
    '{"type": "unlock", "pin": "12"}',
    '{"type": "score", "player": 0, "delta": 100000}',
    '{"type": "score", "player": 0, "delta": true}',
    '{"type": "new", "game": "lexulous", "players": ["A", "A"], "lexicon": "scowl:70"}',
    '{"type": "new", "game": "lexulous", "players": ["Ann"], "lexicon": "/etc/words"}',
    '{"type": "new", "game": "lexulous", "players": ["<script>"], "lexicon": "none"}',
    '{"type": "say", "what": "rm -rf /"}',
    '{"type": "correct", "row": 0, "col": 10, "value": "ab"}',
    '{"type": "correct", "row": -1, "col": 10, "value": "."}',
    '{"type": "correct", "row": 0, "col": 10, "value": "a"}',
    '{"type": "correct", "row": 0, "value": "."}',
    '{"type": "new", "game": "scrabble", "players": ["Ann", "Bo"], "lexicon": "none", "edition": "/etc/passwd"}',
    '{"type": "new", "game": "scrabble", "players": ["Ann", "Bo"], "lexicon": "none", "edition": "../mine"}',
    '{"type": "hello", "mode": "kids"' + ' ' * 5000 + '}',
])
def test_protocol_refuses_anything_else(text):
    with pytest.raises(protocol.ProtocolError):
        protocol.parse(text)


def test_peers_on_the_local_network_only():
    for ok in ("127.0.0.1", "::1", "192.168.1.20", "10.0.0.5", "172.16.3.4", "fe80::1", "fd00::2",
               "::ffff:192.168.0.9", "169.254.1.1"):
        assert peer_allowed(ok), ok
    for bad in ("8.8.8.8", "2001:4860::8888", "::ffff:8.8.8.8", "", None, "0.0.0.0", "nonsense"):
        assert not peer_allowed(bad), bad


def test_a_global_ipv6_peer_on_the_boards_own_link_is_local():
    """Most home networks give phones global IPv6 addresses of the router's /64: before, every one
    of them was refused with 403."""
    board = "2a02:8070:a1:5c00:ba27:ebff:fe12:3456"
    assert peer_allowed("2a02:8070:a1:5c00:1c4f:9e2a:77b1:d00d", local=board)
    assert peer_allowed("2a02:8070:a1:5c00::1%eth0", local=board + "%eth0")
    assert not peer_allowed("2a02:8070:a1:5c01::1", local=board)          # the next /64: not the link
    assert not peer_allowed("2001:4860::8888", local=board)
    assert not peer_allowed("2001:4860::8888", local="192.168.1.2")
    assert not peer_allowed("2a02:8070:a1:5c00::1", local="::1")           # reached on loopback: no link
    assert not peer_allowed("8.8.8.8", local="8.8.8.1")                   # IPv4: private ranges only


def test_listen_address():
    assert parse_listen(None, lan=True) == ("0.0.0.0", 8080)
    assert parse_listen("default", lan=False) == ("127.0.0.1", 8080)
    assert parse_listen("9000", lan=False) == ("127.0.0.1", 9000)
    assert parse_listen("0.0.0.0:81", lan=False) == ("0.0.0.0", 81)
    with pytest.raises(ValueError):
        parse_listen("host:http", lan=False)


def test_static_files_come_from_the_package_only():
    static = load_static()
    assert {"index.html", "app.js", "style.css"} <= set(static)
    assert all("/" not in name for name in static)
    html = static["index.html"][0].decode()
    assert "http" not in html.replace("http-equiv", "")      # no CDN, nothing fetched from elsewhere


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_server_serves_the_page_refuses_paths_and_checks_messages(tmp_path):
    hub = ScreenHub()
    answerer = ScreenAnswerer()
    server = ScreenServer(hub, answerer, host="127.0.0.1", port=_free_port(), pin_file=tmp_path / "pin.json").start()
    try:
        base = server.url
        with urllib.request.urlopen(base) as r:
            assert r.status == 200 and b"<html" in r.read()
            assert "default-src 'self'" in r.headers["Content-Security-Policy"]
        for path in ("static/../../setup.cfg", "static/%2e%2e/screen/pin.py", "static/pin.py",
                     "etc/passwd", "static/"):
            with pytest.raises(urllib.error.HTTPError) as err:
                urllib.request.urlopen(base + path)
            assert err.value.code == 404
        question = q.Question(q.BLANK, "Which letter?", ("E", "S"), ((7, 7),))
        answerer.ask(question)
        hub.publish({"hello": 1})

        async def talk():
            from websockets.asyncio.client import connect

            async with connect(base.replace("http", "ws") + "ws") as ws:
                welcome = json.loads(await ws.recv())
                assert welcome["type"] == "welcome" and welcome["pin"] is False
                # no state until the page says its mode (a children's page must get it judged so)
                await ws.send('{"type": "run", "cmd": "ls"}')
                assert json.loads(await ws.recv())["type"] == "error"
                await ws.send('{"type": "hello", "mode": "normal"}')
                state = json.loads(await ws.recv())
                assert state["type"] == "state" and state["state"]["hello"] == 1
                await ws.send('{"type": "undo"}')
                assert "PIN" in json.loads(await ws.recv())["message"]
                await ws.send('{"type": "unlock", "pin": "1234"}')
                assert "no PIN" in json.loads(await ws.recv())["message"]
                await ws.send(json.dumps({"type": "answer", "question": question.id, "value": "x"}))
                assert json.loads(await ws.recv())["type"] == "error"
                await ws.send(json.dumps({"type": "answer", "question": question.id, "value": "s"}))
                assert json.loads(await ws.recv())["type"] == "answered"
                await ws.send('{"type": "button", "name": "hint"}')
                hub.publish({"hello": 2})
                assert json.loads(await ws.recv())["state"]["hello"] == 2
            async with connect(base.replace("http", "ws") + "ws", origin="http://evil.example") as ws:
                await ws.recv()

        with pytest.raises(Exception) as refused:
            asyncio.run(talk())
        assert "403" in str(refused.value)
        (answer,) = answerer.poll()
        assert answer.value == "S" and answer.question is question
        commands = hub.take_commands()
        assert [c.type for c in commands] == ["button"] and not commands[0].admin
    finally:
        server.stop()


# -- the PIN ----------------------------------------------------------------------------------------

def test_pin_is_a_salted_hash(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDBOARD_CONFIG_DIR", str(tmp_path / "cfg"))
    assert not pin.is_set()
    with pytest.raises(ValueError):
        pin.set_pin("12ab")
    path = pin.set_pin("4321")
    assert path.parent == tmp_path / "cfg"
    text = path.read_text()
    assert "4321" not in text and json.loads(text)["salt"]
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    assert pin.check_pin("4321") and not pin.check_pin("4322") and not pin.check_pin("")
    first = json.loads(text)["hash"]
    pin.set_pin("4321")
    assert json.loads(path.read_text())["hash"] != first          # a new salt each time
    assert pin.clear_pin() and not pin.is_set()


def test_screen_command_sets_the_pin(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("WORDBOARD_CONFIG_DIR", str(tmp_path))
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO("97531\n"))
    assert main(["screen", "set-pin", "--stdin"]) == 0
    assert pin.check_pin("97531")
    assert main(["screen", "status"]) == 0
    assert "PIN: set" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO("12\n"))
    assert main(["screen", "set-pin", "--stdin"]) != 0
    assert pin.check_pin("97531")


# -- answers ----------------------------------------------------------------------------------------

def test_tee_answerer_first_answer_wins():
    screen = ScreenAnswerer()
    table = q.CallbackAnswerer(lambda question: None)
    tee = TeeAnswerer(screen, table)
    question = q.Question(q.TURN, "pass?", ("pass", "carry on"))
    tee.ask(question)
    assert table.open and screen.current is question
    assert screen.give(question.id + 1, "pass") is not None
    assert screen.give(question.id, "pass") is None
    (answer,) = tee.poll()
    assert answer.value == "pass"
    assert not table.open and screen.current is None
    assert screen.give(question.id, "pass") is not None          # answered once only


# -- a game on the controller (no hardware) ---------------------------------------------------------

def test_bridge_publishes_moves_questions_and_takes_buttons(tmp_path):
    from wordboard.controller.session import Session, SessionConfig
    from wordboard.screen.bridge import ScreenBridge

    config = SessionConfig(hardware="direct", journal=tmp_path / "j.sqlite3", seed=3,
                           habits="tidy", show_leds=False, out=lambda text: None)
    with Session(config) as session:
        hub = ScreenHub()
        answerer = ScreenAnswerer()
        session.controller.answerer = TeeAnswerer(answerer, session.controller.answerer)
        bridge = ScreenBridge(session.controller, hub, answerer=answerer,
                              setup_choices={"games": ["lexulous", "scrabble"]})
        session.run(max_moves=2)
        state = hub.latest()
        assert state["game"]["kind"] == "lexulous" and len(state["players"]) == 2
        assert len(state["board"]["leds"]) == 15 * 15 and all(len(c) == 6 for c in state["board"]["leds"])
        assert state["view"]["type"] == "crossword" and state["view"]["premiums"]
        assert len(state["history"]) >= 2 and state["last"]["squares"]
        assert state["board"]["tiles"]
        json.dumps(state)
        # a page's command goes through the controller's thread; changes need the PIN
        hub.submit(Command("undo", {}))
        hub.submit(Command("score", {"player": 1, "delta": 5}, admin=True))
        session.controller.step(0.0)
        state = hub.latest()
        assert state["corrections"] == {"1": 5}
        events = session.journal.events(session.jgame.id)
        assert any("score_edit" in e.data for e in events)
        assert bridge.corrections == {1: 5}
        hub.submit(Command("end", {}, admin=True))
        session.controller.step(0.0)
        assert bridge.stop_requested and hub.latest()["ended"]
        assert session.journal.game(session.jgame.id).finished is not None


def test_a_square_the_camera_misreads_is_corrected_from_the_screen(tmp_path):
    """eXtraDICTION: a page says what is written on a square ("." empty, or the letter): on Level 1
    any page that plays may (the child's big button), at other levels only with the PIN; the
    controller journals it and the sensor has it at once; a game of tiles has nothing to correct."""
    from wordboard.controller.session import SessionConfig, open_session
    from wordboard.screen.bridge import ScreenBridge

    assert protocol.parse('{"type": "correct", "row": 0, "col": 10, "value": "."}') == \
        ("correct", {"row": 0, "col": 10, "value": "."})
    assert protocol.parse('{"type": "correct", "row": 4, "col": 2, "value": "F"}')[1]["value"] == "F"
    assert "correct" not in protocol.ADMIN            # the bridge decides: Level 1 lets the players

    def replies():
        got: list[dict] = []
        return got, got.append

    for level, who in (("1", "players"), ("3", "pin")):
        config = SessionConfig(game="extradiction", hardware="direct", camera="none", seed=3, show_leds=False,
                               journal=tmp_path / f"j{level}.sqlite3", out=lambda text: None,
                               game_options={"level": level, "turns": 3})
        with open_session(config) as s:
            hub = ScreenHub()
            ScreenBridge(s.controller, hub)
            s.controller.step(0.0)
            assert hub.latest()["board"]["correct"] == who
            stain = (0, 10)
            s.table.put(stain, s.table.new_tile("K"))      # a mark the camera takes for a K
            s.controller.step(0.0)
            assert stain in s.sensor.seen
            got, reply = replies()
            hub.submit(Command("correct", {"row": 0, "col": 10, "value": "."}, reply=reply))
            s.controller.step(0.0)
            if who == "pin":
                assert got[-1]["type"] == "error" and "PIN" in got[-1]["message"]
                assert stain in s.sensor.seen
                hub.submit(Command("correct", {"row": 0, "col": 10, "value": "."}, admin=True, reply=reply))
                s.controller.step(0.0)
            assert got[-1] == {"type": "ok", "message": "corrected: K1 is empty"}
            s.controller.step(0.0)
            assert stain not in s.sensor.seen and stain not in s.controller.board.observed
            events = [e.data for e in s.journal.events(s.jgame.id)]
            assert {"correction": {"square": "K1", "value": "."}} in events
            hub.submit(Command("correct", {"row": 20, "col": 1, "value": "."}, admin=True, reply=reply))
            s.controller.step(0.0)
            assert got[-1]["type"] == "error" and "no square" in got[-1]["message"]
    config = SessionConfig(hardware="direct", journal=tmp_path / "tiles.sqlite3", seed=3, habits="tidy",
                           show_leds=False, out=lambda text: None)
    with open_session(config) as s:
        hub = ScreenHub()
        ScreenBridge(s.controller, hub)
        s.controller.step(0.0)
        assert hub.latest()["board"]["correct"] is None
        got, reply = replies()
        hub.submit(Command("correct", {"row": 1, "col": 1, "value": "."}, admin=True, reply=reply))
        s.controller.step(0.0)
        assert got[-1]["type"] == "error" and "nothing to correct" in got[-1]["message"]


def test_a_tile_the_camera_alone_misreads_is_corrected_by_the_players(tmp_path):
    """Tiles read by the camera alone (no sensor board): the screen shows what the camera reads
    on the squares not yet played, and the players (no PIN) say a square is empty, a blank or a
    letter; each correction is journalled. A tile already played is the game's."""
    from wordboard.controller.session import SessionConfig, open_session
    from wordboard.screen.bridge import ScreenBridge
    from wordboard.screen.hub import Command, ScreenHub

    config = SessionConfig(game="lexulous", hardware="direct", sensing="camera", journal=tmp_path / "j.sqlite3",
                           seed=3, habits="tidy", show_leds=False, out=lambda text: None)
    with open_session(config) as s:
        hub = ScreenHub()
        bridge = ScreenBridge(s.controller, hub)
        s.controller.step(0.0)
        assert hub.latest()["board"]["correct"] == "tiles"
        got: list[dict] = []

        def correct(square, value: str) -> tuple[str, dict]:
            """A player's correction from the page: (the reply, what the screen then shows)."""
            hub.submit(Command("correct", {"row": square[0], "col": square[1], "value": value}, reply=got.append))
            s.controller.step(0.0)
            s.controller.step(0.0)
            bridge.publish()
            return got[-1]["message"], hub.latest()["board"]["seen"]

        stray = (0, 0)
        s.table.put(stray, s.table.new_tile("K"))       # the camera reads a K at A1
        s.controller.step(0.0)
        bridge.publish()
        assert hub.latest()["board"]["seen"] == {"0,0": "K"}
        assert correct(stray, "?") == ("corrected: A1 is a blank", {"0,0": "?"})
        assert correct(stray, ".") == ("corrected: A1 is empty", {})
        assert stray not in s.sensor.seen
        events = [e.data for e in s.journal.events(s.jgame.id)]
        assert {"correction": {"square": "A1", "value": "?"}} in events
        assert {"correction": {"square": "A1", "value": "."}} in events
        s.run(max_seconds=30)                            # a few moves: then a played tile is the game's
        message, _ = correct(next(iter(s.adapter.committed_tiles())), ".")
        assert got[-1]["type"] == "error" and "already in the game" in message


# -- each game's own view from its engine -------------------------------------------------------------

def test_hexx_view():
    from tests.hexx.conftest import WORDS, edition
    from wordboard.hexx import HexxGame

    game = HexxGame(edition(), WORDS, seed=1)
    view = registry.family("hexx").view(game)
    assert view["type"] == "hexx" and [p["colour"] for p in view["players"]] == ["red", "black"]
    assert view["to_move"] in (0, 1) and isinstance(view["effects"], list)
    json.dumps(view)


def test_extradiction_view_shows_the_clue_card():
    from tests.extradiction.helpers import game

    g = game("1", words=("APPLE", "STAR"), players=("Ann", "Bo"))
    view = registry.family("extradiction").view(g)
    assert view["type"] == "extradiction"
    card = view["card"]
    assert card["first"] == "A" and card["length"] == 5 and card["meaning"] and card["shape"] == "circle"
    assert card["word"] == "APPLE"                      # Level 1 copies the word from the card
    g.play(g.placements("APPLE")[0])
    view = registry.family("extradiction").view(g)
    assert view["history"] and view["players"][0]["stars"] >= 0
    json.dumps(view)


def test_extradiction_level_2_hides_the_word_until_guessed():
    from tests.extradiction.helpers import game

    view = registry.family("extradiction").view(game("2", words=("APPLE",), players=("Ann",)))
    assert view["waiting"] == "guess" and view["card"]["word"] is None and view["card"]["first"] == "A"


def test_dexikon_view():
    from tests.dexikon.conftest import small_dictionary
    from wordboard.dexikon.cards import load_card_set
    from wordboard.dexikon.engine import Game

    game = Game(load_card_set(), small_dictionary("CAT", "DOG"), ["Ann", "Bob"], seed=4)
    view = registry.family("dexikon").view(game)
    assert view["type"] == "dexikon" and len(view["pool"]) == 6 and len(view["players"]) == 2
    json.dumps(view)


def test_new_game_options_and_answers_of_every_game():
    from wordboard.screen import protocol

    kind, data = protocol.parse(json.dumps({"type": "new", "game": "extradiction", "players": ["Ann", "Bo"],
                                            "lexicon": "scowl:70", "level": "1", "turns": 6}))
    assert data["level"] == "1" and data["turns"] == 6
    for bad in ({"level": "../x"}, {"variant": "huge"}, {"turns": 10**6}):
        with pytest.raises(protocol.ProtocolError):
            protocol.parse(json.dumps({"type": "new", "game": "dexikon", "players": ["A", "B"],
                                       "lexicon": "none", **bad}))
    # HEXX answers: a metamorphosis "e5=X ACROSS", a swap with "*", flips "c3 d4"
    for value in ("e5=X ACROSS", "QX*", "c3 d4", "AT-3"):
        assert protocol.parse(json.dumps({"type": "answer", "question": 1, "value": value}))[1]["value"] == value
    for value in ("../../etc/passwd", "a;rm -rf", "$(id)", "x\ny"):
        with pytest.raises(protocol.ProtocolError):
            protocol.parse(json.dumps({"type": "answer", "question": 1, "value": value}))


def test_next_game_from_the_screen_carries_its_options():
    import argparse

    from wordboard.commands.run import _next_game

    screen = type("S", (), {})()
    screen.bridge = type("B", (), {"next_setup": {"game": "dexikon", "players": ["Ann", "Bo"], "lexicon": "none",
                                                  "quiet": 0, "variant": "long"}})()
    args = argparse.Namespace(game="hexx", players=None, lexicon="scowl:70", quiet_time=None, resume="auto",
                              seed=1, max_moves=None, level=None, variant=None, turns=None)
    nxt = _next_game(args, screen)
    assert (nxt.game, nxt.variant, nxt.players, nxt.resume) == ("dexikon", "long", ["Ann", "Bo"], "no")


# -- questions answered on the board, HEXX that last, the Pi's voice for a clue card ------------------

def test_questions_about_squares_say_how_the_board_answers_them():
    from wordboard.screen.snapshot import question_dict

    def pick(*args, **kw):
        return question_dict(q.Question("decision", "?", *args), **kw)["pick"]

    # HEXX: a tile to remove (each answer one of the squares)
    assert pick(("d5", "f5", "a1"), ((4, 3), (4, 5), (0, 0))) == \
        {"mode": "one", "answers": {"4,3": "d5", "4,5": "f5", "0,0": "a1"}}
    # HEXX Poached Pair: two of the squares, named in a free answer
    assert pick((), ((4, 4), (4, 3)), count=2) == {"mode": "many", "count": 2, "names": {"4,4": "e5", "4,3": "d5"}}
    # Metamorphosis: the answers name their squares (the question lists none)
    assert pick(("e5=X E", "e5=y SE", "d5=O E", "forfeit"), ()) == \
        {"mode": "filter", "answers": {"4,4": ["e5=X E", "e5=y SE"], "4,3": ["d5=O E"]}}
    # a square whose tag and camera disagree: the two answers at the square, labelled
    conflict = question_dict(q.Question(q.CONFLICT, "H8: ...", ("A", "O"), ((7, 7),)))
    assert conflict["pick"] == {"mode": "candidates", "square": "7,7"}
    assert conflict["labels"] == {"A": "tag: A", "O": "camera: O"}
    # not about squares: no picking (a turn, the d20, a letter among 27)
    assert pick(("pass", "swap", "carry on"), ()) is None
    assert pick(tuple(str(i) for i in range(1, 21)) + ("roll",), ()) is None
    assert question_dict(q.Question(q.LETTER, "?", tuple("ABCDEFGHIJ"), ((1, 1),)))["pick"] is None


def test_lasting_hexx_say_what_they_do_and_how_long():
    from tests.hexx.test_effects import hexx_played

    game = hexx_played()
    game.decide(15)                      # Frozen in Place: red cannot flip black's tiles on red's turn
    (effect,) = registry.family("hexx").view(game)["effects"]
    assert (effect["name"], effect["remaining"], effect["does"]) == ("Frozen in Place", "this turn",
                                                                     "Red cannot flip Black's tiles")
    game = hexx_played()
    game.decide(9)                       # Metamorphosis: on black's next turn
    (effect,) = registry.family("hexx").view(game)["effects"]
    assert effect["remaining"] == "next turn" and effect["plays_left"] is None
    game = hexx_played()
    game.decide(2)                       # Take Two: red plays twice
    (effect,) = registry.family("hexx").view(game)["effects"]
    assert effect["remaining"] == "this turn" and effect["plays_left"] == 2


def test_the_pi_says_the_clue_card_and_spells_it(tmp_path):
    from tests.extradiction.helpers import game, write
    from wordboard.journal import Journal, JournaledGame
    from wordboard.screen.bridge import ScreenBridge, Speech

    said = []
    speaker = type("S", (), {"speak": lambda self, t: said.append(("say", t)),
                             "spell": lambda self, w: said.append(("spell", w))})()

    class Quiet(Speech):       # said at once, in this thread
        def say(self, text, spell=None):
            if text:
                self.speaker.speak(text)
            if spell:
                self.speaker.spell(spell)

    with Journal(tmp_path / "j.sqlite3") as journal:
        g = game("1", words=("APPLE", "STAR"), players=("Ann", "Bo"))
        jgame = JournaledGame(journal, journal.start_game("extradiction", "test", ["Ann", "Bo"], seed=1), game=g)
        controller = type("C", (), {"listeners": [], "step_hooks": [], "question": None, "buttons": None,
                                    "adapter": type("A", (), {"kind": "extradiction", "jgame": jgame, "game": g, "over": False,
                                                              "player_to_move": lambda self: "Ann"})()})()
        bridge = ScreenBridge(controller, ScreenHub(), speech=Quiet(speaker))
        bridge._announce_card()
        assert said == []                                    # speech off: nothing said
        bridge._command(Command("speech", {"on": True}), 0.0)
        bridge._announce_card()
        assert said == [("say", "Apple."), ("spell", "APPLE")]
        bridge._command(Command("say", {"what": "letter", "letter": "P"}), 0.0)
        assert said[-1] == ("spell", "P")
        jgame.play(write("APPLE", "A5"))
        assert bridge._last_word() == "APPLE"                # eXtraDICTION: the word written is spelled
        bridge._announce_card()
        assert said[-2:] == [("say", "Star."), ("spell", "STAR")]
    assert protocol.parse('{"type": "say", "what": "letter", "letter": "Q"}')[1] == {"what": "letter", "letter": "Q"}


def test_the_next_game_plays_the_edition_chosen_on_the_page_and_no_other(tmp_path):
    """``wordboard run --edition FILE`` then a new game set up on the page: the page's choice (a
    name the board offered) decides the edition; none chosen is the game as shipped, never the
    file this run started with (it may be another game's)."""
    from types import SimpleNamespace

    from wordboard.commands.run import _game_options, _next_game
    from wordboard.controller.session import SessionConfig, open_session
    from wordboard.screen.bridge import ScreenBridge

    files = {"scrabble": {"club-set": "/srv/club-set.edition"}}
    config = SessionConfig(game="scrabble", hardware="direct", camera="none", journal=tmp_path / "j.sqlite3",
                           seed=3, show_leds=False, out=lambda text: None)
    with open_session(config) as s:
        bridge = ScreenBridge(s.controller, ScreenHub(), edition_files=files,
                              setup_choices={"games": ["scrabble", "hexx"], "player_counts": {}})

        def new_game(**changes):
            data = {"game": "scrabble", "players": ["Ann", "Bo"], "lexicon": "none", **changes}
            bridge._command(Command("new", {k: v for k, v in data.items() if v is not None}, admin=True), 0.0)
            return _game_options(_next_game(args, SimpleNamespace(bridge=bridge)))

        args = SimpleNamespace(edition="/home/me/lexulous-mine.edition", game="lexulous")
        assert new_game(edition="club-set")["edition"] == "/srv/club-set.edition"
        assert "edition" not in new_game(game="hexx")
        with pytest.raises(ValueError, match="no edition 'mine'"):
            new_game(edition="mine")
