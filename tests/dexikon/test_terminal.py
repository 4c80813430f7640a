"""``wordboard play dexikon``: a whole game driven from standard input; the score sheets."""

from __future__ import annotations

import io
import random
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from wordboard.cli import main
from wordboard.dexikon.autoplay import AutoPlayer
from wordboard.dexikon.cards import load_card_set
from wordboard.dexikon.console import command_for
from wordboard.dexikon.engine import Game
from wordboard.dexikon.scoring import STANDARD, ScoreSheet, final_score
from wordboard.dexikon.sheet_svg import score_sheet_svg

WORDS = Path(__file__).with_name("words.txt")
SVG = "{http://www.w3.org/2000/svg}"


def script_for(dictionary, players, seed, first, **knobs):
    """Play a game with automatic players and write down the console commands they amount to."""
    game = Game(load_card_set(), dictionary, players, seed=seed, first_player=first)
    auto = AutoPlayer(random.Random(seed), **knobs)
    lines = []
    while game.result is None:
        action = auto.choose(game)
        lines.append(command_for(game, action))
        game.play(action)
    return lines, game


def run_cli(monkeypatch, capsys, args, lines):
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    status = main(["play", "dexikon", *args])
    return status, capsys.readouterr()


@pytest.mark.parametrize("players", [1, 3])
def test_a_full_game_from_stdin_referees_every_phase(dictionary, monkeypatch, capsys, tmp_path,
                                                      players):
    lines, game = script_for(dictionary, players, seed=21, first=0, challenge_rate=0.3,
                             bluff_rate=0.1, refresh_rate=0.2)
    status, out = run_cli(monkeypatch, capsys, [
        "--players", str(players), "--seed", "21", "--first", "1", "--lexicon", str(WORDS),
        "--sheets", str(tmp_path)], lines)
    assert status == 0, out.err
    assert "Not allowed" not in out.out and "\n? " not in out.out
    assert "stand-in" in out.out
    for place, score in game.result.places:
        assert f"{place}. {score.name}: {score.total} " in out.out
    sheets = sorted(tmp_path.glob("*.svg"))
    assert len(sheets) == players
    for path, score in zip(sheets, game.result.scores):
        root = ET.parse(path).getroot()
        assert root.tag == f"{SVG}svg"
        texts = {t.get("id"): t.text for t in root.iter(f"{SVG}text") if t.get("id")}
        assert texts["total"] == str(score.total)
        assert texts["subtotal"] == str(score.subtotal)


def test_illegal_and_unknown_commands_are_explained_and_the_game_goes_on(dictionary,
                                                                        monkeypatch, capsys):
    lines, _ = script_for(dictionary, 2, seed=5, first=0)
    bad = ["dance", "buy X", "play NOTACARD", "bank", "help", "show", "hint"]
    status, out = run_cli(monkeypatch, capsys, ["--players", "2", "--seed", "5", "--first", "1",
                                                "--lexicon", str(WORDS)], bad + lines)
    assert status == 0
    assert "? unknown command 'dance'" in out.out
    assert "Not allowed: buying is not possible now: the game waits for Player 1" in out.out
    assert "? NOTACARD is not a card name (the cards: AT, ES, IOU, PENALTY" in out.out
    assert "play CARD... | play all" in out.out                # help
    assert "->  word" in out.out                               # hint


def test_input_ending_early_is_a_one_line_error(monkeypatch, capsys):
    status, out = run_cli(monkeypatch, capsys, ["--players", "2", "--seed", "1", "--lexicon",
                                                str(WORDS)], ["play all"])
    assert status == 2
    assert out.err.strip() == "wordboard: the input ended before the game was over"


def test_bad_options_are_one_line_errors(monkeypatch, capsys):
    status, out = run_cli(monkeypatch, capsys, ["--players", "7", "--lexicon", str(WORDS)], [])
    assert status == 2 and "1 to 5 players, not 7" in out.err
    status, out = run_cli(monkeypatch, capsys, ["--players", "2", "--names", "A",
                                                "--lexicon", str(WORDS)], [])
    assert status == 2 and "--names gives 1 names for 2 players" in out.err


def test_more_bad_options(monkeypatch, capsys):
    status, out = run_cli(monkeypatch, capsys, ["--players", "-1", "--lexicon", str(WORDS)], [])
    assert status == 2 and "--players: expected 1 or more, not -1" in out.err
    status, out = run_cli(monkeypatch, capsys, ["--players", "2", "--names", "Ann,ann",
                                                "--lexicon", str(WORDS)], [])
    assert status == 2 and "two players have the same name" in out.err


