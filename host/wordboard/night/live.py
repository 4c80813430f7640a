"""The night's live page: every table's board as its moves come in, the standings and the round's
pairings; a click on a table opens its game move by move. For the organiser's screen or a
projector.

Served the way the board's screen is (:mod:`wordboard.screen.server`, whose checks it reuses): a
page and a WebSocket on an asyncio loop in its own thread; the shipped files in
``wordboard/night/static/`` read once (no request path reaches the file system); peers on the
local network only, ``Host`` a local name or an address (no DNS rebinding), a WebSocket's
``Origin`` the page's own. The page only watches: the one thing it may send is
``{"type": "open", "table": N}`` (which game to show move by move); anything else is answered
with an error and changes nothing. Each page gets the newest snapshot when it connects and
whenever it changes (a page that falls behind skips to the newest).
"""

from __future__ import annotations

import asyncio
import json
import threading
from dataclasses import dataclass, field
from importlib import resources

from wordboard.screen.server import (
    SECURITY_HEADERS,
    allowed_hosts,
    host_allowed,
    load_static,
    origin_allowed,
    parse_listen,
    peer_allowed,
)

MAX_CLIENTS = 64
MAX_MESSAGE = 512


@dataclass(eq=False)
class Page:
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    sent: int = -1                  # the collector's version last sent
    open: int | None = None         # the table shown move by move
    opened: int | None = None       # ... as last sent


class NightServer:
    def __init__(self, collector, listen: str | None = None, *, lan: bool = True, out=None):
        self.collector = collector
        try:
            self.host, self.port = parse_listen(listen or "8090", lan=lan)
        except ValueError as exc:
            from wordboard.errors import UserError

            raise UserError(f"--listen: {exc}") from None
        self.static = load_static(resources.files("wordboard.night") / "static")
        self.hosts = allowed_hosts()
        self.clients: set[Page] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self.error: BaseException | None = None
        self.bound: tuple[str, int] | None = None

    def start(self, timeout: float = 10.0) -> NightServer:
        self._thread = threading.Thread(target=self._run, daemon=True, name="night-page")
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("the night page's server did not start")
        if self.error is not None:
            from wordboard.errors import UserError

            raise UserError(f"cannot serve the night page on {self.host}:{self.port}: {self.error}")
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
        stop = self._stop = asyncio.Event()
        self.collector.watch(self._wake_threadsafe)
        try:
            async with serve(self._handler, self.host, self.port, process_request=self._http, max_size=MAX_MESSAGE,
                             ping_interval=20, ping_timeout=20, server_header=None) as server:
                self.bound = next(iter(server.sockets)).getsockname()[:2]
                self._ready.set()
                await stop.wait()
        finally:
            self.collector.unwatch(self._wake_threadsafe)

    def stop(self) -> None:
        if self.loop is not None and self._stop is not None:
            try:
                self.loop.call_soon_threadsafe(self._stop.set)
            except RuntimeError:
                pass
        if self._thread is not None:
            self._thread.join(5)

    @property
    def url(self) -> str:
        host, port = self.bound or (self.host, self.port)
        if host in ("0.0.0.0", "::"):
            host = "localhost"
        return f"http://{host}:{port}/"

    # -- HTTP -------------------------------------------------------------------------------------

    def _response(self, status: int, body: bytes, content_type: str):
        from websockets.datastructures import Headers
        from websockets.http11 import Response

        reasons = {200: "OK", 403: "Forbidden", 404: "Not Found", 503: "Service Unavailable"}
        headers = Headers({"Content-Type": content_type, "Content-Length": str(len(body)), "Connection": "close",
                           **SECURITY_HEADERS})
        return Response(status, reasons.get(status, "Error"), headers, body)

    def _text(self, status: int, text: str):
        return self._response(status, text.encode(), "text/plain; charset=utf-8")

    def _http(self, connection, request):
        peer = (connection.remote_address or ("",))[0]
        if not peer_allowed(peer):
            return self._text(403, "the night's page is for the local network only\n")
        host = request.headers.get("Host", "")
        if not host_allowed(host, self.hosts):
            return self._text(403, "not a local name of this machine (more in WORDBOARD_SCREEN_HOSTS)\n")
        path = request.path.split("?", 1)[0]
        if path == "/ws":
            if not origin_allowed(request.headers.get("Origin"), host):
                return self._text(403, "another site's page may not connect\n")
            if len(self.clients) >= MAX_CLIENTS:
                return self._text(503, "too many pages connected\n")
            return None
        if path in ("/", "/index.html"):
            return self._response(200, *self.static["index.html"])
        if path.startswith("/static/"):
            found = self.static.get(path[len("/static/"):])
            if found is not None:
                return self._response(200, *found)
        return self._text(404, "not found\n")

    # -- WebSocket --------------------------------------------------------------------------------

    def _wake_threadsafe(self) -> None:
        if self.loop is not None:
            try:
                self.loop.call_soon_threadsafe(self._wake_all)
            except RuntimeError:
                pass

    def _wake_all(self) -> None:
        for client in self.clients:
            client.wake.set()

    async def _handler(self, connection) -> None:
        client = Page()
        self.clients.add(client)
        sender = asyncio.create_task(self._sender(connection, client))
        try:
            client.wake.set()
            async for text in connection:
                reply = self._message(client, text)
                if reply is not None:
                    await connection.send(json.dumps(reply))
        except Exception:  # noqa: BLE001 - a page closed or broke
            pass
        finally:
            sender.cancel()
            self.clients.discard(client)

    def _message(self, client: Page, text) -> dict | None:
        try:
            data = json.loads(text) if isinstance(text, str) else None
        except ValueError:
            data = None
        if not isinstance(data, dict) or data.get("type") != "open" or set(data) - {"type", "table"}:
            return {"type": "error", "message": "the page may only open a table"}
        table = data.get("table")
        if table is not None and (isinstance(table, bool) or not isinstance(table, int) or not 1 <= table <= 1000):
            return {"type": "error", "message": "not a table"}
        client.open = table
        client.wake.set()
        return None

    async def _sender(self, connection, client: Page) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await client.wake.wait()
            client.wake.clear()
            if self.collector.version == client.sent and client.opened == client.open:
                continue
            client.sent = self.collector.version
            snapshot = await loop.run_in_executor(None, self.collector.snapshot)
            await connection.send(json.dumps({"type": "night", "state": snapshot}))
            detail = None
            if client.open is not None:
                detail = await loop.run_in_executor(None, self.collector.game_detail, client.open)
            if client.open is not None or client.opened is not None:
                await connection.send(json.dumps({"type": "game", "table": client.open, "game": detail}))
            client.opened = client.open
            await asyncio.sleep(0.05)      # at most about 20 updates a second per page
