"""The game records wordboard exports are ones Woogles loads: every line is one of the kinds its
GCG reader (macondo's gcgio) knows, or it refuses the whole file. An ``#edition`` pragma was one
such line; racks the game does not know (physical racks) must still be written as a rack."""

from __future__ import annotations

import re

from wordboard import gcg
from wordboard.crossword import Exchange, Game, Pass
from wordboard.crossword.record import game_record, record_edition
from wordboard.editions import load_edition

#: The line kinds of Woogles' GCG reader, written from the GCG format's definition.
LINE_KINDS = [re.compile(p) for p in (
    r"#character-encoding \S+",
    r"#player[12]\s+\S+\s+.+", r"#title\s*.*", r"#description\s*.*", r"#id\s*\S+\s+\S+",
    r"#rack[12] \S+", r"#note .+", r"#lexicon .+",
    r">\S+:\s+\S+\s+\w+\s+[A-Za-z.]+\s+\+\d+\s+\d+",             # a play
    r">\S+:\s+\S+\s+--\s+-\d+\s+\d+",                             # a phony taken back
    r">\S+:\s+\S+\s+-\s+\+0\s+\d+",                               # a pass
    r">\S+:\s+\S*\s+\(challenge\)\s+\+\d+\s+\d+",
    r">\S+:\s+\S+\s+-\S+\s+\+0\s+\d+",                            # an exchange
    r">\S+:\s+\(\S+\)\s+\+\d+\s+-?\d+",                           # the end: tiles of the other rack
    r">\S+:\s+\S*\s+\(time\)\s+-\d+\s+-?\d+",
    r">\S+:\s+\S+\s+\(\S+\)\s+-\d+\s+-?\d+",                      # the end: one's own tiles
)]


def woogles_refuses(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip() and not any(k.match(line) for k in LINE_KINDS)]


def physical_game() -> Game:
    game = Game(load_edition("scrabble"), ["Ann", "Ben"], seed=3, first_player=0, physical=True)
    game.push(game.parse_move("8E WORD"))
    game.push(Exchange(count=4))
    game.push(Pass())
    return game


def test_a_physical_racks_game_exports_as_woogles_reads_it():
    text = gcg.dumps(game_record(physical_game(), title="Scrabble game 1", lexicon="wordgame",
                                 description="played on a wordboard table, 2026-11-25"))
    assert woogles_refuses(text) == []
    assert ">Ann: DORW 8E WORD +16 16" in text            # the rack: the tiles the table saw
    assert ">Ben: ? -4 +0 0" in text


def test_a_finished_dealt_game_exports_as_woogles_reads_it():
    game = Game(load_edition("lexulous"), ["Ann", "Ben"], seed=5)
    from tests.crossword.test_lexulous_invariants import WORDS
    from wordboard.crossword.selfplay import greedy_move

    game.dictionary = WORDS
    for _ in range(40):
        if game.is_over:
            break
        game.push(greedy_move(game))
    text = gcg.dumps(game_record(game))
    assert woogles_refuses(text) == []


def test_the_edition_is_a_note_wordboard_reads_back_and_old_records_still_name_it():
    text = gcg.dumps(game_record(physical_game()))
    record = gcg.parse(text)
    assert record_edition(record) == "scrabble" and "#edition" not in text
    old = "#edition lexulous\n#player1 Ann Ann\n#player2 Ben Ben\n>Ann: ABC 8H CAB +14 14\n"
    assert record_edition(gcg.parse(old)) == "lexulous"
