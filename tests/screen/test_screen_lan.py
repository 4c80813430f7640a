"""The screen on the local network (issue 23): who may do what, and how much of it.

Pages "from the LAN" are real connections from other loopback addresses (127.0.0.2, ...): the
server under test takes only 127.0.0.1 as the kiosk (the Pi's own screen), so each other
address is a device on the network, with its own limits and lockouts.

What must hold: a page that only watches changes nothing (no button, no answer reaches the
board); the kiosk, a page with the game's code and a page unlocked with the PIN play; a new game
has a new code; wrong PINs and codes lock out the client that sent them, never the others or
the kiosk; a flood of hint presses reaches the controller as a few requests, worked out once per
position off its loop; one device cannot take every connection (the kiosk's are kept), half-open
connections are closed after the handshake time-out, and a flood leaves a few log lines.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.screen.support import PIN

websockets_sync = pytest.importorskip("websockets.sync.client")

KIOSK = "127.0.0.1"


def kiosk_only(address: str) -> bool:
    return address == KIOSK


@pytest.fixture
def lan(tmp_path):
    from wordboard.screen import pin as pins
    from wordboard.screen.hub import ScreenAnswerer, ScreenHub
    from wordboard.screen.server import ScreenServer

    pins.set_pin(PIN, tmp_path / "pin.json")
    log: list[str] = []
    hub = ScreenHub()
    answerer = ScreenAnswerer()
    running = ScreenServer(hub, answerer, host="127.0.0.1", port=0, pin_file=tmp_path / "pin.json",
                           out=log.append, kiosk=kiosk_only).start()
    code = running.new_game(("journal", 1))
    host, port = running.bound
    yield SimpleNamespace(server=running, hub=hub, answerer=answerer, host=host, port=port, log=log, code=code)
    running.stop()


@contextlib.contextmanager
def page(board, source: str = KIOSK):
    """A page connected from ``source`` (its welcome message read: ``page.welcome``)."""
    sock = socket.socket()
    sock.bind((source, 0))
    sock.connect((board.host, board.port))
    with websockets_sync.connect(f"ws://{board.host}:{board.port}/ws", sock=sock, open_timeout=10) as ws:
        ws.welcome = json.loads(ws.recv(timeout=10))
        assert ws.welcome["type"] == "welcome"
        yield ws


def reply(ws, timeout: float = 10.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message.get("type") not in ("state", "welcome", "say"):
            return message


def alive(ws) -> None:
    ws.send('{"type": "lock"}')
    assert reply(ws)["type"] == "locked"


def commands(hub) -> list:
    return hub.take_commands()


def a_question(kind: str = "turn"):
    from wordboard.controller import questions as q

    return q.Question(q.TURN, "No tile was put down. Ann: pass, or swap?", ("pass", "swap"), ())


# -- who may play -----------------------------------------------------------------------------------

def test_a_page_that_only_watches_cannot_end_a_game_by_passing(lan):
    """The issue's attack: six "pass" presses, each question answered "pass", from one page of
    the network without the PIN. Nothing reaches the board."""
    with (page(lan, "127.0.0.2")) as phone:
        assert phone.welcome["play"] is False
        for _ in range(6):
            question = a_question()
            lan.answerer.ask(question)
            phone.send(json.dumps({"type": "button", "name": "pass"}))
            assert "only watches" in reply(phone)["message"]
            phone.send(json.dumps({"type": "answer", "question": question.id, "value": "pass"}))
            assert "only watches" in reply(phone)["message"]
        for name in ("end-turn", "hint"):
            phone.send(json.dumps({"type": "button", "name": name}))
            assert "only watches" in reply(phone)["message"]
        assert commands(lan.hub) == [] and lan.answerer.poll() == []
        assert lan.answerer.current is not None          # the question still waits for a player


def test_the_kiosk_plays_and_gets_the_games_code_with_its_qr_code(lan):
    with (page(lan)) as kiosk:
        assert kiosk.welcome["play"] is True
        shown = kiosk.welcome["code"]
        assert shown["code"].replace("-", "") == lan.code and len(lan.code) == 8
        assert shown["url"].endswith(f"#join={lan.code}") and shown["qr"].startswith("data:image/svg+xml")
        question = a_question()
        lan.answerer.ask(question)
        kiosk.send(json.dumps({"type": "answer", "question": question.id, "value": "pass"}))
        assert reply(kiosk)["type"] == "answered"
        kiosk.send(json.dumps({"type": "button", "name": "pass"}))
        kiosk.send('{"type": "lock"}')
        assert reply(kiosk)["type"] == "locked"
        assert [c.type for c in commands(lan.hub)] == ["button"]
    with (page(lan, "127.0.0.2")) as phone:
        assert "code" not in phone.welcome                   # the code is on the board's screen only


def test_a_page_with_the_games_code_plays_until_the_next_game(lan):
    with (page(lan, "127.0.0.2")) as phone:
        phone.send(json.dumps({"type": "join", "code": "ABCD-EFGH"}))
        assert reply(phone)["message"] == "not this game's code"
        typed = f"{lan.code[:4].lower()} {lan.code[4:]}"       # as a person types it
        phone.send(json.dumps({"type": "join", "code": typed}))
        assert reply(phone) == {"type": "joined", "play": True}
        phone.send(json.dumps({"type": "button", "name": "end-turn"}))
        alive(phone)
        assert [c.data for c in commands(lan.hub)] == [{"name": "end-turn"}]
        new_code = lan.server.new_game(("journal", 2))
        assert new_code != lan.code
        phone.send(json.dumps({"type": "button", "name": "end-turn"}))
        assert "only watches" in reply(phone)["message"]
        assert commands(lan.hub) == []


def test_a_page_unlocked_with_the_pin_plays_and_sees_the_code(lan):
    with (page(lan, "127.0.0.2")) as phone:
        phone.send(json.dumps({"type": "unlock", "pin": PIN}))
        unlocked = reply(phone)
        assert unlocked["type"] == "unlocked" and unlocked["play"] is True
        assert unlocked["code"]["code"].replace("-", "") == lan.code
        phone.send(json.dumps({"type": "button", "name": "pass"}))
        phone.send('{"type": "lock"}')
        assert reply(phone) == {"type": "locked", "play": False}
        phone.send(json.dumps({"type": "button", "name": "end-turn"}))
        assert "only watches" in reply(phone)["message"]
        assert [c.data for c in commands(lan.hub)] == [{"name": "pass"}]


# -- lockouts per client ----------------------------------------------------------------------------

def test_wrong_pins_from_one_device_lock_out_that_device_only(lan):
    """Before: five wrong PINs from anywhere locked everybody out, the kiosk included."""
    with (page(lan, "127.0.0.2")) as attacker, \
            (page(lan, "127.0.0.3")) as owner, (page(lan)) as kiosk:
        for n in range(6):
            attacker.send(json.dumps({"type": "unlock", "pin": f"{1000 + n}"}))
            reply(attacker)
        attacker.send(json.dumps({"type": "unlock", "pin": PIN}))
        assert "too many wrong PINs" in reply(attacker)["message"]
        for n in range(6):                                    # wrong codes count the same
            attacker.send(json.dumps({"type": "join", "code": lan.code if n == 5 else f"WRONG{n}"}))
            reply(attacker)
        attacker.send(json.dumps({"type": "button", "name": "pass"}))
        assert "only watches" in reply(attacker)["message"]
        owner.send(json.dumps({"type": "unlock", "pin": PIN}))
        assert reply(owner)["type"] == "unlocked"
        kiosk.send(json.dumps({"type": "unlock", "pin": PIN}))
        assert reply(kiosk)["type"] == "unlocked"
    assert sum("wrong PIN" in line for line in lan.log) == 1          # one log line for the kind


def _fill_the_pin_ceiling(lan) -> list[float]:
    """30 wrong PINs from 6 addresses (the network's ceiling) on a clock the test moves: the
    clock's time, in a list to change."""
    now = [1000.0]
    lan.server.clock = lambda: now[0]
    for n in range(6):
        with page(lan, f"127.0.0.{11 + n}") as attacker:
            for guess in range(5):
                attacker.send(json.dumps({"type": "unlock", "pin": f"{9000 + 10 * n + guess}"}))
                assert reply(attacker)["message"] == "wrong PIN"
    return now


def test_wrong_pins_from_many_phones_never_bar_the_code_and_bar_the_pin_for_minutes_not_an_hour(lan):
    """Before: 30 wrong guesses from 6 addresses locked every phone on the network out of both the
    PIN and the game's code for an hour."""
    now = _fill_the_pin_ceiling(lan)
    with page(lan, "127.0.0.30") as child, page(lan, "127.0.0.31") as parent:
        child.send(json.dumps({"type": "join", "code": lan.code}))
        assert reply(child)["type"] == "joined"                    # the code is its own secret
        parent.send(json.dumps({"type": "unlock", "pin": PIN}))
        message = reply(parent)["message"]
        assert "too many wrong PINs" in message and int(message.split()[-2]) <= 120
        now[0] += 121.0
        parent.send(json.dumps({"type": "unlock", "pin": PIN}))
        assert reply(parent)["type"] == "unlocked"


def test_one_device_guessing_without_end_never_bars_the_players_at_the_table(lan):
    """Issue 40: one device (here six addresses, as an IPv6 phone has as many as it likes) that
    keeps guessing once the network's PIN ceiling is reached took every slot the spacing left
    (one guess every 120 s, first come), and with the game codes' ceiling (600 an hour) every
    phone's join too. Now a phone that scans the board's code joins at once however many wrong
    codes were sent, and once joined its PIN is counted apart from the rest of the network."""
    now = _fill_the_pin_ceiling(lan)
    for n in range(700):                                   # more wrong codes than the old ceiling
        lan.server.code_lockout.failed(f"fd00::{n + 1:x}", now[0])
    with page(lan, "127.0.0.40") as attacker, page(lan, "127.0.0.41") as parent:
        now[0] += 120.0
        attacker.send(json.dumps({"type": "unlock", "pin": "9999"}))     # it takes the slot
        assert reply(attacker)["message"] == "wrong PIN"
        parent.send(json.dumps({"type": "join", "code": lan.code}))       # the code: at once
        assert reply(parent)["type"] == "joined"
        parent.send(json.dumps({"type": "unlock", "pin": PIN}))           # the PIN: at once
        assert reply(parent)["type"] == "unlocked"
        attacker.send(json.dumps({"type": "unlock", "pin": PIN}))         # the rest of the LAN waits
        assert "too many wrong PINs" in reply(attacker)["message"]


@given(st.lists(st.tuples(st.sampled_from(["10.0.0.1", "10.0.0.2", "fd00::1", "fd00::2"]),
                          st.sampled_from(["lan", "joined"]), st.floats(0, 200)), max_size=80))
def test_a_pools_guesses_never_hold_back_another_pool(guesses):
    from wordboard.screen.guard import Lockout

    lockout = Lockout(max_failures=1_000, lan_ceiling=5, lan_window=3600.0)
    quiet = Lockout(max_failures=1_000, lan_ceiling=5, lan_window=3600.0)
    now = 0.0
    for client, pool, step in guesses:
        now += step
        if pool == "lan":
            lockout.failed(client, now, "lan")
        else:
            assert lockout.wait("10.9.9.9", now, "joined") == quiet.wait("10.9.9.9", now, "joined")
            if lockout.wait(client, now, "joined") == 0:
                lockout.failed(client, now, "joined")
                quiet.failed(client, now, "joined")
    assert Lockout(lan_ceiling=None).wait("10.0.0.1", now) == 0


def test_guessing_from_many_addresses_is_bounded_and_the_kiosk_stays_usable():
    from wordboard.screen.guard import KIOSK as KIOSK_KEY
    from wordboard.screen.guard import Lockout

    lockout = Lockout(max_failures=5, lan_ceiling=30, lan_window=3600.0)
    for n in range(30):                                        # 30 devices, one guess each
        assert lockout.wait(f"192.168.1.{n}", 100.0) == 0
        lockout.failed(f"192.168.1.{n}", 100.0)
    assert lockout.wait("192.168.1.200", 101.0) > 100        # a new address waits too...
    assert lockout.wait(KIOSK_KEY, 101.0) == 0               # the kiosk never
    # ... but only until the LAN's last guess is 3600/30 s old, not for the whole hour (before:
    # 30 wrong guesses from 6 addresses barred every phone on the network for an hour)
    assert lockout.wait("192.168.1.200", 220.0) == 0
    # and the LAN's guesses stay spaced out: in any hour at most twice the ceiling
    now, guesses = 220.0, 0
    while now < 220.0 + 3600.0:
        client = f"10.0.{guesses % 250}.1"
        if lockout.wait(client, now) == 0:
            lockout.failed(client, now)
            guesses += 1
        now += 1.0
    assert 25 <= guesses <= 31


@given(st.lists(st.tuples(st.sampled_from(["kiosk", "10.0.0.1", "10.0.0.2", "fd00::/64"]), st.booleans()),
                max_size=60))
def test_a_lockout_only_ever_follows_that_clients_own_wrong_guesses(guesses):
    from wordboard.screen.guard import Lockout

    lockout = Lockout(max_failures=3, lan_ceiling=10_000)
    wrong_in_a_row: dict[str, int] = {}
    now = 0.0
    for client, right in guesses:
        now += 1.0
        if lockout.wait(client, now) > 0:
            assert wrong_in_a_row.get(client, 0) >= 3
            continue
        if right:
            lockout.succeeded(client)
            wrong_in_a_row[client] = 0
        else:
            lockout.failed(client, now)
            wrong_in_a_row[client] = wrong_in_a_row.get(client, 0) + 1


def test_a_client_is_its_address_or_the_kiosk():
    """Before: an IPv6 client was its /64, the whole home network, so one device's wrong guesses
    locked out every IPv6 phone in the house."""
    from wordboard.screen.guard import client_key

    assert client_key("127.0.0.1") == client_key("::1") == "kiosk"
    assert client_key("192.168.1.5") == client_key("::ffff:192.168.1.5") == "192.168.1.5"
    assert client_key("fd12:3456:789a:1::5") == "fd12:3456:789a:1::5"
    assert client_key("fd12:3456:789a:1::5") != client_key("fd12:3456:789a:1::9999")
    assert client_key("fe80::2%eth0") == "fe80::2"
    assert client_key("2a02:8070:1:2::abcd") == "2a02:8070:1:2::abcd"


# -- floods of work ---------------------------------------------------------------------------------

def test_a_burst_of_hint_presses_reaches_the_board_as_one_request(lan):
    """The issue's burst: 255 hint presses at once from one page (here one that joined with the
    code). Before, every one of them reached the controller."""
    with (page(lan, "127.0.0.2")) as phone:
        phone.send(json.dumps({"type": "join", "code": lan.code}))
        assert reply(phone)["type"] == "joined"
        for _ in range(255):
            phone.send(json.dumps({"type": "button", "name": "hint"}))
        phone.send('{"type": "lock"}')
        answers = []
        while not answers or answers[-1]["type"] != "locked":
            answers.append(reply(phone))
        assert {a.get("message") for a in answers[:-1]} == {"too fast: wait a moment"}   # told, not once each
        hints = [c for c in commands(lan.hub) if c.data == {"name": "hint"}]
        assert len(hints) == 1
    assert sum("too fast" in line for line in lan.log) == 1


def test_the_same_press_from_many_pages_waits_once():
    from wordboard.screen.hub import Command, ScreenHub

    hub = ScreenHub()
    for _ in range(50):
        assert hub.submit(Command("button", {"name": "hint"}))
        assert hub.submit(Command("button", {"name": "pass"}))
    assert hub.submit(Command("score", {"player": 0, "delta": 5}, admin=True))
    assert hub.submit(Command("score", {"player": 0, "delta": 5}, admin=True))   # changes are never merged
    assert [c.type for c in hub.take_commands()] == ["button", "button", "score", "score"]
    assert hub.submit(Command("button", {"name": "hint"}))
    assert len(hub.take_commands()) == 1


def test_hints_are_worked_out_off_the_loop_once_per_position():
    from wordboard.controller.hinting import HintWorker

    release = threading.Event()
    calls = []

    def slow():
        calls.append(1)
        release.wait(30)
        return ((7, 7), (7, 8))

    worker = HintWorker()
    for _ in range(255):                       # returns at once while the first one is worked out
        worker.request(("game", 1), slow)
    assert worker.take(("game", 1)) is None and worker.busy()
    release.set()
    deadline = time.monotonic() + 30
    while worker.busy() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert worker.take(("game", 1)) == ((7, 7), (7, 8))
    assert worker.take(("game", 1)) is None               # shown once
    worker.request(("game", 1), slow)                     # the same position again: from the cache
    assert worker.take(("game", 1)) == ((7, 7), (7, 8))
    assert len(calls) == 1 and worker.computed == 1


def test_a_hint_never_holds_up_the_controllers_loop(tmp_path):
    """A hint that takes as long as it likes: the controller's thread goes on stepping (its
    watchdog pings, LEDs and sensors), and the squares are lit when it is ready."""
    from tests.screen.rig import Rig
    from wordboard.crossword import Game
    from wordboard.editions import load_edition

    rig = Rig(tmp_path, PIN)
    try:
        rig.load("lexulous", Game(load_edition("lexulous"), ["Ada", "Blaise"], seed=3))
        release = threading.Event()
        rig.controller.adapter.hint = lambda: (release.wait(30), ((7, 7),))[1]
        rig.call(lambda: rig.controller._button("hint", "press", rig.controller.clock()))
        for _ in range(3):
            assert rig.call(lambda: "stepping") == "stepping"    # answered while the hint is worked out
        assert rig.call(lambda: rig.controller.hint_squares) == ()
        release.set()
        deadline = time.monotonic() + 30
        while rig.call(lambda: rig.controller.hint_squares) == () and time.monotonic() < deadline:
            time.sleep(0.02)
        assert rig.call(lambda: rig.controller.hint_squares) == ((7, 7),)
    finally:
        rig.close()


# -- connections ------------------------------------------------------------------------------------

def handshake_status(board, source: str) -> int:
    import base64
    import os

    sock = socket.socket()
    sock.settimeout(10)
    sock.bind((source, 0))
    with sock:
        sock.connect((board.host, board.port))
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET /ws HTTP/1.1\r\nHost: {board.host}:{board.port}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        data = sock.recv(4096)
    return int(data.split(b" ", 2)[1]) if data else 0


def test_one_device_cannot_take_the_kiosks_place(lan, monkeypatch):
    """Before: one device holding 24 sockets blanked the Pi's own screen."""
    from wordboard.screen import server as servers

    monkeypatch.setattr(servers, "MAX_CLIENTS", 8)
    with contextlib.ExitStack() as stack:
        for _n in range(servers.MAX_PAGES_PER_CLIENT):
            alive(stack.enter_context(page(lan, "127.0.0.2")))
        assert handshake_status(lan, "127.0.0.2") == 503                  # one device: 4 pages
        for _n in range(8 - servers.KIOSK_SLOTS - servers.MAX_PAGES_PER_CLIENT):
            alive(stack.enter_context(page(lan, "127.0.0.3")))
        assert handshake_status(lan, "127.0.0.4") == 503                  # the LAN's share is taken
        for _ in range(servers.KIOSK_SLOTS):
            alive(stack.enter_context(page(lan)))     # the kiosk still comes in
    assert sum("too many pages" in line for line in lan.log) == 2


def test_a_flood_of_half_open_connections_leaves_the_kiosk_served(lan, monkeypatch):
    """Slow-loris: 400 connections from 8 addresses that send half a request and wait. Those
    over the limits are closed at once, the others when the handshake time-out ends; the kiosk
    is served throughout; the log has a line per kind of refusal, no traceback."""
    from wordboard.screen import server as servers

    monkeypatch.setattr(servers, "MAX_CONNECTIONS", 48)
    held = []
    try:
        for n in range(400):
            s = socket.socket()
            s.settimeout(10)
            s.bind((f"127.0.0.{2 + n % 8}", 0))
            s.connect((lan.host, lan.port))
            s.sendall(f"GET / HTTP/1.1\r\nHost: {lan.host}".encode())
            held.append(s)
        open_now = sum(lan.server.connections.values())
        assert open_now <= 48
        with (page(lan)) as kiosk:
            alive(kiosk)
        # every half-open connection ends: refused at once, or timed out by the handshake's limit
        for s in held:
            try:
                assert s.recv(4096) == b""                    # closed without an answer
            except ConnectionResetError:
                pass
        deadline = time.monotonic() + 20
        while sum(lan.server.connections.values()) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert sum(lan.server.connections.values()) == 0
    finally:
        for s in held:
            s.close()
    assert len(lan.log) <= 6, lan.log
    assert not any("Traceback" in line for line in lan.log)
    assert lan.server.refusals.totals["too many connections from one address"] \
        + lan.server.refusals.totals["too many connections from the local network"] >= 400 - 48
