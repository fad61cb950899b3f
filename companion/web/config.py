"""The `[web]` config table: whether phones may be pads, and where the server listens.

Strict like every table of the config file: an unknown key or a wrong value names the
dotted key (`web.port`).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass, fields
from urllib.parse import urlsplit

from companion.exc import ConfigError


@dataclass(frozen=True)
class WebConfig:
    """The phones' web server."""

    enabled: bool = True  # false: no server, no open port, no QR code on the screen
    port: int = 8080
    bind: str = "::"  # every address (IPv6 and IPv4); the server answers local ones only
    # The address the screen shows and the QR codes carry; "" finds the Pi's own LAN
    # address (e.g. http://192.168.1.23:8080).
    url: str = ""
    presses_per_second: float = 6.0  # per phone; more are dropped (a burst of 6 is allowed)
    # The table's own Wi-Fi (companion.web.wifi): "auto" when no network is up `wifi_after`
    # seconds after the start, "always", or "off".
    wifi: str = "auto"
    wifi_after: float = 30.0


KEYS = tuple(f.name for f in fields(WebConfig))


def parse_web(value: object, key: str = "web") -> WebConfig:
    """`[web]` from the TOML data."""
    if not isinstance(value, Mapping):
        raise ConfigError(key, f"must be a table, not {type(value).__name__}")
    for name in value:
        if name not in KEYS:
            raise ConfigError(f"{key}.{name}", f"unknown key; allowed: {', '.join(KEYS)}")
    defaults = WebConfig()
    enabled = value.get("enabled", defaults.enabled)
    if not isinstance(enabled, bool):
        raise ConfigError(f"{key}.enabled", f"must be true or false (got {enabled!r})")
    port = value.get("port", defaults.port)
    if isinstance(port, bool) or not isinstance(port, int) or not 1024 <= port <= 65535:
        raise ConfigError(f"{key}.port", f"a port from 1024 to 65535 (got {port!r}); lower "
                          "ones need privileges the service does not have")
    bind = value.get("bind", defaults.bind)
    try:
        if not isinstance(bind, str):
            raise ValueError
        ipaddress.ip_address(bind)
    except ValueError:
        raise ConfigError(f"{key}.bind", f"an IP address such as \"::\" or \"0.0.0.0\" "
                          f"(got {bind!r})") from None
    url = value.get("url", defaults.url)
    if not isinstance(url, str) or (url and (urlsplit(url).scheme != "http"
                                             or not urlsplit(url).hostname)):
        raise ConfigError(f"{key}.url", f"an address such as \"http://mush.local:8080\" or "
                          f"\"\" to find it (got {url!r})")
    rate = value.get("presses_per_second", defaults.presses_per_second)
    if isinstance(rate, bool) or not isinstance(rate, int | float) or not 1 <= rate <= 50:
        raise ConfigError(f"{key}.presses_per_second", f"from 1 to 50 (got {rate!r})")
    wifi = value.get("wifi", defaults.wifi)
    if wifi not in ("off", "auto", "always"):
        raise ConfigError(f"{key}.wifi", f"\"auto\" (the table's own Wi-Fi when no network "
                          f"is up), \"always\" or \"off\" (got {wifi!r})")
    after = value.get("wifi_after", defaults.wifi_after)
    if isinstance(after, bool) or not isinstance(after, int | float) or not 0 <= after <= 600:
        raise ConfigError(f"{key}.wifi_after", f"seconds from 0 to 600 (got {after!r})")
    return WebConfig(enabled=enabled, port=port, bind=bind, url=url.rstrip("/"),
                     presses_per_second=float(rate), wifi=wifi, wifi_after=float(after))
