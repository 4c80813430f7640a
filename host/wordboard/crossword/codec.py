"""Lexulous and Scrabble games in the journal: how they start, how their moves and the table's
decisions are written, replayed and exported (GCG).
"""

from __future__ import annotations

from wordboard.errors import UserError
from wordboard.journal import GameInfo, Undecided
from wordboard.timecontrol import TimeControl

#: The ``racks`` option of a game on a real table: the engine deals no racks (physical racks).
PHYSICAL = "physical"


class LexulousCodec:
    """Lexulous and Scrabble (one engine, the edition decides).

    Moves: ``{"play": ["H8=C", "H9=a"], "across": null}`` (a lower-case letter is a blank),
    ``{"exchange": "AEI"}`` (or ``{"exchange": 3}``: how many, not which), ``{"pass": true}``, and
    with physical racks (option ``"racks": "physical"``) ``{"leftovers": ["AEI", ""]}``, the tiles
    left on each rack at the end; under a challenge rule (option ``"challenge"``: single, double,
    five-point, ten-point) ``{"challenge": 1, "phonies": ["ZAX"]}``, the last play challenged by
    player 1 and its judgement as it was made (the words the word list lacked; ``[]``: the play
    stood), so a rebuild never judges it again. Journals written before the judgement was kept
    hold ``{"challenge": 1}``: a rebuild judges it against the word list the game's options name,
    and keeps the judgement the rest of the journal and its result agree with (the other one if
    the list has changed since, or either if no list can be opened: see
    :func:`wordboard.journal.replay`). Decisions: ``{"rack": {"player": 0, "tiles":
    "AEINRST"}}`` (the tiles a player drew from the real bag), ``{"undo": "challenge upheld"}``
    (takes back the last turn; any reason), ``{"score_edit": {"player": 0, "delta": -5, "by":
    "screen"}}`` (a score corrected by hand: added to that player's final score in the result),
    ``{"clock": {"used_ms": [61000, 0], "running": 1}}`` (a game clock (option ``"clock"``): the
    milliseconds each player has used so far; the last one before the end settles the overtime
    penalties), ``{"house_words": ["QOPH"]}`` (a house ruling: the table accepted words the word
    list lacks, for the rest of the game), and anything else, which replay ignores (notes).
    """

    kind = "lexulous"

    def new_game(self, info: GameInfo):
        from wordboard.crossword import Game
        from wordboard.editions import load_edition

        first = info.options.get("first_player")
        clock = info.options.get("clock")
        game = Game(load_edition(info.edition), info.players, seed=info.seed, first_player=first,
                    physical=info.options.get("racks") == PHYSICAL, challenge=info.options.get("challenge", "void"),
                    time_control=TimeControl.from_json(clock) if isinstance(clock, dict) else None)
        # the word list an old journal's challenge (journalled without its judgement) is judged by
        game.journal_lexicon = info.options.get("lexicon")
        return game

    def encode_move(self, move) -> dict:
        from wordboard.crossword import Exchange, Leftovers, Pass, Play, square_name
        from wordboard.crossword.moves import Challenge

        if isinstance(move, Leftovers):
            return {"leftovers": list(move.racks)}
        if isinstance(move, Challenge):
            if move.phonies is None:
                return {"challenge": move.by}
            return {"challenge": move.by, "phonies": list(move.phonies)}
        if isinstance(move, Play):
            tiles = [f"{square_name(p.square)}={p.letter.lower() if p.blank else p.letter}"
                     for p in move.placements]
            return {"play": tiles, "across": move.across}
        if isinstance(move, Exchange):
            return {"exchange": move.tiles or move.count}
        if isinstance(move, Pass):
            return {"pass": True}
        raise TypeError(f"not a Lexulous move: {move!r}")

    def decode_move(self, data: dict):
        from wordboard.crossword import Exchange, Leftovers, Pass, Placement, Play, parse_square

        if "leftovers" in data:
            return Leftovers(tuple(str(r) for r in data["leftovers"]))
        if "challenge" in data:
            from wordboard.crossword.moves import Challenge

            phonies = data.get("phonies")
            return Challenge(int(data["challenge"]), None if phonies is None else tuple(str(w) for w in phonies))
        if "play" in data:
            placements = []
            for item in data["play"]:
                name, letter = item.split("=")
                row, col = parse_square(name)
                placements.append(Placement(row, col, letter.upper(), letter.islower()))
            return Play(tuple(placements), data.get("across"))
        if "exchange" in data:
            tiles = data["exchange"]
            return Exchange(count=tiles) if isinstance(tiles, int) else Exchange(tiles)
        if data.get("pass"):
            return Pass()
        raise ValueError(f"not a Lexulous move: {data}")

    def check(self, game, event_type: str, data: dict) -> None:
        if event_type == "move" and "challenge" in data and "phonies" not in data:
            raise UserError("a challenge is journalled with its judgement (Game.judge), so that "
                            "a rebuild never judges it again")
        if event_type == "move":
            verdict = game.dry_run(self.decode_move(data))
            if not verdict.legal:
                raise verdict.error
        elif "undo" in data and not game.history:
            raise UserError("there is no move to undo")
        elif "score_edit" in data:
            _score_edit(game, data["score_edit"])
        elif "clock" in data:
            _clock(game, data["clock"])
        elif "house_words" in data:
            for word in _house_words(data["house_words"]):
                game.house_word(word)

    def apply(self, game, event_type: str, data: dict) -> None:
        if event_type == "move" and "challenge" in data and "phonies" not in data:
            raise _old_challenge(game, int(data["challenge"]))
        if event_type == "move":
            game.push(self.decode_move(data))
        elif "rack" in data:
            game.set_rack(int(data["rack"]["player"]), data["rack"]["tiles"])
        elif "undo" in data:
            game.undo()
        elif "score_edit" in data:
            player, delta = _score_edit(game, data["score_edit"])
            edits = score_edits(game)
            edits[player] = edits.get(player, 0) + delta
            game.score_edits = edits
        elif "clock" in data:
            game.set_clock(_clock(game, data["clock"]))
        elif "house_words" in data:
            game.accept_words(_house_words(data["house_words"]))

    def result(self, game):
        r = game.result
        if r is None:
            return None
        edits = score_edits(game)
        final = [score + edits.get(i, 0) for i, score in enumerate(r.final)]
        winners = list(r.winners)
        if any(edits.values()):
            best = max(final)
            winners = [i for i, score in enumerate(final) if score == best]
        out = {"reason": r.reason, "final": final, "winners": winners}
        if any(edits.values()):
            out["engine_final"] = list(r.final)
            out["score_edits"] = {str(i): d for i, d in sorted(edits.items()) if d}
        if game.time_control is not None:
            out["time_used"] = [round(u, 3) for u in game.time_used]
            out["time_penalties"] = list(r.time_penalties or (0,) * len(game.players))
        return out

    def export(self, game, fmt: str, info: GameInfo | None = None) -> str:
        if fmt != "gcg":
            raise UserError(f"Lexulous games export as gcg or json, not {fmt}")
        import time

        from wordboard import gcg
        from wordboard.crossword.record import game_record

        title = description = lexicon = None
        if info is not None:
            title = f"{game.edition.name} game {info.id}"
            day = time.strftime("%Y-%m-%d", time.localtime(info.started))
            description = f"played on a wordboard table, {day}"
            lexicon = info.options.get("lexicon") or None
        text = gcg.dumps(game_record(game, title=title, description=description, lexicon=lexicon))
        notes = [f"#note score corrected by hand: {game.players[i]} {d:+d}"
                 for i, d in sorted(score_edits(game).items()) if d]
        if game.house_words:
            notes.append("#note house ruling: accepted although the word list lacks them: "
                         + ", ".join(sorted(game.house_words)))
        if notes:
            text = text.rstrip("\n") + "\n" + "\n".join(notes) + "\n"
        return text


