"""The controller's state as a JSON-able dict for the screen, and each game's own view.

:func:`snapshot` is called in the controller's thread (the engine is only read there). It gives
what every game has (players and scores, whose turn, the board as the LEDs show it, the last
move, the history, the pending question, the end) and ``view``: the game's own part, made by its
family in the registry (:meth:`wordboard.registry.GameFamily.view`, in the game's folder).

Nothing here is secret-safe by accident: racks and hands are never included (everyone at the
table can see the screen), only their sizes.
"""

from __future__ import annotations

import re

from wordboard.controller import questions as q
from wordboard.rules import square_name

Square = tuple[int, int]

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

    Squares are ``"row,col"``; names are the games' own (column letter, row number: ``E5``).
    """
    squares = [(s[0], s[1]) for s in question.squares]
    choices = list(question.choices)
    if not squares:
        # answers that name their squares (a Metamorphosis: ``E5=X E``) point at them anyway
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


def game_view(adapter) -> dict:
    """The game's own part of the snapshot, from its family in the registry."""
    from wordboard import registry

    return registry.family_for_kind(adapter.kind).view(adapter.game, adapter)


def snapshot(controller, now: float | None = None, *, extra: dict | None = None) -> dict:
    """Everything the page shows, from the controller (call in the controller's thread)."""
    adapter = controller.adapter
    now = controller.clock() if now is None else now
    game = getattr(adapter, "game", None)
    view = game_view(adapter) if game is not None else {"type": "generic"}
    frame = None
    try:
        frame = controller.frame(now)
    except Exception:  # noqa: BLE001 - the LEDs are a nicety on the screen
        frame = None
    board = {"rows": adapter.rows, "cols": adapter.cols,
             "leds": [_hex(c) for c in frame.pixels] if frame is not None else [],
             "tiles": view.pop("tiles", {}), "seen": _written(controller, adapter),
             "correct": correctable(adapter, getattr(controller, "sensor", None))}
    live = controller.live
    live_dict = None
    if live is not None and live.status in ("valid", "invalid", "ask"):
        live_dict = {"status": live.status, "score": live.score, "message": live.message,
                     "squares": [list(s) for s in live.squares],
                     "at_fault": [list(s) for s in live.at_fault],
                     # words the list lacks: the table may accept them (a house ruling)
                     "unlisted": list(live.unlisted)}
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
        "notices": list(getattr(controller, "notices", ())),
        "question": question_dict(controller.question, card_shown=bool(view.get("card")),
                                  count=_pick_count(controller.question, game)),
        "hint": [list(s) for s in controller.hint_squares],
        "view": view,
        "clocks": _clocks(controller, now),
        "pairing": _pairing(controller, now),
    }
    if extra:
        out.update(extra)
    return for_the_table(adapter, out)


def for_the_table(adapter, shown):
    """``shown`` (text, or a JSON-able value) as the table may see or hear it: for a children's
    game, through the children's gate (a word unsuitable for them is never repeated)."""
    from wordboard import registry

    if not registry.family_for_kind(adapter.kind).for_children:
        return shown
    from wordboard.extradiction.childtext import shown_for_child

    return shown_for_child(shown, getattr(adapter, "known_word", None))


def _clocks(controller, now: float) -> dict | None:
    """The game clock (:mod:`wordboard.controller.gameclock`): each player's time left, whose
    clock runs; None for a game without one."""
    keeper = getattr(controller, "game_clock", None)
    return keeper.view(now) if keeper is not None else None


def _pairing(controller, now: float) -> dict | None:
    """A game night's pairing for this board (:meth:`Controller.show_pairing`): ``round``,
    ``table``, ``players``, ``event``, and ``new`` while the LEDs show that it has just come;
    None outside a game night."""
    pairing = getattr(controller, "pairing", None)
    if not isinstance(pairing, dict):
        return None
    return {"round": pairing.get("round"), "table": pairing.get("table"),
            "players": list(pairing.get("players") or ()), "event": pairing.get("event"),
            "new": bool(controller.pairing_sign_shown(now))}


def _written(controller, adapter) -> dict:
    """A game written on the board (eXtraDICTION), or tiles read by the camera alone: the letters
    the camera reads on the squares not yet scored (``"?"``: something written it could not
    read, or a blank tile), so the screen shows what the board sees before the word is taken."""
    from wordboard import registry

    try:
        if registry.family_for_kind(adapter.kind).sensing != registry.WRITTEN and \
                not getattr(getattr(controller, "sensor", None), "tiles", False):
            return {}   # tiles on a sensor board: the tiles themselves are shown
        committed = adapter.committed_tiles()
        observed = dict(controller.board.observed)
    except Exception:  # noqa: BLE001 - what the camera reads is a nicety on the screen
        return {}
    out = {}
    for square, seen in observed.items():
        if square in committed:
            continue
        letter = getattr(seen, "tile", None)
        letter = letter.upper() if isinstance(letter, str) and len(letter) == 1 and letter.isalpha() else "?"
        out[f"{square[0]},{square[1]}"] = letter
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


def correctable(adapter, sensor=None) -> str | None:
    """Who may correct what the camera reads on the squares of this game: ``"players"`` (a game
    written on the board at Level 1: the child's big button), ``"pin"`` (another written game: a
    grown-up with the PIN), ``"tiles"`` (a game of tiles sensed by the camera alone: the players,
    a letter, a blank or an empty square), None (tiles on a sensor board: nothing to correct)."""
    from wordboard import registry

    try:
        if registry.family_for_kind(adapter.kind).sensing != registry.WRITTEN:
            return "tiles" if getattr(sensor, "tiles", False) and callable(getattr(sensor, "correct", None)) else None
    except Exception:  # noqa: BLE001 - an unknown game: nothing to correct
        return None
    level = getattr(getattr(adapter, "game", None), "level", None)
    return "players" if str(getattr(level, "value", level) or "") == "1" else "pin"
