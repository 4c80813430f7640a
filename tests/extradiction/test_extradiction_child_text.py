"""Issue 37: nothing offensive is ever shown or spoken to a child. Every place where eXtraDICTION
writes, shows or says a word is driven with the tester's words (FUCKER, COCKSUCKER, WOP, SHIT):
none reaches what is shown, printed or sent to espeak-ng; an innocent word (CAT) still is.
(The screen's snapshot and speech: ``tests/screen/test_screen_child_text.py``.)
"""

from __future__ import annotations

import io

import pytest

from wordboard.controller import questions as q
from wordboard.controller.adapters import Committed
from wordboard.controller.boardgames import GUESS, GUESS_HEARD
from wordboard.extradiction import childtext
from wordboard.extradiction.childtext import PICK_ANOTHER, ChildSpeaker, for_child, spoken_for_child
from wordboard.extradiction.engine import Game, GuessWanted, IllegalMove, Level, Rule
from wordboard.extradiction.terminal import TerminalGame
from wordboard.extradiction.wordfilter import is_unsuitable
from wordboard.journal import Journal, JournaledGame

from .helpers import WORDS, card, example, game
from .offensive import INNOCENT, OFFENSIVE, Recorder, filter_knowing, found_in


@pytest.fixture
def taught(monkeypatch):
    """The children's filter knowing the tester's words (only those its list lacks today)."""
    return filter_knowing(monkeypatch)


# -- the gate itself --------------------------------------------------------------------------------

@pytest.mark.parametrize("word", OFFENSIVE)
def test_the_gate_never_lets_a_word_through_in_any_shape(taught, word):
    shapes = [f"That says {word}.", f"Ada spelt {word}. Blaise: is that the word on the card?",
              f"{word} is not a word in the dictionary", f"yes! {word.lower()}.", word.capitalize(),
              f"Now spell it: {' - '.join(word)}.", ", ".join(word) + ".", f"{word.lower()} F6 down"]
    for text in shapes:
        shown = for_child(text)
        assert shown == PICK_ANOTHER and not found_in([shown]), text
    assert for_child(word.lower(), letters=True) == PICK_ANOTHER            # what a child typed
    assert spoken_for_child("Ada, your turn.", word) == (PICK_ANOTHER, None)
    assert spoken_for_child(f"Ada writes {word}.", None) == (PICK_ANOTHER, None)


def test_the_gate_lets_the_childrens_words_through(taught):
    for text in (f"That says {INNOCENT}.", f"Ada spelt {INNOCENT}. Blaise: is that the word on the card?",
                 f"Now spell it: {' - '.join(INNOCENT)}.", "Stars: Ann 3, Bo 4",
                 "A hard shell on the back; a bunch of grapes", "Hello Ann"):
        assert for_child(text) == text
    assert spoken_for_child("Cat.", INNOCENT) == ("Cat.", INNOCENT)
    known = {"SHELL", "GRAPE"}.__contains__             # a game's own words: judged whole
    assert for_child("That says SHELL.", known) == "That says SHELL."


def test_words_the_game_knows_are_judged_whole_by_the_filter(taught):
    """FUCKER is in scowl:50 (the children's word list): known to the game, it is still never said
    once the filter knows it."""
    known = {"FUCKER", "SHIT", "CAT"}.__contains__
    assert for_child("That says FUCKER.", known) == PICK_ANOTHER
    assert for_child("That says SHIT.", known) == PICK_ANOTHER
    assert for_child("That says CAT.", known) == "That says CAT."


@pytest.mark.xfail(not all(is_unsuitable(w) for w in ("FUCKER", "COCKSUCKER", "WOP")), strict=False,
                   reason="the shipped filter's list does not know these words yet (issue 37's filter part)")
def test_the_shipped_filter_keeps_the_testers_words_from_a_child():
    known = {"FUCKER", "COCKSUCKER", "CAT"}.__contains__          # as scowl:50 has them
    for word in OFFENSIVE:
        assert for_child(f"That says {word}.", known) == PICK_ANOTHER


