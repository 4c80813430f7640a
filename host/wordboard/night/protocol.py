"""The game night's messages over MQTT: topics, and JSON payloads checked field by field.

Topics (``ROOT`` is ``wordboard``; a board's id is its MQTT user name, so the broker's ACL lets a
board publish under its own ``board/ID/`` and read its own ``to/ID/`` only):

==================================  =========  ============================================================
topic                               from       what
==================================  =========  ============================================================
``wordboard/board/ID/move``         the board  one journal event (a move or a decision), QoS 1
``wordboard/board/ID/state``        the board  the game now (players, scores, racks' counts, the board, the
                                               clock, the result), QoS 1, retained: a late joiner sees
                                               every table
``wordboard/board/ID/status``       the board  online or not (the broker's last will says offline), retained
``wordboard/to/ID/pairing``         organiser  the board's game this round: table, players; retained
``wordboard/to/ID/resend``          organiser  "send again from event N of game G" (a gap it noticed)
==================================  =========  ============================================================

A game is named by its board and its ``game`` key (the journal's game id and start time, so a
board whose journal was replaced never reuses a name), and each event by its ``seq`` in the
journal: the organiser stores an event once and recognises every repeat.

:func:`decode` turns ``(topic, payload)`` into a :class:`Message` or raises :class:`ProtocolError`
(anything malformed, oversized, of the wrong type or out of range: the organiser logs it and drops
it). Every payload is a JSON object with ``"v": 1``.
"""

from __future__ import annotations

import functools
import json
import math
import re
from dataclasses import dataclass
from typing import Any

ROOT = "wordboard"
VERSION = 1
#: the largest payload accepted (a state with a 15 x 15 grid is about 2 KB)
MAX_PAYLOAD = 64 * 1024
BOARD_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,31}$")
GAME_KEY = re.compile(r"^[0-9]{1,9}-[0-9]{1,15}$")
MAX_NAME = 40
MAX_PLAYERS = 4
MAX_GRID = 32
#: events in one game at most (a crossword game has about a hundred, rack decisions included)
MAX_SEQ = 20_000
MAX_SCORE = 100_000
#: a game clock's seconds left, at most (either way: negative is over time)
MAX_CLOCK = 10 * 24 * 3600
MAX_CARDS = 24

BOARD_KINDS = ("move", "state", "status")
ORGANISER_KINDS = ("pairing", "resend")


class ProtocolError(ValueError):
    """A message that is not what the protocol says (its reason is logged)."""


@dataclass(frozen=True)
class Message:
    kind: str          # move, state, status, pairing, resend
    board: str         # the board it is from (board kinds) or for (organiser kinds)
    body: dict


def board_topic(board: str, kind: str, root: str = ROOT) -> str:
    check_board_id(board)
    if kind not in BOARD_KINDS:
        raise ValueError(kind)
    return f"{root}/board/{board}/{kind}"


def to_board_topic(board: str, kind: str, root: str = ROOT) -> str:
    check_board_id(board)
    if kind not in ORGANISER_KINDS:
        raise ValueError(kind)
    return f"{root}/to/{board}/{kind}"


def check_board_id(board: str) -> str:
    """Board ids are MQTT user names and topic levels: lower-case letters, digits, ``-`` and
    ``_`` (never ``+``, ``#`` or ``/``), at most 32 characters."""
    if not isinstance(board, str) or not BOARD_ID.match(board):
        raise ProtocolError(f"not a board id: {board!r} (lower-case letters, digits, - and _)")
    return board


def game_key(game_id: int, started: float) -> str:
    return f"{int(game_id)}-{int(round(started * 1000))}"


def encode(body: dict) -> bytes:
    return json.dumps({"v": VERSION, **body}, sort_keys=True, separators=(",", ":")).encode()


