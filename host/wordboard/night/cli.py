"""The actions of ``wordboard night`` (the argument parser is in :mod:`wordboard.commands.night`)."""

from __future__ import annotations

import os
import signal
import threading
from pathlib import Path

from wordboard.errors import UserError


def event_folder(args) -> Path:
    if args.event:
        return Path(args.event)
    if os.environ.get("WORDBOARD_NIGHT"):
        return Path(os.environ["WORDBOARD_NIGHT"])
    from wordboard.paths import data_dir

    return data_dir() / "night"


def dispatch(args, speed) -> int:
    action = args.night_command.replace("-", "_")
    return globals()[f"_{action}"](args, speed)


def _event(args):
    from wordboard.night.event import Event

    event = Event(event_folder(args))
    if not event.store_path.exists():
        raise UserError(f"no game night in {event.folder} (start one with 'wordboard night setup --tables N', "
                        "or name its folder with --event)")
    return event


def _setup(args, speed) -> int:
    from wordboard.night.event import setup

    folder = event_folder(args)
    broker = None
    if args.broker:
        from wordboard.night.mqtt import parse_broker

        host, port = parse_broker(args.broker)
        broker = f"{host}:{port}"
    event = setup(folder, args.tables, name=args.name, broker=broker, port=args.port)
    from wordboard.night.tls import fingerprint

    print(f"game night '{args.name}' in {event.folder}: {args.tables} tables (board-01 ...)")
    print(f"  the event's certificate authority: tls/ca.crt, SHA-256 {fingerprint(event.authority.read_text())} "
          "(its key tls/ca.key stays here)")
    print("  boards: copy boards/board-NN.credentials (it carries the authority) onto each board, then run "
          "there: wordboard night board --credentials FILE")
    print(f"  broker (TLS, port {args.port}): 'wordboard night broker' here, or Debian's mosquitto service: copy "
          "mosquitto/passwd, acl, server.crt and server.key to /etc/mosquitto/wordboard/ and "
          "mosquitto/wordboard.conf to /etc/mosquitto/conf.d/")
    return 0


def _players(args, speed) -> int:
    with _event(args).store() as store:
        if args.action == "add":
            if not args.names:
                raise UserError("name the players to add")
            for name in args.names:
                store.add_player(name, args.rating, args.table)
        elif args.action == "drop":
            for name in args.names:
                store.drop_player(name)
        for name, rating, table in store.players():
            extra = "".join([f" (rating {rating})" if rating is not None else "",
                             f" (always at table {table})" if table is not None else ""])
            print(f"{name}{extra}")
    return 0


def _pair(args, speed) -> int:
    from wordboard.night.pairings import Game, unseated

    event = _event(args)
    with event.store() as store:
        rnd, pairings = store.pair_round(args.method, rounds=args.rounds)
        print(f"round {rnd} ({pairings[0].method if pairings else ''}):")
        boards = store.tables()
        for p in pairings:
            if p.second is None:
                print(f"  bye: {p.first}")
            else:
                print(f"  table {p.table} ({boards[p.table]}): {p.first} v {p.second}")
        fixed = {name: table for name, _, table in store.players() if table is not None}
        for name, wanted, table in unseated([(p.table, Game(p.first, p.second)) for p in pairings], fixed):
            print(f"  {name} is fixed to table {wanted}, which another game has this round: at table {table}")
        if not args.no_send:
            sent = _send_pairings(event, store)
            print(f"sent to {sent} boards" if sent is not None else
                  "not sent yet: the boards are not reachable until 'wordboard night serve' runs (it sends the pairings)")
    return 0


def _send_pairings(event, store, wait: float = 10.0):
    """How many boards the organiser's collector (``wordboard night serve``) sent this round's
    pairings to, or None if it does not run. Only the collector speaks for the organiser: the
    broker makes a client's id its user name, so a second organiser client would take its
    session (and the boards' messages queued in it)."""
    import socket
    import time

    from wordboard.night.collector import PAIRINGS_SENT, SERVING

    serving = store.meta(SERVING)
    if not isinstance(serving, dict) or serving.get("host") != socket.gethostname() \
            or not _alive(serving.get("pid")):
        return None
    rnd = store.current_round()
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        sent = store.meta(PAIRINGS_SENT)
        if isinstance(sent, dict) and sent.get("round") == rnd:
            return sent.get("boards")
        time.sleep(0.1)
    return None


