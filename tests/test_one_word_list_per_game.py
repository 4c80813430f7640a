"""Each game has one default word list, whatever the entry point: `wordboard play GAME` in the
terminal plays with the list `wordboard run --game GAME` plays with (before, `play hexx` took
scowl:70, which accepts abbreviations, where the board took the word-game list)."""

import pytest

from wordboard import registry
from wordboard.cli import build_parser


def _play_defaults() -> dict[str, str]:
    parser = build_parser()
    out = {}
    for family in registry.families():
        if family.terminal is None:
            continue
        name = "lexulous" if family.name == "crossword" else family.name
        args = parser.parse_args(["play", name])
        out[family.name] = args.lexicon
    return out


@pytest.mark.parametrize("family", [f for f in registry.families() if f.terminal is not None], ids=lambda f: f.name)
def test_the_terminal_game_plays_with_the_boards_word_list(family):
    assert _play_defaults()[family.name] == family.default_lexicon


def test_hexx_and_the_crossword_games_play_the_word_game_list():
    assert registry.family("hexx").default_lexicon == "wordgame"
    assert _play_defaults()["hexx"] == _play_defaults()["crossword"] == "wordgame"
