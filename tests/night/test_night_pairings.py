"""Pairings and standings: every player once a round, round robin meets everyone once, Swiss
avoids rematches while it can, King of the Hill pairs by place, tables honour fixed seats,
standings by wins then spread."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordboard.night import pairings as p

names = st.integers(2, 16).map(lambda n: [f"P{i}" for i in range(n)])


def appear_once(games, players):
    seen = [x for g in games for x in g.players]
    assert sorted(seen) == sorted(players)
    assert sum(g.second is None for g in games) == len(players) % 2
    assert all(g.first != g.second for g in games)


@given(players=names)
def test_round_robin_everyone_meets_everyone_once(players):
    rounds = len(players) - 1 if len(players) % 2 == 0 else len(players)
    met = []
    for r in range(1, rounds + 1):
        games = p.round_robin(players, r)
        appear_once(games, players)
        met += [frozenset(g.players) for g in games if g.second is not None]
    assert len(met) == len(set(met)) == len(players) * (len(players) - 1) // 2


def play_round(games, rng):
    return [p.Result(0, g.first, g.second, rng.randrange(200, 500), rng.randrange(200, 500)) if g.second else
            p.Result(0, g.first, None) for g in games]


@settings(max_examples=60, deadline=None)
@given(players=names, rounds=st.integers(1, 6), seed=st.randoms(use_true_random=False))
def test_swiss_pairs_everyone_and_avoids_rematches_while_it_can(players, rounds, seed):
    results = []
    for _ in range(rounds):
        order = p.standings(players, results)
        games = p.swiss(order)
        appear_once(games, players)
        met = {s.name: set(s.opponents) for s in order}
        rematches = sum(g.second in met[g.first] for g in games if g.second)
        if rematches:
            # no pairing without a rematch exists (brute force over the players paired)
            paired = [x for g in games if g.second for x in g.players]
            assert not _perfect_matching_without_rematch(paired, met)
        byes = [s for s in order if s.name in {g.first for g in games if g.second is None}]
        if byes:   # the bye goes to someone with the fewest byes so far
            assert byes[0].byes == min(s.byes for s in order)
        results += play_round(games, seed)


def _perfect_matching_without_rematch(players, met):
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(other not in met[first] and _perfect_matching_without_rematch(rest[:i] + rest[i + 1:], met)
               for i, other in enumerate(rest))


@given(players=names, seed=st.randoms(use_true_random=False))
def test_king_of_the_hill_pairs_by_place(players, seed):
    results = play_round(p.round_robin(players, 1), seed)
    order = p.standings(players, results)
    games = p.king_of_the_hill(order)
    appear_once(games, players)
    ranked = [s.name for s in order]
    for i, g in enumerate(g for g in games if g.second):
        assert (g.first, g.second) == (ranked[2 * i], ranked[2 * i + 1])


@given(players=names, seed=st.randoms(use_true_random=False))
def test_standings_by_wins_then_spread(players, seed):
    results = []
    for games in p.berger_schedule(players)[:3]:
        results += play_round(games, seed)
    table = p.standings(players, results)
    keys = [(-s.wins, -s.spread) for s in table]
    assert keys == sorted(keys)
    games = [r for r in results if r.second is not None]
    assert sum(s.wins for s in table) == len(games) + sum(r.second is None for r in results)
    assert sum(s.wins + s.losses for s in table) == 2 * len(games) + sum(r.second is None for r in results)
    assert sum(s.spread for s in table) == p.BYE_SPREAD * sum(r.second is None for r in results)


def test_a_tie_is_half_a_win_and_a_bye_a_win_by_fifty():
    table = {s.name: s for s in p.standings(["A", "B", "C"], [p.Result(1, "A", "B", 300, 300),
                                                             p.Result(1, "C", None)])}
    assert (table["A"].wins, table["A"].losses, table["A"].spread) == (0.5, 0.5, 0)
    assert (table["C"].wins, table["C"].spread, table["C"].byes) == (1, 50, 1)


@given(players=names, data=st.data())
def test_tables_the_leaders_first_and_fixed_seats_kept(players, data):
    games = p.swiss(p.standings(players, []))
    playing = [g for g in games if g.second]
    tables = list(range(1, len(playing) + data.draw(st.integers(0, 3)) + 1))
    pinned = data.draw(st.lists(st.sampled_from(players), unique=True, max_size=2))
    fixed = {}
    for name in pinned:
        game = next(g for g in games if name in g.players)
        if game.second is None or any(fixed.get(other) for other in game.players):
            continue
        free = [t for t in tables if t not in fixed.values()]
        fixed[name] = data.draw(st.sampled_from(free))
    placed = p.assign_tables(games, fixed, tables)
    assert sorted(g.players for _, g in placed) == sorted(g.players for g in games)
    numbers = [t for t, g in placed if g.second]
    assert len(numbers) == len(set(numbers)) and set(numbers) <= set(tables)
    for name, t in fixed.items():
        assert any(t == table and name in g.players for table, g in placed)
    assert [g for t, g in placed if g.second is None] == [g for g in games if g.second is None]
    if not fixed:
        assert numbers == tables[:len(playing)]


def test_too_few_tables_are_refused_and_two_fixed_players_meeting_share_one_table():
    games = [p.Game("A", "B"), p.Game("C", "D")]
    with pytest.raises(ValueError):
        p.assign_tables(games, {}, [1])
    # A and B are fixed to different tables and meet: the game takes the lower, C v D the other
    placed = p.assign_tables(games, {"A": 1, "B": 2}, [1, 2])
    assert placed == [(1, games[0]), (2, games[1])]
    assert p.unseated(placed, {"A": 1, "B": 2}) == [("B", 2, 1)]
    with pytest.raises(ValueError):
        p.round_robin(["A"], 1)
    assert list(itertools.chain(*(g.players for g in p.round_robin(["A", "B"], 1)))) in (["A", "B"], ["B", "A"])


# -- issue 38: a fixed round robin schedule, Swiss round 1, fixed tables that never fail a round --

def test_the_schedule_is_fides_berger_table():
    """FIDE's Berger table for 6 players (who sits first included), and 5 with the bye."""
    def rows(players):
        return [[f"{g.first}-{g.second or 'bye'}" for g in games] for games in p.berger_schedule(players)]

    assert rows("123456") == [["1-6", "2-5", "3-4"], ["6-4", "1-2", "5-3"], ["2-6", "3-1", "4-5"],
                              ["6-5", "1-4", "2-3"], ["3-6", "5-1", "4-2"]]
    assert rows("12345") == [["2-5", "3-4", "1-bye"], ["1-2", "5-3", "4-bye"], ["3-1", "4-5", "2-bye"],
                             ["1-4", "2-3", "5-bye"], ["5-1", "4-2", "3-bye"]]


