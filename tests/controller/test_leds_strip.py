"""The simulated strip through adafruit_pixelbuf: byte order, brightness, power budget, gamma,
frame-rate cap (injected clock), renderers, and driver selection with fake hardware modules."""

import types

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordboard.datafile import DataFile
from wordboard.errors import DataFileError, UserError
from wordboard.leds import BoardLeds, Frame, PowerBudget, SimulatedPixels, default_config, emitted_frame, render
from wordboard.leds.config import StripConfig, default_config_text, parse_led_config
from wordboard.leds.drivers import choose_driver, is_pi5_family, open_pixels
from wordboard.leds.power import gamma_table
from wordboard.leds.wiring import single_panel


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def make(rows=3, cols=3, order="GRB", supply=100000.0, gamma=1.0, brightness=1.0, fps=30):
    wiring = single_panel(rows, cols)
    pixels = SimulatedPixels(wiring.length, pixel_order=order)
    clock = Clock()
    leds = BoardLeds(pixels, wiring, power=PowerBudget(supply), gamma=gamma, brightness=brightness,
                     fps=fps, clock=clock)
    return leds, pixels, clock


@pytest.mark.parametrize("order,expected", [("GRB", bytes([20, 10, 30])), ("RGB", bytes([10, 20, 30])),
                                            ("BRG", bytes([30, 10, 20]))])
def test_byte_order_is_pixelbufs(order, expected):
    leds, pixels, _ = make(1, 1, order)
    leds.show(Frame(1, 1, [(10, 20, 30)]))
    assert pixels.transmitted == expected
    assert emitted_frame(pixels, leds.wiring)[0, 0] == (10, 20, 30)


def test_grbw_uses_the_white_channel_for_grey():
    leds, pixels, _ = make(1, 2, "GRBW")
    leds.show(Frame(1, 2, [(50, 50, 50), (10, 20, 30)]))
    assert pixels.transmitted == bytes([0, 0, 0, 50, 20, 10, 30, 0])
    assert pixels.emitted() == [(50, 50, 50), (10, 20, 30)]


def test_squares_go_to_their_wired_leds():
    leds, pixels, _ = make(2, 2, "RGB")
    leds.show(Frame(2, 2, [(1, 0, 0), (2, 0, 0), (3, 0, 0), (4, 0, 0)]))
    # serpentine: LED 2 is under (1, 1), LED 3 under (1, 0)
    assert [c[0] for c in pixels.decode()] == [1, 2, 4, 3]


def test_gamma_and_brightness_ceiling():
    leds, pixels, _ = make(1, 1, "RGB", gamma=2.2, brightness=0.5)
    leds.show(Frame(1, 1, [(255, 128, 0)]))
    g = gamma_table(2.2)
    assert g[255] == 255 and g[0] == 0 and g[128] == 56
    assert leds.brightness == 0.5
    assert pixels.transmitted == bytes([127, int(56 * 0.5), 0])


def test_full_white_225_is_limited_to_the_supply():
    config = default_config(15, 15)
    pixels = SimulatedPixels(225)
    leds = BoardLeds(pixels, config.wiring, power=PowerBudget(4000), brightness=1.0, clock=Clock())
    leds.show(Frame.filled(15, 15, (255, 255, 255)))
    unlimited = PowerBudget(4000).estimate([255] * 675, 225)
    assert round(unlimited) == 13500 + 225  # the documented 13.5 A (+ idle current)
    assert leds.estimated_milliamps() <= 4000
    assert leds.brightness > 0.25  # and not needlessly dark


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255)),
                min_size=16, max_size=16),
       st.floats(50, 3000), st.sampled_from(["GRB", "GRBW"]), st.floats(0, 1), st.floats(1, 3))
def test_no_frame_exceeds_the_budget(colours, supply, order, ceiling, gamma):
    leds, pixels, clock = make(4, 4, order, supply=supply, gamma=gamma, brightness=ceiling)
    leds.show(Frame(4, 4, colours))
    assert leds.estimated_milliamps() <= supply + 1e-9
    assert leds.brightness <= ceiling


