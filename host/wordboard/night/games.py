"""What a game night shows of a game, worked out from the journal's engine: the per-game part of
the messages.

Lexulous and Scrabble (the club games) are shown in full: the grid, the scores, the racks'
counts, the bag, whose turn, each move's word and score. Other kinds (HEXX, eXtraDICTION,
Dexikon) travel as their journal events with the players and the result; their boards are not
drawn on the night's page yet.
"""

from __future__ import annotations

from typing import Any

from wordboard.journal import GameInfo, codec_for


def new_engine(info: GameInfo):
    """A fresh engine for the journalled game (the journal's own codec)."""
    return codec_for(info.kind).new_game(info)


def apply(info: GameInfo, engine, event_type: str, data: dict) -> dict:
    """Apply one event; return what the move message says about it beyond the event itself
    (``player``, ``score``, ``total``, ``text`` for a crossword move)."""
    codec = codec_for(info.kind)
    before = len(getattr(engine, "history", ()) or ())
    codec.apply(engine, event_type, data)
    if info.kind != "lexulous" or event_type != "move":
        return {}
    history = engine.history
    if len(history) <= before:
        return {}
    turn = history[-1]
    return {"player": turn.player, "score": turn.score, "total": turn.total, "text": _turn_text(turn)}


def state(info: GameInfo, engine) -> dict[str, Any]:
    """The game now: ``scores``, ``racks`` (counts), ``bag``, ``turn``, ``grid`` (crossword
    games) and ``result`` (a JSON object with ``final`` scores in player order, once over)."""
    codec = codec_for(info.kind)
    out: dict[str, Any] = {}
    try:
        result = codec.result(engine)
    except Exception:  # noqa: BLE001 - a kind without a result yet
        result = None
    if isinstance(result, dict) and isinstance(result.get("final"), list) \
            and len(result["final"]) == len(info.players):
        out["result"] = result
    if info.kind == "lexulous":
        n = len(info.players)
        edits = getattr(engine, "score_edits", None) or {}
        out["scores"] = [engine.scores[i] + int(edits.get(i, 0)) for i in range(n)]
        if "result" in out:
            out["scores"] = list(out["result"]["final"])     # after the end-of-game adjustments
        out["racks"] = [len(engine.rack(i)) for i in range(n)]
        out["bag"] = engine.bag_count
        out["turn"] = None if engine.is_over else engine.current
        out["grid"] = grid(engine.board)
    return out


def grid(board) -> list[str]:
    """Rows of the board: ``.`` empty, a letter, lower case for a blank."""
    rows = []
    for r in range(board.rows):
        row = []
        for c in range(board.cols):
            tile = board[(r, c)]
            row.append("." if tile is None else str(tile))
        rows.append("".join(row))
    return rows


def _turn_text(turn) -> str:
    from wordboard.lexulous.moves import Exchange, Pass, Play

    move = turn.move
    if isinstance(move, Play) and turn.words:
        main = turn.words[0]
        return f"{main.position} {main.display}"
    if isinstance(move, Exchange):
        return f"swap {len(move.tiles)}"
    if isinstance(move, Pass):
        return "pass"
    return str(move)[:60]
