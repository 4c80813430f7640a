"""One module per ``wordboard`` subcommand.

Each module defines ``register(subparsers)``, which adds its parser and sets ``handler`` to a
function taking the parsed arguments and returning an exit status. Modules import their heavy
dependencies inside the handler so ``wordboard --help`` stays fast.
"""

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
    "tiles",
    "sensor",
    "scan",
    "photos",
    "calibrate",
    "leds",
    "screen",
    "night",
]
