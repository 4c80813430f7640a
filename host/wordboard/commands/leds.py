"""``wordboard leds``: show a game's scene on the LEDs (or the simulated strip), test the wiring."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from wordboard.commands import Subparsers

if TYPE_CHECKING:  # imported when used, so that ``wordboard --help`` stays fast
    from wordboard.leds.config import LedConfig
    from wordboard.leds.frame import Colour, Frame, Square
    from wordboard.leds.strip import BoardLeds


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "leds", help="show a scene on the board's LEDs, or test their wiring",
        description="Drive the LEDs under the squares: the real strip on a Raspberry Pi "
                    "(configured in hardware/leds-*.conf), else the simulated strip, drawn in "
                    "the terminal and optionally saved as a PNG.")
    import argparse

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--config", metavar="PATH", help="LED configuration file (default: "
                        "leds-ROWSxCOLS.conf in the config folder - /etc/wordboard for the service - "
                        "if it exists, else one serpentine panel the size of the board)")
    common.add_argument("--driver", choices=("auto", "neopixel", "neopixel-spi", "simulated"),
                        help="override the configuration's driver")
    common.add_argument("--png", metavar="FILE", help="also save the simulated board as a PNG")
    sub = parser.add_subparsers(dest="leds_command", metavar="ACTION")
    sub.required = True
    show = sub.add_parser("show", parents=[common], help="a game's base scene, with optional overlays")
    from wordboard import registry

    show.add_argument("game", choices=registry.game_names())
    show.add_argument("--last-move", metavar="SQ,SQ", help="squares of the last move, e.g. H8,I8")
    show.add_argument("--invalid", metavar="SQ,SQ", help="squares at fault in a pending placement")
    show.add_argument("--hint", metavar="SQ,SQ", help="squares of a hint")
    show.add_argument("--winner", action="store_true", help="the winner's rainbow")
    show.add_argument("--at", type=float, default=0.0, metavar="SECONDS", help="animation time")
    show.set_defaults(handler=run_show)
    test = sub.add_parser("test", parents=[common], help="light the strip in chain order to check the wiring map")
    test.add_argument("--size", default="15x15", help="board size when no --config (15x15, 11x11)")
    test.set_defaults(handler=run_test, game=None)


def _squares(text: str | None) -> list[Square]:
    from wordboard.crossword.board import parse_square

    return [parse_square(s) for s in text.split(",")] if text else []


def _config(args: argparse.Namespace, rows: int, cols: int) -> LedConfig:
    from wordboard.leds.config import board_config

    return board_config(rows, cols, args.config)


def _output(args: argparse.Namespace, leds: BoardLeds, config: LedConfig) -> None:
    from wordboard.leds import SimulatedPixels, emitted_frame
    from wordboard.leds.render import to_terminal, write_png

    if isinstance(leds.pixels, SimulatedPixels):
        frame = emitted_frame(leds.pixels, config.wiring)
        print(to_terminal(frame))
        print(f"brightness {leds.brightness:.2f}, estimated {leds.estimated_milliamps():.0f} mA "
              f"of {config.strip.supply_milliamps:.0f} mA")
        if args.png:
            print(f"saved {write_png(frame, args.png)}")
    else:
        print(f"written to the LEDs (brightness {leds.brightness:.2f})")


def _scene(game: str) -> tuple[int, int, Frame]:
    from wordboard import registry

    family, edition = registry.resolve(game)
    return family.empty_scene(edition)


def run_show(args: argparse.Namespace) -> int:
    from wordboard.leds import open_board_leds
    from wordboard.leds import overlays as ov

    rows, cols, base = _scene(args.game)
    layers: list[ov.Overlay] = []
    if args.last_move:
        layers.append(ov.last_move(_squares(args.last_move)))
    if args.hint:
        layers.append(ov.hint(_squares(args.hint)))
    if args.invalid:
        layers.append(ov.pending_invalid(_squares(args.invalid), _squares(args.invalid)))
    if args.winner:
        layers.append(ov.winner())
    config = _config(args, rows, cols)
    leds = open_board_leds(config, driver=args.driver)
    leds.show(ov.compose(base, layers, args.at))
    _output(args, leds, config)
    return 0


def run_test(args: argparse.Namespace) -> int:
    import re

    from wordboard.errors import UserError
    from wordboard.leds import Frame, open_board_leds

    m = re.fullmatch(r"(\d+)x(\d+)", args.size)
    if not m:
        raise UserError("--size is ROWSxCOLUMNS, like 15x15")
    if args.config:
        from wordboard.leds import load_led_config

        config = load_led_config(args.config)
    else:
        config = _config(args, int(m.group(1)), int(m.group(2)))
    leds = open_board_leds(config, driver=args.driver)
    # A gradient along the chain: LED 0 red through green to blue at the end; the first LED of
    # every panel white. On the board, the colours must run the way the wiring map says.
    wiring = config.wiring
    firsts: set[int] = set()
    n = 0
    for panel in wiring.panels:
        n += panel.skip
        firsts.add(n)
        n += panel.size

    def colour(square: Square) -> Colour:
        i = wiring.index(square)
        if i in firsts:
            return (255, 255, 255)
        x = i / max(1, wiring.length - 1)
        return (int(255 * max(0.0, 1 - 2 * x)), int(255 * (1 - abs(2 * x - 1))), int(255 * max(0.0, 2 * x - 1)))

    leds.show(Frame.from_function(wiring.rows, wiring.cols, colour))
    _output(args, leds, config)
    return 0