@given(players=names)
def test_berger_every_pair_meets_exactly_once_and_each_sits_first_about_half_the_time(players):
    schedule = p.berger_schedule(players)
    n = len(players)
    assert len(schedule) == (n - 1 if n % 2 == 0 else n)
    met = []
    for games in schedule:
        appear_once(games, players)
        met += [frozenset(g.players) for g in games if g.second is not None]
    assert len(met) == len(set(met)) == n * (n - 1) // 2
    firsts = [g.first for games in schedule for g in games if g.second is not None]
    for name in players:   # Berger's tables balance who starts: at most one more one way
        games = sum(name in g.players for games in schedule for g in games if g.second is not None)
        assert abs(2 * firsts.count(name) - games) <= 1


@given(players=names, data=st.data())
def test_round_robin_with_withdrawals_no_pair_meets_twice_and_nobody_misses_an_opponent(players, data):
    rounds = len(p.berger_schedule(players))
    withdrawn_at = data.draw(st.dictionaries(st.sampled_from(players), st.integers(1, rounds),
                                             max_size=len(players) - 1))
    met: list[frozenset[str]] = []
    for r in range(1, rounds + 1):
        playing = [name for name in players if withdrawn_at.get(name, rounds + 1) > r]
        games = p.round_robin(players, r, playing)
        seen = [x for g in games for x in g.players]
        assert sorted(seen) == sorted(playing)               # everyone still playing, once
        met += [frozenset(g.players) for g in games if g.second is not None]
    assert len(met) == len(set(met))                          # no pair twice
    stayed = [name for name in players if name not in withdrawn_at]
    assert {frozenset(pair) for pair in itertools.combinations(stayed, 2)} <= set(met)


@given(players=names)
def test_a_round_past_the_end_of_the_round_robin_is_refused(players):
    rounds = len(p.berger_schedule(players))
    with pytest.raises(ValueError, match=f"rounds 1-{rounds}, not {rounds + 1}"):
        p.round_robin(players, rounds + 1)


@given(players=names, ratings=st.data())
def test_swiss_round_1_pairs_the_top_half_against_the_bottom_half(players, ratings):
    rated = {name: ratings.draw(st.integers(0, 2000)) for name in players}
    order = p.standings(players, [], rated)
    games = p.swiss(order)
    appear_once(games, players)
    ranked = [s.name for s in order]
    if len(ranked) % 2:
        assert games[-1] == p.Game(ranked[-1], None)
        ranked = ranked[:-1]
    half = len(ranked) // 2
    assert [(g.first, g.second) for g in games if g.second] == [(ranked[i], ranked[half + i]) for i in range(half)]


