"""Virtual pads for the Canoe game: a rules bot pressing ◀ ▶ ● like a player.

A bot decides with its policy (`companion.games.canoe.bots`), then presses the buttons that
walk the table's menus to that decision, one press at a time, through the same queue as
real pads: so a bot trip is also a test that every decision the rules allow can be
reached with three buttons. With the wooden die a bot throws its own die and enters the
face on its pad.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from companion.core.dice import DiceSource
from companion.exc import UnreachableCommand
from companion.games.canoe import commands as cmd
from companion.games.canoe.state import GameState
from companion.games.canoe.table.controller import CanoeTable
from companion.pads.events import PadEvent
from companion.table.virtual import VirtualPads, pad_events

Policy = Callable[[GameState, int, random.Random], cmd.Command | None]


class CanoeBotDriver(VirtualPads[CanoeTable]):
    """Presses virtual pads for the seats in `policies` (see the module's docstring).

    Each `presses()` gives one press of one bot; in setup, the `setup_seat` bot walks to
    "Start the game" with the choices made so far.
    """

    def __init__(self, controller: CanoeTable, policies: Mapping[int, Policy],
                 rng: random.Random | None = None, *, setup_seat: int | None = 0,
                 hand: DiceSource | None = None) -> None:
        super().__init__(controller, rng, hand)
        self._policies = dict(policies)
        self._setup_seat = setup_seat
        self._seen: GameState | None = None
        self._target: cmd.Command | None = None
        self._next: cmd.Command | None = None  # the next player's first choice (C4)
        self._face: tuple[object, int] | None = None

    def _forget(self) -> None:
        self._seen, self._target, self._next = None, None, None

    def presses(self) -> list[PadEvent]:
        """The events of the next bot press, or [] when no bot has anything to do."""
        table = self._controller
        if table.in_setup:
            seat = self._setup_seat
            if seat is None:
                return []
            return pad_events(seat, table.next_press(seat, lambda c: isinstance(c, cmd.StartGame)))
        if table.over:
            return []
        request = table.entry
        if request is not None:
            seat = request.seat
            if seat not in self._policies or not table.ready(seat):
                return []
            if self._face is None or self._face[0] is not request:
                self._face = (request, self._throw())
            step = table.next_entry_press(seat, self._face[1])
            if step is None:
                raise UnreachableCommand(f"seat {seat}: cannot enter {self._face[1]}")
            return pad_events(seat, step)
        state = table.state
        seat = state.active
        if seat is None or seat not in self._policies or not table.ready(seat):
            return []
        if state is not self._seen:
            self._seen, self._next = state, None
            self._target = self._policies[seat](state, seat, self._rng)
        if self._target is None:
            return []
        if isinstance(self._target, cmd.EndTurn):
            handed = self._hand_over()
            if handed is not None:
                return handed
        step = table.next_press(seat, self._target)
        if step is None:
            raise UnreachableCommand(f"seat {seat}: no menu leads to {self._target!r}")
        return pad_events(seat, step)

    def _hand_over(self) -> list[PadEvent] | None:
        """C4: a bot done with its turn leaves "End of turn" alone when the next player
        is a bot too: that player's first choice ends it, as at the table."""
        table = self._controller
        ahead = table.handed_to()
        if ahead is None or ahead[0] not in self._policies:
            return None
        seat, after = ahead
        if self._next is None:
            self._next = self._policies[seat](after, seat, self._rng)
        if self._next is None:
            return None
        if not table.ready(seat):
            return []
        step = table.next_press(seat, self._next)
        return pad_events(seat, step) if step is not None else None

    def _throw(self) -> int:
        return self._wooden_dice().roll(6)


__all__ = ["CanoeBotDriver", "Policy"]
