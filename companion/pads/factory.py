"""Choosing gpiozero's pin backend, always as an object passed in.

gpiozero can pick a backend from global state (`Device.pin_factory`, an environment
variable); we never use that, so a test's MockFactory cannot leak into the next test and
the config decides what runs on the Pi.
"""

from __future__ import annotations

from typing import Any

from companion.errors import ConfigError
from companion.exc import PadHardwareError


def make_pin_factory(name: str = "auto") -> Any:
    """Build a gpiozero pin factory by config name.

    "auto" tries lgpio (the only backend that works on a Pi 5, and fine on older Pis)
    and falls back to RPi.GPIO where lgpio is not installed or cannot open the chip.
    """
    if name == "mock":
        from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

        return MockFactory()
    if name == "lgpio":
        from gpiozero.pins.lgpio import LGPIOFactory  # type: ignore[import-untyped]

        return LGPIOFactory()
    if name == "rpigpio":
        from gpiozero.pins.rpigpio import RPiGPIOFactory  # type: ignore[import-untyped]

        return RPiGPIOFactory()
    if name == "auto":
        problems = []
        for candidate in ("lgpio", "rpigpio"):
            try:
                return make_pin_factory(candidate)
            except Exception as exc:  # ImportError, lgpio.error, OSError: all mean "not here"
                problems.append(f"{candidate}: {exc}")
        raise PadHardwareError("no GPIO backend works here (" + "; ".join(problems) + ")")
    raise ConfigError("pads.gpio.pin_factory", f"unknown pin factory {name!r}")
