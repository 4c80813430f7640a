"""Every real game record in ../shared/data/gcg parses, with events counted independently."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from wordboard import gcg

GCG_DIR = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "gcg"
GCG_FILES = sorted(GCG_DIR.glob("*.gcg")) if GCG_DIR.is_dir() else []


def _need_data() -> None:
    if not GCG_FILES:
        pytest.skip(f"shared game records not found at {GCG_DIR}")


def _shared(name: str) -> gcg.GameRecord:
    _need_data()
    path = GCG_DIR / name
    if not path.is_file():
        pytest.skip(f"{name} not in the shared data")
    return gcg.load(path)


# Independent classification of an event line, by regular expression over the raw text.
_NUMBERS = r"\s+[+-]?\d+\s+-?\d+(\s.*)?$"
_LINE_KINDS = {
    "Play": re.compile(r"^>[^:]+:\s+([A-Za-z?]+\s+)?(\d+[A-Za-z]|[A-Za-z]\d+)\s+[A-Za-z.]+" + _NUMBERS),
    "Pass": re.compile(r"^>[^:]+:\s+([A-Za-z?]+\s+)?-" + _NUMBERS),
    "Exchange": re.compile(r"^>[^:]+:\s+([A-Za-z?]+\s+)?-([A-Za-z?]+|\d+)" + _NUMBERS),
    "Withdrawn": re.compile(r"^>[^:]+:\s+([A-Za-z?]+\s+)?--" + _NUMBERS),
    "ChallengeBonus": re.compile(r"^>[^:]+:\s+([A-Za-z?]+\s+)?\(challenge\)" + _NUMBERS),
    "TimePenalty": re.compile(r"^>[^:]+:\s+([A-Za-z?]+\s+)?\(time\)" + _NUMBERS),
    "EndRackBonus": re.compile(r"^>[^:]+:\s+([A-Za-z?]+\s+)?\([A-Z?]+\)\s+\+?\d+\s+-?\d+(\s.*)?$"),
    "EndRackPenalty": re.compile(r"^>[^:]+:\s+([A-Za-z?]+\s+)?\([A-Z?]+\)\s+-\d+\s+-?\d+(\s.*)?$"),
}


def _expected_counts(path: Path) -> Counter:
    counts: Counter = Counter()
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith(">"):
            continue
        kinds = [kind for kind, pattern in _LINE_KINDS.items() if pattern.match(line.rstrip())]
        assert len(kinds) == 1, f"test regexes classify {line!r} as {kinds}"
        counts[kinds[0]] += 1
    return counts


def test_shared_data_has_the_63_records():
    _need_data()
    assert len(GCG_FILES) == 63


@pytest.mark.parametrize("path", GCG_FILES, ids=[p.name for p in GCG_FILES])
def test_every_shared_record_parses_with_the_right_events(path: Path):
    record = gcg.load(path)
    text = path.read_text(encoding="utf-8")
    assert Counter(type(e).__name__ for e in record.events) == _expected_counts(path)
    assert len(record.events) == sum(1 for line in text.splitlines() if line.startswith(">"))
    # Events keep file order and their own line numbers.
    lines = text.splitlines()
    for event in record.events:
        assert lines[event.line - 1].startswith(f">{event.nick}:")
    assert [e.line for e in record.events] == sorted(e.line for e in record.events)
    # Every #note line ends up somewhere: on an event, or as a pragma before the first event.
    note_lines = sum(1 for line in lines if line.startswith("#note"))
    notes = sum(len(e.notes) for e in record.events)
    notes += sum(1 for name, _ in record.pragmas if name == "note")
    assert notes == note_lines
    assert len(record.players) == 2
    assert {e.nick for e in record.events} <= {p.nick for p in record.players}
    assert record.path == str(path)


@pytest.mark.parametrize("path", GCG_FILES, ids=[p.name for p in GCG_FILES])
def test_every_shared_record_round_trips_through_dumps(path: Path):
    record = gcg.load(path)
    again = gcg.parse(gcg.dumps(record), path="again.gcg")
    assert again.players == record.players
    assert again.events == record.events
    assert again.pragmas == record.pragmas
    assert again.final_racks == record.final_racks


def test_shared_totals_across_all_records():
    _need_data()
    counts = Counter(type(e).__name__ for p in GCG_FILES for e in gcg.load(p).events)
    expected = Counter()
    for path in GCG_FILES:
        expected += _expected_counts(path)
    assert counts == expected
    assert counts["Play"] > 1000 and counts["Withdrawn"] > 0 and counts["EndRackPenalty"] > 0


def test_withdrawn_phony_r20_peter():
    record = _shared("r20_peter.gcg")
    assert [p.nick for p in record.players] == ["Peter", "Josh"]
    phony, withdrawn = (e for e in record.events if e.line in (19, 20))
    assert phony == gcg.Play("Peter", "?BCHRUY", gcg.Position(0, 13, False), "BRUnCH..Y", 115, 392)
    assert withdrawn == gcg.Withdrawn("Peter", "?BCHRUY", -115, 277)
    assert withdrawn.line == 20


def test_first_play_and_note_r20_peter():
    record = _shared("r20_peter.gcg")
    first = record.events[0]
    assert first.position == gcg.Position(6, 7, across=False)  # H7
    assert (first.word, first.score, first.cumulative, first.line) == ("OUTDUEL", 68, 68, 4)
    assert first.notes == ("Hood River 2022 Round 20.",)
    folie = next(e for e in record.events if e.line == 21)
    assert folie.notes == ("B4 FO(R)ELAND #FINDINGSADDEST",)
    # The encoding line is consumed, not kept as a pragma.
    assert record.pragmas == []


def test_end_rack_without_rack_r20_peter():
    last = _shared("r20_peter.gcg").events[-1]
    assert last == gcg.EndRackBonus("Josh", "", "?ARR", 6, 503)
    assert last.line == 31


def test_challenge_bonus_and_end_rack_josh_round_1():
    record = _shared("josh_nationals_round_1.gcg")
    bonus = next(e for e in record.events if e.line == 24)
    assert bonus == gcg.ChallengeBonus("jvc", "DEEORVX", 5, 343)
    end = next(e for e in record.events if e.line == 35)
    assert end == gcg.EndRackBonus("jvc", "", "IQ", 22, 491)


def test_own_rack_penalties_and_underscored_nicks():
    record = _shared("combined_low_scoring.gcg")
    assert record.players == [
        gcg.Player("Marlon_Hill", "Marlon Hill"),
        gcg.Player("Ben_Schoenbrun", "Ben Schoenbrun"),
    ]
    marlon = next(e for e in record.events if e.line == 15)
    assert marlon == gcg.EndRackPenalty(
        "Marlon_Hill", "?AEEOTT", "?AEEOTT", -6, -6, notes=marlon.notes
    )
    assert marlon.notes[0].startswith("Woah! He drew the blank!")
    ben = record.events[-1]
    assert (type(ben), ben.tiles, ben.score, ben.cumulative) == (gcg.EndRackPenalty, "EIOQRRT", -16, -16)
    exchange = next(e for e in record.events if e.line == 9)
    assert exchange == gcg.Exchange("Ben_Schoenbrun", "DDEIRRT", "DR", 2, 0, 0, notes=exchange.notes)


def test_exchanges_blank_and_count_only():
    blank = next(e for e in _shared("r13_ben.gcg").events if e.line == 4)
    assert blank == gcg.Exchange("Ben", "?AEIRST", "?", 1, 0, 0, notes=("Hood River 2022 Round 13.",))
    vs_josh = _shared("vs_josh.gcg")
    counted = next(e for e in vs_josh.events if e.line == 23)
    assert counted == gcg.Exchange("josh", "IIIU", None, 4, 0, 349)
    passed = next(e for e in vs_josh.events if e.line == 17)
    assert passed == gcg.Pass("josh", "GROUU", 0, 287)


def test_title_and_description_pragmas_kept_in_order():
    record = _shared("josh_nationals_round_24.gcg")
    assert record.pragmas[:2] == [
        ("title", "2019 NSC Round CSW24"),
        ("description", "Jesse Day plays Josh Castellano in Round CSW24 at the 2019 NSC"),
    ]
    assert record.pragma("title") == "2019 NSC Round CSW24"
    assert record.pragma("lexicon") is None
