"""Attacks on the screen's server, as a hostile page, phone or program on the network would try
them: against ``wordboard run --screen`` on the twin (a real process on a real port), over raw
HTTP and a WebSocket client, and for what a test cannot reach from this machine (another
network's address, the lockout's later rounds) against the same server class in-process.

What must hold: nothing outside the three shipped files is served, whatever the path looks like;
the speech endpoint serves the clips the board made, by the ids it gave them, and nothing else
(no traversal, no other name, no id it does not hold, however long), under the same checks;
every message is one small, flat JSON object of a known type with fields of the right types,
else it is refused (and the page stays connected); oversized messages close the connection
without harming anyone else; pages of other sites (another ``Origin``, a public name pointed at
the board) cannot connect; peers outside the local network get nothing; changing the game needs
the PIN on that very connection; wrong PINs lock out the client that sent them for a while, and
PINs sent at once from many connections all count. (Pages from the local network, watching and
playing, connection floods: ``test_screen_lan.py``.)
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import time
from types import SimpleNamespace

import pytest

from tests.screen.support import PIN, free_port, start_board

websockets_sync = pytest.importorskip("websockets.sync.client")


# -- the board under attack -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def board(tmp_path_factory):
    """``wordboard run --screen`` on the twin (questions left to the screen, so it mostly waits)."""
    running = start_board(tmp_path_factory.mktemp("attacked"))
    url = running.url()
    host, port = url.split("//", 1)[1].rstrip("/").split(":")
    yield SimpleNamespace(url=url, host=host, port=int(port), ws=f"ws://{host}:{port}/ws", process=running)
    running.stop()


def raw(board, request: bytes, timeout: float = 10.0) -> tuple[int, bytes]:
    """Send ``request`` as it is; the status code and the body (0: the server closed without one)."""
    with socket.create_connection((board.host, board.port), timeout=timeout) as s:
        s.sendall(request)
        data = b""
        try:
            while chunk := s.recv(65536):
                data += chunk
        except (TimeoutError, ConnectionResetError):
            pass
    if not data.startswith(b"HTTP/1."):
        return 0, data
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


def get(board, target: str, host: str | None = None, extra: str = "") -> tuple[int, bytes]:
    host = f"{board.host}:{board.port}" if host is None else host
    return raw(board, f"GET {target} HTTP/1.1\r\nHost: {host}\r\n{extra}Connection: close\r\n\r\n".encode("latin-1"))


def handshake(board, host: str | None = None, origin: str | None = None) -> int:
    """A WebSocket handshake with the given ``Host`` and ``Origin``: its status (101: accepted)."""
    host = f"{board.host}:{board.port}" if host is None else host
    key = base64.b64encode(os.urandom(16)).decode()
    lines = ["GET /ws HTTP/1.1", f"Host: {host}", "Upgrade: websocket", "Connection: Upgrade",
             f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
    if origin is not None:
        lines.append(f"Origin: {origin}")
    with socket.create_connection((board.host, board.port), timeout=10) as s:
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        data = s.recv(4096)
    return int(data.split(b" ", 2)[1])


def connect(board, **options):
    return websockets_sync.connect(board.ws, open_timeout=10, **options)


def reply(ws, timeout: float = 10.0) -> dict:
    """The next message that is not a state (those come whenever the game changes)."""
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message.get("type") not in ("state", "welcome"):
            return message


def alive(ws) -> None:
    """The connection still works: a harmless message is answered."""
    ws.send('{"type": "lock"}')
    assert reply(ws)["type"] == "locked"


SECRETS = (b"root:", b"[metadata]", b"import ", b"def ", b"pbkdf2", b"BEGIN")


# -- static files: nothing but the three shipped files ---------------------------------------------------

@pytest.mark.parametrize("target", [
    "/static/../../setup.cfg", "/static/../server.py", "/static/..%2f..%2fsetup.cfg",
    "/static/%2e%2e/%2e%2e/setup.cfg", "/static/%2E%2E%2Fserver.py", "/static/.%2e/server.py",
    "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/static/....//....//etc/passwd", "/static/%c0%ae%c0%ae/server.py",
    "/static/..\\server.py", "/static/..%5cserver.py", "/static/%252e%252e/server.py",
    "//etc/passwd", "/static//etc/passwd", "/static/%2fetc%2fpasswd", "/static/~/.ssh/id_rsa",
    "/static/server.py", "/static/pin.py", "/static/__init__.py", "/static/app.js/../../server.py",
    "/static/app.js%00.png", "/static/", "/static", "/etc/passwd", "/screen-pin.json",
    "http://127.0.0.1/../../etc/passwd", "file:///etc/passwd", "*",
    # the speech endpoint: only ids the board gave out
    "/speech/../../setup.cfg", "/speech/..%2f..%2fsetup.cfg", "/speech/%2e%2e/server.py", "/speech/../server.py",
    "/speech/", "/speech", "/speech/server.py", "/speech/clips.py", "/speech/" + "0" * 32 + ".wav",
    "/speech/../static/app.js", "/speech/..%2fstatic%2fapp.js", "/speech/%2fetc%2fpasswd",
])
def test_no_path_reaches_a_file_outside_the_shipped_ones(board, target):
    status, body = get(board, target)
    assert status in (400, 404), (target, status)
    assert not any(secret in body for secret in SECRETS), target


def test_the_shipped_files_are_served_with_their_guards(board):
    for target, kind in (("/", b"<html"), ("/static/app.js", b"use strict"), ("/static/style.css", b":root")):
        status, body = get(board, target)
        assert status == 200 and kind in body, target
    head = raw(board, f"GET / HTTP/1.1\r\nHost: localhost:{board.port}\r\nConnection: close\r\n\r\n".encode())
    assert head[0] == 200


def test_symbolic_links_among_the_static_files_are_not_served(tmp_path):
    from wordboard.screen.server import load_static

    folder = tmp_path / "static"
    folder.mkdir()
    (folder / "app.js").write_text("ok")
    secret = tmp_path / "secret.json"
    secret.write_text('{"pin": "1234"}')
    (folder / "leak.json").symlink_to(secret)
    (folder / "up.css").symlink_to(tmp_path)
    (folder / ".hidden.js").write_text("no")
    assert set(load_static(folder)) == {"app.js"}


@pytest.mark.parametrize("request_line", [
    "POST / HTTP/1.1", "PUT /static/app.js HTTP/1.1", "DELETE / HTTP/1.1", "OPTIONS /ws HTTP/1.1",
    "TRACE / HTTP/1.1", "CONNECT 127.0.0.1:22 HTTP/1.1", "GET / HTTP/2.0", "GET /", "GARBAGE",
    "GET /" + "a" * 20000 + " HTTP/1.1",
])
def test_other_requests_are_refused_and_the_server_carries_on(board, request_line):
    status, body = raw(board, f"{request_line}\r\nHost: {board.host}:{board.port}\r\nContent-Length: 5\r\n\r\nhello".encode())
    assert status != 200 and not any(secret in body for secret in SECRETS)
    assert get(board, "/")[0] == 200


def test_too_many_headers_are_refused(board):
    headers = "".join(f"X-H{i}: {'v' * 50}\r\n" for i in range(300))
    status, _ = raw(board, f"GET / HTTP/1.1\r\nHost: {board.host}:{board.port}\r\n{headers}\r\n".encode())
    assert status != 200
    assert get(board, "/")[0] == 200


# -- the speech endpoint: the clips the board made, by the ids it gave them ----------------------------------

@pytest.fixture(scope="module")
def voiced(tmp_path_factory):
    """The server with one clip in its cache, as the bridge's speech leaves it (a real espeak-ng
    WAV when it is installed)."""
    from wordboard.screen.hub import ScreenAnswerer, ScreenHub
    from wordboard.screen.server import ScreenServer
    from wordboard.speech import make_speaker

    hub = ScreenHub()
    speaker = make_speaker()
    clip_id = hub.clips.clip("Apple. A, P, P, L, E.", lambda text: speaker.wav_bytes(text) or b"RIFF-stand-in")
    running = ScreenServer(hub, ScreenAnswerer(), host="127.0.0.1", port=free_port(),
                           pin_file=tmp_path_factory.mktemp("voiced") / "pin.json").start()
    host, port = running.bound
    yield SimpleNamespace(host=host, port=port, ws=f"ws://{host}:{port}/ws", server=running, id=clip_id,
                          clip=hub.clips.get(clip_id))
    running.stop()


def test_a_clip_is_served_by_its_id(voiced):
    status, body = get(voiced, f"/speech/{voiced.id}.wav")
    assert status == 200 and body == voiced.clip and body.startswith(b"RIFF")
    assert get(voiced, f"/speech/{voiced.id}.wav?x=../../etc/passwd")[0] == 200    # a query is not part of the name


def invalid_ids(clip_id: str) -> list[str]:
    return [
        clip_id.upper(), clip_id[:-1], clip_id + "0", "0" * 32, "g" * 32, clip_id[:-1] + "G", clip_id[:-1] + "%30",
        "%" + clip_id[1:], clip_id + ".", "-" + clip_id[1:], " " + clip_id[1:], clip_id[:16], "", "..",
    ]


@pytest.mark.parametrize("shape", ["/speech/{}.wav", "/speech/{}.WAV", "/speech/{}", "/speech/{}.wav.py",
                                   "/speech/{}.mp3", "/speech/{}.wav/", "/speech//{}.wav", "/speech/./{}.wav",
                                   "/static/../speech/{}.wav", "/speech/{}.wav%00", "/speech/{}%00.wav",
                                   "/speech/{}.wav/../../../etc/passwd", "/speech/x/../{}.wav", "/SPEECH/{}.wav",
                                   "/speech/{}.wav;.js", "/speech/{}.wav#x", "/speech/{}%2ewav"])
def test_nothing_but_a_clips_exact_name_is_served(voiced, shape):
    """Other ids (wrong case, length, characters, one the cache does not hold) and other shapes of
    the name, including the real id dressed up (traversal, another suffix, a NUL, doubled slashes)."""
    targets = [shape.format(i) for i in invalid_ids(voiced.id)]
    if shape != "/speech/{}.wav":
        targets.append(shape.format(voiced.id))
    for target in targets:
        status, body = get(voiced, target)
        assert status in (0, 400, 404), (target, status)          # 0: not HTTP at all (a space), closed
        assert not body.startswith(b"RIFF") and not any(secret in body for secret in SECRETS), target


@pytest.mark.parametrize("length", [33, 64, 1000, 5000, 7000, 20000, 100000])
def test_huge_ids_get_nothing_and_the_server_carries_on(voiced, length):
    for target in (f"/speech/{'a' * length}.wav", f"/speech/{voiced.id * (length // 32 + 1)}.wav"):
        status, body = get(voiced, target)
        assert status != 200 and not body.startswith(b"RIFF"), (length, status)
    assert get(voiced, f"/speech/{voiced.id}.wav")[0] == 200


def test_a_clip_has_the_same_guards_as_every_page(voiced):
    """Another site's name for the board (DNS rebinding) and peers outside the local network are
    refused before the clip is looked up; another site's page may not embed it either."""
    from websockets.datastructures import Headers
    from websockets.http11 import Request

    target = f"/speech/{voiced.id}.wav"
    for host in (f"evil.example:{voiced.port}", "evil.example", f"127.0.0.1.nip.io:{voiced.port}", ""):
        assert get(voiced, target, host=host)[0] == 403, host
    for peer, expected in (("8.8.8.8", 403), ("2001:4860:4860::8888", 403), ("::ffff:8.8.8.8", 403),
                           ("192.168.1.5", 200), ("fd12::5", 200)):
        connection = SimpleNamespace(remote_address=(peer, 40000), local_address=("192.168.1.2", 8080))
        response = voiced.server._http(connection, Request(target, Headers({"Host": "192.168.1.2:8080"})))
        assert response.status_code == expected, peer
    with socket.create_connection((voiced.host, voiced.port), timeout=10) as s:
        s.sendall(f"GET {target} HTTP/1.1\r\nHost: {voiced.host}:{voiced.port}\r\nConnection: close\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head and (chunk := s.recv(65536)):
            head += chunk
    head = head.split(b"\r\n\r\n", 1)[0].lower()
    assert b"cross-origin-resource-policy: same-origin" in head and b"x-content-type-options: nosniff" in head
    assert b"content-type: audio/wav" in head


def test_the_clips_a_page_is_sent_are_the_ones_the_board_said(voiced):
    """A page that plays sound gets ``say`` events; nothing it sends names a clip or a text to say
    (the ``audio`` message is a true or false, ``say`` asks for one of five things)."""
    from wordboard.screen import protocol

    for text in ('{"type": "audio", "on": true, "id": "' + voiced.id + '"}',
                 '{"type": "say", "what": "letter", "letter": "A", "text": "hello"}',
                 '{"type": "say", "what": "last", "id": "' + voiced.id + '"}'):
        with pytest.raises(protocol.ProtocolError):
            protocol.parse(text)
    with connect(voiced) as listener, connect(voiced) as other:
        listener.send('{"type": "audio", "on": true}')
        alive(listener)
        voiced.server.hub.notice({"type": "say", "text": "Apple.", "id": voiced.id})
        assert reply(listener) == {"type": "say", "text": "Apple.", "id": voiced.id}
        alive(other)                                         # the page without sound got nothing before it


# -- who may connect -------------------------------------------------------------------------------------

def test_pages_of_other_sites_cannot_open_the_websocket(board):
    own = f"{board.host}:{board.port}"
    assert handshake(board, origin=f"http://{own}") == 101
    assert handshake(board) == 101                                       # not a browser: no Origin
    for origin in ("http://evil.example", f"http://{board.host}:{board.port + 1}", "null",
                   f"http://{own}.evil.example", f"http://evil.example/{own}", "file://", "",
                   f"ws://{own}"):
        assert handshake(board, origin=origin) == 403, origin


def test_a_public_name_pointed_at_the_board_gets_nothing(board):
    """DNS rebinding: a site's own name made to resolve to the board. The browser then thinks the
    board is that site (its Origin and Host agree), so the Host itself is checked."""
    for host in (f"evil.example:{board.port}", "evil.example", f"127.0.0.1.nip.io:{board.port}", "x" * 300, ""):
        assert handshake(board, host=host, origin=f"http://{host}") == 403, host
        assert get(board, "/", host=host)[0] == 403, host
    for host in (f"localhost:{board.port}", f"raspberrypi.local:{board.port}", "wordboard:8080",
                 f"192.168.1.20:{board.port}", f"[::1]:{board.port}", "scrabble.lan"):
        assert get(board, "/", host=host)[0] == 200, host
        assert handshake(board, host=host, origin=f"http://{host}") == 101, host


def test_the_owner_may_name_the_board_in_their_own_dns():
    from wordboard.screen.server import allowed_hosts, host_allowed

    hosts = allowed_hosts({"WORDBOARD_SCREEN_HOSTS": " Board.Example.org , scores.example.net."})
    assert {"board.example.org", "scores.example.net"} <= set(hosts)
    assert host_allowed("board.example.org:8080", hosts) and host_allowed("SCORES.example.net", hosts)
    assert not host_allowed("evil.example.org", hosts) and not host_allowed("board.example.org.evil.io", hosts)


def test_peers_outside_the_local_network_get_nothing(tmp_path):
    """The server's request handler (every page and every WebSocket handshake goes through it)
    with the peer addresses this machine cannot connect from; a forwarded-for header changes
    nothing either way."""
    from websockets.datastructures import Headers
    from websockets.http11 import Request

    from wordboard.screen.hub import ScreenHub
    from wordboard.screen.server import ScreenServer, peer_allowed

    server = ScreenServer(ScreenHub(), pin_file=tmp_path / "pin.json")

    def status(peer: str, target: str = "/", forwarded: str | None = None) -> int:
        connection = SimpleNamespace(remote_address=(peer, 40000), local_address=("192.168.1.2", 8080))
        headers = {"Host": "192.168.1.2:8080"}
        if forwarded:
            headers.update({"X-Forwarded-For": forwarded, "X-Real-IP": forwarded, "Forwarded": f"for={forwarded}"})
        request = Request(target, Headers(headers))
        response = server._http(connection, request)
        return 101 if response is None else response.status_code

    for public in ("8.8.8.8", "1.1.1.1", "100.64.0.1", "2001:4860:4860::8888", "::ffff:8.8.8.8",
                   "2001:0:4136:e378:8000:63bf:3fff:fdd2", "2002:808:808::1", "64:ff9b::808:808",
                   "192.0.2.1", "198.18.0.1", "240.0.0.1", "0.0.0.0", "255.255.255.255", ""):
        assert not peer_allowed(public), public
        assert status(public) == 403, public
        assert status(public, "/ws") == 403, public
        assert status(public, forwarded="192.168.1.5") == 403
    for lan in ("127.0.0.1", "192.168.1.5", "10.1.2.3", "172.20.0.2", "169.254.3.4", "::1", "fd12::5", "fe80::2%eth0",
                "::ffff:192.168.1.5"):
        assert peer_allowed(lan) and status(lan) == 200, lan
    assert status("192.168.1.5", forwarded="8.8.8.8") == 200


# -- what a page may send --------------------------------------------------------------------------------

BAD_MESSAGES = [
    "", "not json", "{", "{'type': 'lock'}", '{"type": "lock",}', "null", "5", '"lock"', "[]", '["lock"]',
    '{"type": "lock"} {"type": "undo"}', "\x00",
    # unknown types, missing or extra fields
    '{}', '{"type": "shell", "cmd": "reboot"}', '{"type": "exec"}', '{"type": "__proto__"}', '{"type": null}',
    '{"type": 5}', '{"type": ["answer"]}', '{"type": "LOCK"}', '{"type": "answer", "question": 1}',
    '{"type": "lock", "pin": "2468"}', '{"type": "answer", "question": 1, "value": "E", "file": "/etc/passwd"}',
    # wrong types and values
    '{"type": "answer", "question": "1", "value": "E"}', '{"type": "answer", "question": 1.5, "value": "E"}',
    '{"type": "answer", "question": true, "value": "E"}', '{"type": "answer", "question": -1, "value": "E"}',
    '{"type": "answer", "question": 1e40, "value": "E"}', '{"type": "answer", "question": 99999999999999, "value": "E"}',
    '{"type": "answer", "question": 1, "value": 5}', '{"type": "answer", "question": 1, "value": null}',
    '{"type": "answer", "question": 1, "value": ["E"]}', '{"type": "answer", "question": 1, "value": {"$gt": ""}}',
    '{"type": "answer", "question": 1, "value": "../../etc/passwd"}', '{"type": "answer", "question": 1, "value": "$(id)"}',
    '{"type": "answer", "question": 1, "value": "a;rm -rf /"}', '{"type": "answer", "question": 1, "value": "x\\ny"}',
    '{"type": "answer", "question": 1, "value": "' + "x" * 60 + '"}', '{"type": "answer", "question": 1, "value": ""}',
    '{"type": "answer", "question": 1, "value": "\\u202eE"}',
    '{"type": "score", "player": 0, "delta": NaN}', '{"type": "score", "player": 0, "delta": Infinity}',
    '{"type": "score", "player": 0, "delta": "5"}', '{"type": "score", "player": 0, "delta": 1000}',
    '{"type": "score", "player": -1, "delta": 5}', '{"type": "score", "player": 8, "delta": 5}',
    '{"type": "unlock", "pin": 2468}', '{"type": "unlock", "pin": "24680246802"}', '{"type": "unlock", "pin": "abcd"}',
    '{"type": "unlock", "pin": "2468\\n"}', '{"type": "unlock", "pin": ["2468"]}',
    '{"type": "button", "name": "reboot"}', '{"type": "button", "name": ["hint"]}',
    '{"type": "say", "what": "rm -rf /"}', '{"type": "say", "what": "letter", "letter": "AB"}',
    '{"type": "say", "what": "letter", "letter": "$"}', '{"type": "hello", "mode": "admin"}',
    '{"type": "audio"}', '{"type": "audio", "on": "yes"}', '{"type": "audio", "on": 1}', '{"type": "audio", "on": null}',
    '{"type": "audio", "on": true, "path": "../../etc/passwd"}', '{"type": "audio", "on": [true]}',
    '{"type": "say", "what": "letter", "letter": "L", "id": "../../etc/passwd"}',
    '{"type": "say", "what": "../speech/x.wav"}', '{"type": "say", "what": "letter", "letter": "l"}',
    '{"type": "new", "game": "lexulous", "players": ["Ann"], "lexicon": "/etc/words"}',
    '{"type": "new", "game": "../../bin/sh", "players": ["Ann", "Bo"], "lexicon": "none"}',
    '{"type": "new", "game": "lexulous", "players": "Ann", "lexicon": "none"}',
    '{"type": "new", "game": "lexulous", "players": [1, 2], "lexicon": "none"}',
    '{"type": "new", "game": "lexulous", "players": ["A", "B", "C", "D", "E"], "lexicon": "none"}',
    '{"type": "new", "game": "lexulous", "players": ["Ann", "ann"], "lexicon": "none"}',
    '{"type": "new", "game": "lexulous", "players": ["<img src=x onerror=alert(1)>"], "lexicon": "none"}',
    '{"type": "new", "game": "dexikon", "players": ["Ann", "Bo"], "lexicon": "none", "variant": "../x"}',
]


def test_malformed_and_mistyped_messages_are_refused_and_the_page_stays(board):
    with connect(board) as ws:
        for text in BAD_MESSAGES:
            ws.send(text)
            answer = reply(ws)
            assert answer["type"] == "error", (text, answer)
        ws.send(b'{"type": "lock"}')                                  # a binary frame
        assert reply(ws)["type"] == "error"
        alive(ws)


def test_deeply_nested_messages_are_refused_and_the_page_stays(board):
    with connect(board) as ws:
        ws.send("[" * 2000 + "]" * 2000)
        answer = reply(ws)
        assert answer == {"type": "error", "message": "nested too deeply"}
        for text in ('{"type": "hello", "mode": ' + '{"a": ' * 500 + "1" + "}" * 500 + "}",
                     '{"a":' * 650 + "0" + "}" * 650, '{"type": "answer", "question": 1, "value": ' + "[" * 1900 + "]" * 1900 + "}"):
            assert len(text) <= 4096
            ws.send(text)
            assert reply(ws)["type"] == "error"
        alive(ws)


def test_oversized_messages_close_that_connection_only(board):
    from websockets.exceptions import ConnectionClosed

    with connect(board) as bystander:
        alive(bystander)
        for size in (4097, 65536, 1 << 20):
            with connect(board, max_size=None) as ws:
                try:
                    ws.send('{"type": "hello", "mode": "normal", "x": "' + "a" * size + '"}')
                except ConnectionClosed:
                    pass
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        ws.recv(timeout=10)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        with connect(board) as ws:                                    # just under the limit: read
            ws.send('{"type": "lock"' + " " * (4096 - 17) + "}")
            assert reply(ws)["type"] == "locked"
        alive(bystander)


# -- changing the game needs the PIN ----------------------------------------------------------------------

def test_changes_without_the_pin_are_refused(board):
    changes = ['{"type": "undo"}', '{"type": "end"}', '{"type": "score", "player": 0, "delta": 50}',
               '{"type": "new", "game": "hexx", "players": ["Ann", "Bo"], "lexicon": "none"}']
    with connect(board) as viewer, connect(board) as owner:
        for text in changes:
            viewer.send(text)
            assert "PIN" in reply(viewer)["message"]
        # unlocked on one connection only: the others are still viewers
        owner.send(json.dumps({"type": "unlock", "pin": PIN}))
        assert reply(owner)["type"] == "unlocked"
        viewer.send(changes[2])
        assert "PIN" in reply(viewer)["message"]
        owner.send('{"type": "lock"}')
        assert reply(owner)["type"] == "locked"
        owner.send(changes[1])
        assert "PIN" in reply(owner)["message"]
    with connect(board) as ws:
        ws.send('{"type": "hello", "mode": "normal"}')      # a page says what it is before the game is sent
        state = None
        while state is None:
            message = json.loads(ws.recv(timeout=10))
            state = message["state"] if message["type"] == "state" else None
        assert not state["ended"] and not state["corrections"]          # nothing was changed
    assert board.process.proc.poll() is None


def test_the_childrens_words_are_edited_behind_the_pin_and_a_slur_needs_a_confirmation(board):
    """Issue 37: the grown-up allows and blocks words of the children's filter on the screen."""
    with connect(board) as viewer, connect(board) as owner:
        viewer.send('{"type": "words", "action": "block", "word": "kale"}')
        assert "PIN" in reply(viewer)["message"]
        owner.send('{"type": "hello", "mode": "normal"}')     # a page for grown-ups (else judged a child's)
        owner.send(json.dumps({"type": "unlock", "pin": PIN}))
        assert reply(owner)["type"] == "unlocked"
        owner.send('{"type": "words", "action": "block", "word": "kale"}')
        answer = reply(owner)
        while answer["type"] != "words" or not answer.get("message"):   # the list sent on unlock
            answer = reply(owner)
        assert answer["blocked"] == ["KALE"] and answer["message"] == "blocked KALE"
        owner.send('{"type": "words", "action": "allow", "word": "chinks"}')
        answer = reply(owner)
        assert answer["confirm"] == "CHINKS" and answer["allowed"] == []
        owner.send('{"type": "words", "action": "allow", "word": "CHINKS", "confirm": true}')
        assert reply(owner)["allowed"] == ["CHINKS"]
        owner.send('{"type": "words", "action": "forget", "word": "chinks"}')
        assert reply(owner)["allowed"] == []
        owner.send('{"type": "words", "action": "block", "word": "k4le"}')
        assert reply(owner)["type"] == "error"
        owner.send('{"type": "lock"}')
        assert reply(owner)["type"] == "locked"


def test_wrong_pins_lock_out_the_client_that_sent_them(board):
    """Run last against the board: it stays locked for a minute after this. Both pages here are
    one client (the Pi itself); other clients: ``test_screen_lan.py``."""
    with connect(board) as ws, connect(board) as other:
        for n in range(5):
            ws.send(json.dumps({"type": "unlock", "pin": f"{1000 + n}"}))
            assert reply(ws)["message"] == "wrong PIN"
        ws.send(json.dumps({"type": "unlock", "pin": "1111"}))
        assert "too many wrong PINs" in reply(ws)["message"]
        other.send(json.dumps({"type": "unlock", "pin": PIN}))         # even the right one, from that client
        assert "too many wrong PINs" in reply(other)["message"]
        other.send('{"type": "end"}')
        assert "PIN" in reply(other)["message"]


# -- in-process: the lockout's rounds, PINs sent at once, too many pages -----------------------------------

@pytest.fixture
def server(tmp_path, monkeypatch):
    from wordboard.screen import pin as pins
    from wordboard.screen.hub import ScreenAnswerer, ScreenHub
    from wordboard.screen.server import ScreenServer

    pins.set_pin(PIN, tmp_path / "pin.json")
    running = ScreenServer(ScreenHub(), ScreenAnswerer(), host="127.0.0.1", port=free_port(),
                           pin_file=tmp_path / "pin.json").start()
    host, port = running.bound
    yield SimpleNamespace(url=running.url, host=host, port=port, ws=f"ws://{host}:{port}/ws", server=running)
    running.stop()


def test_pins_sent_at_once_from_many_pages_all_count(server):
    import threading

    from wordboard.screen.server import MAX_FAILURES

    with contextlib.ExitStack() as stack:
        pages = [stack.enter_context(connect(server)) for _ in range(12)]
        barrier = threading.Barrier(len(pages))
        answers = []

        def guess(ws, n):
            barrier.wait()
            ws.send(json.dumps({"type": "unlock", "pin": f"{5000 + n}"}))
            answers.append(reply(ws)["message"])

        threads = [threading.Thread(target=guess, args=(ws, n)) for n, ws in enumerate(pages)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert len(answers) == len(pages)
        assert answers.count("wrong PIN") == MAX_FAILURES              # checked: the first five only
        assert all("too many wrong PINs" in a for a in answers if a != "wrong PIN")


def test_each_lockout_is_longer_and_a_right_pin_starts_afresh(server):
    from wordboard.screen.server import LOCKOUT_SECONDS, MAX_FAILURES

    s = server.server

    def lockout() -> float:
        return s.pin_lockout.locked_until("kiosk") - time.monotonic()

    def unlock_after_the_wait() -> None:
        s.pin_lockout._records["kiosk"].locked_until = 0.0

    with connect(server) as ws:
        for n in range(MAX_FAILURES):
            ws.send(json.dumps({"type": "unlock", "pin": f"{7000 + n}"}))
            assert reply(ws)["message"] == "wrong PIN"
        first = lockout()
        assert LOCKOUT_SECONDS / 2 < first <= LOCKOUT_SECONDS
        unlock_after_the_wait()                                        # the minute has passed
        ws.send(json.dumps({"type": "unlock", "pin": "7777"}))        # one more wrong PIN: locked again
        assert reply(ws)["message"] == "wrong PIN"
        assert lockout() > first * 1.5
        ws.send(json.dumps({"type": "unlock", "pin": PIN}))
        assert "too many" in reply(ws)["message"]
        unlock_after_the_wait()
        ws.send(json.dumps({"type": "unlock", "pin": PIN}))
        assert reply(ws)["type"] == "unlocked"
        ws.send(json.dumps({"type": "unlock", "pin": "7778"}))        # after the right PIN: five tries again
        assert reply(ws)["message"] == "wrong PIN" and lockout() <= 0


def test_too_many_pages_at_once_are_turned_away(server, monkeypatch):
    from wordboard.screen import server as servers

    monkeypatch.setattr(servers, "MAX_CLIENTS", 3)
    with contextlib.ExitStack() as stack:
        for ws in [stack.enter_context(connect(server)) for _ in range(3)]:
            alive(ws)
        assert handshake(server) == 503


# -- the grown-up's answer: held, or with the PIN, checked by the server (issue 37) -------------------

@pytest.fixture
def held_server(tmp_path):
    """A server whose clock the test moves (``now[0]``), with its answerer."""
    from wordboard.screen import pin as pins
    from wordboard.screen.hub import ScreenAnswerer, ScreenHub
    from wordboard.screen.server import ScreenServer

    pins.set_pin(PIN, tmp_path / "pin.json")
    now = [100.0]
    answerer = ScreenAnswerer()
    running = ScreenServer(ScreenHub(), answerer, host="127.0.0.1", port=free_port(),
                           pin_file=tmp_path / "pin.json", clock=lambda: now[0]).start()
    host, port = running.bound
    yield SimpleNamespace(ws=f"ws://{host}:{port}/ws", server=running, answerer=answerer, now=now)
    running.stop()


def test_the_grown_ups_answer_needs_a_hold_the_server_times_or_the_pin(held_server):
    """The page's press-and-hold was only in its JavaScript: a child's tap (or a page that sends
    the answer at once) was taken. The server now takes "the word" / "another word", and the yes
    or no about a guess spelt otherwise, only after the page told it the button was pressed and
    HOLD_SECONDS went by on the server's clock, or from a page unlocked with the PIN; the child's
    own guess needs neither."""
    from wordboard.controller import questions as q
    from wordboard.controller.boardgames import GUESS, GUESS_HEARD, HEARD_RIGHT
    from wordboard.screen.server import HOLD_SECONDS

    s = held_server

    def answer(ws, question, value) -> dict:
        ws.send(json.dumps({"type": "answer", "question": question.id, "value": value}))
        return reply(ws)

    def press(ws, question_id: int) -> None:
        """The page tells the press; the server has taken it (at the clock's time now)."""
        ws.send(json.dumps({"type": "hold", "question": question_id}))
        deadline = time.monotonic() + 10
        while not any(c.held == (question_id, s.now[0]) for c in list(s.server.clients)):
            assert time.monotonic() < deadline, "the hold was never taken"
            time.sleep(0.01)

    with connect(s) as ws:
        guess = q.Question(GUESS, "Ada: what is the word?")
        s.answerer.ask(guess)
        refused = answer(ws, guess, HEARD_RIGHT)                     # tapped: no hold told
        assert refused["type"] == "error" and "press and hold" in refused["message"]
        press(ws, guess.id)
        s.now[0] += HOLD_SECONDS / 3                                 # let go too soon
        assert answer(ws, guess, HEARD_RIGHT)["type"] == "error"
        press(ws, guess.id + 1)                                      # another question's hold
        s.now[0] += HOLD_SECONDS * 2
        assert answer(ws, guess, HEARD_RIGHT)["type"] == "error" and s.answerer.poll() == []
        press(ws, guess.id)
        s.now[0] += HOLD_SECONDS * 1.2
        assert answer(ws, guess, HEARD_RIGHT) == {"type": "answered", "question": guess.id, "value": HEARD_RIGHT}
        assert [a.value for a in s.answerer.poll()] == [HEARD_RIGHT]
        assert answer(ws, guess, HEARD_RIGHT)["type"] == "error"    # a hold counts once
        # the child's own guess, spelt on the letters: no hold
        guess = q.Question(GUESS, "Ada: what is the word?")
        s.answerer.ask(guess)
        assert answer(ws, guess, "APPLE")["type"] == "answered"
        # a guess spelt otherwise: the grown-up's yes or no is held too, or given with the PIN
        heard = q.Question(GUESS_HEARD, "Is it the word on the card?", ("yes", "no"))
        s.answerer.ask(heard)
        assert "press and hold" in answer(ws, heard, "yes")["message"]
        ws.send(json.dumps({"type": "unlock", "pin": PIN}))
        assert reply(ws)["type"] == "unlocked"
        assert answer(ws, heard, "yes")["type"] == "answered"
