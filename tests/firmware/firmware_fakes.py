"""Stand-ins for the MicroPython modules the hub firmware imports.

`machine.Pin` is modelled on a board with a 6 x 3 button matrix (with diodes, so a
column reads low only through a row that is driven low and a button that is down),
`utime` is a clock the test moves by hand, and `select`/`micropython` record what the
firmware asked of them.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

ROW_PINS = (0, 1, 2, 3, 4, 5)
COL_PINS = (6, 7, 8)


class Board:
    """The pins of one fake Pico and the buttons the test is holding down."""

    def __init__(self) -> None:
        self.pins: dict[int, Any] = {}
        self.pressed: set[tuple[int, int]] = set()  # (pad, column 0=L 1=R 2=S)
        self.log: list[tuple[int, int]] = []  # (pin, level) for every output write
        self.Pin = self._make_pin_class()

    def level(self, pin: int) -> int:
        if pin in COL_PINS:
            col = COL_PINS.index(pin)
            for pad, row in enumerate(ROW_PINS):
                if self.pins[row].out == 0 and (pad, col) in self.pressed:
                    return 0
            return 1  # pull-up
        return int(self.pins[pin].out)

    def _make_pin_class(self) -> type:
        board = self

        class Pin:
            IN, OUT, OPEN_DRAIN = 0, 1, 2
            PULL_UP, PULL_DOWN = 1, 2

            def __init__(self, pin: int, mode: int = -1, pull: int | None = None,
                         value: int | None = None) -> None:
                self.id = pin
                self.mode = mode
                self.pull = pull
                self.out = 1 if value is None and pull == Pin.PULL_UP else (value or 0)
                board.pins[pin] = self

            def init(self, mode: int = -1, pull: int | None = None,
                     value: int | None = None) -> None:
                self.mode = mode
                self.pull = pull
                if value is not None:
                    self.value(value)

            def value(self, v: int | None = None) -> int | None:
                if v is None:
                    return board.level(self.id)
                self.out = int(v)
                board.log.append((self.id, int(v)))
                return None

        return Pin


TICKS_PERIOD = 1 << 30  # MicroPython's ticks_ms wraps at 2**30 on the Pico


class Clock(types.ModuleType):
    """A fake `utime`: ticks in ms that only move when the test (or sleep_ms) says so.

    `now` counts on without limit; the ticks functions wrap it exactly as MicroPython's
    do (py/modtime.c), so code that forgets the wrap fails here too.
    """

    def __init__(self) -> None:
        super().__init__("utime")
        self.now = 1000

    def ticks_ms(self) -> int:
        return self.now % TICKS_PERIOD

    def ticks_diff(self, a: int, b: int) -> int:
        half = TICKS_PERIOD // 2
        return ((a - b + half) % TICKS_PERIOD) - half

    def ticks_add(self, a: int, b: int) -> int:
        return (a + b) % TICKS_PERIOD

    def sleep_ms(self, ms: int) -> None:
        self.now += ms

    def sleep_us(self, us: int) -> None:
        pass


class Poll:
    """A fake `select.poll()` that says stdin is readable while the fake stdin has bytes."""

    def __init__(self, readable: Callable[[], bool]) -> None:
        self.readable = readable
        self.registered: list[tuple[object, int]] = []

    def register(self, obj: object, mask: int) -> None:
        self.registered.append((obj, mask))

    def poll(self, timeout: int = -1) -> list[tuple[object, int]]:
        assert timeout == 0, "the firmware must never block on stdin"
        return [(self.registered[0][0], 1)] if self.readable() else []


def make_micropython() -> types.ModuleType:
    mod = types.ModuleType("micropython")
    mod.kbd_intr_calls = []  # type: ignore[attr-defined]
    mod.kbd_intr = mod.kbd_intr_calls.append  # type: ignore[attr-defined]
    return mod
