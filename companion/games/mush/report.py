"""MUSH in words for a terminal: where a game stands, `state` for people, the demo.

What the shared command line, the service and the demo print of a game, asked of its box:
they know the box, and MUSH's words are here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TextIO

from companion.core.dice import DiceSource
from companion.games.mush import events as ev
from companion.games.mush.bots import SensibleBot
from companion.games.mush.state import GameState
from companion.games.mush.table.bots import BotDriver
from companion.games.mush.table.controller import TableController
from companion.seats import SEATS


def where(state: GameState) -> str:
    """Where a game stands, for the log and the service's status: "round 3, bidding" (the
    phase as the journal spells it: "early_riser")."""
    return f"round {state.round}, {state.phase.value}"


def describe(view: dict[str, Any]) -> str:
    """`mush-companion state`: the public view as a few lines and one row per seat."""
    status = "over" if view.get("finished") else "in progress"
    head = [f"Game {view['game']} ({status}), round {view['round']}, phase {view['phase']}"]
    if view.get("weather"):
        head.append(f"Weather: {view['weather']} ({view.get('weather_zone')} chart)")
    head.append(f"Bank: {view['bank']} chips, coins in use: {view['coins']}, "
                f"avalanche sticks: {view['sticks']}")
    if view.get("winner") is not None:
        winner = view["seats"][view["winner"]]
        head.append(f"Winner: {winner['name']} (seat {view['winner']})")
    columns = ("seat", "name", "chips", "covered", "training", "zone", "place", "bid")
    rows = [columns]
    for seat in view["seats"]:
        bid = seat["bid"] if seat["bid"] is not None else ("locked" if seat["locked"] else "")
        marks = (" *" if seat["seat"] == view.get("active") else "") + (
            " (Ice Bear)" if seat["ice_bear"] else "")
        rows.append((str(seat["seat"]), f"{seat['name']}{marks}", str(seat["chips"]),
                     str(seat["covered"]), seat["training"] or "", seat["zone"],
                     str(seat["place"] or ""), str(bid)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(columns))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip()
             for r in rows]
    return "\n".join([*head, "", *lines])


class Summary:
    """The demo's round-by-round lines in the terminal, with a progress bar of the race."""

    def __init__(self, bot: SensibleBot, out: TextIO, width: int = 24) -> None:
        self.bot = bot
        self.out = out
        self.width = width
        self.weather = ""
        self.order: tuple[int, ...] = ()

    def __call__(self, state: GameState, events: tuple[ev.Event, ...]) -> None:
        for event in events:
            if isinstance(event, ev.RoundStarted):
                self.weather = "not rolled yet"
            elif isinstance(event, ev.BidsRevealed):
                self.order = event.order
            elif isinstance(event, ev.WeatherRolled):
                self.weather = f"{event.weather.value} ({event.zone.value})"
            elif isinstance(event, ev.RoundEnded):
                self.round_line(state, event.round)
            elif isinstance(event, ev.GameWon):
                self.round_line(state, state.round)
                name = state.players[event.seat].name
                print(f"\n{name} reaches Nome and wins in round {state.round}!",
                      file=self.out, flush=True)

    def round_line(self, state: GameState, number: int) -> None:
        race = max((self.bot.race_progress(state, s) for s in state.seats), default=0.0)
        filled = round(self.width * race)
        bar = "#" * filled + "-" * (self.width - filled)
        order = " ".join(SEATS[s].letter for s in self.order)
        chips = " ".join(f"{SEATS[s].letter}:{p.chips:>2}" for s, p in enumerate(state.players))
        tired = " ".join(str(p.covered) for p in state.players)
        print(f"round {number:>2} [{bar}] {race:4.0%}  weather {self.weather:<22} "
              f"order {order:<11} chips {chips}  tired dogs {tired}", file=self.out, flush=True)


class Demo:
    """Bots for `mush-companion demo`: the sensible bot at every seat, and its lines."""

    def __init__(self) -> None:
        self.bot = SensibleBot()

    def driver(self, table: TableController, players: int, rng: random.Random,
               hand: DiceSource) -> BotDriver:
        """The bots on every seat's virtual pad (`hand`: the wooden dice they roll)."""
        return BotDriver(table, dict.fromkeys(range(players), self.bot), rng, setup_seat=0,
                         hand=hand)

    def summary(self, out: TextIO) -> Callable[[Any, tuple[Any, ...]], None]:
        """A line a round, with a progress bar of the race."""
        return Summary(self.bot, out)