@given(players=names, data=st.data())
def test_fixed_tables_never_fail_a_round(players, data):
    """Any players fixed to any tables, several to one table included: every game gets a table of
    its own, a fixed player keeps theirs unless an earlier game took it, and :func:`unseated`
    names each who lost it."""
    games = data.draw(st.sampled_from([p.swiss(p.standings(players, [])), p.round_robin(players, 1)]))
    playing = [g for g in games if g.second]
    tables = list(range(1, len(playing) + data.draw(st.integers(0, 2)) + 1))
    fixed = data.draw(st.dictionaries(st.sampled_from(players), st.sampled_from(tables)))
    placed = p.assign_tables(games, fixed, tables)
    numbers = [t for t, g in placed if g.second]
    assert sorted(g.players for _, g in placed) == sorted(g.players for g in games)
    assert len(numbers) == len(set(numbers)) and set(numbers) <= set(tables)
    lost = p.unseated(placed, fixed)
    for table, g in placed:
        for name in g.players:
            if name in fixed and fixed[name] != table and g.second:
                assert (name, fixed[name], table) in lost
                # the game sits at the other player's fixed table, or an earlier game has this one
                if not any(fixed.get(other) == table for other in g.players):
                    holder = next(h for t, h in placed if t == fixed[name])
                    assert playing.index(holder) < playing.index(g)


def finish_round(store):
    """Every game of the store's round ends 400-300 (as the collector would record it)."""
    for pr in store.pairings():
        if pr.second:
            store.db.execute("INSERT INTO results VALUES (?,?,?,?,?,?,400,300)",
                             (pr.round, pr.table, f"board-{pr.table}", f"g{pr.round}", pr.first, pr.second))


def night_store(tmp_path, players, tables=3, fixed=None):
    from wordboard.night.store import EventStore

    store = EventStore(tmp_path / "night.sqlite3", create=True)
    store.set_tables({t: f"board-{t}" for t in range(1, tables + 1)})
    for name in players:
        store.add_player(name, fixed_table=(fixed or {}).get(name))
    return store


def test_the_night_s_round_robin_keeps_its_schedule_after_a_withdrawal_and_stops_at_its_end(tmp_path):
    from wordboard.errors import UserError

    store = night_store(tmp_path, ["Ada", "Ben", "Cy", "Di", "Ed", "Flo"])
    met = []
    for rnd in range(1, 6):
        if rnd == 3:
            store.drop_player("Cy")
        number, pairings = store.pair_round("roundrobin")
        assert number == rnd
        assert sorted(x for pr in pairings for x in (pr.first, pr.second) if x) == sorted(
            n for n, _, _ in store.players())
        met += [frozenset((pr.first, pr.second)) for pr in pairings if pr.second]
        finish_round(store)
    assert len(met) == len(set(met))                                  # no pair met twice
    stayed = ["Ada", "Ben", "Di", "Ed", "Flo"]
    assert {frozenset(pair) for pair in itertools.combinations(stayed, 2)} <= set(met)
    assert sum(pr.second is None for pr in store.all_pairings()) == 3   # Cy's opponents in rounds 3-5
    with pytest.raises(UserError, match="round robin of 6 players is over"):
        store.pair_round("roundrobin")
    store.add_player("Gus")
    store.db.execute("DELETE FROM pairings WHERE round = 5")
    with pytest.raises(UserError, match="Gus entered after the round robin"):
        store.pair_round("roundrobin")


def test_two_players_fixed_to_one_table_do_not_make_a_round_fail(tmp_path, capsys):
    """Ada and Cy both sit at table 1 (a wheelchair place): round 1 pairs Ada v Ben and Cy v Di,
    which both claimed table 1 and the round failed ("two games this round need table 1")."""
    store = night_store(tmp_path, ["Ada", "Ben", "Cy", "Di"], tables=2, fixed={"Ada": 1, "Cy": 1})
    _, pairings = store.pair_round("koth")
    assert [(pr.table, pr.first, pr.second) for pr in pairings] == [(1, "Ada", "Ben"), (2, "Cy", "Di")]


def test_the_director_is_told_whose_fixed_table_another_game_has(tmp_path, capsys):
    from tests.night.support import need_mosquitto
    from wordboard.cli import main

    need_mosquitto()        # setting up a night hashes the boards' passwords with mosquitto_passwd
    event = str(tmp_path / "club")
    assert main(["night", "--event", event, "setup", "--tables", "2", "--broker", "127.0.0.1:1"]) == 0
    assert main(["night", "--event", event, "players", "add", "Ada", "Ben"]) == 0
    assert main(["night", "--event", event, "players", "add", "Cy", "Di", "--table", "1"]) == 0
    capsys.readouterr()
    # Swiss round 1, top half v bottom half: Ada v Cy (table 1, Cy's), Ben v Di (Di is fixed to 1 too)
    assert main(["night", "--event", event, "pair", "--no-send"]) == 0
    out = capsys.readouterr().out
    assert "table 1 (board-01): Ada v Cy" in out and "table 2 (board-02): Ben v Di" in out
    assert "Di is fixed to table 1, which another game has this round: at table 2" in out
