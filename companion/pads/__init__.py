"""Pad sources: GPIO buttons, the USB pad hub, keyboard keys or phones, all giving `PadEvent`s.

`make_source` builds the one the config names; everything else in the program sees only
the `PadSource` interface and the queue.
"""

from __future__ import annotations

import queue
from typing import Any

from companion.pads.config import PadsConfig
from companion.pads.events import Blink, Button, Kind, Light, LightPattern, PadEvent, PadSource

__all__ = [
    "Blink",
    "Button",
    "Kind",
    "Light",
    "LightPattern",
    "PadEvent",
    "PadSource",
    "PadsConfig",
    "make_source",
]


def make_source(
    config: PadsConfig, events: queue.Queue[PadEvent], *, pin_factory: Any = None
) -> PadSource:
    """Build (but do not start) the pad source the config names.

    `pin_factory` overrides the config's gpiozero backend; "mock" builds GPIO pads on a
    fresh MockFactory, which the self-test and demos use without hardware.
    """
    if config.source in ("gpio", "mock"):
        from companion.pads.factory import make_pin_factory
        from companion.pads.gpio import GpioPads

        if pin_factory is None:
            name = "mock" if config.source == "mock" else config.gpio.pin_factory
            pin_factory = make_pin_factory(name)
        return GpioPads(
            events,
            config.gpio.seats,
            pin_factory=pin_factory,
            hold_s=config.hold_s,
            debounce_s=config.debounce_s,
            bounce_s=config.gpio.bounce_s,
        )
    if config.source == "serial":
        from companion.pads.serial import SerialPads

        # the hub debounces on its own, told the window in its CFG frame (0-200 ms)
        debounce_ms = min(200, round(config.debounce_s * 1000))
        return SerialPads(events, config.serial, hold_s=config.hold_s, debounce_ms=debounce_ms)
    if config.source == "keyboard":
        from companion.pads.keyboard import KeyboardPads

        return KeyboardPads(events, config.keyboard.seats, hold_s=config.hold_s)
    if config.source == "web":  # phones only: their presses come through the web server
        from companion.web.pads import PhonePads

        return PhonePads()
    raise ValueError(f"unknown pad source {config.source!r}")
