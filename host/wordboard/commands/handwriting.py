"""``wordboard handwriting``: teach the handwriting reader an owner's own writing (learn, list,
forget)."""

from __future__ import annotations

import argparse

from wordboard.commands import Subparsers


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "handwriting", help="teach the camera your own handwriting (eXtraDICTION)",
        description="The camera reads written letters with a reader trained on drawn letters. Teach it "
                    "your own: write letters on the board, photograph it with the board's camera (or any "
                    "camera), and say what each square holds. The samples are kept in the data folder and "
                    "used by every reader from then on (restart 'wordboard run').")
    sub = parser.add_subparsers(dest="handwriting_command", metavar="ACTION", required=True)

    p = sub.add_parser("learn", help="learn the letters written on a photographed board",
                       description="Learn the letters written on the board in PHOTO: each LABEL names a "
                                   "square and its letter (E5=A: column E, row 5, written A). Squares "
                                   "with nothing found on them are skipped and said.")
    p.add_argument("photo", metavar="PHOTO", help="photograph of the board (JPEG, PNG, ...)")
    p.add_argument("labels", nargs="+", metavar="LABEL", help="a square and its letter, e.g. E5=A")
    p.add_argument("--edition", default="standin", metavar="NAME|FILE",
                   help="the eXtraDICTION edition giving the board's size (default: the stand-in, 11x11)")
    p.add_argument("--corners", metavar='"x,y x,y x,y x,y"',
                   help="outer corners of the playing grid in pixels, clockwise from top-left (default: "
                        "the corner markers, the saved calibration, else the board's outline)")
    p.set_defaults(handler=_learn)

    p = sub.add_parser("list", help="how many samples of each letter are kept",
                       description="How many samples of each letter the reader learns from, and where.")
    p.set_defaults(handler=_list)

    p = sub.add_parser("forget", help="forget every sample (back to the drawn letters only)",
                       description="Remove the kept samples: the reader goes back to the drawn letters.")
    p.set_defaults(handler=_forget)


def _learn(args: argparse.Namespace) -> int:
    from wordboard.camera.handwriting_samples import add_samples, parse_labels, samples_path
    from wordboard.camera.images import read_image
    from wordboard.camera.letters import HANDWRITTEN, load_classifier
    from wordboard.camera.photo import photo_reader
    from wordboard.camera.squares import find_glyph
    from wordboard.errors import UserError
    from wordboard.extradiction.edition import load_edition

    edition = load_edition(args.edition)
    rows, cols = edition.rows, edition.columns
    labels = parse_labels(args.labels, rows, cols)
    image = read_image(args.photo)
    reader, _corners, method = photo_reader(image, rows, cols, ("." * cols,) * rows, corners_text=args.corners,
                                            handwritten=True, use_tesseract=False)
    patches = reader.ink_squares(image, sorted(labels))
    kept, letters, glyphs = [], [], []
    for square in sorted(labels):
        glyph = find_glyph(patches[square], tall=True)
        name = f"{chr(65 + square[1])}{square[0] + 1}"
        if glyph is None:
            print(f"{name}: no letter found there (skipped)")
            continue
        kept.append(patches[square])
        letters.append(labels[square])
        glyphs.append(glyph)
    if not kept:
        raise UserError(f"{args.photo}: no letter found on any square named (the grid was found by {method}; "
                        "give --corners if it is wrong)")
    before = [g.letter for g in reader.classifier.classify(glyphs)]
    total = add_samples(kept, letters)
    after = [g.letter for g in load_classifier(HANDWRITTEN).classify(glyphs)]
    right_before = sum(b == w for b, w in zip(before, letters))
    right_after = sum(a == w for a, w in zip(after, letters))
    print(f"learnt {len(kept)} letters from {args.photo} (grid found by {method}); {total} kept in "
          f"{samples_path()}")
    print(f"read right before: {right_before} of {len(kept)}; after: {right_after} of {len(kept)}")
    wrong = [f"{w} read as {a}" for a, w in zip(after, letters) if a != w]
    if wrong:
        print("still misread: " + ", ".join(wrong) + " (a few more samples of these letters help)")
    return 0


def _list(args: argparse.Namespace) -> int:
    from wordboard.camera.handwriting_samples import load_samples, samples_path
    from wordboard.camera.samples_file import letter_counts

    _squares, labels = load_samples()
    if not len(labels):
        print(f"no handwriting samples kept ({samples_path()}): the reader knows only the drawn letters")
        return 0
    print(f"{len(labels)} samples in {samples_path()}")
    print(letter_counts(labels))
    return 0


def _forget(args: argparse.Namespace) -> int:
    from wordboard.camera.handwriting_samples import forget_samples, samples_path
    from wordboard.camera.letters import HANDWRITTEN, forget_owners_classifiers

    forget_owners_classifiers(HANDWRITTEN)
    if forget_samples():
        print(f"forgot the handwriting samples ({samples_path()} removed)")
    else:
        print("no handwriting samples were kept")
    return 0
