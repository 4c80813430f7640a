"""What a game night shows of a game: the per-game part of the messages, worked out from the
journal's engine through the game registry (:mod:`wordboard.registry`), the same way for every
game.

Each family's screen view (``family.view(engine)``) gives the players' scores, whose turn, the
bag and racks where the game has them, the tiles on the board, and the history, whose newest
entry describes the move just made (its text, score and running total). The result is the
journal codec's (the final scores after the end-of-game adjustments and any score corrected by
hand), else the engine's :meth:`~wordboard.engine.Engine.outcome`.

What the night's page draws of the board: the ``grid`` of letters of every game with a board of
squares (Lexulous and Scrabble, HEXX, eXtraDICTION's written letters), with ``owners`` where a
tile belongs to a player (HEXX's colours), and the ``cards`` on the table for a game of cards
(Dexikon's row). The game clock, when the game has one, comes from the journal's ``clock``
decisions (:mod:`wordboard.controller.gameclock`) and the game's time control
(:mod:`wordboard.timecontrol`).
"""

from __future__ import annotations

import functools
from typing import Any

from wordboard import registry
from wordboard.journal import GameInfo, codec_for
from wordboard.timecontrol import TimeControl

#: the cards of a row shown at most, and the letters of one card
MAX_CARDS = 24
MAX_CARD_LETTERS = 8


def new_engine(info: GameInfo):
    """A fresh engine for the journalled game (the journal's own codec)."""
    return codec_for(info.kind).new_game(info)


def _view(info: GameInfo, engine) -> dict[str, Any]:
    try:
        view = registry.family_for_kind(info.kind).view(engine)
    except Exception:  # noqa: BLE001 - a view that cannot be made shows nothing, the events still go
        return {}
    return view if isinstance(view, dict) else {}


def apply(info: GameInfo, engine, event_type: str, data: dict) -> dict:
    """Apply one event; return what the move message says about it beyond the event itself:
    ``player``, ``score``, ``total`` and ``text`` of the move it made, when the game's view
    describes one."""
    before = len(_view(info, engine).get("history") or ()) if event_type == "move" else 0
    codec_for(info.kind).apply(engine, event_type, data)
    if event_type != "move":
        return {}
    history: list = list(_view(info, engine).get("history") or ())
    if len(history) <= before or not isinstance(history[-1], dict):
        return {}
    last = history[-1]
    out: dict[str, Any] = {}
    if _is_int(last.get("player")) and 0 <= last["player"] < len(info.players):
        out["player"] = last["player"]
    for key in ("score", "total"):
        if _is_int(last.get(key)):
            out[key] = last[key]
    text = last.get("text")
    if isinstance(text, str) and text:
        out["text"] = "".join(c for c in text if c.isprintable())[:120]
    return out


def final_scores(info: GameInfo, engine) -> list[int] | None:
    """The final scores in the players' order once the game is over, else None."""
    try:
        result = codec_for(info.kind).result(engine)
    except Exception:  # noqa: BLE001 - a kind without a journal result
        result = None
    n = len(info.players)
    if isinstance(result, dict) and isinstance(result.get("final"), list) and len(result["final"]) == n \
            and all(_is_int(s) for s in result["final"]):
        return list(result["final"])
    outcome = engine.outcome() if hasattr(engine, "outcome") else None
    if outcome is None:
        return None
    scores = [outcome.scores.get(name) for name in info.players]
    if None in scores and len(outcome.scores) == n:
        scores = list(outcome.scores.values())        # in the order they sat (HEXX: red, black)
    return scores if all(_is_int(s) for s in scores) else None


def state(info: GameInfo, engine, last_clock: dict | None = None) -> dict[str, Any]:
    """The game now: ``scores``, ``racks`` (counts), ``bag``, ``turn``, ``grid``, ``owners``,
    ``cards``, ``clock`` (where they apply; ``last_clock`` the newest clock decision the journal
    holds, :func:`clock_record`) and ``result`` (``final`` scores in the players' order, once
    over)."""
    view = _view(info, engine)
    n = len(info.players)
    out: dict[str, Any] = {}
    players = view.get("players") or []
    scores = [p.get("score") for p in players if isinstance(p, dict)]
    if len(scores) == n and all(_is_int(s) for s in scores):
        out["scores"] = scores
    racks = [p.get("rack") for p in players if isinstance(p, dict)]
    if len(racks) == n and all(_is_int(r) for r in racks):
        out["racks"] = racks
    if _is_int(view.get("bag")):
        out["bag"] = view["bag"]
    if _is_int(view.get("to_move")) and 0 <= view["to_move"] < n:
        out["turn"] = view["to_move"]
    rows = grid(view, engine, info)
    if rows is not None:
        out["grid"] = rows
        owned = owners(view, rows)
        if owned is not None:
            out["owners"] = owned
    row_of_cards = cards(view)
    if row_of_cards is not None:
        out["cards"] = row_of_cards
    clocks = clock(info, engine, last_clock)
    if clocks is not None:
        out["clock"] = clocks
    final = final_scores(info, engine)
    if final is not None:
        winners = [i for i, s in enumerate(final) if s == max(final)]
        out["result"] = {"final": final, "winners": winners}
        out["scores"] = final                 # after the end-of-game adjustments
        out.pop("turn", None)
    return out


