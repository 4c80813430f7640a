"""Mosquitto for a game night: its password file and ACL, its configuration, and a broker process
of our own (the demo, the tests, the benchmark, or ``wordboard night broker`` on a machine that
does not run Debian's ``mosquitto`` service).

The night's security, in the broker's configuration: it listens with TLS, its certificate signed
by the event's own authority (:mod:`wordboard.night.tls`), which every board pins; nobody anonymous
gets in; a client's id is its user name (``use_username_as_clientid``), so a board's credentials
cannot take the organiser's session or another board's; no message over
:data:`~wordboard.night.protocol.MAX_PAYLOAD` bytes is passed on (``message_size_limit``). The
ACL: the organiser may read and write everything under ``wordboard/``; a board (its user name is
its id) may publish under ``wordboard/board/ITS-ID/`` only and read ``wordboard/to/ITS-ID/`` only.
A board that publishes on another board's topics is refused by the broker, and the organiser still
checks every message. A broker without a certificate (the tests' own) listens in clear on
loopback only.
"""

from __future__ import annotations

import getpass
import os
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from wordboard.errors import UserError
from wordboard.night.mqtt import LOOPBACK, write_private
from wordboard.night.protocol import MAX_PAYLOAD, ROOT, check_board_id

ORGANISER = "organiser"


@dataclass(frozen=True)
class BrokerTls:
    """The broker's certificate and its key (PEM files)."""

    cert: Path
    key: Path


def _common_lines(passwd: str, acl: str) -> list[str]:
    """What every configuration of the night's broker says, whoever runs it."""
    return ["per_listener_settings false", "allow_anonymous false", f"password_file {passwd}", f"acl_file {acl}",
            f"message_size_limit {MAX_PAYLOAD}", "max_queued_messages 100000", "persistent_client_expiration 2d"]


def _listener_lines(port: int, host: str | None, tls: BrokerTls | None) -> list[str]:
    if tls is None and host not in LOOPBACK:
        raise ValueError("a broker without a certificate listens on loopback only")
    lines = [f"listener {port}" + (f" {host}" if host else "")]
    if tls is not None:
        lines += [f"certfile {tls.cert}", f"keyfile {tls.key}", "tls_version tlsv1.2"]
    return lines + ["use_username_as_clientid true"]


def acl_text(root: str = ROOT) -> str:
    return (f"# wordboard game night: the organiser reads and writes everything, each board only its own\n"
            f"user {ORGANISER}\n"
            f"topic readwrite {root}/#\n\n"
            f"pattern write {root}/board/%u/#\n"
            f"pattern read {root}/to/%u/#\n")


def find_program(name: str) -> str:
    found = shutil.which(name) or next((str(p) for p in (Path("/usr/sbin") / name, Path("/usr/bin") / name)
                                        if p.exists()), None)
    if found is None:
        raise UserError(f"{name} is not installed (Debian package mosquitto; 'scripts/install dev' "
                        "installs it)")
    return found


def write_users(folder: Path, users: dict[str, str], root: str = ROOT) -> tuple[Path, Path]:
    """The password file (hashed by ``mosquitto_passwd``) and the ACL in ``folder``."""
    for user in users:
        if user != ORGANISER:
            check_board_id(user)
    passwd, acl = folder / "passwd", folder / "acl"
    write_private(passwd, "".join(f"{user}:{password}\n" for user, password in users.items()))
    done = subprocess.run([find_program("mosquitto_passwd"), "-U", str(passwd)], capture_output=True, text=True,
                          timeout=60)
    if done.returncode != 0:
        passwd.unlink(missing_ok=True)
        raise UserError(f"mosquitto_passwd failed: {done.stderr.strip() or done.stdout.strip()}")
    acl.write_text(acl_text(root), encoding="utf-8")
    return passwd, acl


def config_text(*, host: str | None, port: int, passwd: Path, acl: Path, data: Path | None,
                log: Path | None = None, tls: BrokerTls | None = None) -> str:
    """A whole configuration for a broker of our own (``data``: where it keeps its sessions and
    queued messages across restarts; ``tls``: its certificate, else it listens in clear on
    loopback only)."""
    lines = ["# written by wordboard night", *_common_lines(str(passwd), str(acl)), "max_inflight_messages 100"]
    if data is not None:
        lines += ["persistence true", f"persistence_location {data}/", "autosave_interval 1"]
    lines.append(f"log_dest file {log}" if log else "log_dest stderr")
    lines += ["log_type error", "log_type warning", "log_type notice", "connection_messages true"]
    if os.geteuid() == 0:
        lines.append("user root")       # files of a root-owned temporary folder stay readable
    lines += _listener_lines(port, host, tls)
    return "\n".join(lines) + "\n"


def system_config_text(port: int, folder: str = "/etc/mosquitto/wordboard") -> str:
    """The snippet for Debian's mosquitto service (``/etc/mosquitto/conf.d/wordboard.conf``): TLS
    on ``port`` with the broker's certificate in ``folder``."""
    tls = BrokerTls(Path(folder) / "server.crt", Path(folder) / "server.key")
    lines = ["# wordboard game night (see the README, 'Game night')", *_common_lines(f"{folder}/passwd",
                                                                                    f"{folder}/acl"),
             *_listener_lines(port, None, tls)]
    return "\n".join(lines) + "\n"


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        port: int = s.getsockname()[1]  # (host, port) for an IPv4 socket
        return port


def reachable(host: str, port: int, timeout: float = 0.5) -> bool:
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


class Mosquitto:
    """A Mosquitto process of our own with a configuration in ``folder``; :meth:`stop` and
    :meth:`start` again keep its persistent sessions and queued messages."""

    def __init__(self, folder: Path, users: dict[str, str], *, host: str = "127.0.0.1", port: int | None = None,
                 root: str = ROOT, persistence: bool = True, tls: BrokerTls | None = None):
        self.folder = Path(folder)
        self.host = host
        self.port = port or free_port(host)
        passwd, acl = write_users(self.folder, users, root)
        data = self.folder / "data"
        data.mkdir(exist_ok=True)
        self.log_path = self.folder / "mosquitto.log"
        self.conf = self.folder / "mosquitto.conf"
        self.conf.write_text(config_text(host=host, port=self.port, passwd=passwd, acl=acl,
                                         data=data if persistence else None,
                                         log=self.log_path, tls=tls), encoding="utf-8")
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def address(self) -> tuple[str, int]:
        return self.host, self.port

    def start(self, timeout: float = 10.0) -> Mosquitto:
        self.proc = subprocess.Popen([find_program("mosquitto"), "-c", str(self.conf)], stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.starts += 1
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise UserError(f"mosquitto stopped at once (exit {self.proc.returncode}): {self.log_tail()}")
            if reachable(self.host, self.port, 0.2):
                return self
            time.sleep(0.05)
        self.kill()
        raise UserError(f"mosquitto did not listen on {self.host}:{self.port}: {self.log_tail()}")

    def stop(self) -> None:
        """Stop it the way a service stop does (it saves its sessions and queues)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None

    def kill(self) -> None:
        """A crash: nothing saved since its last autosave."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)
        self.proc = None

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def log_tail(self, lines: int = 3) -> str:
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace").strip().splitlines()
        except OSError:
            return "(no log)"
        return " | ".join(text[-lines:]) or "(empty log)"

    def __enter__(self) -> Mosquitto:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def current_user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return str(os.getuid())