def test_refusals_never_name_an_unsuitable_word(taught):
    for word in OFFENSIVE:
        for exc in (IllegalMove(Rule.NOT_IN_DICTIONARY, f"{word} is not in the dictionary"),
                    IllegalMove(Rule.NOT_A_WORD, f"CAT would make {word}, which is not in the dictionary"),
                    IllegalMove(Rule.WORD_USED, f"{word} was used before"),
                    IllegalMove(Rule.NO_NEW_LETTER, f"{word} is already there"),
                    IllegalMove(Rule.UNSUITABLE)):
            said = childtext.child_words(exc)
            assert not found_in([said]) and said, exc
    # a word the list lacks is never named, whatever it is (it may be a misspelt slur)
    assert childtext.child_words(IllegalMove(Rule.NOT_IN_DICTIONARY, "XQCZ is not in the dictionary")) == \
        childtext.NOT_IN_OUR_LIST
    used = IllegalMove(Rule.WORD_USED, "CAT was used before")
    assert childtext.child_words(used, {"CAT"}.__contains__) == "CAT was used already in this game: pick another word."


def test_the_terminals_speech_goes_through_the_gate(taught):
    recorder = Recorder()
    speaker = ChildSpeaker(recorder)
    for word in OFFENSIVE:
        speaker.speak(f"Yes! {word.lower()}.")
        speaker.spell(word)
        speaker.to_wav(f"{word}.", "unused.wav")
        speaker.wav_bytes(f"{word}.")
    assert not found_in(recorder.sent) and set(recorder.sent) == {PICK_ANOTHER}
    speaker.speak("Yes! cat.")
    speaker.spell(INNOCENT)
    assert recorder.sent[-2:] == ["Yes! cat.", "C, A, T."]


# -- the kiosk's table (what the screen shows and the board says of a turn) --------------------------

@pytest.fixture
def adapter_of(tmp_path):
    journals = []

    def make(g):
        from wordboard.extradiction.table import ExtradictionAdapter

        journal = Journal(tmp_path / f"j{len(journals)}.sqlite3")
        journals.append(journal)
        game_id = journal.start_game("extradiction", "test", list(g.players), seed=1, options={})
        return ExtradictionAdapter(JournaledGame(journal, game_id, game=g))

    yield make
    for journal in journals:
        journal.close()


def with_words(level: str, cards=("BUTTER", "CAT"), extra=()):
    """A game whose word list also has ``extra`` (scowl:50 has FUCKER, COCKSUCKER and SHIT)."""
    lv = Level(level)
    return Game(example(), lv, ("Ada", "Blaise"), clue_cards=[card(w) for w in cards] if lv.uses_clue_cards else (),
                dictionary=(WORDS | set(extra) | set(cards)) if lv.crossword_rules else None, shuffle=False)


def tiles(letters: dict):
    from wordboard.controller.tracking import Seen
    from wordboard.extradiction.edition import parse_square

    return [type("T", (), {"square": parse_square(s), "seen": Seen(f"{i:08x}", ch)})()
            for i, (s, ch) in enumerate(letters.items())]


def start(word: str) -> int:
    """The column where ``word`` starts across row 5 to go through the middle square (E5)."""
    return max(0, 5 - len(word))


def written(word: str) -> dict:
    return {f"{chr(ord('A') + start(word) + i)}5": ch for i, ch in enumerate(word)}


@pytest.mark.parametrize("word", ["FUCKER", "COCKSUCKER", "SHIT"])
def test_letters_written_are_not_said_back(taught, adapter_of, word):
    """'That says FUCKER': the camera read letters that are not the card's word."""
    adapter = adapter_of(with_words("1", cards=(word[:1] + "A" * (len(word) - 1), "CAT"),
                                    extra=("FUCKER", "COCKSUCKER", "SHIT")))
    refused = adapter.assess(tiles(written(word)), {})
    assert refused.status == "invalid" and not found_in([refused.message])
    assert refused.message.startswith("That is not the card's word.")
    adapter = adapter_of(with_words("1", cards=("COT", "CAT")))
    assert adapter.assess(tiles(written(INNOCENT)), {}).message.startswith("That says CAT.")