def _old_challenge(game, by: int) -> Undecided:
    """A challenge journalled without its judgement (before it was kept): the judgements it may
    have had, the word list's first (the list the game's options name, if it opens), for the
    rebuild to keep the one the rest of the journal agrees with."""
    from wordboard.controller.boardgames import dictionary

    game.check_challenge(by, ())            # (no play to challenge: it does not replay at all)
    words = game.words
    name = game.journal_lexicon
    if words is None and name:
        try:
            listed = dictionary(name)
        except Exception:  # noqa: BLE001 - a list gone or broken: the journal decides alone
            listed = None
        if listed is not None:                 # the list, with the house's rulings so far
            game.dictionary = listed
            words = game.words
            game.dictionary = None
    played = [w.text for w in game.history[-1].words]
    by_list = None if words is None else [w for w in played if w not in words]
    stands: list[str] = []
    phony = by_list or played[:1]
    judgements = [by_list, stands if by_list else phony] if by_list is not None else [stands, phony]
    return Undecided([{"challenge": by, "phonies": j} for j in judgements])


def score_edits(game) -> dict[int, int]:
    """Score corrections journalled for this game so far: player index -> points added."""
    return dict(getattr(game, "score_edits", None) or {})


def _clock(game, body) -> list[float]:
    """A ``clock`` decision's seconds used, one for each player."""
    try:
        used = [int(ms) / 1000 for ms in body["used_ms"]]
    except (TypeError, KeyError, ValueError, AttributeError):
        raise UserError(f"not a game clock: {body}") from None
    if len(used) != len(game.players) or min(used, default=0) < 0:
        raise UserError(f"not a game clock for {len(game.players)} players: {body}")
    return used


def _score_edit(game, body) -> tuple[int, int]:
    try:
        player, delta = int(body["player"]), int(body["delta"])
    except (TypeError, KeyError, ValueError):
        raise UserError(f"not a score correction: {body}") from None
    if not 0 <= player < len(game.players):
        raise UserError(f"no player {player} in this game")
    return player, delta


def _house_words(body) -> list[str]:
    if not isinstance(body, list) or not body or not all(isinstance(w, str) for w in body):
        raise UserError(f"not a house ruling (a list of words): {body}")
    return body
