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


# -- the games for grown-ups on a children's page or the kiosk in the children's mode -------------

#: a word of the grown-ups' lists (wordgame) that the children's list (scowl:50) lacks: a children's
#: page of Lexulous does not name it, whatever the filter says of it
GROWN_UPS_WORD = "WAZOO"


def test_the_grown_ups_word_is_outside_the_childrens_list():
    from wordboard.controller.boardgames import dictionary
    from wordboard.extradiction.childtext import in_childrens_list

    assert GROWN_UPS_WORD in dictionary("wordgame") and not in_childrens_list(GROWN_UPS_WORD)
    assert in_childrens_list(INNOCENT) and in_childrens_list("HEXX") and in_childrens_list("DW")


def test_a_childrens_page_of_a_grown_ups_game_names_only_the_childrens_words(monkeypatch):
    """The list gate on a page in ?mode=kids of Lexulous: a word the grown-ups played is named
    only when the children's own list has it and the filter passes it (a filter's miss is not
    named); the game's pieces (premium squares, the bag's letters, tiles, names, the title) are
    judged by the filter alone and shown."""
    from wordboard.screen.server import for_page

    filter_knowing(monkeypatch)
    kids = type("K", (), {"mode": "kids"})()
    for word in (GROWN_UPS_WORD, *OFFENSIVE):
        state = {"type": "state", "state": {
            "game": {"kind": "lexulous", "title": "HEXX"}, "message": f"Ada plays {word} for 12",
            "history": [{"text": word, "words": [{"word": word}], "name": "Ada"},
                        {"text": INNOCENT, "words": [{"word": INNOCENT}], "name": "Blaise"}],
            "view": {"premiums": {"7,7": "DW", "0,0": "TW"}, "unseen": "AAEEIORSTTU"},
            "board": {"tiles": {"7,7": {"letter": "Q"}}, "leds": ["ff0000"]}}}
        sent = for_page(kids, state)["state"]
        assert not found_in([json.dumps(sent)], (word,)), sent
        assert sent["message"] == PICK_ANOTHER and sent["history"][0]["words"][0]["word"] == PICK_ANOTHER
        assert sent["history"][1] == state["state"]["history"][1]                     # CAT is shown
        assert sent["view"] == state["state"]["view"] and sent["board"] == state["state"]["board"]
        assert sent["game"]["title"] == "HEXX"
        say = {"type": "say", "text": f"{word.capitalize()}. {', '.join(word)}.", "id": "abc123"}
        assert for_page(kids, say) == {"type": "say", "text": PICK_ANOTHER, "id": None}
    # a children's game's page is judged by its own words (its list), as its snapshot is
    own = {"type": "state", "state": {"message": f"That says {GROWN_UPS_WORD}."}}
    assert for_page(kids, own, {GROWN_UPS_WORD}.__contains__) == own


class GrownUpsGame:
    """A Lexulous game on a controller stand-in whose last word is ``word``."""

    def __init__(self, word: str):
        word_ = type("W", (), {"text": word})()
        self.adapter = type("A", (), {
            "kind": "lexulous", "over": False, "player_to_move": lambda self: "Ada",
            "game": type("G", (), {"history": [type("T", (), {"words": (word_,)})()]})(),
            "jgame": type("J", (), {"id": 1, "journal": type("JJ", (), {"events": lambda self, i: []})()})()})()
        self.controller = type("C", (), {"listeners": [], "step_hooks": [], "question": None, "buttons": None,
                                         "adapter": self.adapter, "message": "", "notices": [], "live": None,
                                         "hint_squares": (), "board": None, "clock": lambda self: 0.0,
                                         "frame": lambda self, now: None, "say": lambda self, text: None})()


@pytest.mark.parametrize("word", (GROWN_UPS_WORD, "FUCKER"))
def test_the_pi_says_no_grown_ups_word_to_a_childrens_page_or_kiosk(monkeypatch, word):
    """Speech of a game for grown-ups: a page in the children's mode asking to hear the last word
    (the Pi's device says it when that page plays no sound), and everything said once the Pi's own
    screen is in the children's mode, go through the children's gate; a grown-ups' page hears it."""
    filter_knowing(monkeypatch)
    table = GrownUpsGame(word)
    hub, device = ScreenHub(), Device()
    bridge = ScreenBridge(table.controller, hub, speak=True, speech=Now(device, hub))
    assert hub.child_words is None                                  # a game for grown-ups
    bridge._command(Command("say", {"what": "last"}), 0.0)          # a grown-ups' page
    assert word in device.sent[-2].upper()
    device.sent.clear()
    bridge._command(Command("say", {"what": "last"}, kids=True), 0.0)   # a children's page, no sound
    assert device.sent == [PICK_ANOTHER]
    asked: list[dict] = []                                           # a children's page with sound
    bridge._command(Command("say", {"what": "last"}, kids=True, audio=True, reply=asked.append), 0.0)
    assert asked[-1]["text"] == PICK_ANOTHER and not found_in(device.sent + [asked[-1]["text"]], (word,))
    # the Pi's own screen shows the children's mode: all the board says goes through the gate
    bridge._command(Command("speech", {"on": True}, kids=True), 0.0)
    bridge._heard("commit", Committed((), f"Ada plays {word} for 12"))
    bridge._command(Command("say", {"what": "last"}), 0.0)
    assert device.sent and not found_in(device.sent, (word,)) and PICK_ANOTHER in device.sent
    assert "Ada, your turn." in device.sent


def test_a_page_is_sent_what_a_childrens_page_is_until_it_says_its_mode():
    """The state went to a page as soon as it connected, before its hello named its mode (a
    ?mode=kids page of Lexulous drew a grown-ups' word in letter tiles from that first state): now
    the state waits for the hello (``test_screen_unit``), and anything else a page is sent before
    it is judged as for a page in the children's mode."""
    from wordboard.screen.server import Client, for_page

    page = Client(connection=None, peer="192.168.1.20")
    state = {"type": "state", "state": {"message": f"Ada plays {GROWN_UPS_WORD} for 12"}}
    assert for_page(page, state)["state"]["message"] == PICK_ANOTHER
    page.mode = "normal"
    assert for_page(page, state) == state
