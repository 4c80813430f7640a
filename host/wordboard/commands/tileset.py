"""``wordboard tileset``: what the camera has learnt of the owner's own tiles (list, forget).
The tiles are learnt from games scored with ``wordboard photos --learn`` and from the games a
board with the camera alone plays to the end (:mod:`wordboard.controller.tile_learning`)."""

from __future__ import annotations

import argparse

from wordboard.commands import Subparsers


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "tileset", help="the letters of your own tiles the camera has learnt (list, forget)",
        description="The camera reads tiles with a reader trained on letters drawn in many fonts. It learns "
                    "your own tile set from the games you score with 'wordboard photos --learn' (each "
                    "scored turn's tiles, with the letters the game took, corrections included) and from "
                    "the games a board with the camera alone plays to the end ('wordboard run "
                    "--no-learn-tiles' stops that); the "
                    "learnt tiles are kept in the data folder and used by every reader from then on "
                    "(restart 'wordboard run').")
    sub = parser.add_subparsers(dest="tileset_command", metavar="ACTION", required=True)
    p = sub.add_parser("list", help="how many tiles of each letter are learnt",
                       description="How many tiles of each letter the reader learns from, and where.")
    p.set_defaults(handler=_list)
    p = sub.add_parser("forget", help="forget every learnt tile (back to the drawn letters only)",
                       description="Remove the learnt tiles: the reader goes back to the drawn letters "
                                   "(for another tile set, or after learning from a misread game).")
    p.set_defaults(handler=_forget)


def _list(args: argparse.Namespace) -> int:
    from wordboard.camera.samples_file import letter_counts
    from wordboard.camera.tile_samples import load_samples, samples_path

    _images, _aspects, labels = load_samples()
    if not len(labels):
        print(f"no tiles learnt ({samples_path()}): the reader knows only the drawn letters; "
              "score a game with 'wordboard photos --learn' to teach it yours")
        return 0
    print(f"{len(labels)} tiles learnt, in {samples_path()}")
    print(letter_counts(labels))
    return 0


def _forget(args: argparse.Namespace) -> int:
    from wordboard.camera.letters import TILES, forget_owners_classifiers
    from wordboard.camera.tile_samples import forget_samples, samples_path

    forget_owners_classifiers(TILES)
    if forget_samples():
        print(f"forgot the learnt tiles ({samples_path()} removed)")
    else:
        print("no tiles were learnt")
    return 0
