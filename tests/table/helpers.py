"""Helpers for the table tests: a fake clock, exact dice, presses, and frame checks."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import Any

from companion.config.table import TableConfig
from companion.games.mush import commands as c
from companion.games.mush.engine import apply, is_legal, start_game
from companion.games.mush.model import Climate, Phase
from companion.games.mush.settings import Settings, Variants
from companion.games.mush.state import GameState
from companion.games.mush.table.bots import BotDriver
from companion.games.mush.table.controller import Outcome, TableController
from companion.games.mush.table.frame import TableFrame
from companion.pads.events import Button, Kind, PadEvent
from companion.table.virtual import click, hold

L, R, S = Button.LEFT, Button.RIGHT, Button.SELECT
NAMES = ("Peter", "Karsten", "Regina", "Manfred", "Ute", "Alan")


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


class Dice:
    """Dice that show exactly the faces pushed; asking for an unplanned roll fails."""

    def __init__(self, *faces: int) -> None:
        self.faces: deque[int] = deque(faces)

    def push(self, *faces: int) -> Dice:
        self.faces.extend(faces)
        return self

    def roll(self, sides: int) -> int:
        assert self.faces, f"the test did not plan this d{sides} roll"
        face = self.faces.popleft()
        assert 1 <= face <= sides
        return face


def phase(controller: TableController) -> Phase:
    """The phase now (a call, so a type checker does not keep an earlier narrowing)."""
    return controller.state.phase


HUMAN_PRESS = 0.3
"""Seconds between two presses of a test's hand: slower than the table's guard against
presses aimed at a menu that just changed (0.25 s), as a person's presses are."""


PAY_PAUSE = 0.4
"""Seconds more a test's hand looks at a Pay line before paying: with `HUMAN_PRESS`,
longer than the table's pay guard (0.6 s), as a deliberate payment is."""


def send(controller: TableController, events: list[PadEvent]) -> Outcome:
    """Hand pad events to the controller; the outcome of the last one that did something.

    A press (button down) first lets a human moment pass on a `FakeClock`."""
    result = Outcome()
    for event in events:
        clock = controller.clock
        if event.kind is Kind.PRESS and isinstance(clock, FakeClock):
            clock.advance(HUMAN_PRESS)
        out = controller.handle(event)
        if not out.empty:
            result = out
    return result


def press(controller: TableController, seat: int, button: Button, times: int = 1) -> Outcome:
    """Short presses (down, up) of one button."""
    result = Outcome()
    for _ in range(times):
        result = send(controller, click(seat, button))
    return result


def long_press(controller: TableController, seat: int, button: Button) -> Outcome:
    """A hold: down, HOLD, up."""
    return send(controller, hold(seat, button))


def choose(controller: TableController, seat: int, target: c.Command, limit: int = 60
           ) -> Outcome:
    """Press `seat`'s buttons through its menus until `target` is applied."""
    for _ in range(limit):
        step = controller.next_press(seat, target)
        assert step is not None, f"no menu of seat {seat} leads to {target!r}"
        button, held = step
        clock = controller.clock
        if isinstance(clock, FakeClock) and not held and controller.pays_on(seat, button):
            clock.advance(PAY_PAUSE)  # a payment is made looking at its Pay line
        out = send(controller, hold(seat, button) if held else click(seat, button))
        if out.applied:
            return out
    raise AssertionError(f"{target!r} not reached in {limit} presses")


def check_frame(controller: TableController) -> TableFrame:
    """Build a frame and check every enabled item's command is legal right now (or, for
    the next step offered during a reroll window, once the window has closed; for the
    take-dice offer made while the roller decides, once it has moved)."""
    frame = controller.frame()
    later = [s for s in (controller.preview(), controller.moving()) if s is not None]
    for menu in frame.menus:
        for item in menu.items:
            if item.enabled and item.command is not None:
                assert is_legal(controller.state, item.command) or any(
                    is_legal(s, item.command) for s in later), (menu.title, item)
            if not item.enabled:
                assert item.command is None
    return frame


def started(players: int = 4, first: int = 0, variants: Variants | None = None,
            **settings: Any) -> tuple[GameState, Dice]:
    """A game in training, seat `first` choosing first (S4)."""
    dice = Dice(first + 1)
    state, _ = start_game(Settings.make(NAMES[:players], variants=variants, **settings), dice)
    return state, dice


TRAININGS = (Climate.WARM, Climate.COLD, Climate.MODERATE, Climate.WARM, Climate.MODERATE,
             Climate.COLD)


def bidding(players: int = 4, ice_bear: int = 0, variants: Variants | None = None,
            trainings: tuple[Climate, ...] = TRAININGS, **settings: Any
            ) -> tuple[GameState, Dice]:
    """A game in round 1's bidding with the Ice Bear at `ice_bear` (S4, S6)."""
    state, dice = started(players, 0, variants, **settings)
    for seat in range(players):
        if seat == players - 1:
            dice.push(ice_bear + 1)
        state, _ = apply(state, c.ChooseTraining(seat, trainings[seat]), dice)
    assert state.phase is Phase.BIDDING
    return state, dice


def do(state: GameState, dice: Dice, *commands: c.Command) -> GameState:
    """Apply commands straight to the engine (to set a scene quickly)."""
    for command in commands:
        state, _ = apply(state, command, dice)
    return state


def controller(state: GameState, dice: Dice, clock: FakeClock | None = None,
               config: TableConfig | None = None) -> tuple[TableController, FakeClock]:
    """A controller over a scene."""
    clock = clock or FakeClock()
    return TableController(state, dice, clock, config or TableConfig()), clock


def let_time_pass(controller: TableController, driver: BotDriver, clock: FakeClock
                  ) -> Outcome:
    """No bot pressed: one that waits to pay looks at its Pay line for the pay guard;
    else every bot waits, and a window's countdown is let run out."""
    if driver.paying:
        clock.advance(controller.config.pay_guard_seconds)
        return Outcome()
    clock.advance(30)
    return controller.tick()


def bot_steps(controller: TableController, driver: BotDriver, clock: FakeClock,
              limit: int = 20_000, pace: float = 0.3) -> Iterator[int]:
    """Let the bots play, one press at a time, `pace` seconds apart; yields before each
    step (the caller checks the table, or breaks). When every bot waits, a window's
    countdown is let run out."""
    for step in range(limit):
        yield step
        events = driver.presses()
        if not events:
            let_time_pass(controller, driver, clock)
        for event in events:
            controller.handle(event)
        clock.advance(pace)
