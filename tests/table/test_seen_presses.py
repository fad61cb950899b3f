"""A press acts on the menu its player saw, and a window waits no longer than its seats
need: through the real controller on a fake clock.

A sub-menu that closed by itself takes ● back into it, never to another choice; a menu
that changed under a seat mid-walk takes its next press as "show me" when that button now
does something else; ▶ then ◀ within the pay guard, on any seat's pad, spends nothing;
every window closes the moment its last seat has answered.
"""

from __future__ import annotations

import pytest

from companion.config.table import TableConfig
from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.model import Phase
from companion.games.mush.table.controller import TableController
from companion.i18n import t
from companion.pads.events import Button, Kind, PadEvent
from table.helpers import Dice, FakeClock, L, R, S, bidding, choose, controller, do, phase, press
from table.scenes import moving_seat_0, turn_of_seat_0

GREEN_DOGS = [1, 1, 1, 5, 5, 6, 6, 6]


def tap(ctl: TableController, clock: FakeClock, seat: int, button: Button,
        after: float) -> None:
    """A press `after` seconds from now, down then up 80 ms later (a finger)."""
    clock.advance(after)
    ctl.handle(PadEvent(seat, button, Kind.PRESS))
    clock.advance(0.08)
    ctl.handle(PadEvent(seat, button, Kind.RELEASE))


def menu(ctl: TableController, seat: int):  # type: ignore[no-untyped-def]
    return next(m for m in ctl.frame().menus if m.seat == seat)


def test_a_sub_menu_that_closed_by_itself_takes_select_back_into_it() -> None:
    # The moving player: ▶ to reach "Crossing or arriving ›", six seconds reading
    # the board, then ●: the sub-menu had closed, and ● took "Done moving". Now the top
    # menu comes back with the focus on the item that opened it, and ● opens it again.
    state, dice = moving_seat_0()
    ctl, clock = controller(state, dice)
    press(ctl, 0, R)  # "Terrain · Crossing · Stick ›"
    assert menu(ctl, 0).depth == 1
    for _ in range(60):  # six seconds without a press: a sub-menu that can pay closes
        ctl.tick(clock.advance(0.1))
    top = menu(ctl, 0)
    assert top.depth == 0
    assert top.items[top.focus].label.startswith("Terrain")  # the item that opened it
    assert any(n.text == t("c.back_to_top") for n in ctl.frame().notices)
    before = ctl.state
    tap(ctl, clock, 0, S, 0.5)
    assert ctl.state is before  # "Done moving" was not chosen
    assert menu(ctl, 0).depth == 1  # ● went back in
    dice.push(6)
    press(ctl, 0, L)  # and now the sub-menu's own buttons act as the player expects
    assert menu(ctl, 0).title.startswith("Rough")


