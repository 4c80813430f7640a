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
  link-local: :data:`LAN`): any other address gets 403. The ``Host`` a browser asked for must be
  an address, ``localhost`` or a local name (``raspberrypi.local``, ``wordboard``, ``*.lan``,
  ``*.home.arpa``...; more in ``$WORDBOARD_SCREEN_HOSTS``), so a site on the internet cannot
  reach the board by pointing its own name at the Pi (DNS rebinding); a WebSocket whose
  ``Origin`` is not the page's own is refused.
* Each page gets the newest snapshot when it connects and whenever it changes. What it sends is
  checked by :mod:`wordboard.screen.protocol`; changing the game needs the PIN
  (:mod:`wordboard.screen.pin`), checked one at a time on a worker thread; after
  :data:`MAX_FAILURES` wrong PINs in a row nobody may try for :data:`LOCKOUT_SECONDS`, twice as
  long after each further wrong PIN (up to :data:`MAX_LOCKOUT_SECONDS`).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import os
import re
import socket
import threading
import time
from dataclasses import dataclass, field
from importlib import resources

from wordboard.screen import clips
from wordboard.screen import pin as pins
from wordboard.screen import protocol
from wordboard.screen.hub import Command, Listeners, ScreenAnswerer, ScreenHub

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
MAX_CLIENTS = 24
MAX_FAILURES = 5
LOCKOUT_SECONDS = 60.0
MAX_LOCKOUT_SECONDS = 900.0

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


def peer_allowed(address: str | None) -> bool:
    """Peers on the local network only (:data:`LAN`)."""
    if not address:
        return False
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip in network for network in LAN)


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


@dataclass(eq=False)
class Client:
    connection: object
    peer: str
    outbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    admin: bool = False
    mode: str = "normal"
    audio: bool = False         # the page plays the board's speech
    sent_version: int = -1


class ScreenServer:
    def __init__(self, hub: ScreenHub, answerer: ScreenAnswerer | None = None, *, host: str = "127.0.0.1",
                 port: int = 8080, pin_file=None, out=print):
        self.hub = hub
        self.answerer = answerer
        self.host = host
        self.port = port
        self.pin_file = pin_file
        self.out = out
        self.static = load_static()
        self.clients: set[Client] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self._server = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._failures = 0
        self._lockouts = 0
        self._locked_until = 0.0
        self._pin_lock: asyncio.Lock | None = None
        self.hosts = allowed_hosts()
        self.error: BaseException | None = None
        self.bound: tuple[str, int] | None = None

    # -- lifecycle --------------------------------------------------------------------------------

    def start(self, timeout: float = 10.0) -> "ScreenServer":
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
        self.hub.watch(self._wake_threadsafe)
        try:
            async with serve(self._handler, self.host, self.port, process_request=self._http,
                             max_size=protocol.MAX_MESSAGE, ping_interval=20, ping_timeout=20,
                             server_header=None) as server:
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
        if not peer_allowed(peer):
            return self._text(403, "the board's screen is for the local network only\n")
        host = request.headers.get("Host", "")
        if not host_allowed(host, self.hosts):
            return self._text(403, "not a name of the board on the local network (the board's own "
                                   "names, addresses and .local names are; more in WORDBOARD_SCREEN_HOSTS)\n")
        path = request.path.split("?", 1)[0]
        if path == "/ws":
            if not origin_allowed(request.headers.get("Origin"), host):
                return self._text(403, "another site's page may not connect\n")
            if len(self.clients) >= MAX_CLIENTS:
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
        client = Client(connection, peer)
        self.clients.add(client)
        sender = asyncio.create_task(self._sender(client))
        try:
            await connection.send(json.dumps({"type": "welcome", "pin": pins.is_set(self.pin_file),
                                              "local": _is_loopback(peer)}))
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
                await connection.send(json.dumps(client.outbox.get_nowait()))
            state = self.hub.latest()
            if state is not None and state["version"] != client.sent_version:
                client.sent_version = state["version"]
                await connection.send(json.dumps({"type": "state", "state": state}))

    async def _message(self, client: Client, kind: str, data: dict) -> None:
        reply = self._reply_threadsafe(client)
        if kind == "hello":
            client.mode = data["mode"]
            if data["mode"] == "kids" and _is_loopback(client.peer):
                # the Pi's own screen in children's mode: speech on (the page plays it when its
                # sound is on, else the Pi's own device says it)
                self.hub.submit(Command("speech", {"on": True}))
            return
        if kind == "audio":
            client.audio = data["on"]
            self._count_listeners()
            return
        if kind == "answer":
            if self.answerer is None:
                reply({"type": "error", "message": "this board takes no answers from the screen"})
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
            reply({"type": "locked"})
            return
        if kind in protocol.ADMIN and not client.admin:
            reply({"type": "error", "message": "changing the game needs the PIN"})
            return
        if not self.hub.submit(Command(kind, data, admin=client.admin, reply=reply, audio=client.audio)):
            reply({"type": "error", "message": "the board is busy: try again"})

    async def _unlock(self, client: Client, pin: str, reply) -> None:
        # One PIN check at a time: attempts sent at once from many pages wait their turn, so the
        # lockout counts every one of them.
        async with self._pin_lock:
            if time.monotonic() < self._locked_until:
                wait = max(1, round(self._locked_until - time.monotonic()))
                reply({"type": "error", "message": f"too many wrong PINs: try again in {wait} s"})
                return
            if not pins.is_set(self.pin_file):
                reply({"type": "error", "message": "no PIN is set: run 'wordboard screen set-pin' on the board"})
                return
            ok = await asyncio.get_running_loop().run_in_executor(None, pins.check_pin, pin, self.pin_file)
            if ok:
                self._failures = self._lockouts = 0
                client.admin = True
                reply({"type": "unlocked"})
                return
            self._failures += 1
            if self._failures >= MAX_FAILURES:
                self._failures = MAX_FAILURES - 1      # from now on each wrong PIN locks again
                self._locked_until = time.monotonic() + min(MAX_LOCKOUT_SECONDS,
                                                            LOCKOUT_SECONDS * 2 ** self._lockouts)
                self._lockouts += 1
            reply({"type": "error", "message": "wrong PIN"})


def _is_loopback(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback
