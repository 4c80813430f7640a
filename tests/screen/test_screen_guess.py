"""eXtraDICTION's guess, refusals and clue card as the children's screen needs them (no browser):

* in the rulebook the guess is said aloud and only the writing on the board tests the spelling:
  a guess spelt otherwise than the card asks the grown-up (the reader at Level 3) whether the
  word meant is the card's, and a guess said aloud is judged by the grown-up (``=right`` and
  ``=wrong``, the screen's buttons);
* a refused word is explained in words a child understands, with the squares at fault;
* Level 3 shows the first letter, the length and the meaning, not the picture;
* the clue packs (colours) are chosen with the level when a game is set up on the screen.
"""

from __future__ import annotations

import json

import pytest

from tests.extradiction.helpers import game, write
from wordboard import registry
from wordboard.controller import questions as q
from wordboard.controller.adapters import Assessment, Committed
from wordboard.controller.boardgames import GUESS, GUESS_HEARD, HEARD_RIGHT, HEARD_WRONG
from wordboard.extradiction.engine import GuessWanted, WordWanted
from wordboard.journal import Journal, JournaledGame


@pytest.fixture
def adapter_of(tmp_path):
    journals = []

    def make(g, players=("Ann", "Bo")):
        from wordboard.extradiction.table import ExtradictionAdapter

        journal = Journal(tmp_path / f"j{len(journals)}.sqlite3")
        journals.append(journal)
        game_id = journal.start_game("extradiction", "test", list(players), seed=1, options={})
        return ExtradictionAdapter(JournaledGame(journal, game_id, game=g))

    yield make
    for journal in journals:
        journal.close()


def guess_question(adapter) -> q.Question:
    question = adapter.turn_question()
    assert question is not None and question.kind == GUESS and not question.choices
    return question


def test_a_guess_spelt_as_the_card_is_right(adapter_of):
    adapter = adapter_of(game("2", words=("APPLE", "STAR"), players=("Ann", "Bo")))
    done = adapter.answer_turn(guess_question(adapter), "apple")
    assert isinstance(done, Committed) and "right" in done.text
    assert isinstance(adapter.game.pending, WordWanted)


def test_a_misspelt_guess_keeps_the_card_when_the_grown_up_says_it_is_the_word(adapter_of):
    adapter = adapter_of(game("2", words=("APPLE", "STAR"), players=("Ann", "Bo")))
    check = adapter.answer_turn(guess_question(adapter), "APUL")
    # not lost: the grown-up is asked, the card still waits for its guess
    assert isinstance(check, q.Question) and check.kind == GUESS_HEARD and check.choices == ("yes", "no")
    # APUL is no word of the game's list: not named (issue 37), the grown-up is still asked
    assert "APUL" not in check.prompt and "Grown-up" in check.prompt and "not in our list" in check.prompt
    assert isinstance(adapter.game.pending, GuessWanted) and adapter.game.history == []
    done = adapter.answer_turn(check, "yes")
    assert isinstance(done, Committed) and "right" in done.text
    pending = adapter.game.pending
    assert isinstance(pending, WordWanted) and pending.card.word == "APPLE"
    # the spelling is tested by the writing: APPLE written scores
    adapter.jgame.play(write("APPLE", "A5"))
    assert adapter.game.stars[0] > 0 and adapter.game.history[0].guess == "APPLE"


def test_another_word_loses_the_card_as_the_rulebook_says(adapter_of):
    adapter = adapter_of(game("2", words=("APPLE", "STAR"), players=("Ann", "Bo")))
    check = adapter.answer_turn(guess_question(adapter), "PEAR")
    done = adapter.answer_turn(check, "no")
    assert isinstance(done, Committed) and "put to one side" in done.text
    record = adapter.game.history[0]
    assert record.guessed_wrong and record.guess == "PEAR"
    pending = adapter.game.pending
    assert isinstance(pending, GuessWanted) and pending.player == 1 and pending.card.word == "STAR"


def test_a_guess_said_aloud_is_judged_by_the_grown_up(adapter_of):
    adapter = adapter_of(game("2", words=("APPLE", "STAR", "RAT"), players=("Ann", "Bo")))
    done = adapter.answer_turn(guess_question(adapter), HEARD_RIGHT)
    assert isinstance(done, Committed) and "heard it: right" in done.text
    assert isinstance(adapter.game.pending, WordWanted)
    adapter.jgame.play(write("APPLE", "A5"))
    done = adapter.answer_turn(guess_question(adapter), HEARD_WRONG)
    assert isinstance(done, Committed) and "put to one side" in done.text
    assert adapter.game.pending.card.word == "RAT" and adapter.game.stars[1] == 0
    # a wrong guess, not a pass: the record, the journal and the screen's history say so
    record = adapter.game.history[-1]
    assert record.guessed_wrong and not record.passed
    assert [e.data for e in adapter.jgame.journal.events(adapter.jgame.id)][-1] == {"guess": "?"}
    from wordboard.extradiction.view import extradiction_view

    last = extradiction_view(adapter.game)["history"][-1]
    assert last["kind"] == "wrong" and last["text"] == "guessed another word"


def test_level_3_the_reader_hears_the_guess(adapter_of):
    g = game("3", words=("APPLE", "STAR"), players=("Ann", "Bo"))
    adapter = adapter_of(g)
    question = guess_question(adapter)
    assert question.context["checker"] == "Bo"             # Bo reads Ann's card
    check = adapter.answer_turn(question, "APEL")
    assert check.kind == GUESS_HEARD and "Bo: did Ann mean the word" in check.prompt
    check = adapter.answer_turn(question, "TAP")                  # a word of the list is named
    assert check.kind == GUESS_HEARD and "Ann spelt TAP. Bo: is that the word" in check.prompt
    view = registry.family("extradiction").view(g)
    assert view["checker"] == "Bo"


def test_level_3_shows_what_the_rulebook_gives_not_the_picture(adapter_of):
    g3 = game("3", words=("APPLE",), players=("Ann", "Bo"))
    card = registry.family("extradiction").view(g3)["card"]
    assert card["picture"] is None and card["shape"] is None and card["pictured"] is False
    assert (card["first"], card["length"], card["meaning"]) == ("A", 5, "a test meaning")
    assert "first letter" not in card and card["word"] is None
    text = adapter_of(g3).card_text(g3.pending.card, False)
    assert "Meaning: a test meaning" in text and "(starts with A, 5 letters)" in text
    for level in ("1", "2"):
        card = registry.family("extradiction").view(game(level, words=("APPLE",)))["card"]
        assert card["pictured"] and card["shape"] == "circle"


def test_the_board_shows_the_stars_and_chance_squares():
    g = game("1", words=("APPLE",))
    view = registry.family("extradiction").view(g)
    squares = view["squares"]
    edition = g.edition
    for r in range(edition.rows):
        for c in range(edition.columns):
            expected = "!" if edition.is_chance((r, c)) else (edition.stars_on((r, c)) or None)
            assert squares.get(f"{r},{c}") == expected
    assert any(v == "!" for v in squares.values()) and any(isinstance(v, int) and v > 1 for v in squares.values())
    json.dumps(view)


def tiles(adapter, letters: dict):
    from wordboard.controller.tracking import Seen
    from wordboard.extradiction.edition import parse_square

    return [type("T", (), {"square": parse_square(s), "seen": Seen(f"{i:08x}", ch)})()
            for i, (s, ch) in enumerate(letters.items())]


