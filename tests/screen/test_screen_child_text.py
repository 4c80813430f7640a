"""Issue 37 on the children's screen: what the kiosk shows (the snapshot every page gets) and says
(the board's speech: the pages' clips and the Pi's espeak-ng) in eXtraDICTION never repeats an
unsuitable word; an innocent word is shown and said. The other places:
``tests/extradiction/test_extradiction_child_text.py``.
"""

from __future__ import annotations

import json

import pytest

from tests.extradiction.helpers import game
from tests.extradiction.offensive import INNOCENT, OFFENSIVE, filter_knowing, found_in
from tests.extradiction.offensive import Recorder as Device
from wordboard.controller import questions as q
from wordboard.controller.adapters import Committed
from wordboard.controller.boardgames import GUESS_HEARD
from wordboard.extradiction.childtext import PICK_ANOTHER
from wordboard.journal import Journal, JournaledGame
from wordboard.screen.bridge import ScreenBridge, Speech
from wordboard.screen.hub import Command, Listeners, ScreenHub
from wordboard.screen.snapshot import snapshot


class Now(Speech):
    """Said at once, in the test's thread (the real one uses a worker thread)."""

    def say(self, text, spell=None, to=None):
        self.handle(text, spell, to)


@pytest.fixture
def kiosk(tmp_path, monkeypatch):
    """An eXtraDICTION game at Level 3 on a controller stand-in, its bridge with speech on, a page
    on the Pi's display and a phone that play sound."""
    filter_knowing(monkeypatch)
    from wordboard.extradiction.table import ExtradictionAdapter

    journal = Journal(tmp_path / "j.sqlite3")
    g = game("3", words=("APPLE", "STAR"), players=("Ada", "Blaise"))
    jgame = JournaledGame(journal, journal.start_game("extradiction", "test", ["Ada", "Blaise"], seed=1), game=g)
    adapter = ExtradictionAdapter(jgame)
    controller = type("C", (), {"listeners": [], "step_hooks": [], "question": None, "buttons": None,
                                "adapter": adapter, "message": "", "notices": [], "live": None,
                                "hint_squares": (), "board": None, "clock": lambda self: 0.0,
                                "frame": lambda self, now: None, "say": lambda self, text: None})()
    hub, device = ScreenHub(), Device()
    hub.set_listeners(Listeners(pages=2, local=1))
    bridge = ScreenBridge(controller, hub, speak=True, speech=Now(device, hub))
    yield controller, adapter, bridge, hub, device
    journal.close()


def heard(hub, device) -> list[str]:
    """Everything said: the pages' say events and the device's espeak-ng."""
    return [e.get("text", "") for e in hub.take_events()] + device.sent


@pytest.mark.parametrize("word", OFFENSIVE)
def test_the_kiosk_never_shows_nor_says_a_childs_unsuitable_word(kiosk, word):
    controller, adapter, bridge, hub, device = kiosk
    # what the board put on the screen with the word in it (however it got there): the message,
    # the notices, the refusal, the grown-up's question, a page's "say it again"
    controller.message = f"That says {word}."
    controller.notices = [f"{word} is not a word in the dictionary"]
    controller.question = q.Question(GUESS_HEARD, f"Ada spelt {word}. Blaise: is that the word on the card?",
                                     ("yes", "no"), (), {"guess": word})
    state = snapshot(controller, 0.0)
    text = json.dumps(state)
    assert not found_in([text]), text
    assert state["message"] == PICK_ANOTHER and state["question"]["prompt"] == PICK_ANOTHER
    assert state["question"]["choices"] == ["yes", "no"]          # still answered
    # spoken: the question, a move's text and its word spelt, the prompt asked for again
    bridge._heard("question", controller.question)
    bridge._heard("commit", Committed((), f"Ada guessed {word}: the word was APPLE"))
    bridge.say("prompt")
    bridge._say(f"{word.capitalize()}.", spell=word)
    said = heard(hub, device)
    assert said and not found_in(said), said
    assert PICK_ANOTHER in said
    hub.set_listeners(Listeners())                 # no page plays: the Pi's own espeak-ng says it
    bridge._say(f"{word.capitalize()}.", spell=word)
    assert device.sent[-1] == PICK_ANOTHER and not found_in(device.sent)


