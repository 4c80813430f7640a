"""What the screen shows of a HEXX game: tile owners, the lasting effects, the history (see
:mod:`wordboard.screen.snapshot`).
"""

from __future__ import annotations


def hexx_view(game, adapter=None) -> dict:
    from wordboard.hexx.model import Colour

    colours = [Colour.RED, Colour.BLACK]
    names = getattr(adapter, "names", None) or {}

    def name(colour) -> str:
        return str(names.get(colour) or str(colour).capitalize())

    tiles = {f"{sq[0]},{sq[1]}": {"letter": (t.letter or "?").upper(), "owner": str(t.owner),
                                  "hexx": bool(t.is_hexx)}
             for sq, t in game.board.items()}
    effects = []
    for e in game.lasting_effects:
        effects.append({"name": e.source.name, "kind": e.kind.value, "player": name(e.player),
                        "colour": str(e.player), "active": bool(e.active),
                        "number": e.source.number, "text": e.source.text,
                        "does": _lasting_text(e, name),
                        # how long it lasts: a lasting HEXX acts on one turn of its player
                        "remaining": "this turn" if e.active else "next turn",
                        "plays_left": game.plays_left if e.active and e.kind.name == "PLAY_TWICE" else None})
    history = []
    for rec in game.history:
        words = [getattr(w, "text", None) or getattr(w, "word", None) or str(w) for w in rec.words]
        flipped = len(getattr(rec, "flipped", ()) or ())
        effect = rec.effect
        text = ", ".join(words) or (str(rec.move) if rec.move is not None else "passed")
        history.append({"n": rec.number, "player": colours.index(rec.player), "name": name(rec.player),
                        "colour": str(rec.player), "kind": "play" if words else "other", "text": text,
                        "score": len(getattr(rec, "placed", ()) or ()) + flipped, "flipped": flipped,
                        "total": None, "words": [{"word": w, "score": ""} for w in words],
                        "effect": {"number": effect.number, "name": effect.name, "text": effect.text}
                        if effect is not None else None})
    last_turn = game.last_turn
    last = None
    if last_turn is not None and history:
        last = dict(history[-1], squares=[list(s) for s in last_turn.placed],
                    flipped_squares=[list(s) for s in getattr(last_turn, "flipped", ())])
    result = None
    if game.result is not None:
        winner = game.result.winner
        result = {"reason": game.result.reason, "final": [game.result.red, game.result.black],
                  "winners": [colours.index(winner)] if winner is not None else [0, 1],
                  "text": f"{name(winner)} wins" if winner is not None else "a tie"}
    pending = game.pending
    return {
        "type": "hexx",
        "title": "HEXX",
        "tiles": tiles,
        "players": [{"name": name(c), "score": game.count(c), "colour": str(c),
                     "hand": len(game.hand(c))} for c in colours],
        "to_move": None if game.is_over else colours.index(game.to_move),
        "bag": game.bag_size,
        "history": history,
        "last": last,
        "result": result,
        "effects": effects,
        "last_effect": history[-1]["effect"] if history else None,
        "plays_left": game.plays_left,
        "pending": getattr(getattr(pending, "kind", None), "value", None) if pending is not None else None,
        "pending_for": name(pending.chooser) if pending is not None and getattr(pending, "chooser", None) else None,
    }


def _lasting_text(effect, name) -> str:
    """What a lasting HEXX does, with the players' names."""
    kind = effect.kind.name
    who = name(effect.player)
    if kind == "ANOTHER_TURN":
        return f"{who} plays another turn"
    if kind == "PLAY_TWICE":
        return f"{who} plays twice"
    if kind == "FROZEN":
        protected = name(effect.protected) if effect.protected is not None else "the other player"
        return f"{who} cannot flip {protected}'s tiles"
    return f"{who} swaps a letter on the board, or forfeits the turn"
