"""The companion's own Wi-Fi, for a table where the Pi knows no network (a friend's house).

On Raspberry Pi OS, NetworkManager owns the Wi-Fi. When no network is up some seconds
after the start (`[web] wifi = "auto"`), or at once (`"always"`), the companion asks
NetworkManager, through `nmcli`, to bring up an access point of its own: a connection
profile named `PROFILE` (mode ap, WPA2, `ipv4.method shared`: NetworkManager hands out
the addresses itself). Its name and password are made once and kept in `FILE_NAME`
beside the journal (owner only), so the phones that joined once join again. The setup
screen then shows a Wi-Fi QR code (`WIFI:T:WPA;S:…;P:…;;`) beside the page's: a phone
joins the network, then the table, in two scans.

`sudo make install` writes the profile and the kept file (the service itself may then
only bring the profile up and down: its polkit rule, systemd/mush-companion-wifi.rules);
run by hand, the companion makes the profile itself when NetworkManager lets it.

Everything here runs on a thread of its own: `nmcli` may take seconds, and the main loop
only ever reads `card()`.
"""

from __future__ import annotations

import json
import logging
import secrets
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.files import write_atomic
from companion.table.frame import WifiCard
from companion.web.qr import qr_rows

log = logging.getLogger("companion.web")

PROFILE = "mush-companion-wifi"
"""NetworkManager's name for the access point's connection profile."""

FILE_NAME = "web-wifi.json"
MODES = ("off", "auto", "always")
NAME_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
PASSWORD_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read off a screen
PASSWORD_LENGTH = 12  # about 59 bits, well over WPA2's minimum of 8 characters

Run = Callable[[Sequence[str]], tuple[int, str]]
"""Runs a command; its exit status and its output (stdout, then stderr)."""


def run_command(command: Sequence[str], timeout: float = 30.0) -> tuple[int, str]:
    """`command` run with no shell and no input; a missing program is status 127."""
    try:
        done = subprocess.run(list(command), capture_output=True, text=True, timeout=timeout,
                              stdin=subprocess.DEVNULL, check=False)
    except FileNotFoundError:
        return 127, f"{command[0]}: not found"
    except subprocess.TimeoutExpired:
        return 124, f"{command[0]}: no answer in {timeout:.0f} s"
    return done.returncode, done.stdout + done.stderr


def wifi_qr_text(name: str, password: str) -> str:
    """The text of a Wi-Fi QR code, special characters escaped as phones expect."""
    def escape(text: str) -> str:
        return "".join("\\" + c if c in '\\;,":' else c for c in text)
    return f"WIFI:T:WPA;S:{escape(name)};P:{escape(password)};;"


@dataclass(frozen=True)
class Credentials:
    """The access point's name and password."""

    name: str
    password: str

    @classmethod
    def made(cls, random: Callable[[int], bytes] = secrets.token_bytes) -> Credentials:
        """A new name ("MUSH-KXRT") and password."""
        name = "MUSH-" + "".join(NAME_LETTERS[b % len(NAME_LETTERS)] for b in random(4))
        password = "".join(PASSWORD_LETTERS[b % len(PASSWORD_LETTERS)]
                           for b in random(PASSWORD_LENGTH))
        return cls(name, password)

    @classmethod
    def kept(cls, folder: Path) -> Credentials:
        """The ones kept beside the journal, or new ones (then kept; a damaged file is
        logged and replaced)."""
        path = folder / FILE_NAME
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            name, password = data["name"], data["password"]
            if not (isinstance(name, str) and 1 <= len(name.encode()) <= 32
                    and isinstance(password, str) and 8 <= len(password) <= 63):
                raise ValueError("a name of 1 to 32 bytes, a password of 8 to 63 characters")
            return cls(name, password)
        except FileNotFoundError:
            pass
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.error("wifi: %s is damaged (%s): a new name and password", path, exc)
        made = cls.made()
        try:
            write_atomic(path, json.dumps({"name": made.name, "password": made.password})
                         .encode(), 0o600)
        except OSError as exc:
            log.error("wifi: cannot keep the Wi-Fi's name in %s: %s", path, exc)
        return made