def test_a_menu_changed_under_a_seat_mid_walk_takes_its_next_press_as_show_me() -> None:
    # Manfred stood on "Pay 3 chips?" (◀ pays) when his claim lapsed and his menu went
    # back to its top, where ◀ is "Not till my turn": his ◀ shows him the new menu and
    # does nothing; his next ◀ acts
    state, dice = turn_of_seat_0()
    ctl, clock = controller(state, dice)
    dice.push(*GREEN_DOGS)
    clock.advance(2)
    choose(ctl, 0, c.Move(0))
    clock.advance(1.1)  # the dice have landed
    press(ctl, 3, R)  # "Reroll ›": the confirmation, claimed
    assert menu(ctl, 3).confirm
    for _ in range(40):  # he looks at the board: his claim lapses (3 s without a press)
        ctl.tick(clock.advance(0.1))
        if not menu(ctl, 3).confirm:
            break
    assert menu(ctl, 3).depth == 0 and ctl.state.window is not None
    chips = ctl.state.players[3].chips
    tap(ctl, clock, 3, L, 0.3)
    assert ctl.state.players[3].chips == chips and 3 not in ctl.state.window.passed
    assert any(n.seat == 3 and n.text == t("c.menu_changed") for n in ctl.frame().notices)
    tap(ctl, clock, 3, L, 0.3)  # now it acts: not until his turn
    assert all(m.seat != 3 for m in ctl.frame().menus)  # no window asks him any more


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_right_then_left_within_the_pay_guard_spends_nothing_on_any_pad(seat: int) -> None:
    # X1: in Peter's reroll window, ▶ then ◀ on any seat's pad (a neighbour leaning over)
    # 0.3 s apart never pays; the same ◀ once the Pay line has stood 0.6 s does
    state, dice = turn_of_seat_0()
    ctl, clock = controller(state, dice)
    dice.push(*GREEN_DOGS, *GREEN_DOGS)
    clock.advance(2)
    choose(ctl, 0, c.Move(0))
    clock.advance(1.1)
    chips = [p.chips for p in ctl.state.players]
    tap(ctl, clock, seat, R, 0.3)
    if seat == 0:  # the roller's own reroll is ▶ ▶ in its next menu
        tap(ctl, clock, seat, R, 0.3)
    tap(ctl, clock, seat, L, 0.3)
    assert [p.chips for p in ctl.state.players] == chips
    assert not any(isinstance(e, ev.RerollForced) for e in ctl.history)
    assert ctl.lights()[seat].request > 0  # the pad says "too soon"
    tap(ctl, clock, seat, L, ctl.config.pay_guard_seconds)  # looked at it: pays
    assert any(isinstance(e, ev.RerollForced) and e.seat == seat for e in ctl.history)
    assert ctl.state.players[seat].chips == chips[seat] - 3


def _weather_window() -> tuple[TableController, FakeClock, Dice]:
    state, dice = bidding()
    state = do(state, dice, *(c.LockBid(s, 0) for s in range(4)))
    ctl, clock = controller(state, dice, config=TableConfig(reroll_seconds=30))
    dice.push(1)
    choose(ctl, 0, c.RollWeather(0))
    assert phase(ctl) is Phase.REROLL
    return ctl, clock, dice


def _dogs_window() -> tuple[TableController, FakeClock, Dice]:
    state, dice = turn_of_seat_0()
    ctl, clock = controller(state, dice, config=TableConfig(reroll_seconds=30))
    dice.push(*GREEN_DOGS)
    clock.advance(2)
    choose(ctl, 0, c.Move(0))
    assert phase(ctl) is Phase.REROLL
    return ctl, clock, dice


def _terrain_window() -> tuple[TableController, FakeClock, Dice]:
    state, dice = moving_seat_0()
    ctl, clock = controller(state, dice, config=TableConfig(reroll_seconds=30))
    dice.push(5)
    choose(ctl, 0, c.RollTerrain(0, 0))
    assert phase(ctl) is Phase.REROLL
    return ctl, clock, dice


@pytest.mark.parametrize("scene", [_weather_window, _dogs_window, _terrain_window])
def test_every_window_closes_the_moment_its_last_seat_has_answered(scene: object) -> None:
    # X1: with a quiet time of 30 s, the window still closes at once when every seat it
    # waits for has said no (● No) or chosen its next step (its no to its own reroll)
    ctl, clock, _dice = scene()  # type: ignore[operator]
    start = clock.now
    clock.advance(1.2)  # the roll has landed
    window = ctl.state.window
    assert window is not None
    waiting = [s for s in window.eligible if s not in window.passed]
    opened = len(ctl.history)
    for seat in waiting:
        if any(isinstance(e, ev.WindowClosed) for e in ctl.history[opened:]):
            break
        target = ctl.intent(seat)
        nexts = [m for m in ctl.frame().menus if m.seat == seat]
        if nexts and nexts[0].note:  # its next menu: choose its next step
            command = next(i.command for i in nexts[0].items if i.command is not None
                           and i.button == "select")
            choose(ctl, seat, command)
        else:
            choose(ctl, seat, c.Pass(seat))
        assert target is None
    assert any(isinstance(e, ev.WindowClosed) for e in ctl.history[opened:])
    assert clock.now - start < 30  # long before its quiet time
