"""The USB pad hub: a Pico on a serial port, read by one thread that never gives up.

The reader thread owns the port: it is the only one that reads or writes it. It finds
the hub, challenges it (a HELLO with a nonce the hub must answer with
`padproto.hello_proof`, which a Pico sitting at its REPL and echoing our lines cannot do),
turns `BTN` frames into `PadEvent`s, sends heartbeats and the lights the main loop asked
for, and when the hub is unplugged (or goes quiet, or stops reading) it closes the port
and looks again with a growing, capped back-off. Nothing a hub or a noisy cable can send
makes it raise: bad lines are dropped and counted, lost frames are counted from the
sequence numbers, and nothing it sends can flood the log (`LogLimiter`: a few lines of a
kind, then one line now and then saying how many more there were; an SD card fills up
with a log written at the hub's speed). The main loop only ever touches a small outbox
under a lock, so a hub that stops reading can never stall a frame. The frame code is
`padproto`, the same file the firmware runs.
"""

from __future__ import annotations

import logging
import queue
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

from companion.pads import padproto
from companion.pads.config import SerialConfig
from companion.pads.debounce import Clock
from companion.pads.events import Button, Kind, LightPattern, PadEvent
from companion.pads.hub_link import (
    BUTTON_CODES,
    KIND_CODES,
    PADS,
    WRITE_TIMEOUT_S,
    HandshakeFailed,
    LinkLost,
    LinkStats,
    LogLimiter,
    SerialPort,
    display_text,
    find_hub,
    light_command,
    open_port,
    write_within,
)

