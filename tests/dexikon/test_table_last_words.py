"""The twin's last words on Dexikon's table path (issue 21): the scripted players never lay a last
word unsuitable for children (the shared offensive-word list), as they never lay such a word in a
turn: nothing offensive is played, scored, shown or said."""

from __future__ import annotations

import random

from tests.dexikon.helpers import set_hand, set_zone
from tests.dexikon.table_helpers import table_session
from wordboard.dexikon.autoplay import AutoPlayer
from wordboard.dexikon.engine import DeclareWord, Phase
from wordboard.dexikon.words import best_last_word
from wordboard.extradiction.wordfilter import is_unsuitable


def test_the_twins_last_word_is_never_an_unsuitable_word(tmp_path):
    said: list[str] = []
    with table_session(tmp_path, out=said.append) as s:
        game = s.adapter.game
        me = game.first_player
        for zone in ("deck", "discard"):
            set_zone(game, me, zone)
        cards = set_hand(game, me, "F", "U", "C", "K", "ES")
        offensive = best_last_word(cards, game.dictionary)
        assert offensive is not None and is_unsuitable(offensive.word)    # the best word, unfiltered
        game._begin_end()                                # the game ends: last words
        assert game.phase is Phase.LAST_WORD and game.current.index == me
        automatic = AutoPlayer(random.Random(1)).choose(game)     # the automatic player's choice too
        assert isinstance(automatic, DeclareWord) and not is_unsuitable(automatic.word)
        s.run(max_seconds=60)
        assert s.adapter.over
        last_words = [p.sheet.last_word for p in game.players]
        assert last_words[me], "a suitable last word is laid instead"
        assert not any(word and is_unsuitable(word) for word in last_words)
        assert said and not any(offensive.word in line.upper() for line in said)
