"""LED benchmark: compute a scene and write a frame for 225 LEDs through the simulated strip.

    .venv/bin/python bench/leds_bench.py [--frames N]

Times, per frame, (1) building the scene (Lexulous premiums + last move + a breathing pending
play), (2) writing it through BoardLeds -> adafruit_pixelbuf (wiring map, gamma, power budget,
byte order, brightness) and (3) the same write when the power budget changes the brightness
(pixelbuf then rescales its whole buffer), and (4) a HEXX flip animation frame. The frame-rate
cap is disabled (fps very high) so every frame is written.
"""

from __future__ import annotations

import argparse
import statistics
import time
from types import SimpleNamespace

from wordboard.editions import load_edition
from wordboard.leds import BoardLeds, Frame, PowerBudget, SimulatedPixels, default_config, scenes
from wordboard.leds import overlays as ov


def timed(fn, n):
    times = []
    for i in range(n):
        start = time.perf_counter()
        fn(i)
        times.append(time.perf_counter() - start)
    return times


def report(name, times):
    ms = [t * 1000 for t in times]
    print(f"{name:44} median {statistics.median(ms):7.3f} ms   p95 "
          f"{sorted(ms)[int(len(ms) * 0.95) - 1]:7.3f} ms   max {max(ms):7.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    args = parser.parse_args()
    n = args.frames

    config = default_config(15, 15)
    layout = load_edition("lexulous").board
    occupied = {(7, c) for c in range(5, 10)}
    base = scenes.crossword_scene(layout, occupied)
    pixels = SimulatedPixels(225, pixel_order="GRB")
    leds = BoardLeds(pixels, config.wiring, power=PowerBudget(4000), brightness=0.6, fps=1e9)

    def scene(i):
        return ov.compose(base, [ov.last_move(occupied), ov.pending_valid([(8, 7), (9, 7)], 24)], i / 30)

    report("scene (crossword + 2 overlays)", timed(scene, n))
    frames = [scene(i) for i in range(n)]
    report("write 225 LEDs (steady brightness)", timed(lambda i: leds.show(frames[i]), n))
    bright = [Frame.filled(15, 15, (255, 255, 255) if i % 2 else (40, 40, 40)) for i in range(n)]
    report("write 225 LEDs (budget rescales brightness)", timed(lambda i: leds.show(bright[i]), n))
    view = SimpleNamespace(rows=15, cols=15, squares={(r, c) for r in range(15) for c in range(15)},
                           owners={(7, c): "red" for c in range(15)}, placed=((7, 0),),
                           flipped=tuple((7, c) for c in range(1, 15)))
    report("scene (HEXX, 14 flips animating)", timed(lambda i: scenes.hexx_scene(view, i / 60), n))
    both = timed(lambda i: leds.show(scene(i + 1000)), n)
    report("scene + write, end to end", both)
    print(f"=> {1 / statistics.median(both):.0f} frames/s possible on this machine; "
          f"the strip is capped at {config.strip.fps:.0f} fps "
          f"(a WS2812 frame of 225 LEDs takes {225 * 24 * 1.25e-3 + 0.05:.1f} ms on the wire)")


if __name__ == "__main__":
    main()
