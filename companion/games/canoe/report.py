"""The Canoe game in words for a terminal: where a trip stands, `state` for people,
the demo's lines.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TextIO

from companion.core.dice import DiceSource
from companion.games.canoe import events as canoe_ev
from companion.games.canoe.bots import SensibleBot
from companion.games.canoe.table.bots import CanoeBotDriver
from companion.games.canoe.table.controller import CanoeTable
from companion.seats import SEATS


def describe(view: dict[str, Any]) -> str:
    """A Canoe game's public view (its ledger: points, nights, Destination card, home) as a
    few lines and one row per player, for a terminal."""
    status = "over" if view.get("finished") else "in progress"
    head = [f"Canoe game {view['game']} ({status}), turn {view['turn']}, phase {view['phase']}"]
    ring = view.get("ring") or ()
    if view.get("weather"):
        placeholder = " (stand-in ring: placeholder)" if view.get("ring_placeholder") else ""
        head.append(f"Weather: {view['weather']}, space {view['ring_position'] + 1} of "
                    f"{len(ring)} on the ring{placeholder}")
    head.append(f"Trip: {view['nights']} nights; cards left: " + ", ".join(
        f"{pile} {left}" for pile, left in view.get("piles", ())))
    if view.get("winner") is not None:
        winner = view["seats"][view["winner"]]
        head.append(f"Winner: {winner['name']} (seat {view['winner']}) with "
                    f"{winner['score']} points")
    columns = ("seat", "name", "points", "nights", "campsites", "destination", "home")
    rows = [columns]
    for seat in view["seats"]:
        marks = " *" if seat["seat"] == view.get("active") else ""
        rows.append((str(seat["seat"]), f"{seat['name']}{marks}", str(seat["score"]),
                     f"{seat['nights']}/{seat['nights_needed']}", str(len(seat["camps"])),
                     seat["destination"] or "", "home" if seat["home"] else ""))
    widths = [max(len(r[i]) for r in rows) for i in range(len(columns))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip()
             for r in rows]
    return "\n".join([*head, "", *lines])


class CanoeSummary:
    """The Canoe demo's lines in the terminal: one a round of turns, scores and weather."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.weather = ""
        self.printed: int | None = None  # the turn of the last line (one line a turn)

    def __call__(self, state: Any, events: tuple[Any, ...]) -> None:
        for event in events:
            if isinstance(event, canoe_ev.WeatherAdvanced):
                self.weather = event.weather.value
            elif isinstance(event, canoe_ev.TurnStarted) and state.players and \
                    event.number % len(state.players) == 0:
                self.line(state)
            elif isinstance(event, canoe_ev.PlayerHome):
                print(f"{state.players[event.seat].name} reaches the dock with "
                      f"{event.score} points and goes home", file=self.out, flush=True)
            elif isinstance(event, canoe_ev.GameWon):
                self.line(state)
                print(f"\n{state.players[event.seat].name} lands on the dock with a "
                      f"{event.face} and wins the trip with {event.score} points!",
                      file=self.out, flush=True)

    def line(self, state: Any) -> None:
        if state.turns == self.printed:
            return  # a win on a round's first turn: its line is out already
        self.printed = state.turns
        scores = "  ".join(f"{SEATS[s].letter}:{p.score:>4} ({p.nights}n)"
                           for s, p in enumerate(state.players))
        weather = self.weather or (state.weather.value if state.weather else "")
        print(f"turn {state.turns:>3}  weather {weather:<10}  {scores}", file=self.out,
              flush=True)


class Demo:
    """Bots for `mush-companion demo --game canoe`: a sensible paddler at every seat."""

    def driver(self, table: CanoeTable, players: int, rng: random.Random,
               hand: DiceSource) -> CanoeBotDriver:
        """The bots on every seat's virtual pad (`hand`: the wooden die they throw)."""
        return CanoeBotDriver(table, dict.fromkeys(range(players), SensibleBot()), rng,
                              setup_seat=0, hand=hand)

    def summary(self, out: TextIO) -> Callable[[Any, tuple[Any, ...]], None]:
        """A line a round of turns, scores and weather."""
        return CanoeSummary(out)


def where(state: Any) -> str:
    """Where a trip stands, for the log and the service's status: "turn 7, throw"."""
    return f"turn {state.turns}, {state.phase.value.replace('_', ' ')}"