def test_frame_rate_cap_with_an_injected_clock():
    leds, pixels, clock = make(fps=10)
    red, green, blue = (Frame.filled(3, 3, c) for c in ((9, 0, 0), (0, 9, 0), (0, 0, 9)))
    assert leds.show(red) is True and pixels.shows == 1
    clock.now = 0.05
    assert leds.show(green) is False and pixels.shows == 1  # too soon: kept
    assert leds.show(blue) is False                           # the newest replaces it
    assert leds.next_due() == pytest.approx(0.1)
    assert leds.poll() is False
    clock.now = 0.1
    assert leds.poll() is True and pixels.shows == 2 and leds.frame == blue
    clock.now = 1.0
    assert leds.show(blue) is True and pixels.shows == 2  # unchanged: not written again


def test_renderers():
    leds, pixels, _ = make(2, 2, "RGB")
    leds.show(Frame(2, 2, [(255, 0, 0), (0, 0, 0), (0, 0, 255), (0, 255, 0)]))
    frame = emitted_frame(pixels, leds.wiring)
    assert render.to_plain(frame, labels=False).splitlines() == ["R .", "B G"]
    ansi = render.to_ansi(frame)
    assert "\x1b[48;2;255;0;0m" in ansi and ansi.count("\n") == 2
    assert render.to_terminal(frame, environ={"NO_COLOR": "1"}) == render.to_plain(frame)


def test_png(tmp_path):
    import cv2

    frame = Frame(2, 3, [(255, 0, 0)] * 6)
    path = render.write_png(frame, tmp_path / "board.png", cell=20)
    image = cv2.imread(str(path))
    assert image.shape == (40, 60, 3)
    assert tuple(image[10, 10]) == (0, 0, 255)  # BGR: red in the middle of a square


def test_driver_choice_follows_the_board_and_the_configured_pin():
    strip = StripConfig()                     # auto, GPIO 18
    pi4, pi5 = "Raspberry Pi 4 Model B Rev 1.4", "Raspberry Pi 5 Model B Rev 1.0"
    assert choose_driver(strip, None) == "simulated"
    assert choose_driver(strip, "Generic x86 PC") == "simulated"
    # A Pi 1-4 drives GPIO 18 by PWM through /dev/mem: root only.
    assert choose_driver(strip, pi4, is_root=lambda: True) == "neopixel"
    with pytest.raises(UserError, match="need root.*GPIO 10.*pin: 10"):
        choose_driver(strip, pi4, is_root=lambda: False)
    # The data wire on GPIO 10: SPI, no root, on every Pi.
    spi = StripConfig(pin=10)
    assert choose_driver(spi, pi4, installed=lambda m: m == "neopixel_spi", is_root=lambda: False) == "neopixel-spi"
    assert choose_driver(spi, pi4, installed=lambda m: False, is_root=lambda: False) == "neopixel"
    assert choose_driver(spi, pi5, installed=lambda m: m == "neopixel_spi") == "neopixel-spi"
    with pytest.raises(UserError, match="neopixel-spi"):
        choose_driver(spi, pi5, installed=lambda m: False)
    # A Pi 5: GPIO 18 through the RP1's PIO, never silently on another pin.
    assert is_pi5_family(pi5) and is_pi5_family("Raspberry Pi Compute Module 5 Rev 1.0")
    assert choose_driver(strip, pi5, installed=lambda m: m == "adafruit_raspberry_pi5_neopixel_write",
                         is_root=lambda: False) == "neopixel"
    with pytest.raises(UserError, match="Pi5-Neopixel"):
        choose_driver(strip, pi5, installed=lambda m: m == "neopixel_spi")
    assert choose_driver(StripConfig(driver="neopixel-spi"), None) == "neopixel-spi"


def test_the_spi_driver_refuses_another_pin_in_the_file():
    text = default_config_text(15, 15).replace("driver: auto ", "driver: neopixel-spi ")
    with pytest.raises(DataFileError, match=r":7: the neopixel-spi driver sends on GPIO 10"):
        parse_led_config(DataFile(text, "leds.conf"))
    ok = parse_led_config(DataFile(text.replace("pin: 18 ", "pin: 10 "), "leds.conf"))
    assert ok.strip.driver == "neopixel-spi" and ok.strip.pin == 10


