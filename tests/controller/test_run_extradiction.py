"""eXtraDICTION on the board (fast twin): the clue card shown, the guess asked, the letters the
children write read by the camera (here an exact reading of the table), stars counted; crash
and resume; rubbed-out and smudged letters tracked."""

from __future__ import annotations

from wordboard.controller.session import SessionConfig, open_session
from wordboard.controller.twin import Habits
from wordboard.controller.written import TableEyes, WrittenLetters
from wordboard.journal import rebuild


def session(tmp_path, **kw):
    config = SessionConfig(game=kw.pop("game", "extradiction"), hardware="direct", camera="none",
                           journal=tmp_path / "j.sqlite3", seed=kw.pop("seed", 3), show_leds=False,
                           out=kw.pop("out", lambda s: None), **kw)
    return open_session(config)


def test_a_whole_game_is_written_read_and_counted(tmp_path):
    lines = []
    with session(tmp_path, out=lines.append) as s:
        assert isinstance(s.sensor, WrittenLetters)            # the camera is the only sensor
        s.players.habits = Habits(slide=0, second_thoughts=0.2, knock=0.3, bump=0, mistake=0.4)
        s.run(max_seconds=50)
        assert s.adapter.over
        assert s.players.mismatches == []
        assert s.players.as_meant == s.adapter.proposals_committed >= 5
        assert s.controller.stats.invalid + s.controller.stats.blocked >= 1
        game = s.adapter.game
        assert sum(game.stars) > 0
        _, rebuilt = rebuild(s.journal, s.jgame.id)
        assert rebuilt.stars == game.stars and rebuilt.board == game.board
    text = "\n".join(lines)
    assert "clue card" in text and "Meaning:" in text and "guesses" in text and "stars" in text


def test_an_unsure_letter_is_worked_out_from_the_clue_card(tmp_path):
    with session(tmp_path, game_options={"level": "1", "turns": 3}) as s:
        eyes = s.sensor.eyes
        assert isinstance(eyes, TableEyes)
        eyes.doubt = 0.5                                        # half the letters read unsure
        s.run(max_seconds=40)
        assert s.adapter.over and s.players.mismatches == []
        assert s.players.as_meant == 3


def test_crash_and_resume_carry_on_exactly(tmp_path):
    with session(tmp_path) as s:
        s.run(max_moves=5)
        game_id, seq, board, stars = s.jgame.id, s.jgame.seq, s.adapter.game.board, s.adapter.game.stars
    with session(tmp_path, game=None) as s:
        assert s.jgame.id == game_id and s.jgame.seq == seq and s.kind == "extradiction"
        assert s.adapter.game.board == board and s.adapter.game.stars == stars
        s.run(max_seconds=40)
        assert s.adapter.over and s.players.mismatches == []


class MisreadingEyes(TableEyes):
    """The table read with a third of the written letters misread as some other letter (each
    mark its own way: a letter written again may be read right)."""

    def __init__(self, table):
        super().__init__(table)
        self.misread: set = set()

    def read(self) -> dict:
        import random

        out = {}
        for square, (uid, name) in list(self.table.tiles.items()):
            rng = random.Random(f"misread:{uid.hex()}")
            if name.isalpha() and rng.random() < 1 / 3:
                self.misread.add(uid)
                out[square] = (chr((ord(name) - 65 + 1 + rng.randrange(24)) % 26 + 65), 0.9)
            else:
                out[square] = (name, 1.0)
        return out


def test_speed_a_misread_word_is_put_right_never_given_up(tmp_path):
    """Speed has no card's word to put a misread letter right: the child writes again the letters
    the screen shows wrong (only those: a letter read right and written again could only be
    misread anew), and a grown-up corrects what is still misread. No word is given up. (A
    misread that makes another word is taken: at seed 8, since the children write words off the
    cards (issue 37), FOX read as BOX; Speed has no card to tell.)"""
    with session(tmp_path, seed=5, game_options={"level": "speed", "turns": 4}) as s:
        eyes = s.sensor.eyes = MisreadingEyes(s.table)
        s.run(max_seconds=600)
        assert s.adapter.over and s.adapter.game.cards_used == 4
        assert s.players.mismatches == [] and s.players.as_meant == 4
        mistakes = s.players.mistakes
        assert "gave up" not in mistakes
        assert s.controller.stats.invalid >= 2               # misread words were refused...
        assert 0 < mistakes.get("written again", 0) <= len(eyes.misread)   # ...and only those letters written again


def test_one_child_plays_alone_at_each_level(tmp_path, capsys):
    """The rulebook recommends 1 or 2 players: ``--players Mia`` is a game of one (at Level 3 the
    grown-up reads the card); other games still take 2 to 4 names, said in one line."""
    import pytest

    from wordboard.cli import main
    from wordboard.commands.run import _check_player_count
    from wordboard.errors import UserError

    for level in ("2", "3"):
        with session(tmp_path / level, players=("Mia",), game_options={"level": level, "turns": 3}) as s:
            assert s.jgame.info.players == ("Mia",)
            s.run(max_seconds=40)
            assert s.adapter.over and s.players.mismatches == [] and s.adapter.game.stars[0] > 0
    _check_player_count("extradiction", ["Mia"])
    with pytest.raises(UserError, match="--game lexulous takes 2 to 4 player names"):
        _check_player_count("lexulous", ["Mia"])
    with pytest.raises(UserError, match="--game hexx takes 2 player names"):
        _check_player_count("hexx", ["Mia", "Bo", "Cy"])
    assert main(["run", "--game", "scrabble", "--players", "Mia", "--quick", "--journal",
                 str(tmp_path / "j.sqlite3")]) == 2
    assert capsys.readouterr().err.strip().endswith("--game scrabble takes 2 to 4 player names")


def test_speed_children_misspell_words_and_the_game_goes_on(tmp_path, monkeypatch):
    """At Speed the twin's children misspell some of their own words (the game's list says which
    spellings are words): every such word written, none accepted, and the game ends (the twin
    once asked the adapter for a method renamed since, and every Speed game with a misspelling
    stopped there: an unfinished game on the bench)."""
    from wordboard.extradiction import table as children

    monkeypatch.setattr(children, "MISSPELT", 1.0)
    with session(tmp_path, seed=5, game_options={"level": "speed", "turns": 3}) as s:
        s.run(max_seconds=600)
        assert s.adapter.over
        spelling = s.players.spelling
        assert spelling["misspelt written"] >= 1 and spelling["misspelt accepted"] == 0
