"""Table pace: how long a table of people waits on the companion, and how many presses
its decisions take; and how long a slip of the finger can hold the table.

Bots play whole games through the real controller on a simulated clock (steps of
`STEP_S`), pressing as the players of `companion`'s pace model do (`benchmarks.pace_model`,
printed with the figures): each reads for `READ_S` after every change on screen before
pressing, presses only when a menu asks for its seat, and the roller moves the sled on the
cardboard only once no window can change the roll, `SLED_S` a space. The table *waits on
the companion* in the wall time in which no player reads what it will press, presses or
moves a sled: a die tumbles, a countdown runs, a quiet window stands.

Three tables:
  patient     reads after every change of the screen, so never presses while a die
              tumbles or a countdown runs, and never reacts in a window (silence is its no);
  ahead       reads after every change of its own choices (a countdown's bar or a landing
              die is no news to it), so presses during countdowns; never reacts;
  reacting    as `ahead`, with sensible bots that take dice away and force rerolls.

Goals: at most 15 s waited per 4-player round for the patient table (22 s with six
players) and 10 s for the table that presses ahead; no press to let a window pass (but
the roller's ● Go on where only it may pay and its next menu would hide a stick); at most
3 presses for any decision other than a bid (the decisions the bots made, and every choice
the rules allowed at every step of their games); no slip (a double press in a window, a
late press after one, a stray ●, a lone press that claims and nothing after) holding a
window more than 5 s or spending a chip.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, replace

from benchmarks.pace_model import MODEL, READ_S, PaceModel, Sleds
from companion.config.table import TableConfig
from companion.games.mush import commands as cmd
from companion.games.mush import events as ev
from companion.games.mush.bots import SensibleBot
from companion.games.mush.dice import SeededDice
from companion.games.mush.engine import legal_commands
from companion.games.mush.model import Phase
from companion.games.mush.state import GameState
from companion.games.mush.table.bots import BotDriver
from companion.games.mush.table.controller import TableController
from companion.games.mush.table.frame import TableFrame

STEP_S = 0.05
LIMIT_S = 4 * 3600.0
TABLES = ("patient", "ahead", "reacting")
GOALS = {("patient", 4): 15.0, ("patient", 6): 22.0, ("ahead", 4): 10.0}
"""Seconds waited a round at most, by table and number of players."""


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class NeverReacts:
    """The sensible bot, but silent in every reaction window (and never takes dice ahead).

    Given a `seed`, each seat draws from its own random source: its choices then follow
    from the game alone, whatever order the seats are asked in, so the same game plays
    on the bench's clock and at a real window's (`benchmarks.window_pace`)."""

    def __init__(self, seed: int | None = None) -> None:
        self._inner = SensibleBot()
        self._seed = seed
        self._own: dict[int, random.Random] = {}

    def __call__(self, state: GameState, seat: int, rng: random.Random) -> cmd.Command | None:
        if state.phase in (Phase.REDUCE, Phase.REROLL):
            return None
        if self._seed is not None:
            rng = self._own.setdefault(seat, random.Random(self._seed * 100 + seat))
        command = self._inner(state, seat, rng)
        return None if isinstance(command, cmd.Reduce) else command


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
    where: Counter[str]  # seconds waited, by what the table waited for


NOT_A_DECISION = (cmd.LockBid, cmd.UnlockBid, cmd.CloseWindow, cmd.Pass, cmd.StartGame)
"""Bids are counted in chips; a window closes by itself and silence says no."""


def _deepest_choice(controller: TableController) -> tuple[int, str]:
    """The most presses any choice the rules allow any seat now would take from the top
    of its menus (whether or not a bot makes it), and which choice that is."""
    state = controller.state
    later = [s for s in (controller.preview(), controller.moving()) if s is not None]
    most, what = 0, ""
    for seat in state.seats:
        commands = legal_commands(state, seat)
        for ahead in later:
            commands += legal_commands(ahead, seat)
        for command in commands:
            if isinstance(command, NOT_A_DECISION):
                continue
            n = controller.presses_to(seat, command)
            if n is not None and n > most:
                most, what = n, f"{type(command).__name__} ({state.phase.value})"
    return most, what


def _looks(frame: TableFrame, patient: bool, players: int) -> list[object]:
    """What each player watches for changes: the table and its own menu; everything of
    them (patient), or the game and the choices, not a countdown's bar nor a die's tumble
    (a table that presses ahead)."""
    if patient:
        shared: object = replace(frame, serial=0, menus=())
    else:
        shared = (frame.screen, frame.view, frame.undo, frame.animation is None)
    return [(shared, tuple(m for m in frame.menus if m.seat == seat))
            for seat in range(players)]


def _cause(frame: TableFrame) -> str:
    """What the table waits for in `frame`: a die tumbling, a window standing, or what
    else is on screen while nobody has anything to do."""
    countdown = frame.countdown
    if frame.animation is not None:
        return f"{frame.animation} animation"
    if countdown is not None and not countdown.held:
        return f"{countdown.kind} window ({frame.screen})"
    return f"{frame.screen} screen, nobody asked"


def _moving(frame: TableFrame) -> bool:
    """The screen keeps changing by itself: a die tumbles or a countdown runs."""
    countdown = frame.countdown
    return frame.animation is not None or (countdown is not None and not countdown.held)


def play(players: int, seed: int, table: str) -> Pace:
    """One whole game from the first bids to Nome at human speed, by a table of the kind
    `table` (one of `TABLES`)."""
    clock = _Clock()
    controller = TableController(dice=SeededDice(seed), clock=clock,
                                 config=TableConfig(players=players))
    policy = SensibleBot() if table == "reacting" else NeverReacts(seed)
    patient = table == "patient"
    model = PaceModel(patient)
    sleds = Sleds(controller)
    driver = BotDriver(controller, dict.fromkeys(range(players), policy),
                       random.Random(seed),
                       gate=lambda seat: model.may_press(seat, clock.now) and not sleds.waits(seat))
    while controller.in_setup or controller.state.phase is Phase.TRAINING:
        for event in driver.presses():  # setup and training are not the round's pace
            controller.handle(event)
        clock.now += 0.3
        controller.tick()
    waited: dict[int, float] = defaultdict(float)
    where: Counter[str] = Counter()
    presses: dict[int, int] = defaultdict(int)
    deciding: dict[int, int] = defaultdict(int)  # presses of the decision in progress
    most, most_what = 0, ""
    windows = 0
    decisions, long = 0, Counter[str]()
    seen: GameState | None = None
    deepest, deepest_what = 0, ""
    known = len(controller.history)
    start = clock.now
    looks: list[object] = [None] * players
    while controller.state.phase is not Phase.GAME_OVER and clock.now - start < LIMIT_S:
        state = controller.state
        frame = controller.frame()
        now_looks = _looks(frame, patient, players)
        moving = _moving(frame)
        model.seen(clock.now, [s for s in range(players) if now_looks[s] != looks[s]])
        looks = now_looks
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
            sleds.saw(new)
            seen = state
        sleds.start(model, clock.now, moving)
        batch = driver.presses()
        if batch:
            seat = batch[0].seat
            for event in batch:
                out = controller.handle(event)
                windows += sum(isinstance(e, ev.WindowOpened) for e in out.events)
            presses[state.round] += 1
            deciding[seat] += 1
        # the seats reading what they will press: asked, and not held back by the table
        # (a menu drawn waiting while a roll lands); a press is a busy moment
        held = {m.seat for m in frame.menus if m.waiting}
        wanting = [s for s in range(players)
                   if driver.wants(s) and s not in held and not sleds.waits(s)]
        if not batch and not model.busy(clock.now, wanting, moving):
            waited[state.round] += STEP_S
            where[_cause(frame)] += STEP_S
        clock.now += STEP_S
        out = controller.tick()
        windows += sum(isinstance(e, ev.WindowOpened) for e in out.events)
    rounds = controller.state.round
    return Pace(rounds, [waited[r] for r in range(1, rounds + 1)],
                [presses[r] for r in range(1, rounds + 1)], most, most_what, decisions, long,
                sum(isinstance(e, ev.Passed) for e in controller.history),
                deepest, deepest_what, windows,
                (clock.now - start) / 60, where)


def _windows(players: int, seed: int, most: int) -> list[GameState]:
    """States of a game just after a reaction window opened (up to `most` of each kind)."""
    clock = _Clock()
    controller = TableController(dice=SeededDice(seed), clock=clock,
                                 config=TableConfig(players=players))
    driver = BotDriver(controller, dict.fromkeys(range(players), NeverReacts()),
                       random.Random(seed))
    found: dict[str, list[GameState]] = defaultdict(list)
    while controller.state.phase is not Phase.GAME_OVER and clock.now < LIMIT_S:
        window = controller.state.window
        states = found[window.kind.value] if window is not None else []
        if window is not None and controller.state not in states and len(states) < most:
            states.append(controller.state)
        for event in driver.presses():
            controller.handle(event)
        clock.now += 0.3
        controller.tick()
    return [state for states in found.values() for state in states]


SLIPS: dict[str, tuple[tuple[float, str], ...]] = {
    "double ●": ((0.4, "select"), (0.55, "select")),
    "double ◀": ((0.4, "left"), (0.55, "left")),
    "double ▶": ((0.4, "right"), (0.55, "right")),
    "lone ◀": ((0.4, "left"),),
    "lone ▶": ((0.4, "right"),),
    "late ◀": ((-0.3, "left"),),  # went down before the window opened
}
"""Each slip: (seconds after the window opened, button) of every press, nothing after."""


def _close_after(state: GameState, seat: int, presses: tuple[tuple[float, str], ...]
                 ) -> tuple[float, int]:
    """Seconds until the window of `state` closes when `seat` makes `presses` and the
    table stays silent, and the chips the seat spent or promised."""
    from companion.pads.events import Button, Kind, PadEvent

    clock = _Clock()
    clock.now = 100.0
    controller = TableController(state, SeededDice(7), clock,
                                 TableConfig(players=len(state.players)))
    chips = state.players[seat].chips
    todo = sorted(presses)
    known = len(controller.history)
    while clock.now < 160.0:
        while todo and clock.now >= 100.0 + todo[0][0] - 1e-9:
            at, name = todo.pop(0)
            button = Button(name)
            now = clock.now
            clock.now = min(now, 100.0 + at)  # a late press went down before the window
            controller.handle(PadEvent(seat, button, Kind.PRESS))
            clock.now = max(now, 100.0 + at + 0.05)
            controller.handle(PadEvent(seat, button, Kind.RELEASE))
        if any(isinstance(e, ev.WindowClosed) for e in controller.history[known:]):
            break
        clock.now += STEP_S
        controller.tick()
    spent = chips - controller.state.players[seat].chips + controller.promised(seat)
    return clock.now - 100.0, spent


def slip_holds(players: int = 4, seed: int = 1, most: int = 12) -> tuple[float, str, int, int]:
    """The longest a slip held a window (seconds more than the same window without it),
    which slip that was, the chips any slip spent, and how many slips were tried."""
    worst, worst_what, spent, tried = 0.0, "", 0, 0
    for state in _windows(players, seed, most):
        window = state.require_window()
        waiting = [s for s in window.eligible if s not in window.passed]
        others = [s for s in waiting if s != window.roller] or waiting
        if not others:
            continue
        seat = others[0]
        base, _ = _close_after(state, seat, ())
        for what, presses in SLIPS.items():
            closed, paid = _close_after(state, seat, presses)
            tried += 1
            spent += paid
            if closed - base > worst:
                worst, worst_what = closed - base, f"{what} in a {window.kind.value} window"
    return worst, worst_what, spent, tried


def run() -> None:
    """Print the table pace for 4 and 6 players, for the patient table, the table that
    presses ahead and the reacting table, then the longest hold a slip caused."""
    print(f"   {MODEL}")
    for players in (4, 6):
        for table in TABLES:
            games = [play(players, seed, table) for seed in range(1, 3)]
            per_round = [w for g in games for w in g.waited]
            press_rounds = [p for g in games for p in g.presses]
            worst = max(games, key=lambda g: g.most_presses)
            print(f"{players} players, {table} table: {len(games)} games, "
                  f"{statistics.mean(g.rounds for g in games):.1f} rounds, "
                  f"{statistics.mean(g.minutes for g in games):.0f} min a game")
            goal = GOALS.get((table, players))
            verdict = "" if goal is None else (
                f" (goal <= {goal:g}: {'ok' if statistics.mean(per_round) <= goal else 'MISSED'})")
            print(f"   waited on the companion: {statistics.mean(per_round):.1f} s a round "
                  f"(median {statistics.median(per_round):.1f}, "
                  f"worst round {max(per_round):.1f} s){verdict}")
            rounds = sum(g.rounds for g in games)
            where = sum((g.where for g in games), Counter[str]())
            print("   where it goes, a round: " + ", ".join(
                f"{what} {seconds / rounds:.1f} s" for what, seconds in where.most_common(6)))
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
                  f"no to one: {sum(g.passes for g in games)} (the roller's ● Go on, where "
                  "only it may pay and its next menu would hide a stick)")
    worst, what, spent, tried = slip_holds()
    print(f"slips ({', '.join(SLIPS)}) in the first reaction windows of a 4-player game: "
          f"{tried} tried; the longest hold {worst:.1f} s ({what}; goal <= 5); chips they "
          f"spent or promised: {spent} (goal 0)")


__all__ = ["READ_S", "play", "run", "slip_holds"]
