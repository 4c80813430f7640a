"""`wordboard run` as the Pi runs it: the real-board path (not the twin), against the sensor
board's firmware on a pseudo-terminal in real time, as a separate process stopped by systemd's
SIGTERM and started again. A person puts tiles down; the turn ends by itself after the quiet
time (no GPIO here, so no end-turn button); the move is journalled and survives the restart.
"""

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from wordboard.journal import Journal
from wordboard.sensor.events import Square
from wordboard.sensor.identity import LetterTile, encode_tile_code
from wordboard.sensor.simulator import PtySimulator


class Process:
    """``wordboard run`` in a child process, its output collected line by line."""

    def __init__(self, args, env):
        self.lines: list[str] = []
        self.proc = subprocess.Popen([sys.executable, "-m", "wordboard", "run", *args], env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, text: str, timeout: float = 60.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.lines:
                if text in line:
                    return line
            if self.proc.poll() is not None and not self._reader.is_alive():
                break
            time.sleep(0.05)
        pytest.fail(f"no {text!r} from wordboard run; it said:\n" + "\n".join(self.lines[-40:]))

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=30)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()


def put_tile(sim: PtySimulator, square, letter: str) -> None:
    code = encode_tile_code(LetterTile(letter))
    with sim.world() as grid:
        uid = grid.new_tag()
        grid.tags[uid].memory[0:len(code)] = code
        grid.place(Square(*square), uid)


@pytest.mark.timeout(240)
def test_the_real_board_path_plays_journals_and_resumes(tmp_path):
    sim = PtySimulator(rows=15, cols=15, seed=7, link_dir=tmp_path).start()    # real time
    env = {**os.environ, "WORDBOARD_SENSOR": str(sim.path), "WORDBOARD_SCREEN": "off",
           "WORDBOARD_DATA_DIR": str(tmp_path / "data"), "WORDBOARD_CONFIG_DIR": str(tmp_path / "config"),
           "PYTHONUNBUFFERED": "1"}
    args = ["--game", "scrabble", "--players", "Ann", "Ben", "--quiet-time", "1.5", "--no-leds", "--seed", "2"]
    try:
        board = Process(args, env)
        started = board.wait_for("wordboard run:")
        assert "on the board" in started and "digital twin" not in started
        board.wait_for("to play")
        for col, letter in zip((6, 7, 8), "CAT"):
            put_tile(sim, (7, col), letter)
            time.sleep(0.2)
        played = board.wait_for(" plays CAT")
        assert "for 10" in played             # C3 A1 T1 x 2 (the centre's double word)
        assert board.stop() == 0              # systemd's stop: a clean exit

        with Journal(tmp_path / "data" / "journal.sqlite3") as journal:
            (game,) = journal.games()
            assert game.players == ("Ann", "Ben") and not game.finished
            moves = [e for e in journal.events(game.id) if e.type == "move"]
            assert len(moves) == 1

        again = Process(["--no-leds", "--quiet-time", "1.5"], env)    # the service's restart
        again.wait_for("wordboard run:")
        again.wait_for("to play")
        assert "scores: Ann 10   Ben 0   (bag 83)" in again.lines, "\n".join(again.lines)  # as it was
        assert again.stop() == 0
        with Journal(tmp_path / "data" / "journal.sqlite3") as journal:
            assert len(journal.games()) == 1
            assert len([e for e in journal.events(1) if e.type == "move"]) == 1
    finally:
        sim.stop()
