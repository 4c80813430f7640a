"""The simple computer player: it finds legal words, takes the biggest gain, and otherwise
discards or passes as the rules allow."""

from wordboard.hexx import Discard, Pass, Play
from wordboard.hexx.computer import ComputerPlayer, WordIndex

from .conftest import BLACK, RED, WORDS, position

PLAYER = ComputerPlayer(frozenset(WORDS))


def test_the_word_index_matches_patterns_and_hand_letters():
    index = WordIndex(["CAT", "COT", "CUT", "DOG"], 5)
    assert list(index.matching(["C", None, "T"], None)) == ["CAT", "COT", "CUT"]
    assert list(index.matching(["C", None, "T"], {"O"})) == ["COT"]
    assert sorted(index.matching([None, None, None], {"C", "T"}, others=1)) == ["CAT", "COT",
                                                                                "CUT"]


def test_every_play_it_finds_is_legal_and_it_takes_the_biggest_gain():
    board = {"E5": ("A", RED), "F5": ("T", RED)}
    game = position(board, black="CSOXXX")
    plays = PLAYER.find_plays(game)
    assert plays and all(game.is_legal(p.play) for p in plays)
    move = PLAYER.choose_move(game)
    assert isinstance(move, Play)
    gains = [len(p.placed) + 2 * len(p.flips) for p in plays]
    chosen = game.preview(move)
    assert len(chosen.placed) + 2 * len(chosen.flips) == max(gains)


def test_the_first_word_covers_the_centre():
    game = position(black="CATXXX")
    move = PLAYER.choose_move(game)
    assert game.layout.centre in move.squares


def test_without_a_word_it_discards_or_passes():
    board = {"E5": ("A", RED)}
    game = position(board, black="QVZQVZ", bag="EEE")
    assert isinstance(PLAYER.choose_move(game), Discard)
    game = position(board, black="QVZQVZ")
    assert PLAYER.choose_move(game) == Pass()


def test_it_answers_every_kind_of_decision():
    game = position({"D5": ("C", RED), "E5": ("A", RED), "F5": ("T", RED)}, black="?TMOES",
                    red="SANDGO", bag="EEEEEEEE", to_move=BLACK, first_word=["D5", "E5", "F5"])
    game.play(Play.parse("E4 S bAT"))
    for roll in (3, 10, 11, 12, 14, 16):
        trial = game.snapshot()
        trial.decide(roll)
        while trial.pending is not None:
            PLAYER.act(trial)
        assert trial.to_move is RED
