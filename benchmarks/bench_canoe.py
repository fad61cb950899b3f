"""The Canoe game: bot trips of every length and variant held to the rulebook, and the
presses a turn costs through the table's menus.

Rules: `TRIPS` whole trips by the sensible bots (2 to 6 players, 1 to 3 nights, every
variant, electronic and paper cards, the stand-in ring and a ring with every weather
close together), each journal checked by `journal_violations`: no climb of Raven Rock in
a headwind, windbound or in the rain (L1), no go going on past the summit (L2), and every
invariant (Q1-Q6). Printed: trips, turns, climbs by weather, stops at each place.

Table: `TABLE_TRIPS` of those trips played again through the real controller by the
virtual pads, one press at a time, as a player presses ◀ ▶ ●, once with the board's
printed points entered in setup (the bots then read them off the board) and once
without. A player at the table reads ahead or behind on another canoe's space off the
screen, where it shows unasked (L9), so there the bots do not tell it (`telling`); the
rules-level trips still do. Printed: the presses each turn took (mean, the largest, how
they spread), by kind of turn (`turn_kind`), and where they went: the presses of each
step the rules took (`step_name`). Goals: mean at most 3, none over 6. Each figure of
turns over 6 says how many of them told a line or a place no trip had told before
(`Turn.first`): the canoe in front of every landmark the table knows, where the table
has nothing but the rules' order to guess from, and few steps lie within three presses;
and the most presses of a turn that told none. The next player's
first choice ends a go with nothing more to tell (C4): that press is counted in the go it
starts. Then the same trips by a group that played the board before (the table given the
trips before each, `earlier_trips`, as the journal gives them), and with every guess of
the table right (`foresight`): the floor the menus' shape sets, whatever the guessing.
The first trip is also played with the board's lines in other orders (`other_boards`):
a table that has learnt nothing guesses from the rules text's order, so a first trip
depends on the board's order too.
"""

from __future__ import annotations

import functools
import random
import statistics
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import Any, NamedTuple
from unittest.mock import patch

from benchmarks.figures import percentile
from companion.config.table import TableConfig
from companion.core.dice import SeededDice
from companion.games.canoe import bots as canoe_bots
from companion.games.canoe import commands as cmd
from companion.games.canoe import events as ev
from companion.games.canoe.bots import (
    SensibleBot,
    play_game,
    trip_settings,
    with_board,
    with_route,
)
from companion.games.canoe.box import LEARNS
from companion.games.canoe.invariants import journal_violations
from companion.games.canoe.model import ENTERED_ATTRACTIONS, CardMode, Pile, Weather
from companion.games.canoe.state import GameState
from companion.games.canoe.table import likely, menus
from companion.games.canoe.table.bots import CanoeBotDriver
from companion.games.canoe.table.controller import CanoeTable
from companion.games.canoe.table.likely import Guess
from companion.games.canoe.table.memory import landmark
from companion.pads.events import Kind

TRIPS = 300
TABLE_TRIPS = 12
MEAN_GOAL = 3.0
MAX_GOAL = 6
FIRSTS = ("a:", "stop:")
"""The landmarks whose first telling the bench counts apart (`Turn.first`): the attractions'
lines and the places (Raven Rock, the Unmapped Region, Dangerous Point). The campsites are
not: the configuration lists them in the board's order (N2)."""

settings_for = trip_settings


@dataclass
class Rules:
    """What the rules-level trips showed."""

    trips: int = 0
    unfinished: int = 0
    turns: int = 0
    problems: int = 0
    climbs: Counter[str] | None = None
    stops: Counter[str] | None = None