def grid(view: dict, engine, info: GameInfo | None = None) -> list[str] | None:
    """Rows of the board from the view's tiles (``"r,c": {"letter", "blank"}``): ``.`` empty, a
    letter, lower case for a blank, ``?`` a tile whose letter is not known (a HEXX tile face
    down); None when the game has no board of squares. The board's size is the engine's, else
    its edition's (the family's empty LED scene)."""
    board = getattr(engine, "board", None)
    if board is None:
        return None
    rows, cols = getattr(board, "rows", 0), getattr(board, "cols", 0)
    if not (rows and cols) and info is not None:
        rows, cols = _board_size(info.kind, info.edition)
    tiles = view.get("tiles")
    if not (_is_int(rows) and _is_int(cols) and isinstance(tiles, dict)) or not (0 < rows <= 32 and 0 < cols <= 32):
        return None
    rows, cols = int(rows), int(cols)
    cells = [["."] * cols for _ in range(rows)]
    for where, tile in tiles.items():
        try:
            r, c = (int(x) for x in str(where).split(","))
            letter = str(tile["letter"])
        except (ValueError, TypeError, KeyError):
            return None
        if not (0 <= r < rows and 0 <= c < cols and len(letter) == 1 and letter.isascii()
                and (letter.isalpha() or letter == "?")):
            return None
        cells[r][c] = letter.lower() if tile.get("blank") else letter.upper()
    return ["".join(row) for row in cells]


@functools.lru_cache(maxsize=32)
def _board_size(kind: str, edition: str) -> tuple[int, int]:
    try:
        rows, cols, _ = registry.family_for_kind(kind).empty_scene(edition)
    except Exception:  # noqa: BLE001 - an edition this machine lacks: no grid
        return 0, 0
    return int(rows), int(cols)


def owners(view: dict, rows: list[str]) -> list[str] | None:
    """Who owns each tile, rows like the grid's: ``.`` no one, else the owner's place among the
    players (``0``, ``1``, ...), from the view's tiles' ``owner`` and the players' ``colour``
    (HEXX: red, black); None when no tile has an owner."""
    colours = [p.get("colour") if isinstance(p, dict) else None for p in view.get("players") or []]
    cells = [["."] * len(rows[0]) for _ in rows]
    found = False
    for where, tile in (view.get("tiles") or {}).items():
        owner = tile.get("owner") if isinstance(tile, dict) else None
        if owner is None or owner not in colours:
            continue
        r, c = (int(x) for x in str(where).split(","))
        cells[r][c] = str(colours.index(owner))
        found = True
    return ["".join(row) for row in cells] if found else None


def cards(view: dict) -> list[str] | None:
    """The cards on the table, left to right (Dexikon's row: the view's ``table`` of cards with
    ``letters`` and a ``name``): a card's letters in capitals, a card without letters (a Penalty)
    by its name in small letters; None for a game without cards."""
    table = view.get("table")
    if not isinstance(table, list):
        return None
    out = []
    for card in table[:MAX_CARDS]:
        card = card if isinstance(card, dict) else {}
        letters = _ascii_letters(card.get("letters")).upper()
        out.append(letters or _ascii_letters(card.get("name")).lower() or "?")
    return out


def _ascii_letters(text) -> str:
    return "".join(ch for ch in str(text or "") if ch.isascii() and ch.isalpha())[:MAX_CARD_LETTERS]


def clock_record(event_type: str, data: dict) -> dict | None:
    """The time used as a journalled ``clock`` decision says it (``used_ms``, ``running``), else
    None (any other event)."""
    body = data.get("clock") if event_type == "decision" and isinstance(data, dict) else None
    return body if isinstance(body, dict) and isinstance(body.get("used_ms"), list) else None


def clock(info: GameInfo, engine, record: dict | None) -> dict | None:
    """The game clock from the journal: ``remaining``, each player's whole seconds left
    (negative over time) at the newest ``record`` (none yet: the full time), ``running`` (whose
    clock ran then, when one did) and the ``control`` (:class:`~wordboard.timecontrol.TimeControl`
    as JSON); None for a game without a clock."""
    options = info.options.get("clock") if isinstance(info.options, dict) else None
    if not isinstance(options, dict):
        return None
    try:
        control = TimeControl.from_json(options)
    except (TypeError, ValueError):
        return None
    n = len(info.players)
    used = record.get("used_ms") if record else None
    if not (isinstance(used, list) and len(used) == n and all(_is_int(ms) and ms >= 0 for ms in used)):
        used = [0] * n
    turns_taken = getattr(engine, "turns_taken", None)
    remaining = []
    for player, ms in enumerate(used):
        left = control.remaining(ms / 1000, turns_taken(player) if callable(turns_taken) else 0)
        remaining.append(round(left) if left >= 0 else -round(-left))
    out: dict[str, Any] = {"remaining": remaining, "control": control.as_json()}
    running = record.get("running") if record else None
    if isinstance(running, int) and _is_int(running) and 0 <= running < n:
        out["running"] = running
    return out


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
