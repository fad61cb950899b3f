"""Reaction windows (X1 reroll, X2 reduce): silence means "no", ● says no, opening a
payment claims the window for a few seconds, paying takes a choice and a confirmation whose
● says no, and no press acts on a menu its player had not seen."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.config.table import TableConfig
from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.engine import legal_commands
from companion.games.mush.model import Phase, RollKind, StickAction, WindowKind
from companion.games.mush.state import GameState
from companion.games.mush.table.controller import TableController
from companion.pads.events import Kind, PadEvent
from companion.table.frame import Countdown, Menu
from table.helpers import (
    Dice,
    FakeClock,
    L,
    R,
    S,
    check_frame,
    choose,
    controller,
    long_press,
    phase,
    press,
)
from table.scenes import moving_seat_0, turn_of_seat_0

GREEN_DOGS = [1, 1, 1, 5, 5, 6, 6, 6]  # green dice: faces 1-4 are dogs (D2) -> 3 dogs
CONFIG = TableConfig(reduce_seconds=3, reroll_seconds=2.5, claim_seconds=8,
                     claim_idle_seconds=3, resume_seconds=1.5)


def menu_of(ctl: TableController, seat: int) -> Menu:
    return next(m for m in ctl.frame().menus if m.seat == seat)


def reduce_window(config: TableConfig = CONFIG) -> tuple[TableController, FakeClock, Dice]:
    state, dice = turn_of_seat_0()
    ctl, clock = controller(state, dice, config=config)
    out = choose(ctl, 0, c.Move(0))
    assert any(isinstance(e, ev.WindowOpened) for e in out.events)
    assert phase(ctl) is Phase.REDUCE
    return ctl, clock, dice


def dogs_reroll_window(state: GameState | None = None, dice: Dice | None = None
                       ) -> tuple[TableController, FakeClock, Dice]:
    """Peter (seat 0) moved: nobody took dice away, his 3 dogs are shown and the reroll
    window (X1) runs."""
    if state is None or dice is None:
        state, dice = turn_of_seat_0()
    ctl, clock = controller(state, dice, config=CONFIG)
    dice.push(*GREEN_DOGS)
    choose(ctl, 0, c.Move(0))
    ctl.tick(clock.advance(5))
    clock.advance(1.3)  # the dog dice have landed
    return ctl, clock, dice


def test_silence_lets_the_reduce_and_reroll_windows_pass_by_themselves() -> None:
    # X2, X1: nobody presses anything; each window closes on its own countdown
    ctl, clock, dice = reduce_window()
    frame = check_frame(ctl)
    assert frame.screen == "reduce"
    # the take-dice offer was on the others' menus while Peter decided (the 0.3 s his
    # press took): its quiet time counts from then
    assert frame.countdown == Countdown("reduce", 3, 2.7)
    assert [m.seat for m in frame.menus] == [1, 2, 3]  # every seat that can pay
    assert ctl.tick(clock.advance(2.6)).events == ()
    dice.push(*GREEN_DOGS)
    out = ctl.tick(clock.advance(0.2))
    assert isinstance(out.events[0], ev.WindowClosed)
    rolled = next(e for e in out.events if isinstance(e, ev.DogDiceRolled))
    assert len(rolled.faces) == 8 and rolled.dogs == 3  # D1-D3
    assert phase(ctl) is Phase.REROLL
    # X1: the reroll countdown starts only once the dice have landed on screen
    landing = ctl.config.animation_length("dice")
    assert ctl.frame().countdown == Countdown("reroll", 2.5, 2.5)
    clock.advance(landing)
    assert ctl.frame().countdown == Countdown("reroll", 2.5, 2.5)
    assert ctl.tick(clock.advance(2.4)).events == ()
    out = ctl.tick(clock.advance(0.1))
    assert any(isinstance(e, ev.MovementStarted) for e in out.events)
    assert phase(ctl) is Phase.MOVING and ctl.frame().countdown is None


def test_a_window_closes_at_once_when_every_seat_it_waits_for_has_said_no() -> None:
    ctl, _clock, dice = reduce_window()
    choose(ctl, 1, c.Pass(1))
    choose(ctl, 3, c.Pass(3))
    assert phase(ctl) is Phase.REDUCE
    dice.push(*GREEN_DOGS)
    out = choose(ctl, 2, c.Pass(2))
    assert [type(e) for e in out.events[:3]] == [ev.Passed, ev.WindowClosed, ev.DogDiceRolled]


@pytest.mark.parametrize("button", [L, R, S])
def test_a_double_press_in_a_window_spends_nothing(button: object) -> None:
    # X1, X2: two presses 150 ms apart (a slip, a bounce) go one level at most
    ctl, clock, dice = reduce_window()
    dice.push(*GREEN_DOGS)
    for seat in (1, 2, 3):
        for _ in range(2):
            ctl.handle(PadEvent(seat, button, Kind.PRESS))  # type: ignore[arg-type]
            ctl.handle(PadEvent(seat, button, Kind.RELEASE))  # type: ignore[arg-type]
            clock.advance(0.15)
    assert [p.chips for p in ctl.state.players] == [20, 20, 20, 20]
    assert all(ctl.promised(seat) == 0 for seat in range(4))
    assert not any(m.confirm for m in ctl.frame().menus)
    # the same in the reroll window that follows (● said no: it may be open already)
    for _ in range(100):
        if phase(ctl) is Phase.REROLL:
            break
        ctl.tick(clock.advance(0.1))  # the claims lapse; the window closes
    assert phase(ctl) is Phase.REROLL
    clock.advance(1.3)
    chips = [p.chips for p in ctl.state.players]
    for seat in range(4):
        for _ in range(2):
            ctl.handle(PadEvent(seat, button, Kind.PRESS))  # type: ignore[arg-type]
            ctl.handle(PadEvent(seat, button, Kind.RELEASE))  # type: ignore[arg-type]
            clock.advance(0.15)
    assert [p.chips for p in ctl.state.players] == chips
    assert not any(isinstance(e, ev.RerollForced) for e in ctl.history)


def test_a_claim_holds_the_countdown_and_others_may_still_join() -> None:
    ctl, clock, _dice = reduce_window()
    clock.advance(1.0)
    press(ctl, 2, L)  # take dice: opening a payment claims the window, the bar stops
    frame = ctl.frame()
    assert frame.countdown is not None and frame.countdown.held
    assert frame.countdown.holders == (2,)
    assert frame.countdown.hold_left == 3.0  # the seconds the claim has left are shown
    held = frame.countdown.remaining
    clock.advance(2)
    assert ctl.tick().events == () and ctl.frame().countdown.remaining == held  # type: ignore[union-attr]
    press(ctl, 3, L)  # another seat joins
    assert ctl.frame().countdown.holders == (2, 3)  # type: ignore[union-attr]
    choose(ctl, 2, c.Reduce(2, 2))
    choose(ctl, 3, c.Reduce(3, 2))
    # both are done: the countdown runs again, with at least `resume_seconds` left
    countdown = ctl.frame().countdown
    assert countdown is not None and not countdown.held
    assert countdown.remaining == pytest.approx(CONFIG.resume_seconds)  # it had 1.4 s


def test_a_lone_press_claim_lapses_within_3_s_and_one_in_use_within_8_s() -> None:
    ctl, clock, dice = reduce_window()
    press(ctl, 1, L)  # opens "take dice": a claim, then nothing
    assert ctl.tick(clock.advance(2.9)).events == ()
    assert ctl.frame().countdown.held  # type: ignore[union-attr]
    ctl.tick(clock.advance(0.1))  # 3 s without a press: the claim lapses
    frame = ctl.frame()
    assert frame.countdown is not None and not frame.countdown.held
    assert any(n.seat == 1 and "Nothing chosen" in n.text for n in frame.notices)
    assert menu_of(ctl, 1).depth == 0  # back at its top menu: no payment left open
    # a claim in use: presses keep it alive, but never past 8 s
    press(ctl, 2, L)
    start = clock.now
    while clock.now - start < 8:
        assert 2 in ctl.frame().countdown.holders  # type: ignore[union-attr]
        press(ctl, 2, S)  # 1 die: the confirmation
        long_press(ctl, 2, S)  # back out, and so on
        ctl.tick()
    ctl.tick(clock.advance(0.3))
    assert 2 not in ctl.frame().countdown.holders  # type: ignore[union-attr]
    assert ctl.state.players[2].chips == 20 and ctl.promised(2) == 0
    dice.push(*GREEN_DOGS)
    assert ctl.tick(clock.advance(3)).events  # the window closes as nobody else chose


def test_taking_dice_away_is_a_promise_paid_when_the_window_closes() -> None:
    # X2: 2 chips a die; chips from several players count together; an odd chip goes back
    # to the last payer (ruling); a promise can be cancelled until the dice are rolled
    ctl, _clock, dice = reduce_window()
    choose(ctl, 1, c.Reduce(1, 2))
    assert ctl.state.players[1].chips == 20  # promised, not paid
    promised = ctl.frame().payments
    assert [(p.seat, p.chips, p.what) for p in promised] == [(1, 2, "reduce")]
    assert "when the countdown ends" in promised[0].text
    choose(ctl, 2, c.Reduce(2, 3))
    menu = menu_of(ctl, 2)
    assert menu.items[0].label == "Cancel my payment"
    press(ctl, 2, S)  # cancel: seat 2 keeps its chips and may choose again
    assert ctl.promised(2) == 0
    choose(ctl, 2, c.Reduce(2, 3))
    dice.push(1, 1, 1, 1, 5, 6)  # 8 dogs less 2 dice = 6 dice
    out = choose(ctl, 3, c.Pass(3))  # the last seat it waited for: it closes now
    assert ev.ChipsPaid(1, 2, "reduce") in out.events
    assert ev.ChipsPaid(2, 3, "reduce") in out.events
    assert ev.ChipsDrawn(2, 1, "reduce refund") in out.events  # the odd chip, to seat 2
    assert ev.DiceReduced(0, 2) in out.events
    assert [p.chips for p in ctl.state.players] == [20, 18, 18, 20]
    rolled = next(e for e in out.events if isinstance(e, ev.DogDiceRolled))
    assert len(rolled.faces) == 6 and rolled.dogs == 4
    whats = [(p.seat, p.what) for p in ctl.frame().payments]
    assert whats == [(1, "reduce"), (2, "reduce")]


def test_a_reroll_takes_a_choice_and_a_confirmation_whose_select_says_no() -> None:
    # X1: seat 3 pays 3 to make seat 0 roll again, the same number of dice
    ctl, _clock, dice = dogs_reroll_window()
    assert phase(ctl) is Phase.REROLL
    menu = menu_of(ctl, 3)
    assert menu.title == "Reroll Peter's dog dice?"
    assert {(i.label, i.detail): i.button for i in menu.items} == {
        ("No", ""): "select", ("Not till my turn", ""): "left",
        ("Reroll", "3 chips"): "right"}
    press(ctl, 3, R)  # 1: "Reroll" -> the confirmation (claims)
    menu = menu_of(ctl, 3)
    assert menu.confirm and menu.title.startswith("Pay 3 chips")
    assert {i.label: i.button for i in menu.items} == {"Pay 3 chips": "left", "No": "select"}
    assert ctl.state.players[3].chips == 20
    dice.push(6, 6, 6, 6, 6, 6, 6, 1)
    _clock.advance(ctl.config.pay_guard_seconds)  # the Pay line seen a moment
    out = press(ctl, 3, L)  # 2: pays
    assert ev.RerollForced(3, 0, RollKind.DOGS) in out.events
    again = next(e for e in out.events if isinstance(e, ev.DogDiceRolled))
    assert again.reroll and len(again.faces) == 8 and again.dogs == 1
    assert ctl.state.players[3].chips == 17
    trace = ctl.frame().payments
    assert [(p.seat, p.chips, p.what, p.roller, p.roll) for p in trace] == [
        (3, 3, "reroll", 0, "dogs")]
    assert trace[0].text == "Manfred paid 3 chips to reroll Peter's dog dice"


@pytest.mark.parametrize("button", [S, R])
def test_no_in_a_confirmation_spends_nothing(button: object) -> None:
    # ● (or the button that opened it, pressed again) says no, back to the top menu
    ctl, _clock, _dice = dogs_reroll_window()
    press(ctl, 1, R)
    assert menu_of(ctl, 1).confirm
    press(ctl, 1, button)  # type: ignore[arg-type]
    assert not menu_of(ctl, 1).confirm and menu_of(ctl, 1).depth == 0
    assert ctl.state.players[1].chips == 20


def test_select_says_no_in_a_window_at_once() -> None:
    # ● is the plain choice: "No"; the window closes as soon as nobody is left to ask
    ctl, _clock, dice = reduce_window()
    press(ctl, 1, S)
    press(ctl, 2, S)
    dice.push(*GREEN_DOGS)
    out = press(ctl, 3, S)
    assert any(isinstance(e, ev.DogDiceRolled) for e in out.events)
    assert [p.chips for p in ctl.state.players] == [20, 20, 20, 20]


def test_a_press_within_the_guard_after_a_change_is_dropped_and_blinks() -> None:
    # the double press on "+0" that once rolled, then paid 3 to reroll its own success
    state, dice = moving_seat_0()
    ctl, clock = controller(state, dice, config=CONFIG)
    press(ctl, 0, R)
    press(ctl, 0, L)  # "Rough terrain roll": +0 on ●
    dice.push(6)
    out = press(ctl, 0, S)
    assert any(isinstance(e, ev.TerrainRolled) for e in out.events)
    assert phase(ctl) is Phase.REROLL
    before = ctl.state
    assert menu_of(ctl, 0).waiting  # the die tumbles: the menu is drawn as waiting
    clock.advance(0.1)  # the second press of a double press, 100 ms later
    ctl.handle(PadEvent(0, S, Kind.PRESS))
    ctl.handle(PadEvent(0, S, Kind.RELEASE))
    assert ctl.state is before
    assert ctl.lights()[0].request > 0  # the pad blinks
    assert menu_of(ctl, 0).note == "Wait…"  # and its menu says so
    assert not any(isinstance(e, ev.RerollForced) for e in ctl.history)


def test_a_press_down_as_a_window_runs_out_acts_on_the_window_it_was_aimed_at() -> None:
    # a click acts on its way up: a button that went down while the window stood keeps
    # the window until it comes up, and acts there (here: Manfred's reroll question)
    state, dice = moving_seat_0()
    ctl, clock = controller(state, dice, config=CONFIG)
    dice.push(6)
    choose(ctl, 0, c.RollTerrain(0, 0))
    clock.advance(5)  # the die has landed, the quiet time is over...
    ctl.handle(PadEvent(3, R, Kind.PRESS))  # ... as Manfred's ▶ goes down
    ctl.tick()
    assert phase(ctl) is Phase.REROLL  # the window waits for the button
    clock.advance(0.08)
    ctl.handle(PadEvent(3, R, Kind.RELEASE))
    assert menu_of(ctl, 3).confirm  # "Pay 3 chips to reroll Peter's roll?": he chooses
    assert ctl.state.players[3].chips == 20


def test_a_late_press_after_a_window_closed_does_nothing() -> None:
    # the ◀ that once moved the roller's focus onto "Avalanche stick": it went down just
    # after the window closed, aimed at the window's menu
    state, dice = moving_seat_0()
    ctl, clock = controller(state, dice, config=CONFIG)
    dice.push(6)
    choose(ctl, 0, c.RollTerrain(0, 0))
    ctl.tick(clock.advance(5))  # the window closes
    assert phase(ctl) is Phase.MOVING
    clock.advance(0.1)
    ctl.handle(PadEvent(0, L, Kind.PRESS))
    ctl.handle(PadEvent(0, L, Kind.RELEASE))
    menu = menu_of(ctl, 0)
    assert menu.depth == 0 and menu.title == "Peter: move up to 3"  # ◀ opened nothing


@pytest.mark.parametrize("target", [c.PayPassing(0), c.MoveStick(0, StickAction.PLACE)])
def test_every_payment_apart_from_the_plain_flow_needs_a_confirmation(
        target: c.Command) -> None:
    # X4, X5: a stick and passing opponents: the last press is on a confirmation
    state, dice = moving_seat_0()
    ctl, clock = controller(state, dice, config=CONFIG)
    dice.push(5)
    confirmations = 0
    for _ in range(12):
        step = ctl.next_press(0, target)
        assert step is not None
        if ctl.pays_on(0, step[0]):
            clock.advance(ctl.config.pay_guard_seconds)  # the Pay line seen a moment
        confirming = menu_of(ctl, 0).confirm
        out = long_press(ctl, 0, step[0]) if step[1] else press(ctl, 0, step[0])
        if out.applied:
            break
        confirmations += menu_of(ctl, 0).confirm
        assert ctl.state.players[0].chips == 20  # nothing paid before the confirmation
    assert out.applied and confirming and confirmations == 1
    assert ctl.state.players[0].chips == 20 - target.cost


def test_not_until_my_turn_silences_a_seat_until_its_turn() -> None:
    ctl, clock, dice = reduce_window()
    press(ctl, 2, R)  # one chip to share, or no until my turn
    menu = menu_of(ctl, 2)
    assert {i.label: i.button for i in menu.items} == {
        "No, and not until my turn": "select", "1 chip to share": "left"}
    press(ctl, 2, S)
    assert ctl.state.window is not None and 2 in ctl.state.window.passed
    choose(ctl, 1, c.Pass(1))
    dice.push(*GREEN_DOGS)
    out = choose(ctl, 3, c.Pass(3))
    assert any(isinstance(e, ev.DogDiceRolled) for e in out.events)
    # the reroll window no longer waits for seat 2: the others say no, it closes at once
    clock.advance(2.3)
    assert all(m.seat != 2 for m in ctl.frame().menus)
    choose(ctl, 0, c.EndMove(0))  # the roller chooses its next step: that is its "no"
    choose(ctl, 1, c.Pass(1))
    out = choose(ctl, 3, c.Pass(3))
    assert any(isinstance(e, ev.MovementStarted) for e in out.events)
    assert any(isinstance(e, ev.MovementEnded) for e in out.events)


def test_dice_are_taken_ahead_while_the_roller_decides() -> None:
    # X2 asked with the move: while Peter decides, the take-dice offer is already on the
    # others' menus, under the same question the window asks; a promise made then is
    # paid if he moves, and his dice roll at once once the offer has stood its time
    state, dice = turn_of_seat_0()
    ctl, clock = controller(state, dice, config=CONFIG)
    menu = menu_of(ctl, 2)
    assert menu.title == "Take dice from Peter?" and menu.hint == (
        "paid only if Peter moves · silence: no")
    assert check_frame(ctl).countdown is None  # Peter's decision has no countdown
    choose(ctl, 2, c.Reduce(2, 2))
    assert ctl.promised(2) == 2 and ctl.state.players[2].chips == 20
    clock.advance(3)  # Peter takes his time: the offer has stood long enough
    dice.push(*GREEN_DOGS[:7])
    out = choose(ctl, 0, c.Move(0))
    assert ev.DiceReduced(0, 1) in out.events
    assert any(isinstance(e, ev.DogDiceRolled) for e in out.events)
    assert ctl.state.players[2].chips == 18


def test_a_seat_inside_the_take_dice_menu_keeps_the_window_when_the_roller_moves() -> None:
    # X2: Regina was choosing how many dice to take as Peter moved: her menu stays where
    # it was (the same offer), and the window waits for her choice
    state, dice = turn_of_seat_0()
    ctl, clock = controller(state, dice, config=CONFIG)
    press(ctl, 2, L)  # "Take dice ›": the choices of how many
    clock.advance(5)
    choose(ctl, 0, c.Move(0))
    assert phase(ctl) is Phase.REDUCE
    assert menu_of(ctl, 2).depth == 1  # still where she stood
    countdown = ctl.frame().countdown
    assert countdown is not None and countdown.held and countdown.holders == (2,)
    dice.push(*GREEN_DOGS[:7])
    choose(ctl, 2, c.Reduce(2, 2))
    out = ctl.tick(clock.advance(CONFIG.resume_seconds))  # the others still had a moment
    assert ev.DiceReduced(0, 1) in out.events


def test_a_promise_made_ahead_is_not_paid_when_the_roller_rests() -> None:
    # X2 is "before an opponent's dog-dice roll": a roller who rests rolls none
    state, dice = turn_of_seat_0()
    ctl, _clock = controller(state.with_player(0, covered=4), dice, config=CONFIG)
    choose(ctl, 2, c.Reduce(2, 2))
    assert ctl.promised(2) == 2
    rest = next(cmd for cmd in legal_commands(ctl.state, 0) if isinstance(cmd, c.Rest))
    choose(ctl, 0, rest)
    assert ctl.promised(2) == 0 and ctl.state.players[2].chips == 20
    assert any("nothing paid" in n.text for n in ctl.frame().notices)


def test_after_a_slow_decision_the_dice_roll_at_once_unless_someone_presses() -> None:
    # X2: the offer stood while Peter decided; when he moves the dice roll at once, but a
    # button down as he moves (pressed while the offer stood) is waited for
    state, dice = turn_of_seat_0()
    ctl, clock = controller(state, dice, config=CONFIG)
    clock.advance(10)
    dice.push(*GREEN_DOGS)
    out = choose(ctl, 0, c.Move(0))
    assert any(isinstance(e, ev.DogDiceRolled) for e in out.events)
    ctl2, clock2 = controller(state, Dice(), config=CONFIG)
    clock2.advance(10)
    ctl2.handle(PadEvent(1, L, Kind.PRESS))  # Karsten's ◀ goes down...
    out = choose(ctl2, 0, c.Move(0))  # ... as Peter moves
    assert phase(ctl2) is Phase.REDUCE and not ctl2.tick(clock2.advance(0.05)).events
    ctl2.handle(PadEvent(1, L, Kind.RELEASE))  # "Take dice ›": his choice holds it
    countdown = ctl2.frame().countdown
    assert countdown is not None and countdown.held and countdown.holders == (1,)


def test_window_presses_that_cannot_act_are_refused_with_a_notice() -> None:
    ctl, _clock, _dice = reduce_window()
    before = ctl.state
    press(ctl, 0, S)  # the roller cannot pay to reduce its own dice
    assert ctl.state is before
    assert ctl.frame().notices[-1].seat == 0
    choose(ctl, 1, c.Pass(1))
    press(ctl, 1, S)  # passed already
    assert ctl.frame().notices[-1].seat == 1
    assert ctl.frame().notices[-1].text == "You have passed"


def test_the_pressing_reroll_window_is_the_rollers_alone() -> None:
    # P1: opponents may not pay to reroll the pressing roll; the player may
    state, dice = moving_seat_0()
    ctl, _clock = controller(state, dice, config=CONFIG)
    choose(ctl, 0, c.EndMove(0))
    assert phase(ctl) is Phase.PRESSING  # Warm training in Warm weather
    assert ctl.frame().screen == "pressing"
    dice.push(2)
    choose(ctl, 0, c.Press(0))
    assert ctl.state.window is not None and ctl.state.window.kind is WindowKind.REROLL
    frame = check_frame(ctl)
    assert frame.screen == "pressing"
    # the next player already sees its turn (it acts when the window closes), with no reroll
    assert [m.seat for m in frame.menus] == [0, 1]
    assert not any("Reroll" in i.label for m in frame.menus if m.seat != 0 for i in m.items)
    assert any("Reroll" in i.label for i in frame.menus[0].items)


def test_the_next_step_may_be_chosen_while_the_reroll_window_runs() -> None:
    # X1: nobody has to wait for the countdown to choose; the choice acts when it ends
    ctl, clock, _dice = dogs_reroll_window()
    assert phase(ctl) is Phase.REROLL
    menu = menu_of(ctl, 0)
    assert menu.title == "Peter: move up to 3" and menu.note == "acts when the countdown ends"
    assert not menu.waiting
    # the roller's own reroll is ▶ ▶, where the stick is once the window has closed
    assert {i.label: i.button for i in menu.items} == {
        "Done moving": "select", "Avalanche roll · Passing": "left",
        "Terrain · Crossing · Reroll": "right"}
    assert ctl.presses_to(0, c.Reroll(0)) == 3  # ▶ ▶, then the confirmation
    press(ctl, 0, R)
    assert [i.label for i in menu_of(ctl, 0).items][-1] == "Reroll your dog dice"
    clock.advance(0.3)
    long_press(ctl, 0, S)
    out = choose(ctl, 0, c.EndMove(0))
    assert out.events == () and ctl.intent(0) == c.EndMove(0)
    assert menu_of(ctl, 0).note.startswith("Chosen: finished moving")
    out = ctl.tick(clock.advance(3.6))  # the others stayed silent: the window closes...
    assert any(isinstance(e, ev.MovementEnded) for e in out.events)  # ... and it acts
    assert phase(ctl) is not Phase.MOVING


def test_a_choice_made_ahead_is_dropped_when_the_roll_changes() -> None:
    ctl, clock, dice = dogs_reroll_window()
    choose(ctl, 0, c.EndMove(0))
    dice.push(1, 1, 1, 1, 1, 1, 1, 1)
    choose(ctl, 2, c.Reroll(2))  # Regina pays: Peter rolls again (8 dogs now)
    assert ctl.intent(0) == c.EndMove(0)
    out = ctl.tick(clock.advance(10))
    assert any(isinstance(e, ev.MovementStarted) for e in out.events)
    assert phase(ctl) is Phase.MOVING  # the old choice did not act on the new roll
    assert ctl.intent(0) is None
    assert any(n.seat == 0 and "choose again" in n.text for n in ctl.frame().notices)


def test_a_press_right_after_the_stick_question_opens_pays_nothing() -> None:
    # X4: ● says no in the stick's question; a bounce on the ▶ that opened it is dropped;
    # a deliberate press after the guard pays
    state, dice = moving_seat_0()
    ctl, clock = controller(state, dice, config=CONFIG)
    press(ctl, 0, R)  # terrain, crossing, stick
    press(ctl, 0, R)  # the stick: "Pay 5 chips for an avalanche stick?"
    assert menu_of(ctl, 0).confirm
    clock.advance(0.1)
    ctl.handle(PadEvent(0, L, Kind.PRESS))
    ctl.handle(PadEvent(0, L, Kind.RELEASE))
    assert ctl.state is state and ctl.lights()[0].request > 0  # dropped, the pad blinks
    assert menu_of(ctl, 0).note == "Too soon: press again"  # and its menu says so
    press(ctl, 0, S)  # ● says no
    assert ctl.state is state and menu_of(ctl, 0).depth == 0
    press(ctl, 0, R)
    press(ctl, 0, R)
    clock.advance(ctl.config.pay_guard_seconds)
    out = press(ctl, 0, L)  # meant: place one, looking at it
    assert out.applied and ctl.state.sticks == state.sticks + 1
    assert ctl.state.players[0].chips == state.players[0].chips - 5


def test_holding_right_in_the_stick_question_moves_a_stick() -> None:
    state, dice = moving_seat_0()
    state = replace(state, sticks=1)
    ctl, _clock = controller(state, dice, config=CONFIG)
    out = choose(ctl, 0, c.MoveStick(0, StickAction.MOVE))
    assert any(isinstance(e, ev.StickMoved) for e in out.events)
    assert ctl.state.sticks == 1 and ctl.state.players[0].chips == 15
    assert ctl.presses_to(0, c.MoveStick(0, StickAction.MOVE)) == 3  # ▶ ▶, hold ▶


def test_a_seat_inside_its_next_menu_keeps_the_window_open_without_holding_it() -> None:
    # X1: the roller chooses ahead; the window does not close under its presses, and the
    # countdown runs on for the others
    ctl, clock, dice = dogs_reroll_window()
    assert phase(ctl) is Phase.REROLL
    press(ctl, 0, R)  # terrain, crossing, reroll: inside its next menu
    countdown = ctl.frame().countdown
    assert countdown is not None and not countdown.held
    ctl.tick(clock.advance(4))  # the countdown has run out...
    assert phase(ctl) is Phase.REROLL  # ... but the window waits for the step in progress
    dice.push(4)
    press(ctl, 0, L)  # the rough-terrain roll
    out = press(ctl, 0, S)  # +0, chosen ahead: the window's time is up, so it acts now
    assert [type(e) for e in out.events[:3]] == [ev.WindowClosed, ev.MovementStarted,
                                                 ev.TerrainRolled]
    assert ctl.state.window is not None and ctl.state.window.roll is RollKind.TERRAIN


def test_a_choice_made_ahead_is_dropped_when_a_last_reroll_opens_no_window() -> None:
    # X1: the reroll that ends the window (the roller cannot pay for another) leaves no
    # window to close: the choice made against the old roll is dropped, and said so
    state, dice = turn_of_seat_0()
    poor = state.with_player(0, chips=2).with_player(1, chips=0).with_player(2, chips=3)
    poor = poor.with_player(3, chips=0)
    ctl, _clock, dice = dogs_reroll_window(replace(poor, bank=poor.bank + 75), dice)
    choose(ctl, 0, c.EndMove(0))
    assert ctl.intent(0) == c.EndMove(0)
    dice.push(1, 1, 1, 1, 1, 1, 1, 1)
    choose(ctl, 2, c.Reroll(2))
    assert ctl.intent(0) is None
    assert any(n.seat == 0 and "choose again" in n.text for n in ctl.frame().notices)
