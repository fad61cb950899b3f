"""A small stand-in for the RPi.GPIO module, injected into sys.modules by the tests.

fake-rpi's `gpio_function` returns random values, which gpiozero reads back and rejects,
and its callbacks never fire; this fake remembers what was set up and can fire the
registered edge callbacks, so the RPi.GPIO path is proven end to end without a Pi.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

BCM, BOARD = 11, 10
LOW, HIGH = 0, 1
OUT, IN, SERIAL, SPI, I2C, HARD_PWM, UNKNOWN = 0, 1, 40, 41, 42, 43, -1
PUD_OFF, PUD_DOWN, PUD_UP = 20, 21, 22
RISING, FALLING, BOTH = 31, 32, 33


def make_module() -> types.ModuleType:
    """A fresh fake `RPi.GPIO` module with its own recorded state."""
    mod = types.ModuleType("RPi.GPIO")
    for name, value in dict(globals()).items():
        if name.isupper():
            setattr(mod, name, value)
    functions: dict[int, int] = {}
    levels: dict[int, int] = {}
    callbacks: dict[int, Callable[[int], None]] = {}
    calls: list[tuple[str, tuple[Any, ...]]] = []

    def setup(pin: int, direction: int, pull_up_down: int = PUD_OFF, initial: int = LOW) -> None:
        calls.append(("setup", (pin, direction, pull_up_down)))
        functions[pin] = direction
        if direction == IN:
            levels[pin] = HIGH if pull_up_down == PUD_UP else LOW
        else:
            levels[pin] = initial

    def add_event_detect(pin: int, edge: int, callback: Callable[[int], None],
                         bouncetime: int = -666) -> None:
        calls.append(("add_event_detect", (pin, edge)))
        callbacks[pin] = callback

    def remove_event_detect(pin: int) -> None:
        callbacks.pop(pin, None)

    def output(pin: int, value: int) -> None:
        calls.append(("output", (pin, int(value))))
        levels[pin] = int(value)

    def drive(pin: int, value: int) -> None:
        """Test hook: set an input's level and fire its callback like the real library."""
        levels[pin] = value
        if pin in callbacks:
            callbacks[pin](pin)

    mod.setmode = lambda mode: calls.append(("setmode", (mode,)))  # type: ignore[attr-defined]
    mod.setwarnings = lambda flag: None  # type: ignore[attr-defined]
    mod.setup = setup  # type: ignore[attr-defined]
    mod.gpio_function = lambda pin: functions.get(pin, IN)  # type: ignore[attr-defined]
    mod.input = lambda pin: levels.get(pin, LOW)  # type: ignore[attr-defined]
    mod.output = output  # type: ignore[attr-defined]
    mod.add_event_detect = add_event_detect  # type: ignore[attr-defined]
    mod.remove_event_detect = remove_event_detect  # type: ignore[attr-defined]
    mod.cleanup = lambda *pins: calls.append(("cleanup", pins))  # type: ignore[attr-defined]
    mod.PWM = object  # type: ignore[attr-defined]
    mod.calls = calls  # type: ignore[attr-defined]
    mod.drive = drive  # type: ignore[attr-defined]
    return mod
