"""The pad hub's link, below the reader thread (`companion.pads.serial`): finding and
opening the port, writing within a time limit, the frames for lights and digits, the
link's counters, and the log limiter that keeps a noisy hub from filling the card.

Apart from the thread so each can be read (and tested) on its own: nothing here keeps
state between calls but the counters and the limiter the thread owns.
"""

from __future__ import annotations

import glob
import logging
import os
import select
import time
from dataclasses import dataclass
from typing import Protocol

from companion.exc import CompanionError
from companion.pads.config import SerialConfig
from companion.pads.debounce import Clock
from companion.pads.events import Blink, Button, Kind, Light, LightPattern

log = logging.getLogger("companion.pads.serial")


PADS = 6
BUTTON_CODES = {"L": Button.LEFT, "R": Button.RIGHT, "S": Button.SELECT}
KIND_CODES = {"D": Kind.PRESS, "U": Kind.RELEASE, "H": Kind.HOLD}
_DISPLAY_CHARS = set("0123456789ABCDEF-_.")


class SerialPort(Protocol):
    """The part of `serial.Serial` the reader uses (a fake can stand in for it)."""

    @property
    def in_waiting(self) -> int: ...

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes) -> int | None: ...

    def close(self) -> None: ...


WRITE_TIMEOUT_S = 0.1  # one frame is ~30 bytes: a hub that cannot take it has stopped reading


class LinkLost(CompanionError):
    """The hub stopped talking; the session ends and the reader looks for it again."""


class HandshakeFailed(LinkLost):
    """The port answered, but not as our hub (a REPL, another protocol, silence)."""


@dataclass
class LinkStats:
    """Counters for the self-test and the log; written by the reader thread only."""

    frames: int = 0  # valid frames received
    dropped: int = 0  # lines that were not valid frames, or valid frames that made no sense
    gaps: int = 0  # frames missing according to the sequence numbers
    sessions: int = 0  # times a port was opened
    hellos: int = 0  # times the hub answered our challenge (a connected hub)
    errors_from_hub: int = 0
    refused: int = 0  # handshakes that failed: an echo, another version, no answer
    orphans: int = 0  # releases/holds of a press made before the link was (re)made: ignored
    cancelled: int = 0  # buttons down when the link dropped, forgotten without a release
    superseded: int = 0  # light/display updates replaced by a newer one before being sent
    write_timeouts: int = 0  # frames the hub did not take in WRITE_TIMEOUT_S
    overlong: int = 0  # lines longer than padproto.MAX_LINE (also in `dropped`)
    log_suppressed: int = 0  # log lines held back by the LogLimiter (summed up instead)


@dataclass
class _Kind:
    start: float  # when this window of the kind began
    lines: int = 0  # lines of it logged or held back in this window
    held: int = 0  # lines held back in this window
    last: str = ""  # the last one held back, for the summary
    level: int = logging.WARNING
    flooding: bool = False  # held some back last window: only summaries until it stops


class LogLimiter:
    """At most `burst` log lines of one kind per `window` seconds; the rest are counted and
    summed up in one line when the window ends ("… 51,200 more in the last 10 s, the last
    one: …"). A kind that keeps flooding gets only that summary, once a window, until a
    whole window passes without it. Timed by the reader's clock (a fake one in tests).
    """

    def __init__(self, logger: logging.Logger, clock: Clock, *, burst: int = 5,
                 window: float = 10.0) -> None:
        self.logger = logger
        self.clock = clock
        self.burst = burst
        self.window = window
        self.held = 0  # every line held back, all kinds
        self._kinds: dict[str, _Kind] = {}

    def log(self, level: int, kind: str, message: str, *args: object) -> None:
        """Log `message % args` as a line of `kind`, unless that kind is over its share."""
        now = self.clock()
        self.flush(now)
        entry = self._kinds.get(kind)
        if entry is None:
            entry = self._kinds[kind] = _Kind(now, level=level)
        entry.lines += 1
        if entry.lines <= (0 if entry.flooding else self.burst):
            self.logger.log(level, message, *args, stacklevel=2)
            return
        entry.held += 1
        entry.level = max(entry.level, level)
        self.held += 1
        entry.last = message % args if args else message

    def flush(self, now: float | None = None, *, final: bool = False) -> None:
        """Sum up every kind whose window has ended (call it now and then: a flood that
        stops still gets its summary); `final` sums up every kind, ended or not."""
        now = self.clock() if now is None else now
        for kind, entry in list(self._kinds.items()):
            if now - entry.start < self.window and not final:
                continue
            if entry.held:
                self.logger.log(entry.level, "%s: %d more like this in the last %.0f s "
                                "(not logged; the last one: %s)", kind, entry.held,
                                now - entry.start, entry.last)
                self._kinds[kind] = _Kind(now, level=entry.level, flooding=True)
            elif entry.lines and entry.flooding:
                self._kinds[kind] = _Kind(now, level=entry.level, flooding=True)
            else:
                del self._kinds[kind]