def test_the_kiosk_shows_and_says_an_innocent_word(kiosk):
    controller, adapter, bridge, hub, device = kiosk
    controller.message = f"That says {INNOCENT}."
    controller.question = q.Question(GUESS_HEARD, f"Ada spelt {INNOCENT}. Blaise: is that the word on the card?",
                                     ("yes", "no"), (), {"guess": INNOCENT})
    state = snapshot(controller, 0.0)
    assert state["message"] == "That says CAT." and state["question"]["prompt"].startswith("Ada spelt CAT.")
    bridge._heard("question", controller.question)
    bridge._say("Cat.", spell=INNOCENT)
    said = heard(hub, device)
    assert any("Ada spelt CAT." in s for s in said) and "Cat. C, A, T." in said
    # a page asks for the card's word: said and spelt (the grown-up reads it at Level 3's write)
    adapter.answer_turn(adapter.turn_question(), "apple")
    bridge._command(Command("say", {"what": "card"}), 0.0)
    assert "Apple. A, P, P, L, E." in heard(hub, device)


def test_a_game_for_grown_ups_is_not_filtered(tmp_path):
    """The gate is the children's game's: Lexulous shows its words as played."""
    from wordboard.screen.snapshot import for_the_table

    lexulous = type("A", (), {"kind": "lexulous"})()
    assert for_the_table(lexulous, {"message": "SHIT scores 7"}) == {"message": "SHIT scores 7"}
    children = type("A", (), {"kind": "extradiction"})()
    assert for_the_table(children, {"message": "SHIT scores 7"}) == {"message": PICK_ANOTHER}


def test_a_page_in_the_childrens_mode_gets_no_unsuitable_word_whatever_the_game(monkeypatch):
    """?mode=kids on a grown-ups' game (Lexulous, Dexikon): the state and the events a kids page is
    sent go through the gate; a say event that would repeat the word loses its clip; other pages
    get the game as it is."""
    from wordboard.screen.server import for_page

    filter_knowing(monkeypatch)
    kids, normal = type("K", (), {"mode": "kids"})(), type("N", (), {"mode": "normal"})()
    for word in OFFENSIVE:
        state = {"type": "state", "state": {"game": {"kind": "lexulous"}, "message": f"Ada plays {word} for 12",
                                            "history": [{"text": word, "score": 12}, {"text": INNOCENT, "score": 5}],
                                            "board": {"leds": ["ff0000"]}}}
        sent = for_page(kids, state)
        assert not found_in([json.dumps(sent)]) and sent["state"]["history"][1]["text"] == INNOCENT
        assert sent["state"]["board"]["leds"] == ["ff0000"]
        assert for_page(normal, state) == state
        say = {"type": "say", "text": f"{word.capitalize()}. {', '.join(word)}.", "id": "abc123"}
        assert for_page(kids, say) == {"type": "say", "text": PICK_ANOTHER, "id": None}
    say = {"type": "say", "text": "Cat. C, A, T.", "id": "abc123"}
    assert for_page(kids, say) == say


@pytest.mark.parametrize("word", ["AMCIK", "FCUKER"])
def test_the_kiosk_never_shows_nor_says_a_word_outside_the_games_list(kiosk, word):
    """A word the filter misses (foreign, misspelt) and the game's list lacks: the screen neither
    shows it nor says it nor spells it; a word of the list (CAT) is."""
    controller, adapter, bridge, hub, device = kiosk
    adapter.answer_turn(adapter.turn_question(), "apple")           # Level 3: now Ada writes
    refused = adapter.assess(tiles_at(adapter, word), {})
    controller.message = refused.message
    controller.notices = [f"That says {word}."]
    state = snapshot(controller, 0.0)
    assert not found_in([json.dumps(state)], (word,)) and state["notices"] == [PICK_ANOTHER]
    bridge._say(f"{word.capitalize()}.", spell=word)
    bridge._say(f"That says {word}.")
    said = heard(hub, device)
    assert said and not found_in(said, (word,)) and PICK_ANOTHER in said
    controller.message = "That says CAT."
    assert snapshot(controller, 0.0)["message"] == "That says CAT."
    assert refused.message.startswith("That is not the card's word") and adapter.known_word("CAT")


def tiles_at(adapter, word: str):
    from wordboard.controller.tracking import Seen

    return [type("T", (), {"square": (4, i), "seen": Seen(f"{i:08x}", ch)})() for i, ch in enumerate(word)]
