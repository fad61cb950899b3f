"""Table pace: how long a table of people waits on the companion, and how many presses
its decisions take.

Bots play whole games through the real controller at human speed: a bot takes
`DECIDE_S` to make up its mind whenever the game moves on, then presses one button every
`PRESS_S`. Time runs on a simulated clock in steps of `STEP_S`.

The table *waits on the companion* during a step when no player is in the middle of a
decision: a countdown runs with nobody choosing, a die tumbles, a transient screen
stands, or a player who has decided is held back (the reveal's first seconds, the guard
after a change). Time spent deciding or pressing is the players' own, not counted.

Two tables: one where nobody ever reacts in a reaction window (every window must pass by
itself, with no press), and one of sensible bots that take dice away and force rerolls
at the rate the sensible policy does.

Goals (the table's pace): at most 15 s waited per 4-player round with nobody reacting,
no press to let a window pass, at most 3 presses for any decision other than a bid (the
decisions the bots made, and every choice the rules allowed at every step of their games).
"""

from __future__ import annotations

import random
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass

from companion.rules import commands as cmd
from companion.rules import events as ev
from companion.rules.bots import SensibleBot
from companion.rules.dice import SeededDice
from companion.rules.engine import legal_commands
from companion.rules.model import Phase
from companion.rules.state import GameState
from companion.table import BotDriver, TableConfig, TableController

DECIDE_S = 1.5
PRESS_S = 0.6
STEP_S = 0.05
LIMIT_S = 4 * 3600.0


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class _NeverReacts:
    """The sensible bot, but silent in every reaction window (and never asks ahead)."""

    def __init__(self) -> None:
        self._inner = SensibleBot()

    def __call__(self, state: GameState, seat: int, rng: random.Random) -> cmd.Command | None:
        if state.phase in (Phase.REDUCE, Phase.REROLL):
            return None
        return self._inner(state, seat, rng)


@dataclass
class Pace:
    """One game's figures."""

    rounds: int
    waited: list[float]  # seconds waited on the companion, per round
    presses: list[int]  # presses, per round
    most_presses: int  # the most presses one decision took (bids aside)
    most_what: str
    decisions: int  # decisions other than bids
    long: Counter[str]  # decisions that took more than 3 presses, by what they did
    passes: int  # presses that said "no" in a reaction window (silence needs none)
    deepest: int  # the most presses any choice the rules allowed, at any step, would take
    deepest_what: str
    windows: int
    minutes: float


NOT_A_DECISION = (cmd.LockBid, cmd.UnlockBid, cmd.CloseWindow, cmd.Pass, cmd.StartGame)
"""Bids are counted in chips; a window closes by itself and silence says no."""


def _deepest_choice(controller: TableController) -> tuple[int, str]:
    """The most presses any choice the rules allow any seat now would take from the top
    of its menus (whether or not a bot makes it), and which choice that is."""
    state = controller.state
    ahead = controller.preview()
    most, what = 0, ""
    for seat in state.seats:
        commands = legal_commands(state, seat)
        if ahead is not None:
            commands += legal_commands(ahead, seat)
        for command in commands:
            if isinstance(command, NOT_A_DECISION):
                continue
            n = controller.presses_to(seat, command)
            if n is not None and n > most:
                most, what = n, f"{type(command).__name__} ({state.phase.value})"
    return most, what


