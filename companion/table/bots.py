"""Virtual pads: a rules `Policy` (companion.rules.bots) pressing ◀ ▶ ● like a player.

A bot decides with its policy, then presses the buttons that walk the controller's menus
to that decision, one press at a time, through the same queue as the real pads. So the
demo's bots see exactly the menus a player sees, and a bot game is also a test that every
decision the rules allow can be reached with three buttons.
"""

from __future__ import annotations

import queue
import random
from collections.abc import Mapping

from companion.pads.events import Button, Kind, PadEvent
from companion.rules import commands as cmd
from companion.rules.bots import Policy
from companion.rules.state import GameState
from companion.table.controller import TableController


class UnreachableCommand(LookupError):
    """A policy chose a command no menu of its seat leads to (a gap in the menus)."""


def click(seat: int, button: Button) -> list[PadEvent]:
    """A short press: down, then up (it acts on the way up)."""
    return [PadEvent(seat, button, Kind.PRESS), PadEvent(seat, button, Kind.RELEASE)]


def hold(seat: int, button: Button) -> list[PadEvent]:
    """A hold: down, the pad's HOLD about 2 s later, then up."""
    return [PadEvent(seat, button, Kind.PRESS), PadEvent(seat, button, Kind.HOLD),
            PadEvent(seat, button, Kind.RELEASE)]


class BotDriver:
    """Presses virtual pads for the seats in `policies`.

    Call `presses()` (or `feed(queue)`), let the main loop hand the events to the
    controller, and call again: each call gives one press of one bot (the bots take turns),
    so a press is always worked out against the menus it will land on. In setup, the
    `setup_seat` bot (None: none) walks to "Start the game" with the configured defaults.
    """

    def __init__(self, controller: TableController, policies: Mapping[int, Policy],
                 rng: random.Random | None = None, *, setup_seat: int | None = 0,
                 strict: bool = True) -> None:
        self._controller = controller
        self._policies = dict(policies)
        self._rng = rng or random.Random()
        self._setup_seat = setup_seat
        self._strict = strict
        self._seen: GameState | None = None
        self._targets: dict[int, cmd.Command | None] = {}
        self._turn = 0

    def presses(self) -> list[PadEvent]:
        """The events of the next bot press, or [] when no bot has anything to do."""
        controller = self._controller
        if controller.in_setup:
            seat = self._setup_seat
            if seat is None:
                return []
            step = controller.next_press(seat, lambda c: isinstance(c, cmd.StartGame))
            return self._events(seat, step)
        state = controller.state
        if state is not self._seen:  # the game moved on: every bot decides again
            self._seen = state
            self._targets.clear()
        seats = sorted(s for s in self._policies if s < len(state.players))
        for offset in range(len(seats)):
            seat = seats[(self._turn + offset) % len(seats)]
            if seat not in self._targets:
                self._targets[seat] = self._policies[seat](state, seat, self._rng)
            target = self._targets[seat]
            if target is None:
                continue
            step = controller.next_press(seat, target)
            if step is None:
                if self._strict:
                    raise UnreachableCommand(f"seat {seat}: no menu leads to {target!r}")
                self._targets[seat] = None
                continue
            self._turn = (self._turn + offset + 1) % len(seats)
            return self._events(seat, step)
        return []

    def feed(self, events: queue.Queue[PadEvent]) -> int:
        """Put the next bot press on the main loop's queue; how many events were put."""
        out = self.presses()
        for event in out:
            events.put(event)
        return len(out)

    @staticmethod
    def _events(seat: int, step: tuple[Button, bool] | None) -> list[PadEvent]:
        if step is None:
            return []
        button, held = step
        return hold(seat, button) if held else click(seat, button)
