"""The camera at the table's edge: how the reader reads boards seen from 90, 60 and 35 degrees
above the table (prints figures; asserts nothing).

    .venv/bin/python bench/camera_angle_bench.py [--boards N] [--elevations 90 60 35]

Boards rendered by the virtual camera's 3D view (``SceneStyle.view``): tiles as boxes 0.24 of a
square thick, a webcam's lens distortion, every other board a folding board whose halves rise
2.5 degrees to the hinge; the boards vary by seed, tile font, tile wood and the side the camera
looks from (azimuth 0, 20, -25 and 180 degrees: the board the right way up, a little turned, the
other way up). Each board is read by ``BoardReader.read`` twice: finding the grid itself (corner
markers), and with the grid's true corners given. Per elevation: boards where the grid was not
found, tiles read wrong (a letter, a blank or empty), empty squares read as tiles, and the CPU
time of a read. Then the CPU time of rendering one 1280x960 frame: the flat drawing (the default)
against the 3D view.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # before numpy is imported

import argparse  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from camera_bench import random_state  # noqa: E402  (this folder: the rendered boards' states)

from wordboard.camera.fonts import available_fonts  # noqa: E402
from wordboard.camera.letters import TILES, load_classifier  # noqa: E402
from wordboard.camera.locate import BoardNotFound  # noqa: E402
from wordboard.camera.pinhole import WEBCAM_LENS, CameraView  # noqa: E402
from wordboard.camera.reader import BoardReader  # noqa: E402
from wordboard.camera.virtual import TILE_WOODS, SceneStyle, render_scene  # noqa: E402

cv2.setNumThreads(1)
AZIMUTHS = (0.0, 20.0, -25.0, 180.0)


def board_style(elevation: float, i: int) -> SceneStyle:
    """The ``i``-th board's look: font, wood, the side seen from, folding or not."""
    fonts = [f.name for f in available_fonts()]
    woods = list(TILE_WOODS)
    view = CameraView(elevation_deg=elevation, azimuth_deg=AZIMUTHS[i % len(AZIMUTHS)], **WEBCAM_LENS)
    return SceneStyle(view=view, fonts=(fonts[i % len(fonts)],), tile_wood=woods[(i // 2) % len(woods)],
                      fold=i % 2 == 1)


def ms(values) -> str:
    if not values:
        return "-"
    return f"median {1000 * statistics.median(values):.0f} ms, p95 {1000 * float(np.percentile(values, 95)):.0f} ms"


def read_boards(elevation: float, boards: int, classifier, seed0: int) -> None:
    for given in (False, True):
        found = tiles = wrong = empty = false_tiles = 0
        cpu: list[float] = []
        confusions: dict[str, int] = {}
        for i in range(boards):
            state = random_state(seed=seed0 + i)
            scene = render_scene(state, board_style(elevation, i), seed=seed0 + i)
            reader = BoardReader(15, 15, scene.corners if given else None, classifier=classifier, use_tesseract=False)
            tiles += len(state.occupied())
            empty += state.rows * state.cols - len(state.occupied())
            c0 = time.process_time()
            try:
                reading = reader.read(scene.image)
            except BoardNotFound:
                wrong += len(state.occupied())
                continue
            cpu.append(time.process_time() - c0)
            found += 1
            got = reading.state
            for r in range(state.rows):
                for c in range(state.cols):
                    truth, read = state.at(r, c), got.at(r, c)
                    if truth != "." and read != truth:
                        wrong += 1
                        key = f"{truth}->{read}"
                        confusions[key] = confusions.get(key, 0) + 1
                    elif truth == "." and read != ".":
                        false_tiles += 1
        top = ", ".join(f"{k} {v}" for k, v in sorted(confusions.items(), key=lambda kv: -kv[1])[:6])
        how = "grid given  " if given else "grid found  "
        print(f"  {elevation:4.0f} deg, {how}: boards found {found}/{boards}; tiles wrong {wrong}/{tiles} "
              f"({100 * wrong / max(tiles, 1):.1f}%); empty read as tile {false_tiles}/{empty} "
              f"({100 * false_tiles / max(empty, 1):.2f}%); read CPU {ms(cpu)}" + (f"; most: {top}" if top else ""),
              flush=True)


def render_times(boards: int) -> None:
    print("render CPU per 1280x960 frame (70 tiles):")
    styles = [("flat (default)", SceneStyle())]
    styles += [(f"3D {e} deg, webcam lens", SceneStyle(view=CameraView(elevation_deg=e, **WEBCAM_LENS)))
               for e in (90, 60, 35)]
    styles.append(("3D 35 deg, no distortion", SceneStyle(view=CameraView(elevation_deg=35))))
    render_scene(random_state(seed=1), SceneStyle(), seed=1)   # warm-up: fonts loaded
    for label, style in styles:
        cpu = []
        for i in range(boards):
            state = random_state(seed=2000 + i)
            c0 = time.process_time()
            render_scene(state, style, seed=2000 + i)
            cpu.append(time.process_time() - c0)
        print(f"  {label:28s} {ms(cpu)}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", type=int, default=8, help="boards per elevation (default 8)")
    parser.add_argument("--elevations", type=float, nargs="+", default=[90.0, 60.0, 35.0])
    parser.add_argument("--seed", type=int, default=3000)
    args = parser.parse_args()
    classifier = load_classifier(TILES)
    print(f"reading boards seen from the table's edge ({args.boards} boards per elevation, 70 tiles each):")
    for elevation in args.elevations:
        read_boards(elevation, args.boards, classifier, args.seed)
    render_times(max(args.boards, 5))


if __name__ == "__main__":
    main()