@pytest.mark.parametrize("word", OFFENSIVE)
def test_a_spelt_guess_is_not_shown_to_the_grown_up_nor_kept(taught, adapter_of, word):
    """'Ada spelt COCKSUCKER. Blaise: is that the word on the card?' was shown and spoken."""
    adapter = adapter_of(with_words("3", extra=("FUCKER", "COCKSUCKER", "SHIT")))
    question = adapter.turn_question()
    again = adapter.answer_turn(question, word.lower())
    assert isinstance(again, q.Question) and again.kind == GUESS and not found_in([again.prompt])
    assert again.prompt.startswith(childtext.CHILD_WORDS["UNSUITABLE"])
    assert isinstance(adapter.game.pending, GuessWanted) and adapter.game.history == []
    # not letters only: asked again without repeating it
    again = adapter.answer_turn(question, f"{word[:2]}*{word[3:]}")
    assert again.kind == GUESS and not found_in([again.prompt], (word[:2] + word[3:],))
    check = adapter.answer_turn(question, INNOCENT.lower())
    assert check.kind == GUESS_HEARD and check.prompt.startswith("Ada spelt CAT. Blaise: is that")


@pytest.mark.parametrize("word", OFFENSIVE)
def test_a_word_refused_at_speed_is_not_named(taught, adapter_of, word):
    """'WOP is not a word in the dictionary': a word written in Speed that the game refuses."""
    adapter = adapter_of(with_words("speed"))
    refused = adapter.assess(tiles(written(word)), {})
    assert refused.status == "invalid" and not found_in([refused.message]) and refused.message
    adapter = adapter_of(with_words("speed"))
    refused = adapter.assess(tiles(written("XQCZ")), {})
    assert refused.message == childtext.NOT_IN_OUR_LIST


def test_a_played_word_is_shown_and_said_whole(taught, adapter_of):
    adapter = adapter_of(with_words("speed"))
    valid = adapter.assess(tiles(written(INNOCENT)), {})
    assert valid.status == "valid"
    done = adapter.commit(valid)
    assert isinstance(done, Committed) and "CAT" in done.text and for_child(done.text, adapter.known_word) == done.text


# -- the terminal game (``wordboard play extradiction``, ``--speak``) -------------------------------

def play(g, lines):
    out, recorder = io.StringIO(), Recorder()
    TerminalGame(g, io.StringIO("\n".join(lines) + "\n"), out, recorder, echo=True).play()
    return out.getvalue(), recorder.sent


@pytest.mark.parametrize("word", OFFENSIVE)
def test_the_terminal_game_never_prints_or_says_the_word(taught, word):
    # Speed: the word typed (echoed), refused ("Not allowed: ..."), the board
    where = f"{chr(ord('A') + start(word))}5"
    text, said = play(with_words("speed", extra=("FUCKER", "COCKSUCKER", "SHIT")),
                      [f"{word.lower()} {where} across", f"{word} {where}", "cat C5", "quit"])
    assert not found_in([text]) and not found_in(said), text
    assert "CAT" in text and PICK_ANOTHER in text
    # Level 2: the word typed as a guess: asked again, nothing kept in the game's record
    g = game("2", words=("APPLE",), players=("Ada",))
    text, said = play(g, [word.lower(), "quit"])
    assert not found_in([text]) and not found_in(said), text
    assert "let's pick another word" in text and g.history == []
    # an innocent wrong guess is shown, and the grown-up, told it is another word, hears the card's
    text, said = play(game("2", words=("APPLE",), players=("Ada",)), ["pear", "no", "quit"])
    assert "the word was APPLE" in text and "pear" in text


def test_the_terminal_game_prints_and_says_an_innocent_word(taught):
    text, said = play(game("1", words=("CAT",), players=("Ada",)), ["cat", "A5"])
    assert "cat" in text and "CAT" in text and "C, A, T." in said and "cat. Say it with me: cat." in said


