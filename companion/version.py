"""Which companion this is, and where the Pi can be reached: for setup, `state` and `update`.

The version is never typed by hand in two places: the release comes from the installed
package's metadata (pyproject.toml's `version`), and the commit from git. A Pi runs a
copy installed by `systemd/install.sh`, which has no `.git`; the installer writes the
commit it installed into `companion/build.json` (`BUILD_FILE`) beside this module. A
developer's checkout (an editable install) asks git directly. Together they read like
`0.1.0+g1a2b3c4`, with `.dirty` added when the tree had changes git had not committed.

The address: the service runs with `PrivateNetwork=yes`, so from inside it the Pi has
no network at all. NetworkManager runs the installer's dispatcher script at every change
of a connection, which writes the Pi's addresses into `ADDRESS_FILE`; the companion reads
that. Run by hand (a desktop, `make run`), it asks its own network stack instead.
"""

from __future__ import annotations

import ipaddress
import json
import os
import socket
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path

DISTRIBUTION = "mush-companion"
PACKAGE_DIR = Path(__file__).resolve().parent
BUILD_FILE = PACKAGE_DIR / "build.json"
"""Written by the installer into the copy it builds: {"commit", "dirty", "source"}."""

ADDRESS_FILE = Path("/run/mush-companion.address")
"""The Pi's addresses, as `hostname -I` prints them, written by systemd/network-address."""


@dataclass(frozen=True)
class Build:
    """What was installed: the release, the commit (None outside git), local changes,
    and the git checkout it came from (None when unknown)."""

    release: str
    commit: str | None = None
    dirty: bool = False
    source: Path | None = None

    def describe(self) -> str:
        """`0.1.0`, `0.1.0+g1a2b3c4` or `0.1.0+g1a2b3c4.dirty` (a PEP 440 local label)."""
        if self.commit is None:
            return self.release
        return f"{self.release}+g{self.commit}{'.dirty' if self.dirty else ''}"


@cache
def release() -> str:
    """The package's version from its metadata; "0+unknown" when it is not installed
    (a source tree put on the path by hand). Read once: a program that outlives an
    update (`mush-companion update` itself) keeps saying the version it is."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "0+unknown"


def git(source: Path, *args: str, timeout: float = 10.0) -> str | None:
    """`git -C source ARGS` as text, or None when git or the checkout is missing.

    `safe.directory` lets root read a checkout that belongs to someone else (`sudo make
    update` in the user's clone) without git refusing it as of "dubious ownership", and
    GIT_OPTIONAL_LOCKS=0 keeps `git status` from rewriting that user's index as root."""
    env = {**os.environ, "GIT_OPTIONAL_LOCKS": "0"}
    try:
        done = subprocess.run(["git", "-c", f"safe.directory={source}", "-C", str(source),
                               *args], capture_output=True, text=True, timeout=timeout,
                              check=False, env=env)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def from_git(source: Path, release_text: str) -> Build | None:
    """The build a git checkout would make: HEAD's short commit and whether files
    that git tracks were changed; None when `source` is not a checkout."""
    commit = git(source, "rev-parse", "--short=7", "HEAD")
    if not commit:
        return None
    changes = git(source, "status", "--porcelain", "--untracked-files=no")
    return Build(release_text, commit, bool(changes), source)


def read_build_file(path: Path, release_text: str) -> Build | None:
    """The installer's record, or None when there is none (or it cannot be read)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    commit = data.get("commit")
    source = data.get("source")
    return Build(release_text, commit if isinstance(commit, str) and commit else None,
                 bool(data.get("dirty")), Path(source) if isinstance(source, str) and source
                 else None)


@cache
def build() -> Build:
    """This program's build, worked out once per process."""
    text = release()
    recorded = read_build_file(BUILD_FILE, text)
    if recorded is not None:
        return recorded
    checkout = PACKAGE_DIR.parent
    if (checkout / ".git").exists():
        found = from_git(checkout, text)
        if found is not None:
            return found
    return Build(text)


def describe() -> str:
    """This program's version, as `--version`, `state` and the setup screen say it."""
    return build().describe()


# --- the address on the network --------------------------------------------------------


def usable(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """An address someone at the table could reach: not loopback, not link-local."""
    try:
        address = ipaddress.ip_address(text.split("%")[0])
    except ValueError:
        return None
    if address.is_loopback or address.is_link_local or address.is_unspecified:
        return None
    return address


def addresses(address_file: Path | None = None) -> list[str]:
    """The Pi's addresses, IPv4 first: from the dispatcher's file when it is there, else
    from this process's own network (nothing inside the service's private one)."""
    path = address_file or ADDRESS_FILE
    try:
        words = path.read_text(encoding="ascii", errors="replace").split()
    except OSError:
        words = _own_addresses()
    found = [a for a in (usable(w) for w in words) if a is not None]
    found.sort(key=lambda a: a.version)
    return [str(a) for a in dict.fromkeys(found)]


def _own_addresses() -> list[str]:
    """The address a packet to the internet would leave from. A UDP "connect" only picks
    the route: nothing is sent. Inside the service no internet socket may be opened."""
    out: list[str] = []
    for family, target in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.connect((target, 9))
                out.append(str(probe.getsockname()[0]))
        except OSError:
            continue
    return out


class About:
    """The line the setup screen shows: version and address, the address looked up at
    most every `refresh` seconds (the Wi-Fi may come up after the companion)."""

    def __init__(self, refresh: float = 10.0, clock: Callable[[], float] = time.monotonic,
                 address_file: Path | None = None,
                 version: Callable[[], str] = describe) -> None:
        self.refresh = refresh
        self.clock = clock
        self.address_file = address_file
        self.version = version
        self._checked: float | None = None
        self._addresses: list[str] = []

    def addresses(self) -> list[str]:
        """The addresses, looked up again once `refresh` seconds have passed."""
        now = self.clock()
        if self._checked is None or now - self._checked >= self.refresh:
            self._checked = now
            self._addresses = addresses(self.address_file)
        return self._addresses

    def lines(self) -> tuple[str, ...]:
        """(`mush-companion 0.1.0+g1a2b3c4`, `192.168.1.23`); the version alone when the
        Pi has no address."""
        return (f"{DISTRIBUTION} {self.version()}", *self.addresses()[:1])

    def line(self) -> str:
        """The same on one line, joined by " · "."""
        return " · ".join(self.lines())

    __call__ = lines


__all__ = ["ADDRESS_FILE", "BUILD_FILE", "About", "Build", "addresses", "build", "describe",
           "from_git", "git", "read_build_file", "release", "usable"]
