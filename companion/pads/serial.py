"""The USB pad hub: a Pico on a serial port, read by one thread that never gives up.

The reader thread owns the port. It finds the hub, says HELLO, turns `BTN` frames into
`PadEvent`s, sends heartbeats, and when the hub is unplugged (or goes quiet) it closes the
port and looks again with a growing, capped back-off. Nothing a hub or a noisy cable
can send makes it raise: bad lines are dropped and counted, lost frames are counted from
the sequence numbers. The frame code is `padproto`, the same file the firmware runs.
"""

from __future__ import annotations

import glob
import logging
import os
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from companion.pads import padproto
from companion.pads.config import SerialConfig
from companion.pads.debounce import Clock
from companion.pads.events import Blink, Button, Kind, Light, LightPattern, PadEvent

log = logging.getLogger(__name__)

PADS = 6
_BUTTONS = {"L": Button.LEFT, "R": Button.RIGHT, "S": Button.SELECT}
_KINDS = {"D": Kind.PRESS, "U": Kind.RELEASE, "H": Kind.HOLD}
_DISPLAY_CHARS = set("0123456789ABCDEF-_.")


class SerialPort(Protocol):
    """The part of `serial.Serial` the reader uses (a fake can stand in for it)."""

    @property
    def in_waiting(self) -> int: ...

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes) -> int | None: ...

    def close(self) -> None: ...


class LinkLost(Exception):
    """The hub stopped talking; the session ends and the reader looks for it again."""


@dataclass
class LinkStats:
    """Counters for the self-test and the log; written by the reader thread only."""

    frames: int = 0  # valid frames received
    dropped: int = 0  # lines that were not valid frames, or valid frames that made no sense
    gaps: int = 0  # frames missing according to the sequence numbers
    sessions: int = 0  # times a port was opened
    hellos: int = 0  # times the hub said HELLO
    errors_from_hub: int = 0


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
        path, baudrate=config.baudrate, timeout=0.05, write_timeout=1.0, exclusive=True
    )
    return port


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


