"""Issue 37: the Dexikon demo (the twin's scripted players, ``wordboard run --game dexikon``)
offered a slur: seed 9 laid CHINKS after the board asked "The cards spell CHINES, CHINKS, CHINOS,
CHUNKS: which word is it?". Every word the demo lays, chooses or names goes through the
children's filter: with a filter that knows CHINKS, seed 9 never says it; with the shipped
filter, nothing the demo says holds a word it blocks."""

from __future__ import annotations

import random
import re

from tests.extradiction.offensive import filter_knowing
from wordboard.dexikon.autoplay import AutoPlayer
from wordboard.dexikon.engine import ChooseWord, WordChoice
from wordboard.dexikon.table import spellings_named
from wordboard.extradiction import wordfilter

from .table_helpers import table_session


def demo_lines(tmp_path, seed: int, moves: int = 200) -> list[str]:
    said: list[str] = []
    with table_session(tmp_path, seed=seed, out=said.append) as s:
        s.run(max_moves=moves)
        banked = sorted(s.adapter.game.banked_words)
    return said + banked


def test_seed_9_never_offers_chinks_once_the_filter_knows_it(tmp_path, monkeypatch):
    filter_knowing(monkeypatch, ("CHINKS",))
    lines = demo_lines(tmp_path, 9)
    assert lines and not [line for line in lines if "CHINK" in line.upper()]
    assert any("declares the word" in line for line in lines)           # the demo still plays


def test_nothing_the_demo_says_holds_a_word_the_filter_blocks(tmp_path):
    lines = demo_lines(tmp_path, 11, moves=120)
    named = {w for line in lines for w in re.findall(r"\b[A-Z]{2,}\b", line)}      # the words, in capitals
    assert len(named) > 20 and not [w for w in named if wordfilter.is_unsuitable(w)]


def test_the_spellings_a_table_is_told_never_name_a_blocked_word(monkeypatch):
    filter_knowing(monkeypatch, ("CHINKS",))
    named = spellings_named(["CHINES", "CHINKS", "CHINOS", "CHUNKS"])
    assert named(12) == "CHINES, CHINOS, CHUNKS (and 1 more)" and named(2) == "CHINES, CHINOS (and 2 more)"
    assert spellings_named(["SHIT", "CHINKS"])(12) == "2 words"
    assert spellings_named(["CAT", "ACT"])(12) == "CAT, ACT"


def test_the_automatic_player_chooses_a_suitable_spelling(monkeypatch):
    filter_knowing(monkeypatch, ("CHINKS",))
    game = type("G", (), {"pending": WordChoice(0, (), ("CHINKS", "CHINES"))})()
    for seed in range(20):
        assert AutoPlayer(random.Random(seed)).choose(game) == ChooseWord("CHINES")


def test_the_consoles_list_of_spellings_never_names_a_blocked_word(monkeypatch):
    """``wordboard play dexikon``: "several words fit: 1:CHINES, 2:CHINKS, ..." named every word;
    a blocked one is now counted, not named, and its number still chooses it. (Its hints and
    ``best`` already leave such words out: ``for_people``, ``best_last_word(unsuitable=...)``.)"""
    import io

    from wordboard.dexikon.console import Console

    filter_knowing(monkeypatch, ("CHINKS",))
    game = type("G", (), {"players": [type("P", (), {"name": "Ann"})()]})()
    console = Console.__new__(Console)
    console.game, console.out = game, io.StringIO()
    said = console._expected(WordChoice(0, (), ("CHINES", "CHINKS", "CHINOS")))
    assert said == "several words fit: 1:CHINES, 3:CHINOS (+1 more). choose WORD|N"
    assert console._expected(WordChoice(0, (), ("CHINKS", "SHIT"))) == "several words fit: - (+2 more). choose WORD|N"
    assert console._expected(WordChoice(0, (), ("CAT", "ACT"))) == "several words fit: 1:CAT, 2:ACT. choose WORD|N"
