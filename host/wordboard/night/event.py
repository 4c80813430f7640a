"""A game night's folder, as ``wordboard night setup`` makes it::

    EVENT/night.sqlite3                 the organiser's record (players, rounds, results)
    EVENT/organiser.credentials         the organiser's broker login
    EVENT/boards/board-01.credentials   one per table: copy it onto that board
    EVENT/mosquitto/passwd, acl         the broker's users (hashed) and who may publish where
    EVENT/mosquitto/server.crt, .key    the broker's TLS certificate (signed by the event's authority)
    EVENT/mosquitto/wordboard.conf      for Debian's mosquitto service (/etc/mosquitto/conf.d/)
    EVENT/mosquitto/local.conf          for 'wordboard night broker' (a broker of our own)
    EVENT/tls/ca.crt, ca.key            the event's certificate authority; its key stays here

Passwords are random (``secrets``), the credentials files and keys readable by their owner only.
Every credentials file carries the authority's certificate (:mod:`wordboard.night.tls`): the one
file a board needs.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path

from wordboard.errors import UserError
from wordboard.night import broker as mosq
from wordboard.night import tls
from wordboard.night.mqtt import (
    DEFAULT_PORT,
    Credentials,
    load_credentials,
    parse_broker,
    write_credentials,
    write_private,
)
from wordboard.night.store import EventStore


@dataclass(frozen=True)
class Event:
    folder: Path

    @property
    def store_path(self) -> Path:
        return self.folder / "night.sqlite3"

    @property
    def organiser_credentials(self) -> Path:
        return self.folder / "organiser.credentials"

    def board_credentials(self, board: str) -> Path:
        return self.folder / "boards" / f"{board}.credentials"

    @property
    def authority(self) -> Path:
        return self.folder / "tls" / "ca.crt"

    def broker_tls(self) -> mosq.BrokerTls:
        """The broker's certificate and key (for a broker of our own)."""
        folder = self.folder / "mosquitto"
        return mosq.BrokerTls((folder / "server.crt").resolve(), (folder / "server.key").resolve())

    def store(self) -> EventStore:
        return EventStore(self.store_path)

    def organiser(self) -> Credentials:
        return load_credentials(self.organiser_credentials)

    def users(self) -> dict[str, str]:
        users = {mosq.ORGANISER: self.organiser().password}
        with self.store() as store:
            for board in store.tables().values():
                users[board] = load_credentials(self.board_credentials(board)).password
        return users


def board_name(table: int) -> str:
    return f"board-{table:02d}"


def setup(folder: Path, tables: int, *, name: str = "game night", broker: str | None = None,
          port: int = DEFAULT_PORT) -> Event:
    """Make the folder of a new game night with ``tables`` tables (table N on ``board-NN``).
    ``broker``: the address boards use (``HOST:PORT``), else they look for it (``auto``)."""
    if not 1 <= tables <= 200:
        raise UserError("a game night has 1 to 200 tables")
    event = Event(Path(folder))
    if event.store_path.exists():
        raise UserError(f"{folder} already holds a game night")
    boards = {t: board_name(t) for t in range(1, tables + 1)}
    users = {mosq.ORGANISER: secrets.token_urlsafe(18)}
    users.update({b: secrets.token_urlsafe(18) for b in boards.values()})
    passwd, acl = mosq.write_users(event.folder / "mosquitto", users)
    authority, authority_key = tls.make_authority(name)
    write_private(event.authority.with_suffix(".key"), authority_key)
    event.authority.write_text(authority, encoding="utf-8")
    cert, key = tls.make_broker_certificate(authority, authority_key,
                                            tls.broker_hosts(parse_broker(broker)[0] if broker else ""))
    broker_tls = event.broker_tls()
    write_private(broker_tls.key, key)
    broker_tls.cert.write_text(cert, encoding="utf-8")
    (event.folder / "mosquitto" / "wordboard.conf").write_text(mosq.system_config_text(port), encoding="utf-8")
    (event.folder / "mosquitto" / "local.conf").write_text(
        mosq.config_text(host=None, port=port, passwd=passwd.resolve(), acl=acl.resolve(),
                         data=(event.folder / "mosquitto").resolve(), tls=broker_tls), encoding="utf-8")
    address = broker or "auto"
    organiser_address = broker or f"127.0.0.1:{port}"
    write_credentials(event.organiser_credentials, Credentials(mosq.ORGANISER, users[mosq.ORGANISER],
                                                               organiser_address, name, ca=authority))
    for board in boards.values():
        write_credentials(event.board_credentials(board), Credentials(board, users[board], address, name,
                                                                      ca=authority))
    with EventStore(event.store_path, create=True) as store:
        store.set_tables(boards)
        store.set_meta("event", name)
    return event