class SerialPads:
    """Six pads on one USB pad hub."""

    def __init__(
        self,
        events: queue.Queue[PadEvent],
        config: SerialConfig,
        *,
        hold_s: float = 2.0,
        debounce_ms: int = 20,
        finder: Callable[[], str | None] | None = None,
        opener: Callable[[str], SerialPort] | None = None,
        clock: Clock = time.monotonic,
    ) -> None:
        self._events = events
        self._config = config
        self._hold_ms = max(100, round(hold_s * 1000))
        self._debounce_ms = debounce_ms
        self._finder = finder or (lambda: find_hub(config))
        self._opener = opener or (lambda path: open_port(path, config))
        self._clock = clock
        self.stats = LinkStats()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._tx_lock = threading.Lock()
        self._port: SerialPort | None = None
        self._tx_seq = 0
        self._rx_expected: int | None = None
        self._rx = bytearray()
        self._last_rx = 0.0
        self._lights: dict[int, LightPattern] = {}
        self._digits: dict[int, str] = {}
        self._down: set[tuple[int, Button]] = set()
        self._state_report: list[tuple[int, Button]] | None = None
        self.connected = threading.Event()  # set while a hub has said HELLO on this port
        self.hub_info: dict[str, str] = {}

    @property
    def seats(self) -> tuple[int, ...]:
        """The hub always has six pad sockets."""
        return tuple(range(PADS))

    # ----------------------------------------------------------------- life cycle

    def start(self) -> None:
        """Start the reader thread; it finds the hub on its own, now or later."""
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="pad-hub-reader", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop the reader and close the port; safe to call twice."""
        self._stop.set()
        self._close_port()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _close_port(self) -> None:
        with self._tx_lock:
            port, self._port = self._port, None
        self.connected.clear()
        if port is not None:
            try:
                port.close()
            except Exception as exc:  # closing a vanished device can fail; it is gone anyway
                log.debug("closing hub port: %s", exc)

    # ----------------------------------------------------------------- reader thread

    def _run(self) -> None:
        delay = self._config.backoff_initial_s
        while not self._stop.is_set():
            hellos = self.stats.hellos
            try:
                path = self._finder()
                if path is not None:
                    self._session(self._opener(path), path)
            except Exception as exc:  # unplugged, permission, vanished: all mean "look again"
                log.info("pad hub link: %s", exc)
            finally:
                self._close_port()
                self._release_all()
            if self.stats.hellos > hellos:
                # the hub answered on this attempt (the session then ended the only way a
                # session ends, by an error): look again soon, starting the back-off over
                delay = self._config.backoff_initial_s
            if self._stop.wait(delay):
                break
            delay = min(delay * 2, self._config.backoff_max_s)

    def _session(self, port: SerialPort, path: str) -> None:
        """Talk to one opened port until it fails (LinkLost, an OSError) or close()."""
        with self._tx_lock:
            self._port = port
            self._tx_seq = 0
        self.stats.sessions += 1
        self._rx_expected = None
        self._rx.clear()
        self._send("HELLO", (padproto.PROTOCOL_VERSION,))
        now = self._clock()
        self._last_rx = now
        last_hb = now
        while not self._stop.is_set():
            data = port.read(max(1, min(port.in_waiting, 4096)))
            if data:
                self.feed(data)
            now = self._clock()
            if now - last_hb >= self._config.heartbeat_s:
                last_hb = now
                self._send("HB", ())
            if now - self._last_rx > self._config.link_timeout_s:
                raise LinkLost(f"no frame from {path} for {self._config.link_timeout_s} s")

    def feed(self, data: bytes) -> None:
        """Split bytes into lines and handle each; never raises (the reader must live)."""
        self._rx += data
        while True:
            end = self._rx.find(b"\n")
            if end < 0:
                break
            line = bytes(self._rx[:end])
            del self._rx[: end + 1]
            if line.strip():
                self._handle_line(line)
        if len(self._rx) > padproto.MAX_LINE:
            # no newline in sight: noise; keep the tail, where the next frame may start
            self.stats.dropped += 1
            start = self._rx.rfind(b"$")
            del self._rx[: start if start > 0 else len(self._rx)]
            if len(self._rx) > padproto.MAX_LINE:
                self._rx.clear()

    def _handle_line(self, line: bytes) -> None:
        try:
            seq, kind, args = padproto.decode(line)
        except padproto.FrameError:
            self.stats.dropped += 1
            return
        try:
            self._frame(seq, kind, args)
        except Exception as exc:  # a valid frame with nonsense in it: drop, count, go on
            self.stats.dropped += 1
            log.debug("dropped frame %r: %s", line, exc)

    def _frame(self, seq: int, kind: str, args: list[str]) -> None:
        self.stats.frames += 1
        self._last_rx = self._clock()
        if kind == "HELLO":
            self._hello(args)
        elif self._rx_expected is not None and seq != self._rx_expected:
            self.stats.gaps += padproto.seq_gap(self._rx_expected, seq)
        self._rx_expected = padproto.seq_next(seq)
        if kind == "BTN":
            pad, button, what = int(args[0]), _BUTTONS[args[1]], _KINDS[args[2]]
            if not 0 <= pad < PADS or len(args) != 3:
                raise ValueError("pad out of range")
            if what is Kind.PRESS:
                self._down.add((pad, button))
            elif what is Kind.RELEASE:
                self._down.discard((pad, button))
                if self._state_report is not None and (pad, button) in self._state_report:
                    self._state_report.remove((pad, button))  # the stuck button came free
            self._events.put(PadEvent(pad, button, what))
        elif kind == "STATE":
            bits = args[0]
            if len(bits) != PADS * 3 or set(bits) - {"0", "1"}:
                raise ValueError("bad state report")
            order = (Button.LEFT, Button.RIGHT, Button.SELECT)
            self._state_report = [(i // 3, order[i % 3]) for i, b in enumerate(bits) if b == "1"]
        elif kind == "ERR":
            self.stats.errors_from_hub += 1
            log.warning("pad hub reports an error: %s", " ".join(args))
        elif kind not in ("HB", "HELLO"):
            raise ValueError(f"unknown frame kind {kind}")

    def _hello(self, args: list[str]) -> None:
        if not args or args[0] != str(padproto.PROTOCOL_VERSION):
            self.stats.errors_from_hub += 1
            log.error("pad hub speaks protocol %s, this program speaks %s: update the firmware",
                      args[:1], padproto.PROTOCOL_VERSION)
            return
        self.hub_info = dict(zip(("protocol", "firmware", "pads", "displays"), args,
                                 strict=False))
        self.stats.hellos += 1
        self.connected.set()
        # a hub that was reset or replugged knows nothing: tell it everything again
        self._send("CFG", (self._hold_ms, self._debounce_ms))
        for seat, pattern in list(self._lights.items()):
            self._send(*light_command(seat, pattern))
        for seat, text in list(self._digits.items()):
            self._send("SHOW", (seat, text))

    def _release_all(self) -> None:
        """The hub vanished with buttons down: report them released so nothing sticks."""
        for pad, button in sorted(self._down, key=lambda k: (k[0], k[1].value)):
            self._events.put(PadEvent(pad, button, Kind.RELEASE))
        self._down.clear()

    # ----------------------------------------------------------------- host side

    def _send(self, kind: str, args: tuple[object, ...]) -> bool:
        """Write one frame if a port is open; False (and no exception) when it is not."""
        with self._tx_lock:
            port = self._port
            if port is None:
                return False
            frame = padproto.encode(self._tx_seq, kind, args)
            self._tx_seq = padproto.seq_next(self._tx_seq)
            try:
                port.write(frame)
            except Exception as exc:  # the reader notices the dead port and reconnects
                log.debug("writing to pad hub: %s", exc)
                return False
            return True

    def set_light(self, seat: int, pattern: LightPattern) -> None:
        """Set a pad's light now if connected, and again after every reconnect."""
        if not 0 <= seat < PADS:
            raise ValueError(f"seat {seat} out of range")
        self._lights[seat] = pattern
        self._send(*light_command(seat, pattern))

    def show_digits(self, seat: int, text: str) -> None:
        """Show up to four characters on the pad's own display (only that player sees it)."""
        if not 0 <= seat < PADS:
            raise ValueError(f"seat {seat} out of range")
        shown = display_text(text)
        self._digits[seat] = shown
        self._send("SHOW", (seat, shown))

    def held_buttons(self) -> list[tuple[int, Button]]:
        """Buttons down according to the hub's last STATE report and the presses since."""
        report = set(self._state_report or [])
        return sorted(report | self._down, key=lambda k: (k[0], k[1].value))

    def request_state(self) -> bool:
        """Ask the hub for a STATE report (the self-test does this at start)."""
        return self._send("QSTATE", ())

    def info(self) -> dict[str, Any]:
        """Hub identity and link counters, for the self-test summary."""
        return {**self.hub_info, **self.stats.__dict__}
