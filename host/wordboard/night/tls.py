"""The game night's own certificate authority, the broker's certificate, and the boards' check.

``wordboard night setup`` makes a certificate authority for the event (an EC P-256 key and a
self-signed certificate) and signs one certificate with it: the broker's. Every credentials file
carries the authority's certificate (PEM), and a board speaks to a broker only over TLS and only
when the broker's certificate chains to that authority (:func:`client_context`): a broker that
anyone else advertises never gets as far as the board's user name and password. The authority's
key stays with the organiser (``EVENT/tls/ca.key``, mode 600); whoever holds it can make a broker
the boards trust, and nothing else can.

The boards do not match the broker's host name against its certificate: they reach it by an
address from an mDNS advert or from the credentials file, and the pinned authority, which signs
nothing but this broker, is the check. The certificates are valid from 2000 so that a Pi without
a clock battery and without the internet, whose clock may be behind, still accepts them.
"""

from __future__ import annotations

import datetime
import hashlib
import ipaddress
import socket
import ssl

#: the certificates' first day (see the module) and how long they last
VALID_FROM = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)
VALID_YEARS = 10


def _name(common_name: str):
    from cryptography import x509
    from cryptography.x509.oid import NameOID

    short = common_name.encode("utf-8")[:64].decode("utf-8", "ignore")     # at most 64 bytes
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "wordboard game night"),
                      x509.NameAttribute(NameOID.COMMON_NAME, short or "game night")])


def _pem(certificate) -> str:
    from cryptography.hazmat.primitives import serialization

    return certificate.public_bytes(serialization.Encoding.PEM).decode("ascii")


def _key_pem(key) -> str:
    from cryptography.hazmat.primitives import serialization

    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption()).decode("ascii")


def _until() -> datetime.datetime:
    now = datetime.datetime.now(datetime.UTC)
    return now.replace(year=now.year + VALID_YEARS, month=1, day=1)


def make_authority(event: str) -> tuple[str, str]:
    """A new certificate authority for ``event``: ``(certificate PEM, key PEM)``."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP256R1())
    name = _name(f"{event} certificate authority")
    certificate = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
                   .serial_number(x509.random_serial_number()).not_valid_before(VALID_FROM)
                   .not_valid_after(_until())
                   .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
                   .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False,
                                                key_encipherment=False, data_encipherment=False, key_agreement=False,
                                                key_cert_sign=True, crl_sign=True, encipher_only=False,
                                                decipher_only=False), critical=True)
                   .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
                   .sign(key, hashes.SHA256()))
    return _pem(certificate), _key_pem(key)


def broker_hosts(*extra: str) -> list[str]:
    """The names and addresses the broker's certificate lists (for tools that do check them,
    such as ``mosquitto_sub --cafile``): ``extra``, this machine's names, and loopback."""
    name = socket.gethostname()
    hosts = [h for h in (*extra, name, f"{name}.local", "localhost", "127.0.0.1") if h]
    return list(dict.fromkeys(hosts))


def make_broker_certificate(authority_pem: str, authority_key_pem: str, hosts: list[str]) -> tuple[str, str]:
    """The broker's certificate signed by the event's authority: ``(certificate PEM, key PEM)``."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID

    authority = x509.load_pem_x509_certificate(authority_pem.encode("ascii"))
    authority_key = serialization.load_pem_private_key(authority_key_pem.encode("ascii"), password=None)
    assert isinstance(authority_key, ec.EllipticCurvePrivateKey)
    key = ec.generate_private_key(ec.SECP256R1())
    names: list[x509.GeneralName] = []
    for host in filter(None, hosts):
        try:
            names.append(x509.IPAddress(ipaddress.ip_address(host)))
            continue
        except ValueError:
            pass
        try:
            names.append(x509.DNSName(host.encode("idna").decode("ascii")))
        except (UnicodeError, ValueError):
            pass            # a name no certificate can hold: the boards do not check names anyway
    certificate = (x509.CertificateBuilder().subject_name(_name(hosts[0] if hosts else "broker"))
                   .issuer_name(authority.subject).public_key(key.public_key())
                   .serial_number(x509.random_serial_number()).not_valid_before(VALID_FROM)
                   .not_valid_after(_until())
                   .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                   .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
                   .add_extension(x509.SubjectAlternativeName(names), critical=False)
                   .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(authority_key.public_key()),
                                  critical=False)
                   .sign(authority_key, hashes.SHA256()))
    return _pem(certificate), _key_pem(key)


def fingerprint(certificate_pem: str) -> str:
    """The SHA-256 fingerprint of a certificate, as ``openssl x509 -fingerprint -sha256`` shows it."""
    der = ssl.PEM_cert_to_DER_cert(certificate_pem)
    digest = hashlib.sha256(der).hexdigest().upper()
    return ":".join(digest[i:i + 2] for i in range(0, len(digest), 2))


def client_context(authority_pem: str) -> ssl.SSLContext:
    """TLS for a client of the night's broker: TLS 1.2 or later, the broker's certificate must
    chain to ``authority_pem`` and to nothing else (no system authorities)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False          # see the module: the pinned authority is the check
    context.verify_mode = ssl.CERT_REQUIRED
    context.load_verify_locations(cadata=authority_pem)
    return context


def check_broker(host: str, port: int, authority_pem: str, timeout: float = 5.0) -> str | None:
    """Whether the broker at ``host:port`` shows a certificate of the event's authority: None if
    it does, else why not. Only the TLS handshake: nothing of the credentials is sent."""
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            with client_context(authority_pem).wrap_socket(sock, server_hostname=host):
                return None
    except ssl.SSLCertVerificationError as exc:
        return f"its certificate is not the event's ({exc.verify_message})"
    except (ssl.SSLError, OSError) as exc:
        return f"no TLS there ({type(exc).__name__}: {exc})"
