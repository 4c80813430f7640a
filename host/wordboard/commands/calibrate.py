"""``wordboard calibrate``: find the board in the camera's picture and remember where it is."""

from __future__ import annotations

import argparse
import contextlib

from wordboard.commands import Subparsers

#: The corner-marker sheet's print resolution (A4 at 300 dpi: 2480 x 3507 pixels).
MARKER_SHEET_DPI = 300


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "calibrate",
        help="find the board in the camera picture and save where it is",
        description=(
            "Find the playing grid in a picture from the camera (or a photograph), save its corners "
            "as camera.json in the configuration directory ($WORDBOARD_CONFIG_DIR, else "
            "$XDG_CONFIG_HOME/wordboard, else ~/.config/wordboard) and write an annotated picture "
            "next to it so you can check the grid lies on the board. With --print-markers, write "
            "the printable sheet of corner markers instead."
        ),
    )
    parser.add_argument("--camera", default="picamera", metavar="SOURCE",
                        help="'picamera', a webcam number such as 0, /dev/videoN, a video or a picture file "
                             "(default: picamera)")
    parser.add_argument("--edition", default="scrabble", metavar="NAME",
                        help="edition name or edition file giving the board size (default: scrabble)")
    parser.add_argument("--corners", metavar='"x,y x,y x,y x,y"',
                        help="give the grid's outer corners by hand, clockwise from top-left")
    parser.add_argument("--print-markers", metavar="PNG",
                        help="write the printable A4 sheet of the four corner markers to PNG and stop")
    parser.add_argument("--marker-size", type=float, default=25.0, metavar="MM",
                        help="printed side of each marker in millimetres (default: 25)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from wordboard.camera.calibration import ANNOTATED_FILE, CameraCalibration, annotate, save_calibration
    from wordboard.camera.capture import open_source
    from wordboard.camera.geometry import GridWarp, parse_corners
    from wordboard.camera.images import write_png
    from wordboard.camera.locate import locate_board
    from wordboard.camera.markers import render_marker_sheet
    from wordboard.commands.scan import board_layout
    from wordboard.errors import UserError
    from wordboard.paths import config_dir

    if args.print_markers:
        try:
            sheet = render_marker_sheet(args.marker_size, dpi=MARKER_SHEET_DPI)
        except ValueError as exc:
            raise UserError(f"--marker-size: {exc}") from None
        path = write_png(args.print_markers, sheet, dpi=MARKER_SHEET_DPI)
        print(f"wrote {path}: print it at 100% scale on A4 ({MARKER_SHEET_DPI} dpi, recorded in the file)")
        return 0

    edition, rows, cols, squares = board_layout(args.edition)
    with contextlib.closing(open_source(args.camera)) as camera:
        image = camera.read()
    turns, source = 0, "corners"
    if args.corners:
        corners, method = parse_corners(args.corners), "given"
    else:
        location = locate_board(image, rows, cols, squares)
        corners, method = location.corners, location.method
        if method == "outline":  # which way up: from the letters (markers and --corners say it)
            from wordboard.camera.reader import BoardReader

            location, turns, source = BoardReader(rows, cols, use_tesseract=False).orient(image, location)
            corners = location.corners
    height, width = image.shape[:2]
    calibration = CameraCalibration(corners, rows, cols, (width, height), method, edition, 90 * turns, source)
    path = save_calibration(calibration)
    way_up = {"letters": f"turned {90 * turns} degrees, from the letters",
              "default": "not known (no letters): top-left is the corner nearest the picture's",
              "corners": "from the corners"}[source]
    picture = write_png(config_dir() / ANNOTATED_FILE,
                        annotate(image, GridWarp(corners, rows, cols),
                                 f"{edition}: grid found by {method}; corner 1 is top-left"))
    print(f"saved {path}")
    print(f"which way up: {way_up}")
    print(f"check {picture}: the green grid must lie on the board's lines")
    return 0
