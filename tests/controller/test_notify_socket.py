"""sd_notify over a real Unix datagram socket."""

import os
import socket

import pytest

from wordboard.notify import Notifier


@pytest.fixture
def listener(tmp_path):
    path = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(5)
    yield str(path), sock
    sock.close()


def test_ready_status_watchdog_stopping(listener):
    path, sock = listener
    n = Notifier({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "20000000"})
    assert n.enabled and n.watchdog_interval == 10.0
    assert n.ready("waiting for\nplayers")
    assert sock.recv(4096) == b"READY=1\nSTATUS=waiting for players"
    assert n.watchdog() and sock.recv(4096) == b"WATCHDOG=1"
    assert n.status("Ann to play") and sock.recv(4096) == b"STATUS=Ann to play"
    assert n.stopping() and sock.recv(4096) == b"STOPPING=1"


def test_abstract_socket():
    name = f"wordboard-test-{os.getpid()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0" + name)
    sock.settimeout(5)
    try:
        assert Notifier({"NOTIFY_SOCKET": "@" + name}).ready()
        assert sock.recv(100) == b"READY=1"
    finally:
        sock.close()


def test_outside_systemd_everything_is_a_no_op(tmp_path):
    n = Notifier({})
    assert not n.enabled and n.watchdog_interval is None
    assert n.ready() is False and n.watchdog() is False
    assert Notifier({"NOTIFY_SOCKET": str(tmp_path / "gone")}).ready() is False
    assert Notifier({"WATCHDOG_USEC": "1000", "WATCHDOG_PID": "1"}).watchdog_interval is None
