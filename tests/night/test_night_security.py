"""A broker no one can impersonate (issue 38): the event's own certificate authority pinned in every
credentials file, TLS to the broker, adverts for other events ignored, an impostor refused before
it hears a password, and client ids tied to user names so a board cannot knock the organiser off.
Real Mosquitto on loopback, real mDNS on loopback, fake brokers of the tests' own."""

from __future__ import annotations

import json
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.night.support import MOSQUITTO, WAIT, connected, need_mosquitto, until
from wordboard.errors import UserError
from wordboard.night import tls
from wordboard.night.broker import Mosquitto, free_port, system_config_text
from wordboard.night.event import setup
from wordboard.night.mqtt import Credentials, check_transport, client, load_credentials

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))


def impostor_broker(context):
    """The bench's impostor broker (``bench/night_attack_bench.py``), keeping every byte it hears."""
    import night_attack_bench

    return night_attack_bench.Impostor(context)


@pytest.fixture(scope="module")
def event(tmp_path_factory):
    return setup(tmp_path_factory.mktemp("club") / "event", 2, name="Tuesday club")


@pytest.fixture(scope="module")
def impostor(tmp_path_factory):
    """TLS with a certificate for the same host names from an authority of the impostor's own."""
    import night_attack_bench

    return night_attack_bench.impostor_context(tmp_path_factory.mktemp("impostor"), "Tuesday club")


@pytest.fixture
def broker(event, tmp_path):
    need_mosquitto()
    running = Mosquitto(tmp_path / "broker", event.users(), tls=event.broker_tls()).start()
    yield running
    running.stop()


def test_setup_makes_the_event_s_authority_and_pins_it_in_every_credentials_file(event):
    authority = event.authority.read_text()
    for path in (event.organiser_credentials, event.board_credentials("board-01"), event.board_credentials("board-02")):
        assert load_credentials(path).ca == authority
    for private in (event.authority.with_suffix(".key"), event.broker_tls().key, event.board_credentials("board-01")):
        assert stat.S_IMODE(private.stat().st_mode) == 0o600
    conf = (event.folder / "mosquitto" / "wordboard.conf").read_text()
    assert "certfile /etc/mosquitto/wordboard/server.crt" in conf and "use_username_as_clientid true" in conf
    assert "message_size_limit 65536" in conf and conf.count("listener ") == 1
    local = (event.folder / "mosquitto" / "local.conf").read_text()
    assert f"keyfile {event.broker_tls().key}" in local and local.count("listener ") == 1
    # the broker's certificate chains to the authority, and the authority's key is nowhere a board sees
    assert "PRIVATE KEY" not in event.board_credentials("board-01").read_text()


