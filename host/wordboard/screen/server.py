"""The screen's web server: one page and a WebSocket, on an asyncio loop in its own thread.

* ``GET /`` is the page; ``GET /static/NAME`` one of the files shipped in
  ``wordboard/screen/static/`` (read once at start from the package; a name not in that list is
  a 404: no path from a request ever reaches the file system); ``/ws`` is the WebSocket.
* ``GET /speech/<32 hex digits>.wav`` is a clip of what the board said (made by the bridge's
  speech with espeak-ng, kept in :attr:`ScreenHub.clips <wordboard.screen.hub.ScreenHub.clips>`,
  at most 1 MB each): an id the cache does not hold, or any other name, is a 404 (nothing from
  the request is said or opened). The same peer and ``Host`` checks as every other request.
  Pages tell the server with ``{"type": "audio", "on": ...}`` whether they play the board's
  speech; ``say`` events (which clip to play) go to those pages only.
* Peers must be on the local network (loopback, the private ranges of RFC 1918 and RFC 4193,
  link-local: :data:`LAN`, or a global IPv6 address in the /64 of the board's own address it
  reached): any other address gets 403. The ``Host`` a browser asked for must be
  an address, ``localhost`` or a local name (``raspberrypi.local``, ``wordboard``, ``*.lan``,
  ``*.home.arpa``...; more in ``$WORDBOARD_SCREEN_HOSTS``), so a site on the internet cannot
  reach the board by pointing its own name at the Pi (DNS rebinding); a WebSocket whose
  ``Origin`` is not the page's own is refused.
* Each page gets the newest snapshot when it connects and whenever it changes. What it sends is
  checked by :mod:`wordboard.screen.protocol`. Who may do what (:mod:`wordboard.screen.guard`):
  watching is open; playing (buttons, answers) is for the kiosk (a loopback peer), pages that
  joined with the game's code (shown on the kiosk, with a QR code of the join address) and pages
  unlocked with the PIN; changing the game needs the PIN (:mod:`wordboard.screen.pin`), checked
  one at a time on a worker thread. After :data:`MAX_FAILURES` wrong PINs (or codes: counted
  apart) in a row *that client* (one address) waits :data:`LOCKOUT_SECONDS`, twice as long after
  each further one (up to :data:`MAX_LOCKOUT_SECONDS`); the LAN's guesses together are spaced out
  past a ceiling (:class:`~wordboard.screen.guard.Lockout`); the kiosk is never locked out by
  others.
* Each page may send :data:`ACTION_BURST` actions at once, then :data:`ACTIONS_PER_SECOND`, and
  one hint per :data:`HINT_SECONDS` (the controller computes hints off its loop, once per
  position).
* Connections: at most :data:`MAX_CONNECTIONS` open from the LAN (handshakes included),
  :data:`MAX_CONNECTIONS_PER_CLIENT` from one client; pages (WebSockets): :data:`MAX_CLIENTS`,
  of which :data:`KIOSK_SLOTS` are kept for the kiosk, :data:`MAX_PAGES_PER_CLIENT` per client;
  a handshake not done in :data:`OPEN_TIMEOUT` seconds is closed. Connections over a limit are
  closed at once; each kind of refusal is one log line (then a count a minute), never a
  traceback per connection.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import os
import re
import socket
import threading
import time
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Protocol

from wordboard.screen import clips, guard, protocol
from wordboard.screen import pin as pins
from wordboard.screen.hub import Command, Listeners, ScreenAnswerer, ScreenHub

if TYPE_CHECKING:
    from websockets.asyncio.server import Server

STATIC_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
                ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png",
                ".ico": "image/x-icon", ".json": "application/json"}
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
                               "style-src 'self'; script-src 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
MAX_CLIENTS = 24                # pages (WebSockets) at once
KIOSK_SLOTS = 2                 # of which kept for the kiosk
MAX_PAGES_PER_CLIENT = 4
MAX_CONNECTIONS = 96            # open TCP connections from the LAN, handshakes included
MAX_CONNECTIONS_PER_CLIENT = 12
MAX_KIOSK_CONNECTIONS = 64
OPEN_TIMEOUT = 5.0              # seconds for a request or a WebSocket handshake
MAX_FAILURES = 5
LOCKOUT_SECONDS = 60.0
MAX_LOCKOUT_SECONDS = 900.0
ACTIONS_PER_SECOND = 4.0
ACTION_BURST = 8.0
HINT_SECONDS = 2.0
#: a grown-up's answer (is it the card's word?) from a page not unlocked with the PIN counts only
#: this long after its button was pressed ("hold"; the page holds 1.2 s, less the network's jitter)
HOLD_SECONDS = 1.0

#: the peers served: loopback, RFC 1918, link-local, IPv6 unique local and link-local
LAN = tuple(ipaddress.ip_network(n) for n in (
    "127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16",
    "::1/128", "fc00::/7", "fe80::/10"))
#: host names that only a local network resolves (besides single-label names and addresses)
LOCAL_SUFFIXES = (".local", ".lan", ".home", ".home.arpa", ".internal", ".localdomain", ".localhost")
HOST_NAME = re.compile(r"^[a-z0-9]([a-z0-9-]{0,62})(\.[a-z0-9]([a-z0-9-]{0,62}))*\.?$")


def parse_listen(text: str | None, *, lan: bool) -> tuple[str, int]:
    """``[HOST:]PORT`` -> (host, port); the host defaults to all interfaces on the Pi (``lan``),
    else loopback."""
    default_host = "0.0.0.0" if lan else "127.0.0.1"
    if text is None or text in ("", "default"):
        return default_host, 8080
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = default_host, text
    host = host.strip("[]") or default_host
    try:
        number = int(port)
    except ValueError:
        raise ValueError(f"not a port: {port!r}") from None
    if not 0 <= number <= 65535:
        raise ValueError(f"not a port: {port!r}")
    return host, number


def peer_allowed(address: str | None, local: str | None = None) -> bool:
    """Peers on the local network only: :data:`LAN`, and an IPv6 peer on the board's own link
    (its /64 is that of ``local``, the board's address the peer reached: most home networks give
    their devices global IPv6 addresses of one /64, which no fixed list names)."""
    if not address:
        return False
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if any(ip in network for network in LAN):
        return True
    return isinstance(ip, ipaddress.IPv6Address) and ip.is_global and _same_link(ip, local)


def _same_link(ip: ipaddress.IPv6Address, local: str | None) -> bool:
    try:
        own = ipaddress.ip_address((local or "").split("%")[0])
    except ValueError:
        return False
    return (isinstance(own, ipaddress.IPv6Address) and own.is_global
            and ip in ipaddress.ip_network(f"{own}/64", strict=False))


def split_host(host: str) -> str:
    """``Host`` header -> the name or address, without the port and brackets, lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else ""
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host


