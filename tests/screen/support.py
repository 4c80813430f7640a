"""What the screen's browser tests share: ``wordboard run`` on the twin in the background, the
browser's settings, and checks of the page and its screenshots. No browser is needed to import
this (the security tests use the boards without one)."""

from __future__ import annotations

import os
import queue
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PIN = "2468"
WAIT_MS = 20_000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_free_port = free_port


class Board:
    """``wordboard run`` on the twin with the screen (questions left to the screen unless
    ``ask_screen`` is false), in the background; :meth:`url` waits for the screen's address."""

    def __init__(self, tmp: Path, args: list[str], *, ask_screen: bool = True, speed: str = "3"):
        env = dict(os.environ, WORDBOARD_CONFIG_DIR=str(tmp / "config"), PYTHONUNBUFFERED="1")
        subprocess.run([sys.executable, "-m", "wordboard", "screen", "set-pin", "--stdin"], input=PIN + "\n",
                       text=True, env=env, check=True, capture_output=True, timeout=60)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "wordboard", "run", "--quick", "--speed", speed, "--seed", "11", "--new",
             "--journal", str(tmp / "j.sqlite3"), "--no-leds", "--screen", f"127.0.0.1:{free_port()}",
             *(["--ask-screen"] if ask_screen else []), "--stay", *args],
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


def start_board(tmp: Path, args: list[str] = (), wait: bool = True, **options) -> Board:
    board = Board(tmp, list(args), **options)
    if wait:
        board.url()
    return board


def screenshots_folder() -> Path:
    import tempfile

    folder = Path(os.environ.get("WORDBOARD_SCREENSHOTS") or tempfile.mkdtemp(prefix="wordboard-screen-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"\nscreenshots: {folder}")
    return folder


def launch_browser(playwright, extra: tuple[str, ...] = ()):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS + list(extra), headless=True)


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


def wait_until(check, what, timeout: float = WAIT_MS / 1000) -> None:
    """Poll ``check()`` from Python (the page's CSP forbids evaluating strings in it). ``what``
    says what is awaited (or a callable that says it, with what was seen, when time is up)."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what() if callable(what) else what}")
        time.sleep(0.05)


def no_sideways_scroll(page) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1


#: the words a person must read on the page: every visible text with two letters in a row,
#: except the ones listed (the players' names)
READING = """allowed => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const e = node.parentElement;
    if (!e || !node.textContent.trim()) continue;
    const style = getComputedStyle(e);
    const rects = e.getClientRects();
    if (!rects.length || style.visibility === "hidden" || style.opacity === "0") continue;
    if (e.closest("script, style, title")) continue;
    for (const word of node.textContent.match(/[A-Za-z]{2,}/g) || []) {
      if (!allowed.includes(word)) found.push(word);
    }
  }
  return found;
}"""


def words_to_read(page, allowed=()) -> list[str]:
    return page.evaluate(READING, list(allowed))


def open_new_game_setup(page, opener: str = "#lock") -> None:
    """The new game's setup as the owner opens it: ``opener`` (the lock, or the summary's "New
    game"), the PIN on the pad, then "New game" in the owner's menu."""
    unlock(page, opener)
    page.click("#admin-new")
    page.wait_for_selector("#setup:not(.hidden)", timeout=WAIT_MS)


def hold(page, selector: str, ms: int = 1500) -> None:
    """Press and hold ``selector`` as a grown-up does (the answers a child must not give by a tap)."""
    box = page.locator(selector).bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(ms)
    page.mouse.up()


def unlock(page, opener: str = "#lock") -> None:
    """The owner's menu opened with the PIN on the pad (``opener``: the lock, or the summary's
    "New game")."""
    page.click(opener)
    page.wait_for_selector("#admin:not(.hidden) #pinpad", timeout=WAIT_MS)
    for digit in PIN:
        page.click(f"#pinpad .key:text-is('{digit}')")
    page.click("#pinpad .key:text-is('OK')")
    page.wait_for_selector("#admin-menu:not(.hidden)", timeout=WAIT_MS)
