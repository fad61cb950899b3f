"""The table's pace: the reveal takes presses at once, queued presses do nothing, the
results stay, and the countdown of a window holds while a seat chooses."""

from __future__ import annotations

import pytest

from companion.games.mush import commands as c
from companion.games.mush.model import Phase
from companion.games.mush.table.controller import TableController
from companion.games.mush.table.windows import WindowClock
from companion.i18n import t
from companion.pads.events import Kind, PadEvent
from companion.table.gestures import Gesture, Gestures
from table.helpers import Dice, FakeClock, S, bidding, choose, controller, press
from table.scenes import moving_seat_0


def revealed(ice_bear: int = 2) -> tuple[TableController, FakeClock, Dice]:
    state, dice = bidding(ice_bear=ice_bear)
    ctl, clock = controller(state, dice)
    for seat in range(4):
        press(ctl, seat, S)  # everyone locks 0: the Ice Bear rolls the weather next
    assert ctl.frame().screen == "reveal"
    return ctl, clock, dice


def test_presses_queued_during_the_reveal_do_nothing() -> None:
    # R1-R2: presses made while the bids were being revealed (queued behind the reveal)
    # never roll the weather nor buy rerolls
    ctl, _clock, dice = revealed()
    dice.push(6, 6, 6, 6)
    for _ in range(4):  # all handed over at once, as a queue drains
        for seat in range(4):
            ctl.handle(PadEvent(seat, S, Kind.PRESS))
            ctl.handle(PadEvent(seat, S, Kind.RELEASE))
        ctl.tick()
    assert ctl.state.phase is Phase.WEATHER and ctl.state.weather is None
    assert ctl.frame().screen == "reveal"
    assert all(p.chips == 20 for p in ctl.state.players)
    assert ctl.lights()[2].request > 0  # the Ice Bear's pad blinked: dropped


@pytest.mark.parametrize("early", [0.3, 0.5, 1.0])
def test_the_reveal_takes_presses_at_once(early: float) -> None:
    # R1-R2, W3: the reveal locks nothing out: the Ice Bear's menu is there with the bids
    # and its first press after the plain guard rolls the weather (no "too soon", nothing
    # to press again)
    ctl, clock, dice = revealed()
    menu = next(m for m in ctl.frame().menus if m.seat == 2)
    assert not menu.waiting and menu.note != t("c.too_soon")
    clock.advance(early - 0.3)  # the press helper lets 0.3 s pass before each press
    dice.push(6)
    assert press(ctl, 2, S).applied
    assert ctl.state.weather is not None
    assert not any(n.text == t("c.too_soon") for n in ctl.frame().notices)


def test_the_results_cannot_be_left_in_their_first_seconds() -> None:
    # T3: one hold meant for something else never sweeps the results away
    state, dice = moving_seat_0()
    # Peter's sled is on the last board (Intro: Nome's), so he may reach Nome (T3)
    far = state.with_player(0, board=len(state.require_settings().boards) - 1)
    ctl, clock = controller(far, dice)
    assert ctl.may_leave(0)  # no game over yet: nothing holds
    choose(ctl, 0, c.ReachNome(0))
    assert ctl.state.phase is Phase.GAME_OVER
    clock.advance(9.5)
    assert not ctl.may_leave(1)
    assert any(n.seat == 1 and "results stay" in n.text for n in ctl.frame().notices)
    clock.advance(0.6)
    assert ctl.may_leave(1)


def test_the_guard_judges_a_press_by_when_its_button_went_down() -> None:
    gestures = Gestures(guard=0.25)
    down = PadEvent(0, S, Kind.PRESS)
    up = PadEvent(0, S, Kind.RELEASE)
    assert gestures.feed(down, 10.0) is None
    gestures.changed([0], 10.1)  # the menu changed while the button was down
    act = gestures.feed(up, 10.2)
    assert act is not None and act.gesture is Gesture.CLICK and not act.fresh
    gestures.feed(down, 10.3)  # 200 ms after the change: still too soon
    act = gestures.feed(up, 10.4)
    assert act is not None and not act.fresh
    gestures.feed(down, 10.36)
    act = gestures.feed(up, 10.5)
    assert act is not None and act.fresh
    gestures.changed([1], 11.0)  # another seat's menu: seat 0 is not held back
    gestures.feed(down, 11.01)
    act = gestures.feed(up, 11.1)
    assert act is not None and act.fresh
    gestures.lock(20.0)
    gestures.feed(down, 19.0)
    act = gestures.feed(up, 20.5)
    assert act is not None and not act.fresh


def test_a_window_clock_waits_for_the_landing_holds_for_claims_and_resumes() -> None:
    clock = WindowClock.open("reroll", 2.5, now=100.0, delay=1.0, cap=8, resume=1.5, idle=3)
    assert clock.remaining(100.5) == 2.5  # the dice are still tumbling
    assert clock.remaining(102.0) == pytest.approx(1.5)
    clock.claim(3, 102.0)
    assert clock.remaining(150.0) == pytest.approx(1.5) and not clock.due(150.0)
    # a lone press: the claim lapses 3 s later
    assert clock.expired_claims(104.9) == [] and clock.expired_claims(105.0) == [3]
    # presses keep it alive, up to its cap of 8 s
    clock.touch(3, 104.0)
    clock.touch(3, 106.5)
    assert clock.expired_claims(109.4) == [] and clock.expired_claims(110.0) == [3]
    clock.release(3, 110.0, lapsed=True)  # a lapse gives back what was left, no more
    assert clock.remaining(110.0) == pytest.approx(1.5)
    assert clock.due(111.5)
    clock = WindowClock.open("reroll", 2.5, now=0.0, resume=1.5)
    clock.claim(1, 2.4)
    clock.release(1, 3.0)  # chosen: the others still get `resume` seconds
    assert clock.remaining(3.0) == pytest.approx(1.5)
    untimed = WindowClock.open("reroll", 2.5, now=0.0)
    untimed.timed = False
    assert not untimed.due(100.0) and untimed.countdown(100.0) is None
