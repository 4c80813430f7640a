"""``wordboard selfplay``: complete computer games, with games per second."""

from __future__ import annotations

import argparse

from wordboard.commands import Subparsers


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "selfplay", help="play computer games and print games per second",
        description="Play complete games between computer players (the move generator choosing "
                    "every move), print each result and the games per second; write each game as "
                    "a GCG record with --gcg.")
    parser.add_argument("--edition", metavar="NAME|PATH", default="lexulous",
                        help="lexulous, scrabble or an edition file (default lexulous)")
    parser.add_argument("--games", type=int, default=1, metavar="N", help="how many games (default 1)")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="seed of the first game; game i uses S + i (default 0)")
    parser.add_argument("--lexicon", metavar="LIST|PATH", default="wordgame",
                        help="word list: wordgame (the default: the word-game list Lexulous and Scrabble play with), a file, wamerican, wbritish or scowl:SIZE")
    parser.add_argument("--strength", action="append", choices=("best", "casual"), default=None,
                        help="a player's strength, once per player (default: best against best)")
    parser.add_argument("--gcg", metavar="DIR", default=None, help="write each game to DIR as GCG")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    import time
    from pathlib import Path

    from wordboard import gcg
    from wordboard.commands.common import open_edition
    from wordboard.commands.hint import open_dawg
    from wordboard.crossword.opponent import play_computer_game
    from wordboard.crossword.record import game_record
    from wordboard.errors import UserError

    if args.games < 1:
        raise UserError("--games must be at least 1")
    strengths = tuple(args.strength or ("best", "best"))
    if len(strengths) == 1:
        strengths = strengths * 2
    if not 2 <= len(strengths) <= 4:
        raise UserError("give --strength once per player, for 2-4 players")
    edition = open_edition(args.edition)
    dictionary, dawg = open_dawg(args.lexicon)
    folder = Path(args.gcg) if args.gcg else None
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UserError(f"cannot create {folder}: {exc.strerror or exc}") from None
    names = ("Ada", "Blaise", "Charles", "Dorothy")[:len(strengths)]
    started = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        t = time.perf_counter()
        game = play_computer_game(edition, dictionary, dawg, seed=seed, strengths=strengths, players=names)
        seconds = time.perf_counter() - t
        result = game.result
        assert result is not None  # the computer players played it to the end
        scores = ", ".join(f"{name} ({s}) {score}" for name, s, score in zip(names, strengths, result.final))
        winners = " and ".join(names[w] for w in result.winners)
        print(f"game {i + 1} seed {seed}: {scores}; {winners} won; {len(game.history)} turns, "
              f"{result.reason}, {seconds:.2f} s")
        if folder is not None:
            path = folder / f"selfplay-{edition.name.lower()}-{seed}.gcg"
            record = game_record(game, lexicon=str(args.lexicon), title=f"selfplay seed {seed}")
            try:
                path.write_text(gcg.dumps(record))
            except OSError as exc:
                raise UserError(f"cannot write {path}: {exc.strerror or exc}") from None
    elapsed = time.perf_counter() - started
    print(f"{args.games} game(s) in {elapsed:.2f} s: {args.games / elapsed:.3f} games per second")
    return 0
