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

A tap on a page that shows every row at once may stand for several presses, the first
ones opening the levels that lead to the step tapped (`PadEvent.tap`, `step`): the page
showed where they lead, so a later press of the tap is not "too soon" after the level
the one before it opened (a change the controller marks as the seat's own,
`changed(own=True)`). It is dropped, and every press after it in the tap, when the press
before it was dropped or opened nothing, or when anything else changed the seat's menu
or locked the table since the tap began (a roll, another player's choice).
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
    tap: int = 0
    step: int = 0


@dataclass(frozen=True)
class _Tap:
    """Where a seat's tap of several presses stands: its last press judged."""

    tap: int
    step: int
    fresh: bool
    began: float  # when its first press went down
    own: int  # how many of the seat's own changes had been marked before that press


class Gestures:
    """Turns PRESS/HOLD/RELEASE into clicks and holds, and judges whether each is fresh."""

    def __init__(self, guard: float) -> None:
        self.guard = guard
        self._down: dict[tuple[int, Button], _Down] = {}
        self._changed: dict[int, float] = {}
        self._moved: dict[int, float] = {}  # changes not made by the seat's own press
        self._own: dict[int, int] = {}  # how many changes the seat's own presses made
        self._taps: dict[int, _Tap] = {}
        self._locked_until = float("-inf")
        self._wait_until: dict[int, float] = {}

    def changed(self, seats: Iterable[int], now: float, own: bool = False) -> None:
        """The menus of `seats` (or the screen they look at) changed at `now`; `own`: by
        the seat's own press (a level it opened or left), which the next press of the
        same tap has seen."""
        for seat in seats:
            self._changed[seat] = max(self._changed.get(seat, float("-inf")), now)
            if own:
                self._own[seat] = self._own.get(seat, 0) + 1
            else:
                self._moved[seat] = max(self._moved.get(seat, float("-inf")), now)

    def lock(self, until: float) -> None:
        """Drop every press whose button goes down before `until`."""
        self._locked_until = max(self._locked_until, until)

    def wait(self, seats: Iterable[int], until: float) -> None:
        """The menus of `seats` are seen only from `until` on (a roll still landing)."""
        for seat in seats:
            self._wait_until[seat] = max(self._wait_until.get(seat, float("-inf")), until)
            self._changed[seat] = max(self._changed.get(seat, float("-inf")), until)
            self._moved[seat] = max(self._moved.get(seat, float("-inf")), until)

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
            self._down[key] = _Down(now, tap=event.tap, step=event.step)
            return None
        if event.kind is Kind.HOLD:
            down = self._down.get(key)
            if down is None or down.held:
                return None
            down.held = True
            return Act(event.seat, event.button, Gesture.HOLD,
                       self._judge(event.seat, down), down.at)
        down = self._down.pop(key, None)
        if down is None or down.held:  # a release without its press, or the end of a hold
            return None
        return Act(event.seat, event.button, Gesture.CLICK, self._judge(event.seat, down),
                   down.at)

    def pressing(self) -> set[int]:
        """Seats with a button down that has not acted yet (a click acts on its way up):
        a window about to close waits for it, as it was pressed while the window stood."""
        return {seat for (seat, _), down in self._down.items() if not down.held}

    def shown_for(self, seat: int, at: float) -> float:
        """How long `seat`'s menu had stood unchanged at `at` (a Pay line pays only once
        it has been seen a while)."""
        return at - max(self._changed.get(seat, float("-inf")), self._locked_until)

    def _judge(self, seat: int, down: _Down) -> bool:
        """Whether a press counts: on its own, or as the first of a tap, the guard;
        later in a tap, whether the tap's press before it counted and opened a level,
        and nothing but the seat's own presses changed its menu since the tap began."""
        last = self._taps.pop(seat, None)
        own = self._own.get(seat, 0)
        if not down.tap:
            return self._fresh(seat, down.at)
        if down.step == 0:
            fresh, began = self._fresh(seat, down.at), down.at
        elif last is None or (last.tap, last.step + 1) != (down.tap, down.step):
            return False  # its tap's press before it never came: its level is not open
        else:
            began = last.began
            fresh = last.fresh and own > last.own and self._locked_until <= began \
                and self._moved.get(seat, float("-inf")) < began
        self._taps[seat] = _Tap(down.tap, down.step, fresh, began, own)
        return fresh

    def _fresh(self, seat: int, pressed_at: float) -> bool:
        if pressed_at < self._locked_until:
            return False
        changed = self._changed.get(seat)
        return changed is None or changed <= pressed_at - self.guard
