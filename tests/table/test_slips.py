"""Slips of the finger, through the real controller on a fake clock: each spends nothing,
leaves no paying path open, and holds the table for seconds, never more than 5.

A double press in each kind of window, a late ◀ after a window closed, a stray ● while
another seat chooses, a press dropped in the middle of a path at the end of the reveal, the
habitual ● after a failed crossing roll; then ● ● ● from every state of whole games, and
random presses at random times through whole games, where every payment must follow its
seat seeing the paying item for at least the guard time.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import Phase as Phase_
from hypothesis import strategies as st

from companion.config.table import TableConfig
from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.bots import sensible_policy
from companion.games.mush.dice import SeededDice
from companion.games.mush.model import Phase, StickAction
from companion.games.mush.state import GameState
from companion.games.mush.table.bots import BotDriver
from companion.games.mush.table.controller import TableController
from companion.pads.events import Button, Kind, PadEvent
from table.helpers import (
    Dice,
    FakeClock,
    L,
    R,
    S,
    bidding,
    bot_steps,
    choose,
    controller,
    do,
    phase,
)
from table.scenes import moving_seat_0, turn_of_seat_0

GREEN_DOGS = [1, 1, 1, 5, 5, 6, 6, 6]
MOST_HOLD = 5.0
CONFIG = TableConfig()


def tap(ctl: TableController, clock: FakeClock, seat: int, button: Button,
        after: float) -> None:
    """A short press, `after` seconds from now (down, then up 50 ms later)."""
    clock.advance(after)
    ctl.handle(PadEvent(seat, button, Kind.PRESS))
    clock.advance(0.05)
    ctl.handle(PadEvent(seat, button, Kind.RELEASE))


def until_closed(ctl: TableController, clock: FakeClock, limit: float = 30.0) -> float:
    """Let time pass with nobody pressing until the open window closes; the seconds."""
    start = clock.now
    known = len(ctl.history)
    while clock.now - start < limit:
        if closed(ctl, known):
            return clock.now - start
        ctl.tick(clock.advance(0.05))
    raise AssertionError("the window never closed")


def closed(ctl: TableController, known: int) -> bool:
    """Whether a window closed since the history held `known` events."""
    return any(isinstance(e, ev.WindowClosed) for e in ctl.history[known:])


def landed(ctl: TableController, clock: FakeClock) -> None:
    """Let the roll just made land on screen (the window's quiet time starts then)."""
    animation = ctl.frame().animation
    if animation is not None:
        clock.advance(ctl.config.animation_length(animation))


def no_paying_path(ctl: TableController) -> bool:
    """No seat stands in a confirmation, nor deeper than its top menu, nor holds a claim."""
    frame = ctl.frame()
    held = frame.countdown is not None and frame.countdown.held
    return not held and all(not m.confirm and m.depth == 0 for m in frame.menus)


def chips(ctl: TableController) -> list[int]:
    return [p.chips + ctl.promised(s) for s, p in enumerate(ctl.state.players)]


# --- the windows ------------------------------------------------------------------------


def reduce_scene() -> tuple[TableController, FakeClock, Dice]:
    state, dice = turn_of_seat_0()
    ctl, clock = controller(state, dice, config=CONFIG)
    choose(ctl, 0, c.Move(0))
    assert phase(ctl) is Phase.REDUCE
    dice.push(*GREEN_DOGS, *GREEN_DOGS)
    return ctl, clock, dice


def dogs_scene() -> tuple[TableController, FakeClock, Dice]:
    ctl, clock, dice = reduce_scene()
    until_closed(ctl, clock)
    assert phase(ctl) is Phase.REROLL
    landed(ctl, clock)
    return ctl, clock, dice


def terrain_scene() -> tuple[TableController, FakeClock, Dice]:
    state, dice = moving_seat_0()
    ctl, clock = controller(state, dice, config=CONFIG)
    dice.push(5, 5)
    choose(ctl, 0, c.RollTerrain(0, 0))
    assert phase(ctl) is Phase.REROLL
    landed(ctl, clock)
    return ctl, clock, dice


def weather_scene() -> tuple[TableController, FakeClock, Dice]:
    state, dice = bidding()
    state = do(state, dice, *(c.LockBid(s, 0) for s in range(4)))
    ctl, clock = controller(state, dice, config=CONFIG)
    dice.push(1, 1)
    choose(ctl, 0, c.RollWeather(0))
    assert phase(ctl) is Phase.REROLL
    landed(ctl, clock)
    return ctl, clock, dice


SCENES: dict[str, Callable[[], tuple[TableController, FakeClock, Dice]]] = {
    "reduce": reduce_scene, "dogs": dogs_scene, "terrain": terrain_scene,
    "weather": weather_scene,
}
"""Each scene ends as a window's quiet time starts (the roll, if any, has landed)."""


def window_length(scene: str, presses: list[tuple[Button, float]], seat: int) -> float:
    """Seconds the scene's window stood from when its quiet time began, with `seat`
    making `presses` (button, seconds after the one before) and nobody else pressing;
    they spend (and promise) nothing."""
    ctl, clock, _dice = SCENES[scene]()
    before = chips(ctl)
    start, known, took = clock.now, len(ctl.history), None
    for button, after in presses:
        tap(ctl, clock, seat, button, after)
        if took is None and closed(ctl, known):
            took = clock.now - start
    if took is None:
        took = clock.now - start + until_closed(ctl, clock)
    assert chips(ctl) == before  # spends (and promises) nothing
    assert not any(isinstance(e, ev.RerollForced) for e in ctl.history)
    return took


@pytest.mark.parametrize("scene", list(SCENES))
@pytest.mark.parametrize("button", [L, S, R])
@pytest.mark.parametrize("gap", [0.12, 0.35, 0.6])
def test_a_double_press_in_any_window_spends_nothing_and_holds_seconds(
        scene: str, button: Button, gap: float) -> None:
    seat = 2
    base = window_length(scene, [], seat)
    slipped = window_length(scene, [(button, 0.3), (button, gap)], seat)
    assert slipped - base <= MOST_HOLD
    if button is not S:  # a claim by a double press lapses with no press after it
        assert slipped - base <= CONFIG.claim_idle_seconds + CONFIG.resume_seconds + gap


@pytest.mark.parametrize("late", [0.3, 0.6, 1.0, 1.2])
def test_a_late_left_after_the_take_dice_window_claims_nothing_while_the_dice_tumble(
        late: float) -> None:
    ctl, clock, _dice = reduce_scene()
    until_closed(ctl, clock)  # the take-dice window closes; the dog dice tumble
    tap(ctl, clock, 3, L, late - 0.05)
    frame = ctl.frame()
    assert frame.countdown is not None and not frame.countdown.held  # no claim
    assert no_paying_path(ctl)
    assert ctl.lights()[3].request > 0  # dropped, and the pad says so
    took = until_closed(ctl, clock)
    assert took <= ctl.config.reroll_seconds + 1.0  # the window closed on time


def test_a_late_left_just_after_the_landing_holds_at_most_a_few_seconds() -> None:
    ctl, clock, _dice = reduce_scene()
    until_closed(ctl, clock)
    tap(ctl, clock, 3, L, 1.3)  # the dice have just landed: a lone press, then nothing
    took = until_closed(ctl, clock)
    assert took <= 3.0 + 1.5
    assert no_paying_path(ctl)


def test_a_stray_select_while_another_seat_decides_holds_the_window_seconds() -> None:
    # a seat not playing presses ● while Peter decides: the take-dice offer is on its
    # menu then, and ● says no to it; the window never waits for it
    state, dice = turn_of_seat_0()
    ctl, clock = controller(state, dice, config=CONFIG)
    tap(ctl, clock, 3, S, 0.5)
    assert ctl.promised(3) == 0
    clock.advance(1.0)  # Peter takes his time
    dice.push(*GREEN_DOGS)
    out = choose(ctl, 0, c.Move(0))
    # the offer had stood its quiet time while Peter decided: the dice roll at once
    assert any(isinstance(e, ev.DogDiceRolled) for e in out.events)
    assert chips(ctl) == [20, 20, 20, 20]
    # the same ● in the window itself says no
    ctl2, clock2, _ = reduce_scene()
    tap(ctl2, clock2, 3, S, 0.5)
    assert until_closed(ctl2, clock2) <= ctl2.config.reduce_seconds
    assert chips(ctl2) == [20, 20, 20, 20]


# --- the reveal and the failed roll -------------------------------------------------------


def early_riser() -> tuple[TableController, FakeClock, Dice]:
    """Seat 1 bid 1 and rides early (R3) on the reveal."""
    state, dice = bidding()
    ctl, clock = controller(state, dice, config=CONFIG)
    for seat, bid in ((0, 0), (1, 1), (2, 0), (3, 0)):
        choose(ctl, seat, c.LockBid(seat, bid))
    assert phase(ctl) is Phase.EARLY_RISER and ctl.frame().screen == "reveal"
    return ctl, clock, dice


def test_the_early_risers_menu_takes_presses_during_the_reveal() -> None:
    # R3: the Early Riser's menu is there with the bids, inviting, and its first press
    # after the plain guard acts: no "too soon", nothing to press again
    ctl, clock, _dice = early_riser()
    menu = next(m for m in ctl.frame().menus if m.seat == 1)
    assert not menu.waiting and menu.note == ""
    tap(ctl, clock, 1, R, ctl.config.guard_seconds + 0.05)
    assert ctl.lights()[1].request == 0  # nothing dropped
    menu = next(m for m in ctl.frame().menus if m.seat == 1)
    assert menu.depth == 1 and ctl.frame().screen == "reveal"


def test_a_path_walked_during_the_reveal_acts_as_seen_when_the_reveal_gives_way() -> None:
    # ▶ ◀ ● "terrain +0": the ● lands as the reveal gives way, on the menu it was aimed at
    ctl, clock, dice = early_riser()
    before = chips(ctl)
    tap(ctl, clock, 1, R, 2.1)
    tap(ctl, clock, 1, L, 0.6)
    assert next(m for m in ctl.frame().menus if m.seat == 1).title.startswith("Rough")
    dice.push(5)
    clock.now += ctl.config.reveal_seconds - 2.8 - 0.05  # the reveal gives way now
    ctl.tick()
    tap(ctl, clock, 1, S, 0.05)
    rolled = [e for e in ctl.history if isinstance(e, ev.TerrainRolled)]
    assert rolled and rolled[0].modifier == 0 and chips(ctl) == before


def test_a_press_racing_the_reveal_is_dropped_and_opens_nothing_that_pays() -> None:
    # the Early Riser's ▶ went down while it was still bidding, as the last bid locked in:
    # dropped (it was aimed at the bids); its next ◀ opens the avalanche rolls, not the
    # terrain roll, and ● there pays nothing
    state, dice = bidding()
    ctl, clock = controller(state, dice, config=CONFIG)
    for seat, bid in ((0, 0), (1, 1), (2, 0)):
        choose(ctl, seat, c.LockBid(seat, bid))
    clock.advance(0.5)
    ctl.handle(PadEvent(1, R, Kind.PRESS))
    clock.advance(0.05)
    choose(ctl, 3, c.LockBid(3, 0))  # the reveal
    assert phase(ctl) is Phase.EARLY_RISER
    ctl.handle(PadEvent(1, R, Kind.RELEASE))
    assert ctl.lights()[1].request > 0  # dropped, and the pad says so
    before = chips(ctl)
    tap(ctl, clock, 1, L, 0.3)
    tap(ctl, clock, 1, S, 0.6)  # ● there pays nothing (+0 is on ●, or nothing is)
    assert chips(ctl) == before
    for _ in range(200):
        ctl.tick(clock.advance(0.05))
    assert no_paying_path(ctl) and chips(ctl) == before  # the open level closed by itself


def test_select_after_a_failed_crossing_roll_carries_on_and_never_rerolls() -> None:
    # M4: a failed rough-terrain roll; the roller's habitual ● goes on with the game
    state, dice = moving_seat_0()
    ctl, clock = controller(state, dice, config=CONFIG)
    dice.push(1)
    choose(ctl, 0, c.RollTerrain(0, 0))
    assert phase(ctl) is Phase.REROLL
    roller = next(m for m in ctl.frame().menus if m.seat == 0)
    assert next((i.button, i.label) for i in roller.items) == ("select", "Go on")
    for _ in range(3):
        tap(ctl, clock, 0, S, 0.6)
    took = until_closed(ctl, clock) if phase(ctl) is Phase.REROLL else 0.0
    assert took <= ctl.config.reroll_seconds
    assert not any(isinstance(e, ev.RerollForced) for e in ctl.history)
    assert ctl.state.players[0].chips == state.players[0].chips


# --- whole games --------------------------------------------------------------------------


def _fresh(state: GameState, seed: int) -> tuple[TableController, FakeClock]:
    clock = FakeClock()
    return TableController(state, SeededDice(seed), clock, TableConfig(
        players=len(state.players))), clock


@pytest.mark.slow
def test_select_three_times_never_pays_from_any_state_of_whole_games() -> None:
    paid_states = 0
    for seed in (1, 2):
        clock = FakeClock()
        game = TableController(dice=SeededDice(seed), clock=clock)
        driver = BotDriver(game, dict.fromkeys(range(4), sensible_policy), random.Random(seed))
        seen: set[int] = set()
        for _ in bot_steps(game, driver, clock):
            state = game.state
            if state.phase is Phase.GAME_OVER:
                break
            if game.in_setup or state.phase is Phase.BIDDING or id(state) in seen:
                continue
            seen.add(id(state))
            for seat in state.seats:
                ctl, fake = _fresh(state, seed)
                fake.advance(2.5)  # past any landing or lock
                before = ctl.state.players[seat].chips
                for _ in range(3):
                    tap(ctl, fake, seat, S, 0.6)
                    ctl.tick()
                spent = before - ctl.state.players[seat].chips + ctl.promised(seat)
                paid = [e for e in ctl.history if isinstance(e, ev.ChipsPaid)
                        and e.seat == seat and e.reason != "bid"]
                assert spent <= 0 and not paid, (state.phase, seat, paid)
                paid_states += 1
    assert paid_states > 500


PAY_REASONS = {"reroll": c.Reroll, "terrain modifier": c.RollTerrain,
               "avalanche modifier": c.RollAvalanche, "avalanche stick": c.MoveStick,
               "passing": c.PayPassing}


@pytest.mark.slow
@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck),
          phases=(Phase_.explicit, Phase_.reuse, Phase_.generate))
