"""What the screen shows of a Lexulous or Scrabble game: the premium squares, the tiles, the
history (see :mod:`wordboard.screen.snapshot`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wordboard.crossword.game import Game


def crossword_view(game: Game) -> dict[str, Any]:
    from wordboard.crossword import Exchange, Pass, Play

    layout = game.edition.board
    premiums: dict[str, str] = {}
    for row in range(layout.rows):
        for col in range(layout.cols):
            code = layout.premium(row, col)
            if code and code not in ("normal", "plain", "."):
                premiums[f"{row},{col}"] = code
    points = game.edition.tiles.points
    tiles = {f"{r},{c}": {"letter": tile.letter.upper(), "blank": bool(tile.blank),
                          "points": 0 if tile.blank else int(points.get(tile.letter.upper(), 0))}
             for (r, c), tile in game.board.tiles()}
    history: list[dict[str, Any]] = []
    for turn in game.history:
        move = turn.move
        if isinstance(move, Play):
            text = ", ".join(w.display for w in turn.words)
            kind = "play"
        elif isinstance(move, Exchange):
            text, kind = f"swapped {move.count}", "swap"
        elif isinstance(move, Pass):
            text, kind = "passed", "pass"
        else:                                   # what a challenge added
            text, kind = str(move), "challenge"
        history.append({"n": turn.number, "player": turn.player, "name": game.players[turn.player],
                        "kind": kind, "text": text, "score": turn.score, "total": turn.total,
                        "bingo": bool(turn.bingo),
                        "words": [{"word": w.display, "score": w.score} for w in turn.words]})
    last: dict[str, Any] | None = None
    if game.history:
        turn = game.history[-1]
        move = turn.move
        last = dict(history[-1], squares=[list(s) for s in getattr(move, "squares", ())])
    result: dict[str, Any] | None = None
    r = game.result
    if r is not None:
        outcome = game.outcome()
        assert outcome is not None, "a game with a result has its outcome"
        result = {"reason": r.reason, "final": list(r.final), "adjustments": list(r.adjustments),
                  "winners": list(r.winners), "racks": list(r.racks),
                  "time_penalties": list(r.time_penalties), "text": outcome.result_text()}
    return {
        "type": "crossword",
        "title": game.edition.name,
        "tiles": tiles,
        "premiums": premiums,
        # once the game is over, the scores after the end-of-game adjustments (the racks): the
        # engine's running scores stay the totals before them
        "players": [{"name": n, "score": s, "rack": game.rack_count(i)}
                    for i, (n, s) in enumerate(zip(game.players, r.final if r is not None else game.scores))],
        "to_move": None if game.is_over else game.current,
        "bag": game.bag_count,
        # the club tracking sheet: every tile not on the board (the bag and the racks together)
        "unseen": game.unseen_tiles(),
        "challenge": game.challenge_rule,
        "history": history,
        "last": last,
        "result": result,
    }
