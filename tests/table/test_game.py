"""Whole games driven only by pad presses: setup to Nome, every menu legal at every frame."""

from __future__ import annotations

import os
import queue
import random
from dataclasses import replace

import pytest

from companion.config.table import TableConfig
from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.bots import Policy, random_policy, sensible_policy
from companion.games.mush.config import MushSetup
from companion.games.mush.dice import SeededDice
from companion.games.mush.engine import legal_commands
from companion.games.mush.evolve import evolve, replay
from companion.games.mush.model import Arrangement, Phase, Zone
from companion.games.mush.settings import Board, Variants
from companion.games.mush.state import EMPTY, GameState
from companion.games.mush.table.bots import BotDriver
from companion.games.mush.table.controller import Outcome, TableController
from companion.games.mush.table.menus import seat_tree
from companion.pads.events import Button, Kind, PadEvent
from companion.table.virtual import hold
from table.helpers import FakeClock, bot_steps, check_frame, let_time_pass

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def play(controller: TableController, driver: BotDriver, clock: FakeClock,
         on_outcome: list[Outcome] | None = None, max_presses: int = 20_000) -> set[str]:
    """Run bots until game over, checking every frame; returns the screens seen."""
    screens: set[str] = set()
    for _ in range(max_presses):
        frame = check_frame(controller)
        screens.add(frame.screen)
        if controller.state.phase is Phase.GAME_OVER:
            return screens
        events = driver.presses()
        if not events:  # every bot waits: let a window's countdown run out
            out = let_time_pass(controller, driver, clock)
            if on_outcome is not None:
                on_outcome.append(out)
            continue
        for event in events:
            out = controller.handle(event)
            if on_outcome is not None:
                on_outcome.append(out)
        clock.advance(0.3)  # a player's pace: slower than the guard after each step
    raise AssertionError("the game did not end")


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_four_player_game_from_setup_to_nome_through_pads(seed: int) -> None:
    # S1-S4, R1-R4, W3, T1-T3, M1-M5, P1, X1-X2, Z1: a whole game, only pad presses
    clock = FakeClock()
    controller = TableController(dice=SeededDice(seed), clock=clock)
    assert controller.in_setup and controller.frame().screen == "setup"
    driver = BotDriver(controller, dict.fromkeys(range(4), sensible_policy), random.Random(seed))
    screens = play(controller, driver, clock)
    state = controller.state
    assert len(state.players) == 4
    assert state.settings is not None and not state.settings.variants.short_north
    assert state.winner is not None
    assert isinstance(controller.history[-1], ev.GameWon)  # T3: reached Nome
    assert state.players[state.winner].board == len(state.settings.boards) - 1 or (
        state.zone_of(state.winner) is Zone.NORTHERN)
    assert {"setup", "training", "bidding", "reveal", "weather", "turn", "reduce", "dogs",
            "moving", "game_over"} <= screens
    final = controller.frame()
    assert final.screen == "game_over"
    assert final.stats is not None and final.stats.winner == state.winner
    assert sum(row.chips_spent for row in final.stats.seats) > 0


def _random_but_bid_sensibly(state: GameState, seat: int, rng: random.Random) -> c.Command | None:
    """Any legal choice; bids as the sensible bot (random bids unlock forever)."""
    if state.phase is Phase.BIDDING:
        return sensible_policy(state, seat, rng)
    return random_policy(state, seat, rng)


SETUPS = [
    (Arrangement.INTRO, Variants(avalanches_at_start=True)),
    (Arrangement.STANDARD, Variants(skip_central=True, free_training=True)),
    (Arrangement.STANDARD, Variants(short_north=True)),
    (Arrangement.CUSTOM, Variants(avalanches_at_start=True)),
]
CUSTOM = (Board("Anchorage", Zone.SOUTHERN), Board("Ophir/Anvik", Zone.CENTRAL),
          Board("Finger Lake", Zone.SOUTHERN), Board("Nome", Zone.NORTHERN))


@pytest.mark.slow
@pytest.mark.parametrize(("arrangement", "variants"), SETUPS)
@pytest.mark.parametrize("seed", [5, 6])
def test_every_choice_the_rules_allow_is_reachable_by_pads(
        arrangement: Arrangement, variants: Variants, seed: int) -> None:
    # a random bot picks any legal command; the strict driver fails if no menu leads there
    clock = FakeClock()
    config = TableConfig(players=5, game=MushSetup(
        arrangement, variants, boards=CUSTOM if arrangement is Arrangement.CUSTOM else None))
    controller = TableController(dice=SeededDice(seed), clock=clock, config=config)
    policies: dict[int, Policy] = dict.fromkeys(range(5), _random_but_bid_sensibly)
    driver = BotDriver(controller, policies, random.Random(seed))
    play(controller, driver, clock, max_presses=60_000)
    assert controller.state.settings is not None
    assert controller.state.settings.arrangement is arrangement
    assert controller.state.settings.variants == variants


@pytest.mark.slow
def test_menus_cover_every_legal_command_at_every_step() -> None:
    # the other direction: at each frame, every legal command of every seat has a route in
    # its menus (a seat that promised chips to take dice away first cancels its promise)
    clock = FakeClock()
    controller = TableController(dice=SeededDice(11), clock=clock)
    driver = BotDriver(controller, dict.fromkeys(range(4), sensible_policy), random.Random(11))
    for _ in bot_steps(controller, driver, clock, limit=3000):
        state = controller.state
        if state.phase is Phase.GAME_OVER:
            break
        if not controller.in_setup:
            for seat in state.seats:
                if controller.promised(seat):
                    continue
                ahead = controller.preview()
                for command in legal_commands(state, seat):
                    if (isinstance(command, c.Pass) and ahead is not None
                            and seat_tree(ahead, seat) is not None):
                        continue  # the seat that acts next says no by choosing its step
                    if isinstance(command, c.LockBid):
                        continue  # reached by ▶/◀ counts, checked in test_bidding
                    assert controller.next_press(seat, command) is not None, command
    assert controller.state.phase is Phase.GAME_OVER


