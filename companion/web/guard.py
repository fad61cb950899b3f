"""Who may talk to the table's web server, and how fast.

The server answers the local network only: loopback, the private ranges and link-local
addresses (a phone on the table's Wi-Fi, a laptop plugged into the Pi, a Pi that is its
own hotspot). Anything else is refused before a page or a WebSocket is served, whatever a
header claims. Browsers are held to the same origin: a WebSocket is accepted only when its
Origin is the very address the page was loaded from, and that address must name this
server (an IP address, `localhost`, the Pi's own name, or the configured address), so a
page elsewhere cannot drive a seat through a visitor's browser, not even through a
hostile name that resolves to the Pi (DNS rebinding).
"""

from __future__ import annotations

import contextlib
import fcntl
import ipaddress
import socket
import struct
import time
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

LOCAL_NETWORKS = tuple(ipaddress.ip_network(n) for n in (
    "127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16",
    "::1/128", "fc00::/7", "fe80::/10",
))
"""Loopback, private (RFC 1918, IPv6 unique local) and link-local ranges."""

SYSTEMD_ALLOW = "localhost link-local 10.0.0.0/8 172.16.0.0/12 192.168.0.0/16 fc00::/7"
"""The same ranges as the service unit's IPAddressAllow= names them (tests compare)."""


def local_address(text: str | None) -> bool:
    """Whether a peer's address is on the local network (an IPv4 address mapped into
    IPv6 counts as itself; anything unparseable is not local)."""
    if not text:
        return False
    try:
        address = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return any(address in network for network in LOCAL_NETWORKS
               if network.version == address.version)


def _host_part(host: str) -> str:
    """The name or address of a Host header, without its port ("[::1]:8080" -> "::1")."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        return host.split(":", 1)[0]
    return host


class Hosts:
    """The names under which this server may be reached: any IP address, `localhost`,
    this machine's own name (and `name.local`), and the configured address's host."""

    def __init__(self, extra: Iterable[str] = ()) -> None:
        name = socket.gethostname().lower()
        self.names = {"localhost", name, f"{name}.local", *(e.lower() for e in extra if e)}

    def allowed(self, host: str | None) -> bool:
        """Whether a Host header names this server."""
        if not host or len(host) > 255:
            return False
        part = _host_part(host)
        try:
            ipaddress.ip_address(part)
            return True
        except ValueError:
            return part in self.names


def same_origin(origin: str | None, host: str | None) -> bool:
    """Whether a WebSocket's Origin is the page's own address (scheme http, same host and
    port as the Host it was sent to). A missing Origin is refused: every browser sends
    one, and a script that can forge headers is not a phone."""
    if not origin or not host:
        return False
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.strip().lower() \
        and not parts.path.strip("/")


class Bucket:
    """A token bucket: `rate` actions a second on average, `burst` at once.

    Each phone's presses go through one (so a stuck or hostile device cannot flood the
    main loop's queue); presses over the limit are dropped and counted.
    """

    def __init__(self, rate: float, burst: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = burst
        self._at = clock()
        self.dropped = 0

    def take(self, cost: float = 1.0) -> bool:
        """Spend `cost`; False (and counted) when the bucket is empty."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens >= cost:
            self._tokens -= cost
            return True
        self.dropped += 1
        return False


def lan_address() -> str:
    """This machine's address on the local network (the first private IPv4 address of an
    interface that is up), read from the interfaces themselves: nothing is sent."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _, name in socket.if_nameindex():
            try:
                packed = fcntl.ioctl(s.fileno(), 0x8915,  # SIOCGIFADDR
                                     struct.pack("256s", name[:15].encode()))
            except OSError:
                continue
            found.append(socket.inet_ntoa(packed[20:24]))
    private = [a for a in found if ipaddress.ip_address(a).is_private
               and not ipaddress.ip_address(a).is_loopback]
    private.sort(key=lambda a: (not a.startswith("192.168."), not a.startswith("10."), a))
    return private[0] if private else "127.0.0.1"


def url_host(url: str) -> str:
    from urllib.parse import urlsplit

    return urlsplit(url).hostname or ""
