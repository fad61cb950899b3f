"""Bot players for the Canoe game, built on `legal()`: `random` for tests, `sensible` for
the demo (`make demo GAME=canoe`) and statistics.

The companion never sees the board, so the sensible bot pretends to paddle one: a loop of
spaces from the start back to the finishing dock, with lakes, rivers and portages, C and
P spaces, campsites, islands and the attractions' lines (`PretendTrip`). It reads the
throw's line for the water it is on, tells the companion what its canoe did, camps for
its nights, obeys its Destination card, and makes for the dock once it may finish and
leads the board (or has paddled long enough to give up and go home).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.core.dice import DiceSource
from companion.games.canoe import commands as cmd
from companion.games.canoe.cards import CARDS, OWN_CARDS, CardKind, TargetKind
from companion.games.canoe.engine import apply, legal, start_game
from companion.games.canoe.events import Event
from companion.games.canoe.kernel import Option, play_out
from companion.games.canoe.model import (
    ENTERED_ATTRACTIONS,
    Attraction,
    PaperEffect,
    Phase,
    Pile,
    Weather,
    is_camped_attraction,
)
from companion.games.canoe.phases import FLOW
from companion.games.canoe.queries import (
    finish_reasons,
    leads_the_board,
    missing_attractions,
    missing_sites,
    site_obeys,
    site_reason,
    throw_line,
)
from companion.games.canoe.settings import Settings
from companion.games.canoe.state import GameState

Policy = Callable[[GameState, int, random.Random], cmd.Command | None]
"""A bot: the command it sends now, or None when it has nothing to do."""


def sample(option: Option[cmd.Command], rng: random.Random) -> cmd.Command:
    """One of an option's commands at random, without listing them all."""
    values = {name: rng.choice(vals) for name, vals in option.params.items()}
    return option.command(option.seat, **values)


def random_policy(state: GameState, seat: int, rng: random.Random) -> cmd.Command | None:
    """Uniformly among the seat's legal options, then among each option's values."""
    choices = legal(state, seat)
    return sample(rng.choice(choices), rng) if choices else None


LAKE, RIVER, PORTAGE = "lake", "river", "portage"


@dataclass(frozen=True)
class PretendTrip:
    """A made-up board for bots: what each space is, and what lies on it."""

    water: tuple[str, ...]
    marks: tuple[Pile | None, ...]  # C or P spaces
    islands: frozenset[int]
    sites: dict[int, str]  # campsite spaces
    lines: dict[int, Attraction]  # attraction lines, crossed going forwards

    @property
    def length(self) -> int:
        """Spaces from the start to the finishing dock."""
        return len(self.water)

    @staticmethod
    def for_game(settings: Settings) -> PretendTrip:
        """A trip with every campsite of the game on it, and every attraction's line."""
        pattern = [LAKE] * 8 + [RIVER] * 6 + [PORTAGE] * 4 + [LAKE] * 10 + [RIVER] * 6 \
            + [PORTAGE] * 4 + [LAKE] * 10
        marks: list[Pile | None] = []
        for i, water in enumerate(pattern):
            if water == PORTAGE and i % 2 == 1:
                marks.append(Pile.PORTAGE)
            elif water != PORTAGE and i % 3 == 2:
                marks.append(Pile.CANOE)
            else:
                marks.append(None)
        names = settings.campsites.names
        step = len(pattern) / (len(names) + 1)
        sites = {round(step * (k + 1)): name for k, name in enumerate(names)}
        gap = len(pattern) / (len(ENTERED_ATTRACTIONS) + 1)
        lines = {round(gap * (k + 1)) + 1: a for k, a in enumerate(ENTERED_ATTRACTIONS)}
        islands = frozenset(i for i, w in enumerate(pattern) if w == LAKE and i % 5 == 0)
        return PretendTrip(tuple(pattern), tuple(marks), islands, sites, lines)


ATTRACTION_POINTS = {a: 10 + 5 * (k % 4) for k, a in enumerate(ENTERED_ATTRACTIONS)}
CAMP_POINTS = 10
PATIENCE = 40  # a bot's own turns before it goes home whether it leads or not
PLACE_TURNS = 3  # turns a bot holds a place's Destination card before it has done it


