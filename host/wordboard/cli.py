"""The ``wordboard`` command line."""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import NoReturn

from wordboard import __version__
from wordboard.commands import COMMAND_MODULES
from wordboard.errors import UserError


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:  # noqa: D401 - argparse API
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="wordboard",
        description="wordboard: rules, dictionary, scoring and hardware for a smart word-game board.",
    )
    parser.add_argument("--version", action="version", version=f"wordboard {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMAND_MODULES:
        importlib.import_module(f"wordboard.commands.{name}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    from wordboard.paths import share_with_service, unreadable_service_folders

    if not share_with_service():
        warning = unreadable_service_folders()
        if warning:
            print(f"wordboard: {warning}", file=sys.stderr)
    try:
        return int(args.handler(args) or 0)
    except UserError as exc:
        print(f"wordboard: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("wordboard: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
