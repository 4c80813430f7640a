"""Write a game as a GCG record (the community's standard format, see :mod:`wordboard.gcg`).

Plays are written as records write them: the position of the main word, the whole word with the
tiles already on the board as ``.`` and blanks in lower case. The end of the game is written the
way the edition settles it: ``(TILES) +N`` for the player who went out, ``RACK (RACK) -N`` for a
player who loses their own tiles. The edition's name goes into an ``#edition`` pragma (an
extension) so that ``wordboard replay`` picks it up again. Players' names become nicks with
``_`` for spaces. Three- and four-player games use the ``#player3``/``#player4`` extension.
"""

from __future__ import annotations

from wordboard import gcg
from wordboard.crossword.game import END_WENT_OUT, Game, Turn
from wordboard.crossword.moves import Exchange, Pass, Play

EDITION_PRAGMA = "edition"


def nick_for(name: str) -> str:
    """A GCG nick for a player's name: no white space, no ``:``."""
    nick = "_".join(name.split()).replace(":", "_")
    return nick if not nick.startswith(("#", ">")) else "_" + nick[1:]


def game_record(game: Game, *, lexicon: str | None = None, title: str | None = None,
                edition_name: str | None = None) -> gcg.GameRecord:
    """The GCG record of ``game`` so far (with its end, if it is over)."""
    nicks = [nick_for(name) for name in game.players]
    players = [gcg.Player(nick, name) for nick, name in zip(nicks, game.players)]
    pragmas = [(EDITION_PRAGMA, edition_name or game.edition.name.lower())]
    if title:
        pragmas.append(("title", title))
    if lexicon:
        pragmas.append(("lexicon", lexicon))
    events: list[gcg.Event] = [_event(turn, nicks[turn.player], game) for turn in game.history]
    result = game.result
    if result is not None:
        totals = list(game.scores)
        tiles = game.edition.tiles
        if result.reason == END_WENT_OUT:
            out = result.went_out
            others = "".join(r for i, r in enumerate(result.racks) if i != out)
            totals[out] += result.adjustments[out]
            events.append(gcg.EndRackBonus(nicks[out], "", others, result.adjustments[out], totals[out]))
            losers = [i for i in range(len(nicks)) if i != out and result.adjustments[i]]
        else:
            losers = [i for i, rack in enumerate(result.racks) if rack]
        for i in losers:
            totals[i] += result.adjustments[i]
            events.append(gcg.EndRackPenalty(nicks[i], result.racks[i], result.racks[i],
                                             -tiles.rack_value(result.racks[i]), totals[i]))
    return gcg.GameRecord(players=players, events=events, pragmas=pragmas, final_racks={})


def _event(turn: Turn, nick: str, game: Game) -> gcg.Event:
    move = turn.move
    if isinstance(move, Play):
        main = turn.words[0]
        new = set(move.squares)
        word = "".join(ch if sq in new else "." for ch, sq in zip(main.display, main.squares))
        position = gcg.Position(main.squares[0][0], main.squares[0][1], main.across)
        return gcg.Play(nick, turn.rack, position, word, turn.score, turn.total)
    if isinstance(move, Exchange):
        return gcg.Exchange(nick, turn.rack, move.tiles, len(move.tiles), 0, turn.total)
    if isinstance(move, Pass):
        return gcg.Pass(nick, turn.rack, 0, turn.total)
    raise TypeError(f"not a move: {move!r}")
