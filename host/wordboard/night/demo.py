"""``wordboard night --demo N``: a whole game-night round on N twin boards through a real Mosquitto.

A private Mosquitto on a free loopback port (TLS with the night's own certificate, its password file
and ACL), the organiser's collector, and N twin boards, each its own process (``wordboard night twin-board``)
with its own journal and outbox, playing the round's pairings as fast as the machine goes. Then
the standings, and the count, against the boards' journals::

    moves: P published, R received, L lost, D duplicated

P: the moves in the boards' journals (each one published); R: those the organiser holds, exactly
as journalled; L: journalled moves the organiser lacks; D: moves the organiser counted twice or
holds but no journal has. Every table's result must also equal its journal's. Exit status 0 only
when nothing is lost or duplicated and every result is in.

``--faults`` also, during the round: kills a board (SIGKILL, a power cut) and starts it again (it
resumes from its journal and its outbox), stops the broker and starts it again (as a service
restart does), and crashes the broker (SIGKILL, losing what it had not saved: the organiser notices
the gap and asks the board to send again).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import wordboard
from wordboard.night import protocol

FIRST_NAMES = ["Ada", "Blaise", "Carl", "Dora", "Emmy", "Felix", "Grace", "Hedy", "Isaac", "Joan", "Kurt",
               "Lise", "Max", "Niels", "Olga", "Paul", "Qiu", "Rosa", "Sofia", "Tycho", "Ursula", "Vera",
               "Wolf", "Xena", "Yuri", "Zelda"]
#: an average twin game has about this many moves (for placing the faults in the round)
MOVES_PER_GAME = 26


def player_names(n: int) -> list[str]:
    names = []
    for i in range(n):
        base = FIRST_NAMES[i % len(FIRST_NAMES)]
        names.append(base if i < len(FIRST_NAMES) else f"{base} {i // len(FIRST_NAMES) + 1}")
    return names


class BoardProcess:
    """One twin board in its own process; :meth:`kill` and :meth:`restart` as a power cut would."""

    def __init__(self, event, board: str, broker: tuple[str, int], folder: Path, *, seed: int, speed: str,
                 hardware: str, lexicon: str, rounds: int = 1):
        self.board = board
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.args = [sys.executable, "-m", "wordboard", "night", "twin-board",
                     "--credentials", str(event.board_credentials(board)), "--broker", f"{broker[0]}:{broker[1]}",
                     "--folder", str(folder), "--seed", str(seed), "--speed", speed, "--hardware", hardware,
                     "--lexicon", lexicon, "--rounds", str(rounds)]
        host = str(Path(wordboard.__file__).resolve().parents[1])
        self.env = dict(os.environ, PYTHONPATH=host + os.pathsep + os.environ.get("PYTHONPATH", ""),
                        PYTHONUNBUFFERED="1")
        self.proc: subprocess.Popen | None = None
        self.kills = 0

    def start(self) -> None:
        log = open(self.folder / "board.log", "a", encoding="utf-8")
        self.proc = subprocess.Popen(self.args, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                     env=self.env)
        log.close()

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
            self.kills += 1

    def restart(self) -> None:
        self.kill()
        self.start()

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def wait(self, timeout: float) -> int | None:
        if self.proc is None:
            return None
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def stop(self) -> None:
        proc = self.proc
        if proc is not None and proc.poll() is None:
            proc.terminate()
            if self.wait(5) is None:
                proc.kill()
                proc.wait(5)


def run_demo(n: int, *, faults: bool = False, speed: str = "inf", hardware: str = "sim",
             lexicon: str = "scowl:70", keep: Path | None = None, listen: str | None = None,
             timeout: float = 900.0, out: Callable[[str], None] = print) -> int:
    from wordboard.errors import UserError

    if not 1 <= n <= 100:
        raise UserError("--demo takes 1 to 100 boards")
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
        if any(keep.iterdir()):
            raise UserError(f"{keep} is not empty")
        return _demo(keep, n, faults, speed, hardware, lexicon, listen, timeout, out)
    with tempfile.TemporaryDirectory(prefix="wordboard-night-") as tmp:
        return _demo(Path(tmp), n, faults, speed, hardware, lexicon, listen, timeout, out)


def _demo(folder: Path, n: int, faults: bool, speed: str, hardware: str, lexicon: str, listen: str | None,
          timeout: float, out) -> int:
    from wordboard.errors import UserError
    from wordboard.night.broker import Mosquitto
    from wordboard.night.collector import Collector
    from wordboard.night.event import setup

    started = time.monotonic()
    event = setup(folder / "event", n, name=f"demo night ({n} tables)")
    broker = Mosquitto(folder / "broker", event.users(), tls=event.broker_tls()).start()
    out(f"night demo: Mosquitto on {broker.host}:{broker.port} (TLS with the night's own certificate, "
        f"password file and ACL: each board publishes only to its own topics); {n} twin boards, {2 * n} players")
    store = event.store()
    for name in player_names(2 * n):
        store.add_player(name)
    rnd, games = store.pair_round("swiss")
    collector = Collector(store, event.organiser(), broker=broker.address, client_id="wordboard-organiser-demo")
    collector.start()
    page = None
    if listen:
        from wordboard.night.live import NightServer

        page = NightServer(collector, listen, lan=False).start()
        out(f"night demo: live page {page.url}")
    boards: dict[str, BoardProcess] = {}
    try:
        if not collector.connected.wait(10):
            raise UserError("the organiser could not connect to the broker")
        for table, name in store.tables().items():
            boards[name] = BoardProcess(event, name, broker.address, folder / "boards" / name, seed=table,
                                        speed=speed, hardware=hardware, lexicon=lexicon)
            boards[name].start()
        fault_log: list[str] = []
        stop_faults = threading.Event()
        faulting = threading.Lock()        # held while a fault is being made (a board may be down)
        if faults:
            threading.Thread(target=_faults, args=(collector, broker, boards, n, fault_log, stop_faults, faulting,
                                                   out), daemon=True).start()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with faulting:
                if not any(board.running() for board in boards.values()):
                    break
            time.sleep(0.2)
        stop_faults.set()
        with faulting:
            pass
        for board in boards.values():
            if board.running():
                out(f"night demo: {board.board} did not finish in time")
                board.stop()
        if not broker.running:
            broker.start()
        expected = len([g for g in games if g.second is not None])
        settle = time.monotonic() + 60
        while time.monotonic() < settle and len(store.results(rnd)) < expected:
            time.sleep(0.1)
        time.sleep(0.3)
        counts = count_against_journals(collector, {b: p.folder / "journal.sqlite3" for b, p in boards.items()})
        print_standings(collector, out)
        stats = collector.stats
        out(f"night demo: {len(store.results(rnd))} of {expected} results in; {stats.repeats} repeated deliveries "
            f"recognised, {stats.resend_requests} resend requests, {stats.rejected} messages rejected; "
            f"{counts['mismatched_results']} results differ from the journals; {time.monotonic() - started:.1f} s")
        if faults:
            out("night demo: faults: " + ("; ".join(fault_log) or "none (the round ended first)"))
        out(f"moves: {counts['published']} published, {counts['received']} received, {counts['lost']} lost, "
            f"{counts['duplicated']} duplicated")
        ok = (counts["lost"] == 0 and counts["duplicated"] == 0 and counts["mismatched_results"] == 0
              and len(store.results(rnd)) == expected)
        return 0 if ok else 1
    finally:
        for board in boards.values():
            board.stop()
        if page is not None:
            page.stop()
        collector.close()
        broker.stop()
        store.close()


def _faults(collector, broker, boards, n, log, stop, faulting, out) -> None:
    """Kill and restart a board, stop and restart the broker, crash the broker: each once the
    round has gone so far (by the moves the organiser has)."""
    expected = MOVES_PER_GAME * n
    # the board is killed first: once the broker has been down, the moves it held back arrive at once
    # and the organiser may learn of both games' ends before a board could be killed mid-game
    steps = [(0.15, "kill-board"), (0.35, "stop"), (0.55, "crash")]
    for share, what in steps:
        while collector.stats.moves < share * expected:
            if stop.wait(0.02):
                return
        with faulting:
            if stop.is_set():
                return
            _fault(what, collector, broker, boards, log, out)


def _fault(what, collector, broker, boards, log, out) -> None:
    if what == "stop":
        broker.stop()
        time.sleep(1.5)
        broker.start()
        log.append("broker stopped for 1.5 s and started again")
    elif what == "kill-board":
        victim = next((b for b in boards.values() if b.running() and not _over(collector, b.board)), None)
        if victim is None:
            return
        victim.kill()
        time.sleep(0.5)
        victim.start()
        log.append(f"{victim.board} killed (SIGKILL) mid-game and started again")
    else:
        broker.kill()
        time.sleep(1.0)
        broker.start()
        log.append("broker crashed (SIGKILL) and started again")
    out(f"night demo: fault: {log[-1]}")


def _over(collector, board: str) -> bool:
    views = [v for v in collector.games.values() if v.board == board]
    return bool(views) and all(v.state.get("result") is not None for v in views)


def count_against_journals(collector, journals: dict[str, Path]) -> dict[str, int]:
    """The demo's count (see the module docs), from each board's journal and the organiser's store."""
    from wordboard.journal import Journal

    store = collector.store
    published = received = lost = duplicated = mismatched = 0
    journal_moves = set()
    for board, path in journals.items():
        if not path.exists():
            continue
        with Journal(path) as journal:
            for info in journal.games():
                key = protocol.game_key(info.id, info.started)
                held = {seq: (t, d) for seq, t, d, _, _ in store.game_events(board, key)}
                for event in journal.events(info.id):
                    if event.type != "move":
                        continue
                    published += 1
                    journal_moves.add((board, key, event.seq))
                    if held.get(event.seq) == ("move", event.data):
                        received += 1
                    else:
                        lost += 1
                result = store.db.execute("SELECT first, second, first_score, second_score FROM results "
                                          "WHERE board=? AND key=?", (board, key)).fetchone()
                if result is not None and info.result is not None:
                    final = dict(zip(info.players, info.result["final"]))
                    if (final.get(result[0]), final.get(result[1])) != (result[2], result[3]):
                        mismatched += 1
    rows = store.db.execute("SELECT board, key, seq, COUNT(*) FROM events WHERE type='move' GROUP BY board, key, seq")
    for board, key, seq, count in rows:
        if count > 1 or (board, key, seq) not in journal_moves:
            duplicated += count if (board, key, seq) not in journal_moves else count - 1
    return {"published": published, "received": received, "lost": lost, "duplicated": duplicated,
            "mismatched_results": mismatched}


def print_standings(collector, out) -> None:
    standings = collector.store.standings()
    out("standings (wins, then spread):")
    for i, s in enumerate(standings, 1):
        wins = f"{s.wins:g}"
        out(f"  {i:>2}. {s.name:<12} {wins:>4}-{s.losses:<4g} {s.spread:+5d}")
