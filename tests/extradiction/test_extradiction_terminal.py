"""``wordboard play extradiction``: complete games driven from standard input."""

import io

import pytest

from wordboard.cli import main
from wordboard.extradiction.terminal import TerminalGame

from .helpers import game


class RecordingSpeaker:
    available = True

    def __init__(self):
        self.said = []

    def speak(self, text):
        self.said.append(text)

    def spell(self, word):
        self.said.append(" ".join(word))

    def to_wav(self, text, path):
        return False


def play(g, lines, speaker=None):
    out = io.StringIO()
    status = TerminalGame(g, io.StringIO("\n".join(lines) + "\n"), out, speaker, echo=True).play()
    assert status == 0
    return out.getvalue()


@pytest.mark.parametrize("level, players, lines, stars", [
    ("1", ("Ann",), ["A5", "G2"], [8]),                               # rat: 3 + a 1-star Chance card
    ("1", ("Ann", "Ben"), ["A5", "G2"], [4, 4]),
    ("2", ("Ann",), ["apple", "A5", "pear", "no"], [4]),              # the rat card is guessed wrong
    ("2", ("Ann", "Ben"), ["apple", "A5", "rat", "G2"], [4, 4]),
    ("3", ("Ann",), ["apple", "A5", "star", "F5 down", "rat", "G2"], [37]),
    ("3", ("Ann", "Ben"), ["apple", "A5", "star", "F5 down", "rat", "G2"], [15, 22]),
    ("speed", ("Ann",), ["apple A5", "star F5 down", "rat G2 across", "pass"], [37]),
    ("speed", ("Ann", "Ben"), ["apple A5", "star F5 d", "pass", "pass"], [12, 22]),
])
def test_complete_game_for_each_level_and_player_count(level, players, lines, stars):
    words = ("apple", "rat") if level in ("1", "2") else ("apple", "star", "rat")
    g = game(level, words, players=players)
    text = play(g, lines)
    assert g.is_over and g.stars == stars
    assert "Game over." in text and "Stars: " in text
    if level == "1":
        assert "Word: APPLE" in text and "A - P - P - L - E" in text
    if level in ("2", "3"):
        assert "starts with A, 5 letters" in text and "Meaning: a test meaning" in text
    if level in ("3", "speed") and len(lines) > 4:
        assert "word APPLE: 1 + 2 + 1 = 4 stars x 3 zones = 12" in text
        assert "modified word APPLES: 1 + 2 + 1 = 4 stars x 3 zones = 12" in text
        if "rat" in lines or "rat G2 across" in lines:
            assert "floating word, not multiplied: RAT: 1 + 2 = 3 stars" in text
    if len(players) == 2 and stars[0] != stars[1]:
        best = players[stars.index(max(stars))]
        assert f"{best} wins with {max(stars)} stars!" in text


def test_mistakes_are_explained_and_asked_again():
    g = game("speed")
    text = play(g, ["help", "board", "zones", "apple Z99", "apple A1", "apple", "apple A5", "quit"])
    assert "Commands:" in text
    assert "off the board" in text
    assert "must make use of the central square" in text
    assert "Type your word, the square where its first letter goes" in text
    assert g.stars == [12] and "Game stopped." in text
    assert "wins" not in text and "Well done" not in text  # a stopped game has no winner


def test_a_guess_that_is_not_a_word_is_asked_again():
    g = game("2", ["apple", "rat"])
    text = play(g, ["F6", "", "apple", "apple", "A5", "quit"])
    assert "Type the word with letters only" in text
    assert "Now type the square where its first letter goes" in text  # the word typed again
    assert g.stars == [4] and g.cards_used == 1


def test_a_misspelt_guess_keeps_the_card_when_the_adult_says_it_is_the_word():
    """The rulebook: the guess is said aloud and only the writing tests the spelling; a guess
    spelt otherwise asks the one who reads the card, and a misspelling never loses the card."""
    g = game("2", ["apple", "rat"])
    text = play(g, ["apul", "maybe", "again", "apel", "yes", "A5", "pear", "no"])
    # APUL is no word of the game's list: not named (the child's typing shows it)
    assert "Adult: is the word typed the word on the card, spelt another way?" in text and "APUL" not in text
    assert "Answer yes, no or again." in text
    assert "Yes! The word is APPLE" in text and g.history[0].placement is not None
    assert "Not this time: the word was RAT" in text
    assert g.is_over and g.stars == [4] and g.cards_used == 2
    # Level 3 with two players: the reader is asked
    g = game("3", ["apple", "star"], players=("Ann", "Ben"))
    text = play(g, ["apel", "yes", "A5", "quit"])
    assert "Ben: is the word typed the word on the card" in text and g.stars == [12, 0]
    # letters unsuitable for children are never said back: the child spells another word
    g = game("2", ["shirt"])
    text = play(g, ["shit", "shirt", "quit"])
    assert "That word is not for this game" in text and "is SHIT" not in text
    assert g.history == [] and "Yes! The word is SHIRT" in text