class SensibleBot:
    """Paddles a pretend trip (see the module's docstring); one instance follows one game
    at a time and forgets when it sees a new one. After `patience` turns of its own it goes
    home even without the lead (F4)."""

    def __init__(self, patience: int = PATIENCE) -> None:
        self.patience = patience
        self._game: int | None = None
        self._trip: PretendTrip | None = None
        self._where: dict[int, int] = {}
        self._plans: dict[int, tuple[int, list[cmd.Command]]] = {}
        self._turns: dict[int, int] = {}
        self._held: dict[int, int] = {}

    def _follow(self, state: GameState) -> PretendTrip:
        game = id(state.settings)
        if game != self._game or self._trip is None:
            self._game = game
            self._trip = PretendTrip.for_game(state.require_settings())
            self._where, self._plans, self._turns, self._held = {}, {}, {}, {}
        return self._trip

    def where(self, seat: int) -> int:
        """The space this bot believes a seat's canoe is on."""
        return self._where.get(seat, 0)

    def __call__(self, state: GameState, seat: int, rng: random.Random) -> cmd.Command | None:
        """The command this seat sends now, or None while it waits."""
        offered = legal(state, seat)
        if not offered:
            return None
        trip = self._follow(state)
        if state.phase is Phase.TURN:
            return self._throw(state, seat, trip, offered)
        if state.phase is Phase.CARD:
            return _paper_card(state, seat, rng, offered)
        turn = state.require_turn()
        number, plan = self._plans.get(seat, (-1, []))
        if number != turn.number:
            plan = self._plan(state, seat, trip, rng)
            self._plans[seat] = (turn.number, plan)
        while plan:
            command = plan.pop(0)
            if any(o.admits(command) for o in offered):
                return command
        return cmd.EndTurn(seat)

    def _throw(self, state: GameState, seat: int, trip: PretendTrip,
               offered: Sequence[Option[cmd.Command]]) -> cmd.Command:
        self._turns[seat] = self._turns.get(seat, 0) + 1
        if state.players[seat].destination is not None:
            self._held[seat] = self._held.get(seat, 0) + 1
        if state.weather is Weather.WINDBOUND and self.where(seat) in trip.islands:
            return cmd.StayWindbound(seat)  # E5
        return cmd.Roll(seat)

    def _plan(self, state: GameState, seat: int, trip: PretendTrip,
              rng: random.Random) -> list[cmd.Command]:
        """Everything the canoe does this turn, in the order the player would say it."""
        line = throw_line(state)
        assert line is not None
        here = self.where(seat)
        water = trip.water[min(here, trip.length - 1)]
        if line.island_bound and here in trip.islands:
            spaces = 0
        else:
            spaces = {LAKE: line.lake, RIVER: line.river, PORTAGE: line.portage}[water]
        to = max(0, here + spaces)
        plan: list[cmd.Command] = []
        player = state.players[seat]
        for space in range(here + 1, min(to, trip.length) + 1):
            attraction = trip.lines.get(space)
            if attraction is not None:
                plan.append(cmd.SeeAttraction(seat, attraction, ATTRACTION_POINTS[attraction]))
        if player.destination is not None and self._held.get(seat, 0) >= PLACE_TURNS:
            target = CARDS[player.destination].target
            if target is not None and target.kind is TargetKind.PLACE:
                plan.append(cmd.ObeyDestination(seat))
        if to >= trip.length:
            if not finish_reasons(state, seat) and (
                    leads_the_board(state, seat) or self._turns.get(seat, 0) > self.patience):
                self._where[seat] = trip.length
                return [*plan, cmd.Finish(seat)]
            # turn back: for more points near the end, or anywhere for what is still to do
            back = trip.length // 2 if not finish_reasons(state, seat) else trip.length
            to = trip.length - 1 - rng.randrange(back)
        self._where[seat] = to
        site = self._camp_site(state, seat, trip, here, to)
        if site is not None:
            self._where[seat] = next(k for k, v in trip.sites.items() if v == site)
            return [*plan, cmd.Camp(seat, site, CAMP_POINTS)]
        mark = trip.marks[min(to, trip.length - 1)]
        if mark is not None and to != here:
            plan.append(cmd.Land(seat, mark))
        return plan

    def _camp_site(self, state: GameState, seat: int, trip: PretendTrip, here: int,
                   to: int) -> str | None:
        """A campsite passed this turn that the trip still wants, if any (N1, N3, V2)."""
        settings = state.require_settings()
        player = state.players[seat]
        held = player.destination
        for space in range(min(here, to), max(here, to) + 1):
            site = trip.sites.get(space)
            if site is None or site_reason(state, seat, site) is not None:
                continue
            ordered = held is not None and site_obeys(CARDS[held], site)
            wanted = (player.nights < settings.nights or ordered
                      or (settings.variants.every_campsite and site in missing_sites(state, seat))
                      or (settings.variants.every_attraction
                          and Attraction.SOLITUDE_POINT in missing_attractions(state, seat)
                          and is_camped_attraction(site)))
            if wanted:
                return site
        return None


def _paper_card(state: GameState, seat: int, rng: random.Random,
                offered: Sequence[Option[cmd.Command]]) -> cmd.Command:
    """K12: a bot drawing from a pretend paper pile enters what the card says."""
    pile = state.require_turn().awaiting
    assert pile is not None
    keep = any(o.params.get("effect") == (PaperEffect.DESTINATION,) for o in offered)
    if keep and rng.random() < 3 / 16:
        return cmd.EnterCard(seat, 0, PaperEffect.DESTINATION)
    card = rng.choice(OWN_CARDS[pile])
    if card.kind is CardKind.HERO:
        return cmd.EnterCard(seat, 0)
    effect = PaperEffect.MISS_GO if card.kind is CardKind.MISS_GO else PaperEffect.POINTS
    return cmd.EnterCard(seat, card.points, effect)


sensible_policy: Policy = SensibleBot()
"""A shared sensible bot (it follows one game at a time, every seat of it); make a
`SensibleBot()` of your own to follow games side by side."""

POLICIES: dict[str, Policy] = {"random": random_policy, "sensible": sensible_policy}
"""Bots by name."""


def choose_action(state: GameState, policies: Sequence[Policy], rng: random.Random
                  ) -> cmd.Command | None:
    """One command from whichever seat acts now (only the active player ever acts)."""
    for seat in state.seats:
        if legal(state, seat):
            return policies[seat](state, seat, rng)
    return None


def play_game(settings: Settings, policies: Sequence[Policy], dice: DiceSource,
              rng: random.Random, max_steps: int = 20_000,
              on_step: Callable[[GameState, cmd.Command, list[Event]], None] | None = None,
              ) -> tuple[GameState, list[Event]]:
    """A whole bot game from the settings to the winner (or `max_steps`)."""
    state, journal = start_game(settings, dice)
    return play_out(state, journal, choose=lambda s: choose_action(s, policies, rng),
                    apply=apply, dice=dice, flow=FLOW, end=Phase.GAME_OVER,
                    max_steps=max_steps, on_step=on_step)


__all__ = ["POLICIES", "Policy", "PretendTrip", "SensibleBot", "choose_action",
           "play_game", "random_policy", "sample", "sensible_policy"]
