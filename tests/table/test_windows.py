"""Reaction windows: reduce dice (X2) and reroll (X1), their buttons and countdowns."""

from __future__ import annotations

from companion.rules import commands as c
from companion.rules import events as ev
from companion.rules.model import Phase, RollKind, WindowKind
from companion.table import Countdown, TableConfig, TableController
from table.helpers import Dice, FakeClock, L, R, S, check_frame, choose, controller, phase, press
from table.scenes import turn_of_seat_0

GREEN_DOGS = [1, 1, 1, 5, 5, 6, 6, 6]  # green dice: faces 1-4 are dogs (D2) -> 3 dogs


def reduce_window() -> tuple[TableController, FakeClock, Dice]:
    state, dice = turn_of_seat_0()
    ctl, clock = controller(state, dice, config=TableConfig(reduce_seconds=8, reroll_seconds=6))
    out = choose(ctl, 0, c.Move(0))
    assert any(isinstance(e, ev.WindowOpened) for e in out.events)
    assert phase(ctl) is Phase.REDUCE
    return ctl, clock, dice


def test_the_reduce_window_closes_when_its_time_is_up() -> None:
    # X2: opponents may pay before the dog roll; the table closes the window on time
    ctl, clock, dice = reduce_window()
    frame = check_frame(ctl)
    assert frame.screen == "reduce"
    assert frame.countdown == Countdown("reduce", 8, 8)
    assert [m.seat for m in frame.menus] == [1, 2, 3]  # every eligible seat, not the roller
    assert all(m.style == "buttons" for m in frame.menus)
    clock.advance(3)
    assert ctl.frame().countdown == Countdown("reduce", 8, 5)
    clock.advance(4.9)
    assert ctl.tick().events == ()
    assert phase(ctl) is Phase.REDUCE
    dice.push(*GREEN_DOGS)
    out = ctl.tick(clock.advance(0.1))
    assert isinstance(out.events[0], ev.WindowClosed)
    rolled = next(e for e in out.events if isinstance(e, ev.DogDiceRolled))
    assert len(rolled.faces) == 8 and rolled.dogs == 3  # D1-D3
    # X1: a reroll window follows the roll, with its own countdown from the same clock
    assert phase(ctl) is Phase.REROLL
    frame = check_frame(ctl)
    assert frame.screen == "dogs"
    assert frame.countdown == Countdown("reroll", 6, 6)
    assert [m.seat for m in frame.menus] == [0, 1, 2, 3]  # the roller may reroll too
    clock.advance(6)
    out = ctl.tick()
    assert any(isinstance(e, ev.MovementStarted) for e in out.events)
    assert phase(ctl) is Phase.MOVING
    assert ctl.frame().countdown is None


def test_a_window_closes_early_when_every_eligible_seat_has_passed() -> None:
    ctl, clock, dice = reduce_window()
    press(ctl, 1, L)
    press(ctl, 3, L)
    assert phase(ctl) is Phase.REDUCE
    assert [m.seat for m in ctl.frame().menus] == [2]
    dice.push(*GREEN_DOGS)
    out = press(ctl, 2, L)
    assert [type(e) for e in out.events[:3]] == [ev.Passed, ev.WindowClosed, ev.DogDiceRolled]
    for seat in range(4):
        out = press(ctl, seat, L)
    assert phase(ctl) is Phase.MOVING
    assert ctl.tick(clock.advance(100)).events == ()  # nothing left to close


def test_paying_one_and_two_chips_takes_dice_away() -> None:
    # X2: 2 chips a die, chips from several players count together, an odd chip goes
    # back to the last payer (ruling); the reduction holds for the reroll too
    ctl, _clock, dice = reduce_window()
    press(ctl, 1, S)  # ● pays 2
    press(ctl, 2, R)  # ▶ pays 1
    press(ctl, 3, R)
    press(ctl, 2, R)
    assert ctl.state.window is not None and ctl.state.window.paid == 5
    assert [p.chips for p in ctl.state.players] == [20, 18, 18, 19]
    dice.push(1, 1, 1, 1, 5, 6)  # 8 dogs less 2 dice = 6 dice
    press(ctl, 1, L)
    press(ctl, 3, L)
    out = press(ctl, 2, L)
    assert ev.ChipsDrawn(2, 1, "reduce refund") in out.events  # the odd chip, to seat 2
    assert ev.DiceReduced(0, 2) in out.events
    assert ctl.state.players[2].chips == 19
    rolled = next(e for e in out.events if isinstance(e, ev.DogDiceRolled))
    assert len(rolled.faces) == 6 and rolled.dogs == 4
    # X1: seat 3 pays 3 to make seat 0 roll again, the same number of dice
    dice.push(6, 6, 6, 6, 6, 1)
    out = press(ctl, 3, S)
    assert ev.RerollForced(3, 0, RollKind.DOGS) in out.events
    again = next(e for e in out.events if isinstance(e, ev.DogDiceRolled))
    assert again.reroll and len(again.faces) == 6 and again.dogs == 1
    assert ctl.state.players[3].chips == 19 - 3


def test_window_presses_that_cannot_act_are_refused_with_a_notice() -> None:
    ctl, _clock, _dice = reduce_window()
    before = ctl.state
    press(ctl, 0, S)  # the roller cannot pay to reduce its own dice
    assert ctl.state is before
    assert ctl.frame().notices[-1].seat == 0
    press(ctl, 1, L)
    press(ctl, 1, S)  # passed already
    assert ctl.state.window is not None and 1 in ctl.state.window.passed
    assert ctl.frame().notices[-1].seat == 1
    assert ctl.frame().notices[-1].text == "You have passed"
    # X6: a seat cannot pay more than it holds (and the cap leaves 6 chips at most)
    press(ctl, 2, S, times=2)
    press(ctl, 3, R)
    assert ctl.state.window is not None and ctl.state.window.paid == 5
    before = ctl.state
    press(ctl, 3, S)  # only 1 chip can still go in: ● (2) is refused
    assert ctl.state is before
    notice = ctl.frame().notices[-1]
    assert notice.seat == 3 and "only 1 chip" in notice.text


def test_the_pressing_reroll_window_is_the_rollers_alone() -> None:
    # P1: opponents may not pay to reroll the pressing roll; the player may
    from table.scenes import moving_seat_0

    state, dice = moving_seat_0()
    ctl, _clock = controller(state, dice)
    choose(ctl, 0, c.EndMove(0))
    assert phase(ctl) is Phase.PRESSING  # Warm training in Warm weather
    assert ctl.frame().screen == "pressing"
    dice.push(2)
    choose(ctl, 0, c.Press(0))
    assert ctl.state.window is not None and ctl.state.window.kind is WindowKind.REROLL
    frame = check_frame(ctl)
    assert frame.screen == "pressing"
    assert [m.seat for m in frame.menus] == [0]
    press(ctl, 1, S)
    assert ctl.frame().notices[-1].seat == 1
