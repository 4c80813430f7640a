"""``wordboard night`` at the command line: setting up a night, players, pairing, standings, a
player's record, CSV and GCG export, the drop log; mistakes are one line and exit status 2."""

from __future__ import annotations

import csv
import stat
import time

from tests.night.support import board_messages, need_mosquitto
from tests.night.test_night_collect import PAIRINGS
from wordboard import gcg
from wordboard.cli import main
from wordboard.night.collector import Collector
from wordboard.night.event import Event


def night(event, *args):
    return main(["night", "--event", str(event), *args])


def test_a_night_from_setup_to_export(two_games, tmp_path, capsys):
    need_mosquitto()
    event = tmp_path / "club"
    assert night(event, "setup", "--tables", "2", "--name", "Tuesday club", "--broker", "127.0.0.1:1") == 0
    folder = Event(event)
    assert stat.S_IMODE(folder.board_credentials("board-01").stat().st_mode) == 0o600
    assert "pattern write wordboard/board/%u/#" in (event / "mosquitto" / "acl").read_text()
    assert "pw" not in (event / "mosquitto" / "passwd").read_text().split(":")[1][:3]   # hashed
    assert night(event, "players", "add", "Ada", "Blaise", "Carl", "Dora") == 0
    assert night(event, "players", "add", "Ada") == 2
    assert "Ada is already playing" in capsys.readouterr().err
    assert night(event, "pair", "--method", "koth") == 0   # no broker there: said, and the pairing is kept
    out = capsys.readouterr().out
    assert "table 1 (board-01): Ada v Blaise" in out and "table 2 (board-02): Carl v Dora" in out
    assert "not reachable" in out
    assert night(event, "pair") == 2
    assert "round 1 is not finished" in capsys.readouterr().err

    # the boards' games come in (as 'wordboard night serve' takes them)
    with folder.store() as store:
        collector = Collector(store)
        for board, journal in two_games.items():
            for topic, payload in board_messages(journal, tmp_path / f"{board}.outbox", board, PAIRINGS[board]):
                collector.receive(topic, payload)
        assert len(store.results()) == 2
    assert night(event, "standings") == 0
    out = capsys.readouterr().out
    assert "by wins then spread" in out and out.count("1-0") == 2 and out.count("0-1") == 2
    assert night(event, "record", "Ada") == 0
    assert "round 1, table 1:" in capsys.readouterr().out
    assert night(event, "record", "Zed") == 2

    assert night(event, "export", str(tmp_path / "out")) == 0
    rows = list(csv.DictReader((tmp_path / "out" / "standings.csv").open()))
    assert [r["name"] for r in rows][:2] != [] and {r["wins"] for r in rows} == {"1", "0"}
    results = list(csv.DictReader((tmp_path / "out" / "results.csv").open()))
    assert [(r["round"], r["table"], r["gcg"]) for r in results] == [("1", "1", "r1-t1.gcg"), ("1", "2", "r1-t2.gcg")]
    text = (tmp_path / "out" / "r1-t1.gcg").read_text()
    assert [line for line in text.splitlines() if line.startswith("#title")] == ["#title Tuesday club round 1 table 1"]
    record = gcg.load(tmp_path / "out" / "r1-t1.gcg")
    assert [p.nick for p in record.players] == ["Ada", "Blaise"]
    finals = {r["player1"]: int(r["score1"]) for r in results} | {r["player2"]: int(r["score2"]) for r in results}
    last = {}
    for e in record.events:
        last[e.nick] = e.cumulative
    assert last == {"Ada": finals["Ada"], "Blaise": finals["Blaise"]}
    capsys.readouterr()
    # the rules engine re-scores both records: every play and total matches
    assert main(["replay", str(tmp_path / "out" / "r1-t1.gcg"), str(tmp_path / "out" / "r1-t2.gcg")]) == 0
    assert night(event, "pair", "--no-send") == 0       # round 2 (Swiss: the winners meet)
    out = capsys.readouterr().out
    assert "round 2 (swiss)" in out
    assert night(event, "log") == 0


def test_mistakes_are_one_line_and_status_2(tmp_path, capsys):
    assert night(tmp_path / "none", "standings") == 2
    assert "no game night" in capsys.readouterr().err
    assert main(["night"]) == 2
    assert main(["night", "--demo", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "1 to 100 boards" in err
    assert main(["night", "board", "--credentials", str(tmp_path / "missing")]) == 2
    assert "credentials file not found" in capsys.readouterr().err
    (tmp_path / "bad.credentials").write_text('{"user": "board+1", "password": "x"}')
    assert main(["night", "board", "--credentials", str(tmp_path / "bad.credentials")]) == 2
    assert "not a board id" in capsys.readouterr().err


def test_wordboard_run_seats_the_pairing_the_board_received(tmp_path, capsys):
    from wordboard.journal import Journal
    from wordboard.night import pairing_file

    pairing_file.write({"round": 2, "table": 3, "players": ["Ann", "Bob"]})
    journal = tmp_path / "j.sqlite3"
    assert main(["run", "--quick", "--speed", "inf", "--no-leds", "--new", "--journal", str(journal),
                 "--max-moves", "2", "--seed", "3"]) == 0
    assert "game night: round 2, table 3: Ann v Bob" in capsys.readouterr().out
    with Journal(journal) as j:
        assert j.games()[-1].players == ("Ann", "Bob")
    assert pairing_file.read(now=time.time() + pairing_file.MAX_AGE + 1) is None    # another evening's