@given(seed=st.integers(0, 10_000), press_seed=st.integers(0, 2**32 - 1))
def test_every_payment_follows_its_seat_seeing_the_paying_item_for_the_guard_time(
        seed: int, press_seed: int) -> None:
    # The presses come from a generator seeded by hypothesis, not drawn one by one from
    # its buffer: thousands of draws overran it, and each overrun made it try again.
    rng = random.Random(press_seed)
    clock = FakeClock()
    ctl = TableController(dice=SeededDice(seed), clock=clock)
    guard = ctl.config.guard_seconds
    driver = BotDriver(ctl, {0: sensible_policy}, random.Random(seed))
    while ctl.in_setup:  # setup by the bot; then random presses only
        for event in driver.presses():
            ctl.handle(event)
        clock.advance(0.3)
    seen: dict[tuple[int, c.Command], float] = {}

    def look() -> None:
        now = clock.now
        visible = {(m.seat, i.command) for m in ctl.frame().menus if not m.waiting
                   for i in m.items if i.enabled and i.command is not None}
        for key in list(seen):
            if key not in visible:
                del seen[key]
        for key in visible:
            seen.setdefault(key, now)

    def seen_since(seat: int, kind: type[c.Command], amount: int | None) -> float:
        times = [t for (s, command), t in seen.items() if s == seat
                 and isinstance(command, kind)
                 and (amount is None or command.cost == amount)]
        return min(times, default=float("inf"))

    payments = 0
    look()
    for _ in range(1000):
        if ctl.state.phase is Phase.GAME_OVER:
            break
        seat = rng.randrange(len(ctl.state.players))
        button = rng.choice([L, S, S, R])
        held = rng.random() < 0.08
        clock.advance(rng.choice([0.05, 0.12, 0.2, 0.3, 0.6, 1.5, 4.0]))
        ctl.tick()
        look()
        down = clock.now
        promised = ctl.promised(seat)
        outs = [ctl.handle(PadEvent(seat, button, Kind.PRESS))]
        if held:
            outs.append(ctl.handle(PadEvent(seat, button, Kind.HOLD)))
        clock.advance(0.05)
        outs.append(ctl.handle(PadEvent(seat, button, Kind.RELEASE)))
        for out in outs:
            for event in out.events:
                if isinstance(event, ev.ChipsPaid) and event.reason in PAY_REASONS \
                        and event.seat == seat:
                    amount = event.amount if "modifier" in event.reason else None
                    since = seen_since(seat, PAY_REASONS[event.reason], amount)
                    assert since <= down - guard, (event, since, down)
                    payments += 1
        if ctl.promised(seat) > promised:
            since = seen_since(seat, c.Reduce, ctl.promised(seat))
            assert since <= down - guard, ("promise", since, down)
            payments += 1
        look()
    # random presses play on (● is always the plain choice): past round 1, or to a sled
    # reported at Nome (a player's word, pressed at random here)
    assert ctl.state.round >= 2 or ctl.state.phase is Phase.GAME_OVER
    assert ctl.history


def test_the_stick_move_is_a_hold_and_a_payment_seen_first() -> None:
    state, dice = moving_seat_0()
    ctl, clock = controller(replace(state, sticks=2), dice, config=CONFIG)
    tap(ctl, clock, 0, R, 0.4)
    tap(ctl, clock, 0, R, 0.4)
    stick = next(m for m in ctl.frame().menus if m.seat == 0)
    assert stick.confirm and [i.label for i in stick.items if i.button == "select"] == ["No"]
    clock.advance(0.4)
    ctl.handle(PadEvent(0, R, Kind.PRESS))
    out = ctl.handle(PadEvent(0, R, Kind.HOLD))
    ctl.handle(PadEvent(0, R, Kind.RELEASE))
    assert any(e == ev.StickMoved(0, StickAction.MOVE, 2) for e in out.events)
    assert ctl.state.players[0].chips == state.players[0].chips - 5