def find_hub(config: SerialConfig) -> str | None:
    """The hub's device path: the configured port, else by USB id, else by by-id glob."""
    if config.port:
        return config.port if os.path.exists(config.port) else None
    try:
        from serial.tools import list_ports  # type: ignore[import-untyped]

        for info in list_ports.comports():
            if (info.vid, info.pid) == config.vid_pid:
                return str(info.device)
    except Exception as exc:  # a broken sysfs entry must not stop the search
        log.debug("list_ports failed: %s", exc)
    matches = sorted(glob.glob(config.by_id_glob))
    return matches[0] if matches else None


def open_port(path: str, config: SerialConfig) -> SerialPort:
    """Open the hub with pyserial; short read timeout so the thread can stop promptly."""
    import serial  # type: ignore[import-untyped]

    port: SerialPort = serial.Serial(
        path, baudrate=config.baudrate, timeout=0.02, write_timeout=WRITE_TIMEOUT_S,
        exclusive=True
    )
    return port


def write_within(port: SerialPort, data: bytes, timeout_s: float) -> bool:
    """Write `data` within `timeout_s`; False when the other end would not take it.

    A real port is written through its file descriptor with select(): pyserial 3.5's own
    write timeout spins forever when the device keeps answering EAGAIN (a pty or a CDC
    port whose reader stopped), which is exactly the case a timeout is for. A port
    without a descriptor (a test's fake) is written directly.
    """
    fileno = getattr(port, "fileno", None)
    if fileno is None:
        port.write(data)
        return True
    fd = int(fileno())
    deadline = time.monotonic() + timeout_s
    view = memoryview(data)
    while view:
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        _, ready, _ = select.select([], [fd], [], left)
        if not ready:
            return False
        try:
            view = view[os.write(fd, view):]
        except BlockingIOError:
            time.sleep(0.002)  # writable by select, yet full: wait a little, within the limit
    return True


def light_command(seat: int, pattern: LightPattern) -> tuple[str, tuple[object, ...]]:
    """The `LED` frame for a light pattern."""
    if pattern is Light.ON:
        return "LED", (seat, "ON")
    if pattern is Light.OFF:
        return "LED", (seat, "OFF")
    if isinstance(pattern, Blink):
        count = 0 if pattern.count is None else pattern.count
        if pattern.count == 0:
            return "LED", (seat, "OFF")
        return "LED", (seat, "BLINK", max(1, round(pattern.on_s * 1000)),
                       max(1, round(pattern.off_s * 1000)), count)
    raise ValueError(f"not a light pattern: {pattern!r}")


def display_text(text: str) -> str:
    """Text the hub's displays can show: upper-case, spaces as blanks, at most 4 cells."""
    cleaned = "".join(ch if ch in _DISPLAY_CHARS else "_" for ch in text.upper().replace(" ", "_"))
    cells = cleaned.replace(".", "")
    if len(cells) > 4:
        raise ValueError(f"{text!r} does not fit on a 4-digit display")
    return cleaned or "_"
