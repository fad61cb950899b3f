"""Virtual pads for any game: the presses a bot makes, and what every bot driver shares.

A bot driver (each game's `table.bots`) decides with its game's policies which press to
make next; this module turns a press into the pad events a real pad would send (a click,
a hold), puts them on the main loop's queue, and keeps the table the bots press on and
the wooden dice they throw when the table asks for a roll by hand.
"""

from __future__ import annotations

import queue
import random
from typing import Generic, TypeVar

from companion.core.dice import DiceSource, SeededDice
from companion.pads.events import Button, Kind, PadEvent

C = TypeVar("C")


def click(seat: int, button: Button) -> list[PadEvent]:
    """A short press: down, then up (it acts on the way up)."""
    return [PadEvent(seat, button, Kind.PRESS), PadEvent(seat, button, Kind.RELEASE)]


def hold(seat: int, button: Button) -> list[PadEvent]:
    """A hold: down, the pad's HOLD about 2 s later, then up."""
    return [PadEvent(seat, button, Kind.PRESS), PadEvent(seat, button, Kind.HOLD),
            PadEvent(seat, button, Kind.RELEASE)]


def pad_events(seat: int, step: tuple[Button, bool] | None) -> list[PadEvent]:
    """The events of one step a table's `next_press` gives (button, held?); none for
    no step."""
    if step is None:
        return []
    button, held = step
    return hold(seat, button) if held else click(seat, button)


class VirtualPads(Generic[C]):
    """What every game's bot driver shares: the table `C` it presses on, its random
    source, the wooden dice it throws, and the queue it feeds. A driver gives its next
    press in `presses()`."""

    def __init__(self, controller: C, rng: random.Random | None = None,
                 hand: DiceSource | None = None) -> None:
        self._controller = controller
        self._rng = rng or random.Random()
        self._hand = hand

    @property
    def controller(self) -> C:
        """The table the bots press on (the app makes a new one for a new game)."""
        return self._controller

    @controller.setter
    def controller(self, controller: C) -> None:
        self._controller = controller
        self._forget()

    def _forget(self) -> None:
        """A new table: what the bots had decided on the old one is dropped."""

    def _wooden_dice(self) -> DiceSource:
        """The dice a bot throws by hand: `hand`, else drawn from the bots' random
        source when first needed (so games without them draw as before)."""
        if self._hand is None:
            self._hand = SeededDice(self._rng.getrandbits(64))
        return self._hand

    def presses(self) -> list[PadEvent]:
        """The events of the next bot press, or [] when no bot has anything to do."""
        raise NotImplementedError

    def feed(self, events: queue.Queue[PadEvent]) -> int:
        """Put the next bot press on the main loop's queue; how many events were put."""
        out = self.presses()
        for event in out:
            events.put(event)
        return len(out)


__all__ = ["VirtualPads", "click", "hold", "pad_events"]
