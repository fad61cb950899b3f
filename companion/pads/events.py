"""What every pad source puts on the queue, and the one interface the main loop drives.

Only a `PadEvent` crosses from a pad thread to the main loop (DESIGN.md, "The flow of
one button press"), so it is small, immutable and says nothing about where it came from:
the table controller must not care whether a press came from a GPIO pin, the USB hub or
a keyboard.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Protocol, runtime_checkable


class Button(enum.Enum):
    """The three buttons of a pad, named by what they do rather than where they sit."""

    LEFT = "left"  # ◀ less / previous
    RIGHT = "right"  # ▶ more / next
    SELECT = "select"  # ● choose / lock in

    @property
    def symbol(self) -> str:
        """The glyph printed on the pad, used by the self-test so builders see the same mark."""
        return {"left": "◀", "right": "▶", "select": "●"}[self.value]


class Kind(enum.Enum):
    """What happened to a button. A hold comes once, about 2 s after its press."""

    PRESS = "press"
    RELEASE = "release"
    HOLD = "hold"


@dataclass(frozen=True, slots=True)
class PadEvent:
    """One button event from one seat; seat is the 0-based index into `companion.seats.SEATS`."""

    seat: int
    button: Button
    kind: Kind
    # a tap on a page that lists every step beneath a level stands for several presses:
    # `tap` numbers that tap (0: a press of its own), `step` is this press's place in it;
    # a later step acts on the level the one before opened (`Gestures`)
    tap: int = 0
    step: int = 0


class Light(enum.Enum):
    """A steady light state."""

    OFF = "off"
    ON = "on"


@dataclass(frozen=True, slots=True)
class Blink:
    """A blinking light: `count` flashes then off, or forever when `count` is None.

    A count exists because a player checks their secret bid by watching their own light
    blink that many times (DESIGN.md, Pads).
    """

    on_s: float = 0.25
    off_s: float = 0.25
    count: int | None = None

    def __post_init__(self) -> None:
        if self.on_s <= 0 or self.off_s <= 0:
            raise ValueError("blink on_s and off_s must be positive")
        if self.count is not None and self.count < 0:
            raise ValueError("blink count must be 0 or more (or None for forever)")


LightPattern = Light | Blink


@runtime_checkable
class PadSource(Protocol):
    """What the main loop needs from any pad source.

    Sources hold no game state: they translate hardware into `PadEvent`s on the queue they
    were given and translate light/display requests into hardware, nothing more.
    """

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats this source has pads for, in order."""
        ...

    def start(self) -> None:
        """Begin producing events (open hardware, start threads)."""
        ...

    def close(self) -> None:
        """Stop producing events and release the hardware; safe to call twice."""
        ...

    def set_light(self, seat: int, pattern: LightPattern) -> None:
        """Set one pad's light; a pad without a light ignores this."""
        ...

    def show_digits(self, seat: int, text: str) -> None:
        """Show up to four characters on the pad's own display; pads without one ignore it."""
        ...

    def held_buttons(self) -> list[tuple[int, Button]]:
        """Buttons that are down right now, so a stuck or shorted button can be flagged."""
        ...

    def poll(self) -> float | None:
        """Work the main loop does for the source on each of its turns (a keyboard's held
        keys); how soon the source wants the next turn, in seconds (None: no hurry)."""
        ...

    def handle_ui_event(self, event: object) -> bool:
        """A window event the main loop received (a key press): True when it was a pad's
        and is taken (the loop then does nothing else with it)."""
        ...
