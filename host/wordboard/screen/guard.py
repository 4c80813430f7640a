"""Who may do what on the screen, and how much of it: the server's bookkeeping, without I/O.

* **Roles.** Watching is open to every page on the local network. *Playing* (the board's
  buttons, answers to the board's questions: anything that changes the course of a game) is for
  the kiosk on the Pi itself (a loopback peer), for pages that joined with the game's code
  (:class:`GameCode`, shown on the board's own screen) and for pages unlocked with the PIN.
  *Changing* a game (undo, scores, ending it, a new one) needs the PIN.
* **Clients.** A client is its address, IPv4 or IPv6, or ``"kiosk"`` for loopback peers
  (:func:`client_key`). Not an IPv6 /64: a home network's devices all share one /64, and a
  lockout of the network was a lockout of every phone on it.
* :class:`Lockout`: wrong guesses lock out the client that sent them, never the others and never
  the kiosk; a ceiling on the wrong guesses of a *pool* of LAN clients together bounds guessing
  from many addresses by spacing that pool's guesses out, never by locking it out for its whole
  window. The server keeps one lockout for PINs and one for game codes, so guessing one never bars
  the other (a child joining with the code while somebody guesses the PIN); for the PIN the pages
  that joined with the game's code (shown only on the board's own screen: they are at the table)
  are a pool of their own, so guesses from elsewhere on the network never space theirs out.
* :class:`Bucket`: a token bucket per page (how many actions a second it may send).
* :class:`RefusalLog`: one log line per kind of refusal, then one count a minute while they go on.

Time comes in as numbers from an injected clock (``time.monotonic`` in the server).
"""

from __future__ import annotations

import collections
import ipaddress
import secrets
from collections.abc import Callable
from dataclasses import dataclass

KIOSK = "kiosk"
#: the game code's alphabet (no 0/O, 1/I/L, U: read off a screen and typed on a phone)
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 8


def _ip(address: str | None):
    try:
        ip = ipaddress.ip_address((address or "").split("%")[0])
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip


def is_loopback(address: str | None) -> bool:
    ip = _ip(address)
    return ip is not None and ip.is_loopback


def client_key(address: str | None, kiosk: Callable[[str], bool] = is_loopback) -> str:
    """The client an address belongs to: ``"kiosk"``, or the address (IPv4, or IPv6 without its
    zone; an IPv4-mapped IPv6 address is its IPv4 address)."""
    if address and kiosk(address):
        return KIOSK
    ip = _ip(address)
    if ip is None:
        return f"?{address}"
    return str(ip)


class GameCode:
    """The game's code: 8 characters of :data:`CODE_ALPHABET` (about 39 bits), a new one for each
    game; a page that sends it may play. Shown on the board's own screen (the kiosk page, with a
    QR code of the join address) and in the board's log."""

    def __init__(self):
        self._codes: dict[object, str] = {}
        self.game: object = None

    def new_game(self, game: object) -> str:
        """The code for ``game`` (made the first time): the only code accepted from now on."""
        self.game = game
        if game not in self._codes:
            if len(self._codes) > 64:
                self._codes.clear()
            self._codes[game] = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        return self._codes[game]

    @property
    def current(self) -> str | None:
        return self._codes.get(self.game)

    @staticmethod
    def normal(text: str) -> str:
        """What a person typed, as the code is written (case, spaces and dashes ignored)."""
        return "".join(ch for ch in text.upper() if ch not in " -")

    def check(self, text: str) -> bool:
        current = self.current
        return current is not None and secrets.compare_digest(self.normal(text), current)

    @staticmethod
    def shown(code: str) -> str:
        """``ABCD-EFGH``: as the screen shows it."""
        return f"{code[:4]}-{code[4:]}"


@dataclass
class _Record:
    failures: int = 0
    lockouts: int = 0
    locked_until: float = 0.0


#: the pool of LAN clients a guess counts in unless the server names another
LAN_POOL = "lan"


