"""``wordboard night``: a game night of many tables, one live scoreboard, pairings and standings,
over a Mosquitto broker (see :mod:`wordboard.night` and the README's "Game night")."""

from __future__ import annotations

import argparse

from wordboard.commands import Subparsers


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "night", help="a game night: many boards, pairings, standings, a live page (over MQTT)",
        description="Run a game night: the boards publish their games through a Mosquitto broker, the "
                    "organiser pairs the rounds, keeps the standings and shows every table live. "
                    "'wordboard night --demo N' plays one round on N twin boards through a private broker.")
    parser.add_argument("--demo", type=int, metavar="N", default=None,
                        help="play one round on N twin boards through a local Mosquitto, print the standings "
                             "and the count of moves published, received, lost and duplicated")
    parser.add_argument("--faults", action="store_true",
                        help="with --demo: stop and restart the broker, kill and resume a board, crash the broker")
    parser.add_argument("--speed", default="inf", metavar="X",
                        help="with --demo: the twin boards' speed (default inf: as fast as the machine goes)")
    parser.add_argument("--keep", metavar="DIR", default=None,
                        help="with --demo: keep the event, broker and boards' files in DIR (empty or new)")
    parser.add_argument("--listen", metavar="[HOST:]PORT", default=None,
                        help="with --demo: also serve the live page (on loopback unless a host is given)")
    parser.add_argument("--event", metavar="DIR", default=None,
                        help="the game night's folder (default: $WORDBOARD_NIGHT, else night/ in the data folder)")
    sub = parser.add_subparsers(dest="night_command", metavar="ACTION")

    p = sub.add_parser("setup", help="make a new game night: tables, broker users, password file and ACL")
    p.add_argument("--tables", type=int, required=True, help="how many tables (boards)")
    p.add_argument("--name", default="game night", help="the event's name, shown on the page")
    p.add_argument("--broker", metavar="HOST:PORT", default=None,
                   help="the broker's address as the boards reach it (default: boards find it by mDNS)")
    p.add_argument("--port", type=int, default=8883, help="the broker's port, TLS (default 8883)")

    p = sub.add_parser("players", help="add, drop or list players")
    p.add_argument("action", choices=("add", "drop", "list"))
    p.add_argument("names", nargs="*", metavar="NAME")
    p.add_argument("--rating", type=int, default=None, help="add: the players' rating (optional)")
    p.add_argument("--table", type=int, default=None, help="add: always seat them at this table")

    p = sub.add_parser("pair", help="pair the next round; 'serve' sends each board its pairing")
    p.add_argument("--method", choices=("swiss", "roundrobin", "koth"), default=None,
                   help="swiss (by wins, then spread; no rematch while avoidable), roundrobin, koth (King "
                        "of the Hill: 1 v 2, 3 v 4...); default swiss, koth in the last of --rounds")
    p.add_argument("--rounds", type=int, default=None, help="how many rounds the night has")
    p.add_argument("--no-send", action="store_true",
                   help="do not wait for 'serve' to send the pairings to the boards")

    sub.add_parser("standings", help="the standings: wins, then spread")
    p = sub.add_parser("record", help="one player's games")
    p.add_argument("name")
    p = sub.add_parser("export", help="write standings.csv, results.csv and each game's GCG into a folder")
    p.add_argument("folder")
    sub.add_parser("log", help="the messages the organiser dropped, and why")

    p = sub.add_parser("serve", help="collect the boards' games and serve the live page until stopped")
    p.add_argument("--listen", dest="serve_listen", metavar="[HOST:]PORT", default="8090",
                   help="the page's address (default: port 8090 on every interface)")
    p.add_argument("--broker", metavar="HOST:PORT", default=None, help="default: from organiser.credentials")
    p.add_argument("--advertise", action="store_true", help="announce the broker on the LAN (mDNS) for the boards")

    p = sub.add_parser("broker", help="run a Mosquitto with this night's users and ACL (no service needed)")

    p = sub.add_parser("board", help="on a board: publish its journal to the night, take its pairings")
    p.add_argument("--credentials", required=True, metavar="FILE", help="the board's credentials file")
    p.add_argument("--broker", metavar="HOST:PORT|auto", default=None, help="default: from the credentials file")
    p.add_argument("--journal", metavar="PATH", default=None, help="default: the board's journal")
    p.add_argument("--outbox", metavar="PATH", default=None, help="default: night-outbox.sqlite3 in the data folder")

    p = sub.add_parser("twin-board", help="a twin board playing its pairings (what the demo runs per table)")
    p.add_argument("--credentials", required=True, metavar="FILE")
    p.add_argument("--broker", required=True, metavar="HOST:PORT")
    p.add_argument("--folder", required=True, metavar="DIR", help="its journal and outbox")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--speed", default="inf")
    p.add_argument("--hardware", choices=("sim", "direct"), default="sim")
    p.add_argument("--lexicon", default="scowl:70")
    p.add_argument("--rounds", type=int, default=1)
    parser.set_defaults(handler=run)


def _speed(text: str) -> float:
    from wordboard.errors import UserError

    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if value < 0 or value != value:
        raise UserError(f"not a speed: {text!r}")
    return 0.0 if value == float("inf") else value


def run(args: argparse.Namespace) -> int:
    from wordboard.night import cli

    if args.demo is not None:
        if args.night_command:
            from wordboard.errors import UserError

            raise UserError("--demo runs on its own: give no action with it")
        from pathlib import Path

        from wordboard.night.demo import run_demo

        _speed(args.speed)
        return run_demo(args.demo, faults=args.faults, speed=args.speed, keep=Path(args.keep) if args.keep else None,
                        listen=args.listen, out=lambda text: print(text, flush=True))
    if not args.night_command:
        from wordboard.errors import UserError

        raise UserError("say what to do: wordboard night --demo N, or an action (wordboard night --help)")
    return cli.dispatch(args, _speed)