# -- owners' card files -----------------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "koala | green | 🖕 | A furry animal.",
    "koala | green | 🖕🏿 | A furry animal.",                   # every skin tone
    "koala | green | 🖕🏻 | A furry animal.",
    "koala | green | 🍆 | A furry animal.",
    "koala | green | 🔫 | A furry animal.",                    # PISTOL: its name is a blocked word
    "koala | green | 🍷 | A furry animal.",
    "koala | green | shit | A furry animal.",                 # words as the picture
    "shit | green | 🐨 | A furry animal.",
    "koala | green | 🐨 | A furry animal that says shit.",
] + [f"{w.lower()} | green | 🐨 | A thing you say." for w in OFFENSIVE])
def test_an_owners_card_with_an_offensive_word_or_picture_is_refused_naming_its_line(taught, line):
    from wordboard.errors import DataFileError
    from wordboard.extradiction.cards import parse_cards

    with pytest.raises(DataFileError) as err:
        parse_cards(f"# my cards\ncat | green | 🐈 | A small pet.\n{line}\n", "mine.txt")
    assert err.value.line == 3 and "not suitable for children" in err.value.problem
    assert not found_in([str(err.value)], OFFENSIVE + ("SHIT",)) and "🖕" not in str(err.value).replace(line, "")


def test_the_shipped_deck_and_an_innocent_owners_card_pass():
    from wordboard.extradiction.cards import parse_cards, shipped_cards
    from wordboard.extradiction.pictures import unsuitable_emoji

    assert len(shipped_cards()) > 100
    assert {"🖕", "🍆", "💦"} <= unsuitable_emoji()
    cards = parse_cards("cat | green | 🐈 | A small furry pet.\npeach | green | 🍑 | A soft round fruit.\n"
                        "wave | green | 👋🏽 | Move your hand to say hello.\n")
    assert [c.word for c in cards] == ["CAT", "PEACH", "WAVE"]


# -- a word the game's list lacks is never repeated, whether the filter knows it or not -------------

#: offensive words that no list the filter is built from holds (it misses them): a Turkish one
#: and two misspellings, none of them in scowl:50
UNLISTED = ("AMCIK", "FCUKER", "AZZHOLE")
#: innocent words of the children's list that must still be said back (two hold HELL and RAPE)
SAID = ("CAT", "GRAPE", "SHELL", "BUTTON")


def test_the_filter_misses_the_unlisted_words_so_only_the_list_keeps_them_out():
    from wordboard.dictionary import load_dictionary

    children = load_dictionary("scowl:50")
    assert not any(is_unsuitable(w) for w in UNLISTED) and not any(w in children for w in UNLISTED)
    assert all(w in children for w in SAID)


@pytest.mark.parametrize("word", UNLISTED)
def test_a_word_outside_the_games_list_is_never_shown_nor_said(adapter_of, word):
    from wordboard.extradiction.childtext import NOT_IN_OUR_LIST, known_to

    known = known_to(with_words("1"))                       # Level 1: the children's default list
    for text in (f"That says {word}.", f"Ada spelt {word}. Blaise: is that the word on the card?",
                 f"Now spell it: {' - '.join(word)}.", ", ".join(word) + "."):
        assert for_child(text, known) == PICK_ANOTHER, text
    assert spoken_for_child("Ada, your turn.", word, known) == (PICK_ANOTHER, None)
    assert childtext.child_words(IllegalMove(Rule.NOT_IN_DICTIONARY, f"{word} is not in the dictionary"),
                                 known) == NOT_IN_OUR_LIST
    # written in Speed: refused without naming it; at Level 1: "not the card's word"
    refused = adapter_of(with_words("speed")).assess(tiles(written(word)), {})
    assert refused.status == "invalid" and refused.message == NOT_IN_OUR_LIST
    adapter = adapter_of(with_words("1", cards=(word[:1] + "A" * (len(word) - 1), "CAT")))
    refused = adapter.assess(tiles(written(word)), {})
    assert refused.message.startswith("That is not the card's word.") and not found_in([refused.message], (word,))
    # spelt as a guess: the grown-up is asked without naming it; "no" loses the card, unnamed
    adapter = adapter_of(with_words("3"))
    check = adapter.answer_turn(adapter.turn_question(), word.lower())
    assert check.kind == GUESS_HEARD and "not in our list" in check.prompt and word not in check.prompt
    done = adapter.answer_turn(check, "no")
    assert isinstance(done, Committed) and word not in done.text and "guessed another word" in done.text
    assert word not in for_child(done.text, adapter.known_word)
    from wordboard.extradiction.view import extradiction_view

    assert extradiction_view(adapter.game)["history"][-1]["text"] == "guessed another word"   # the screen's history


