"""The night's results on paper: standings, a player's record, CSV files and each game's GCG."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from wordboard.night.store import EventStore, rebuild_game


def standings_lines(store: EventStore) -> list[str]:
    rows = store.standings()
    rnd = store.current_round()
    lines = [f"standings after round {rnd} ({len(store.results(rnd)) if rnd else 0} results of that round in), "
             f"by wins then spread:"]
    for i, s in enumerate(rows, 1):
        lines.append(f"{i:>3}. {s.name:<20} {s.wins:>4g}-{s.losses:<4g} {s.spread:+6d}  "
                     f"({s.games} games{', ' + str(s.byes) + ' bye' if s.byes else ''})")
    return lines


def record_lines(store: EventStore, name: str) -> list[str]:
    from wordboard.errors import UserError

    if name not in {p[0] for p in store.players(active_only=False)}:
        raise UserError(f"no player {name!r}")
    lines = [f"{name}:"]
    results = {(r[0], r[1]): r for r in store.results()}
    for p in store.all_pairings():
        if name not in (p.first, p.second):
            continue
        if p.second is None:
            lines.append(f"  round {p.round}: bye")
            continue
        other = p.second if p.first == name else p.first
        r = results.get((p.round, p.table))
        if r is None:
            lines.append(f"  round {p.round}, table {p.table}: v {other}, not finished")
            continue
        mine, theirs = (r[6], r[7]) if r[4] == name else (r[7], r[6])
        outcome = "won" if mine > theirs else "lost" if mine < theirs else "tied"
        lines.append(f"  round {p.round}, table {p.table}: {outcome} {mine}-{theirs} v {other} ({mine - theirs:+d})")
    return lines


def export(store: EventStore, folder: Path) -> list[Path]:
    """``standings.csv``, ``results.csv`` and ``rROUND-tTABLE.gcg`` for each counted game."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["rank", "name", "rating", "wins", "losses", "spread", "games", "byes"])
    for i, s in enumerate(store.standings(), 1):
        w.writerow([i, _cell(s.name), s.rating or "", f"{s.wins:g}", f"{s.losses:g}", s.spread, s.games, s.byes])
    written.append(_write(folder / "standings.csv", out.getvalue()))
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["round", "table", "board", "player1", "score1", "player2", "score2", "winner", "gcg"])
    infos = {(b, k): (info, state) for b, k, info, state, _, _ in store.games()}
    for rnd, table, board, key, first, second, s1, s2 in store.results():
        name = f"r{rnd}-t{table}.gcg"
        info, _ = infos[(board, key)]
        events = [(seq, t, d) for seq, t, d, _, _ in store.game_events(board, key)]
        game_info, codec, engine = rebuild_game(info, events)
        try:
            text = codec.export(engine, "gcg", game_info)
        except Exception:  # noqa: BLE001 - a kind without GCG
            text = None
        if text is not None:
            title = f"#title {store.meta('event', 'game night')} round {rnd} table {table}\n"
            written.append(_write(folder / name, _with_title(text, title)))
        winner = first if s1 > s2 else second if s2 > s1 else "tie"
        w.writerow([rnd, table, board, _cell(first), s1, _cell(second), s2, _cell(winner), name if text else ""])
    for p in store.all_pairings():
        if p.second is None:
            w.writerow([p.round, "", "", _cell(p.first), "", "(bye)", "", _cell(p.first), ""])
    written.append(_write(folder / "results.csv", out.getvalue()))
    return written


def _with_title(text: str, title: str) -> str:
    """The record with the night's title (in place of the board's own, if it has one)."""
    lines = text.splitlines(keepends=True)
    own = next((i for i, line in enumerate(lines) if line.startswith("#title ")), None)
    if own is not None:
        lines[own] = title
        return "".join(lines)
    at = next((i for i, line in enumerate(lines) if not line.startswith("#")), len(lines))
    return "".join(lines[:at]) + title + "".join(lines[at:])


def _cell(text: str) -> str:
    """A CSV cell a spreadsheet will not run as a formula."""
    return "'" + text if re.match(r"^[=+\-@\t\r]", text) else text


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path