def test_console_commands_out_of_turn_and_typing_slips(dictionary, monkeypatch, capsys):
    """Blank lines are skipped; commands of another phase, unknown or missing cards are
    explained in one line; a refused word leaves the cards where they were; 'show' once."""
    lines = ["", "   ", "return AT", "choose 2", "word", "play ZZ", "show",
             "word ? ? ? ? ? ? ?", "word ? ES = x'y", "giveup", "buy ?", "done"]
    status, out = run_cli(monkeypatch, capsys, ["--players", "2", "--seed", "3", "--first", "1",
                                                "--lexicon", str(WORDS)], lines + ["quit"])
    assert status == 1, out.err
    text = out.out
    assert "? 'return' is not possible now; play CARD..." in text
    assert "? 'choose' is not possible now" in text
    assert "? word CARD... [= WORD]: name the cards" in text
    assert "? ZZ is not a card name" in text
    assert "? no more ? on the table or in your hand" in text
    assert "Not allowed: \"x'y\" is not a word: use the letters A-Z" in text
    assert "Player 1 buys PENALTY" in text
    assert text.count("Hand: ") == 3          # start of turn 1, 'show', start of turn 2
    assert "Traceback" not in text + out.err


def test_quit_abandons_the_game(monkeypatch, capsys):
    status, out = run_cli(monkeypatch, capsys, ["--players", "2", "--seed", "1", "--lexicon",
                                                str(WORDS)], ["quit"])
    assert status == 1 and "Game abandoned." in out.out


def test_score_sheet_svg_of_the_worked_example(card_set):
    """The printable sheet, with the numbers of the rulebook's example (53)."""
    sheet = ScoreSheet("Barbara & co", first=True, challenges_won=5,
                       last_word="COUNTERFEITING", last_word_value=15)
    for word, value in [("CATCH", 5), ("COUNTS", 6), ("CATFISH", 9), ("FINCH", 5),
                        ("GIFTED", 8), ("FRANKING", 11), ("CANNING", 7)]:
        sheet.bank(word, value)
    cards = [card_set.kind("N")] * 2 + [card_set.kind("PENALTY")] * 5
    svg = score_sheet_svg(final_score(sheet, cards, STANDARD), STANDARD,
                          card_set_name=card_set.name)
    root = ET.fromstring(svg.encode("utf-8"))
    texts = {t.get("id"): t.text for t in root.iter(f"{SVG}text") if t.get("id")}
    assert texts["name"] == "Barbara & co"
    assert texts["first"] == "X"
    assert [texts[f"word-{i}"] for i in range(1, 8)] == ["Catch", "Counts", "Catfish", "Finch",
                                                         "Gifted", "Franking", "Canning"]
    assert texts["word-6-value"] == "11"
    assert texts["subtotal"] == "41"
    assert (texts["last-word"], texts["last-word-value"]) == ("Counterfeiting", "15")
    assert texts["bonus"] == "7" and texts["card-bonus"] == "+2"
    assert texts["penalties"] == "-10"
    assert texts["total"] == "53"
    assert len([e for e in root.iter(f"{SVG}line") if e.get("class") == "tally"]) == 5


def test_the_terminal_shows_sheets_discards_the_refreshed_pool_and_numbers_in_range(card_set, dictionary):
    """Issue 21: every player's sheet (banked words) and the discard pile are shown at each turn,
    the pool after a refresh, and "choose 99" with fewer words says which numbers there are."""
    from tests.dexikon.helpers import set_hand
    from wordboard.dexikon.console import Console
    from wordboard.dexikon.engine import Game

    game = Game(card_set, dictionary, ["Ann", "Bob"], seed=5, first_player=0)
    set_hand(game, 0, "PENALTY", "PENALTY", "AT", "AT", "ES", "ES")
    out = io.StringIO()
    console = Console(game, out)
    lines = ["word ? ?", "choose 9999", "choose 1", "ok", "refresh", "bank", "buy AT", "done", "quit"]
    console.run(lines)
    text = out.getvalue()
    assert "Sheet Ann (first): banked -" in text and "Sheet Bob: banked -" in text
    assert "Discard:" in text
    assert "choose a number from 1 to" in text
    assert text.count("Pool: ") >= 3                      # Ann's turn, the refresh, Bob's turn
    assert "banked " in text.split("Ann banks")[1]