def host_allowed(host: str | None, extra: tuple[str, ...] = ()) -> bool:
    """A ``Host`` the page may be asked for: an address, ``localhost``, this machine's name, a
    single-label name (``wordboard``), a local-only suffix (``raspberrypi.local``) or one of
    ``extra``. A public name (``evil.example``) is refused: its owner could point it at the Pi."""
    name = split_host(host or "")
    if not name:
        return False
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    if not HOST_NAME.match(name):
        return False
    name = name.rstrip(".")
    if name == "localhost" or "." not in name or name.endswith(LOCAL_SUFFIXES):
        return True
    return name in extra


def allowed_hosts(environ=None) -> tuple[str, ...]:
    """This machine's names and ``$WORDBOARD_SCREEN_HOSTS`` (comma-separated)."""
    environ = os.environ if environ is None else environ
    names = {socket.gethostname().lower()}        # no DNS look-up: the board may be offline
    names.update(n.strip().lower().rstrip(".") for n in environ.get("WORDBOARD_SCREEN_HOSTS", "").split(",")
                 if n.strip())
    return tuple(sorted(names))


def origin_allowed(origin: str | None, host: str) -> bool:
    """A WebSocket's ``Origin`` must be the page's own (``http://`` + the ``Host`` asked for); a
    client that sends none is not a browser page (browsers always send it)."""
    if origin is None:
        return True
    host = host.strip().lower()
    return bool(host) and origin.strip().lower() in (f"http://{host}", f"https://{host}")


