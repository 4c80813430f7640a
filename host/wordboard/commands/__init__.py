"""One module per ``wordboard`` subcommand.

Each module defines ``register(subparsers)``, which adds its parser and sets ``handler`` to a
function taking the parsed arguments and returning an exit status. Modules import their heavy
dependencies inside the handler so ``wordboard --help`` stays fast.
"""

from __future__ import annotations

import argparse
from typing import TypeAlias

#: What ``register(subparsers)`` is given: ``add_subparsers()`` of the parser above.
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

# The order here is the order ``wordboard --help`` lists them.
COMMAND_MODULES = [
    "run",
    "demo",
    "replay",
    "play",
    "hint",
    "analyse",
    "selfplay",
    "show",
    "games",
    "lexicon",
    "words",
    "tiles",
    "sensor",
    "scan",
    "photos",
    "tileset",
    "calibrate",
    "handwriting",
    "leds",
    "screen",
    "night",
]