def test_refusals_are_said_in_words_a_child_understands(adapter_of):
    adapter = adapter_of(game("1", words=("APPLE", "STAR"), players=("Ann", "Bo")))
    # a letter wrong: that square lit
    refused = adapter.assess(tiles(adapter, dict(zip(("A5", "B5", "C5", "D5", "E5"), "APXLE"))), {})
    assert isinstance(refused, Assessment) and refused.status == "invalid"
    # APXLE is no word of the list: not named (issue 37)
    assert refused.message == "That is not the card's word. The card's word is APPLE, 5 letters. Look at the red squares."
    assert [tuple(s) for s in refused.at_fault] == [(4, 2)]
    refused = adapter.assess(tiles(adapter, dict(zip(("A5", "B5", "C5", "D5", "E5"), "AMPLE"))), {})
    assert refused.message == "That says AMPLE. The card's word is APPLE, 5 letters. Look at the red squares."
    # letters not in one row
    refused = adapter.assess(tiles(adapter, {"A5": "A", "B6": "P"}), {})
    assert refused.message.startswith("Write the letters in one row, from left to right")
    assert len(refused.at_fault) == 2
    # an engine rule: Level 3's first word through the middle
    adapter = adapter_of(game("3", words=("APPLE",), players=("Ann", "Bo")))
    adapter.answer_turn(guess_question(adapter), "APPLE")
    refused = adapter.assess(tiles(adapter, dict(zip(("A1", "B1", "C1", "D1", "E1"), "APPLE"))), {})
    assert refused.message == "The first word must go through the middle square."
    assert refused.at_fault


def test_unsuitable_words_are_refused_kindly_and_never_named():
    from wordboard.extradiction.engine import IllegalMove, Rule
    from wordboard.extradiction.table import child_words

    assert child_words(IllegalMove(Rule.UNSUITABLE)) == "That word is not for this game: let's pick another word."
    said = child_words(IllegalMove(Rule.NOT_A_WORD, "STAR would make APPLESX, which is not in the dictionary"))
    assert said == "Touching that word makes letters that are not a word."      # never named


def test_the_clue_packs_are_chosen_with_the_level(tmp_path):
    from types import SimpleNamespace

    from wordboard.commands.run import _game_options, _next_game
    from wordboard.extradiction.cards import Colour
    from wordboard.screen import protocol, setup_choices

    kind, data = protocol.parse(json.dumps({"type": "new", "game": "extradiction", "players": ["Ann"],
                                            "lexicon": "none", "level": "1", "colours": "green"}))
    assert data["colours"] == "green"
    with pytest.raises(protocol.ProtocolError):
        protocol.parse(json.dumps({"type": "new", "game": "extradiction", "players": ["Ann"],
                                   "lexicon": "none", "colours": "../x"}))
    session = SimpleNamespace(config=SimpleNamespace(game_options={}, players=("Ann",)), lexicon="none")
    choices = setup_choices(session)
    assert choices["colours"][0] == "green" and choices["colour"] == "green,blue,red"
    assert "dexikon" in choices["games"]
    # a table sensed by the camera alone offers every game (Dexikon's cards are asked by kind)
    camera_alone = SimpleNamespace(config=SimpleNamespace(game_options={}, players=("Ann",), sensing="camera"),
                                   lexicon="none", sensing="camera")
    assert setup_choices(camera_alone)["games"] == choices["games"]
    screen = SimpleNamespace(bridge=SimpleNamespace(next_setup={**data, "quiet": 0}))
    args = SimpleNamespace(game="lexulous", players=None, lexicon="none", quiet_time=None, resume="auto",
                           seed=1, max_moves=None, level=None, variant=None, turns=None, colours=None,
                           edition=None, challenge=None)
    nxt = _next_game(args, screen)
    options = _game_options(nxt)
    assert options == {"level": "1", "colours": "green"}
    journal = Journal(tmp_path / "j.sqlite3")
    try:
        jgame = registry.family("extradiction").start(journal, "standin", ("Ann",), seed=3, lexicon=None,
                                                      options=options)
        deck = jgame.game.cards_set_aside + [jgame.game.pending.card]
        assert all(c.colour is Colour.GREEN for c in deck)
        assert jgame.info.options["colours"] == "green"
    finally:
        journal.close()