class OwnWifi:
    """Brings the access point up when it is wanted (`start`), and tells the screen
    (`card`). `run` runs nmcli (tests give a stand-in); `sleep` waits."""

    def __init__(self, mode: str, after: float, folder: Path, *, run: Run = run_command,
                 sleep: Callable[[float], None] = time.sleep, nmcli: str = "nmcli") -> None:
        if mode not in MODES:
            raise ValueError(f"wifi mode {mode!r}: one of {', '.join(MODES)}")
        self.mode = mode
        self.after = after
        self.folder = folder
        self.nmcli = nmcli
        self._run = run
        self._sleep = sleep
        self._card: WifiCard | None = None
        self._thread: threading.Thread | None = None
        self.state = "off" if mode == "off" else "waiting"  # then "up", "not needed", "failed"

    def card(self) -> WifiCard | None:
        """The Wi-Fi the screen offers, once the access point is up (any thread)."""
        return self._card

    def start(self) -> None:
        """Decide on a thread of its own (at once for "always", after `after` seconds for
        "auto"); nothing when off."""
        if self.mode == "off":
            return
        self._thread = threading.Thread(target=self.decide, name="wifi", daemon=True)
        self._thread.start()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the decision (tests)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def decide(self) -> None:
        """Bring the access point up when no known network is (or always); never raises:
        what stops it is logged once, with what to do."""
        try:
            if self.mode == "auto":
                self._sleep(self.after)
            self.state = self._bring_up()
        except Exception as exc:  # the table plays on without its own Wi-Fi
            log.error("wifi: %s", exc)
            self.state = "failed"

    def _nm(self, *args: str) -> tuple[int, str]:
        return self._run([self.nmcli, *args])

    def _bring_up(self) -> str:
        status, out = self._nm("-t", "-f", "RUNNING", "general")
        if status == 127:
            log.info("wifi: no nmcli (NetworkManager) here: no Wi-Fi of the table's own")
            return "failed"
        if status != 0 or out.strip() != "running":
            log.info("wifi: NetworkManager is not running: no Wi-Fi of the table's own")
            return "failed"
        status, out = self._nm("-t", "-f", "DEVICE,TYPE,STATE,CONNECTION", "device")
        if status != 0:
            log.error("wifi: nmcli cannot list the devices: %s", out.strip())
            return "failed"
        devices = [_fields(line) for line in out.splitlines() if line.strip()]
        wifi = next((d[0] for d in devices if len(d) >= 2 and d[1] == "wifi"), None)
        up = [d for d in devices if len(d) >= 4 and d[1] in ("wifi", "ethernet")
              and d[2].startswith("connected") and d[3] != PROFILE]
        ours = any(len(d) >= 4 and d[3] == PROFILE and d[2].startswith("connected")
                   for d in devices)
        if up and self.mode == "auto":
            log.info("wifi: the Pi is on a network (%s): no Wi-Fi of its own needed",
                     up[0][3])
            return "not needed"
        if wifi is None:
            log.warning("wifi: no Wi-Fi device: the table cannot offer a Wi-Fi of its own")
            return "failed"
        credentials = Credentials.kept(self.folder)
        if not ours:
            if not self._profile(wifi, credentials):
                return "failed"
            status, out = self._nm("connection", "up", PROFILE, "ifname", wifi)
            if status != 0:
                log.error("wifi: NetworkManager did not bring the access point up: %s "
                          "(docs/setup-pi.md, \"The table's own Wi-Fi\")", out.strip())
                return "failed"
        log.info("wifi: the table's own Wi-Fi %r is up on %s", credentials.name, wifi)
        self._card = WifiCard(credentials.name, credentials.password,
                              qr_rows(wifi_qr_text(credentials.name, credentials.password)))
        return "up"

    def _profile(self, device: str, credentials: Credentials) -> bool:
        """The access point's profile, with the kept name and password: kept as it is
        when it exists (the installer made it), else made now."""
        status, out = self._nm("-t", "-f", "NAME", "connection", "show")
        if status == 0 and PROFILE in [_fields(line)[0] for line in out.splitlines()]:
            return True
        status, out = self._nm(
            "connection", "add", "type", "wifi", "ifname", device, "con-name", PROFILE,
            "autoconnect", "no", "ssid", credentials.name, "802-11-wireless.mode", "ap",
            "802-11-wireless.band", "bg", "ipv4.method", "shared", "ipv6.method", "ignore",
            "wifi-sec.key-mgmt", "wpa-psk", "wifi-sec.proto", "rsn",
            "wifi-sec.psk", credentials.password)
        if status != 0:
            log.error("wifi: NetworkManager refused the access point's profile: %s "
                      "(`sudo make install` makes it; docs/setup-pi.md)", out.strip())
            return False
        return True


def _fields(line: str) -> list[str]:
    """One line of `nmcli -t` output: fields split at ':' (a '\\:' is part of a field)."""
    fields, current, escaped = [], "", False
    for char in line:
        if escaped:
            current += char
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == ":":
            fields.append(current)
            current = ""
        else:
            current += char
    fields.append(current)
    return fields
