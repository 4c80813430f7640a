"""Derive a leave table (wordboard.crossword.leaves) for an edition from self-play.

    PYTHONPATH=host python3 scripts/derive_leaves.py --edition scrabble [--games 400]
        [--rounds 2] [--lexicon wordgame] [--seed 1] [--out host/wordboard/crossword/data/]

Method (also in host/wordboard/crossword/data/LEAVES.md): two computer players play whole games
with the edition's tiles and board. After every move that is followed by a full draw, the tiles
the player kept (the leave) are noted with the score of that player's next move (0 for a swap or
a pass), which is made from the leave and the tiles drawn. A linear model of that next score is
fitted by least squares (a small ridge penalty keeps rare features near 0) on the features of the
leave: each tile, each duplicated letter (C(n, 2) per letter held n times), the vowel-consonant
balance (one value per difference -4..4, 0 the reference), a Q without a U, a Q with a U. The
intercept is the next score after an empty leave (a full new rack), so the fitted part is the
value of the leave against drawing fresh tiles. Round 1 plays for the highest score; each later
round plays by equity with the table of the round before (fresh seeds), and the last round's fit
is written. Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "host"))

from wordboard.crossword.equity import EXCHANGE, Situation, rank, subtract  # noqa: E402
from wordboard.crossword.game import Game  # noqa: E402
from wordboard.crossword.leaves import BALANCE_LIMIT, VOWELS, LeaveTable  # noqa: E402
from wordboard.crossword.movegen import MoveGenerator  # noqa: E402
from wordboard.crossword.moves import Exchange, Pass  # noqa: E402
from wordboard.editions import BLANK, load_edition  # noqa: E402

RIDGE = 20.0


def features(edition) -> list[tuple[str, str]]:
    letters = sorted(edition.tiles.counts)
    out = [("tile", t) for t in letters]
    out += [("dup", t) for t in letters if edition.tiles.counts[t] >= 2]
    out += [("balance", str(d)) for d in range(-BALANCE_LIMIT, BALANCE_LIMIT + 1) if d]
    if "Q" in letters:
        out += [("q_without_u", ""), ("qu", "")]
    return out


def encode(leave: str, index: dict[tuple[str, str], int], width: int) -> np.ndarray:
    row = np.zeros(width)
    counts: dict[str, int] = {}
    vowels = consonants = 0
    for t in leave:
        counts[t] = counts.get(t, 0) + 1
        row[index[("tile", t)]] += 1
        if t in VOWELS:
            vowels += 1
        elif t != BLANK:
            consonants += 1
    for t, n in counts.items():
        if n > 1 and ("dup", t) in index:
            row[index[("dup", t)]] += n * (n - 1) // 2
    if leave:
        d = max(-BALANCE_LIMIT, min(BALANCE_LIMIT, vowels - consonants))
        if d:
            row[index[("balance", str(d))]] = 1
    if "Q" in counts:
        if "U" in counts:
            row[index[("qu", "")]] = 1
        elif BLANK not in counts:
            row[index[("q_without_u", "")]] = 1
    return row


def fit(samples: list[tuple[str, int]], edition) -> tuple[LeaveTable, float, float]:
    """(table, intercept, R^2) for ``samples`` of (leave, next score)."""
    names = features(edition)
    index = {f: i for i, f in enumerate(names)}
    x = np.array([encode(leave, index, len(names)) for leave, _ in samples])
    y = np.array([score for _, score in samples], dtype=float)
    # The intercept (an empty leave) is not penalised: fit it as a column with no ridge.
    xa = np.hstack([x, np.ones((len(y), 1))])
    penalty = np.eye(xa.shape[1]) * RIDGE
    penalty[-1, -1] = 0.0
    coef = np.linalg.solve(xa.T @ xa + penalty, xa.T @ y)
    residual = y - xa @ coef
    r2 = 1.0 - float(residual @ residual) / float(((y - y.mean()) ** 2).sum())
    tiles, dups, balance = {}, {}, {}
    q_without_u = qu = 0.0
    for (kind, key), value in zip(names, coef[:-1]):
        value = round(float(value), 2)
        if kind == "tile":
            tiles[key] = value
        elif kind == "dup":
            dups[key] = value
        elif kind == "balance":
            balance[int(key)] = value
        elif kind == "q_without_u":
            q_without_u = value
        else:
            qu = value
    return LeaveTable(tiles, dups, balance, q_without_u, qu), float(coef[-1]), r2


def play_games(edition, dictionary, generator, games: int, seed: int, table: LeaveTable | None,
               label: str) -> list[tuple[str, int]]:
    samples: list[tuple[str, int]] = []
    started = time.monotonic()
    rack_size = edition.tiles.rack_size
    for g in range(games):
        game = Game(edition, ["A", "B"], dictionary=dictionary, seed=seed + g)
        waiting: dict[int, str] = {}  # player -> the leave whose next score is awaited
        while not game.is_over:
            player = game.current
            rack = game.rack(player)
            candidates = generator.generate(game.board, rack)
            bag = game.bag_count
            if table is None:
                if candidates:
                    cand = candidates[0]
                    move = cand.play(game.board)
                else:
                    move = Exchange(rack) if game.is_legal(Exchange(rack)) else Pass()
            else:
                situation = Situation(edition, bag, game.unseen_tiles(player), 2, table)
                best = rank(game.board, rack, candidates, situation, limit=1)[0]
                if best.candidate is not None:
                    move = best.candidate.play(game.board)
                elif best.kind == EXCHANGE:
                    move = Exchange(best.swap)
                else:
                    move = Pass()
            turn = game.push(move)
            if player in waiting:
                samples.append((waiting.pop(player), turn.score))
            # A full draw after a play or a swap: the next rack is the leave and fresh tiles.
            if not isinstance(move, Pass) and not game.is_over and len(game.rack(player)) == rack_size:
                waiting[player] = _leave(rack, move)
        if (g + 1) % 10 == 0 or g + 1 == games:
            spent = time.monotonic() - started
            print(f"{label}: {g + 1}/{games} games, {len(samples)} leaves, {spent:.0f} s "
                  f"(about {spent / (g + 1) * (games - g - 1):.0f} s left)", file=sys.stderr, flush=True)
    return samples


def _leave(rack: str, move) -> str:
    if isinstance(move, Exchange):
        return subtract(rack, move.tiles or "")
    used = "".join(BLANK if p.blank else p.letter for p in move.placements)
    return subtract(rack, used)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--edition", default="scrabble")
    parser.add_argument("--games", type=int, default=400, help="games per round (default 400)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--lexicon", default="wordgame")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=REPO / "host" / "wordboard" / "crossword" / "data")
    args = parser.parse_args(argv)

    from wordboard.commands.common import open_lexicon
    from wordboard.crossword.dawgcache import dawg_for

    edition = load_edition(args.edition)
    dictionary = open_lexicon(args.lexicon)
    generator = MoveGenerator(dawg_for(dictionary), edition)
    table: LeaveTable | None = None
    started = time.monotonic()
    for r in range(args.rounds):
        samples = play_games(edition, dictionary, generator, args.games, args.seed + r * 100_000, table,
                             f"{edition.name} round {r + 1}/{args.rounds}")
        table, intercept, r2 = fit(samples, edition)
        print(f"round {r + 1}: {len(samples)} leaves, next score after an empty leave {intercept:.1f}, "
              f"R^2 {r2:.3f}; ? {table.tiles.get('?', 0):+.1f} S {table.tiles.get('S', 0):+.1f} "
              f"Q {table.tiles.get('Q', 0):+.1f} V {table.tiles.get('V', 0):+.1f}", file=sys.stderr)
    assert table is not None
    out = args.out / f"leaves-{edition.name.lower()}.json"
    data = {
        "edition": edition.name, "lexicon": args.lexicon, "games_per_round": args.games,
        "rounds": args.rounds, "seed": args.seed, "samples_last_round": len(samples),
        "empty_leave_next_score": round(intercept, 2), "r2": round(r2, 4),
        "method": "scripts/derive_leaves.py; see LEAVES.md",
        **table.as_json(),
    }
    out.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {out.relative_to(REPO) if out.is_relative_to(REPO) else out} "
          f"in {time.monotonic() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
