"""GPIO pads: gpiozero `Button`s and `LED`s on the Pi's header.

Each callback only turns an edge into a `PadEvent` on the queue. The pin backend is an
object passed in (see `factory.py`), so tests drive a `MockFactory` and a Pi uses lgpio or
RPi.GPIO without any global state.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Sequence
from typing import Any

from gpiozero import LED  # type: ignore[import-untyped]
from gpiozero import Button as GZButton

from companion.pads.config import SeatPins
from companion.pads.debounce import Clock, Debouncer
from companion.pads.events import Blink, Button, Kind, Light, LightPattern, PadEvent

# How long after a swallowed bounce we look at the line again. A little over the window
# so the line has really been quiet for the whole window when we read it.
_SETTLE_MARGIN_S = 0.002


class GpioPads:
    """Up to six pads wired straight to GPIO pins."""

    def __init__(
        self,
        events: queue.Queue[PadEvent],
        seats: Sequence[SeatPins],
        *,
        pin_factory: Any,
        hold_s: float = 2.0,
        debounce_s: float = 0.02,
        bounce_s: float | None = None,
        clock: Clock = time.monotonic,
    ) -> None:
        self._events = events
        self._pins = tuple(seats)
        self._factory = pin_factory
        self._hold_s = hold_s
        self._debounce_s = debounce_s
        self._bounce_s = bounce_s
        self._clock = clock
        self._buttons: dict[tuple[int, Button], GZButton] = {}
        self._leds: dict[int, LED] = {}
        self._debouncers: dict[tuple[int, Button], Debouncer] = {}
        self._held_sent: dict[tuple[int, Button], bool] = {}
        self._due: dict[tuple[int, Button], float] = {}  # settle deadlines
        self._wake = threading.Condition()
        self._settler: threading.Thread | None = None
        self._closed = False

    @property
    def seats(self) -> tuple[int, ...]:
        """Seats with a pad in the pin map."""
        return tuple(p.seat for p in self._pins)

    def start(self) -> None:
        """Claim the pins and start listening; a failure releases what was claimed."""
        try:
            for pad in self._pins:
                for button, pin in (
                    (Button.LEFT, pad.left), (Button.RIGHT, pad.right), (Button.SELECT, pad.select)
                ):
                    self._add_button(pad.seat, button, pin)
                if pad.led is not None:
                    self._leds[pad.seat] = LED(pad.led, pin_factory=self._factory)
            with self._wake:
                self._closed = False
                self._settler = threading.Thread(target=self._settle_loop,
                                                 name="pad-debounce", daemon=True)
                self._settler.start()
        except Exception:
            self.close()
            raise

    def _add_button(self, seat: int, button: Button, pin: int) -> None:
        key = (seat, button)
        device = GZButton(
            pin,
            pull_up=True,
            bounce_time=self._bounce_s,
            hold_time=self._hold_s,
            pin_factory=self._factory,
        )
        self._debouncers[key] = Debouncer(self._debounce_s, self._clock)
        self._held_sent[key] = False
        self._buttons[key] = device
        device.when_pressed = lambda: self._edge(key, True)
        device.when_released = lambda: self._edge(key, False)
        device.when_held = lambda: self._held(key)

    def _emit(self, key: tuple[int, Button], kind: Kind) -> None:
        self._events.put(PadEvent(key[0], key[1], kind))

    def _report(self, key: tuple[int, Button], pressed: bool) -> None:
        if pressed:
            self._held_sent[key] = False
        self._emit(key, Kind.PRESS if pressed else Kind.RELEASE)

    def _edge(self, key: tuple[int, Button], pressed: bool) -> None:
        """gpiozero callback thread: debounce, then enqueue; nothing else."""
        change = self._debouncers[key].edge(pressed)
        if change is not None:
            self._report(key, change)
            return
        self._schedule_settle(key)

    def _schedule_settle(self, key: tuple[int, Button]) -> None:
        # one settle thread for all buttons, started with the pads: starting a thread
        # per bounce would take longer than the bounce itself
        with self._wake:
            if self._closed:
                return
            self._due[key] = time.monotonic() + self._debounce_s + _SETTLE_MARGIN_S
            self._wake.notify()

    def _settle_loop(self) -> None:
        while True:
            with self._wake:
                if self._closed:
                    return
                now = time.monotonic()
                ready = [k for k, when in self._due.items() if when <= now]
                for k in ready:
                    del self._due[k]
                if not ready:
                    wait = min(self._due.values(), default=now + 1.0) - now
                    self._wake.wait(timeout=max(wait, 0.0005))
                    continue
            for k in ready:
                self._settle(k)

    def _settle(self, key: tuple[int, Button]) -> None:
        """The line has been quiet for the window: report its real level if it differs."""
        device = self._buttons.get(key)
        if device is None or self._closed:
            return
        try:
            pressed = bool(device.is_pressed)
        except Exception:  # closed under us during shutdown
            return
        change = self._debouncers[key].settle(pressed)
        if change is not None:
            self._report(key, change)

    def _held(self, key: tuple[int, Button]) -> None:
        # gpiozero's hold timer runs on the raw line; only a press we reported may hold,
        # and only once per press.
        if self._debouncers[key].pressed and not self._held_sent[key]:
            self._held_sent[key] = True
            self._emit(key, Kind.HOLD)

    def set_light(self, seat: int, pattern: LightPattern) -> None:
        """Drive the pad's LED; seats without an LED in the pin map ignore this."""
        led = self._leds.get(seat)
        if led is None:
            return
        if pattern is Light.ON:
            led.on()
        elif pattern is Light.OFF:
            led.off()
        elif isinstance(pattern, Blink):
            if pattern.count == 0:
                led.off()
            else:
                led.blink(pattern.on_s, pattern.off_s, n=pattern.count, background=True)

    def show_digits(self, seat: int, text: str) -> None:
        """GPIO pads have no display; accepted so the main loop needs no special case."""

    def has_light(self, seat: int) -> bool:
        """Whether this seat's pad has an LED, so the table can fall back for it."""
        return seat in self._leds

    def poll(self) -> float | None:
        """Nothing to do on the loop's turns: events arrive from the source's own threads."""
        return None

    def handle_ui_event(self, event: object) -> bool:
        """No window events are a pad's here."""
        return False

    def held_buttons(self) -> list[tuple[int, Button]]:
        """Buttons reading pressed right now (a stuck or shorted button at start)."""
        return [key for key, device in self._buttons.items() if device.is_pressed]

    def close(self) -> None:
        """Release every pin; safe to call twice and after a failed start."""
        with self._wake:
            self._closed = True
            self._due.clear()
            self._wake.notify()
            settler, self._settler = self._settler, None
        if settler is not None and settler is not threading.current_thread():
            settler.join(timeout=1)
        # gpiozero stops each button's hold thread in turn, and each takes up to 0.1 s to
        # notice: all are told first, so 18 buttons close in 0.1 s rather than 1.8 s.
        for device in self._buttons.values():
            hold_thread = getattr(device, "_hold_thread", None)
            if hold_thread is not None:
                hold_thread.stopping.set()
        for device in [*self._buttons.values(), *self._leds.values()]:
            device.close()
        self._buttons.clear()
        self._leds.clear()