def _alive(pid) -> bool:
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _standings(args, speed) -> int:
    from wordboard.night.report import standings_lines

    with _event(args).store() as store:
        for line in standings_lines(store):
            print(line)
    return 0


def _record(args, speed) -> int:
    from wordboard.night.report import record_lines

    with _event(args).store() as store:
        for line in record_lines(store, args.name):
            print(line)
    return 0


def _export(args, speed) -> int:
    from wordboard.night.report import export

    with _event(args).store() as store:
        written = export(store, Path(args.folder))
    print(f"wrote {len(written)} files to {args.folder}")
    return 0


def _log(args, speed) -> int:
    import time

    with _event(args).store() as store:
        rows = store.rejected()
        for at, topic, reason in rows:
            print(f"{time.strftime('%H:%M:%S', time.localtime(at))} {topic}: {reason}")
        if not rows:
            print("no message was dropped")
    return 0


def _serve(args, speed) -> int:
    from wordboard.night.collector import Collector
    from wordboard.night.live import NightServer
    from wordboard.night.mqtt import parse_broker

    event = _event(args)
    creds = event.organiser()
    host, port = parse_broker(args.broker or (creds.broker if creds.broker != "auto" else "127.0.0.1"))
    store = event.store()
    collector = Collector(store, creds, broker=(host, port), log=lambda text: print(text, flush=True)).start()
    server = NightServer(collector, args.serve_listen, lan=True).start()
    advert = None
    if args.advertise:
        from wordboard.night.discovery import advertise

        advert = advertise(port, creds.event)
    print(f"night: collecting from the broker at {host}:{port}; live page {server.url}", flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *a: stop.set())
    try:
        while not stop.wait(1.0):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        if advert is not None:
            advert.close()
        server.stop()
        collector.close()
        store.close()
    return 0


def _broker(args, speed) -> int:
    import subprocess

    from wordboard.night.broker import find_program

    event = _event(args)
    conf = event.folder / "mosquitto" / "local.conf"
    print(f"night: mosquitto -c {conf} (Ctrl-C stops it)", flush=True)
    try:
        return subprocess.call([find_program("mosquitto"), "-c", str(conf)])
    except KeyboardInterrupt:
        return 0


def _board(args, speed) -> int:
    from wordboard.journal import default_path as journal_path
    from wordboard.night.board import BoardLink
    from wordboard.night.mqtt import load_credentials, parse_broker
    from wordboard.night.outbox import default_path as outbox_path

    creds = load_credentials(args.credentials)
    where = args.broker or creds.broker
    if where == "auto":
        from wordboard.night.discovery import find_broker

        found = find_broker(creds.event, creds.ca, timeout=10.0, log=lambda text: print(text, flush=True))
        if found is None:
            raise UserError(f"no broker of '{creds.event}' found on the local network (give --broker HOST:PORT)")
        host, port = found
    else:
        host, port = parse_broker(where)
    def show_pairing(pairing: dict) -> None:
        from wordboard.night import pairing_file

        try:
            pairing_file.write(pairing)
        except OSError as exc:
            print(f"night: cannot keep the pairing for wordboard run: {exc}", flush=True)
        print(f"night: round {pairing['round']}, table {pairing['table']}: {' v '.join(pairing['players'])}",
              flush=True)

    link = BoardLink(creds, Path(args.journal) if args.journal else journal_path(),
                     Path(args.outbox) if args.outbox else outbox_path(), broker=(host, port),
                     on_pairing=show_pairing, log=lambda text: print(text, flush=True)).start()
    print(f"night: {creds.user} publishing its journal to {host}:{port}", flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *a: stop.set())
    try:
        while not stop.wait(1.0):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        link.close(flush=5.0)
    return 0


def _twin_board(args, speed) -> int:
    from wordboard.night.mqtt import load_credentials, parse_broker
    from wordboard.night.twinboard import play_rounds

    creds = load_credentials(args.credentials)
    lexicon = None if args.lexicon.lower() == "none" else args.lexicon
    play_rounds(creds, parse_broker(args.broker), Path(args.folder), rounds=args.rounds, seed=args.seed,
                speed=speed(args.speed), hardware=args.hardware, lexicon=lexicon,
                out=lambda text: print(text, flush=True))
    return 0
