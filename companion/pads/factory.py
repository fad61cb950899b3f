"""Choosing gpiozero's pin backend, always as an object passed in.

gpiozero can pick a backend from global state (`Device.pin_factory`, an environment
variable); we never use that, so a test's MockFactory cannot leak into the next test and
the config decides what runs on the Pi.
"""

from __future__ import annotations

from typing import Any

from companion.exc import ConfigError, PadHardwareError


def make_pin_factory(name: str = "auto") -> Any:
    """Build a gpiozero pin factory by config name.

    "auto" is lgpio: the one backend that works on every Pi that runs 64-bit Raspberry
    Pi OS (3, 4, 400, 5, Zero 2 W; the Pi 5's RP1 chip has no other), and the one the
    installer puts in place (Raspberry Pi OS's python3-lgpio, or lgpio built from
    source). RPi.GPIO is not installed by anyone here and cannot drive a Pi 5, so it is
    never picked behind the owner's back: "rpigpio" uses it when asked by name.
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
        try:
            return make_pin_factory("lgpio")
        except ImportError as exc:
            raise PadHardwareError(
                f"the GPIO library lgpio is not installed ({exc}): sudo apt install "
                "python3-lgpio, then sudo make install again") from exc
        except Exception as exc:  # lgpio.error, OSError: the chip cannot be opened
            raise PadHardwareError(f"the GPIO chip cannot be opened with lgpio ({exc}): "
                                   "is this a Raspberry Pi, and the user in the gpio "
                                   "group?") from exc
    raise ConfigError("pads.gpio.pin_factory", f"unknown pin factory {name!r}")
