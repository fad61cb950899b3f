"""Talking to systemd: readiness, status, the watchdog and a clean stop.

The companion is an appliance. systemd starts it at boot (`Type=notify`), waits for
`READY=1` before it counts the table as up, restarts it when it crashes, and kills and
restarts it when the main loop stops sending `WATCHDOG=1`. This module speaks that
protocol with the standard library alone, so the Pi needs no libsystemd binding and the
tests can talk to a real socket.

The protocol (sd_notify(3)): one datagram of newline-separated `KEY=VALUE` lines, sent
to the AF_UNIX datagram socket named in `$NOTIFY_SOCKET`. A name starting with `@` is a
Linux abstract socket (the `@` stands for a leading NUL byte). When the variable is unset
the process was not started by systemd (a desktop, a test, a shell) and every call here
does nothing, so the main loop never needs an `if systemd:` of its own.

The watchdog is deliberately NOT a thread. A thread would keep pinging while the loop
that owns the game is stuck on a lock or a device, and systemd would never notice the
hang. Instead the main loop calls `Watchdog.tick(now)` once per iteration and the ping
goes out only when the loop really came round::

    stop = install_stop_handlers()
    watchdog = Watchdog.from_env()
    ...build display, pads, journal...
    ready(status="Table ready")
    while not stop.is_set():
        now = time.monotonic()
        watchdog.tick(now)
        event = events.get(timeout=watchdog.wait_timeout(now, longest=0.25))
        ...
    stopping()
"""

from __future__ import annotations

import faulthandler
import logging
import os
import re
import signal
import socket
import threading
import types
from collections.abc import Iterable, Mapping

__all__ = [
    "Notifier",
    "StopFlag",
    "Watchdog",
    "enable_hang_tracebacks",
    "extend_timeout",
    "install_stop_handlers",
    "notify",
    "ready",
    "socket_address",
    "status",
    "stopping",
    "watchdog_ping",
]

log = logging.getLogger(__name__)

NOTIFY_SOCKET = "NOTIFY_SOCKET"
WATCHDOG_USEC = "WATCHDOG_USEC"
WATCHDOG_PID = "WATCHDOG_PID"

# Field names systemd understands are upper case (READY, STATUS, WATCHDOG, ...).
_FIELD_NAME = re.compile(r"[A-Z][A-Z0-9_]*")

FieldValue = str | int | bool


def _encode(fields: Mapping[str, FieldValue]) -> bytes:
    """One datagram from keyword fields: `ready=True, status="x"` -> b"READY=1\\nSTATUS=x".

    Keys are upper-cased so callers can write Python-looking keywords. Values may not
    contain a newline (it would start a new assignment), so newlines become spaces; a
    status line is a single line on `systemctl status` anyway.
    """
    lines: list[str] = []
    for key, value in fields.items():
        name = key.upper()
        if not _FIELD_NAME.fullmatch(name):
            raise ValueError(f"not a notify field name: {key!r}")
        text = ("1" if value else "0") if isinstance(value, bool) else str(value)
        text = text.replace("\r", " ").replace("\n", " ")
        lines.append(f"{name}={text}")
    return "\n".join(lines).encode("utf-8")


def socket_address(value: str) -> str | None:
    """The `sendto` address for a `$NOTIFY_SOCKET` value, or None if we cannot use it.

    `@name` is an abstract socket: Python spells that as a string starting with NUL.
    An absolute path is a socket file. Anything else (an empty string, newer systemd's
    `vsock:` form, which only matters inside virtual machines) is not for us.
    """
    if value.startswith("@") and len(value) > 1:
        return "\0" + value[1:]
    if value.startswith("/"):
        return value
    return None


