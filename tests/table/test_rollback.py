"""A commit the journal refuses is undone: the controller goes back to where it was.

The controller proposes each outcome; the app commits it, and when the journal refuses,
asks `rollback()`. Every part (the game, the history, the windows, the undo point, the
menus, the screen) is then as before the press, the table is told, and the same press
does the same again.
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.model import Phase
from companion.games.mush.table.controller import TableController
from companion.games.mush.table.frame import TableFrame
from companion.table.frame import Notice
from companion.table.virtual import hold
from table.helpers import S, bidding, check_frame, choose, controller, long_press, press, send
from table.scenes import moving_seat_0, turn_of_seat_0

NOT_SAVED = Notice("Not saved: the card refused it. Press again", None)


def _seen(frame: TableFrame) -> TableFrame:
    """A frame without what only says that time passed (its serial, its notices)."""
    return replace(frame, serial=0, notices=())


def _before_and_after_rollback(ctl: TableController, act: object) -> tuple[TableFrame, ...]:
    before = check_frame(ctl)
    act()  # type: ignore[operator]
    ctl.rollback()
    after = check_frame(ctl)
    assert after.notices[-1] == NOT_SAVED
    return before, after


def test_a_refused_move_leaves_the_turn_as_it_was_and_the_same_press_moves() -> None:
    # T1: choosing to move opens the X2 window; refused by the journal, no window opened
    state, dice = turn_of_seat_0()
    ctl, _ = controller(state, dice)
    before, after = _before_and_after_rollback(ctl, lambda: choose(ctl, 0, c.Move(0)))
    assert ctl.state is state and ctl.history == ()
    assert _seen(after) == _seen(before)
    assert after.countdown is None and after.undo is None and after.screen == "turn"
    again = choose(ctl, 0, c.Move(0))
    assert [type(e) for e in again.events] == [ev.MoveChosen, ev.WindowOpened]
    assert ctl.state.phase is Phase.REDUCE and check_frame(ctl).countdown is not None


def test_a_refused_undo_keeps_the_choice_and_its_undo_point() -> None:
    state, dice = turn_of_seat_0()
    ctl, _ = controller(state, dice)
    moved = choose(ctl, 0, c.Move(0))
    chosen = ctl.state
    # the app commits after each pad event: the hold's outcome is refused, then comes up
    before, after = _before_and_after_rollback(ctl, lambda: send(ctl, hold(0, S)[:2]))
    ctl.handle(hold(0, S)[2])
    assert ctl.state is chosen and ctl.history == moved.events
    assert after.undo is not None and after.undo == before.undo
    out = long_press(ctl, 0, S)
    assert out.retracted == moved.events and ctl.state == state


def test_a_refused_reveal_keeps_the_bids_secret_and_locked() -> None:
    # R1: the last lock reveals; refused, everyone stays locked in and nothing is shown
    state, dice = bidding()
    ctl, _ = controller(state, dice)
    for seat in range(3):
        press(ctl, seat, S)
    locked = ctl.state
    before, after = _before_and_after_rollback(ctl, lambda: press(ctl, 3, S))
    assert ctl.state is locked and ctl.state.phase is Phase.BIDDING
    assert after.screen == before.screen == "bidding" and after.animation is None
    assert ctl.private_bid(3) == 0
    out = press(ctl, 3, S)
    assert any(isinstance(e, ev.BidsRevealed) for e in out.events)
    assert ctl.state.phase is not Phase.BIDDING


def test_a_refused_roll_is_rolled_again_and_nothing_is_left_of_the_first() -> None:
    # M4: the die's result never reached the file, so it never happened
    state, dice = moving_seat_0()
    ctl, clock = controller(state, dice)
    dice.push(2)
    before, after = _before_and_after_rollback(ctl, lambda: choose(ctl, 0, c.RollTerrain(0, 0)))
    assert ctl.state is state and ctl.history == ()
    assert after.animation is None and after.screen == before.screen == "moving"
    clock.advance(1)
    dice.push(5)
    out = choose(ctl, 0, c.RollTerrain(0, 0))
    rolled = [e for e in out.events if isinstance(e, ev.TerrainRolled)]
    assert len(rolled) == 1 and rolled[0].face == 5


def test_a_rollback_with_nothing_proposed_only_tells_the_table() -> None:
    state, dice = turn_of_seat_0()
    ctl, _ = controller(state, dice)
    before = check_frame(ctl)
    ctl.rollback()
    after = check_frame(ctl)
    assert ctl.state is state and _seen(after) == _seen(before)
    assert after.notices == (NOT_SAVED,)
