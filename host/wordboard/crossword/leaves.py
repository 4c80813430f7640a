"""Leave values: what the tiles kept on the rack are worth to the next turn, in points.

A move's *equity* (:mod:`wordboard.crossword.equity`) is its score plus the value of its leave,
as Quackle and Woogles rank moves. Their leave tables ("superleaves") are GPL data made for the
Scrabble tile set only, so wordboard ships its own, one per shipped edition, derived from
self-play by ``scripts/derive_leaves.py`` (method in ``data/LEAVES.md``):

    value(leave) = sum of tile[t] for each tile
                 + duplicate[t] * C(n, 2) for each letter held n >= 2 times
                 + balance[vowels - consonants] (clipped to -4..4; a blank counts as neither)
                 + q_without_u when a Q is kept with no U (and no blank)
                 + qu when a Q is kept with a U

An edition with no table of its own (an owner's file) borrows the shipped table with the same
rack size (letters it lacks are worth 0). Pure: no I/O beyond reading the shipped JSON file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from wordboard.editions import BLANK, Edition

if TYPE_CHECKING:
    from wordboard.journal import JsonObject

VOWELS = frozenset("AEIOU")
BALANCE_LIMIT = 4


@dataclass(frozen=True)
class LeaveTable:
    """The coefficients of the leave-value model (see the module's docstring)."""

    tiles: dict[str, float]
    duplicates: dict[str, float] = field(default_factory=dict)
    balance: dict[int, float] = field(default_factory=dict)
    q_without_u: float = 0.0
    qu: float = 0.0
    source: str = ""
    _cache: dict[str, float] = field(default_factory=dict, compare=False, repr=False)

    def value(self, leave: str) -> float:
        """The value of keeping ``leave`` (letters, ``?`` for a blank; any order), in points."""
        key = "".join(sorted(leave.upper()))
        found = self._cache.get(key)
        if found is not None:
            return found
        total = 0.0
        vowels = consonants = 0
        counts: dict[str, int] = {}
        for t in key:
            counts[t] = counts.get(t, 0) + 1
            total += self.tiles.get(t, 0.0)
            if t in VOWELS:
                vowels += 1
            elif t != BLANK:
                consonants += 1
        for t, n in counts.items():
            if n > 1:
                total += self.duplicates.get(t, 0.0) * (n * (n - 1) // 2)
        if key:
            d = max(-BALANCE_LIMIT, min(BALANCE_LIMIT, vowels - consonants))
            total += self.balance.get(d, 0.0)
        if "Q" in counts:
            if "U" in counts:
                total += self.qu
            elif BLANK not in counts:
                total += self.q_without_u
        total = round(total, 2)
        if len(self._cache) < 200_000:
            self._cache[key] = total
        return total

    def as_json(self) -> JsonObject:
        return {"tiles": self.tiles, "duplicates": self.duplicates,
                "balance": {str(k): v for k, v in sorted(self.balance.items())},
                "q_without_u": self.q_without_u, "qu": self.qu}

    @classmethod
    def from_json(cls, data: JsonObject, source: str = "") -> LeaveTable:
        return cls(tiles={str(k): float(v) for k, v in data["tiles"].items()},
                   duplicates={str(k): float(v) for k, v in data.get("duplicates", {}).items()},
                   balance={int(k): float(v) for k, v in data.get("balance", {}).items()},
                   q_without_u=float(data.get("q_without_u", 0.0)), qu=float(data.get("qu", 0.0)),
                   source=source)


#: The shipped tables, by edition name (lower case) and by rack size for other editions.
SHIPPED = {"scrabble": "leaves-scrabble.json", "lexulous": "leaves-lexulous.json"}
BY_RACK_SIZE = {7: "scrabble", 8: "lexulous"}


@cache
def shipped_table(name: str) -> LeaveTable:
    """The shipped table ``name`` (``scrabble`` or ``lexulous``)."""
    filename = SHIPPED[name]
    text = (resources.files("wordboard.crossword") / "data" / filename).read_text(encoding="utf-8")
    return LeaveTable.from_json(json.loads(text), source=filename)


def leave_table(edition: Edition) -> LeaveTable:
    """The leave table for ``edition``: its own when wordboard ships one, else the shipped table
    for its rack size (Scrabble's for 7 tiles or fewer, Lexulous's for 8 or more)."""
    name = edition.name.lower()
    if name not in SHIPPED:
        size = edition.tiles.rack_size
        name = BY_RACK_SIZE.get(size, "lexulous" if size > 7 else "scrabble")
    return shipped_table(name)
