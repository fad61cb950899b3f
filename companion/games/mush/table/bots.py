"""Virtual pads: a rules `Policy` (companion.games.mush.bots) pressing ◀ ▶ ● like a player.

A bot decides with its policy, then presses the buttons that walk the controller's menus
to that decision, one press at a time, through the same queue as the real pads. So the
demo's bots see exactly the menus a player sees, and a bot game is also a test that every
decision the rules allow can be reached with three buttons. With the wooden dice
(`[table] dice = "physical"`) a bot asked for a roll rolls its own dice and enters the
result on its pad, as a player does.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from companion.exc import UnreachableCommand
from companion.games.mush import commands as cmd
from companion.games.mush.bots import Policy
from companion.games.mush.dice import DiceSource
from companion.games.mush.model import RollKind, is_dog
from companion.games.mush.physical import RollRequest
from companion.games.mush.state import GameState
from companion.games.mush.table.controller import TableController
from companion.pads.events import PadEvent
from companion.table.virtual import VirtualPads, pad_events


class BotDriver(VirtualPads[TableController]):
    """Presses virtual pads for the seats in `policies`.

    Call `presses()` (or `feed(queue)`), let the main loop hand the events to the
    controller, and call again: each call gives one press of one bot (the bots take turns),
    so a press is always worked out against the menus it will land on. In setup, the
    `setup_seat` bot (None: none) walks to "Start the game" with the configured defaults.

    Like players, bots let reaction windows pass in silence (a policy's `Pass` is no
    press at all), never press while their menu has just changed (the table would drop
    it), and, while another seat decides whether to move, take dice away from it at once
    when they would (the offer is on their menus then). Asked for a roll by hand, a bot
    rolls `hand` (its wooden dice; by default dice drawn from `rng`) and enters what they
    show.
    """

    def __init__(self, controller: TableController, policies: Mapping[int, Policy],
                 rng: random.Random | None = None, *, setup_seat: int | None = 0,
                 strict: bool = True, gate: Callable[[int], bool] | None = None,
                 hand: DiceSource | None = None) -> None:
        super().__init__(controller, rng, hand)
        self._gate = gate  # a seat is skipped while gate(seat) is False (a human's pace)
        self._entering: tuple[RollRequest, int] | None = None  # the roll and what it showed
        self._policies = dict(policies)
        self._setup_seat = setup_seat
        self._strict = strict
        self._seen: GameState | None = None
        self._targets: dict[int, cmd.Command | None] = {}
        self.paying = False  # a bot waits for its Pay line to have stood the pay guard
        self._turn = 0

    def _forget(self) -> None:
        self._seen = None
        self._targets.clear()

    def presses(self) -> list[PadEvent]:
        """The events of the next bot press, or [] when no bot has anything to do now
        (`paying` then says whether one waits to pay, looking at its Pay line)."""
        self.paying = False
        controller = self._controller
        if controller.in_setup:
            seat = self._setup_seat
            if seat is None:
                return []
            step = controller.next_press(seat, lambda c: isinstance(c, cmd.StartGame))
            return pad_events(seat, step)
        if controller.entry is not None:  # nobody else acts until the roll is entered
            return self._enter(controller.entry)
        state = controller.state
        seats = sorted(s for s in self._policies if s < len(state.players))
        for offset in range(len(seats)):
            seat = seats[(self._turn + offset) % len(seats)]
            if not controller.ready(seat) or (self._gate is not None and not self._gate(seat)):
                continue
            if not self.wants(seat):
                continue
            target = self._targets[seat]
            assert target is not None
            step = controller.next_press(seat, target)
            if step is None:
                if self._strict:
                    raise UnreachableCommand(f"seat {seat}: no menu leads to {target!r}")
                self._targets[seat] = None
                continue
            if not step[1] and controller.pays_on(seat, step[0]) and \
                    not controller.ready_to_pay(seat):
                self.paying = True  # a payment is made looking at its Pay line
                continue
            self._turn = (self._turn + offset + 1) % len(seats)
            return pad_events(seat, step)
        return []

    def _enter(self, request: RollRequest) -> list[PadEvent]:
        """The roller's next press entering the roll it made with the wooden dice."""
        seat = request.seat
        if seat not in self._policies or not self._controller.ready(seat) or (
                self._gate is not None and not self._gate(seat)):
            return []
        if self._entering is None or self._entering[0] is not request:
            self._entering = (request, self._roll(request))
        step = self._controller.next_entry_press(seat, self._entering[1])
        if step is None:
            raise UnreachableCommand(f"seat {seat}: cannot enter {self._entering[1]} for "
                                     f"{request.kind.value}")
        return pad_events(seat, step)

    def _roll(self, request: RollRequest) -> int:
        """What the wooden dice show: dogs among the dog dice (D2), or the standard die."""
        hand = self._wooden_dice()
        if request.kind is RollKind.DOGS:
            assert request.colour is not None
            return sum(is_dog(request.colour, hand.roll(6)) for _ in range(request.dice))
        return hand.roll(6)

    def wants(self, seat: int) -> bool:
        """Whether the bot at `seat` has something to choose now (it is deciding or
        pressing, or waiting for its menu to let it press). When the game has moved on,
        every bot decides again; a policy's `Pass` is silence."""
        controller = self._controller
        if controller.in_setup or seat not in self._policies:
            return False
        state = controller.state
        if state is not self._seen:
            self._seen = state
            self._targets.clear()
        if controller.promised(seat) or controller.intent(seat) is not None:
            return False
        if seat not in self._targets:
            target = self._policies[seat](state, seat, self._rng)
            if target is None or isinstance(target, cmd.Pass):
                target = self._ahead(seat)
            if target is None:
                target = self._take_ahead(seat)
            if target is None and controller.answer_awaited(seat):
                target = cmd.Pass(seat)  # no countdown: silence would never close it
            self._targets[seat] = target
        return self._targets[seat] is not None

    def _ahead(self, seat: int) -> cmd.Command | None:
        """During a reroll window the bot that acts next chooses its next step at once,
        as a player does while the others make up their minds."""
        after = self._controller.preview()
        if after is None or self._controller.intent(seat) is not None:
            return None
        target = self._policies[seat](after, seat, self._rng)
        if target is None or self._controller.next_press(seat, target) is None:
            return None
        return target

    def _take_ahead(self, seat: int) -> cmd.Command | None:
        """While another seat decides to move or rest: the dice this bot would take away
        if it moved (a promise, paid only if it does), or None."""
        controller = self._controller
        moving = controller.moving()
        if moving is None or not controller.offers_ahead(seat):
            return None
        target = self._policies[seat](moving, seat, self._rng)
        return target if isinstance(target, cmd.Reduce) else None