def test_the_owners_installed_files_are_used(tmp_path):
    from wordboard.buttons import ButtonConfig, installed_button_config
    from wordboard.leds.config import board_config

    environ = {"WORDBOARD_CONFIG_DIR": str(tmp_path)}
    assert board_config(15, 15, environ=environ).source == "<default 15x15>"
    assert installed_button_config(environ) == ButtonConfig()
    (tmp_path / "leds-15x15.conf").write_text(default_config_text(15, 15).replace("0.6 ", "0.3 "))
    (tmp_path / "buttons.conf").write_text("[buttons]\nend-turn: 12\n")
    config = board_config(15, 15, environ=environ)
    assert config.strip.brightness == 0.3 and config.source.endswith("leds-15x15.conf")
    assert board_config(11, 11, environ=environ).source == "<default 11x11>"
    assert installed_button_config(environ).pins == {"end-turn": 12}
    with pytest.raises(UserError, match="wires a 15 x 15 board; this game needs 11 x 11"):
        board_config(11, 11, tmp_path / "leds-15x15.conf")


def test_real_drivers_are_built_with_fake_modules():
    calls = {}

    class FakeNeoPixel(SimulatedPixels):
        def __init__(self, pin, n, **kwargs):
            calls["neopixel"] = (pin, n, kwargs)
            super().__init__(n, pixel_order=kwargs["pixel_order"])

    class FakeSPI(SimulatedPixels):
        def __init__(self, spi, n, **kwargs):
            calls["spi"] = (spi, n, kwargs)
            super().__init__(n, pixel_order=kwargs["pixel_order"])

    modules = {
        "board": types.SimpleNamespace(D18="D18", D21="D21", SPI=lambda: "spi0"),
        "neopixel": types.SimpleNamespace(NeoPixel=FakeNeoPixel),
        "neopixel_spi": types.SimpleNamespace(NeoPixel_SPI=FakeSPI),
        "adafruit_raspberry_pi5_neopixel_write": types.SimpleNamespace(),
    }

    def importer(name):
        if name not in modules:
            raise ModuleNotFoundError(name=name)
        return modules[name]

    config = default_config(15, 15)
    px = open_pixels(config, driver="neopixel", model="Raspberry Pi 5 Model B", importer=importer)
    assert calls["neopixel"][0] == "D18" and calls["neopixel"][1] == 225
    assert calls["neopixel"][2]["auto_write"] is False and calls["neopixel"][2]["pixel_order"] == "GRB"
    assert len(px) == 225
    open_pixels(config, driver="neopixel-spi", model="Raspberry Pi 5 Model B", importer=importer)
    assert calls["spi"][0] == "spi0"
    del modules["adafruit_raspberry_pi5_neopixel_write"]
    with pytest.raises(UserError, match="adafruit_raspberry_pi5_neopixel_write"):
        open_pixels(config, driver="neopixel", model="Raspberry Pi 5 Model B", importer=importer)


def test_the_board_carries_on_without_leds_it_cannot_open(tmp_path, monkeypatch):
    """On the real board, a strip that cannot be opened (here: the neopixel driver without its
    modules) is reported and replaced by the simulated strip; the owner's files are used."""
    import time

    from wordboard.controller.session import Session, SessionConfig

    monkeypatch.setenv("WORDBOARD_CONFIG_DIR", str(tmp_path))
    (tmp_path / "leds-15x15.conf").write_text(default_config_text(15, 15).replace("driver: auto ", "driver: neopixel "))
    (tmp_path / "buttons.conf").write_text("[buttons]\nend-turn: 12\n")
    said = []
    session = Session.__new__(Session)
    session.config, session.closers = SessionConfig(hardware="real", out=said.append), []
    session._open_leds_and_buttons(15, 15, twin=False, wall=time.monotonic)
    try:
        assert isinstance(session.leds.pixels, SimulatedPixels)
        assert said and said[0].startswith("LEDs: LED driver 'neopixel' needs the Python module")
        assert "carrying on without them" in said[0]
        assert set(session.buttons.config.pins) == {"end-turn"}
    finally:
        for close in reversed(session.closers):
            close()
