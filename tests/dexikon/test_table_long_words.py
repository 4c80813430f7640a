"""Words longer than a row of card slots on Dexikon's table path (issue 21): the slots fill the
board like a page (five rows of seven), and a word runs on from one row to the next - the
rulebook's last word COUNTERFEITING (14 cards) included."""

from __future__ import annotations

from tests.dexikon.helpers import set_hand, set_zone
from tests.dexikon.table_helpers import Table, answers, table_session
from wordboard.dexikon.engine import Phase


def test_the_slots_fill_the_board_in_reading_order(tmp_path):
    with table_session(tmp_path) as s:
        slots = s.adapter.slots
        assert len(slots) == 35
        assert slots[7][0][0] == slots[6][0][0] + 3 and slots[7][0][1] == slots[0][0][1]   # row 2 starts left
        assert len({sq for slot in slots for sq in slot}) == 35 * 6


def test_an_eight_card_word_runs_on_to_the_next_row(tmp_path):
    with table_session(tmp_path) as s:
        table = Table(s, answers({"challenge": "accept", "which word": "STRANGER", "Action effect of T": "not now",
                                  "Action effect of R": "return nothing"}))
        game = table.game
        me = game.current.index
        cards = set_hand(game, me, "S", "T", "R", "AT", "N", "G", "ES", "R")
        table.lay(cards, start=3)                       # slots 4 to 7 on the first row, 8 to 11 on the next
        table.end_turn(3)
        assert game.phase is Phase.USE_POINTS and game.turn.word.word == "STRANGER"
        assert len(s.adapter.committed_tiles()) == 8


def test_the_rulebooks_fourteen_card_last_word_is_laid_on_the_table(tmp_path):
    with table_session(tmp_path) as s:
        game = s.adapter.game
        me = game.first_player
        word = "COUNTERFEITING"
        kinds = ["C", "IOU", "IOU", "N", "T", "ES", "R", "F", "ES", "IOU", "T", "IOU", "N", "G"]
        for zone in ("deck", "discard"):
            set_zone(game, me, zone)
        cards = set_hand(game, me, *kinds)
        game._begin_end()                                # the game ends: last words
        table = Table(s, answers({"challenge": "accept", "which word": word}))
        assert game.phase is Phase.LAST_WORD and game.current.index == me
        table.lay(cards)
        table.end_turn(3)
        sheet = game.players[me].sheet
        assert sheet.last_word == word and sheet.last_word_value == sum(c.kind.points for c in cards)
