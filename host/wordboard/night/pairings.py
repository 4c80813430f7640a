"""Pairings and standings for a game night: pure functions, no I/O.

* Standings go by wins (a tie is half a win), then spread (points for minus points against), the
  club convention, then rating, then name. A bye is a win by :data:`BYE_SPREAD` points (as
  Scrabble clubs and tsh count it).
* :func:`berger_schedule` / :func:`round_robin`: everyone meets everyone once, on a schedule
  fixed by the entry list (FIDE's Berger tables; with an odd number of players one sits out each
  round). A player who withdrew is dropped from the schedule, not the schedule recomputed: their
  opponent of the round has the bye, so no pair meets twice and nobody misses an opponent.
* :func:`swiss`: round 1 pairs the top half against the bottom half (1 v n/2+1, 2 v n/2+2...,
  as clubs do); later rounds take players in standings order, each paired with the best-placed
  player below them they have not met yet (wins, then spread); when no pairing without a rematch
  exists, the one with the fewest rematches. The bye goes to the lowest-placed player who has not
  had one.
* :func:`king_of_the_hill`: 1 v 2, 3 v 4... by standings, rematches allowed (the last round).
* :func:`assign_tables`: which table each game is played at: the leaders on table 1, except that
  a player with a fixed table (a wheelchair place, the board that is their own) gets it. When two
  games claim one table (two players fixed to it meet different opponents) the first game (the
  leaders') has it and the other takes the lowest free table: a round never fails over a seat;
  :func:`unseated` says whose fixed table went to someone else.

Each round, every player who is playing appears exactly once: in one game, or as the bye.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

#: A bye counts as a win by this many points.
BYE_SPREAD = 50
#: Steps the Swiss search may take for one number of rematches before it allows one more.
SEARCH_BUDGET = 20_000


@dataclass(frozen=True)
class Result:
    """A finished game between two players (``second`` None: a bye for ``first``)."""

    round: int
    first: str
    second: str | None
    first_score: int = 0
    second_score: int = 0


@dataclass
class Standing:
    name: str
    rating: int = 0
    wins: float = 0.0
    losses: float = 0.0
    spread: int = 0
    games: int = 0
    byes: int = 0
    opponents: list[str] = field(default_factory=list)

    def key(self) -> tuple[float, int, int, str]:
        return (-self.wins, -self.spread, -self.rating, self.name)


def standings(players: Iterable[str], results: Iterable[Result],
              ratings: dict[str, int] | None = None) -> list[Standing]:
    """Every player's record, best first (wins, then spread, then rating, then name)."""
    ratings = ratings or {}
    table = {name: Standing(name, ratings.get(name, 0)) for name in players}
    for r in results:
        first = table.setdefault(r.first, Standing(r.first, ratings.get(r.first, 0)))
        if r.second is None:
            first.wins += 1
            first.spread += BYE_SPREAD
            first.byes += 1
            first.games += 1
            continue
        second = table.setdefault(r.second, Standing(r.second, ratings.get(r.second, 0)))
        diff = r.first_score - r.second_score
        for me, other, d in ((first, second, diff), (second, first, -diff)):
            me.games += 1
            me.spread += d
            me.opponents.append(other.name)
            if d > 0:
                me.wins += 1
            elif d < 0:
                me.losses += 1
            else:
                me.wins += 0.5
                me.losses += 0.5
    return sorted(table.values(), key=Standing.key)


@dataclass(frozen=True)
class Game:
    """One game of a round: two players, or one player and ``None`` (the bye)."""

    first: str
    second: str | None

    @property
    def players(self) -> tuple[str, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)


def berger_schedule(players: Sequence[str]) -> list[list[Game]]:
    """Every round of a round robin of ``players`` (in seeding order), by FIDE's Berger tables:
    ``len(players) - 1`` rounds (``len(players)`` when odd, each with one bye), every pair meeting
    exactly once; who sits first follows the tables (it alternates), and the bye is listed last."""
    names: list[str | None] = list(players)
    _check_names(names)
    if len(names) % 2:
        names.append(None)          # the last seed: whoever meets it has the bye
    n = len(names)
    rounds: list[list[Game]] = [[] for _ in range(n - 1)]
    last = names[-1]
    for i in range(1, n):
        # seed i meets seed n in the round where 2i - 2 = r - 1 (mod n - 1); the lower half sits first
        r = (2 * i - 2) % (n - 1)
        a, b = (names[i - 1], last) if i <= n // 2 else (last, names[i - 1])
        rounds[r].append(_game(a, b))
    for i in range(1, n):
        for j in range(i + 1, n):
            # seeds i < j meet in round (i + j - 2) mod (n - 1); the lower sits first when i + j is odd
            r = (i + j - 2) % (n - 1)
            a, b = (names[i - 1], names[j - 1]) if (i + j) % 2 else (names[j - 1], names[i - 1])
            rounds[r].append(_game(a, b))
    return [_byes_last(games) for games in rounds]


