"""What the screen shows of a Dexikon game: the row of cards, the pool, the players' sheets (see
:mod:`wordboard.screen.snapshot`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wordboard.dexikon.cards import Card
    from wordboard.dexikon.engine import Game
    from wordboard.dexikon.table import DexikonAdapter


def _card(card: Card) -> dict[str, Any]:
    kind = card.kind
    letters = getattr(kind, "letters", "") or getattr(kind, "letter", "") or ""
    return {"id": card.id, "name": kind.name, "cost": getattr(kind, "cost", None),
            "letters": str(letters) if isinstance(letters, str) else "".join(map(str, letters)),
            "points": getattr(kind, "points", None),
            "role": str(getattr(getattr(kind, "role", None), "name", "") or "").lower()}


def dexikon_view(game: Game, adapter: DexikonAdapter | None = None) -> dict[str, Any]:
    players: list[dict[str, Any]] = []
    for p in game.players:
        sheet = p.sheet
        banked: list[dict[str, Any]] = [{"word": str(b.word), "value": int(b.value)} for b in getattr(sheet, "banked", ())]
        players.append({"name": p.name, "score": sum(b["value"] for b in banked), "words": [b["word"] for b in banked],
                        "banked": banked, "first": bool(getattr(sheet, "first", False)),
                        "challenges_won": int(getattr(sheet, "challenges_won", 0)),
                        "last_word": getattr(sheet, "last_word", None),
                        "last_word_value": int(getattr(sheet, "last_word_value", 0) or 0),
                        "hand": len(p.hand), "deck": len(p.deck), "cards": len(p.cards())})
    names = [p.name for p in game.players]
    result = getattr(game, "result", None)
    if result is not None:
        # the end: each player's total as scored (the best words, the last word, the bonuses,
        # the Penalties), not the sum of every word banked
        totals = {s.name: int(s.total) for s in getattr(result, "scores", ())}
        for entry in players:
            entry["score"] = totals.get(entry["name"], entry["score"])
            entry["banked_sum"] = sum(b["value"] for b in entry["banked"])
    history: list[dict[str, Any]] = []
    for i, line in enumerate(list(getattr(game, "log", ()))[-40:]):
        who = next((j for j, n in enumerate(names) if str(line).startswith(n)), None)
        history.append({"n": i + 1, "player": who if who is not None else 0,
                        "name": names[who] if who is not None else "", "kind": "log",
                        "text": str(line), "score": "", "total": None})
    turn = getattr(game, "turn", None)
    claim = getattr(turn, "word", None)
    last: dict[str, Any] | None = None
    if turn is not None and claim is not None:
        last = {"n": turn.number, "player": claim.player, "name": names[claim.player], "kind": "play",
                "text": claim.word, "score": int(getattr(turn, "value", 0) or 0),
                "words": [{"word": claim.word, "score": int(getattr(turn, "value", 0) or 0)}], "squares": []}
    sheets: list[dict[str, str]] = []
    final: dict[str, Any] | None = None
    if result is not None:
        scores = list(getattr(result, "scores", ()))
        places = list(getattr(result, "places", ()))
        try:
            from wordboard.dexikon.sheet_svg import score_sheet_svg

            for score in scores:
                sheets.append({"name": score.name,
                               "svg": score_sheet_svg(score, game.variant, solo=game.solo)})
        except Exception:  # noqa: BLE001 - a sheet is a nicety; the scores are shown anyway
            sheets = []
        winners = [names.index(s.name) for place, s in places if place == 1 and s.name in names]
        final = {"reason": "the end", "final": [s.total for s in scores], "winners": winners,
                 "text": " and ".join(names[w] for w in winners) + (" win" if len(winners) > 1 else " wins")}
    tiles: dict[str, dict[str, Any]] = {}
    if adapter is not None:
        try:
            for square, code in adapter.committed_tiles().items():
                tag = str(code).split(":", 1)[-1]
                tiles[f"{square[0]},{square[1]}"] = {"letter": tag.rsplit("-", 1)[0], "card": True}
        except Exception:  # noqa: BLE001 - the cards on the board are a nicety
            tiles = {}
    current = getattr(game, "current", None)
    phase = getattr(game, "phase", None)
    phase = str(getattr(phase, "value", phase) or "")
    variant = getattr(game, "variant", None)
    return {
        "type": "dexikon",
        "title": "Dexikon",
        "tiles": tiles,
        "players": players,
        "to_move": getattr(current, "index", None) if result is None else None,
        "bag": len(getattr(game, "pool_stack", ())),
        "history": history,
        "last": last,
        "result": final,
        "phase": phase,
        "words_to_end": getattr(variant, "words_to_end", None),
        "pool": [_card(c) for c in getattr(game, "pool", ())],
        "table": [_card(c) for c in getattr(game, "table", ())],
        "sheets": sheets,
    }