def decode(topic: str, payload: bytes, root: str = ROOT) -> Message:
    """The message on ``topic``; :class:`ProtocolError` for anything else."""
    if not isinstance(topic, str) or len(topic) > 200:
        raise ProtocolError("bad topic")
    parts = topic.split("/")
    if len(parts) != 4 or parts[0] != root or parts[1] not in ("board", "to"):
        raise ProtocolError(f"not a game-night topic: {topic[:80]!r}")
    board, kind = parts[2], parts[3]
    check_board_id(board)
    if (parts[1], kind) not in [("board", k) for k in BOARD_KINDS] + [("to", k) for k in ORGANISER_KINDS]:
        raise ProtocolError(f"unknown message kind {kind[:20]!r}")
    if len(payload) > MAX_PAYLOAD:
        raise ProtocolError(f"payload of {len(payload)} bytes (at most {MAX_PAYLOAD})")
    try:
        body = json.loads(payload.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ProtocolError(f"not JSON: {str(exc)[:60]}") from None
    if not isinstance(body, dict):
        raise ProtocolError("the payload is not a JSON object")
    if body.get("v") != VERSION:
        raise ProtocolError(f"protocol version {str(body.get('v'))[:10]!r}, expected {VERSION}")
    _CHECKS[kind](body)
    return Message(kind, board, body)


# -- field checks ----------------------------------------------------------------------------------

def _no_constant(name):
    raise ValueError(f"{name} is not allowed")


def _int(body, key, lo=0, hi=MAX_SEQ, *, optional=False):
    value = body.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ProtocolError(f"{key}: not a whole number in {lo}..{hi}")
    return value


def _float(body, key, *, optional=False):
    value = body.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or not 0 <= value < 1e11:
        raise ProtocolError(f"{key}: not a time")
    return value


def _str(body, key, pattern=None, limit=MAX_NAME, *, optional=False):
    value = body.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or not 0 < len(value) <= limit or (pattern and not pattern.match(value)):
        raise ProtocolError(f"{key}: not a valid string")
    return value


def _players(body, key, lo=1):
    value = body.get(key)
    if not isinstance(value, list) or not lo <= len(value) <= MAX_PLAYERS:
        raise ProtocolError(f"{key}: not a list of {lo}-{MAX_PLAYERS} names")
    for name in value:
        if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME or not name.isprintable():
            raise ProtocolError(f"{key}: a player's name is not a short printable string")
    if len(set(value)) != len(value):
        raise ProtocolError(f"{key}: a player is listed twice")
    return value


def _ints(body, key, n, lo=-MAX_SCORE, hi=MAX_SCORE, *, optional=False):
    value = body.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, list) or len(value) != n or any(
            isinstance(x, bool) or not isinstance(x, int) or not lo <= x <= hi for x in value):
        raise ProtocolError(f"{key}: not {n} whole numbers")
    return value


def _object(body, key, *, optional=False, limit=8 * 1024):
    value = body.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, dict) or len(json.dumps(value)) > limit:
        raise ProtocolError(f"{key}: not a small JSON object")
    return value


def _round_table(body):
    rnd = _int(body, "round", 1, 1000, optional=True)
    table = _int(body, "table", 1, 1000, optional=True)
    if (rnd is None) != (table is None):
        raise ProtocolError("round and table go together")


def _check_move(body):
    _str(body, "game", GAME_KEY)
    _int(body, "seq")
    if body.get("type") not in ("move", "decision"):
        raise ProtocolError("type: move or decision")
    _object(body, "data")
    _float(body, "at")
    _round_table(body)
    _int(body, "player", 0, MAX_PLAYERS - 1, optional=True)
    _int(body, "score", -MAX_SCORE, MAX_SCORE, optional=True)
    _int(body, "total", -MAX_SCORE, MAX_SCORE, optional=True)
    _str(body, "text", limit=120, optional=True)
    clock = body.get("clock")
    if clock is not None:
        if not isinstance(clock, list) or not 1 <= len(clock) <= MAX_PLAYERS:
            raise ProtocolError("clock: not the players' seconds left")
        _ints(body, "clock", len(clock), -MAX_CLOCK, MAX_CLOCK)


