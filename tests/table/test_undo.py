"""Undo: the last bookkeeping choice, by the seat that made it, never after a roll or reveal."""

from __future__ import annotations

from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.model import Phase, RestPlace
from companion.table.frame import Notice
from table.helpers import R, S, check_frame, choose, controller, long_press, press
from table.scenes import moving_seat_0, turn_of_seat_0


def test_undo_restores_exactly_the_state_before_the_choice() -> None:
    # T1: choosing to move opens the X2 window; nothing is rolled yet, so it may be undone
    state, dice = turn_of_seat_0()
    ctl, _ = controller(state, dice)
    moved = choose(ctl, 0, c.Move(0))
    assert ctl.state.phase is Phase.REDUCE
    frame = ctl.frame()
    assert frame.undo is not None and frame.undo.seat == 0
    assert frame.undo.text == "chose to move"
    out = long_press(ctl, 0, S)
    assert out.undone and out.retracted == moved.events and out.retract == len(moved.events)
    assert out.events == ()
    assert ctl.state == state
    assert ctl.history == ()  # the controller's own record follows the journal
    frame = check_frame(ctl)
    assert frame.screen == "turn" and frame.countdown is None and frame.undo is None
    assert frame.notices[-1] == Notice("Peter took back: chose to move", None)


def test_undo_is_refused_after_a_roll() -> None:
    # M4, X1: a die's result is never undone
    state, dice = moving_seat_0()
    ctl, _ = controller(state, dice)
    dice.push(2)
    out = choose(ctl, 0, c.RollTerrain(0, 1))
    assert any(isinstance(e, ev.TerrainRolled) for e in out.events)
    rolled = ctl.state
    assert ctl.frame().undo is None
    ctl.clock.advance(1)  # type: ignore[attr-defined]  # the die has landed
    out = long_press(ctl, 0, S)
    assert not out.applied and out.retracted == ()
    assert ctl.state is rolled
    notice = ctl.frame().notices[-1]
    assert notice.seat == 0 and "roll" in notice.text


def test_undo_is_refused_after_the_reveal() -> None:
    # R1: the reveal cannot be taken back (nor the lock that caused it)
    from table.helpers import bidding

    state, dice = bidding()
    ctl, _ = controller(state, dice)
    for seat in range(4):
        press(ctl, seat, S)
    assert ctl.state.phase is Phase.WEATHER
    before = ctl.state
    ctl.clock.advance(ctl.config.reveal_lock_seconds)  # type: ignore[attr-defined]
    long_press(ctl, 3, S)
    assert ctl.state is before
    assert ctl.frame().notices[-1].seat == 3


def test_only_the_seat_that_chose_may_undo_and_only_once() -> None:
    state, dice = moving_seat_0()
    ctl, _ = controller(state, dice)
    choose(ctl, 0, c.CrossZone(0, True))
    crossed = ctl.state
    assert crossed.players[0].board == 1
    long_press(ctl, 2, S)  # another seat: refused, nothing changes
    assert ctl.state is crossed
    assert ctl.frame().notices[-1].seat == 2
    long_press(ctl, 0, S)
    assert ctl.state == state
    long_press(ctl, 0, S)  # one step only
    assert ctl.state == state
    assert ctl.frame().notices[-1].text == "Only the last choice can be taken back"


def test_undo_a_rest_that_ended_the_round() -> None:
    # Z1, R4: the last rest of a round starts the next round; nothing was rolled, so the
    # resting player may take it back, until someone locks a bid
    state, dice = turn_of_seat_0()
    ctl, _ = controller(state, dice)
    for seat in range(3):
        choose(ctl, seat, c.Rest(seat, RestPlace.WILDERNESS, 1))
    before = ctl.state
    out = choose(ctl, 3, c.Rest(3, RestPlace.WILDERNESS, 1))
    assert any(isinstance(e, ev.RoundStarted) for e in out.events)
    assert ctl.state.phase is Phase.BIDDING and ctl.state.round == 2
    assert ctl.frame().screen == "round_end"
    press(ctl, 1, R, 2)  # a bid in progress
    long_press(ctl, 3, S)
    assert ctl.state == before
    out = choose(ctl, 3, c.Rest(3, RestPlace.WILDERNESS, 0))
    assert ctl.state.round == 2
    press(ctl, 0, S)  # a lock is private: from here the rest can no longer be undone
    long_press(ctl, 3, S)
    assert ctl.state.round == 2 and ctl.state.bids[0] == 0
    assert ctl.private_bid(1) == 0  # the new round's bids start again at 0


def test_hold_select_first_steps_out_of_a_menu_then_undoes() -> None:
    state, dice = moving_seat_0()
    ctl, _ = controller(state, dice)
    choose(ctl, 0, c.PayPassing(0))  # X5
    assert ctl.state.turn is not None and ctl.state.turn.passing
    paid = ctl.state
    press(ctl, 0, R)  # into terrain, crossing, stick
    assert ctl.frame().menus[0].depth == 1
    long_press(ctl, 0, S)  # back out: nothing taken back yet
    assert ctl.state is paid and ctl.frame().menus[0].depth == 0
    long_press(ctl, 0, S)
    assert ctl.state == state
    assert ctl.state.players[0].chips == 20


def test_reaching_nome_by_mistake_can_be_taken_back() -> None:
    # T3 is told by the players, not rolled: the winner may take the press back at once
    state, dice = moving_seat_0()
    ctl, _ = controller(state, dice)
    choose(ctl, 0, c.CrossZone(0, True))
    choose(ctl, 0, c.CrossZone(0, True))
    on_nome = ctl.state
    won = choose(ctl, 0, c.ReachNome(0))
    assert ctl.state.phase is Phase.GAME_OVER and won.events == (ev.GameWon(0),)
    out = long_press(ctl, 0, S)
    assert out.retracted == (ev.GameWon(0),)
    assert ctl.state == on_nome and ctl.frame().screen == "moving"
