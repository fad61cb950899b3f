"""Secret bids on three buttons, and that no frame, light or log line gives one away."""

from __future__ import annotations

import itertools
import logging
import re

import pytest

from companion.games.mush import events as ev
from companion.games.mush.model import Phase
from companion.games.mush.table.controller import TableController
from companion.games.mush.table.frame import TableFrame
from companion.pads.events import Blink, Kind, Light, PadEvent
from companion.table.lights import LIMIT_BLINK, LightState, bid_blink
from table.helpers import L, R, S, bidding, controller, long_press, press, send

PATTERNS = [locked for size in range(4) for locked in itertools.combinations(range(4), size)]
"""Every lock-in pattern of four seats short of all four (all four is the reveal)."""


def run(bids: tuple[int, ...], locked: tuple[int, ...]
        ) -> tuple[list[TableFrame], dict[int, LightState], TableController]:
    """Choose `bids` on the pads, then lock the seats in `locked`; frames at each step."""
    state, dice = bidding()
    ctl, _ = controller(state, dice)
    frames = [ctl.frame()]
    for seat, bid in enumerate(bids):
        for _ in range(bid):
            before = ctl.frame()
            press(ctl, seat, R)
            assert ctl.frame() == before  # a ▶ changes nothing anyone can see
        frames.append(ctl.frame())
    for seat in locked:
        out = press(ctl, seat, S)
        assert out.applied and out.events == ()  # the lock is private: nothing to journal
        frames.append(ctl.frame())
    return frames, ctl.lights(), ctl


@pytest.mark.parametrize("locked", PATTERNS)
def test_frames_and_lights_are_equal_whatever_the_bids(locked: tuple[int, ...]) -> None:
    # R1, I5: only "locked in / not yet" is public while anyone is still choosing
    quiet, quiet_lights, a = run((0, 0, 0, 0), locked)
    loud, loud_lights, b = run((7, 0, 19, 3), locked)
    assert quiet == loud
    assert quiet_lights == loud_lights
    assert {s: quiet[-1].view.seats[s].locked for s in range(4)} == {
        s: s in locked for s in range(4)}
    assert all(f.screen == "bidding" for f in loud)
    for menu in loud[-1].menus:
        assert menu.style == "bid"
        assert all(item.command is None or not hasattr(item.command, "amount")
                   for item in menu.items)
    assert [b.private_bid(s) for s in range(4)] == [7, 0, 19, 3]  # the pad's own display
    assert [a.private_bid(s) for s in range(4)] == [0, 0, 0, 0]


def test_nothing_logged_during_bidding_mentions_a_bid(caplog: pytest.LogCaptureFixture) -> None:
    # R1, I5: the log of a bidding is the same for any bids, and never holds a value
    caplog.set_level(logging.DEBUG, logger="companion.table")
    logs = []
    for bids in ((0, 0, 0, 0), (7, 0, 19, 3)):
        caplog.clear()
        run(bids, (0, 1, 2))
        logs.append([r.getMessage() for r in caplog.records])
    assert logs[0] == logs[1]
    assert any("locked in" in line for line in logs[1])
    assert not any(re.search(r"\b(7|19)\b|amount|bid=", line) for line in logs[1])


def test_the_reveal_pays_the_bids_and_orders_play() -> None:
    # R1 (bids are spent at the reveal), R2 (highest first, ties nearer the Ice Bear), R3
    _, _, ctl = run((7, 0, 19, 3), (0, 1, 2))
    out = press(ctl, 3, S)
    reveal = next(e for e in out.events if isinstance(e, ev.BidsRevealed))
    assert reveal.bids == (7, 0, 19, 3)
    assert reveal.order == (2, 0, 3, 1)
    assert not any(e.private for e in out.events)
    assert [p.chips for p in ctl.state.players] == [13, 20, 1, 17]
    assert ctl.state.phase is Phase.EARLY_RISER and ctl.state.active == 2
    frame = ctl.frame()
    assert frame.screen == "reveal" and frame.animation == "reveal"
    assert [s.bid for s in frame.view.seats] == [7, 0, 19, 3]
    assert ctl.private_bid(2) is None


def test_right_past_the_chips_does_nothing_and_blinks() -> None:
    # R1, X6: a bid is 0 up to the chips held
    state, dice = bidding()
    ctl, clock = controller(state, dice)
    press(ctl, 1, R, 20)
    assert ctl.private_bid(1) == 20
    press(ctl, 1, R)
    assert ctl.private_bid(1) == 20
    assert ctl.lights()[1].pattern == LIMIT_BLINK
    assert ctl.lights()[0] == LightState(Light.OFF)
    clock.advance(5)
    assert ctl.lights()[1] == LightState(Light.OFF)  # back to "not locked in"


def test_hold_left_clears_and_left_stops_at_zero() -> None:
    state, dice = bidding()
    ctl, _ = controller(state, dice)
    press(ctl, 0, R, 5)
    press(ctl, 0, L)
    assert ctl.private_bid(0) == 4
    long_press(ctl, 0, L)  # the press that starts a hold does not also take one away
    assert ctl.private_bid(0) == 0
    press(ctl, 0, L)
    assert ctl.private_bid(0) == 0


def test_hold_right_blinks_the_own_bid_and_adds_nothing() -> None:
    state, dice = bidding()
    ctl, clock = controller(state, dice)
    press(ctl, 2, R, 3)
    out = send(ctl, [PadEvent(2, R, Kind.PRESS), PadEvent(2, R, Kind.HOLD),
                     PadEvent(2, R, Kind.RELEASE)])
    assert not out.applied
    assert ctl.private_bid(2) == 3
    lights = ctl.lights()
    assert lights[2].pattern == bid_blink(3)
    assert isinstance(lights[2].pattern, Blink) and lights[2].pattern.count == 3
    assert all(lights[s] == LightState(Light.OFF) for s in (0, 1, 3))
    first = lights[2].request
    long_press(ctl, 2, R)  # asking again is a new request the app must send again
    assert ctl.lights()[2].request != first
    clock.advance(10)
    assert ctl.lights()[2] == LightState(Light.OFF)


def test_select_locks_and_again_unlocks_while_others_choose() -> None:
    # R1: a locked bid may be taken back until everyone has locked in
    state, dice = bidding()
    ctl, _ = controller(state, dice)
    press(ctl, 0, R, 4)
    press(ctl, 0, S)
    assert ctl.state.bids[0] == 4
    assert ctl.lights()[0] == LightState(Light.ON)  # a locked-in bidder's light is on
    press(ctl, 0, R)
    assert ctl.frame().notices[-1].seat == 0  # locked: ▶ is refused, ● unlocks
    assert ctl.private_bid(0) == 4
    press(ctl, 0, S)
    assert ctl.state.bids[0] is None
    assert ctl.lights()[0] == LightState(Light.OFF)
    press(ctl, 0, L)
    press(ctl, 0, S)
    assert ctl.state.bids[0] == 3