def test_level_3_shows_the_first_letter_the_length_and_the_meaning_not_the_picture():
    from wordboard.extradiction.pictures import SHAPES

    circle = SHAPES["circle"][0]
    text = play(game("3", ["apple"]), ["quit"])
    assert "starts with A, 5 letters" in text and "Meaning: a test meaning" in text
    assert circle not in text
    for level in ("1", "2"):
        assert circle in play(game(level, ["apple"]), ["quit"])


def test_level_1_shows_counts_and_asks_to_say_and_spell_the_word():
    g = game("1", ["apple"])
    text = play(g, ["A5"])
    assert "Point to the picture and say what it is: apple" in text
    assert "  APPLE: 1 + 2 + 1 = 4 stars" in text
    assert "Now say the word and spell it together: APPLE, A - P - P - L - E." in text
    assert "Ann has 4 stars. Well done!" in text


@pytest.mark.parametrize("start, said", [
    ("G2", "Ann gives back 3 stars: all Ann had."),              # 3 stars on G2-I2, 5 rats
    ("B3", "Ann has no stars to give back, so the rats get nothing."),  # no stars on B3-D3
])
def test_rats_never_take_a_player_below_zero_and_say_so(start, said):
    from wordboard.extradiction.edition import ChanceCard
    g = game("1", ["cat"] if start == "B3" else ["rat"], chance_cards=[ChanceCard(rats=5)])
    text = play(g, [start])
    assert said in text and g.stars == [0]
    assert "Chance card for" in text and "5 rats" in text


def test_a_card_that_fits_nowhere_is_said_and_passed():
    g = game("1", ["telephones", "rat"])
    text = play(g, ["A1", "pass", "G2"])
    assert "TELEPHONES fits nowhere on the board now: type 'pass'." in text
    assert "does not fit" in text and "Ann passes. The card is put to one side." in text
    assert g.is_over and g.stars == [3 + 1]


def test_two_players_tie():
    g = game("1", ["rat", "rat"], players=("Ann", "Ben"), chance_cards=[])
    text = play(g, ["G2", "G9"])  # 3 stars each
    assert g.stars == [3, 3]
    assert "It is a tie: Ann and Ben have 3 stars each." in text


def test_end_of_input_stops_the_game_and_shows_the_stars():
    g = game("1")
    text = play(g, ["A5"])
    assert not g.is_over and "Game stopped. Stars: Ann 4" in text


def test_speak_says_the_word_and_its_letters():
    speaker = RecordingSpeaker()
    play(game("1", ["apple"]), ["A5"], speaker)
    assert "apple. Say it with me: apple." in speaker.said and "A P P L E" in speaker.said
    assert "Ann gets 4 stars this turn." in speaker.said and "Ann has 4 stars. Well done!" in speaker.said
    speaker = RecordingSpeaker()
    play(game("2", ["apple"]), ["apple", "A5"], speaker)
    assert any("It starts with A and has 5 letters" in s for s in speaker.said)


def run_cli(monkeypatch, capsys, args, lines):
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    status = main(["play", "extradiction", *args])
    return status, capsys.readouterr()


def test_cli_plays_a_level_1_game_with_an_owners_card(tmp_path, monkeypatch, capsys):
    cards = tmp_path / "cards.txt"
    cards.write_text("apple | green | \U0001F34E | A round fruit that grows on trees.\n", encoding="utf-8")
    status, out = run_cli(monkeypatch, capsys, ["--level", "1", "--edition", "worked-example",
                                                "--cards-file", str(cards), "--only-my-cards"], ["A5"])
    assert status == 0 and "Game over. Stars: Player 1 4" in out.out


def test_cli_plays_speed_with_two_named_players(tmp_path, monkeypatch, capsys):
    words = tmp_path / "words.txt"
    words.write_text("apple\napples\nstar\n", encoding="utf-8")
    status, out = run_cli(monkeypatch, capsys,
                          ["--level", "speed", "--player", "Ann", "--player", "Ben", "--edition",
                           "worked-example", "--lexicon", str(words), "--seed", "1"],
                          ["apple A5", "star F5 down", "pass", "pass"])
    assert status == 0 and "Ben wins with 22 stars!" in out.out


def test_cli_level_2_uses_the_shipped_deck(monkeypatch, capsys):
    status, out = run_cli(monkeypatch, capsys, ["--level", "2", "--seed", "4", "--turns", "2"],
                          ["no idea", "no", "no idea", "no"])
    assert status == 0 and "Not this time" in out.out and "Game over." in out.out


def test_cli_bad_options_are_one_line_errors(monkeypatch, capsys):
    status, out = run_cli(monkeypatch, capsys, ["--edition", "nosuch"], [])
    assert status == 2 and "unknown eXtraDICTION edition" in out.err
    status, out = run_cli(monkeypatch, capsys, ["--players", "2", "--player", "Ann"], [])
    assert status == 2 and "--player names" in out.err
    status, out = run_cli(monkeypatch, capsys, ["--player", "Ann", "--player", "ann"], [])
    assert status == 2 and "different name" in out.err
    status, out = run_cli(monkeypatch, capsys, ["--colours", "green,pink"], [])
    assert status == 2 and "--colours: 'pink' is not a colour" in out.err and not out.out