class Lockout:
    """Wrong guesses (of one secret: the PIN, or the game's code) per client. After
    ``max_failures`` wrong guesses in a row a client waits ``seconds``, twice as long after each
    further wrong guess (at most ``max_seconds``); a right guess starts it afresh. The clients
    other than the kiosk fall in pools (``pool=``: by default one, :data:`LAN_POOL`); the clients
    of a pool together may make ``lan_ceiling`` wrong guesses in ``lan_window`` seconds; beyond
    that a client of the pool may guess once the pool's last wrong guess is ``lan_window /
    lan_ceiling`` seconds old (the same long-run pace, one guess at a time, instead of every
    device of the pool barred until the window has passed). ``lan_ceiling=None``: no ceiling, each
    client's own lockout only. The kiosk is never held back by others, nor one pool by another.
    At most ``max_clients`` clients are remembered (the oldest ones not locked out are forgotten
    first)."""

    def __init__(self, *, max_failures: int = 5, seconds: float = 60.0, max_seconds: float = 900.0,
                 lan_ceiling: int | None = 30, lan_window: float = 3600.0, max_clients: int = 1024):
        self.max_failures = max_failures
        self.seconds = seconds
        self.max_seconds = max_seconds
        self.lan_ceiling = lan_ceiling
        self.lan_window = lan_window
        self.max_clients = max_clients
        self._records: collections.OrderedDict[str, _Record] = collections.OrderedDict()
        self._pool_failures: dict[str, collections.deque[float]] = {}

    def wait(self, client: str, now: float, pool: str = LAN_POOL) -> float:
        """Seconds ``client`` (of ``pool``) must wait before its next guess (0: it may guess now)."""
        record = self._records.get(client)
        wait = max(0.0, record.locked_until - now) if record is not None else 0.0
        failures = self._pool_failures.get(pool)
        if client != KIOSK and self.lan_ceiling is not None and failures:
            while failures and failures[0] <= now - self.lan_window:
                failures.popleft()
            if len(failures) >= self.lan_ceiling:
                wait = max(wait, failures[-1] + self.lan_spacing - now)
        return wait

    @property
    def lan_spacing(self) -> float:
        """Seconds between a pool's guesses once its ceiling is reached."""
        return self.lan_window / max(1, self.lan_ceiling or 1)

    def failed(self, client: str, now: float, pool: str = LAN_POOL) -> None:
        record = self._records.pop(client, None) or _Record()
        self._records[client] = record                # the most recent last
        record.failures += 1
        if record.failures >= self.max_failures:
            record.failures = self.max_failures - 1   # from now on each wrong guess locks again
            record.locked_until = now + min(self.max_seconds, self.seconds * 2 ** record.lockouts)
            record.lockouts += 1
        if client != KIOSK and self.lan_ceiling is not None:
            failures = self._pool_failures.setdefault(pool, collections.deque())
            failures.append(now)
            while len(failures) > self.lan_ceiling:      # only the last ``lan_ceiling`` matter
                failures.popleft()
        while len(self._records) > self.max_clients:
            for key, old in self._records.items():
                if old.locked_until <= now or key == KIOSK:
                    del self._records[key]
                    break
            else:
                self._records.popitem(last=False)

    def succeeded(self, client: str) -> None:
        self._records.pop(client, None)

    def locked_until(self, client: str) -> float:
        record = self._records.get(client)
        return record.locked_until if record is not None else 0.0


class Bucket:
    """A token bucket: ``burst`` actions at once, then ``rate`` a second."""

    def __init__(self, rate: float, burst: float, now: float):
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.at = now

    def take(self, now: float, cost: float = 1.0) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False


class RefusalLog:
    """One line per kind of refusal (``out``), then at most one count per ``every`` seconds while
    refusals of that kind go on: a flood is a few lines, not one (or a traceback) per connection."""

    def __init__(self, out: Callable[[str], None], clock: Callable[[], float], every: float = 60.0):
        self.out = out
        self.clock = clock
        self.every = every
        self._last: dict[str, float] = {}
        self._counts: collections.Counter[str] = collections.Counter()
        self.totals: collections.Counter[str] = collections.Counter()

    def refused(self, kind: str, detail: str = "") -> None:
        now = self.clock()
        self.totals[kind] += 1
        last = self._last.get(kind)
        if last is None:
            self._last[kind] = now
            self.out(f"screen: refused: {kind}{f' ({detail})' if detail else ''}; more of these are counted "
                     f"once a minute")
            return
        self._counts[kind] += 1
        if now - last >= self.every:
            self.out(f"screen: refused {self._counts[kind]} more: {kind} (in {now - last:.0f} s)")
            self._counts[kind] = 0
            self._last[kind] = now