@pytest.mark.parametrize("word", SAID)
def test_the_childrens_words_are_still_said_back(adapter_of, word):
    from wordboard.extradiction.childtext import known_to

    known = known_to(with_words("1"))
    for text in (f"That says {word}.", f"Now spell it: {' - '.join(word)}."):
        assert for_child(text, known) == text
    assert spoken_for_child(f"{word.capitalize()}.", word, known) == (f"{word.capitalize()}.", word)
    adapter = adapter_of(with_words("2", cards=("APPLE", "CAT")))
    check = adapter.answer_turn(adapter.turn_question(), word.lower())
    assert check.kind == GUESS_HEARD and check.prompt.startswith(f"Ada spelt {word}.")
    done = adapter.answer_turn(check, "no")
    from wordboard.extradiction.view import extradiction_view

    assert f"guessed {word}" in done.text and extradiction_view(adapter.game)["history"][-1]["text"] == f"guessed {word}"


def _less_typing(line: str, typed: list[str]) -> str:
    """A line printed, less the echo of what was typed (it follows the prompt)."""
    for entry in typed:
        if line.endswith(entry):
            return line[: -len(entry)]
    return line


@pytest.mark.parametrize("word", UNLISTED)
def test_the_terminal_game_never_repeats_a_word_outside_its_list(word):
    """Only the child's own typing (echoed as typed, after the prompt) holds the word."""
    where = f"{chr(ord('A') + start(word))}5"
    typed = [f"{word.lower()} {where} across", "cat C5", "quit"]
    text, said = play(with_words("speed"), typed)
    shown = [_less_typing(line, typed) for line in text.splitlines()]
    assert not found_in(shown, (word,)) and not found_in(said, (word,)), text
    assert childtext.NOT_IN_OUR_LIST in text and "CAT" in text
    typed = [word.lower(), "no", "quit"]
    text, said = play(game("2", words=("APPLE",), players=("Ada",)), typed)
    shown = [_less_typing(line, typed) for line in text.splitlines()]
    assert not found_in(shown, (word,)) and not found_in(said, (word,)), text
    assert "is the word typed the word on the card" in text and "the word was APPLE" in text


def test_a_missing_childrens_list_is_looked_for_once_and_only_its_absence_is_forgiven(monkeypatch):
    """Levels 1 and 2 judge the letters said back by the children's default list: where it cannot
    be loaded (the loader's one-line UserError) only the clue cards' words are said, and the list is
    not looked for again at every text; any other error is a bug and is raised."""
    from wordboard.controller import boardgames
    from wordboard.errors import UserError

    tries = []

    def missing(name):
        tries.append(name)
        raise UserError(f"cannot read word list {name!r}")

    monkeypatch.setattr(boardgames, "dictionary", missing)
    childtext._default_list.cache_clear()
    try:
        g = game("1", words=("APPLE",))
        known = childtext.known_to(g)
        assert known("APPLE") and not known("CAT") and not known("BANANA")
        assert len(tries) == 1
        childtext._default_list.cache_clear()
        monkeypatch.setattr(boardgames, "dictionary", lambda name: 1 / 0)
        with pytest.raises(ZeroDivisionError):
            known("CAT")
    finally:
        childtext._default_list.cache_clear()
