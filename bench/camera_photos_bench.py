"""The camera as the only sensor, on real photos (prints figures; asserts nothing).

    .venv/bin/python bench/camera_photos_bench.py [--boards N] [--no-variants]

1. Real photos (../shared/data/photos, skipped if absent), the board found by itself in each
   (no markers, no corners given, which way up found from the letters), as ``wordboard scan``
   reads them: the share of photos located, tiles read right (a blank read as a blank counts as
   right) and empty squares read as tiles; and, as the camera alone takes its readings (see
   wordboard.camera.state.SURE), the tiles read wrong yet surely enough to count without
   asking the players, and the tiles read right but too unsurely to count. Then what the word
   list (wordgame) makes of them, as ``wordboard photos`` does: of the tiles read unsurely, how
   many it settles (the letter read is the only one that keeps every word through the square a
   word, on the labelled board), and of the tiles read wrong yet surely, how many make a word
   through them no word (the move is refused, not invented). The labels are the
   ssetser1 photos' own boxes with the tiles they leave out
   (tests/camera/data/missing_labels.txt: blanks, one letter) and the hand labels of the
   jheidel photos (tests/camera/data/held_out_labels.txt: HELD OUT, never tuned on, shown
   apart). The ssetser1 photo that shows only part of a board must be refused.
2. The same photos framed otherwise (see wordboard.camera.photo_labels.reframe): cut tight on
   the grid (no margin at all), turned by angles that are not quarter turns, turned and cut
   tight, and seen at an angle (the far side a quarter narrower) and cut tight. The grid's
   corners come from the photo's own reading (fitted to its lines), the labels are moved
   with the picture.
3. Learning the owner's tile set (wordboard photos --learn): each ssetser1 photo read again by a
   reader that learnt the labelled letter tiles of the other four photos of the same set (the
   shapes it read them from, with their labels: what a scored game confirms), against the
   reader trained on drawn letters only.
4. A turn's read at the camera's still resolution (3280 x 2464, a Pi camera module 2's still;
   rendered boards through the virtual camera, no markers, 40-110 tiles on the 15 x 15 grid):
   p50 and p95 of the read with the grid kept from the turn before (as camera-only play does)
   and of a read that finds the grid too. CPU seconds of this process (time.process_time),
   OpenCV and BLAS held to one thread, and wall-clock seconds.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # before numpy is imported

import argparse  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from pathlib import Path  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from wordboard.camera.geometry import GridCorners, GridWarp, fit_grid_to_lines  # noqa: E402
from wordboard.camera.letters import TILES, load_classifier  # noqa: E402
from wordboard.camera.locate import BoardNotFound, locate_board  # noqa: E402
from wordboard.camera.photo_labels import TileBox, find_labelled_photos, read_hand_labels, reframe  # noqa: E402
from wordboard.camera.reader import BoardReader  # noqa: E402
from wordboard.camera.state import LETTERS, SURE, BoardState  # noqa: E402
from wordboard.camera.virtual import SceneStyle, render_scene  # noqa: E402

cv2.setNumThreads(1)
REPO = Path(__file__).resolve().parents[1]
PHOTOS = REPO.parent / "shared" / "data" / "photos"
LABELLED = PHOTOS / "ssetser1_ScrabbleDetectorProject" / "ImageData" / "RealPictures"
JHEIDEL = PHOTOS / "UNLABELED_jheidel_scrabble-opencv" / "scrabble_images"
DATA = REPO / "tests" / "camera" / "data"
#: How each photo is framed again (section 2).
REFRAMINGS = ("tight", "turned33", "tight-turned-20", "tight-turned125", "angled")


@dataclass
class Photo:
    name: str
    image: np.ndarray
    tiles: tuple[TileBox, ...]
    held_out: bool
    whole: bool = True  # the whole grid is in the picture


def real_photos() -> list[Photo]:
    """Every labelled real photo, with the tiles its labels leave out."""
    photos: list[Photo] = []
    if LABELLED.is_dir():
        extra = {p.name: p.tiles for p in read_hand_labels(DATA / "missing_labels.txt")}
        for p in find_labelled_photos(LABELLED):
            photos.append(Photo(p.image_path.name, cv2.imread(str(p.image_path)), p.tiles + extra.get(p.image_path.name, ()),
                                False, not p.image_path.name.startswith("TestEval")))
    if JHEIDEL.is_dir():
        for h in read_hand_labels(DATA / "held_out_labels.txt"):
            photos.append(Photo(h.name, cv2.imread(str(JHEIDEL / h.name)), h.tiles, True))
    return photos


@dataclass
class Tally:
    photos: int = 0
    located: int = 0
    tiles: int = 0
    right: int = 0
    empty: int = 0
    phantom: int = 0
    refused_tiles: int = 0
    sure_wrong: int = 0  # tiles read wrong as surely as a reading that counts without asking
    asked: int = 0  # tiles read right, but too unsurely to count without asking
    unsure: int = 0  # tiles read unsurely (right or wrong)
    settled: int = 0  # of them, the letter read is the only one the word list allows there
    settled_wrong: int = 0  # of those, read wrong (the word list took a wrong letter)
    refused: int = 0  # tiles read wrong yet surely whose words the word list refuses

    def add(self, other: Tally) -> None:
        for key in vars(self):
            setattr(self, key, getattr(self, key) + getattr(other, key))

    def line(self) -> str:
        return (f"located {self.located}/{self.photos}; tiles read right {self.right}/{self.tiles} = "
                f"{100 * self.right / max(self.tiles, 1):.2f}% (of them {self.refused_tiles} on refused photos); "
                f"empty squares read as tiles {self.phantom}/{self.empty} = {100 * self.phantom / max(self.empty, 1):.2f}%; "
                f"read wrong yet sure (counted without asking) {self.sure_wrong}, read right but asked {self.asked}; "
                f"word list: unsure tiles settled {self.settled}/{self.unsure} ({self.settled_wrong} wrongly), "
                f"sure misreads refused {self.refused}/{self.sure_wrong}")


def words_through(board: dict[tuple[int, int], str], square: tuple[int, int]) -> list[str]:
    """The words (runs of 2 or more tiles) across and down through ``square``."""
    out = []
    for dr, dc in ((0, 1), (1, 0)):
        r, c = square
        while (r - dr, c - dc) in board:
            r, c = r - dr, c - dc
        word = ""
        while (r, c) in board:
            word += board[(r, c)]
            r, c = r + dr, c + dc
        if len(word) > 1:
            out.append(word)
    return out


def letters_allowed(board: dict[tuple[int, int], str], square: tuple[int, int], words) -> set[str]:
    """The letters on ``square`` that keep every word through it a word (words with another
    blank in them are not checked)."""
    allowed = set()
    for letter in LETTERS:
        through = words_through({**board, square: letter}, square)
        if all(w in words for w in through if "?" not in w):
            allowed.add(letter)
    return allowed


def read_photo(image: np.ndarray, tiles, classifier, words=None) -> tuple[Tally, object, str]:
    """Find the board and read it as ``wordboard scan`` does; the tally against ``tiles``."""
    tally = Tally(photos=1, tiles=len(tiles))
    try:
        location = locate_board(image, 15, 15)
        reading = BoardReader(15, 15, location.corners, classifier=classifier, use_tesseract=False,
                              orientation="detect").read(image)
    except BoardNotFound as exc:
        tally.refused_tiles = len(tiles)
        return tally, None, str(exc).split(":")[0]
    tally.located = 1
    warp = reading.warp
    labelled: dict[tuple[int, int], str] = {}
    for t in tiles:
        square = warp.square_of_image_point(t.cx, t.cy)
        if square is not None:
            labelled[square] = t.letter
    tally.right = sum(reading.state.at(*sq) == letter for sq, letter in labelled.items())
    sure = {sq: reading.squares[sq[0]][sq[1]].confidence >= SURE for sq in labelled}
    tally.sure_wrong = sum(sure[sq] and reading.state.at(*sq) != letter for sq, letter in labelled.items())
    tally.asked = sum(not sure[sq] and reading.state.at(*sq) == letter for sq, letter in labelled.items())
    tally.empty = 225 - len(labelled)
    if words is not None:
        for sq, letter in labelled.items():
            read = reading.state.at(*sq)
            if read in (".", "?") or letter == "?" or not words_through(labelled, sq):
                continue
            if not sure[sq]:
                tally.unsure += 1
                if letters_allowed(labelled, sq, words) == {read}:
                    tally.settled += 1
                    tally.settled_wrong += read != letter
            elif read != letter:
                through = words_through({**labelled, sq: read}, sq)
                tally.refused += any(w not in words for w in through if "?" not in w)
    wrong = [f"{letter}->{reading.state.at(*sq)}" + ("" if sure[sq] else "(asked)") for sq, letter in labelled.items() if reading.state.at(*sq) != letter]
    phantoms = [f"{s}@{r},{c}" for r, c, s in reading.state.occupied() if (r, c) not in labelled]
    tally.phantom = len(phantoms)
    detail = (f"{len(labelled) - len(wrong)}/{len(tiles)} right, {len(phantoms)} phantom"
              + (f" ({' '.join(phantoms)})" if phantoms else "") + (f"; wrong: {' '.join(wrong)}" if wrong else ""))
    return tally, reading, detail


def photos_section(classifier, variants: bool) -> None:
    from wordboard.dictionary import load_dictionary

    photos = real_photos()
    if not photos:
        print("real photos: skipped (shared data not present)")
        return
    words = load_dictionary("wordgame")
    totals = {False: Tally(), True: Tally()}
    framed = {False: Tally(), True: Tally()}
    by_how: dict[str, Tally] = {}
    part_refused = []
    print("real photos, the board found by itself:")
    for photo in photos:
        tally, reading, detail = read_photo(photo.image, photo.tiles, classifier, words)
        tag = "HELD OUT " if photo.held_out else ""
        print(f"  {tag}{photo.name[:24]:24s} {detail}")
        if not photo.whole:
            part_refused.append(reading is None)
            continue
        totals[photo.held_out].add(tally)
        if not variants or reading is None:
            continue
        # The grid's corners for framing the photo again: fitted to its lines (the corners the
        # reader used may be a little off where the board is bent; the bent fit reads through it).
        fitted = fit_grid_to_lines(photo.image, GridWarp(reading.corners, 15, 15), rounds=2)
        corners = (fitted[0] if fitted is not None else reading.corners).as_array()
        for how in REFRAMINGS:
            moved = reframe(photo.image, photo.tiles, corners, how)
            t, _r, d = read_photo(moved.image, moved.tiles, classifier, words)
            framed[photo.held_out].add(t)
            by_how.setdefault(how, Tally()).add(t)
            print(f"      {how:16s} {moved.image.shape[1]}x{moved.image.shape[0]}: {d}")
    for held_out in (False, True):
        label = "HELD OUT (jheidel)" if held_out else "ssetser1 (looked at while developing)"
        print(f"real photos, {label}: {totals[held_out].line()}")
    if part_refused:
        print(f"photos showing only part of the board refused: {sum(part_refused)}/{len(part_refused)}")
    if variants:
        for held_out in (False, True):
            label = "HELD OUT (jheidel)" if held_out else "ssetser1"
            print(f"reframed photos, {label}: {framed[held_out].line()}")
        for how, t in by_how.items():
            print(f"  {how:16s} {t.line()}")
    everything = Tally()
    for t in (*totals.values(), *framed.values()):
        everything.add(t)
    print(f"ALL real photos with the whole grid in view (as taken and reframed): {everything.line()}")


def learning_section(classifier) -> None:
    from wordboard.camera.letters import LetterClassifier
    from wordboard.camera.tile_samples import add_samples, load_samples, sample_features

    photos = [p for p in real_photos() if p.whole and not p.held_out]
    if len(photos) < 2:
        print("learning the tile set: skipped (shared data not present)")
        return
    shapes: dict[str, list[tuple[object, str]]] = {}
    for photo in photos:
        reader = BoardReader(15, 15, locate_board(photo.image, 15, 15).corners, classifier=classifier,
                             use_tesseract=False, orientation="detect")
        reading = reader.read(photo.image)
        labelled = {sq: t.letter for t in photo.tiles if (sq := reading.warp.square_of_image_point(t.cx, t.cy))}
        shapes[photo.name] = [(g, labelled[k]) for k, g in reader.glyphs_read.items() if labelled.get(k, "?") in LETTERS]
    before, after = Tally(), Tally()
    for photo in photos:
        others = [s for name, kept in shapes.items() if name != photo.name for s in kept]
        with tempfile.TemporaryDirectory() as folder:   # kept as `wordboard photos --learn` keeps them
            path = Path(folder) / "tiles.npz"
            kept_in_all, _new = add_samples([g for g, _ in others], [letter for _, letter in others], path)
            features, learnt = sample_features(*load_samples(path))
        owners = LetterClassifier(np.concatenate([classifier._features, features]),
                                  np.concatenate([classifier._labels, learnt]), classifier.kind)
        b, _r, _d = read_photo(photo.image, photo.tiles, classifier)
        a, _r, detail = read_photo(photo.image, photo.tiles, owners)
        before.add(b)
        after.add(a)
        print(f"  {photo.name[:24]:24s} learnt {kept_in_all} of {len(others)} tiles: {detail}")
    for label, t in (("drawn letters only", before), ("with the set's other photos learnt", after)):
        print(f"learning the tile set, ssetser1, {label}: tiles read right {t.right}/{t.tiles} = "
              f"{100 * t.right / max(t.tiles, 1):.2f}%; empty read as tiles {t.phantom}/{t.empty}; "
              f"read wrong yet sure {t.sure_wrong}; read right but asked {t.asked}")


def random_state(tiles: int, seed: int) -> BoardState:
    rng = np.random.default_rng(seed)
    state = BoardState.empty(15, 15)
    for i, k in enumerate(rng.choice(225, tiles, replace=False)):
        state = state.with_square(int(k // 15), int(k % 15), "?" if i < 2 else LETTERS[int(rng.integers(26))])
    return state


def pct(values: list[float], q: float) -> str:
    return f"{1000 * float(np.percentile(values, q)):.0f}"


def turn_read(classifier, boards: int) -> None:
    style = SceneStyle(image_size=(3280, 2464), markers=False, premium_labels="turned", centre_star=True)
    kept_cpu, kept_wall, found_cpu, found_wall = [], [], [], []
    ok = total = phantom = 0
    for i in range(boards):
        state = random_state(40 + (70 * i) // max(boards - 1, 1), seed=900 + i)
        scene = render_scene(state, style, seed=900 + i)
        location = locate_board(scene.image, 15, 15)
        corners: GridCorners = location.corners
        for timed_cpu, timed_wall, given in ((kept_cpu, kept_wall, corners), (found_cpu, found_wall, None)):
            reader = BoardReader(15, 15, given, classifier=classifier, use_tesseract=False, orientation=0)
            w0, c0 = time.perf_counter(), time.process_time()
            reading = reader.read(scene.image)
            timed_cpu.append(time.process_time() - c0)
            timed_wall.append(time.perf_counter() - w0)
        got = reading.state
        ok += sum(got.at(r, c) == s for r, c, s in state.occupied())
        total += len(state.occupied())
        phantom += sum(1 for r in range(15) for c in range(15) if state.at(r, c) == "." and got.at(r, c) != ".")
    print(f"a turn's read, full 15x15 board at 3280x2464 ({boards} rendered boards, 40-110 tiles, no markers): "
          f"grid kept: CPU p50 {pct(kept_cpu, 50)} ms, p95 {pct(kept_cpu, 95)} ms (wall p50 {pct(kept_wall, 50)}, "
          f"p95 {pct(kept_wall, 95)} ms); grid found again: CPU p50 {pct(found_cpu, 50)} ms, p95 {pct(found_cpu, 95)} ms "
          f"(wall p50 {pct(found_wall, 50)}, p95 {pct(found_wall, 95)} ms); tiles right {ok}/{total}, "
          f"empty read as tile {phantom}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boards", type=int, default=12, help="rendered boards for the turn's read time")
    parser.add_argument("--no-variants", action="store_true", help="the photos as taken only")
    args = parser.parse_args()
    classifier = load_classifier(TILES, own_samples=False)  # the reader as shipped, not this computer's
    warm = render_scene(random_state(60, 1), SceneStyle(markers=False), seed=1)  # OpenCV's first-use tables
    BoardReader(15, 15, classifier=classifier, use_tesseract=False).read(warm.image)
    photos_section(classifier, not args.no_variants)
    learning_section(classifier)
    turn_read(classifier, args.boards)


if __name__ == "__main__":
    main()
