"""``wordboard screen``: the screen's PIN and where the page is.

``wordboard screen set-pin`` asks for a PIN (4-8 digits, twice) and keeps a salted hash of it in
the config folder; changing a game on the screen (undo, a score, ending a game, a new game)
needs it. ``clear-pin`` removes it (then nobody can change a game on the screen), ``status``
says whether one is set. The page itself is served by ``wordboard run --screen``.
"""

from __future__ import annotations

import argparse

from wordboard.commands import Subparsers


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "screen", help="the screen's PIN (changing a game on the screen needs it)",
        description="Set or clear the PIN the screen asks for before a game is changed (undo, a "
                    "score, ending a game, a new game). Watching and answering the board's questions "
                    "need no PIN. The page is served by 'wordboard run --screen'.")
    sub = parser.add_subparsers(dest="action", required=True)
    set_pin = sub.add_parser("set-pin", help="set the PIN (asked twice; 4-8 digits)")
    set_pin.add_argument("--stdin", action="store_true",
                         help="read the PIN from the first line of standard input (installers)")
    sub.add_parser("clear-pin", help="remove the PIN (nobody can change a game on the screen)")
    sub.add_parser("status", help="whether a PIN is set, and where it is kept")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    import getpass
    import sys

    from wordboard.errors import UserError
    from wordboard.screen import pin

    path = pin.pin_path()
    if args.action == "status":
        print(f"PIN: {'set' if pin.is_set(path) else 'not set'} ({path})")
        return 0
    if args.action == "clear-pin":
        print("PIN removed" if pin.clear_pin(path) else "no PIN was set")
        return 0
    if args.stdin:
        value = sys.stdin.readline().strip()
    else:
        value = getpass.getpass("new PIN (4-8 digits): ").strip()
        again = getpass.getpass("the same PIN again: ").strip()
        if value != again:
            raise UserError("the two PINs differ; nothing changed")
    if not pin.PIN_PATTERN.match(value):
        raise UserError("a PIN is 4 to 8 digits; nothing changed")
    pin.set_pin(value, path)
    print(f"PIN set ({path})")
    return 0
