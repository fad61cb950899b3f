"""The frame's clock-driven parts: animation progress and the charts on show."""

from __future__ import annotations

from companion.games.mush import commands as c
from companion.games.mush.table.controller import TableController
from table.helpers import Dice, FakeClock, choose, controller
from table.scenes import turn_of_seat_0


def test_animation_progress_runs_on_the_controllers_clock() -> None:
    # D1-D3: the dog roll animates, then the frame stops changing (the display idles)
    state, dice = turn_of_seat_0()
    ctl, clock = controller(state, dice)
    choose(ctl, 0, c.Move(0))
    dice.push(*([1] * 8))
    for seat in (1, 2, 3):
        choose(ctl, seat, c.Pass(seat))
    start = ctl.frame()
    assert (start.screen, start.animation, start.animation_progress) == ("dogs", "dice", 0.0)
    half = ctl.config.animation_length("dice") / 2
    clock.advance(half)
    assert ctl.frame().animation_progress == 0.5  # half of the "dice" animation
    clock.advance(0.7)
    done = ctl.frame()
    assert done.animation is None and done.animation_progress == 1.0


def test_frames_carry_the_charts_in_use_once_the_game_has_started() -> None:
    # W3, P2: the charts are shown so players see the odds before a roll
    clock = FakeClock()
    ctl = TableController(dice=Dice(1), clock=clock)
    assert ctl.frame().charts == {}
    state, dice = turn_of_seat_0()
    ctl, _ = controller(state, dice)
    charts = ctl.frame().charts
    assert charts["central"][4] == "cold"  # W3's fixed point: a 5 on the Central chart
    assert len(charts["pressing"]) == 6
