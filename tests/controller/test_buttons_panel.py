"""Buttons on gpiozero's MockFactory: debouncing, long presses, configuration; no sleeping."""

import pytest
from gpiozero.pins.mock import MockFactory

from tests.controller.test_leds_wiring import HARDWARE
from wordboard.buttons import ButtonConfig, ButtonEvent, ButtonPanel, load_button_config, parse_button_config
from wordboard.datafile import DataFile
from wordboard.errors import DataFileError


class Clock:
    now = 100.0

    def __call__(self):
        return self.now


@pytest.fixture
def panel():
    factory = MockFactory()
    clock = Clock()
    config = ButtonConfig({"end-turn": 5, "undo": 22}, bounce=0.03, long_press=1.0)
    with ButtonPanel(config, pin_factory=factory, clock=clock) as p:
        yield p, factory, clock
    factory.reset()


def at(clock, t):
    clock.now = 100.0 + t


def test_a_clean_press(panel):
    p, factory, clock = panel
    pin = factory.pin(5)
    pin.drive_low()
    at(clock, 0.1)
    assert p.poll() == [] and p.is_held("end-turn")
    pin.drive_high()
    at(clock, 0.2)
    assert p.poll() == [ButtonEvent("end-turn", "press", pytest.approx(100.13))]
    assert p.poll() == []


def test_bouncing_contacts_make_one_press(panel):
    p, factory, clock = panel
    pin = factory.pin(5)
    for i in range(6):                       # 6 bounces within 10 ms
        at(clock, i * 0.002)
        (pin.drive_low if i % 2 == 0 else pin.drive_high)()
    at(clock, 0.012)
    pin.drive_low()
    at(clock, 0.3)
    assert p.poll() == []
    for i in range(5):                       # bouncy release
        at(clock, 0.3 + i * 0.002)
        (pin.drive_high if i % 2 == 0 else pin.drive_low)()
    at(clock, 0.5)
    events = p.poll()
    assert [(e.name, e.kind) for e in events] == [("end-turn", "press")]


def test_a_glitch_shorter_than_the_bounce_time_is_ignored(panel):
    p, factory, clock = panel
    pin = factory.pin(22)
    at(clock, 0.0)
    pin.drive_low()
    at(clock, 0.01)
    pin.drive_high()
    at(clock, 0.5)
    assert p.poll() == []


def test_long_press_is_reported_while_held_and_once(panel):
    p, factory, clock = panel
    pin = factory.pin(22)
    pin.drive_low()
    at(clock, 0.5)
    assert p.poll() == []
    at(clock, 1.2)
    assert [(e.name, e.kind) for e in p.poll()] == [("undo", "long")]
    at(clock, 2.0)
    assert p.poll() == []
    pin.drive_high()
    at(clock, 2.5)
    assert p.poll() == []


def test_long_press_released_between_polls(panel):
    p, factory, clock = panel
    pin = factory.pin(22)
    pin.drive_low()
    at(clock, 1.5)
    pin.drive_high()
    at(clock, 2.0)
    assert [(e.kind) for e in p.poll()] == ["long"]


def test_two_buttons_in_time_order_and_injected_events(panel):
    p, factory, clock = panel
    at(clock, 0.0)
    factory.pin(22).drive_low()
    at(clock, 0.05)
    factory.pin(5).drive_low()
    at(clock, 0.1)
    factory.pin(22).drive_high()
    at(clock, 0.15)
    factory.pin(5).drive_high()
    p.inject("hint")
    at(clock, 0.3)
    assert [e.name for e in p.poll()] == ["undo", "hint", "end-turn"]  # end-turn settles at 0.18


def test_shipped_configuration():
    config = load_button_config(HARDWARE / "buttons.conf")
    assert config == ButtonConfig()
    assert 18 not in config.pins.values()


@pytest.mark.parametrize("text,problem,line", [
    ("[buttons]\nend-turn: 18\n", "GPIO 18 is kept for LED data", 2),
    ("[buttons]\nend-turn: 5\nundo: 5\n", "already used by 'end-turn'", 3),
    ("[buttons]\nend-turn: 5\nfire: 6\n", "unknown button 'fire'", 3),
    ("[buttons]\nend-turn: 5\n[timing]\nbounce-ms: 50\nlong-press-ms: 20\n", "longer than", 5),
    ("[buttons]\nundo: 6\n", "end-turn button is required", 1),
])
def test_configuration_errors_name_the_line(text, problem, line):
    with pytest.raises(DataFileError) as err:
        parse_button_config(DataFile(text, "buttons.conf"))
    assert problem in str(err.value) and err.value.line == line
