"""``wordboard play hexx`` and ``wordboard show``: whole games typed on standard input.

The script for a game is written by a mirror game: the simple computer player chooses each
move in the mirror, and the test types it as a person would. Same edition, seed and words, so
the terminal's game and the mirror stay in step, start to finish.
"""

import io
import re

import pytest

from wordboard.cli import main
from wordboard.hexx import Colour, DecisionKind, Discard, HexxGame, Pass, load_edition
from wordboard.hexx.computer import ComputerPlayer

from .conftest import WORDS

EDITION = """\
# a small box for the tests
name: test box
[board]
squares:
.......
.......
.......
...+...
.......
.......
.......
[tiles]
A: 5
C: 2
D: 2
E: 5
G: 2
N: 2
O: 5
R: 2
S: 3
T: 5
hexx: 2
"""


@pytest.fixture
def files(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDBOARD_CACHE_DIR", str(tmp_path / "cache"))
    edition = tmp_path / "box.edition"
    edition.write_text(EDITION)
    words = tmp_path / "words.txt"
    words.write_text("\n".join(sorted(w.lower() for w in WORDS)) + "\n")
    return edition, words


def typed_answer(game, decision, cp):
    """What a person types for ``decision``, and the answer it means."""
    answer = cp.choose_answer(game, decision)
    kind = decision.kind
    if kind is DecisionKind.ROLL:
        return "", None
    if kind is DecisionKind.FLIP_TILES:
        return " ".join(q.name for q in answer), answer
    if kind in (DecisionKind.REMOVE_TILE, DecisionKind.TAKE_HEXX):
        return answer.name, answer
    if kind is DecisionKind.STEAL_TILE:
        return str(answer + 1), answer
    if kind in (DecisionKind.GIVE_TILE, DecisionKind.REPLACE_HEXX):
        symbol = game.hand(decision.chooser)[answer].symbol
        first = [t.symbol for t in game.hand(decision.chooser)].index(symbol)
        return symbol, first
    if kind is DecisionKind.METAMORPHOSIS:
        if answer is None:
            return "forfeit", None
        start = answer.square
        while start.step(answer.direction.opposite) in game.board:
            start = start.step(answer.direction.opposite)
        word = game.metamorphosis_word(answer)
        if answer.hexx:
            at = 0
            probe = start
            while probe != answer.square:
                probe, at = probe.step(answer.direction), at + 1
            word = word[:at] + word[at].lower() + word[at + 1:]
        return f"{start.name} {answer.direction.name} {word}", answer
    return answer, answer


def script_for(edition_path, seed, computer_colour=None):
    """Lines a person (or two) would type for a whole game, and the mirror's result."""
    game = HexxGame(load_edition(edition_path), frozenset(WORDS), seed=seed,
                    first_player=Colour.RED)
    cp = ComputerPlayer(frozenset(WORDS))
    lines = []
    while not game.is_over:
        decision = game.pending
        who = decision.chooser if decision else game.to_move
        if who is computer_colour:
            cp.act(game)
            continue
        if decision:
            line, answer = typed_answer(game, decision, cp)
            lines.append(line)
            if decision.kind is DecisionKind.ROLL:
                game.roll()
            else:
                game.decide(answer)
        else:
            move = cp.choose_move(game)
            lines.append(move.notation if not isinstance(move, (Discard, Pass)) else
                         move.notation)
            game.play(move)
    return lines, game.result


def run_cli(argv, stdin_text, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin_text))
    status = main(argv)
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.mark.parametrize("seed", [1, 2])
def test_two_people_play_a_whole_game_from_stdin_and_the_winner_is_announced(
        files, seed, monkeypatch, capsys):
    edition, words = files
    lines, result = script_for(edition, seed)
    # a few commands that do not move, and a mistake, along the way
    script = ["help", "hand", "board", "A1 E QQQ"] + lines
    status, out, err = run_cli(
        ["play", "hexx", "--edition", str(edition), "--lexicon", str(words), "--seed",
         str(seed), "--first", "red", "--color", "never"], "\n".join(script) + "\n",
        monkeypatch, capsys)
    assert status == 0, err
    assert "not allowed" in out
    assert out.rstrip().splitlines()[-1] == result.describe()
    assert re.search(r"(Red wins|Black wins|The game is a tie)", out)


