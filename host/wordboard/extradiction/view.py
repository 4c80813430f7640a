"""What the screen shows of an eXtraDICTION game: the clue card, the stars, the history (see
:mod:`wordboard.screen.snapshot`).
"""

from __future__ import annotations


def card_dict(card, *, reveal: bool, picture: bool = True) -> dict | None:
    """The clue card as the page shows it. ``picture``: Levels 1 and 2 show the illustration;
    at Level 3 the rulebook gives the guesser the first letter, the length and the meaning only."""
    if card is None:
        return None
    from wordboard.extradiction.pictures import SHAPES, is_shape, shape_name

    shape = shape_name(card.picture) if is_shape(card.picture) else None
    return {"picture": None if shape or not picture else card.picture,
            "shape": shape if picture and shape in SHAPES else None, "pictured": picture,
            "meaning": card.meaning, "first": card.first_letter, "length": card.length,
            "colour": card.colour.value, "word": card.word if reveal else None}


def squares_dict(edition) -> dict:
    """The stars printed on each square (``"r,c"``: a number, or ``"!"`` for a Chance square)."""
    out: dict[str, int | str] = {}
    for r in range(edition.rows):
        for c in range(edition.columns):
            if edition.is_chance((r, c)):
                out[f"{r},{c}"] = "!"
            elif edition.stars_on((r, c)):
                out[f"{r},{c}"] = int(edition.stars_on((r, c)))
    return out


def extradiction_view(game) -> dict:
    from wordboard.extradiction.engine import GuessWanted, WordWanted

    pending = game.pending
    card = None
    waiting = None
    player = None
    if isinstance(pending, GuessWanted):
        card, waiting, player = pending.card, "guess", pending.player
    elif isinstance(pending, WordWanted):
        card, waiting, player = pending.card, "write", pending.player
    level = getattr(game, "level", None)
    level_name = str(getattr(level, "value", level) or "")
    # Level 1 copies the word from the card: show it. Otherwise only once it is to be written.
    reveal = waiting == "write"
    tiles = {f"{sq[0]},{sq[1]}": {"letter": letter.upper()} for sq, letter in game.board.items()}
    from wordboard.extradiction.engine import ANOTHER_WORD

    checker = None
    if isinstance(pending, GuessWanted):
        checker = game.players[pending.reader] if pending.reader is not None else "grown-up"
    from wordboard.extradiction.childtext import known_to, sayable

    known = known_to(game)
    history = []
    for rec in game.history:
        word = rec.placement.move.word if rec.placement is not None and hasattr(rec.placement.move, "word") \
            else (rec.card.word if rec.card is not None and rec.placement is not None else "")
        history.append({"n": rec.number, "player": rec.player, "name": game.players[rec.player],
                        "kind": "pass" if rec.passed else ("wrong" if rec.guessed_wrong else "play"),
                        # a guess the game's list lacks is not named (the children's gate)
                        "text": word or ("passed" if rec.passed else f"guessed {rec.guess}"
                                         if rec.guess and rec.guess != ANOTHER_WORD and sayable(rec.guess, known)
                                         else "guessed another word"),
                        "score": rec.stars_change, "total": None,
                        "words": [{"word": w.word, "score": w.points, "explain": w.explain()}
                                  for w in (rec.placement.words if rec.placement else ())],
                        "chance": [{"change": d.change, "card": str(getattr(d.card, "name", d.card))}
                                   for d in rec.chance]})
    last = None
    if game.history and history:
        rec = game.history[-1]
        last = dict(history[-1], squares=[list(s) for s in (rec.placement.new_squares if rec.placement else ())])
    result = None
    if game.is_over:
        winners = game.winners() if callable(game.winners) else game.winners
        full = game.board_full() if callable(game.board_full) else game.board_full
        result = {"reason": "the board is full" if full else "the clue cards are used",
                  "final": list(game.stars), "winners": winners,
                  "text": " and ".join(game.players[w] for w in winners) + (" win" if len(winners) > 1 else " wins")}
    return {
        "type": "extradiction",
        "title": "eXtraDICTION",
        "tiles": tiles,
        "players": [{"name": n, "score": s, "stars": s} for n, s in zip(game.players, game.stars)],
        "to_move": player,
        "bag": None,
        "history": history,
        "last": last,
        "result": result,
        "card": card_dict(card, reveal=reveal or level_name in ("1", "LEVEL_1", "level 1", "Level 1"),
                          picture=level_name in ("1", "2")),
        "waiting": waiting,
        "checker": checker,
        "squares": squares_dict(game.edition),
        "level": level_name,
        "clue_cards_left": game.clue_cards_left,
        "turn": len(game.history) + (0 if game.is_over else 1),
        "turns": getattr(game, "turn_limit", None),
        "chance_cards_left": game.chance_cards_left,
    }
