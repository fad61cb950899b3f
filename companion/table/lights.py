"""What each pad's light should do, as the controller computes it for the app to forward.

The app compares `TableController.lights()` with what it last sent and calls
`PadSource.set_light(seat, state.pattern)` for every seat whose `LightState` changed. A
one-shot blink carries a `request` number, so asking for the same blink twice in a row
is still a change and is sent again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.pads.events import Blink, Light, LightPattern
from companion.seats import MAX_SEATS

LIMIT_BLINK = Blink(on_s=0.1, off_s=0.1, count=3)
"""▶ pressed past the chips a player holds: three quick flashes (DESIGN.md, Pads)."""

BID_BLINK_ON_S = 0.35
BID_BLINK_OFF_S = 0.35
"""Holding ▶ during bidding: one slow flash per chip of the player's own bid."""

WINNER_BLINK = Blink(on_s=0.5, off_s=0.5, count=None)
"""Game over: the winner's light blinks until the game is left."""


@dataclass(frozen=True)
class LightState:
    """One pad's light: a steady `Light` or a `Blink`; `request` > 0 marks a one-shot blink."""

    pattern: LightPattern
    request: int = 0


def steady(lit: Iterable[int], winner: int | None) -> dict[int, LightState]:
    """Every pad's light in any game: the `lit` seats on, the winner's blinking, every
    other pad's off (a one-shot blink is laid over these by the table that asked it)."""
    lights = {seat: LightState(Light.OFF) for seat in range(MAX_SEATS)}
    for seat in lit:
        lights[seat] = LightState(Light.ON)
    if winner is not None:
        lights[winner] = LightState(WINNER_BLINK)
    return lights


def bid_blink(count: int) -> Blink:
    """The private blink of a player's own bid: `count` slow flashes (none for 0)."""
    return Blink(on_s=BID_BLINK_ON_S, off_s=BID_BLINK_OFF_S, count=count)


def blink_seconds(blink: Blink) -> float:
    """How long a counted blink runs before the light goes back to its steady state.

    A blink of 0 flashes still holds the light dark for a moment, so a player checking a
    bid of 0 sees that the request was heard.
    """
    count = blink.count if blink.count is not None else 1
    return max(1.0, count * (blink.on_s + blink.off_s)) + 0.3
