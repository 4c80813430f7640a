"""Finding the game night's broker on the local network: mDNS/DNS-SD (python-zeroconf).

``wordboard night serve --advertise`` announces the broker as a ``_wordboard-night._tcp`` service
(its addresses, its port, the event's name); a board whose credentials say ``"broker": "auto"``
browses for it (:func:`find_broker`). Nothing leaves the local network: mDNS is link-local
multicast. Where multicast does not pass (some Wi-Fi access points block it), write the
broker's address into the boards' credentials instead (``wordboard night setup --broker``).

Anyone on the network can advertise, so an advert is only a hint: a board ignores adverts for
another event, and of the rest takes the first broker whose TLS certificate chains to the event's
authority in its credentials (:func:`wordboard.night.tls.check_broker`, a handshake that sends
nothing of the credentials); a fake advert costs it one handshake.
"""

from __future__ import annotations

import queue
import socket
from collections.abc import Callable

SERVICE = "_wordboard-night._tcp.local."


class Advert:
    def __init__(self, zc, info):
        self.zc, self.info = zc, info

    def close(self) -> None:
        try:
            self.zc.unregister_service(self.info)
        finally:
            self.zc.close()


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (not loopback)."""
    import ifaddr

    out = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                out.append(ip.ip)
    return out


def advertise(port: int, event: str, *, addresses: list[str] | None = None, interfaces=None) -> Advert:
    """Announce the broker at ``port`` on ``addresses`` (default: this machine's)."""
    from zeroconf import InterfaceChoice, ServiceInfo, Zeroconf

    addresses = addresses or local_addresses() or ["127.0.0.1"]
    zc = Zeroconf(interfaces=interfaces or InterfaceChoice.All)
    name = "".join(c if c.isalnum() or c in " -" else "-" for c in event)[:40] or "game night"
    info = ServiceInfo(SERVICE, f"{name}.{SERVICE}", addresses=[socket.inet_aton(a) for a in addresses],
                       port=port, properties={"event": event[:100]}, server=f"{socket.gethostname()}.local.")
    zc.register_service(info, allow_name_change=True)
    return Advert(zc, info)


def find_broker(event: str, authority: str | None, timeout: float = 10.0, *, interfaces=None,
                log: Callable[[str], None] | None = None) -> tuple[str, int] | None:
    """The first broker announced on the local network for ``event`` whose certificate chains to
    ``authority`` (PEM; None: the first advert for the event, for a test's broker in clear), or
    None after ``timeout``. Adverts for other events and brokers that fail the check are logged."""
    import time

    from zeroconf import InterfaceChoice, ServiceBrowser, ServiceStateChange, Zeroconf

    from wordboard.night.tls import check_broker

    log = log or (lambda text: None)
    zc = Zeroconf(interfaces=interfaces or InterfaceChoice.All)
    adverts: queue.Queue[tuple[str, str, int]] = queue.Queue()

    def changed(zeroconf, service_type, name, state_change):
        if state_change is not ServiceStateChange.Added:
            return
        info = zeroconf.get_service_info(service_type, name, timeout=3000)
        if info is not None:
            told = (info.properties or {}).get(b"event") or b""
            for address in info.parsed_addresses():
                adverts.put((told.decode("utf-8", "replace"), address, info.port))

    browser = ServiceBrowser(zc, SERVICE, handlers=[changed])
    deadline = time.monotonic() + timeout
    try:
        while (left := deadline - time.monotonic()) > 0:
            try:
                told, host, port = adverts.get(timeout=left)
            except queue.Empty:
                break
            if told != event[:100]:
                log(f"night: ignored the broker advertised at {host}:{port}: it is for {told!r}, not {event!r}")
                continue
            problem = check_broker(host, port, authority, min(5.0, max(left, 0.5))) if authority else None
            if problem is None:
                return host, port
            log(f"night: refused the broker advertised at {host}:{port}: {problem}")
    finally:
        browser.cancel()
        zc.close()
    return None

