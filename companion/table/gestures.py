"""From pad events to gestures, and the guard that keeps a press on the menu it was meant for.

Pads send PRESS on the way down, HOLD about 2 s later, RELEASE on the way up. A short
press acts on its RELEASE (a *click*), so that holding a button never first acts as a
press; a hold acts once, when its HOLD arrives.

A press acts on what its player saw. The controller tells the guard whenever a seat's menu
or the screen changed (`changed`); a press whose button went down before such a change, or
less than `guard` seconds after it, is *stale*: it was aimed at what was there before
(a double press, a press queued behind a roll, a late ◀ after a window closed). Stale
presses are dropped, and the controller shows it (the pad blinks, the seat's menu says
"too soon"). `lock` drops every press made before a moment (the first seconds of the
reveal); `wait` drops a seat's presses until a moment and the guard after it (dice still
tumbling: a menu counts as seen only once they have landed). Until then the menu is drawn
as waiting (`waiting`), never as inviting.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from companion.pads.events import Blink, Button, Kind, PadEvent

STALE_BLINK = Blink(on_s=0.08, off_s=0.08, count=2)
"""A press was dropped because the menu had just changed: two quick flashes."""


class Gesture(enum.Enum):
    """What a button did, once it is over (click) or has been down long enough (hold)."""

    CLICK = "click"
    HOLD = "hold"


@dataclass(frozen=True)
class Act:
    """A gesture to act on; `fresh` is False when it was aimed at a menu now gone."""

    seat: int
    button: Button
    gesture: Gesture
    fresh: bool
    pressed_at: float = 0.0  # when its button went down


@dataclass
class _Down:
    at: float
    held: bool = False


class Gestures:
    """Turns PRESS/HOLD/RELEASE into clicks and holds, and judges whether each is fresh."""

    def __init__(self, guard: float) -> None:
        self.guard = guard
        self._down: dict[tuple[int, Button], _Down] = {}
        self._changed: dict[int, float] = {}
        self._locked_until = float("-inf")
        self._wait_until: dict[int, float] = {}

    def changed(self, seats: Iterable[int], now: float) -> None:
        """The menus of `seats` (or the screen they look at) changed at `now`."""
        for seat in seats:
            self._changed[seat] = max(self._changed.get(seat, float("-inf")), now)

    def lock(self, until: float) -> None:
        """Drop every press whose button goes down before `until`."""
        self._locked_until = max(self._locked_until, until)

    def wait(self, seats: Iterable[int], until: float) -> None:
        """The menus of `seats` are seen only from `until` on (a roll still landing)."""
        for seat in seats:
            self._wait_until[seat] = max(self._wait_until.get(seat, float("-inf")), until)
            self._changed[seat] = max(self._changed.get(seat, float("-inf")), until)

    def waiting(self, seat: int, now: float) -> bool:
        """Whether `seat`'s menu cannot take presses yet for longer than the plain guard
        (the reveal's lock, dice landing): the display draws it as waiting."""
        return now < max(self._locked_until, self._wait_until.get(seat, float("-inf")))

    def ready_at(self, seat: int) -> float:
        """The first moment a press of `seat` counts as fresh."""
        return max(self._changed.get(seat, float("-inf")) + self.guard, self._locked_until)

    def feed(self, event: PadEvent, now: float) -> Act | None:
        """One pad event; an `Act` when a click or a hold is complete."""
        key = (event.seat, event.button)
        if event.kind is Kind.PRESS:
            self._down[key] = _Down(now)
            return None
        if event.kind is Kind.HOLD:
            down = self._down.get(key)
            if down is None or down.held:
                return None
            down.held = True
            return Act(event.seat, event.button, Gesture.HOLD,
                       self._fresh(event.seat, down.at), down.at)
        down = self._down.pop(key, None)
        if down is None or down.held:  # a release without its press, or the end of a hold
            return None
        return Act(event.seat, event.button, Gesture.CLICK, self._fresh(event.seat, down.at),
                   down.at)

    def pressing(self) -> set[int]:
        """Seats with a button down that has not acted yet (a click acts on its way up):
        a window about to close waits for it, as it was pressed while the window stood."""
        return {seat for (seat, _), down in self._down.items() if not down.held}

    def shown_for(self, seat: int, at: float) -> float:
        """How long `seat`'s menu had stood unchanged at `at` (a Pay line pays only once
        it has been seen a while)."""
        return at - max(self._changed.get(seat, float("-inf")), self._locked_until)

    def _fresh(self, seat: int, pressed_at: float) -> bool:
        if pressed_at < self._locked_until:
            return False
        changed = self._changed.get(seat)
        return changed is None or changed <= pressed_at - self.guard
