"""Pad lights: the seats that must act are lit; one-shot blinks; the winner blinks."""

from __future__ import annotations

from companion.games.mush import commands as c
from companion.pads.events import Light
from companion.table.lights import WINNER_BLINK, LightState
from table.helpers import L, S, bidding, choose, controller, press, started
from table.scenes import moving_seat_0, turn_of_seat_0

ON, OFF = LightState(Light.ON), LightState(Light.OFF)


def lit(lights: dict[int, LightState]) -> list[int]:
    return [seat for seat, light in lights.items() if light == ON]


def test_setup_lights_are_off_and_every_pad_gets_one() -> None:
    from companion.games.mush.table.controller import TableController

    assert set(TableController().lights().values()) == {OFF}
    assert len(TableController().lights()) == 6


def test_training_lights_the_seat_choosing() -> None:
    # S4
    state, dice = started(first=2)
    ctl, _ = controller(state, dice)
    assert lit(ctl.lights()) == [2]


def test_bidding_lights_the_locked_in_seats() -> None:
    # R1: locked in / not yet is public; the value is not
    state, dice = bidding()
    ctl, _ = controller(state, dice)
    assert lit(ctl.lights()) == []
    press(ctl, 1, S)
    press(ctl, 3, S)
    assert lit(ctl.lights()) == [1, 3]


def test_the_active_seat_and_a_windows_waiting_seats_are_lit() -> None:
    # T1, X2
    state, dice = turn_of_seat_0()
    ctl, _ = controller(state, dice)
    assert lit(ctl.lights()) == [0]
    choose(ctl, 0, c.Move(0))
    assert lit(ctl.lights()) == [1, 2, 3]
    press(ctl, 2, L)  # claims the window: still to decide
    assert lit(ctl.lights()) == [1, 2, 3]
    choose(ctl, 2, c.Pass(2))
    assert lit(ctl.lights()) == [1, 3]


def test_the_winner_blinks() -> None:
    # T3
    state, dice = moving_seat_0()
    ctl, _ = controller(state, dice)
    choose(ctl, 0, c.CrossZone(0, True))
    choose(ctl, 0, c.CrossZone(0, True))
    choose(ctl, 0, c.ReachNome(0))
    lights = ctl.lights()
    assert lights[0] == LightState(WINNER_BLINK)
    assert lit(lights) == []
