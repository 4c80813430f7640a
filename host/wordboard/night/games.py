"""What a game night shows of a game: the per-game part of the messages, worked out from the
journal's engine through the game registry (:mod:`wordboard.registry`), the same way for every
game.

Each family's screen view (``family.view(engine)``) gives the players' scores, whose turn, the
bag and racks where the game has them, the tiles on the board, and the history, whose newest
entry describes the move just made (its text, score and running total). The result is the
journal codec's (the final scores after the end-of-game adjustments and any score corrected by
hand), else the engine's :meth:`~wordboard.engine.Engine.outcome`. The night's page draws the
grid of games whose board holds letters (Lexulous, Scrabble); the others show their scores and
moves.
"""

from __future__ import annotations

from typing import Any

from wordboard import registry
from wordboard.journal import GameInfo, codec_for


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


def state(info: GameInfo, engine) -> dict[str, Any]:
    """The game now: ``scores``, ``racks`` (counts), ``bag``, ``turn``, ``grid`` (where they
    apply) and ``result`` (``final`` scores in the players' order, once over)."""
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
    rows = grid(view, engine)
    if rows is not None:
        out["grid"] = rows
    final = final_scores(info, engine)
    if final is not None:
        winners = [i for i, s in enumerate(final) if s == max(final)]
        out["result"] = {"final": final, "winners": winners}
        out["scores"] = final                 # after the end-of-game adjustments
        out.pop("turn", None)
    return out


def grid(view: dict, engine) -> list[str] | None:
    """Rows of the board from the view's tiles (``"r,c": {"letter", "blank"}``): ``.`` empty, a
    letter, lower case for a blank; None when the game has no such board."""
    board = getattr(engine, "board", None)
    rows, cols = getattr(board, "rows", 0), getattr(board, "cols", 0)
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
        if not (0 <= r < rows and 0 <= c < cols and len(letter) == 1 and letter.isascii() and letter.isalpha()):
            return None
        cells[r][c] = letter.lower() if tile.get("blank") else letter.upper()
    return ["".join(row) for row in cells]


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