def rules_trips(count: int) -> Rules:
    """`count` bot trips through the rules, each journal checked (L1, L2, Q1-Q6)."""
    out = Rules(climbs=Counter(), stops=Counter())
    assert out.climbs is not None and out.stops is not None
    for seed in range(count):
        settings = settings_for(seed)
        bots = [SensibleBot() for _ in range(settings.players)]
        state, events = play_game(settings, bots, SeededDice(seed), random.Random(seed))
        out.trips += 1
        out.unfinished += state.winner is None
        out.turns += state.turns
        problems = journal_violations(events)
        out.problems += len(problems)
        for problem in problems[:3]:
            print(f"   trip {seed}: {problem}")
        weather: Weather | None = None
        for event in events:
            if isinstance(event, ev.WeatherAdvanced):
                weather = event.weather
            if isinstance(event, ev.GameStarted):
                weather = event.settings.ring.spaces[0]
            if isinstance(event, ev.AttractionSeen) and event.attraction.value == "raven_rock":
                out.climbs[weather.value if weather else "?"] += 1
            if isinstance(event, ev.Stopped):
                out.stops[event.place.value] += 1
    return out


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


KINDS = {
    "land_c": "throw, landed on C",
    "land_p": "throw, landed on P",
    "nothing": "throw, nothing more (the next throw ends it)",
    "attraction": "throw, attraction(s), then C/P/end",
    "share": "throw, a shared space (and more)",
    "camp": "camp (with or without a throw)",
    "place": "throw, a place: climb, wait, Unmapped, island",
    "card": "throw, a place's Destination card done (and more)",
    "finish": "throw, finish",
}


def turn_kind(events: list[ev.Event]) -> str:
    """What a turn told, by the events it gave (the rarer step names the turn)."""
    kinds = {type(e) for e in events}
    seen = any(isinstance(e, ev.AttractionSeen) and e.attraction.value != "raven_rock"
               for e in events)
    landed = [e.pile.value for e in events if isinstance(e, ev.Landed)]
    if ev.GameWon in kinds:
        return "finish"
    if ev.Camped in kinds:
        return "camp"
    if kinds & {ev.Stopped, ev.Windbound} or any(
            isinstance(e, ev.AttractionSeen) and e.attraction.value == "raven_rock"
            for e in events):
        return "place"
    if ev.SpaceShared in kinds:
        return "share"
    if ev.DestinationObeyed in kinds:
        return "card"
    if seen:
        return "attraction"
    if landed:
        return "land_p" if landed[0] == "portage" else "land_c"
    return "nothing"


def step_name(events: tuple[ev.Event, ...]) -> str:
    """What one applied choice told, by its first event: "throw", "attraction", "land C",
    "share", "camp", "place: rock_base", "end" (the step names in `_where`)."""
    first = events[0]
    if isinstance(first, ev.AttractionSeen):
        return "climb" if first.attraction.value == "raven_rock" else "attraction"
    if isinstance(first, ev.Landed):
        return f"land {'P' if first.pile.value == 'portage' else 'C'}"
    if isinstance(first, ev.Stopped | ev.UnmappedEntered):
        return f"place: {first.place.value}" if isinstance(first, ev.Stopped) else \
            "place: unmapped"
    return {ev.DieRolled: "throw", ev.TurnEnded: "end", ev.SpaceShared: "share",
            ev.Camped: "camp", ev.Windbound: "windbound", ev.TurnStarted: "end",
            ev.PlaceLeft: "turn back",
            ev.DestinationObeyed: "card done", ev.PlayerHome: "finish",
            ev.GameWon: "finish"}.get(type(first), type(first).__name__)


@dataclass
class Steps:
    """Where the presses went, by step (`step_name`): presses, times told, the most."""

    presses: Counter[str] = field(default_factory=Counter)
    told: Counter[str] = field(default_factory=Counter)
    most: Counter[str] = field(default_factory=Counter)

    def add(self, name: str, presses: int) -> None:
        """One step told after `presses` presses."""
        self.presses[name] += presses
        self.told[name] += 1
        self.most[name] = max(self.most[name], presses)


GUESSED: dict[type[cmd.Command], str] = {
    cmd.SeeAttraction: "a", cmd.Camp: "camp", cmd.Climb: "climb",
    cmd.WaitAtRock: "wait_rock", cmd.ReachUnmapped: "unmapped", cmd.WaitAtPoint: "wait_point",
    cmd.StayWindbound: "blown", cmd.Finish: "finish", cmd.ObeyDestination: "obey"}
