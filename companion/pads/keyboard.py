"""Keyboard pads: three keys per seat, for a desktop or a USB keyboard at the table.

pygame allows one event loop, and the main loop owns it; this adapter is handed the key
events (`handle`) and asked to look for holds (`poll`). It therefore runs on the main
thread, but still only puts `PadEvent`s on the queue like the threaded sources, so the
table controller cannot tell the difference.
"""

from __future__ import annotations

import os
import queue
import time
from collections.abc import Sequence
from typing import Any

from companion.pads.config import SeatKeys
from companion.pads.debounce import Clock
from companion.pads.events import Button, Kind, LightPattern, PadEvent
from companion.pads.keys import key_code

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # imported after the prompt is hidden

POLL_SECONDS = 0.02
"""How often the loop must turn while keyboard pads are in use (holds, key events)."""


class KeyboardPads:
    """Pads made of keys. Key repeat is ignored; a hold is reported once after `hold_s`."""

    def __init__(
        self,
        events: queue.Queue[PadEvent],
        seats: Sequence[SeatKeys],
        *,
        hold_s: float = 2.0,
        clock: Clock = time.monotonic,
    ) -> None:
        self._events = events
        self._seats = tuple(s.seat for s in seats)
        self._hold_s = hold_s
        self._clock = clock
        self._keys: dict[int, tuple[int, Button]] = {}
        for s in seats:
            for button, name in ((Button.LEFT, s.left), (Button.RIGHT, s.right),
                                 (Button.SELECT, s.select)):
                code = key_code(name, f"pads.keyboard.seats.{s.seat}.{button.value}")
                self._keys[code] = (s.seat, button)
        self._down: dict[tuple[int, Button], float] = {}  # -> time of the press
        self._held: set[tuple[int, Button]] = set()
        self.lights: dict[int, LightPattern] = {}  # for a screen that wants to draw them
        self.digits: dict[int, str] = {}

    @property
    def seats(self) -> tuple[int, ...]:
        """Seats that have keys."""
        return self._seats

    def start(self) -> None:
        """Nothing to open: the main loop feeds events in."""

    def close(self) -> None:
        """Forget keys that are down so a restart does not invent releases."""
        self._down.clear()
        self._held.clear()

    def handle_ui_event(self, event: Any) -> bool:
        """Translate one pygame event; True when it was a pad key (the loop can skip it)."""
        etype = getattr(event, "type", None)
        if etype not in (pygame.KEYDOWN, pygame.KEYUP):
            return False
        target = self._keys.get(getattr(event, "key", -1))
        if target is None:
            return False
        if etype == pygame.KEYDOWN:
            if target not in self._down:  # key repeat sends more KEYDOWNs: ignore them
                self._down[target] = self._clock()
                self._held.discard(target)
                self._put(target, Kind.PRESS)
        elif target in self._down:
            del self._down[target]
            self._held.discard(target)
            self._put(target, Kind.RELEASE)
        return True

    def poll(self, now: float | None = None) -> float | None:
        """Report holds that have become due; call once per main-loop frame. Keys are
        read from the window's events, so the loop turns at least 50 times a second."""
        when = self._clock() if now is None else now
        for target, pressed_at in list(self._down.items()):
            if target not in self._held and when - pressed_at >= self._hold_s:
                self._held.add(target)
                self._put(target, Kind.HOLD)
        return POLL_SECONDS

    def _put(self, target: tuple[int, Button], kind: Kind) -> None:
        self._events.put(PadEvent(target[0], target[1], kind))

    def set_light(self, seat: int, pattern: LightPattern) -> None:
        """No lamp on a keyboard: remembered so a screen can draw it if it wants."""
        self.lights[seat] = pattern

    def show_digits(self, seat: int, text: str) -> None:
        """No display on a keyboard: remembered, never shown (bids stay secret)."""
        self.digits[seat] = text

    def held_buttons(self) -> list[tuple[int, Button]]:
        """Keys down right now."""
        return list(self._down)
