"""The records wordboard exports load in Macondo's GCG importer (which Woogles uses), checked with
a re-statement of its line rules and its rack checks (tests/gcg/macondo_rules.py), not only a
line pattern (issue 38): a swap on a real table was written ``>Ben: ? -3 +0 0`` (the rack ``?``
is one blank: "exchanged more tiles than are on rack"), and passes and lost turns wrote ``?``.

Over: games played on physical racks (the racks unknown) with every kind of turn, under each
challenge rule; the 63 shared real records played on physical racks as a table plays them and
exported; and the real records read and written again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.gcg.macondo_rules import macondo_refuses
from wordboard import gcg
from wordboard.crossword import Exchange, Game, Pass
from wordboard.crossword.game import Leftovers
from wordboard.crossword.moves import Challenge
from wordboard.crossword.record import UNSEEN_RACK_NOTE, game_record
from wordboard.editions import load_edition

SCRABBLE = load_edition("scrabble").tiles.counts
SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "gcg"
RECORDS = sorted(SHARED.glob("*.gcg")) if SHARED.is_dir() else []
TURNS = (gcg.Play, gcg.Pass, gcg.Exchange, gcg.Withdrawn, gcg.ChallengeBonus)


def test_the_restatement_refuses_what_macondo_refuses():
    head = "#character-encoding UTF-8\n#player1 Ann Ann\n#player2 Ben Ben\n>Ann: DORW 8E WORD +16 16\n"
    assert "exchanged more tiles than are on rack" in macondo_refuses(head + ">Ben: ? -3 +0 0\n", SCRABBLE)
    assert macondo_refuses(head + ">Ben: EEE -3 +0 0\n", SCRABBLE) is None
    assert "no match" in macondo_refuses(head + ">Ben: - +0 0\n", SCRABBLE)                  # a pass needs a rack
    assert "unable to set rack" in macondo_refuses(head + ">Ben: ??? -3 +0 0\n", SCRABBLE)    # 2 blanks in the set
    assert "not in rack" in macondo_refuses(head + ">Ben: AB 9E AX +9 9\n", SCRABBLE)
    # one space before "(challenge)": read as the end of the game, and nothing may be played after it
    assert "over" in macondo_refuses(head + ">Ann: (challenge) +5 21\n>Ben: AT 9E AT +2 2\n", SCRABBLE)
    assert "no match" in macondo_refuses(head.replace("#player2 Ben Ben", "#player2 Ben Ben\n#player3 Cy Cy"),
                                         SCRABBLE)


def a_table_game(rule: str) -> Game:
    """Physical racks, every kind of turn: plays, a phony taken off, a play that stands, swaps
    named and not, passes, a lost turn (double), the game clock's overtime, the leftovers."""
    from wordboard.timecontrol import TimeControl

    g = Game(load_edition("scrabble"), ["Ann", "Ben"], seed=3, first_player=0, physical=True, challenge=rule,
             time_control=TimeControl(60, 0, 10))
    g.push(g.parse_move("8E WORD"))
    g.push(Challenge(g.current, ()))                     # stands
    g.push(g.parse_move("F7 Q."))                        # QO: taken off
    g.push(Challenge(g.current, ("QO",)))
    g.push(Exchange(count=3))
    g.push(Exchange("QV"))
    g.push(g.parse_move("D8 A"))
    g.push(Pass())
    g.set_clock([65, 10])
    while not g.waiting_for_leftovers:
        g.push(Pass())
    unseen = g.unseen_tiles()
    g.push(Leftovers((unseen[:7], unseen[7:14])))
    return g


@pytest.mark.parametrize("rule", ["single", "double", "five-point", "ten-point"])
def test_a_physical_racks_game_loads_in_macondo(rule):
    game = a_table_game(rule)
    text = gcg.dumps(game_record(game, title="Scrabble game 1", lexicon="wordgame"))
    assert macondo_refuses(text, SCRABBLE) is None, text
    assert not re.search(r"^>\S+: \?+ -", text, re.M)          # no rack of blanks for a pass or a swap
    assert f"#note {UNSEEN_RACK_NOTE}" in text
    again = gcg.parse(text)                             # and wordboard reads it back, swaps as swaps
    assert [type(e).__name__ for e in again.events].count("Exchange") == 2
    assert any(isinstance(e, gcg.Exchange) and e.tiles is None and e.count == 3 for e in again.events)


def play_physically(record: gcg.GameRecord) -> Game:
    """The record's turns on physical racks, as a table plays them (a swap says how many tiles
    went back; a challenge judged as the record says; the leftovers named at the end)."""
    nicks = [p.nick for p in record.players]
    first = next(e.nick for e in record.events if isinstance(e, (gcg.Play, gcg.Pass, gcg.Exchange)))
    game = Game(load_edition("scrabble"), nicks, seed=1, first_player=nicks.index(first), physical=True,
                challenge="five-point")
    left = {e.nick: e.tiles for e in record.events if isinstance(e, gcg.EndRackPenalty)}
    for event in (e for e in record.events if isinstance(e, TURNS)):
        if game.known_leftovers() is not None and not isinstance(event, (gcg.Withdrawn, gcg.ChallengeBonus)):
            game.push(game.known_leftovers())
        if isinstance(event, gcg.Play):
            game.push(game.parse_move(f"{gcg.format_position(event.position)} {event.word}"))
        elif isinstance(event, gcg.Pass):
            game.push(Pass())
        elif isinstance(event, gcg.Exchange):
            game.push(Exchange(count=event.count))
        else:
            phonies = (game.history[-1].words[0].text,) if isinstance(event, gcg.Withdrawn) else ()
            game.push(Challenge(game.current, phonies))
    if game.known_leftovers() is not None:
        game.push(game.known_leftovers())
    elif game.waiting_for_leftovers:
        game.push(Leftovers(tuple(left.get(n, "") for n in nicks)))
    return game


@pytest.mark.skipif(not RECORDS, reason="the shared game records are not beside the repository")
def test_real_games_played_on_physical_racks_export_as_macondo_loads_them():
    exported = swaps = 0
    for path in RECORDS:
        record = gcg.load(path)
        if len(record.players) != 2:
            continue
        game = play_physically(record)
        assert game.is_over, path.name
        text = gcg.dumps(game_record(game, lexicon=record.pragma("lexicon")))
        assert macondo_refuses(text, SCRABBLE) is None, f"{path.name}: {macondo_refuses(text, SCRABBLE)}"
        exported += 1
        swaps += sum(isinstance(e, gcg.Exchange) for e in record.events)
    assert exported == 63 and swaps > 0


@pytest.mark.skipif(not RECORDS, reason="the shared game records are not beside the repository")
def test_real_records_read_and_written_again_load_in_macondo():
    for path in RECORDS:
        record = gcg.load(path)
        assert macondo_refuses(path.read_text(encoding="utf-8"), SCRABBLE) is None, path.name
        assert macondo_refuses(gcg.dumps(record), SCRABBLE) is None, path.name