@pytest.mark.slow
def test_keyboard_pads_play_the_same_game() -> None:
    # keyboard keys become the same PadEvents; the controller cannot tell the difference
    import pygame

    from companion.pads.config import default_keys
    from companion.pads.keyboard import KeyboardPads
    from companion.pads.keys import key_code

    clock = FakeClock()
    q: queue.Queue[PadEvent] = queue.Queue()
    keys = default_keys()
    pads = KeyboardPads(q, keys, hold_s=2.0, clock=clock)
    names = {(k.seat, Button.LEFT): k.left for k in keys}
    names |= {(k.seat, Button.RIGHT): k.right for k in keys}
    names |= {(k.seat, Button.SELECT): k.select for k in keys}
    controller = TableController(dice=SeededDice(4), clock=clock)
    driver = BotDriver(controller, dict.fromkeys(range(4), sensible_policy), random.Random(4))
    for _ in range(20_000):
        check_frame(controller)
        if controller.state.phase is Phase.GAME_OVER:
            break
        wanted = driver.presses()
        if not wanted:
            let_time_pass(controller, driver, clock)
            continue
        for event in wanted:  # type the keys a player would
            code = key_code(names[(event.seat, event.button)])
            if event.kind is Kind.PRESS:
                pads.handle_ui_event(pygame.event.Event(pygame.KEYDOWN, key=code))
            elif event.kind is Kind.HOLD:
                pads.poll(clock.advance(2.1))
            else:
                pads.handle_ui_event(pygame.event.Event(pygame.KEYUP, key=code))
        got = []
        while not q.empty():
            got.append(q.get_nowait())
        assert got == wanted
        for event in got:
            controller.handle(event)
        clock.advance(0.3)  # a player's pace: slower than the guard after each step
    state = controller.state
    assert state.phase is Phase.GAME_OVER  # from setup to Nome on typed keys alone
    assert len(state.players) == 4 and state.winner is not None
    assert isinstance(controller.history[0], ev.GameStarted)
    assert isinstance(controller.history[-1], ev.GameWon)


@pytest.mark.slow
def test_the_journal_replays_to_the_same_state_with_undo_markers() -> None:
    # I6: appending Outcome.events and honouring each undo's retract count, then replaying,
    # gives the controller's state (bids aside, which are never journalled: R1, I5)
    clock = FakeClock()
    controller = TableController(dice=SeededDice(8), clock=clock)
    driver = BotDriver(controller, dict.fromkeys(range(4), sensible_policy), random.Random(8))
    rng = random.Random(80)
    journal: list[tuple[str, object]] = []  # ("event", e) or ("undo", n): append-only
    undos = 0
    folded = EMPTY  # the journal folded so far, as a reader would keep it

    def record(out: Outcome) -> None:
        nonlocal folded
        if out.retract:
            journal.append(("undo", out.retract))
            folded = replayed()  # after an undo marker: replay from the start
        for event in out.events:
            assert not event.private
            journal.append(("event", event))
            folded = evolve(folded, event)

    def replayed() -> GameState:
        kept: list[ev.Event] = []
        for kind, value in journal:
            if kind == "undo":
                assert isinstance(value, int)
                del kept[-value:]
            else:
                assert isinstance(value, ev.Event)
                kept.append(value)
        return replay(kept)

    for _ in range(20_000):
        state = controller.state
        if state.phase is Phase.GAME_OVER:
            break
        offer = controller.frame().undo
        if offer is not None and rng.random() < 0.15:
            for _ in range(4):  # holds ● until out of any sub-menu and the undo is made
                outs = [controller.handle(e) for e in hold(offer.seat, Button.SELECT)]
                for out in outs:
                    record(out)
                if any(out.undone for out in outs):
                    undos += 1
                    break
        events = driver.presses()
        outs = [let_time_pass(controller, driver, clock)] if not events else []
        outs += [controller.handle(event) for event in events]
        for out in outs:
            record(out)
        if not controller.in_setup and any(out.applied for out in outs):
            live = controller.state
            assert folded == replace(live, bids=(None,) * len(live.players))
        clock.advance(0.3)  # a player's pace: slower than the guard after each step
    assert controller.state.phase is Phase.GAME_OVER
    assert undos >= 3
    assert replayed() == controller.state


def test_a_bot_driver_feeds_the_main_loop_queue() -> None:
    clock = FakeClock()
    controller = TableController(dice=SeededDice(3), clock=clock)
    driver = BotDriver(controller, dict.fromkeys(range(4), sensible_policy), random.Random(3))
    q: queue.Queue[PadEvent] = queue.Queue()
    for _ in range(20_000):
        if controller.state.phase is Phase.GAME_OVER:
            break
        if driver.feed(q) == 0:
            let_time_pass(controller, driver, clock)
        while not q.empty():  # the main loop: one thread owns the state
            controller.handle(q.get_nowait())
        clock.advance(0.3)  # a player's pace: a confirmation waits out the guard
    assert controller.state.phase is Phase.GAME_OVER