"""The steps the table's list can guess (`likely.Guess.kind`), by the command told."""


def _as_guess(command: cmd.Command | None) -> Guess | None:
    """The guess that names `command` exactly (None for a step the list cannot guess: a
    throw, the end, a landing on C)."""
    if isinstance(command, cmd.Land):
        return Guess(99.0, "portage") if command.pile is Pile.PORTAGE else None
    kind = GUESSED.get(type(command)) if command is not None else None
    if kind is None:
        return None
    value = next((getattr(command, name) for name in ("attraction", "other", "site", "point")
                  if hasattr(command, name)), None)
    return Guess(99.0, kind, value)


@contextmanager
def foresight(next_step: list[cmd.Command | None]) -> Iterator[None]:
    """The menus' floor: while it lasts the table's guesses are led by the step the player
    is about to tell (`next_step[0]`), as if the table always guessed right. What the
    presses still cost then is the shape of the menus, not the guessing."""
    real = likely.guesses

    def right(*args: Any, **kwargs: Any) -> list[Guess]:
        out = real(*args, **kwargs)
        wanted = _as_guess(next_step[0])
        if wanted is None:
            return out
        # the list holds one item of each kind but attractions (its keys)
        same = (lambda g: g.kind == wanted.kind) if wanted.kind != "a" \
            else (lambda g: (g.kind, g.value) == (wanted.kind, wanted.value))
        return [wanted, *(g for g in out if not same(g))]

    with patch.object(menus, "guesses", right):  # the menus' own name for it
        yield


def earlier_trips(seed: int, board: bool = True) -> list[list[ev.Event]]:
    """The `LEARNS` bot trips played before trip `seed` (the seeds before it, on the same
    board), as the journal holds them for the table to learn the board from."""
    return [_played(before, board) for before in range(max(0, seed - LEARNS), seed)]


@functools.cache
def _played(seed: int, board: bool) -> list[ev.Event]:
    """Bot trip `seed`'s events through the rules (each played once a run: every trip
    after it learns from it)."""
    settings = settings_for(seed)
    if board:
        settings = with_board(settings)
    bots = [SensibleBot() for _ in range(settings.players)]
    return play_game(settings, bots, SeededDice(seed), random.Random(seed))[1]


def table_presses(seed: int, board: bool = True, steps: Steps | None = None,
                  perfect: bool = False, learnt: bool = False,
                  route: bool = False) -> list[Turn]:
    """One trip through the real table by the virtual pads: each turn's kind and the
    presses it took. `board`: the group entered its board's printed points in setup.
    The presses of each step (a choice the rules took) are added to `steps`. `perfect`:
    with every guess of the table right (`foresight`). `learnt`: the group played the
    board before, and the table was given its earlier trips (`earlier_trips`). `route`:
    the group copied its board's route into its configuration (N2, `with_route`)."""
    settings = settings_for(seed)
    if board:
        settings = with_board(settings)
    if route:
        settings = with_route(settings)
    clock = _Clock()
    table = CanoeTable(dice=SeededDice(seed), clock=clock,
                       config=TableConfig(players=settings.players),
                       earlier=earlier_trips(seed, board) if learnt else ())
    told: list[cmd.Command | None] = [None]

    def telling(state: GameState, seat: int, rng: random.Random) -> cmd.Command | None:
        """The bot's next command, as a player at the table tells it: ahead or behind on
        another canoe's space is read off the screen (L9), not asked, so the bot's
        ShareSpace is passed over and its plan goes on with the same state."""
        command = bot(state, seat, rng)
        while isinstance(command, cmd.ShareSpace):
            command = bot(state, seat, rng)
        told[0] = command
        return command

    bot = SensibleBot()
    driver = CanoeBotDriver(table, dict.fromkeys(range(settings.players), telling),
                            random.Random(seed))
    # start the trip with these settings: the table's own start, as setup would send it
    table._apply(cmd.StartGame(cmd.TABLE, settings), "start")
    with foresight(told) if perfect else nullcontext():
        return _trip(table, driver, clock, steps)


