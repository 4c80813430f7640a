"""The product's own path, each part its own process as at a club: ``wordboard night setup``, a
Mosquitto with the night's users and ACL, ``wordboard night serve`` (collector and live page),
``wordboard night board`` beside a board's journal, ``players add`` and ``pair`` (the pairing
reaches the board), a game played into the board's journal, and the standings; then the broker
found by mDNS on loopback."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from tests.night.support import need_mosquitto, play_game
from wordboard.cli import main

REPO = Path(__file__).resolve().parents[2]


class Proc:
    def __init__(self, args, env):
        self.proc = subprocess.Popen([sys.executable, "-m", "wordboard", *args], stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, env=env)
        self.lines: queue.Queue = queue.Queue()
        self.log: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.log.append(line)
            self.lines.put(line)

    def expect(self, pattern, timeout=30.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                if self.proc.poll() is not None:
                    break
                continue
            found = re.search(pattern, line)
            if found:
                return found
        pytest.fail(f"no line matching {pattern!r}:\n" + "".join(self.log))

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                return self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        return self.proc.wait()


def test_a_club_night_with_each_part_its_own_process(tmp_path, capsys):
    need_mosquitto()
    from wordboard.night.broker import Mosquitto, free_port
    from wordboard.night.event import Event

    event = tmp_path / "club"
    port = free_port()
    assert main(["night", "--event", str(event), "setup", "--tables", "1", "--broker", f"127.0.0.1:{port}"]) == 0
    broker = Mosquitto(tmp_path / "broker", Event(event).users(), port=port,
                       tls=Event(event).broker_tls()).start()
    env = dict(os.environ, PYTHONPATH=str(REPO / "host") + os.pathsep + os.environ.get("PYTHONPATH", ""),
               PYTHONUNBUFFERED="1", WORDBOARD_DATA_DIR=str(tmp_path / "board-data"))
    journal = tmp_path / "board-data" / "journal.sqlite3"
    serve = Proc(["night", "--event", str(event), "serve", "--listen", f"127.0.0.1:{free_port()}"], env)
    board = Proc(["night", "board", "--credentials", str(event / "boards" / "board-01.credentials")], env)
    try:
        url = serve.expect(r"live page (http://\S+/)").group(1)
        board.expect(r"board-01 publishing its journal")
        assert main(["night", "--event", str(event), "players", "add", "Ann", "Bob"]) == 0
        assert main(["night", "--event", str(event), "pair"]) == 0
        assert "sent to 1 boards" in capsys.readouterr().out
        board.expect(r"^night: round 1, table 1: Ann v Bob")
        assert (tmp_path / "board-data" / "night-pairing.json").exists()
        play_game(journal, ("Ann", "Bob"), 21)
        serve.expect(r"round 1 table 1: Ann \d+ - \d+ Bob")
        with urllib.request.urlopen(url, timeout=10) as response:
            assert response.status == 200
        assert main(["night", "--event", str(event), "standings"]) == 0
        out = capsys.readouterr().out
        assert re.search(r"1\. (Ann|Bob) +1-0", out), out
    finally:
        assert board.stop() == 0, "".join(board.log)
        assert serve.stop() == 0, "".join(serve.log)
        broker.stop()


def test_a_board_finds_the_broker_by_mdns():
    from wordboard.night.discovery import advertise, find_broker

    advert = advertise(18833, "club night", addresses=["127.0.0.1"], interfaces=["127.0.0.1"])
    try:
        assert find_broker("club night", None, 10.0, interfaces=["127.0.0.1"]) == ("127.0.0.1", 18833)
    finally:
        advert.close()