def test_the_service_configuration_runs_mosquitto_with_tls(event, tmp_path):
    need_mosquitto()
    port = free_port()
    conf = tmp_path / "wordboard.conf"
    text = system_config_text(port, str((event.folder / "mosquitto").resolve()))
    conf.write_text(text + "log_dest stderr\n" + ("user root\n" if _root() else ""))
    proc = subprocess.Popen([MOSQUITTO, "-c", str(conf)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        until(lambda: tls.check_broker("127.0.0.1", port, event.authority.read_text(), 1.0) is None or
              proc.poll() is not None, what="mosquitto with the service's configuration")
        assert proc.poll() is None, proc.stderr.read().decode()
        c = connected(event.organiser(), ("127.0.0.1", port), "o")
        assert not isinstance(c, str), c
        c.disconnect()
        c.loop_stop()
    finally:
        proc.terminate()
        proc.wait(10)


def _root():
    import os

    return os.geteuid() == 0


@pytest.mark.parametrize("speaks_tls", [True, False], ids=["impostor-tls", "impostor-in-clear"])
def test_a_board_never_sends_its_password_to_a_broker_of_another_authority(event, impostor, tmp_path, speaks_tls):
    fake = impostor_broker(impostor if speaks_tls else None)
    credentials = event.board_credentials("board-01")
    creds = load_credentials(credentials)
    assert tls.check_broker("127.0.0.1", fake.port, creds.ca) is not None
    c = client(creds, "wordboard-board-01")
    c.connect_async("127.0.0.1", fake.port)
    c.loop_start()
    try:
        until(lambda: fake.connections >= 3, what="three tries of the board")    # it keeps trying
    finally:
        c.loop_stop()
        fake.close()
    assert fake.handshakes == 0
    assert creds.password.encode() not in bytes(fake.received)
    assert b"board-01" not in bytes(fake.received)


def test_the_board_connects_to_its_event_s_broker(event, broker):
    creds = load_credentials(event.board_credentials("board-01"))
    assert tls.check_broker(*broker.address, creds.ca) is None
    c = connected(creds, broker.address, "anything")
    assert not isinstance(c, str), c
    c.disconnect()
    c.loop_stop()
    # a board of another event (its own authority) is refused before it logs in
    other = setup(broker.folder.parent / "other", 1, name="Tuesday club")
    stranger = load_credentials(other.board_credentials("board-01"))
    assert "not the event's" in tls.check_broker(*broker.address, stranger.ca)


def test_the_broker_s_certificate_lists_its_names_whatever_they_are():
    from cryptography import x509

    authority, key = tls.make_authority("Café club " * 10)
    cert, _ = tls.make_broker_certificate(authority, key, ["bröker.local", "192.168.1.10", "", "a" * 300])
    names = x509.load_pem_x509_certificate(cert.encode()).extensions.get_extension_for_class(
        x509.SubjectAlternativeName).value
    assert names.get_values_for_type(x509.DNSName) == ["bröker.local".encode("idna").decode()]
    assert [str(a) for a in names.get_values_for_type(x509.IPAddress)] == ["192.168.1.10"]
    assert tls.fingerprint(authority).count(":") == 31


def test_credentials_without_the_authority_go_in_clear_to_this_machine_only(tmp_path):
    plain = Credentials("board-01", "pw")
    check_transport(plain, "127.0.0.1")
    with pytest.raises(UserError, match="carry no certificate authority"):
        check_transport(plain, "192.168.1.10")
    path = tmp_path / "board.credentials"
    path.write_text(json.dumps({"user": "board-01", "password": "pw", "ca": "not a certificate"}))
    with pytest.raises(UserError, match="not a certificate"):
        load_credentials(path)


def test_a_board_ignores_adverts_for_another_event_and_refuses_an_impostor(event, impostor, broker, tmp_path):
    from wordboard.night.discovery import advertise, find_broker

    fake = impostor_broker(impostor)
    creds = load_credentials(event.board_credentials("board-01"))
    loopback = {"addresses": ["127.0.0.1"], "interfaces": ["127.0.0.1"]}
    adverts = [advertise(fake.port, "Tuesday club", **loopback), advertise(broker.port, "Thursday club", **loopback)]
    lines: list[str] = []
    try:
        # only an impostor and another event's broker: nothing found, both said
        assert find_broker(creds.event, creds.ca, 8.0, interfaces=["127.0.0.1"], log=lines.append) is None
        assert any(f"refused the broker advertised at 127.0.0.1:{fake.port}" in line for line in lines), lines
        assert any(f"127.0.0.1:{broker.port}: it is for 'Thursday club'" in line for line in lines), lines
        assert fake.handshakes == 0
        # the event's own broker joins: found, whichever advert comes first
        adverts.append(advertise(broker.port, "Tuesday club", **loopback))
        for _ in range(3):
            assert find_broker(creds.event, creds.ca, WAIT, interfaces=["127.0.0.1"]) == ("127.0.0.1", broker.port)
    finally:
        for advert in adverts:
            advert.close()
        fake.close()
    assert creds.password.encode() not in bytes(fake.received)


def test_a_board_cannot_take_the_organiser_s_client_id(event, broker):
    """Every client's id is its user name: a board's credentials asking for the organiser's id
    (or another board's) get their own, and nobody is knocked off."""
    organiser_lost, board_lost = [], []
    organiser = connected(event.organiser(), broker.address, "wordboard-organiser-Tuesday-club",
                        disconnects=organiser_lost)
    board = connected(load_credentials(event.board_credentials("board-02")), broker.address, "wordboard-board-02",
                    disconnects=board_lost)
    got = []
    subscribed = threading.Event()
    organiser.on_message = lambda c, u, m: got.append(m.topic)
    organiser.on_subscribe = lambda *a: subscribed.set()
    organiser.subscribe("wordboard/board/+/+", qos=1)
    assert subscribed.wait(10)
    attacker = load_credentials(event.board_credentials("board-01"))
    for client_id in ["wordboard-organiser-Tuesday-club", "organiser", "wordboard-board-02", "board-02"] * 3:
        intruder = connected(attacker, broker.address, client_id)
        assert not isinstance(intruder, str), intruder
        intruder.publish("wordboard/board/board-01/status", b'{"v":1,"online":true}', qos=1).wait_for_publish(5)
        intruder.disconnect()
        intruder.loop_stop()
    until(lambda: len(got) >= 12, what="the intruder's 12 messages reaching the organiser")
    board.publish("wordboard/board/board-02/status", b'{"v":1,"online":true}', qos=1).wait_for_publish(5)
    until(lambda: "wordboard/board/board-02/status" in got, what="the board's message")
    assert organiser_lost == [] and board_lost == []
    assert "as board-01 " in (broker.folder / "mosquitto.log").read_text()     # the id it got: its user name
    for c in (organiser, board):
        c.disconnect()
        c.loop_stop()
