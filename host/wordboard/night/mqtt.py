"""Connecting to the game night's broker: credentials files and configured paho-mqtt clients.

A credentials file is a small JSON object written by ``wordboard night setup``::

    {"user": "board-03", "password": "...", "broker": "192.168.1.10:8883", "event": "club-night",
     "ca": "-----BEGIN CERTIFICATE-----..."}

``broker`` may be ``auto``: the board looks for the organiser's broker on the local network
(mDNS/DNS-SD, :mod:`wordboard.night.discovery`). ``ca`` is the event's certificate authority
(:mod:`wordboard.night.tls`): with it the client speaks TLS and only to a broker whose certificate
chains to it. Credentials without one (a broker of a test's own) may reach a broker on this
machine only (:func:`check_transport`), so a password never crosses the network in clear. Every
client uses MQTT 3.1.1 with a persistent session (``clean_session`` off), so QoS 1 messages the
broker queued for it while it was away are delivered when it is back; the night's broker makes a
client's id its user name (``use_username_as_clientid``), so no one can take another's session.
"""

from __future__ import annotations

import json
import os
import ssl
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from wordboard.errors import UserError
from wordboard.night.protocol import ROOT, check_board_id

if TYPE_CHECKING:
    import paho.mqtt.client as mqtt

#: MQTT over TLS (IANA's port for it)
DEFAULT_PORT = 8883
LOOPBACK = ("127.0.0.1", "::1", "localhost")
KEEPALIVE = 10


@dataclass(frozen=True)
class Credentials:
    user: str
    password: str
    broker: str = "auto"            # HOST:PORT or auto
    event: str = "game-night"
    root: str = ROOT
    ca: str | None = None           # the event's certificate authority (PEM): TLS to its broker only

    def to_json(self) -> str:
        data = {"user": self.user, "password": self.password, "broker": self.broker, "event": self.event,
                "root": self.root}
        if self.ca:
            data["ca"] = self.ca
        return json.dumps(data, indent=1) + "\n"


def load_credentials(path: str | Path) -> Credentials:
    """The credentials in ``path``; :class:`UserError` naming the file if it is unusable."""
    from wordboard.userfiles import KIB, read_text

    path = Path(path)
    text = read_text(path, what="credentials file", limit=64 * KIB,
                     encoding="utf-8")                  # (a pipe, a device, a huge file: one line)
    try:
        data = json.loads(text)
    except ValueError:
        raise UserError(f"{path}: not a credentials file (JSON expected)") from None
    if not isinstance(data, dict) or not isinstance(data.get("user"), str) or \
            not isinstance(data.get("password"), str):
        raise UserError(f"{path}: a credentials file needs \"user\" and \"password\"")
    user = data["user"]
    if user != "organiser":
        try:
            check_board_id(user)
        except ValueError as exc:
            raise UserError(f"{path}: {exc}") from None
    ca = data.get("ca")
    if ca is not None:
        from wordboard.night.tls import client_context

        try:
            client_context(ca)
        except (TypeError, ValueError, ssl.SSLError):
            raise UserError(f"{path}: its \"ca\" is not a certificate (PEM)") from None
    return Credentials(user, data["password"], str(data.get("broker") or "auto"),
                       str(data.get("event") or "game-night"), str(data.get("root") or ROOT), ca)


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to a file readable by its owner only."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)


def write_credentials(path: Path, credentials: Credentials) -> None:
    """Write a credentials file readable by its owner only."""
    write_private(path, credentials.to_json())


def check_transport(credentials: Credentials, host: str) -> None:
    """:class:`UserError` unless these credentials may go to ``host``: anywhere over TLS (they
    carry the event's authority), to this machine only in clear."""
    if not credentials.ca and host not in LOOPBACK:
        raise UserError(f"the credentials of {credentials.user} carry no certificate authority of the event: "
                        f"they go in clear to a broker on this machine only, not to {host} (make the event "
                        "again with 'wordboard night setup')")


def parse_broker(text: str) -> tuple[str, int]:
    """``HOST[:PORT]`` -> (host, port); :class:`UserError` for nonsense."""
    host, sep, port = text.strip().rpartition(":")
    if not sep:
        host, port = text.strip(), str(DEFAULT_PORT)
    host = host.strip("[]")
    try:
        number = int(port)
    except ValueError:
        number = -1
    if not host or not 0 < number < 65536:
        raise UserError(f"not a broker address: {text!r} (HOST:PORT expected)")
    return host, number


def client(credentials: Credentials, client_id: str, *, will: tuple[str, bytes] | None = None,
           inflight: int = 50) -> mqtt.Client:
    """A paho-mqtt client for these credentials, not yet connected: MQTT 3.1.1, persistent
    session, reconnecting by itself within a couple of seconds of the broker coming back."""
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=False,
                    protocol=mqtt.MQTTv311)
    if credentials.ca:
        from wordboard.night.tls import client_context

        c.tls_set_context(client_context(credentials.ca))
    c.username_pw_set(credentials.user, credentials.password)
    if will is not None:
        c.will_set(will[0], will[1], qos=1, retain=True)
    c.max_inflight_messages_set(inflight)
    c.reconnect_delay_set(min_delay=1, max_delay=2)
    return c
