"""The night's live page: in headless Chromium (Debian's, through Playwright, as the screen's tests
do) every table updates as moves come in, the standings and pairings show, a click opens a table's
game move by move; and the server's checks (host names, origins, what a page may send).

The browser tests skip when chromium or playwright is missing; nothing is downloaded."""

from __future__ import annotations

import asyncio
import json
import re
import urllib.request

import pytest

from tests.night.support import board_messages
from tests.night.test_night_collect import PAIRINGS, new_store
from tests.screen.support import (
    CHROMIUM,
    WAIT_MS,
    check_screenshot,
    free_port,
    launch_browser,
    screenshots_folder,
    wait_until,
)
from wordboard.night.collector import Collector
from wordboard.night.live import NightServer


@pytest.fixture
def night(two_games, tmp_path):
    """A collector (fed by the test, no broker) and its page; the messages per board."""
    store = new_store(tmp_path / "night.sqlite3")
    collector = Collector(store)
    server = NightServer(collector, f"127.0.0.1:{free_port()}", lan=False).start()
    messages = {board: board_messages(path, tmp_path / f"{board}.outbox", board, PAIRINGS[board])
                for board, path in two_games.items()}
    yield collector, server, messages
    server.stop()
    store.close()


def feed(collector, items):
    for topic, payload in items:
        collector.receive(topic, payload)


def test_every_table_updates_live_and_a_click_opens_its_game(night):
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (Debian package chromium)")
    pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    from playwright.sync_api import sync_playwright

    collector, server, messages = night
    one, two = messages["board-01"], messages["board-02"]
    feed(collector, one)
    shots = screenshots_folder()
    with sync_playwright() as p:
        browser = launch_browser(p)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url)
        page.wait_for_selector(".conn.on", timeout=WAIT_MS)
        page.wait_for_selector(".table", timeout=WAIT_MS)
        assert page.locator(".table").count() == 2
        assert page.locator(".table").nth(0).locator(".grid .sq").count() == 15 * 15
        assert page.locator("#pairings li").count() == 2
        assert "Ada v Blaise" in page.inner_text("#pairings")

        def tiles(n):
            return page.locator(".table").nth(n).locator(".grid .sq.t").count()

        assert tiles(0) > 0 and tiles(1) == 0
        assert "1 of 2 results in" in page.inner_text("#progress")
        feed(collector, two)                    # table 2's game comes in while the page watches
        wait_until(lambda: tiles(1) > 0, "table 2 to update")
        wait_until(lambda: "2 of 2 results in" in page.inner_text("#progress"), "the results")
        assert page.locator("#standings tbody tr").count() == 4
        assert page.locator("#standings tbody tr").nth(0).locator("td").nth(2).inner_text() == "1-0"
        page.screenshot(path=str(shots / "night-1280x800.png"))
        check_screenshot(shots / "night-1280x800.png")

        page.click(".table >> nth=0")
        page.wait_for_selector("#game:not(.hidden)", timeout=WAIT_MS)
        detail = collector.game_detail(1)
        wait_until(lambda: page.locator("#game-moves li").count() == len(detail["moves"]), "the moves")
        assert "Ada v Blaise" in page.inner_text("#game-title")
        assert detail["moves"][0]["text"] in page.inner_text("#game-moves li >> nth=0")
        page.screenshot(path=str(shots / "night-table.png"))
        check_screenshot(shots / "night-table.png")
        page.keyboard.press("Escape")
        page.wait_for_selector("#game.hidden", state="attached", timeout=WAIT_MS)

        phone = browser.new_page(viewport={"width": 375, "height": 667})
        phone.goto(server.url)
        phone.wait_for_selector(".table", timeout=WAIT_MS)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 376
        phone.screenshot(path=str(shots / "night-phone.png"))
        browser.close()
    assert errors == []


def get(url, host=None):
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers, exc.read()


def test_the_page_is_served_only_to_local_names_and_its_own_origin(night):
    collector, server, _ = night
    status, headers, body = get(server.url)
    assert status == 200 and b"night.js" in body
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert get(server.url + "static/night.js")[0] == 200
    assert get(server.url + "static/../server.py")[0] == 404
    assert get(server.url + "static/index.html")[0] == 200
    assert get(server.url, host="evil.example")[0] == 403         # DNS rebinding
    assert get(server.url, host="wordboard.local")[0] == 200

    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidStatus

    ws_url = server.url.replace("http", "ws") + "ws"

    async def talk():
        with pytest.raises(InvalidStatus):
            async with connect(ws_url, origin="http://evil.example"):
                pass
        async with connect(ws_url) as ws:
            first = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert first["type"] == "night" and first["state"]["round"] == 1
            for hostile in ('{"type": "pair"}', '{"type": "open", "table": "1; DROP"}', "not json",
                            '{"type": "open", "table": 1, "admin": true}', "[]"):
                await ws.send(hostile)
                reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
                assert reply["type"] == "error"
            await ws.send(json.dumps({"type": "open", "table": 1}))
            while True:
                reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if reply["type"] == "game":
                    break
            assert reply["table"] == 1 and reply["game"] is None      # nothing played there yet
            with pytest.raises(ConnectionClosed):
                await ws.send("x" * 10_000)                            # too big: the server closes
                await asyncio.wait_for(ws.recv(), 10)

    asyncio.run(talk())
    assert collector.store.current_round() == 1 and collector.store.results() == []


def test_every_kind_of_board_and_the_clock_show_on_the_page(other_games, tmp_path):
    """HEXX's letters in their owners' colours, eXtraDICTION's 11x11 written letters, Dexikon's
    row of cards, and a game clock: on the tables and in a table's game."""
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (Debian package chromium)")
    pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    from playwright.sync_api import sync_playwright

    from tests.night.test_night_games import PAIRINGS as FOUR
    from tests.night.test_night_games import four_table_store

    store = four_table_store(tmp_path / "night.sqlite3")
    collector = Collector(store)
    server = NightServer(collector, f"127.0.0.1:{free_port()}", lan=False).start()
    try:
        for board, path in other_games.items():
            feed(collector, board_messages(path, tmp_path / f"{board}.outbox", board, FOUR[board]))
        # Dexikon mid-turn: two cards in the row, one of them a Penalty (no letters)
        topic, payload = next((t, p) for t, p in reversed(board_messages(
            other_games["board-04"], tmp_path / "again.outbox", "board-04", FOUR["board-04"])) if t.endswith("/state"))
        feed(collector, [(topic, payload.replace(b'"cards":[]', b'"cards":["AT","penalty"]'))])
        shots = screenshots_folder()
        with sync_playwright() as p:
            browser = launch_browser(p)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(server.url)
            page.wait_for_selector(".table", timeout=WAIT_MS)
            tables = page.locator(".table")
            assert tables.count() == 4
            lexulous, hexx, extradiction, dexikon = (tables.nth(i) for i in range(4))
            clocks = lexulous.locator(".player .clock")
            assert clocks.count() == 2 and all(
                re.match(r"^-?\d+:\d\d$", clocks.nth(i).inner_text()) for i in range(2))
            assert hexx.locator(".player .clock").count() == 0
            assert hexx.locator(".grid .sq").count() == 13 * 13
            assert hexx.locator(".grid .sq.t.o0").count() > 5 and hexx.locator(".grid .sq.t.o1").count() > 5
            red = hexx.locator(".grid .sq.t.o0").first.evaluate("e => getComputedStyle(e).backgroundColor")
            black = hexx.locator(".grid .sq.t.o1").first.evaluate("e => getComputedStyle(e).backgroundColor")
            assert red != black
            assert extradiction.locator(".grid .sq").count() == 11 * 11
            assert extradiction.locator(".grid .sq.t").count() == sum(
                ch != "." for row in collector.game_detail(3)["grid"] for ch in row)
            assert dexikon.locator(".grid .sq").count() == 0
            assert dexikon.locator(".cards .card").all_inner_texts() == ["AT", "penalty"]
            assert dexikon.locator(".cards .card.named").count() == 1
            page.screenshot(path=str(shots / "night-every-game.png"))
            check_screenshot(shots / "night-every-game.png")

            hexx.click()
            page.wait_for_selector("#game:not(.hidden)", timeout=WAIT_MS)
            wait_until(lambda: page.locator("#game-board .sq.t.o1").count() > 5, "HEXX's board in the game")
            assert page.locator("#game-clocks .clock").count() == 0
            page.keyboard.press("Escape")
            lexulous.click()
            wait_until(lambda: page.locator("#game-clocks .clock").count() == 2, "the clocks in the game")
            wait_until(lambda: page.locator("#game-moves li .clock").count() == len(collector.game_detail(1)["moves"]),
                       "each move's time left")
            page.screenshot(path=str(shots / "night-clock.png"))
            page.keyboard.press("Escape")
            dexikon.click()
            wait_until(lambda: page.locator("#game-board .card").count() == 2, "Dexikon's row in the game")
            browser.close()
        assert errors == []
    finally:
        server.stop()
        store.close()