def _check_info(info):
    if not isinstance(info, dict):
        raise ProtocolError("info: not an object")
    if not isinstance(info.get("kind"), str) or info["kind"] not in _kinds():
        raise ProtocolError("info.kind: not a game wordboard plays")
    _str(info, "edition", re.compile(r"^[A-Za-z0-9_.-]+$"))
    players = _players(info, "players", _fewest_players(info["kind"]))
    _int(info, "seed", 0, 2**63 - 1, optional=True)
    _object(info, "options", limit=2048)
    _float(info, "started")
    return players


@functools.cache
def _kinds() -> frozenset[str]:
    """The journal kinds of the games in the registry."""
    from wordboard import registry

    return frozenset(family.kind for family in registry.families())


@functools.cache
def _fewest_players(kind: str) -> int:
    """The fewest players a game of the journal's ``kind`` has, as its family in the registry says."""
    from wordboard import registry

    return registry.family_for_kind(kind).fewest_players


def _check_state(body):
    _str(body, "game", GAME_KEY)
    players = _check_info(body.get("info"))
    _round_table(body)
    _int(body, "events")
    _int(body, "moves")
    n = len(players)
    _ints(body, "scores", n, optional=True)
    _ints(body, "racks", n, 0, 100, optional=True)
    _int(body, "bag", 0, 1000, optional=True)
    _int(body, "turn", 0, n - 1, optional=True)
    grid = body.get("grid")
    if grid is not None:
        _rows(grid, "grid", r"^[A-Za-z.?]*$")
    owners = body.get("owners")
    if owners is not None:
        if grid is None or len(owners) != len(grid):
            raise ProtocolError("owners: not the grid's rows")
        _rows(owners, "owners", rf"^[.0-{n - 1}]{{{len(grid[0])}}}$")
    row_of_cards = body.get("cards")
    if row_of_cards is not None and (not isinstance(row_of_cards, list) or len(row_of_cards) > MAX_CARDS or any(
            not isinstance(card, str) or not re.match(r"^([A-Z]{1,8}|[a-z]{1,8}|\?)$", card) for card in row_of_cards)):
        raise ProtocolError("cards: not a row of cards' letters")
    clock = body.get("clock")
    if clock is not None:
        _object(body, "clock", limit=512)
        _ints(clock, "remaining", n, -MAX_CLOCK, MAX_CLOCK)
        _int(clock, "running", 0, n - 1, optional=True)
    result = body.get("result")
    if result is not None:
        _object(body, "result", limit=2048)
        _ints(result, "final", n)
    _float(body, "at")


def _rows(rows, key, pattern):
    if not isinstance(rows, list) or not 0 < len(rows) <= MAX_GRID or any(
            not isinstance(row, str) or len(row) != len(rows[0]) or len(row) > MAX_GRID
            or not re.match(pattern, row) for row in rows):
        raise ProtocolError(f"{key}: not rows of a board")


def _check_status(body):
    if not isinstance(body.get("online"), bool):
        raise ProtocolError("online: true or false")
    _int(body, "outbox", 0, 10**9, optional=True)


def _check_pairing(body):
    _int(body, "round", 1, 1000)
    _int(body, "table", 1, 1000)
    _players(body, "players", 2)
    _str(body, "event", limit=80, optional=True)


def _check_resend(body):
    _str(body, "game", GAME_KEY)
    _int(body, "from")


_CHECKS = {"move": _check_move, "state": _check_state, "status": _check_status,
           "pairing": _check_pairing, "resend": _check_resend}


def describe(value: Any, limit: int = 80) -> str:
    """A short, printable rendering of something hostile for the log."""
    text = repr(value)
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text if len(text) <= limit else text[:limit - 3] + "..."