def test_what_a_child_wrote_or_spelt_is_never_said_back_when_it_is_unsuitable(adapter_of):
    """Safety: a refusal names what the camera read ("That says APXLE"), and a spelt guess is
    shown to the grown-up; written or spelt, an unsuitable word (or letters with one inside) is
    never shown or said: the refusal says it is not the card's word, the guess is asked again."""
    from wordboard.extradiction.engine import IllegalMove, Rule
    from wordboard.extradiction.table import child_words

    adapter = adapter_of(game("1", words=("SHIRT", "STAR"), players=("Ann", "Bo")))
    refused = adapter.assess(tiles(adapter, dict(zip(("A5", "B5", "C5", "D5"), "SHIT"))), {})
    assert refused.status == "invalid" and "SHIT" not in refused.message
    assert refused.message == "That is not the card's word. The card's word is SHIRT, 5 letters. Look at the red squares."
    refused = adapter.assess(tiles(adapter, dict(zip(("A5", "B5", "C5", "D5", "E5"), "XSHIT"))), {})
    assert "SHIT" not in refused.message
    refused = adapter.assess(tiles(adapter, dict(zip(("A5", "B5", "C5", "D5", "E5"), "SHIRP"))), {})
    assert refused.message.startswith("That is not the card's word.")       # no word of the list: not named
    refused = adapter.assess(tiles(adapter, dict(zip(("A5", "B5", "C5", "D5", "E5"), "SHIRE"))), {})
    assert refused.message.startswith("That says SHIRE.")                    # a slip that is a word is named
    said = child_words(IllegalMove(Rule.NOT_A_WORD, "STAR would make STARSHIT, which is not in the dictionary"))
    assert "SHIT" not in said and said == "Touching that word makes letters that are not a word."
    adapter = adapter_of(game("2", words=("SHIRT", "STAR"), players=("Ann", "Bo")))
    again = adapter.answer_turn(guess_question(adapter), "SHIT")
    assert isinstance(again, q.Question) and again.kind == GUESS and "SHIT" not in again.prompt
    assert again.prompt.startswith("That word is not for this game: let's pick another word.")
    assert isinstance(adapter.game.pending, GuessWanted) and adapter.game.history == []   # nothing kept


def test_the_childrens_own_words_with_a_bad_word_inside_are_said_and_played():
    """SHELL, GRAPE and BUTTER hold HELL, RAPE and BUTT: a clue card's word, or a word of the
    game's list, is the child's own word and is spelt, shown and played like any other; the same
    letters inside a run that is no word stay hidden."""
    from wordboard.extradiction.table import sayable

    known = {"SHELL", "GRAPE", "BUTTER"}.__contains__
    assert all(sayable(w, known) for w in ("SHELL", "GRAPE", "BUTTER"))
    assert not any(sayable(w, known) for w in ("XSHELLX", "SHIT", "BUTT"))
    # with no word list an English word is judged whole too (issue 37: GRAPE, HELLO, BUTTON and
    # CANAL were told "That word is not for this game"); a run that is no word stays hidden
    assert all(sayable(w) for w in ("BUTTER", "GRAPE", "HELLO", "BUTTON", "CANAL"))
    assert not any(sayable(w) for w in ("XSHELLX", "SHIT", "BUTT"))


def test_a_clue_card_word_with_a_bad_word_inside_is_guessed_right(adapter_of):
    adapter = adapter_of(game("2", words=("BUTTER", "SHELL"), players=("Ann", "Bo"), shuffle=False))
    card = adapter.game.pending.card.word
    done = adapter.answer_turn(guess_question(adapter), card.lower())
    assert isinstance(done, Committed) and "right" in done.text
    assert isinstance(adapter.game.pending, WordWanted)


def test_a_guess_asked_again_says_why_once(adapter_of):
    adapter = adapter_of(game("2", words=("SHIRT", "STAR"), players=("Ann", "Bo")))
    question = guess_question(adapter)
    for _ in range(3):
        question = adapter.answer_turn(question, "SHIT")
        assert isinstance(question, q.Question)
    assert question.prompt.count("not for this game") == 1
    assert question.prompt.endswith(guess_question(adapter).prompt)