class Turn(NamedTuple):
    """One turn through the table: its kind (`turn_kind`), the presses it took, and
    whether it told a line or a place no trip had told before (`landmark`; the route
    copied and the trips learnt from count as told): the canoe in front of every
    landmark the table knows, where the table has nothing to guess from."""

    kind: str
    presses: int
    first: bool = False


def _trip(table: CanoeTable, driver: CanoeBotDriver, clock: _Clock,
          steps: Steps | None) -> list[Turn]:
    """The presses of each turn of a trip started on `table`, to its end (a turn ends
    with its `TurnEnded`, or the trip's). A press that ends a turn by the next player's
    first choice (C4) is that player's turn's: the turn it ends took none for its end."""
    out: list[Turn] = []
    presses, since = 0, 0
    told: list[ev.Event] = []
    board = table.learnt()
    known = {key for key in board.told if key.startswith(FIRSTS)} if board else set()
    first = False
    for _ in range(200_000):
        if table.over:
            break
        clock.now += 0.3
        events = driver.presses()
        if not events:
            continue
        pressed = sum(1 for e in events if e.kind is Kind.PRESS)
        presses += pressed
        since += pressed
        for event in events:
            for batch in table.handle(event).command_batches():
                handed = isinstance(batch[0], ev.TurnEnded) and batch[0].seat != event.seat
                if steps is not None:
                    steps.add("end" if handed else step_name(batch), 0 if handed else since)
                if handed:
                    # C4: the turn it ends is over without a press of its own
                    out.append(Turn(turn_kind([*told, *batch]), presses - pressed, first))
                    presses, told, first = pressed, [], False
                    continue
                since = 0
                told += batch
                for key in (m[1] for e in batch if (m := landmark(e)) is not None):
                    if key.startswith(FIRSTS) and key not in known:
                        first = True
                        known.add(key)
                if any(isinstance(e, ev.TurnEnded | ev.GameWon) for e in batch):
                    out.append(Turn(turn_kind(told), presses, first))
                    presses, told, first = 0, [], False
    return out


def _measure(board: bool, steps: Steps, perfect: bool = False, learnt: bool = False,
             route: bool = False) -> tuple[list[Turn], dict[str, list[int]], list[int]]:
    turns: list[Turn] = []
    paper: list[int] = []
    kinds: dict[str, list[int]] = {k: [] for k in KINDS}
    for seed in range(TABLE_TRIPS):
        if settings_for(seed).cards is CardMode.PAPER:
            # each card entered by hand: its own figures
            paper += [turn.presses for turn in table_presses(
                seed, board, perfect=perfect, learnt=learnt, route=route)]
            continue
        for turn in table_presses(seed, board, steps, perfect, learnt, route):
            turns.append(turn)
            kinds[turn.kind].append(turn.presses)
    return turns, kinds, paper


def over_line(turns: Sequence[Turn]) -> str:
    """The turns over `MAX_GOAL` presses, how many of them told a line or place no trip had
    told before (`Turn.first`: the table knew nothing of what lay there, its guesses were
    the rules' order), and the most presses of a turn that told none (everything it
    told, the table could have guessed from what it was told before)."""
    long = [turn for turn in turns if turn.presses > MAX_GOAL]
    firsts = sum(1 for turn in long if turn.first)
    known = max((turn.presses for turn in turns if not turn.first), default=0)
    return (f"{len(long)} over {MAX_GOAL} ({firsts} telling a landmark first; max {known} "
            f"without)")


LINE_ORDERS = 5
"""How many other orders of the pretend board's attraction lines the first trip is also
played on (`other_boards`): a table that has learnt nothing guesses the first lines from
the rules text's order, so how a first trip goes depends on how the board's order happens
to match it, not only on the guessing."""


