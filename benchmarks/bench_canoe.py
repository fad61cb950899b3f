"""The Canoe game: bot trips of every length and variant held to the rulebook, and the
presses a turn costs through the table's menus.

Rules: `TRIPS` whole trips by the sensible bots (2 to 6 players, 1 to 3 nights, every
variant, electronic and paper cards, the stand-in ring and a ring with every weather
close together), each journal checked by `journal_violations`: no climb of Raven Rock in
a headwind, windbound or in the rain (L1), no go going on past the summit (L2), and every
invariant (Q1-Q6). Printed: trips, turns, climbs by weather, stops at each place.

Table: `TABLE_TRIPS` of those trips played again through the real controller by the
virtual pads, one press at a time, as a player presses ◀ ▶ ●; printed: the presses each
turn took (mean, the largest, how they spread), and the common turns' own figures (a
throw then landing on C or P, a camp, a finish). Goals: mean at most 3, none over 6.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass

from companion.config.table import TableConfig
from companion.core.dice import SeededDice
from companion.games.canoe import commands as cmd
from companion.games.canoe import events as ev
from companion.games.canoe.bots import SensibleBot, play_game, trip_settings
from companion.games.canoe.invariants import journal_violations
from companion.games.canoe.model import CardMode, Weather
from companion.games.canoe.table.bots import CanoeBotDriver
from companion.games.canoe.table.controller import CanoeTable
from companion.pads.events import Kind

TRIPS = 300
TABLE_TRIPS = 12
MEAN_GOAL = 3.0
MAX_GOAL = 6

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


def table_presses(seed: int) -> tuple[list[int], dict[str, list[int]]]:
    """One trip through the real table by the virtual pads: the presses each turn took,
    and those of the common turns by kind (landed, camped, finished, nothing)."""
    settings = settings_for(seed)
    clock = _Clock()
    table = CanoeTable(dice=SeededDice(seed), clock=clock,
                       config=TableConfig(players=settings.players))
    bots = {s: SensibleBot() for s in range(settings.players)}
    driver = CanoeBotDriver(table, dict.fromkeys(range(settings.players), bots[0]),
                            random.Random(seed))
    # start the trip with these settings: the table's own start, as setup would send it
    table._apply(cmd.StartGame(cmd.TABLE, settings), "start")
    per_turn: list[int] = []
    kinds: dict[str, list[int]] = {"land": [], "camp": [], "finish": [], "nothing": [],
                                   "entries": []}
    presses, kind, turn, entries = 0, "nothing", table.state.turns, False
    for _ in range(200_000):
        if table.over:
            break
        clock.now += 0.3
        events = driver.presses()
        if not events:
            continue
        presses += sum(1 for e in events if e.kind is Kind.PRESS)
        for event in events:
            out = table.handle(event)
            for done in out.events:
                if isinstance(done, ev.Landed):
                    kind = "land"
                elif isinstance(done, ev.Camped):
                    kind = "camp"
                elif isinstance(done, ev.GameWon):
                    kind = "finish"
                elif isinstance(done, ev.SpaceShared | ev.PointsAdjusted) or (
                        isinstance(done, ev.AttractionSeen)
                        and done.attraction.value != "raven_rock"):
                    entries = True
        if table.state.turns != turn or table.over:
            per_turn.append(presses)
            kinds["entries" if entries else kind].append(presses)
            presses, kind, turn, entries = 0, "nothing", table.state.turns, False
    return per_turn, kinds


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
    started = time.perf_counter()
    turns: list[int] = []
    paper: list[int] = []
    kinds: dict[str, list[int]] = {}
    for seed in range(TABLE_TRIPS):
        per_turn, by_kind = table_presses(seed)
        if settings_for(seed).cards is CardMode.PAPER:
            paper += per_turn  # each card entered by hand: its own figures
            continue
        turns += per_turn
        for key, values in by_kind.items():
            kinds.setdefault(key, []).extend(values)
    spread = Counter(turns)
    mean = statistics.mean(turns)
    print(f"   presses per turn through the table (electronic cards, {len(turns)} turns): "
          f"mean {mean:.2f} (goal <= {MEAN_GOAL}), max {max(turns)} (goal <= {MAX_GOAL}); "
          f"spread {dict(sorted(spread.items()))} "
          f"({time.perf_counter() - started:.1f} s)")
    words = {"land": "throw, land on C or P", "camp": "camp (with or without a throw)",
             "finish": "throw, finish", "nothing": "throw, nothing else (or a stop)",
             "entries": "with attractions or a shared space told"}
    for key, values in kinds.items():
        if values:
            print(f"   {words[key]:42s} {len(values):5d} turns, mean "
                  f"{statistics.mean(values):.2f}, max {max(values)}")
    if paper:
        print(f"   with paper cards ({len(paper)} turns, each card drawn entered by hand): "
              f"mean {statistics.mean(paper):.2f}, max {max(paper)}")
    over = sum(1 for n in turns if n > MAX_GOAL)
    verdict = "met" if mean <= MEAN_GOAL and not over else "NOT met"
    print(f"   goals {verdict}: {over} turn(s) over {MAX_GOAL} presses; "
          f"L1/L2 problems: {rules.problems}")