class Notifier:
    """Sends notify datagrams to one socket, or to none.

    The socket name is read from the environment on every send unless it was given,
    so a test (or a child process) that changes `$NOTIFY_SOCKET` is honoured. Sending
    never raises into the caller: a lost status line must not stop a game. The first
    failure is logged as a warning, later ones at debug level so a missing socket does
    not flood the journal every watchdog period.
    """

    def __init__(
        self, socket_name: str | None = None, env: Mapping[str, str] | None = None
    ) -> None:
        self._fixed = socket_name
        self._env = env
        self._warned = False

    def socket_name(self) -> str | None:
        """The configured socket name, None when not started by a service manager."""
        if self._fixed is not None:
            return self._fixed or None
        env = os.environ if self._env is None else self._env
        return env.get(NOTIFY_SOCKET) or None

    @property
    def enabled(self) -> bool:
        """True when there is a socket to talk to."""
        name = self.socket_name()
        return name is not None and socket_address(name) is not None

    def notify(self, **fields: FieldValue) -> bool:
        """Send the fields as one datagram; True if it was sent, False if not (or no-op)."""
        if not fields:
            return False
        payload = _encode(fields)
        name = self.socket_name()
        if name is None:
            return False
        address = socket_address(name)
        if address is None:
            self._warn(f"unsupported {NOTIFY_SOCKET}={name!r}; notifications are off")
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
                sock.sendto(payload, address)
        except OSError as error:
            self._warn(f"could not notify {name}: {error}")
            return False
        return True

    def _warn(self, message: str) -> None:
        if self._warned:
            log.debug("%s", message)
        else:
            self._warned = True
            log.warning("%s", message)


_default = Notifier()


def notify(**fields: FieldValue) -> bool:
    """Send arbitrary fields (`notify(status="...", ready=True)`); no-op without systemd."""
    return _default.notify(**fields)


def ready(status: str | None = None) -> bool:
    """Tell systemd the table is up: display open, journal replayed, pads listening.

    Until this is sent `systemctl start` waits and the unit shows "activating", so send
    it only once the players could actually start a game.
    """
    if status is None:
        return _default.notify(READY=1)
    return _default.notify(READY=1, STATUS=status)


def stopping(status: str | None = None) -> bool:
    """Tell systemd a clean stop has begun, so a slow shutdown is not taken for a hang."""
    if status is None:
        return _default.notify(STOPPING=1)
    return _default.notify(STOPPING=1, STATUS=status)


def status(text: str) -> bool:
    """One line shown by `systemctl status mush-companion` (e.g. "Round 3: bidding")."""
    return _default.notify(STATUS=text)


def watchdog_ping() -> bool:
    """Send one `WATCHDOG=1` now. The main loop should use `Watchdog.tick` instead."""
    return _default.notify(WATCHDOG=1)


def extend_timeout(seconds: float) -> bool:
    """Ask for more start (or stop) time, e.g. while replaying a long journal.

    systemd gives the unit at least `seconds` more from now before its start timeout
    fires. Needs systemd 236 or later (Bookworm has 252).
    """
    return _default.notify(EXTEND_TIMEOUT_USEC=max(1, round(seconds * 1_000_000)))