def test_a_person_plays_the_computer_to_the_end(files, monkeypatch, capsys, tmp_path):
    edition, words = files
    lines, result = script_for(edition, 3, computer_colour=Colour.BLACK)
    save = tmp_path / "game.hexx"
    status, out, err = run_cli(
        ["play", "hexx", "--edition", str(edition), "--lexicon", str(words), "--seed", "3",
         "--first", "red", "--black", "computer", "--color", "never", "--save", str(save)],
        "\n".join(lines) + "\n", monkeypatch, capsys)
    assert status == 0, err
    assert "black plays" in out or "black discards" in out or "black passes" in out
    assert out.rstrip().splitlines()[-1] == result.describe()
    # the saved game draws with wordboard show
    status, shown, err = run_cli(["show", str(save), "--color", "never"], "", monkeypatch, capsys)
    assert status == 0, err
    assert f"red {result.red}, black {result.black}" in shown


def test_input_that_ends_early_says_so(files, monkeypatch, capsys):
    edition, words = files
    status, out, _ = run_cli(["play", "hexx", "--edition", str(edition), "--lexicon", str(words),
                              "--seed", "1", "--color", "never"], "help\n", monkeypatch, capsys)
    assert status == 1 and "Input ended before the game did." in out


def test_an_unknown_edition_is_one_line_on_stderr(files, monkeypatch, capsys):
    _, words = files
    status, out, err = run_cli(["play", "hexx", "--edition", "nosuchbox", "--lexicon",
                                str(words)], "", monkeypatch, capsys)
    assert status == 2 and err.startswith("wordboard: unknown HEXX edition")


def test_show_draws_the_rulebook_sample_with_and_without_colour(monkeypatch, capsys):
    status, plain, _ = run_cli(["show", "--sample", "7", "--color", "never"], "", monkeypatch,
                               capsys)
    assert status == 0
    assert "(O)" in plain and "[D]" in plain and "(p)" in plain   # O red, D black, HEXX P red
    assert "\x1b[" not in plain
    assert "Reversal of Fortune" in plain
    status, coloured, _ = run_cli(["show", "--sample", "7", "--color", "always"], "",
                                  monkeypatch, capsys)
    assert "\x1b[1;97;41m R " in coloured and "\x1b[1;97;40m" in coloured


def test_show_without_a_terminal_or_with_no_color_draws_plain(monkeypatch, capsys):
    monkeypatch.setenv("NO_COLOR", "1")
    status, out, _ = run_cli(["show", "--sample", "3"], "", monkeypatch, capsys)
    assert status == 0 and "\x1b[" not in out and "[G]" in out


def test_show_a_bad_save_file_names_the_line(tmp_path, monkeypatch, capsys):
    path = tmp_path / "bad.hexx"
    path.write_text("game: hexx\ncentre: B2\n[board]\nrows:\n. . .\n. Zq .\n. . .\n")
    status, _, err = run_cli(["show", str(path)], "", monkeypatch, capsys)
    assert status == 2 and "bad.hexx:6:" in err and "'Zq'" in err
    status, _, err = run_cli(["show", "--sample", "9"], "", monkeypatch, capsys)
    assert status == 2 and "turns 0 to 7" in err


def session_output(game, typed):
    from wordboard.hexx.terminal import Session

    out = io.StringIO()
    status = Session(game, {Colour.RED: "human", Colour.BLACK: "human"}, io.StringIO(typed),
                     out, "never", None).run()
    return status, out.getvalue()