def round_robin(entries: Sequence[str], round_number: int, playing: Iterable[str] | None = None) -> list[Game]:
    """Round ``round_number`` (1-based) of the round robin :func:`berger_schedule` makes of
    ``entries`` (the entry list, in seeding order, as it was when the round robin began).
    ``playing``: who is still playing (None: everyone); the opponent of one who withdrew has the
    bye, and a game of two who withdrew is not played. :class:`ValueError` past the last round."""
    schedule = berger_schedule(entries)
    if not 1 <= round_number <= len(schedule):
        raise ValueError(f"a round robin of {len(entries)} players has rounds 1-{len(schedule)}, "
                         f"not {round_number}")
    here = set(entries if playing is None else playing)
    games = []
    for g in schedule[round_number - 1]:
        left = [name for name in g.players if name in here]
        if left:
            games.append(Game(left[0], left[1] if len(left) > 1 else None))
    return _byes_last(games)


def swiss(order: Sequence[Standing]) -> list[Game]:
    """Pair players given in standings order (see the module docs)."""
    players = [s.name for s in order]
    _check_names(players)
    met = {s.name: set(s.opponents) for s in order}
    games: list[Game] = []
    if len(players) % 2:
        byes = {s.name: s.byes for s in order}
        fewest = min(byes.values())
        bye = next(name for name in reversed(players) if byes[name] == fewest)
        players.remove(bye)
        games_bye = [Game(bye, None)]
    else:
        games_bye = []
    if all(s.games == 0 for s in order):
        # round 1: the top half against the bottom half (1 v n/2+1, 2 v n/2+2...)
        half = len(players) // 2
        return [Game(players[i], players[half + i]) for i in range(half)] + games_bye
    for allowed in range(len(players) // 2 + 1):
        found = _pair_down(players, met, allowed, [SEARCH_BUDGET])
        if found is not None:
            games = [Game(a, b) for a, b in found]
            break
    return games + games_bye


def king_of_the_hill(order: Sequence[Standing]) -> list[Game]:
    """1 v 2, 3 v 4...; with an odd number the last player has the bye."""
    players = [s.name for s in order]
    _check_names(players)
    games = [Game(players[i], players[i + 1]) for i in range(0, len(players) - 1, 2)]
    if len(players) % 2:
        games.append(Game(players[-1], None))
    return games


def assign_tables(games: Sequence[Game], fixed: dict[str, int], tables: Sequence[int]) -> list[tuple[int, Game]]:
    """``(table, game)`` for each game that needs a board (byes need none and get table 0), in
    order: a game with a player whose table is fixed gets that table (the lower one when both
    players have one) while it is free, the others the lowest free tables in the order given (the
    leaders' game first). :class:`ValueError` only when there are fewer tables than games."""
    playing = [g for g in games if g.second is not None]
    if len(playing) > len(tables):
        raise ValueError(f"{len(playing)} games but only {len(tables)} tables")
    out: dict[int, Game] = {}
    loose = []
    for g in playing:
        wanted = sorted({fixed[p] for p in g.players if p in fixed and fixed[p] in tables} - set(out))
        if wanted:
            out[wanted[0]] = g
        else:
            loose.append(g)
    free = iter(t for t in tables if t not in out)
    for g in loose:
        out[next(free)] = g
    placed = sorted(out.items())
    return placed + [(0, g) for g in games if g.second is None]


def unseated(placed: Iterable[tuple[int, Game]], fixed: dict[str, int]) -> list[tuple[str, int, int]]:
    """``(player, fixed table, table played at)`` of each player :func:`assign_tables` could not
    seat at their fixed table (another game had it), byes aside."""
    return [(name, fixed[name], table) for table, g in placed if g.second is not None
            for name in g.players if name in fixed and fixed[name] != table]


def _pair_down(players: list[str], met: dict[str, set[str]], allowed: int,
               budget: list[int]) -> list[tuple[str, str]] | None:
    """Pairs top-down (each player with the best-placed available opponent), with at most
    ``allowed`` rematches; None if impossible (or not found within ``budget`` steps, so a large
    field never hangs). Depth-first: the first found is the one that keeps the standings' order
    best."""
    if not players:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    top, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        rematch = other in met.get(top, ())
        if rematch and allowed == 0:
            continue
        found = _pair_down(rest[:i] + rest[i + 1:], met, allowed - rematch, budget)
        if found is not None:
            return [(top, other)] + found
    return None


def _game(a: str | None, b: str | None) -> Game:
    if a is None:
        assert b is not None
        return Game(b, None)
    return Game(a, b)


def _byes_last(games: list[Game]) -> list[Game]:
    return [g for g in games if g.second is not None] + [g for g in games if g.second is None]


def _check_names(names: Sequence[str | None]) -> None:
    if len(names) < 2:
        raise ValueError("a round needs at least two players")
    if len(set(names)) != len(names):
        raise ValueError("players need distinct names")