def play(players: int, seed: int, reacting: bool) -> Pace:
    """One whole game from the first bids to Nome at human speed."""
    clock = _Clock()
    controller = TableController(dice=SeededDice(seed), clock=clock,
                                 config=TableConfig(players=players))
    policy = SensibleBot() if reacting else _NeverReacts()
    ready_at: dict[int, float] = defaultdict(float)
    driver = BotDriver(controller, dict.fromkeys(range(players), policy),
                       random.Random(seed), gate=lambda seat: clock.now >= ready_at[seat])
    while controller.in_setup or controller.state.phase is Phase.TRAINING:
        for event in driver.presses():  # setup and training are not the round's pace
            controller.handle(event)
        clock.now += 0.3
        controller.tick()
    waited: dict[int, float] = defaultdict(float)
    presses: dict[int, int] = defaultdict(int)
    deciding: dict[int, int] = defaultdict(int)  # presses of the decision in progress
    most, most_what = 0, ""
    windows = 0
    decisions, long = 0, Counter[str]()
    seen: GameState | None = None
    deepest, deepest_what = 0, ""
    known = len(controller.history)
    start = clock.now
    while controller.state.phase is not Phase.GAME_OVER and clock.now - start < LIMIT_S:
        state = controller.state
        if state is not seen:  # the game moved on: whoever decided is done; all decide anew
            new = controller.history[known:]
            known = len(controller.history)
            acts = [e for e in new if not isinstance(e, ev.WindowClosed)]  # a choice made
            what = type((acts or new)[0]).__name__ if new else "?"  # ahead acts at the close
            for seat, n in deciding.items():
                if seen is None or seen.phase is Phase.BIDDING:
                    continue
                decisions += 1
                if n > 3:
                    long[f"{n} presses: {seen.phase.value}, then {what}"] += 1
                if n > most:
                    most, most_what = n, f"{seen.phase.value}, then {what} (seat {seat})"
            deciding.clear()
            n, what = _deepest_choice(controller)
            if n > deepest:
                deepest, deepest_what = n, what
            for seat in range(players):
                ready_at[seat] = max(ready_at[seat], clock.now + DECIDE_S)
            seen = state
        batch = driver.presses()
        if batch:
            seat = batch[0].seat
            for event in batch:
                out = controller.handle(event)
                windows += sum(isinstance(e, ev.WindowOpened) for e in out.events)
            presses[state.round] += 1
            deciding[seat] += 1
            ready_at[seat] = clock.now + PRESS_S
        else:
            busy = any(driver.wants(s) and clock.now < ready_at[s] for s in range(players))
            if not busy:
                waited[state.round] += STEP_S
        clock.now += STEP_S
        out = controller.tick()
        windows += sum(isinstance(e, ev.WindowOpened) for e in out.events)
    rounds = controller.state.round
    return Pace(rounds, [waited[r] for r in range(1, rounds + 1)],
                [presses[r] for r in range(1, rounds + 1)], most, most_what, decisions, long,
                sum(isinstance(e, ev.Passed) for e in controller.history),
                deepest, deepest_what, windows,
                (clock.now - start) / 60)


def run() -> None:
    """Print the table pace for 4 and 6 players, nobody reacting and reacting."""
    for players in (4, 6):
        for reacting in (False, True):
            games = [play(players, seed, reacting) for seed in range(1, 3)]
            per_round = [w for g in games for w in g.waited]
            press_rounds = [p for g in games for p in g.presses]
            worst = max(games, key=lambda g: g.most_presses)
            label = "reacting" if reacting else "nobody reacting"
            print(f"{players} players, {label}: {len(games)} games, "
                  f"{statistics.mean(g.rounds for g in games):.1f} rounds, "
                  f"{statistics.mean(g.minutes for g in games):.0f} min a game")
            print(f"   waited on the companion: {statistics.mean(per_round):.1f} s a round "
                  f"(median {statistics.median(per_round):.1f}, "
                  f"worst round {max(per_round):.1f} s)")
            print(f"   presses: {statistics.mean(press_rounds):.1f} a round; the most for "
                  f"one decision other than a bid: {worst.most_presses} "
                  f"({worst.most_what})")
            made = sum(g.decisions for g in games)
            long = sum((g.long for g in games), Counter[str]())
            deep = max(games, key=lambda g: g.deepest)
            print(f"   the most presses any choice the rules allowed would have taken: "
                  f"{deep.deepest} ({deep.deepest_what})")
            print(f"   decisions other than bids: {made}, "
                  f"{100 * (made - long.total()) / max(1, made):.1f} % in 3 presses or fewer")
            for what, n in long.most_common(4):
                print(f"      {n} × {what}")
            print(f"   windows: {sum(g.windows for g in games)} opened; presses that said "
                  f"no to one: {sum(g.passes for g in games)}")