def test_a_physical_d20_roll_can_be_typed_in():
    from wordboard.hexx.sample import sample_game

    game = sample_game(6)
    status, out = session_output(game, "E7 N ATOp\n4\n")
    assert status == 1                                  # the script stops mid-game
    assert "words: ATOP, SAG, AID, ALP" in out
    assert "rolled 4: 04 Reversal of Fortune" in out
    assert game.tile_at("E7").owner is Colour.RED


def test_decisions_are_typed_as_squares_letters_and_words():
    from .test_effects import hexx_played

    game = hexx_played()
    # Poached Pair: two squares
    status, out = session_output(game, "3\nd5 G5\ndiscard D\n")
    assert game.tile_at("D5").owner is Colour.BLACK and game.tile_at("G5").owner is Colour.BLACK
    game = hexx_played()
    # Metamorphosis: not a word, a letter black has not got, then MATS
    typed = "9\ndiscard D\nd5 E CATZ\nd5 E BATS\nd5 E MATS\n"
    status, out = session_output(game, typed)
    assert "CATZ is not in the dictionary" in out
    assert "that swap needs a B tile" in out
    assert game.tile_at("D5").letter == "M" and game.tile_at("G5").owner is Colour.BLACK
    game = hexx_played()
    status, out = session_output(game, "14\ne4\nQ\nM\n")  # The Changeling: e4, then give M
    assert "you have no Q tile" in out
    assert game.tile_at("E4").letter == "M"


def test_a_file_that_cannot_be_saved_is_reported_and_the_game_goes_on(tmp_path):
    from .test_effects import hexx_played

    game = hexx_played()
    missing = tmp_path / "no such folder" / "game.hexx"
    status, out = session_output(game, f"4\nsave {missing}\nhand\n")
    assert "cannot write" in out
    assert "red's hand" in out                          # the game went on after the error
    assert status == 1 and "Traceback" not in out


def test_quit_works_at_any_prompt_including_a_hexx_decision():
    from .test_effects import hexx_played

    game = hexx_played()
    status, out = session_output(game, "3\nquit\n")
    assert status == 0 and out.rstrip().endswith("Game abandoned.")


def test_the_roll_is_told_before_the_choices_it_asks_for_and_words_once():
    from wordboard.hexx.sample import sample_game

    game = sample_game(6)
    status, out = session_output(game, "E7 N ATOp\n11\ng5\nd7\n")
    assert out.count("words: ATOP") == 1
    rolled = out.index("rolled 11: 11 Null & Void")
    assert rolled < out.index("black: Null & Void: choose a tile")
    assert out.index("G5 is taken off the board") < out.index("red: Null & Void: choose a tile")
    assert "turn 7: red must choose a tile to remove" in out


def test_a_bad_answer_names_the_valid_choices():
    from .test_effects import hexx_played

    game = hexx_played()
    status, out = session_output(game, "10\nT\n\nA\n")
    assert "T is not a valid answer: black must choose a vowel, one of A E I O U" in out
    assert "nothing is not a valid answer" in out
    game = hexx_played()
    status, out = session_output(game, "12\n9\n")
    assert "type a number from 1 to 6" in out


def test_undo_against_the_computer_goes_back_to_the_persons_own_move(files, monkeypatch,
                                                                       capsys):
    edition, words = files
    lines, _ = script_for(edition, 3, computer_colour=Colour.BLACK)
    first = lines[0]
    status, out, err = run_cli(
        ["play", "hexx", "--edition", str(edition), "--lexicon", str(words), "--seed", "3",
         "--first", "red", "--black", "computer", "--color", "never"],
        f"{first}\nundo\nundo\n{first}\n", monkeypatch, capsys)
    assert "undone: the last 2 moves and answers are taken back" in out   # black's, then red's
    assert "nothing to undo" in out            # the second undo: back at the start
    assert out.count(f"red plays {first}") == 2  # the same move can be made again