class Watchdog:
    """Decides, from the main loop, when `WATCHDOG=1` is due, and sends it.

    systemd's `WatchdogSec=` reaches the process as `$WATCHDOG_USEC` (microseconds),
    with `$WATCHDOG_PID` naming the process it is meant for; a child that inherited
    the variables must not ping on its parent's behalf. sd_watchdog_enabled(3) asks
    for a ping at least every half interval, which is what `ping_every` is.

    The clock is passed in (`time.monotonic()` in the app, a number in tests) so the
    decision is a plain function of time and the tests need not sleep to check it.
    """

    def __init__(self, interval: float | None, notifier: Notifier | None = None) -> None:
        if interval is not None and interval <= 0:
            raise ValueError(f"watchdog interval must be positive, got {interval}")
        self.interval = interval
        self._notifier = notifier if notifier is not None else _default
        self._last: float | None = None
        self.pings = 0

    @classmethod
    def from_env(
        cls,
        env: Mapping[str, str] | None = None,
        pid: int | None = None,
        notifier: Notifier | None = None,
    ) -> Watchdog:
        """The watchdog systemd asked for, or a disabled one.

        Disabled when `$WATCHDOG_USEC` is unset, not a positive integer, or when
        `$WATCHDOG_PID` names another process. A malformed value is logged, not
        raised: the game runs without a watchdog rather than not at all.
        """
        env = os.environ if env is None else env
        pid = os.getpid() if pid is None else pid
        raw = env.get(WATCHDOG_USEC)
        if not raw:
            return cls(None, notifier)
        try:
            usec = int(raw)
        except ValueError:
            usec = 0
        if usec <= 0:
            log.warning("ignoring %s=%r: not a positive number of microseconds",
                        WATCHDOG_USEC, raw)
            return cls(None, notifier)
        owner = env.get(WATCHDOG_PID)
        if owner:
            try:
                owner_pid = int(owner)
            except ValueError:
                log.warning("ignoring the watchdog: %s=%r is not a pid", WATCHDOG_PID, owner)
                return cls(None, notifier)
            if owner_pid != pid:
                return cls(None, notifier)
        return cls(usec / 1_000_000, notifier)

    @property
    def enabled(self) -> bool:
        """True when systemd expects pings from this process."""
        return self.interval is not None

    @property
    def ping_every(self) -> float | None:
        """Seconds between pings: half the interval, None when disabled."""
        return None if self.interval is None else self.interval / 2

    def due(self, now: float) -> bool:
        """True when a ping should go out at `now` (always true before the first one)."""
        every = self.ping_every
        if every is None:
            return False
        return self._last is None or now - self._last >= every

    def tick(self, now: float) -> bool:
        """Call once per main-loop iteration; sends `WATCHDOG=1` when due.

        Returns True when a ping was sent. The time is taken as sent even if the
        socket refused it, so a broken socket does not turn every iteration into a
        failing send.
        """
        if not self.due(now):
            return False
        self._last = now
        self.pings += 1
        return self._notifier.notify(WATCHDOG=1)

    def wait_timeout(self, now: float, longest: float | None = None) -> float | None:
        """How long the loop may block (e.g. in `queue.get`) and still ping in time.

        Returns the seconds until the next ping is due, never negative, capped at
        `longest`; None (block forever) only when disabled and no cap is given.
        """
        every = self.ping_every
        if every is None:
            return longest
        remaining = 0.0 if self._last is None else max(0.0, self._last + every - now)
        return remaining if longest is None else min(remaining, longest)


class StopFlag:
    """Set when systemd (SIGTERM) or a person (SIGINT) asks the companion to stop.

    The main loop checks `is_set()` each iteration and leaves by its normal path,
    so the journal is closed and the screen is released, instead of dying wherever
    the signal happened to land.
    """

    def __init__(self) -> None:
        self._event = threading.Event()
        self.signal: int | None = None

    def is_set(self) -> bool:
        """True once a stop was requested."""
        return self._event.is_set()

    def set(self, signum: int | None = None) -> None:
        """Request a stop; remembers the first signal that asked."""
        if self.signal is None:
            self.signal = signum
        self._event.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until a stop is requested or the timeout passes; True if requested."""
        return self._event.wait(timeout)




def install_stop_handlers(
    flag: StopFlag | None = None,
    signals: Iterable[int] = (signal.SIGTERM, signal.SIGINT),
    notifier: Notifier | None = None,
) -> StopFlag:
    """Turn SIGTERM and SIGINT into a stop flag, and say `STOPPING=1` at once.

    Must be called from the main thread (Python only installs handlers there). The
    handler only sets the flag and sends one datagram; it takes no lock the main loop
    might hold, so it is safe wherever the signal lands. A second signal of the same
    kind falls back to the default action, so a stuck stop can still be broken with a
    second Ctrl-C (systemd itself sends SIGKILL after `TimeoutStopSec=`).
    """
    flag = flag if flag is not None else StopFlag()
    sender = notifier if notifier is not None else _default

    def handle(signum: int, frame: types.FrameType | None) -> None:
        first = not flag.is_set()
        flag.set(signum)
        signal.signal(signum, signal.SIG_DFL)
        if first:
            name = signal.Signals(signum).name
            log.info("%s received: stopping after this round of the main loop", name)
            sender.notify(STOPPING=1, STATUS=f"Stopping ({name})")

    for signum in signals:
        signal.signal(signum, handle)
    return flag


def enable_hang_tracebacks() -> None:
    """Print every thread's Python stack to stderr when the process is killed hard.

    systemd kills a hung service with SIGABRT (`WatchdogSignal=` default). With
    faulthandler enabled that leaves the stack of the stuck main loop in
    `journalctl -u mush-companion`, which is the one clue a hang leaves behind.
    """
    if not faulthandler.is_enabled():
        faulthandler.enable(all_threads=True)
