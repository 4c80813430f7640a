"""The game records wordboard exports are ones Woogles loads: every line is one of the kinds its
GCG reader (macondo's gcgio) knows, or it refuses the whole file. An ``#edition`` pragma was one
such line; racks the game does not know (physical racks) must still be written as a rack."""

from __future__ import annotations

from wordboard import gcg
from wordboard.crossword import Exchange, Game, Pass
from wordboard.crossword.record import game_record, record_edition
from wordboard.editions import load_edition


def woogles_refuses(text: str) -> list[str]:
    """The lines none of Macondo's line rules reads (tests/gcg/macondo_rules.py), a note's
    continuation aside; its rack checks are in test_gcg_importer_rules.py."""
    from tests.gcg.macondo_rules import LINE_RULES

    refused, in_note = [], False
    for line in text.splitlines():
        line = line.strip()
        token = next((t for t, rule in LINE_RULES if rule.search(line)), None)
        if token is None and line and not in_note:
            refused.append(line)
        in_note = token == "note" or (token is None and in_note)
    return refused


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
    assert ">Ben: EEEE -4 +0 0" in text                   # an unseen rack Macondo can take 4 tiles from


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
