"""Finding the game night's broker on the local network: mDNS/DNS-SD (python-zeroconf).

``wordboard night serve --advertise`` announces the broker as a ``_wordboard-night._tcp`` service
(its addresses, its port, the event's name); a board whose credentials say ``"broker": "auto"``
browses for it (:func:`find_broker`). Nothing leaves the local network: mDNS is link-local
multicast. Where multicast does not pass (some Wi-Fi access points block it), write the
broker's address into the boards' credentials instead (``wordboard night setup --broker``).
"""

from __future__ import annotations

import socket
import threading

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


def find_broker(timeout: float = 10.0, *, interfaces=None) -> tuple[str, int] | None:
    """The first game-night broker announced on the local network, or None after ``timeout``."""
    from zeroconf import InterfaceChoice, ServiceBrowser, ServiceStateChange, Zeroconf

    zc = Zeroconf(interfaces=interfaces or InterfaceChoice.All)
    found: list[tuple[str, int]] = []
    done = threading.Event()

    def changed(zeroconf, service_type, name, state_change):
        if state_change is not ServiceStateChange.Added:
            return
        info = zeroconf.get_service_info(service_type, name, timeout=3000)
        if info is not None and info.parsed_addresses():
            found.append((info.parsed_addresses()[0], info.port))
            done.set()

    browser = ServiceBrowser(zc, SERVICE, handlers=[changed])
    try:
        done.wait(timeout)
    finally:
        browser.cancel()
        zc.close()
    return found[0] if found else None

