"""Write a game as a GCG record (the community's standard format, see :mod:`wordboard.gcg`).

Plays are written as records write them: the position of the main word, the whole word with the
tiles already on the board as ``.`` and blanks in lower case. The end of the game is written the
way the edition settles it: ``(TILES) +N`` for the player who went out, ``RACK (RACK) -N`` for a
player who loses their own tiles, then ``RACK (time) -N`` for a player over time on the game
clock. The edition's name goes into a note before the first event,
``#note Edition: lexulous``, which Woogles' and Quackle's parsers skip (an ``#edition`` pragma, as
wordboard once wrote, makes Woogles refuse the file) and ``wordboard replay`` reads back. A
rack the game does not know (physical racks: the players drew from the real bag) is written as
the tiles the turn played, the part of the rack the table saw; a turn that shows none (a pass, a
lost turn, a swap of tiles not named) is written with a rack Macondo's importer (Woogles')
accepts: it reads every rack as tiles, takes a swap's ``-3`` from the first 3 tiles of the rack
and refuses a rack that cannot be drawn from the tiles not on the board. So such a rack is
tiles among the unseen ones then (the most plentiful letters; as many as the swap, else one),
followed by ``#note rack not seen: ...``, never ``?`` (one blank, which may be on the board: the
swap ``>Ben: ? -3`` was refused). A challenge's bonus line carries the challenged play's rack, as
records write it (``>Ann: (challenge) +5`` with one space reads, in Macondo, as the end of the
game). Players' names become nicks with ``_`` for spaces. Three- and four-player games use the
``#player3``/``#player4`` extension (which Macondo does not read: it loads two-player games).
"""

from __future__ import annotations

from collections import Counter

from wordboard import gcg
from wordboard.crossword.game import END_WENT_OUT, Game, Turn
from wordboard.crossword.moves import (
    ChallengeBonus,
    ChallengeTurn,
    Exchange,
    LostTurn,
    Move,
    Pass,
    Play,
    Withdrawn,
)
from wordboard.editions import BLANK

EDITION_PRAGMA = "edition"          # how records wordboard wrote before said the edition
EDITION_NOTE = "Edition:"           # how they say it now: "#note Edition: lexulous"


def record_edition(record: gcg.GameRecord) -> str | None:
    """The edition a record names (its ``#note Edition: NAME``, or an older ``#edition``)."""
    for name, value in record.pragmas:
        if name == "note" and value.startswith(EDITION_NOTE):
            return value[len(EDITION_NOTE):].strip() or None
    return record.pragma(EDITION_PRAGMA)


def nick_for(name: str) -> str:
    """A GCG nick for a player's name: no white space, no ``:``."""
    nick = "_".join(name.split()).replace(":", "_")
    return nick if not nick.startswith(("#", ">")) else "_" + nick[1:]


def game_record(game: Game, *, lexicon: str | None = None, title: str | None = None,
                edition_name: str | None = None, description: str | None = None) -> gcg.GameRecord:
    """The GCG record of ``game`` so far (with its end, if it is over)."""
    nicks = [nick_for(name) for name in game.players]
    players = [gcg.Player(nick, name) for nick, name in zip(nicks, game.players)]
    pragmas = []
    if title:
        pragmas.append(("title", title))
    if description:
        pragmas.append(("description", description))
    if lexicon:
        pragmas.append(("lexicon", lexicon))
    pragmas.append(("note", f"{EDITION_NOTE} {edition_name or game.edition.name.lower()}"))
    events: list[gcg.Event] = [_event(turn, nicks[turn.player], game) for turn in game.history
                               if not (isinstance(turn.move, ChallengeBonus) and not turn.score)]
    result = game.result
    if result is not None:
        totals = list(game.scores)
        tiles = game.edition.tiles
        if result.reason == END_WENT_OUT:
            out = result.went_out
            assert out is not None, "a game that ends by going out names who went out"
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
        for i, penalty in enumerate(result.time_penalties):
            if penalty:                                # overtime on the game clock: (time) -N
                totals[i] -= penalty
                events.append(gcg.TimePenalty(nicks[i], result.racks[i], -penalty, totals[i]))
    return gcg.GameRecord(players=players, events=events, pragmas=pragmas, final_racks={})


#: the note after an event whose rack the game does not know
UNSEEN_RACK_NOTE = "rack not seen (a real rack): written as unseen tiles for importers"


def _event(turn: Turn, nick: str, game: Game) -> gcg.Event:
    move = turn.move
    rack = turn.rack or _seen_rack(move)
    notes: tuple[str, ...] = ()
    if not rack:                                         # a pass, a lost turn, a swap of unnamed tiles
        rack = unseen_rack(turn.unseen_before, move.count if isinstance(move, Exchange) else 1)
        notes = (UNSEEN_RACK_NOTE,)
    if isinstance(move, Pass | LostTurn):               # a double challenge's lost turn: a pass
        return gcg.Pass(nick, rack, 0, turn.total, notes=notes)
    if isinstance(move, Exchange):
        return gcg.Exchange(nick, rack, move.tiles or None, move.count, 0, turn.total, notes=notes)
    if isinstance(move, ChallengeBonus):                 # with the challenged play's rack
        played = game.history[turn.number - 2]
        return gcg.ChallengeBonus(nick, played.rack or _seen_rack(played.move), turn.score, turn.total)
    if isinstance(move, Play):
        main = turn.words[0]
        new = set(move.squares)
        word = "".join(ch if sq in new else "." for ch, sq in zip(main.display, main.squares))
        position = gcg.Position(main.squares[0][0], main.squares[0][1], main.across)
        return gcg.Play(nick, rack, position, word, turn.score, turn.total)
    if isinstance(move, Withdrawn):
        return gcg.Withdrawn(nick, move.play.rack_tiles, turn.score, turn.total)
    raise TypeError(f"not a move: {move!r}")


def _seen_rack(move: Move | ChallengeTurn) -> str:
    """What a record can say of a rack the game does not know: the tiles the turn played (a
    swap of unnamed tiles, or a pass, shows none: "")."""
    if isinstance(move, Play):
        return move.rack_tiles
    if isinstance(move, Exchange) and move.tiles:
        return move.tiles
    if isinstance(move, Withdrawn):
        return move.play.rack_tiles
    return ""


def unseen_rack(unseen: str, count: int) -> str:
    """``count`` tiles among ``unseen`` for a rack nobody saw: the most plentiful letters first
    (a blank only when no letter is left), so the importer can draw them; sorted."""
    plenty = Counter(t for t in unseen if t != BLANK) or Counter(unseen)
    ordered = [t for t, n in sorted(plenty.items(), key=lambda tn: (-tn[1], tn[0])) for _ in range(n)]
    return "".join(sorted(ordered[:max(count, 1)]))