log = logging.getLogger(__name__)

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
        nonce: Callable[[], str] | None = None,
        pause: Callable[[float], bool] | None = None,
    ) -> None:
        self._events = events
        self._config = config
        self._hold_ms = max(100, round(hold_s * 1000))
        self._debounce_ms = debounce_ms
        self._finder = finder or (lambda: find_hub(config))
        self._opener = opener or (lambda path: open_port(path, config))
        self._clock = clock
        self._new_nonce = nonce or (lambda: secrets.token_hex(padproto.NONCE_DIGITS // 2).upper())
        self.stats = LinkStats()
        self._limit = LogLimiter(log, clock)
        self._overlong = False  # the line being read is already too long: skip to its end
        self._stop = threading.Event()
        # the wait between two looks for the hub, True once asked to stop (tests: a fake)
        self._pause = pause or self._stop.wait
        self._thread: threading.Thread | None = None
        self._port_lock = threading.Lock()
        self._port: SerialPort | None = None
        self._tx_seq = 0
        self._rx_expected: int | None = None
        self._rx = bytearray()
        self._last_rx = 0.0
        self._last_tx_ok = 0.0
        self._challenged_at = 0.0
        self._nonce: str | None = self._new_nonce()  # a new one for every session
        self._last_hello = float("-inf")
        self._hello_wanted = False
        self._refusal: str | None = None  # why the port on the line is not our hub
        self._last_problem: str | None = None  # logged once until it changes
        # what the main loop wants shown; the outbox holds what the hub has not been sent
        # yet, one entry per light or display, so a newer update replaces an older one
        self._want_lock = threading.Lock()
        self._lights: dict[int, LightPattern] = {}
        self._digits: dict[int, str] = {}
        self._outbox: dict[tuple[str, int], tuple[str, tuple[object, ...]]] = {}
        self._down: set[tuple[int, Button]] = set()
        self._state_report: list[tuple[int, Button]] | None = None
        self.connected = threading.Event()  # set while a hub has answered our challenge
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
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        self._close_port()
        self._limit.flush(final=True)  # what was held back is summed up before the end

    def _close_port(self) -> None:
        with self._port_lock:
            port, self._port = self._port, None
        self.connected.clear()
        if port is not None:
            try:
                port.close()
            except Exception as exc:  # closing a vanished device can fail; it is gone anyway
                log.debug("closing hub port: %s", exc)

    # ----------------------------------------------------------------- reader thread

    def _problem(self, text: str) -> None:
        """Log a link problem once; the same problem again (every retry) only at debug."""
        if text != self._last_problem:
            self._limit.log(logging.WARNING, "pad hub link problems", "pad hub: %s (retrying)",
                            text)
            self._last_problem = text
        else:
            log.debug("pad hub: %s", text)

    def _run(self) -> None:
        delay = self._config.backoff_initial_s
        while not self._stop.is_set():
            hellos = self.stats.hellos
            self._limit.flush()
            try:
                path = self._finder()
                if path is None:
                    self._problem("not found (is it plugged in?)")
                else:
                    self._session(self._opener(path), path)
            except Exception as exc:  # unplugged, permission, vanished: all mean "look again"
                if isinstance(exc, HandshakeFailed):
                    self.stats.refused += 1
                self._problem(str(exc))
            finally:
                self._close_port()
                self._cancel_held()
            if self.stats.hellos > hellos:
                # the hub answered on this attempt (the session then ended the only way a
                # session ends, by an error): look again soon, starting the back-off over
                delay = self._config.backoff_initial_s
            if self._pause(delay):
                break
            delay = min(delay * 2, self._config.backoff_max_s)

    def _session(self, port: SerialPort, path: str) -> None:
        """Talk to one opened port until it fails (LinkLost, an OSError) or close()."""
        with self._port_lock:
            self._port = port
        self._tx_seq = 0
        self.stats.sessions += 1
        self._rx_expected = None
        self._rx.clear()
        self._refusal = None
        self._nonce = self._new_nonce()
        echoed = False
        now = self._clock()
        self._challenged_at = self._last_rx = self._last_tx_ok = now
        last_hb = now
        self._say_hello(now)
        while not self._stop.is_set():
            data = port.read(max(1, min(port.in_waiting, 4096)))
            if data:
                echoed = self._echoed(data) or echoed
                self.feed(data)
            now = self._clock()
            self._limit.flush(now)
            self.stats.log_suppressed = self._limit.held
            if self._refusal is not None:
                raise HandshakeFailed(f"{path}: {self._refusal}")
            if not self.connected.is_set():
                if now - self._challenged_at > self._config.link_timeout_s:
                    raise HandshakeFailed(
                        f"{path} echoes what it is sent: the Pico is at its REPL, not "
                        "running the hub firmware (copy firmware/ to it)" if echoed else
                        f"{path} did not answer the hub challenge in "
                        f"{self._config.link_timeout_s:g} s")
                since = now - self._last_hello
                if since >= self._config.heartbeat_s or (self._hello_wanted and since >= 0.1):
                    self._say_hello(now)
                continue
            self._flush_outbox()
            if now - last_hb >= self._config.heartbeat_s:
                last_hb = now
                self._write("HB", ())
            if now - self._last_rx > self._config.link_timeout_s:
                raise LinkLost(f"no frame from {path} for {self._config.link_timeout_s:g} s")
            if now - self._last_tx_ok > self._config.link_timeout_s:
                raise LinkLost(f"{path} has taken nothing for "
                               f"{self._config.link_timeout_s:g} s (it stopped reading)")

    def _echoed(self, data: bytes) -> bool:
        """True when the bytes hold our own HELLO coming back (a REPL echoing its input)."""
        return self._nonce is not None and self._nonce.encode() in data

    def _say_hello(self, now: float) -> None:
        self._last_hello = now
        self._hello_wanted = False
        self._write("HELLO", (padproto.PROTOCOL_VERSION, self._nonce or self._new_nonce()))

    def feed(self, data: bytes) -> None:
        """Split bytes into lines and handle each; never raises (the reader must live).

        A line longer than `padproto.MAX_LINE` (before its newline) is dropped whole and
        counted once, whatever it ends with, as PROTOCOL.md says and the firmware does.
        """
        self._rx += data
        while True:
            end = self._rx.find(b"\n")
            if end < 0:
                break
            line = bytes(self._rx[:end])
            del self._rx[: end + 1]
            if self._overlong:  # the end of a line already dropped
                self._overlong = False
                continue
            if len(line.rstrip(b"\r")) > padproto.MAX_LINE:
                self._drop_overlong()
                continue
            if line.strip():
                self._handle_line(line)
        if len(self._rx) > padproto.MAX_LINE + 1:  # one more for a "\r" before the newline
            # too long already, no end in sight: drop it, and what follows up to its end
            if not self._overlong:
                self._drop_overlong()
                self._overlong = True
            self._rx.clear()

    def _drop_overlong(self) -> None:
        self.stats.dropped += 1
        self.stats.overlong += 1
        self._limit.log(logging.DEBUG, "pad hub lines too long",
                        "dropped a line longer than %d bytes from the pad hub",
                        padproto.MAX_LINE)

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
            self._limit.log(logging.DEBUG, "pad hub frames dropped", "dropped frame %r: %s",
                            line, exc)

    def _frame(self, seq: int, kind: str, args: list[str]) -> None:
        """One checksummed frame. Raises on anything that is not what our hub sends; only
        frames that pass count as a sign of life (an echo of our own frames never does)."""
        if kind == "HELLO":
            self._hello(args)
        elif not self.connected.is_set():
            raise ValueError(f"{kind} before the hub answered the challenge")
        elif kind == "BTN":
            self._button(args)
        elif kind == "STATE":
            if len(args) != 1 or len(args[0]) != PADS * 3 or set(args[0]) - {"0", "1"}:
                raise ValueError("bad state report")
            order = (Button.LEFT, Button.RIGHT, Button.SELECT)
            self._state_report = [(i // 3, order[i % 3])
                                  for i, b in enumerate(args[0]) if b == "1"]
        elif kind == "HB":
            if len(args) != 3:  # the host's own HB has none: an echo is not a heartbeat
                raise ValueError("heartbeat without its counters")
            for arg in args:
                padproto.number(arg, 2**53)
        elif kind == "ERR":
            if not args:
                raise ValueError("empty error")
            self.stats.errors_from_hub += 1
            self._limit.log(logging.WARNING, "pad hub errors", "pad hub reports an error: %s",
                            " ".join(args))
        else:
            raise ValueError(f"unknown frame kind {kind}")
        self.stats.frames += 1
        self._last_rx = self._clock()
        if kind != "HELLO" and self._rx_expected is not None and seq != self._rx_expected:
            self.stats.gaps += padproto.seq_gap(self._rx_expected, seq)
        self._rx_expected = padproto.seq_next(seq)

    def _button(self, args: list[str]) -> None:
        if len(args) != 3:
            raise ValueError("BTN takes pad, button, kind")
        pad = padproto.number(args[0], PADS - 1)  # "+4", "04", "0_2" are refused
        button, what = BUTTON_CODES[args[1]], KIND_CODES[args[2]]
        key = (pad, button)
        if what is Kind.PRESS:
            self._down.add(key)
        elif key not in self._down:
            # pressed before this link was made (held across a replug or at start): its
            # release must not act as a click, nor its hold as a hold
            self.stats.orphans += 1
            if what is Kind.RELEASE and self._state_report and key in self._state_report:
                self._state_report.remove(key)  # the stuck button came free
            return
        elif what is Kind.RELEASE:
            self._down.discard(key)
        self._events.put(PadEvent(pad, button, what))

    def _hello(self, args: list[str]) -> None:
        if not args:
            raise ValueError("HELLO without a version")
        if args[0] != str(padproto.PROTOCOL_VERSION):
            self._refusal = (f"the hub speaks protocol {args[0][:8]}, this program speaks "
                             f"{padproto.PROTOCOL_VERSION}: update the hub's firmware")
            raise ValueError("another protocol version")
        if len(args) == 4:  # the hub (re)started and announces itself: challenge it
            if self.connected.is_set():
                self._limit.log(logging.WARNING, "pad hub announcements",
                                "pad hub announced itself again (it restarted, or it "
                                "blanked its lights after a silence): challenging it again")
                self.connected.clear()
                self._cancel_held()
                self._challenged_at = self._clock()
            self._hello_wanted = True
            raise ValueError("unproven HELLO")
        if len(args) != 5 or self._nonce is None or \
                args[4] != padproto.hello_proof(self._nonce):
            raise ValueError("HELLO without the answer to our challenge")
        if self.connected.is_set():
            # a second answer to the same challenge (it was sent again while the hub was
            # slow to answer): the hub already has everything; nothing to send again
            return
        self.hub_info = dict(zip(("protocol", "firmware", "pads", "displays"), args,
                                 strict=False))
        self.stats.hellos += 1
        self._rx_expected = None
        if self._last_problem is not None or not self.connected.is_set():
            self._limit.log(logging.INFO, "pad hub connections", "pad hub connected "
                            "(firmware %s)", args[1])
        self._last_problem = None
        self.connected.set()
        # a hub that was reset or replugged knows nothing: tell it everything again
        with self._want_lock:
            self._outbox.clear()
            lights, digits = dict(self._lights), dict(self._digits)
        self._write("CFG", (self._hold_ms, self._debounce_ms))
        for seat, pattern in lights.items():
            self._write(*light_command(seat, pattern))
        for seat, text in digits.items():
            self._write("SHOW", (seat, text))

    def _cancel_held(self) -> None:
        """The link dropped with buttons down: forget them, never invent their release.

        A release would complete a click at the table (the weather was once rolled by an
        unplug); the controller ignores a press that is never released, and the hub's
        next session reports the button's later release as an orphan, which is dropped.
        """
        if self._down:
            self._limit.log(logging.WARNING, "pad hub buttons cancelled",
                            "pad hub link lost with buttons down: %s (cancelled)",
                            sorted((p, b.value) for p, b in self._down))
        self.stats.cancelled += len(self._down)
        self._down.clear()

    # ----------------------------------------------------------------- writing

    def _write(self, kind: str, args: tuple[object, ...]) -> bool:
        """Write one frame (reader thread only); False when the hub did not take it."""
        with self._port_lock:
            port = self._port
        if port is None:
            return False
        frame = padproto.encode(self._tx_seq, kind, args)
        self._tx_seq = padproto.seq_next(self._tx_seq)
        try:
            done = write_within(port, frame, WRITE_TIMEOUT_S)
        except Exception as exc:
            if type(exc).__name__ != "SerialTimeoutException":
                raise LinkLost(f"writing to the pad hub: {exc}") from exc
            done = False
        if not done:  # the hub stopped reading
            self.stats.write_timeouts += 1
            return False
        self._last_tx_ok = self._clock()
        return True

    def _flush_outbox(self) -> None:
        while True:
            with self._want_lock:
                if not self._outbox:
                    return
                key = next(iter(self._outbox))
                kind, args = self._outbox.pop(key)
            if not self._write(kind, args):
                return  # the rest waits for the next turn (or the next HELLO)

    def _post(self, key: tuple[str, int], kind: str, args: tuple[object, ...]) -> None:
        """Queue a frame for the reader thread; a newer one for the same key replaces it."""
        if key in self._outbox:
            self.stats.superseded += 1
            del self._outbox[key]  # the newer update goes to the back of the line
        self._outbox[key] = (kind, args)

    # ----------------------------------------------------------------- host side

    def set_light(self, seat: int, pattern: LightPattern) -> None:
        """Set a pad's light (sent by the reader thread), and again after every reconnect.

        Never blocks on the port: a hub that stops reading cannot stall the main loop.
        """
        if not 0 <= seat < PADS:
            raise ValueError(f"seat {seat} out of range")
        command = light_command(seat, pattern)
        with self._want_lock:
            self._lights[seat] = pattern
            self._post(("LED", seat), *command)

    def show_digits(self, seat: int, text: str) -> None:
        """Show up to four characters on the pad's own display (only that player sees it)."""
        if not 0 <= seat < PADS:
            raise ValueError(f"seat {seat} out of range")
        shown = display_text(text)
        with self._want_lock:
            self._digits[seat] = shown
            self._post(("SHOW", seat), "SHOW", (seat, shown))

    def poll(self) -> float | None:
        """Nothing to do on the loop's turns: events arrive from the source's own threads."""
        return None

    def handle_ui_event(self, event: object) -> bool:
        """No window events are a pad's here."""
        return False

    def held_buttons(self) -> list[tuple[int, Button]]:
        """Buttons down according to the hub's last STATE report and the presses since."""
        report = set(self._state_report or [])
        return sorted(report | self._down, key=lambda k: (k[0], k[1].value))

    def request_state(self) -> bool:
        """Ask the hub for a STATE report (the self-test does this at start); False when
        no hub is connected."""
        with self._want_lock:
            self._post(("QSTATE", 0), "QSTATE", ())
        return self.connected.is_set()

    def info(self) -> dict[str, Any]:
        """Hub identity and link counters, for the self-test summary."""
        return {**self.hub_info, **self.stats.__dict__}