def load_static(folder=None) -> dict[str, tuple[bytes, str]]:
    """The shipped files by name: regular files directly in ``static/`` (no folders, no hidden
    files, no symbolic links), read once."""
    from pathlib import Path

    out = {}
    folder = folder if folder is not None else resources.files("wordboard.screen") / "static"
    for item in folder.iterdir():
        name = item.name
        suffix = name[name.rfind("."):] if "." in name else ""
        if isinstance(item, Path) and item.is_symlink():
            continue
        if item.is_file() and suffix in STATIC_TYPES and not name.startswith("."):
            out[name] = (item.read_bytes(), STATIC_TYPES[suffix])
    return out


class Connection(Protocol):
    """What a client's page is sent through (a ``websockets`` server connection)."""

    async def send(self, message: str) -> None: ...


@dataclass(eq=False)
class Client:
    connection: Connection
    peer: str
    outbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    admin: bool = False
    # the page's mode, from its hello; until then it is sent what a page in the children's mode
    # is, and no state (it came before the hello: a ?mode=kids page showed a word ungated once)
    mode: str = "kids"
    greeted: bool = False
    audio: bool = False         # the page plays the board's speech
    sent_version: int = -1
    key: str = ""               # the client (guard.client_key)
    code: str | None = None     # the game code the page joined with
    bucket: guard.Bucket | None = None
    last_hint: float = float("-inf")
    told_slow: float = float("-inf")
    held: tuple[int, float] | None = None   # a grown-up's answer pressed: (question, when)

    @property
    def kiosk(self) -> bool:
        return self.key == guard.KIOSK



def for_page(client, message: dict, child_words=None) -> dict:
    """What a page is sent: on a page in the children's mode, any game's texts go through the
    children's gate (:func:`wordboard.extradiction.childtext.for_kids_page`; ``child_words``: a
    children's game's words, None for a game for grown-ups: the children's own list then)."""
    if getattr(client, "mode", None) != "kids":
        return message
    from wordboard.extradiction.childtext import for_kids_page

    return for_kids_page(message, child_words)

