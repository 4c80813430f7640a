"""A tiny edition for the end-of-game rules: a 7 x 7 board and a handful of tiles."""

import pytest

from wordboard.datafile import DataFile
from wordboard.editions import parse_edition

TINY = """\
name: Tiny
[board]
size: 7 x 7
squares:
T..d..T
.D...D.
..t.t..
d..*..d
..t.t..
.D...D.
T..d..T

first-move-tiles: 2
[tiles]
rack: 4
bingo: 4=10
scoreless-end: 3 rounds
scoreless-end-empty-bag: 1 round
going-out-bonus: {bonus}
others-lose-own-rack: {others_lose}
tie-break: {tie_break}
exchange-needs-bag: swapped
letters:
C 1 4
A 1 1
T 1 2
X 1 {x_points}
D 1 2
O 1 1
G 1 2
S 1 1
{extra}
"""


@pytest.fixture(scope="session")
def tiny():
    """``tiny(extra="E 1 1\\nI 1 1")``: 8 tiles (C A T X D O G S) plus ``extra`` lines; two
    4-tile racks leave the bag empty unless there are extra tiles."""

    def make(extra="E 1 1\nI 1 1", x_points=8, tie_break="score-before-adjustments", bonus="1x",
             others_lose="yes"):
        text = TINY.format(extra=extra, x_points=x_points, tie_break=tie_break, bonus=bonus,
                           others_lose=others_lose)
        return parse_edition(DataFile(text, "tiny.edition"))

    return make