def other_boards(board: bool = True) -> list[list[Turn]]:
    """The first trip's presses per turn on each of `LINE_ORDERS` other orders of the lines
    (seeded, the same every run)."""
    rng = random.Random(LINE_ORDERS)
    out = []
    for _ in range(LINE_ORDERS):
        order = tuple(rng.sample(ENTERED_ATTRACTIONS, len(ENTERED_ATTRACTIONS)))
        with patch.object(canoe_bots, "ROUTE_ORDER", order):
            turns, _, _ = _measure(board, Steps())
        out.append(turns)
    return out


def figures(turns: Sequence[Turn]) -> str:
    """Mean, p99 and max presses of `turns`, and those over the goal (`over_line`)."""
    counts = [turn.presses for turn in turns]
    return (f"mean {statistics.mean(counts):.2f}, p99 {percentile(counts, 0.99):.0f}, "
            f"max {max(counts)}, {over_line(turns)}")


def _where(steps: Steps, total: int) -> None:
    """Where the presses went, by step (electronic cards): each step's presses, their
    share of all, how often it was told, its mean and its most presses."""
    print("     where the presses go, by step (presses, share, times told, mean, max):")
    for name, spent in steps.presses.most_common():
        told = steps.told[name]
        print(f"       {name:24s} {spent:6d}  {spent / total:4.0%}  {told:5d}  "
              f"{spent / told:5.2f}  {steps.most[name]:3d}")


def run() -> None:
    started = time.perf_counter()
    rules = rules_trips(TRIPS)
    assert rules.climbs is not None and rules.stops is not None
    print(f"   rules: {rules.trips} trips (2-6 players, 1-3 nights, every variant, both card "
          f"modes, two rings), {rules.turns} turns, {rules.unfinished} unfinished, "
          f"{rules.problems} problems ({time.perf_counter() - started:.1f} s)")
    print(f"   climbs of Raven Rock by weather: {dict(sorted(rules.climbs.items()))} "
          f"(L1: calm and tailwind only)")
    print(f"   stops: {dict(sorted(rules.stops.items()))}")
    for board in (True, False):
        started = time.perf_counter()
        steps = Steps()
        turns, kinds, paper = _measure(board, steps)
        counts = [turn.presses for turn in turns]
        mean = statistics.mean(counts)
        over = sum(1 for n in counts if n > MAX_GOAL)
        spread = dict(sorted(Counter(counts).items()))
        what = "the board's points entered in setup" if board else \
            "no board points entered (steppers from the last value)"
        print(f"   presses per turn through the table, {what} (electronic cards, "
              f"{len(turns)} turns): mean {mean:.2f} (goal <= {MEAN_GOAL}), p95 "
              f"{percentile(counts, 0.95):.0f}, p99 {percentile(counts, 0.99):.0f}, max "
              f"{max(counts)} (goal <= {MAX_GOAL}), {over_line(turns)}; spread {spread} "
              f"({time.perf_counter() - started:.1f} s)")
        for key, values in kinds.items():
            if values:
                print(f"     {KINDS[key]:46s} {len(values):5d} turns  mean "
                      f"{statistics.mean(values):5.2f}  max {max(values):3d}")
        _where(steps, sum(counts))
        if paper:
            print(f"     with paper cards ({len(paper)} turns, each card entered by hand): "
                  f"mean {statistics.mean(paper):.2f}, max {max(paper)}")
        again, _, _ = _measure(board, Steps(), learnt=True)
        print(f"     a group that played the board before (the table given its {LEARNS} "
              f"trips before each): {figures(again)}")
        if board:
            boards = other_boards()
            print("     the first trip with the lines in other orders on the board: "
                  + "; ".join(f"max {max(t.presses for t in turns)}, {over_line(turns)}"
                              for turns in boards))
        copied, _, _ = _measure(board, Steps(), route=True)
        print(f"     a group that copied its board's route into its configuration (N2): "
              f"{figures(copied)}")
        floor, _, _ = _measure(board, Steps(), perfect=True)
        print(f"     the menus' floor, every guess right: {figures(floor)}")
        if board:
            verdict = "met" if mean <= MEAN_GOAL and not over else "NOT met"
            print(f"   goals {verdict}; L1/L2 problems: {rules.problems}")