class ScreenServer:
    def __init__(self, hub: ScreenHub, answerer: ScreenAnswerer | None = None, *, host: str = "127.0.0.1",
                 port: int = 8080, pin_file=None, out=print, kiosk=guard.is_loopback,
                 clock=time.monotonic):
        self.hub = hub
        self.answerer = answerer
        self.host = host
        self.port = port
        self.pin_file = pin_file
        self.out = out
        self.static = load_static()
        self.clients: set[Client] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self._server: Server | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self.kiosk = kiosk              # which peer addresses are the Pi's own screen
        self.clock = clock
        # One lockout per secret: wrong PINs never bar joining with the game's code, nor the
        # reverse. The PIN (4 to 8 digits) has a ceiling per pool of pages (_pin_pool): guesses
        # from elsewhere never space out those of the pages at the table. The code (about 39
        # bits, a new one each game) has none: a ceiling that any one device can fill would bar
        # every phone from joining; at 100 wrong codes a second (more than MAX_CLIENTS pages at
        # ACTIONS_PER_SECOND) an hour's game is joined by guessing once in 1.8 million games.
        self.pin_lockout = guard.Lockout(max_failures=MAX_FAILURES, seconds=LOCKOUT_SECONDS,
                                         max_seconds=MAX_LOCKOUT_SECONDS)
        self.code_lockout = guard.Lockout(max_failures=MAX_FAILURES, seconds=LOCKOUT_SECONDS,
                                          max_seconds=MAX_LOCKOUT_SECONDS, lan_ceiling=None)
        self.codes = guard.GameCode()
        self.refusals = guard.RefusalLog(out, clock)
        self.connections: dict[str, int] = {}     # open TCP connections per client
        self._qr: tuple[str, str | None] | None = None
        self._pin_lock: asyncio.Lock | None = None
        self.hosts = allowed_hosts()
        self.error: BaseException | None = None
        self.bound: tuple[str, int] | None = None

    # -- lifecycle --------------------------------------------------------------------------------

    def start(self, timeout: float = 10.0) -> ScreenServer:
        self._thread = threading.Thread(target=self._run, daemon=True, name="screen-server")
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("the screen's server did not start")
        if self.error is not None:
            raise self.error
        return self

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:  # noqa: BLE001 - reported to start()
            self.error = exc
            self._ready.set()

    async def _main(self) -> None:
        from websockets.asyncio.server import serve

        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._pin_lock = asyncio.Lock()
        self.loop.set_exception_handler(self._loop_error)
        self.hub.watch(self._wake_threadsafe)
        try:
            async with serve(self._handler, self.host, self.port, process_request=self._http,
                             max_size=protocol.MAX_MESSAGE, ping_interval=20, ping_timeout=20,
                             open_timeout=OPEN_TIMEOUT, server_header=None, logger=self._ws_logger(),
                             create_connection=self._guarded_connection()) as server:
                self._server = server
                sock = next(iter(server.sockets))
                self.bound = sock.getsockname()[:2]
                self._ready.set()
                await self._stop.wait()
        finally:
            self.hub.unwatch(self._wake_threadsafe)

    def stop(self) -> None:
        if self.loop is not None and self._stop is not None:
            self.loop.call_soon_threadsafe(self._stop.set)
        if self._thread is not None:
            self._thread.join(5)

    @property
    def url(self) -> str:
        host, port = self.bound or (self.host, self.port)
        if host in ("0.0.0.0", "::"):
            host = "localhost"
        return f"http://{host}:{port}/"

    # -- connections ------------------------------------------------------------------------------

    def _guarded_connection(self):
        """websockets' connection, counted per client from the moment the TCP connection is
        accepted: one over a limit is closed at once (before it holds a descriptor for long)."""
        from websockets.asyncio.server import ServerConnection

        screen = self

        class Guarded(ServerConnection):
            _screen_key: str | None = None

            def connection_made(self, transport) -> None:
                peer = transport.get_extra_info("peername")
                self._screen_key = screen._admit(peer[0] if peer else None)
                if self._screen_key is None:
                    transport.abort()
                super().connection_made(transport)

            def connection_lost(self, exc) -> None:
                if self._screen_key is not None:
                    screen._release(self._screen_key)
                    self._screen_key = None
                super().connection_lost(exc)

        return Guarded

    def _admit(self, address: str | None) -> str | None:
        key = guard.client_key(address, self.kiosk)
        count = self.connections.get(key, 0)
        if key == guard.KIOSK:
            if count >= MAX_KIOSK_CONNECTIONS:
                self.refusals.refused("too many connections from the Pi itself")
                return None
        elif count >= MAX_CONNECTIONS_PER_CLIENT:
            self.refusals.refused("too many connections from one address", key)
            return None
        elif sum(n for k, n in self.connections.items() if k != guard.KIOSK) >= MAX_CONNECTIONS:
            self.refusals.refused("too many connections from the local network")
            return None
        self.connections[key] = count + 1
        return key

    def _release(self, key: str) -> None:
        left = self.connections.get(key, 0) - 1
        if left > 0:
            self.connections[key] = left
        else:
            self.connections.pop(key, None)

    def _loop_error(self, loop, context: dict) -> None:
        """The server loop's own errors (``accept()`` out of descriptors...): one line a kind."""
        exc = context.get("exception")
        message = context.get("message", "error")
        if isinstance(exc, OSError) and exc.errno in (23, 24):
            message = "out of file descriptors"
        self.refusals.refused(f"server: {message}", f"{type(exc).__name__}: {exc}" if exc else "")

    def _ws_logger(self) -> logging.Logger:
        """websockets' logger: what it would log as an error (with a traceback) becomes one line
        per kind in :attr:`refusals`."""
        logger = logging.getLogger(f"wordboard.screen.ws.{id(self)}")
        logger.propagate = False
        logger.setLevel(logging.ERROR)
        refusals = self.refusals

        class OneLine(logging.Handler):
            def emit(self, record: logging.LogRecord) -> None:
                exc = record.exc_info[1] if record.exc_info else None
                refusals.refused(f"websockets: {record.getMessage()}",
                                 f"{type(exc).__name__}: {exc}" if exc else "")

        logger.handlers[:] = [OneLine()]
        return logger

    # -- the game's code ----------------------------------------------------------------------------

    def new_game(self, game: object) -> str:
        """A new game is on the board: its code (the only one accepted from now on), shown on
        the kiosk and to pages unlocked with the PIN. Thread-safe."""
        code = self.codes.new_game(game)
        if self.loop is not None:
            try:
                self.loop.call_soon_threadsafe(self._send_code_to_all)
            except RuntimeError:        # the loop is closed
                pass
        return code

    def join_url(self) -> str:
        """The address a phone opens to join (``#join=CODE``, never sent to a server)."""
        host, port = self.bound or (self.host, self.port)
        if host in ("0.0.0.0", "::", ""):
            host = lan_address() or f"{socket.gethostname()}.local"
        if ":" in host:
            host = f"[{host}]"
        code = self.codes.current or ""
        return f"http://{host}:{port}/#join={code}"

    def _code_message(self) -> dict:
        code = self.codes.current
        if code is None:
            return {"type": "code", "code": None}
        url = self.join_url()
        if self._qr is None or self._qr[0] != url:
            self._qr = (url, qr_svg(url))        # made once per game (pages reconnect often)
        return {"type": "code", "code": guard.GameCode.shown(code), "url": url, "qr": self._qr[1]}

    def _send_code_to_all(self) -> None:
        for client in list(self.clients):
            if client.kiosk or client.admin:
                self._deliver(client, self._code_message())

    def may_play(self, client: Client) -> bool:
        return client.kiosk or client.admin or (client.code is not None and self.codes.check(client.code))

    # -- HTTP -------------------------------------------------------------------------------------

    def _response(self, status: int, body: bytes, content_type: str, **extra: str):
        from websockets.datastructures import Headers
        from websockets.http11 import Response

        reasons = {200: "OK", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
                   503: "Service Unavailable"}
        headers = Headers({"Content-Type": content_type, "Content-Length": str(len(body)),
                           "Connection": "close", **SECURITY_HEADERS, **extra})
        return Response(status, reasons.get(status, "Error"), headers, body)

    def _text(self, status: int, text: str):
        return self._response(status, text.encode(), "text/plain; charset=utf-8")

    def _http(self, connection, request):
        peer = (connection.remote_address or ("",))[0]
        if not peer_allowed(peer, (connection.local_address or ("",))[0]):
            return self._text(403, "the board's screen is for the local network only\n")
        host = request.headers.get("Host", "")
        if not host_allowed(host, self.hosts):
            return self._text(403, "not a name of the board on the local network (the board's own "
                                   "names, addresses and .local names are; more in WORDBOARD_SCREEN_HOSTS)\n")
        path = request.path.split("?", 1)[0]
        if path == "/ws":
            if not origin_allowed(request.headers.get("Origin"), host):
                return self._text(403, "another site's page may not connect\n")
            refused = self._page_refused(guard.client_key(peer, self.kiosk))
            if refused:
                self.refusals.refused(refused)
                return self._text(503, "too many screens connected\n")
            return None      # carry on with the WebSocket handshake
        if path in ("/", "/index.html", "/kids"):
            body, kind = self.static["index.html"]
            return self._response(200, body, kind)
        if path.startswith("/static/"):
            found = self.static.get(path[len("/static/"):])
            if found is not None:
                return self._response(200, *found)
        if path.startswith("/speech/"):
            return self._speech(path)
        if path == "/favicon.ico":
            return self._response(404, b"", "text/plain")
        return self._text(404, "not found\n")

    def _page_refused(self, key: str) -> str | None:
        """Why one more page of client ``key`` is refused (None: it is not)."""
        if len(self.clients) >= MAX_CLIENTS:
            return "too many pages"
        if key == guard.KIOSK:
            return None
        if sum(1 for c in self.clients if c.key == key) >= MAX_PAGES_PER_CLIENT:
            return "too many pages from one address"
        if sum(1 for c in self.clients if not c.kiosk) >= MAX_CLIENTS - KIOSK_SLOTS:
            return "too many pages from the local network (the rest are kept for the kiosk)"
        return None

    def _speech(self, path: str):
        """A clip of what the board said, by the id the server gave it; anything else is a 404."""
        found = clips.PATH.match(path)
        clip = self.hub.clips.get(found.group(1)) if found else None
        if clip is None or len(clip) > clips.MAX_CLIP_BYTES:
            return self._text(404, "not found\n")
        # an id names one clip for as long as the board runs; other sites' pages may not embed it
        return self._response(200, clip, "audio/wav", **{"Cache-Control": "private, max-age=600",
                                                         "Cross-Origin-Resource-Policy": "same-origin"})

    # -- WebSocket --------------------------------------------------------------------------------

    def _wake_threadsafe(self) -> None:
        if self.loop is not None:
            try:
                self.loop.call_soon_threadsafe(self._wake_all)
            except RuntimeError:      # the loop is closed
                pass

    def _wake_all(self) -> None:
        events = self.hub.take_events()
        for client in list(self.clients):
            for event in events:
                if event.get("type") != "say" or client.audio:     # speech: to the pages that play it
                    client.outbox.put_nowait(event)
            client.wake.set()

    def _count_listeners(self) -> None:
        playing = [c for c in self.clients if c.audio]
        self.hub.set_listeners(Listeners(pages=len(playing), local=sum(_is_loopback(c.peer) for c in playing)))

    def _reply_threadsafe(self, client: Client):
        def reply(message: dict) -> None:
            if self.loop is not None:
                self.loop.call_soon_threadsafe(self._deliver, client, message)
        return reply

    def _deliver(self, client: Client, message: dict) -> None:
        client.outbox.put_nowait(message)
        client.wake.set()

    async def _handler(self, connection) -> None:
        peer = (connection.remote_address or ("",))[0]
        client = Client(connection, peer, key=guard.client_key(peer, self.kiosk),
                        bucket=guard.Bucket(ACTIONS_PER_SECOND, ACTION_BURST, self.clock()))
        self.clients.add(client)
        sender = asyncio.create_task(self._sender(client))
        try:
            welcome = {"type": "welcome", "pin": pins.is_set(self.pin_file), "local": _is_loopback(peer),
                       "play": self.may_play(client)}
            if client.kiosk and self.codes.current is not None:
                welcome["code"] = self._code_message()        # the kiosk shows the game's code
            await connection.send(json.dumps(welcome))
            client.wake.set()
            async for text in connection:
                try:
                    kind, data = protocol.parse(text)
                except protocol.ProtocolError as exc:
                    await connection.send(json.dumps({"type": "error", "message": str(exc)}))
                    continue
                await self._message(client, kind, data)
        except Exception:  # noqa: BLE001 - a closed or broken page
            pass
        finally:
            sender.cancel()
            self.clients.discard(client)
            if client.audio:
                self._count_listeners()

    async def _sender(self, client: Client) -> None:
        connection = client.connection
        while True:
            await client.wake.wait()
            client.wake.clear()
            while not client.outbox.empty():
                await connection.send(json.dumps(for_page(client, client.outbox.get_nowait(), self.hub.child_words)))
            state = self.hub.latest() if client.greeted else None
            if state is not None and state["version"] != client.sent_version:
                client.sent_version = state["version"]
                await connection.send(json.dumps(for_page(client, {"type": "state", "state": state},
                                                          self.hub.child_words)))

    async def _message(self, client: Client, kind: str, data: dict) -> None:
        reply = self._reply_threadsafe(client)
        if kind == "hello":
            if client.mode != data["mode"] or not client.greeted:
                client.mode = data["mode"]
                client.greeted = True
                client.sent_version = -1         # the state again, as a page in this mode is sent it
                client.wake.set()
            if data["mode"] == "kids" and _is_loopback(client.peer):
                # the Pi's own screen in children's mode: speech on (the page plays it when its
                # sound is on, else the Pi's own device says it), through the children's gate
                # whatever the game
                self.hub.submit(Command("speech", {"on": True}, kids=True))
            return
        if kind == "audio":
            client.audio = data["on"]
            self._count_listeners()
            return
        if kind in ("button", "answer", "correct", "house", "hold") and not self.may_play(client):
            reply({"type": "error", "message": "this page only watches: join with the game's code (on the "
                                               "board's screen) or unlock with the PIN", "watching": True})
            return
        if kind in ("button", "answer", "say", "correct", "house", "hold") and not self._within_rate(client, kind, data, reply):
            return
        if kind == "say" and not client.audio and not self.may_play(client):
            reply({"type": "error", "message": "turn this page's sound on to hear it"})
            return
        if kind == "join":
            await self._join(client, data["code"], reply)
            return
        if kind == "hold":
            client.held = (data["question"], self.clock())
            return
        if kind == "answer":
            if self.answerer is None:
                reply({"type": "error", "message": "this board takes no answers from the screen"})
                return
            if not self._grown_ups_answer_held(client, data):
                reply({"type": "error", "message": "a grown-up: press and hold (or unlock with the PIN)"})
                return
            problem = self.answerer.give(data["question"], data["value"])
            reply({"type": "error", "message": problem} if problem else
                  {"type": "answered", "question": data["question"], "value": data["value"]})
            return
        if kind == "unlock":
            await self._unlock(client, data["pin"], reply)
            return
        if kind == "lock":
            client.admin = False
            reply({"type": "locked", "play": self.may_play(client)})
            return
        if kind in protocol.ADMIN and not client.admin:
            reply({"type": "error", "message": "changing the game needs the PIN"})
            return
        if kind == "words":                 # the grown-up's words: a file, not the game
            from wordboard.screen.words import answer

            reply(await asyncio.get_running_loop().run_in_executor(None, answer, data))
            return
        if not self.hub.submit(Command(kind, data, admin=client.admin, reply=reply, audio=client.audio,
                                       kids=client.mode == "kids")):
            reply({"type": "error", "message": "the board is busy: try again"})

    def _grown_ups_answer_held(self, client: Client, data: dict) -> bool:
        """Whether an answer may be given: any answer from a page unlocked with the PIN; a grown-up's
        (eXtraDICTION: is the guess the card's word?) from another page only when its button was
        held :data:`HOLD_SECONDS` (told by "hold", timed here: a child's tap does not answer)."""
        from wordboard.controller.boardgames import grown_ups_answer

        question = getattr(self.answerer, "current", None)
        if client.admin or question is None or question.id != data["question"] \
                or not grown_ups_answer(question, data["value"]):
            return True
        held, client.held = client.held, None
        return held is not None and held[0] == question.id and self.clock() - held[1] >= HOLD_SECONDS

    def _within_rate(self, client: Client, kind: str, data: dict, reply) -> bool:
        """The page's token bucket, and one hint per :data:`HINT_SECONDS`; a page over it is told
        once a second (the rest is dropped here, on the server's loop)."""
        now = self.clock()
        hint = kind == "button" and data.get("name") == "hint"
        if hint and now - client.last_hint < HINT_SECONDS:
            ok = False
        else:
            ok = client.bucket is None or client.bucket.take(now)
        if ok:
            if hint:
                client.last_hint = now
            return True
        self.refusals.refused("a page sent too much, too fast", client.key)
        if now - client.told_slow >= 1.0:
            client.told_slow = now
            reply({"type": "error", "message": "too fast: wait a moment"})
        return False

    @staticmethod
    def _pin_pool(client: Client) -> str:
        """The pool of pages whose wrong PINs are counted together: the pages that joined with a
        game's code (shown only on the board's own screen: they are at the table), and the rest."""
        return "joined" if client.code is not None else guard.LAN_POOL

    def _locked_out(self, lockout: guard.Lockout, client: Client, what: str, reply,
                    pool: str = guard.LAN_POOL) -> bool:
        wait = lockout.wait(client.key, self.clock(), pool)
        if wait > 0:
            reply({"type": "error", "message": f"too many wrong {what}: try again in {max(1, round(wait))} s"})
            return True
        return False

    async def _join(self, client: Client, code: str, reply) -> None:
        """A page sends the game's code (typed, or from the QR code's address): it may play."""
        assert self._pin_lock is not None  # made by _main before the first page connects
        async with self._pin_lock:
            if self._locked_out(self.code_lockout, client, "codes", reply):
                return
            if self.codes.check(code):
                self.code_lockout.succeeded(client.key)
                client.code = guard.GameCode.normal(code)
                reply({"type": "joined", "play": True})
                return
            if client.kiosk:           # the kiosk plays anyway: a stale code is no guess
                reply({"type": "joined", "play": True})
                return
            self.code_lockout.failed(client.key, self.clock())
            self.refusals.refused("a wrong game code", client.key)
            reply({"type": "error", "message": "not this game's code", "code": False})

    async def _unlock(self, client: Client, pin: str, reply) -> None:
        # One PIN check at a time: attempts sent at once from many pages wait their turn, so the
        # lockout counts every one of them.
        assert self._pin_lock is not None  # made by _main before the first page connects
        async with self._pin_lock:
            if self._locked_out(self.pin_lockout, client, "PINs", reply, self._pin_pool(client)):
                return
            if not pins.is_set(self.pin_file):
                reply({"type": "error", "message": "no PIN is set: run 'wordboard screen set-pin' on the board"})
                return
            ok = await asyncio.get_running_loop().run_in_executor(None, pins.check_pin, pin, self.pin_file)
            if ok:
                self.pin_lockout.succeeded(client.key)
                client.admin = True
                reply({"type": "unlocked", "play": True, "code": self._code_message()})
                return
            self.pin_lockout.failed(client.key, self.clock(), self._pin_pool(client))
            self.refusals.refused("a wrong PIN", client.key)
            reply({"type": "error", "message": "wrong PIN"})


def lan_address() -> str | None:
    """This machine's address on its local network (the route to a private address: no
    packet is sent), or None."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.254.254.254", 9))
            address = s.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def qr_svg(text: str) -> str | None:
    """A QR code of ``text`` as an SVG ``data:`` address (None without segno)."""
    try:
        import segno
    except ImportError:  # pragma: no cover - segno is a dependency
        return None
    return segno.make(text, error="m").svg_data_uri(scale=4, border=2, dark="#000", light="#fff")


def _is_loopback(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback
