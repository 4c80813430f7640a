"""The screen in a real browser: headless Chromium (Debian's ``chromium``) driven by Playwright,
against ``wordboard run --screen`` on the digital twin.

Watches a turn happen, answers a question on the page, unlocks with the PIN and ends the game,
at the Pi's 800x480 and at a phone's 375x667, in the normal and the children's mode. The
screenshots are checked (not blank, the key parts visible) and kept: their folder is printed
(``WORDBOARD_SCREENSHOTS`` chooses it; default a temporary folder).

Skips when chromium or playwright is missing. Never downloads a browser.
"""

from __future__ import annotations

import os
import queue
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
if CHROMIUM is None:
    pytest.skip("chromium is not installed (Debian package chromium)", allow_module_level=True)

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PIN = "2468"
WAIT_MS = 20_000


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def shots() -> Path:
    folder = Path(os.environ.get("WORDBOARD_SCREENSHOTS") or tempfile.mkdtemp(prefix="wordboard-screen-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"\nscreenshots: {folder}")
    return folder


class Board:
    """``wordboard run`` on the twin with the screen (questions left to the screen), in the
    background; :meth:`url` waits for the screen's address."""

    def __init__(self, tmp: Path, args: list[str]):
        env = dict(os.environ, WORDBOARD_CONFIG_DIR=str(tmp / "config"), PYTHONUNBUFFERED="1")
        subprocess.run([sys.executable, "-m", "wordboard", "screen", "set-pin", "--stdin"], input=PIN + "\n",
                       text=True, env=env, check=True, capture_output=True, timeout=60)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "wordboard", "run", "--quick", "--speed", "3", "--seed", "11", "--new",
             "--journal", str(tmp / "j.sqlite3"), "--no-leds", "--screen", f"127.0.0.1:{_free_port()}",
             "--ask-screen", "--stay", *args],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        self.lines: queue.Queue = queue.Queue()
        self.log: list[str] = []
        self._url = None
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.log.append(line)
            self.lines.put(line)

    def url(self) -> str:
        deadline = time.monotonic() + 60
        while self._url is None and time.monotonic() < deadline and self.proc.poll() is None:
            try:
                line = self.lines.get(timeout=1)
            except queue.Empty:
                continue
            found = re.match(r"screen: (http://\S+/)", line)
            if found:
                self._url = found.group(1)
        if self._url is None:
            self.stop()
            pytest.fail("wordboard run did not serve the screen:\n" + "".join(self.log))
        return self._url

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def start_board(tmp: Path, args: list[str] = (), wait: bool = True) -> Board:
    board = Board(tmp, list(args))
    if wait:
        board.url()
    return board


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    """``wordboard run`` on the twin with the screen, questions left to the screen."""
    running = start_board(tmp_path_factory.mktemp("screen"))
    yield running.url()
    running.stop()


@pytest.fixture(scope="module")
def browser():
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


def check_screenshot(path: Path, min_colours: int = 12) -> None:
    """Not blank: many colours and real contrast."""
    import cv2
    import numpy as np

    image = cv2.imread(str(path))
    assert image is not None, path
    assert float(image.std()) > 20, f"{path} looks blank"
    small = image[::4, ::4].reshape(-1, 3)
    assert len(np.unique(small, axis=0)) >= min_colours, f"{path} has too few colours"


def visible_in_viewport(page, selector: str) -> bool:
    return page.eval_on_selector(selector, """e => { const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.left >= -1 && r.right <= innerWidth + 1 && r.top >= -1; }""")


def wait_until(check, what: str, timeout: float = WAIT_MS / 1000) -> None:
    """Poll ``check()`` from Python (the page's CSP forbids evaluating strings in it)."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def history_count(page) -> int:
    return page.locator("#history li").count()


def test_landscape_watch_a_turn_and_answer_a_question(board, browser, shots):
    page = browser.new_page(viewport={"width": 800, "height": 480})
    page.goto(board)
    page.wait_for_selector(".conn.on", timeout=WAIT_MS)
    page.wait_for_selector("#board .cell", timeout=WAIT_MS)
    assert page.locator("#board .cell").count() == 15 * 15
    assert page.locator("#scores .player").count() == 2
    # watch a turn happen: a move appears in the history, its tiles on the board
    before = history_count(page)
    wait_until(lambda: history_count(page) > before, "a move")
    page.wait_for_selector("#board .cell.has-tile .tile", timeout=WAIT_MS)
    assert page.locator("#last .points").count() == 1
    for selector in ("#board", "#scores", "#last", ".buttons"):
        assert visible_in_viewport(page, selector), selector
    assert page.evaluate("document.documentElement.scrollWidth") <= 801
    page.screenshot(path=str(shots / "landscape-800x480.png"))
    check_screenshot(shots / "landscape-800x480.png")

    # a question: the end-turn button held (pass/swap) asks the table; only the screen answers
    page.click("[data-button=pass]")
    page.wait_for_selector("#prompt:not(.hidden)", timeout=WAIT_MS)
    assert "pass" in page.inner_text("#prompt-text").lower()
    assert visible_in_viewport(page, "#prompt .choice")
    page.screenshot(path=str(shots / "landscape-prompt.png"))
    check_screenshot(shots / "landscape-prompt.png")
    page.click("#prompt .choice[data-value='carry on']")
    page.wait_for_selector("#prompt.hidden", state="attached", timeout=WAIT_MS)
    # the controller goes on: another move comes
    count = history_count(page)
    wait_until(lambda: history_count(page) > count, "another move")
    page.close()


def test_phone_and_kids_mode(board, browser, shots):
    phone = browser.new_page(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True)
    phone.goto(board)
    phone.wait_for_selector("#board .cell.has-tile", timeout=WAIT_MS)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 376
    for selector in ("#board", "#scores"):
        assert visible_in_viewport(phone, selector), selector
    box = phone.locator("#board").bounding_box()
    assert box["width"] > 300          # the board uses the phone's width
    phone.screenshot(path=str(shots / "phone-375x667.png"), full_page=True)
    check_screenshot(shots / "phone-375x667.png")
    phone.close()

    kids = browser.new_page(viewport={"width": 800, "height": 480})
    kids.goto(board + "?mode=kids")
    kids.wait_for_selector("body.kids #board .cell.has-tile", timeout=WAIT_MS)
    kids.wait_for_selector(".kid-word .letter-tile", timeout=WAIT_MS)
    assert kids.locator(".kid-turn .big-avatar").count() + kids.locator("#summary:not(.hidden)").count() >= 1
    # no reading needed: the board's buttons are pictures, the labels hidden
    assert not kids.locator(".buttons .label").first.is_visible()
    size = kids.eval_on_selector(".kid-word .letter-tile", "e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 30
    kids.screenshot(path=str(shots / "kids-800x480.png"))
    check_screenshot(shots / "kids-800x480.png")
    kids.close()


def test_pin_unlocks_changes_and_the_summary(board, browser, shots):
    page = browser.new_page(viewport={"width": 800, "height": 480})
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(board)
    page.wait_for_selector(".conn.on", timeout=WAIT_MS)
    page.wait_for_selector("#board .cell", timeout=WAIT_MS)
    page.click("#lock")
    page.wait_for_selector("#admin:not(.hidden)")
    for digit in "1111":
        page.click(f"#pinpad .key:text-is('{digit}')")
    page.click("#pinpad .key:text-is('OK')")
    wait_until(lambda: "wrong PIN" in page.inner_text("#admin-status"), "wrong PIN")
    assert page.locator("#admin-menu.hidden").count() == 1
    for digit in PIN:
        page.click(f"#pinpad .key:text-is('{digit}')")
    page.click("#pinpad .key:text-is('OK')")
    page.wait_for_selector("#admin-menu:not(.hidden)", timeout=WAIT_MS)
    page.screenshot(path=str(shots / "admin-800x480.png"))
    check_screenshot(shots / "admin-800x480.png")
    # correct a score: shown at once
    first = int(page.inner_text("#scores .player:first-child .score"))
    page.click("#score-edit .edit-row:first-child button:text-is('+10')")
    wait_until(lambda: int(page.inner_text("#scores .player:first-child .score")) >= first + 10, "the score")
    page.click("#admin-end")
    page.wait_for_selector("#summary:not(.hidden)", timeout=WAIT_MS)
    page.wait_for_selector("#summary-sheet table.sheet tr td", timeout=WAIT_MS)
    assert page.locator("#summary-scores .final").count() == 2
    page.screenshot(path=str(shots / "summary-800x480.png"))
    check_screenshot(shots / "summary-800x480.png")
    page.close()
