"""``wordboard scan IMAGE``: read a photograph of the board and print the grid."""

from __future__ import annotations

import argparse
import json

from wordboard.commands import Subparsers


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "scan",
        help="read a photograph of the board",
        description=(
            "Read a photograph of the board and print the grid as rows of characters: '.' empty, "
            "A-Z a letter, '?' a blank tile. The grid is found from the corner markers, else from "
            "--corners, else from the saved calibration if it matches the picture's size, else "
            "from the board's outline and grid lines. Without markers, corners or a calibration, "
            "which way up the board lies is found from the letters (reported in --json as "
            "'orientation', degrees clockwise)."
        ),
    )
    parser.add_argument("image", metavar="IMAGE", help="photograph of the board (JPEG, PNG, ...)")
    parser.add_argument("--edition", default="scrabble", metavar="NAME",
                        help="edition name or edition file giving the board size (default: scrabble)")
    parser.add_argument("--corners", metavar='"x,y x,y x,y x,y"',
                        help="outer corners of the playing grid in pixels, clockwise from top-left")
    parser.add_argument("--json", action="store_true", help="print JSON with per-square confidence")
    parser.add_argument("--handwritten", action="store_true",
                        help="letters are written by hand on the squares (eXtraDICTION), not tiles")
    parser.add_argument("--no-tesseract", action="store_true",
                        help="do not ask Tesseract about letters the fast classifier is unsure of")
    parser.add_argument("--annotate", metavar="PNG", help="also write the picture with the grid and letters drawn on it")
    parser.set_defaults(handler=run)


def board_size(edition_name: str) -> tuple[str, int, int]:
    """(edition name, rows, cols) of the edition the user named."""
    name, rows, cols, _squares = board_layout(edition_name)
    return name, rows, cols


def board_layout(edition_name: str) -> tuple[str, int, int, tuple[str, ...]]:
    """(edition name, rows, cols, squares: one string per row, '.' plain) of the named edition."""
    from wordboard.commands.common import open_edition

    edition = open_edition(edition_name)
    return edition.name, edition.board.rows, edition.board.cols, tuple(edition.board.squares)


def run(args: argparse.Namespace) -> int:
    from wordboard.camera.calibration import annotate
    from wordboard.camera.geometry import GridWarp
    from wordboard.camera.images import read_image, write_png
    from wordboard.camera.photo import read_photo

    edition, rows, cols, squares = board_layout(args.edition)
    image = read_image(args.image)
    photo = read_photo(image, rows, cols, squares, corners_text=args.corners, handwritten=args.handwritten,
                       use_tesseract=not args.no_tesseract)
    reading, method = photo.reading, photo.method
    if args.annotate:
        caption = f"{edition}: grid found by {method}"
        warp = reading.warp or GridWarp(reading.corners, rows, cols)  # bent line by line if the board is not flat
        write_png(args.annotate, annotate(image, warp, caption, list(reading.state.lines)))
    if args.json:
        data = {"image": args.image, "edition": edition, **reading.to_json(), "grid_found_by": method}
        print(json.dumps(data, indent=1))
    else:
        print(reading.state.text())
    return 0
