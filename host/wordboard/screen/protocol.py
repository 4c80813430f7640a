"""What a page may send, checked before anything acts on it.

Every message is one small JSON object with a ``type`` and the fields :data:`SCHEMA` lists for
it: no unknown fields, strings short and matching a pattern, numbers in range, choices from a
fixed list. Nothing a page sends names a file or reaches a shell: the server only looks values
up in its own tables (a question's answers, the board's buttons, the games it knows).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

MAX_MESSAGE = 4096
NAME = re.compile(r"^[^\W_][\w '\-.]{0,15}$")     # a player's name: letters, digits, space ' - .
ANSWER = re.compile(r"^[\w ?'\-=*,.+]{1,48}$")    # checked again against the question's answers
PIN = re.compile(r"^[0-9]{4,8}$")
CODE = re.compile(r"^[A-Za-z0-9 \-]{4,16}$")              # the game's code, as typed
LEXICONS = ("default", "wordgame", "scowl:50", "scowl:60", "scowl:70", "scowl:80", "wamerican", "wbritish",
            "none")
QUIET_TIMES = (0, 10, 20, 30, 60)
LEVELS = ("1", "2", "3", "speed")                          # eXtraDICTION
VARIANTS = ("quick", "standard", "long", "long-best5")     # Dexikon
TURNS = (4, 6, 8, 10, 12, 16, 20)                          # eXtraDICTION: clue cards
COLOURS = ("green", "blue", "red", "green,blue", "blue,red", "green,blue,red")   # eXtraDICTION: clue packs
CLOCK_MINUTES = (0, 5, 10, 15, 20, 25, 30, 45, 60)       # a game clock, minutes each (0: none)
INCREMENTS = (0, 2, 5, 10, 15, 30)                        # seconds added to a player's clock each turn


class ProtocolError(ValueError):
    pass


@dataclass(frozen=True)
class Field:
    kind: str                       # "int", "str", "bool", "choice", "names"
    required: bool = True
    low: int = 0
    high: int = 0
    pattern: re.Pattern | None = None
    choices: tuple = ()


SCHEMA: dict[str, dict[str, Field]] = {
    "hello": {"mode": Field("choice", choices=("normal", "kids", "kiosk"))},
    "audio": {"on": Field("bool")},               # the page plays the board's speech (or stops)
    "answer": {"question": Field("int", low=1, high=2**31), "value": Field("str", pattern=ANSWER)},
    # a grown-up's answer begins: the button is pressed (the answer counts once it was held)
    "hold": {"question": Field("int", low=1, high=2**31)},
    "button": {"name": Field("choice", choices=("end-turn", "pass", "hint", "challenge"))},
    "say": {"what": Field("choice", choices=("last", "turn", "prompt", "card", "letter")),
            "letter": Field("choice", required=False, choices=tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))},
    # a game written on the board (eXtraDICTION): "that square is empty" (".") or "it is this
    # letter", for the camera's reading of a square (a grown-up with the PIN; on Level 1 a player)
    "correct": {"row": Field("int", low=0, high=31), "col": Field("int", low=0, high=31),
                "value": Field("choice", choices=(".", "?") + tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))},
    # a house ruling: the table accepts the refused play's words that the word list lacks
    "house": {},
    "unlock": {"pin": Field("str", pattern=PIN)},
    "join": {"code": Field("str", pattern=CODE)},
    "lock": {},
    "undo": {},
    # the grown-up's own words for the children's filter (wordboard.extradiction.ownerwords)
    "words": {"action": Field("choice", choices=("list", "allow", "block", "forget")),
              "word": Field("str", required=False, pattern=re.compile(r"^[A-Za-z]{2,30}$")),
              "confirm": Field("bool", required=False)},
    "score": {"player": Field("int", low=0, high=7), "delta": Field("int", low=-999, high=999)},
    "end": {},
    "new": {"game": Field("str", pattern=re.compile(r"^[a-z]{2,20}$")),
            "players": Field("names"),
            "lexicon": Field("choice", choices=LEXICONS),
            "quiet": Field("choice", required=False, choices=QUIET_TIMES),
            "level": Field("choice", required=False, choices=LEVELS),
            "variant": Field("choice", required=False, choices=VARIANTS),
            "turns": Field("choice", required=False, choices=TURNS),
            "colours": Field("choice", required=False, choices=COLOURS),
            "clock": Field("choice", required=False, choices=CLOCK_MINUTES),
            # an owner's edition file, by the name the setup offered (never a path)
            "edition": Field("str", required=False, pattern=re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$")),
            "increment": Field("choice", required=False, choices=INCREMENTS),
            # an owner's clue card pack (eXtraDICTION), by the name the setup offered (never a path)
            "cards": Field("str", required=False, pattern=re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$"))},
}

ADMIN = frozenset({"undo", "score", "end", "new", "words"})


def parse(text: str | bytes) -> tuple[str, dict]:
    """``(type, fields)`` of a valid message; :class:`ProtocolError` otherwise."""
    if isinstance(text, bytes):
        raise ProtocolError("text messages only")
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("message too long")
    try:
        message = json.loads(text, parse_constant=_no_constant)
    except RecursionError:          # [[[[...]]]]: deeper than Python's JSON parser goes
        raise ProtocolError("nested too deeply") from None
    except ValueError:
        raise ProtocolError("not JSON") from None
    if not isinstance(message, dict):
        raise ProtocolError("not an object")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in SCHEMA:
        raise ProtocolError("unknown message type")
    fields = SCHEMA[kind]
    extra = set(message) - set(fields) - {"type"}
    if extra:
        raise ProtocolError(f"unexpected field {sorted(extra)[0]!r}")
    out = {}
    for name, spec in fields.items():
        if name not in message:
            if spec.required:
                raise ProtocolError(f"missing field {name!r}")
            continue
        out[name] = _check(name, spec, message[name])
    return kind, out


def _no_constant(name: str):
    """NaN and Infinity are not JSON (Python's parser takes them unless told not to)."""
    raise ValueError(f"{name} is not a number")


def _check(name: str, spec: Field, value):
    if spec.kind == "int":
        if type(value) is not int or not spec.low <= value <= spec.high:
            raise ProtocolError(f"{name}: a whole number from {spec.low} to {spec.high}")
        return value
    if spec.kind == "bool":
        if type(value) is not bool:
            raise ProtocolError(f"{name}: true or false")
        return value
    if spec.kind == "choice":
        if isinstance(value, bool) or value not in spec.choices:
            raise ProtocolError(f"{name}: one of {', '.join(map(str, spec.choices))}")
        return value
    if spec.kind == "str":
        assert spec.pattern is not None  # every "str" field of SCHEMA has its pattern
        if not isinstance(value, str) or not spec.pattern.match(value):
            raise ProtocolError(f"{name}: not an accepted value")
        return value
    if spec.kind == "names":
        if not isinstance(value, list) or not 1 <= len(value) <= 4:
            raise ProtocolError(f"{name}: 1 to 4 names")
        names = []
        for item in value:
            if not isinstance(item, str) or not NAME.match(item.strip()):
                raise ProtocolError(f"{name}: a name is 1-16 letters, digits or spaces")
            names.append(item.strip())
        if len(set(n.lower() for n in names)) != len(names):
            raise ProtocolError(f"{name}: the names must differ")
        return names
    raise ProtocolError(f"{name}: unknown field kind")  # pragma: no cover
