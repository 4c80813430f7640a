"""The LEDs under the squares: frames, scenes, the wiring map, the power budget and the drivers.

::

    from wordboard.leds import BoardLeds, default_config, open_pixels, scenes, overlays

    config = default_config(15, 15)              # or load_led_config("hardware/leds-15x15.conf")
    leds = BoardLeds(open_pixels(config), config.wiring, power=config.strip.power,
                     gamma=config.strip.gamma, brightness=config.strip.brightness,
                     fps=config.strip.fps)
    base = scenes.crossword_scene(edition.board, occupied)
    leds.show(overlays.compose(base, [overlays.last_move(squares)], t))
    leds.poll()                                  # from the main loop: writes a capped frame later
"""

from wordboard.leds.config import LedConfig, StripConfig, default_config, load_led_config, parse_led_config
from wordboard.leds.frame import OFF, Colour, Frame
from wordboard.leds.power import PowerBudget
from wordboard.leds.simulated import SimulatedPixels, emitted_frame
from wordboard.leds.strip import BoardLeds
from wordboard.leds.wiring import Panel, Wiring, WiringError


def open_pixels(config, **kwargs):
    """See :func:`wordboard.leds.drivers.open_pixels`."""
    from wordboard.leds.drivers import open_pixels as _open

    return _open(config, **kwargs)


def open_board_leds(config: LedConfig, *, driver: str | None = None, clock=None) -> BoardLeds:
    """The configured strip behind a :class:`BoardLeds`."""
    import time

    strip = config.strip
    return BoardLeds(open_pixels(config, driver=driver), config.wiring, power=strip.power,
                     gamma=strip.gamma, brightness=strip.brightness, fps=strip.fps,
                     clock=clock or time.monotonic)


__all__ = ["BoardLeds", "Colour", "Frame", "LedConfig", "OFF", "Panel", "PowerBudget",
           "SimulatedPixels", "StripConfig", "Wiring", "WiringError", "default_config",
           "emitted_frame", "load_led_config", "open_board_leds", "open_pixels", "parse_led_config"]
