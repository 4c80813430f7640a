"""Camera benchmark: accuracy and speed of reading boards (prints figures; asserts nothing).

    .venv/bin/python bench/camera_bench.py [--boards N] [--tesseract]

1. Rendered boards (virtual camera, default untidy style, every font): per-tile accuracy, empty
   squares read as tiles, time per full 15x15 read (grid given; and grid found from markers).
2. A font the classifier never saw (trained without it).
3. Incremental: time for BoardReader.update() on the frame after one move.
4. Real photos (../shared/data/photos, skipped if absent): per split of the source (train was
   used while developing; valid and test were not), letters read correctly among labelled tiles.
5. Handwriting (synthetic, see wordboard.camera.handwriting): rendered eXtraDICTION boards, and
   single letters from a held-out generator.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import cv2
import numpy as np

from wordboard.camera.fonts import available_fonts
from wordboard.camera.geometry import GridWarp
from wordboard.camera.handwriting import draw_stroke_font_letter
from wordboard.camera.letters import HANDWRITTEN, TILES, load_classifier
from wordboard.camera.locate import find_grid_from_lines
from wordboard.camera.photo_labels import find_labelled_photos
from wordboard.camera.reader import BoardReader
from wordboard.camera.squares import find_glyph
from wordboard.camera.state import LETTERS, BoardState
from wordboard.camera.virtual import SceneStyle, VirtualCamera, render_scene

PHOTOS = Path(__file__).resolve().parents[2] / "shared" / "data" / "photos"


def random_state(rows=15, cols=15, tiles=70, blanks=2, seed=0) -> BoardState:
    rng = np.random.default_rng(seed)
    state = BoardState.empty(rows, cols)
    for i, k in enumerate(rng.choice(rows * cols, tiles, replace=False)):
        state = state.with_square(int(k // cols), int(k % cols), "?" if i < blanks else LETTERS[int(rng.integers(26))])
    return state


def score(truth: BoardState, read: BoardState) -> tuple[int, int, int]:
    ok = sum(read.at(r, c) == s for r, c, s in truth.occupied())
    false_tiles = sum(1 for r in range(truth.rows) for c in range(truth.cols) if truth.at(r, c) == "." and read.at(r, c) != ".")
    return ok, len(truth.occupied()), false_tiles


def ms(values) -> str:
    return f"median {1000 * statistics.median(values):.1f} ms, max {1000 * max(values):.1f} ms"


def rendered(boards: int, classifier, tesseract: bool, style: SceneStyle, label: str, seed0: int = 1000) -> None:
    ok = total = false_tiles = 0
    t_given, t_found, cpu_given, cpu_found = [], [], [], []
    confusions = {}
    for i in range(boards):
        state = random_state(seed=seed0 + i)
        scene = render_scene(state, style, seed=seed0 + i)
        reader = BoardReader(15, 15, scene.corners, classifier=classifier, use_tesseract=tesseract)
        t0, c0 = time.perf_counter(), time.process_time()
        got = reader.read(scene.image).state
        t_given.append(time.perf_counter() - t0)
        cpu_given.append(time.process_time() - c0)
        finder = BoardReader(15, 15, classifier=classifier, use_tesseract=tesseract)
        t0, c0 = time.perf_counter(), time.process_time()
        finder.read(scene.image)
        t_found.append(time.perf_counter() - t0)
        cpu_found.append(time.process_time() - c0)
        a, b, c = score(state, got)
        ok, total, false_tiles = ok + a, total + b, false_tiles + c
        for r, cc, s in state.occupied():
            if got.at(r, cc) != s:
                key = f"{s}->{got.at(r, cc)}"
                confusions[key] = confusions.get(key, 0) + 1
    top = ", ".join(f"{k} x{v}" for k, v in sorted(confusions.items(), key=lambda kv: -kv[1])[:8])
    print(f"{label}: {ok}/{total} tiles = {100 * ok / total:.2f}%, empty read as tile: {false_tiles}")
    print(f"  full read, grid given: {ms(t_given)}; grid found in the picture too: {ms(t_found)}")
    print(f"  the same in CPU time (this process; fairer on a busy machine): grid given {ms(cpu_given)}; "
          f"found {ms(cpu_found)}")
    print(f"  errors: {top or 'none'}")


def incremental(classifier, moves: int = 8) -> None:
    state = random_state(seed=77, tiles=50, blanks=0)
    camera = VirtualCamera(state, SceneStyle(), seed=77)
    reader = BoardReader(15, 15, classifier=classifier, use_tesseract=False)
    for _ in range(4):
        reader.update(camera.read())
    times, steady, cpu = [], [], []
    rng = np.random.default_rng(5)
    for _ in range(moves):
        empty = [(r, c) for r in range(15) for c in range(15) if camera.state.at(r, c) == "."]
        r, c = empty[int(rng.integers(len(empty)))]
        camera.state = camera.state.with_square(r, c, LETTERS[int(rng.integers(26))])
        frame = camera.read()
        t0, c0 = time.perf_counter(), time.process_time()
        reader.update(frame)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        for _ in range(3):
            frame = camera.read()
            t0 = time.perf_counter()
            reader.update(frame)
            steady.append(time.perf_counter() - t0)
    ok, total, _ = score(camera.state, reader.last_reading.state)
    print(f"incremental update after one move: {ms(times)}; unchanged frame: {ms(steady)}; "
          f"board after {moves} moves: {ok}/{total} tiles right; CPU time after one move: {ms(cpu)}")


def real_photos(classifier, tesseract: bool) -> None:
    root = PHOTOS / "ssetser1_ScrabbleDetectorProject" / "ImageData" / "RealPictures"
    if not root.is_dir():
        print("real photos: skipped (shared data not present)")
        return
    by_split: dict[str, list[int]] = {}
    for photo in find_labelled_photos(root):
        image = cv2.imread(str(photo.image_path))
        glyphs, letters = [], []
        for t in photo.tiles:  # letters alone, cut out by the labelled boxes
            side = max(t.width, t.height)
            x0, y0 = int(t.cx - side / 2), int(t.cy - side / 2)
            crop = image[max(0, y0) : y0 + int(side), max(0, x0) : x0 + int(side)]
            glyph = find_glyph(cv2.resize(crop, (40, 40), interpolation=cv2.INTER_AREA))
            if glyph is not None:
                glyphs.append(glyph)
                letters.append(t.letter)
        box_ok = sum(g.letter == l for g, l in zip(classifier.classify(glyphs), letters))
        t0 = time.perf_counter()
        location = find_grid_from_lines(image, 15, 15)
        line = f"  {photo.split:5s} {photo.image_path.name[:14]:14s} tiles {len(photo.tiles):3d}; in boxes {box_ok:3d} right"
        read_ok = 0
        if location is not None:
            reading = BoardReader(15, 15, location.corners, classifier=classifier, use_tesseract=tesseract).read(image)
            elapsed = time.perf_counter() - t0
            # Each labelled tile's square, through the mapping the reader used (bent line by
            # line when the board is not flat; check it by eye with 'wordboard scan --annotate').
            warp = reading.warp or GridWarp(location.corners, 15, 15)
            bent = "flat" if type(warp) is GridWarp else "bent"
            for t in photo.tiles:
                square = warp.square_of_image_point(t.cx, t.cy)
                read_ok += square is not None and reading.state.at(*square) == t.letter
            line += f"; whole board {read_ok:3d} right ({1000 * elapsed:.0f} ms incl. finding the grid; grid {bent})"
        else:
            line += "; grid not found"
        print(line)
        acc = by_split.setdefault(photo.split, [0, 0, 0])
        acc[0] += read_ok
        acc[1] += box_ok
        acc[2] += len(photo.tiles)
    for split, (read_ok, box_ok, total) in sorted(by_split.items()):
        print(f"real photos [{split}]: whole board {read_ok}/{total} = {100 * read_ok / total:.1f}%, "
              f"letters in labelled boxes {box_ok}/{total} = {100 * box_ok / total:.1f}%")


def handwriting(boards: int) -> None:
    classifier = load_classifier(HANDWRITTEN)
    ok = total = 0
    for i in range(boards):
        state = random_state(11, 11, tiles=40, blanks=0, seed=500 + i)
        scene = render_scene(state, SceneStyle(handwritten=True), seed=500 + i)
        got = BoardReader(11, 11, scene.corners, handwritten=True, classifier=classifier, use_tesseract=False).read(scene.image).state
        a, b, _ = score(state, got)
        ok, total = ok + a, total + b
    print(f"handwriting, rendered 11x11 boards (same generator as training, new writers): {ok}/{total} = {100 * ok / total:.1f}%")
    rng = np.random.default_rng(9)
    right = n = missed = 0
    for _ in range(10):
        for letter in LETTERS:
            mask = draw_stroke_font_letter(letter, int(rng.integers(18, 28)), rng)
            square = np.full((40, 40, 3), 245, np.uint8)
            h, w = mask.shape
            w = min(w, 36)
            y0, x0 = (40 - h) // 2, (40 - w) // 2
            alpha = mask[:, :w, None].astype(np.float32) / 255
            square[y0 : y0 + h, x0 : x0 + w] = (square[y0 : y0 + h, x0 : x0 + w] * (1 - alpha) + 30 * alpha).astype(np.uint8)
            glyph = find_glyph(square)
            n += 1
            if glyph is None:
                missed += 1
                continue
            right += classifier.classify([glyph])[0].letter == letter
    print(f"handwriting, held-out generator (distorted stroke-font capitals): {right}/{n} = {100 * right / n:.1f}% "
          f"({missed} not seen as letters)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boards", type=int, default=10)
    parser.add_argument("--tesseract", action="store_true", help="let Tesseract give second opinions")
    args = parser.parse_args()
    t0 = time.perf_counter()
    classifier = load_classifier(TILES)
    print(f"tile classifier ready in {time.perf_counter() - t0:.1f} s ({classifier.training_size} training glyphs)")
    rendered(args.boards, classifier, args.tesseract, SceneStyle(), "rendered boards, all fonts")
    rendered(max(2, args.boards // 2), classifier, args.tesseract, SceneStyle(mixed_fonts=True, hand=False, blur_sigma=1.3,
             noise_sigma=6.0, jpeg_quality=60), "rendered, harder (blur 1.3, noise 6, JPEG 60, mixed fonts)", 2000)
    fonts = [f.name for f in available_fonts()]
    held_out = "dejavu-sans" if "dejavu-sans" in fonts else fonts[0]
    unseen = load_classifier(TILES, tuple(f for f in fonts if f != held_out))
    rendered(max(2, args.boards // 2), unseen, args.tesseract, SceneStyle(fonts=(held_out,)),
             f"rendered, font '{held_out}' left out of training", 3000)
    incremental(classifier)
    real_photos(classifier, args.tesseract)
    handwriting(max(2, args.boards // 2))


if __name__ == "__main__":
    main()
