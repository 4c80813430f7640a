"""The controller's state as a JSON-able dict for the screen, and each game's own view.

:func:`snapshot` is called in the controller's thread (the engine is only read there). It gives
what every game has (players and scores, whose turn, the board as the LEDs show it, the last
move, the history, the pending question, the end) and ``view``: the game's own part, made by
the function registered for the engine in :data:`VIEWS` (``register_view``). A game whose
adapter has a ``screen_view()`` method gives its view itself.

Nothing here is secret-safe by accident: racks and hands are never included (everyone at the
table can see the screen), only their sizes.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from wordboard.controller import questions as q
from wordboard.rules import square_name

Square = tuple[int, int]

#: engine module prefix -> view function(game) -> dict; the page has a renderer per ``type``.
VIEWS: dict[str, Callable[[Any], dict]] = {}


def register_view(module_prefix: str):
    def deco(fn):
        VIEWS[module_prefix] = fn
        return fn
    return deco


def _hex(colour) -> str:
    r, g, b = colour
    return f"{r:02x}{g:02x}{b:02x}"


def question_dict(question: q.Question | None, *, card_shown: bool = False, count: int | None = None) -> dict | None:
    """``short``: the prompt's last line when the rest is on the screen already (eXtraDICTION's
    clue card, written out in the terminal's prompt, is shown as a card). ``pick``: how the
    question is answered by tapping squares on the board (:func:`square_pick`); ``count``: how
    many squares a free answer takes (a HEXX Poached Pair flips two)."""
    if question is None:
        return None
    lines = [line.strip() for line in question.prompt.splitlines() if line.strip()]
    short = lines[-1] if card_shown and len(lines) > 1 else " ".join(lines)
    choices = list(question.choices)
    style = "words"
    if choices and all(c.isdigit() or c == "roll" for c in choices) and len(choices) > 6:
        style = "dice"
    elif choices and all(len(c) == 1 for c in choices):
        style = "letters"
    labels = {}
    if question.kind == q.CONFLICT and len(choices) == 2:
        # the crossword adapter asks (the tag's letter, the camera's letter)
        labels = {choices[0]: f"tag: {choices[0]}", choices[1]: f"camera: {choices[1]}"}
    return {"id": question.id, "kind": question.kind, "prompt": question.prompt, "short": short,
            "choices": choices, "squares": [list(s) for s in question.squares],
            "free": not question.choices, "style": style, "labels": labels,
            "pick": square_pick(question, count)}


_SQUARE_HEAD = re.compile(r"[=\s]")
_SQUARE_NAME = re.compile(r"^([a-z])([1-9][0-9]?)$")


def square_pick(question: q.Question, count: int | None = None) -> dict | None:
    """How a question about squares is answered on the board (None: it is not):

    * ``one``: every answer is one of the squares (a HEXX tile to remove or pick up): tapping a
      square gives its answer (``answers``: square -> answer);
    * ``filter``: the answers start with a square (a Metamorphosis ``e5=X E``): tapping a square
      keeps the answers for that square (``answers``: square -> answers);
    * ``many``: a free answer naming ``count`` of the squares (flip two tiles): tapping chooses
      and unchooses them, the answer is their names (``names``: square -> name);
    * ``candidates``: a question about one square with a few answers (the tag or the camera, a
      blank's letter): the answers are shown on the board at the square.

    Squares are ``"row,col"``; names are the games' own (column letter, row number: ``e5``).
    """
    squares = [tuple(s) for s in question.squares]
    choices = list(question.choices)
    if not squares:
        # answers that name their squares (a Metamorphosis: ``e5=x E``) point at them anyway
        for choice in choices:
            found = _SQUARE_NAME.match(_SQUARE_HEAD.split(choice.strip(), 1)[0].lower())
            if found:
                squares.append((int(found.group(2)) - 1, ord(found.group(1)) - ord("a")))
        if len(squares) < max(1, len(choices) - 1):        # all but one ("forfeit") name a square
            return None
        squares = list(dict.fromkeys(squares))
    key = {square_name(s).lower(): f"{s[0]},{s[1]}" for s in squares}
    if not choices:
        if len(squares) > 1 or count:
            return {"mode": "many", "count": max(1, int(count or 1)),
                    "names": {k: n for n, k in key.items()}}
        return None
    answers: dict[str, list[str]] = {}
    for choice in choices:
        head = _SQUARE_HEAD.split(choice.strip(), 1)[0].lower()
        if head in key:
            answers.setdefault(key[head], []).append(choice)
    if answers and len(answers) > 1:
        if all(len(v) == 1 and v[0].strip().lower() in key for v in answers.values()):
            return {"mode": "one", "answers": {k: v[0] for k, v in answers.items()}}
        return {"mode": "filter", "answers": answers}
    if len(squares) == 1 and not answers and len(choices) <= 4:
        return {"mode": "candidates", "square": f"{squares[0][0]},{squares[0][1]}"}
    return None


def game_view(game, adapter=None) -> dict:
    module = type(game).__module__
    for prefix, fn in VIEWS.items():
        if module.startswith(prefix):
            return fn(game, adapter) if _takes_adapter(fn) else fn(game)
    return {"type": "generic"}


def _takes_adapter(fn) -> bool:
    import inspect

    return len(inspect.signature(fn).parameters) > 1


def snapshot(controller, now: float | None = None, *, extra: dict | None = None) -> dict:
    """Everything the page shows, from the controller (call in the controller's thread)."""
    adapter = controller.adapter
    now = controller.clock() if now is None else now
    game = getattr(adapter, "game", None)
    if hasattr(adapter, "screen_view"):
        view = adapter.screen_view()
    else:
        view = game_view(game, adapter) if game is not None else {"type": "generic"}
    frame = None
    try:
        frame = controller.frame(now)
    except Exception:  # noqa: BLE001 - the LEDs are a nicety on the screen
        frame = None
    board = {"rows": adapter.rows, "cols": adapter.cols,
             "leds": [_hex(c) for c in frame.pixels] if frame is not None else [],
             "tiles": view.pop("tiles", {})}
    live = controller.live
    live_dict = None
    if live is not None and live.status in ("valid", "invalid", "ask"):
        live_dict = {"status": live.status, "score": live.score, "message": live.message,
                     "squares": [list(s) for s in live.squares],
                     "at_fault": [list(s) for s in live.at_fault]}
    jgame = adapter.jgame
    out = {
        "game": {"id": jgame.id, "kind": adapter.kind, "title": view.pop("title", adapter.kind),
                 "edition": getattr(jgame.info, "edition", "")},
        "players": view.pop("players", []),
        "to_move": view.pop("to_move", None),
        "bag": view.pop("bag", None),
        "history": view.pop("history", []),
        "last": view.pop("last", None),
        "result": view.pop("result", None),
        "over": bool(adapter.over),
        "board": board,
        "live": live_dict,
        "message": controller.message,
        "question": question_dict(controller.question, card_shown=bool(view.get("card")),
                                  count=_pick_count(controller.question, game)),
        "hint": [list(s) for s in controller.hint_squares],
        "view": view,
    }
    if extra:
        out.update(extra)
    return out


def _pick_count(question: q.Question | None, game) -> int | None:
    """How many squares the free answer to ``question`` names: the engine's pending decision
    says (HEXX: ``Decision.count``)."""
    if question is None or question.choices or not question.squares:
        return None
    pending = getattr(game, "pending", None)
    decision = question.context.get("decision") if isinstance(question.context, dict) else None
    kind = getattr(getattr(pending, "kind", None), "name", None)
    if decision is not None and decision == kind:
        return int(getattr(pending, "count", 1) or 1)
    return None


# -- Lexulous / Scrabble ---------------------------------------------------------------------------

@register_view("wordboard.lexulous")
def crossword_view(game) -> dict:
    from wordboard.lexulous import Exchange, Play

    layout = game.edition.board
    premiums = {}
    for r in range(layout.rows):
        for c in range(layout.cols):
            code = layout.premium(r, c)
            if code and code not in ("normal", "plain", "."):
                premiums[f"{r},{c}"] = code
    points = game.edition.tiles.points
    tiles = {f"{r},{c}": {"letter": tile.letter.upper(), "blank": bool(tile.blank),
                          "points": 0 if tile.blank else int(points.get(tile.letter.upper(), 0))}
             for (r, c), tile in game.board.tiles()}
    history = []
    for turn in game.history:
        move = turn.move
        if isinstance(move, Play):
            text = ", ".join(w.display for w in turn.words)
            kind = "play"
        elif isinstance(move, Exchange):
            text, kind = f"swapped {len(move.tiles)}", "swap"
        else:
            text, kind = "passed", "pass"
        history.append({"n": turn.number, "player": turn.player, "name": game.players[turn.player],
                        "kind": kind, "text": text, "score": turn.score, "total": turn.total,
                        "bingo": bool(turn.bingo),
                        "words": [{"word": w.display, "score": w.score} for w in turn.words]})
    last = None
    if game.history:
        turn = game.history[-1]
        move = turn.move
        last = dict(history[-1], squares=[list(s) for s in getattr(move, "squares", ())])
    result = None
    r = game.result
    if r is not None:
        result = {"reason": r.reason, "final": list(r.final), "adjustments": list(r.adjustments),
                  "winners": list(r.winners), "racks": list(r.racks),
                  "text": ", ".join(f"{game.players[w]}" for w in r.winners) + " wins"}
    return {
        "type": "crossword",
        "title": game.edition.name,
        "tiles": tiles,
        "premiums": premiums,
        "players": [{"name": n, "score": s, "rack": len(game.rack(i))}
                    for i, (n, s) in enumerate(zip(game.players, game.scores))],
        "to_move": None if game.is_over else game.current,
        "bag": game.bag_count,
        "history": history,
        "last": last,
        "result": result,
    }


# -- HEXX ------------------------------------------------------------------------------------------

@register_view("wordboard.hexx")
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


# -- eXtraDICTION ----------------------------------------------------------------------------------

def card_dict(card, *, reveal: bool) -> dict | None:
    if card is None:
        return None
    from wordboard.extradiction.pictures import SHAPES, is_shape, shape_name

    picture = card.picture
    shape = shape_name(picture) if is_shape(picture) else None
    return {"picture": None if shape else picture, "shape": shape if shape in SHAPES else None,
            "meaning": card.meaning, "first": card.first_letter, "length": card.length,
            "colour": card.colour.value, "word": card.word if reveal else None}


@register_view("wordboard.extradiction")
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
    history = []
    for rec in game.history:
        word = rec.placement.move.word if rec.placement is not None and hasattr(rec.placement.move, "word") \
            else (rec.card.word if rec.card is not None and rec.placement is not None else "")
        history.append({"n": rec.number, "player": rec.player, "name": game.players[rec.player],
                        "kind": "pass" if rec.passed else ("wrong" if rec.guessed_wrong else "play"),
                        "text": word or ("passed" if rec.passed else f"guessed {rec.guess or ''}"),
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
                  "text": " and ".join(game.players[w] for w in winners) + " wins"}
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
        "card": card_dict(card, reveal=reveal or level_name in ("1", "LEVEL_1", "level 1", "Level 1")),
        "waiting": waiting,
        "level": level_name,
        "clue_cards_left": game.clue_cards_left,
        "turn": len(game.history) + (0 if game.is_over else 1),
        "turns": getattr(game, "turn_limit", None),
        "chance_cards_left": game.chance_cards_left,
    }


# -- Dexikon ---------------------------------------------------------------------------------------

def _card(card) -> dict:
    kind = card.kind
    letters = getattr(kind, "letters", "") or getattr(kind, "letter", "") or ""
    return {"id": card.id, "name": kind.name, "cost": getattr(kind, "cost", None),
            "letters": str(letters) if isinstance(letters, str) else "".join(map(str, letters)),
            "points": getattr(kind, "points", None),
            "role": str(getattr(getattr(kind, "role", None), "name", "") or "").lower()}


@register_view("wordboard.dexikon")
def dexikon_view(game, adapter=None) -> dict:
    players = []
    for p in game.players:
        sheet = p.sheet
        banked = [{"word": str(b.word), "value": int(b.value)} for b in getattr(sheet, "banked", ())]
        players.append({"name": p.name, "score": sum(b["value"] for b in banked), "words": [b["word"] for b in banked],
                        "banked": banked, "first": bool(getattr(sheet, "first", False)),
                        "challenges_won": int(getattr(sheet, "challenges_won", 0)),
                        "last_word": getattr(sheet, "last_word", None),
                        "last_word_value": int(getattr(sheet, "last_word_value", 0) or 0),
                        "hand": len(p.hand), "deck": len(p.deck), "cards": len(p.cards())})
    names = [p.name for p in game.players]
    history = []
    for i, line in enumerate(list(getattr(game, "log", ()))[-40:]):
        who = next((j for j, n in enumerate(names) if str(line).startswith(n)), None)
        history.append({"n": i + 1, "player": who if who is not None else 0,
                        "name": names[who] if who is not None else "", "kind": "log",
                        "text": str(line), "score": "", "total": None})
    turn = getattr(game, "turn", None)
    claim = getattr(turn, "word", None)
    last = None
    if claim is not None:
        last = {"n": turn.number, "player": claim.player, "name": names[claim.player], "kind": "play",
                "text": claim.word, "score": int(getattr(turn, "value", 0) or 0),
                "words": [{"word": claim.word, "score": int(getattr(turn, "value", 0) or 0)}], "squares": []}
    sheets = []
    result = getattr(game, "result", None)
    final = None
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
    tiles = {}
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
