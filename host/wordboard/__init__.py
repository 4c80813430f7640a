"""wordboard: the software that turns a real tabletop word-game board into a smart one.

The rules of each game are pure Python (no I/O, no clock); hardware and files sit at the edges.
"""

__version__ = "0.1.0"
