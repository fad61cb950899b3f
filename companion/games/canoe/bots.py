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

import functools
import random
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from companion.core.dice import DiceSource
from companion.games.canoe import commands as cmd
from companion.games.canoe.cards import CARDS, OWN_CARDS, CardKind, TargetKind
from companion.games.canoe.engine import apply, legal, start_game
from companion.games.canoe.events import Event
from companion.games.canoe.kernel import Option, play_out
from companion.games.canoe.model import (
    ATTRACTIONS,
    ENTERED_ATTRACTIONS,
    UNMAPPED_POINTS,
    Attraction,
    CardMode,
    DestinationRule,
    PaperEffect,
    Phase,
    Pile,
    Place,
    Weather,
    is_camped_attraction,
)
from companion.games.canoe.phases import FLOW
from companion.games.canoe.queries import (
    attraction_obeys,
    climb_reason,
    finish_reasons,
    goes_ahead,
    leads_the_board,
    missing_attractions,
    missing_sites,
    region_obeys,
    site_obeys,
    site_reason,
    throw_line,
    unmapped_reason,
)
from companion.games.canoe.settings import PRINTED_ATTRACTIONS, Ring, Settings, Variants
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
    rock: int = 11  # the base of Raven Rock (X), on a river (L1–L3)
    edge: int = 22  # the Unmapped Region's boundary, on a lake (L4, L5)
    point: int = 38  # the white spaces next to Dangerous Point, on a lake (L6)

    @property
    def length(self) -> int:
        """Spaces from the start to the finishing dock."""
        return len(self.water)

    def route(self) -> tuple[str, ...]:
        """N2: the board's landmarks in the order a canoe meets them going out, as a group
        copies them into its route (`Settings.route`)."""
        named = {self.rock: "raven_rock", self.edge: "unmapped_region",
                 self.point: "dangerous_point"}
        out: list[str] = []
        for space in range(self.length):
            line = self.lines[space].value if space in self.lines else None
            out += [x for x in (self.sites.get(space), line, named.get(space)) if x is not None]
        return tuple(out)

    def lake(self, space: int) -> int | None:
        """Which of the trip's lakes (numbered from the start) `space` lies on, if any."""
        return self._lakes[space] if 0 <= space < self.length else None

    @functools.cached_property
    def _lakes(self) -> tuple[int | None, ...]:
        out: list[int | None] = []
        count = -1
        for i, water in enumerate(self.water):
            count += water == LAKE and (i == 0 or self.water[i - 1] != LAKE)
            out.append(count if water == LAKE else None)
        return tuple(out)

    def turns(self, space: int) -> bool:
        """Whether a canoe may reverse on `space`: "You cannot reverse your direction of
        travel until you reach portage points on rivers and lakes (grey canoes), islands,
        or the end of portages (bootprints)": an island, the first or last space of a
        portage, or the river or lake space next to one."""
        if space in self.islands:
            return True
        if not 0 < space < self.length - 1:
            return False
        near = self.water[space - 1:space + 2]
        return PORTAGE in near and any(w != PORTAGE for w in near)

    def exit_space(self, exit_: int) -> int:
        """L5: where the Unmapped Region's exit `exit_` lets the canoe out."""
        return min(self.edge + 2 * exit_, self.length - 1)

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
        gap = len(pattern) / (len(ROUTE_ORDER) + 1)
        lines = {round(gap * (k + 1)) + 1: a for k, a in enumerate(ROUTE_ORDER)}
        islands = frozenset(i for i, w in enumerate(pattern) if w == LAKE and i % 5 == 0)
        return PretendTrip(tuple(pattern), tuple(marks), islands, sites, lines)


ROUTE_ORDER: tuple[Attraction, ...] = tuple(ENTERED_ATTRACTIONS[i] for i in (3, 0, 5, 2, 4, 1))
"""The order the pretend board's attraction lines lie in, going out: not the order the
rules text names them in (which is all the table has to go by before anyone told it
anything), as a real board's is not; so a first trip through the table is measured as a
group at a board the table has not learnt, not flattered by a route it happens to know."""


ATTRACTION_POINTS = {a: 10 + 5 * (k % 4) for k, a in enumerate(ATTRACTIONS)}
CAMP_POINTS = 10


def attraction_points(settings: Settings, attraction: Attraction) -> int:
    """A3: what a bot reads beside an attraction: the printed points the group entered,
    else the pretend board's."""
    printed = settings.printed(attraction)
    return printed if printed is not None else ATTRACTION_POINTS[attraction]


def camp_points(settings: Settings, site: str) -> int:
    """N1: what a bot reads at a campsite: its printed points, else the pretend board's."""
    printed = settings.campsites.printed(site)
    return printed if printed is not None else CAMP_POINTS


def with_board(settings: Settings) -> Settings:
    """The same trip with the board's points entered in setup, as a group that copied its
    own board would: every campsite and attraction a printed value (the pretend board's
    attractions; the campsites 10 to 25 in turn)."""
    sites = {name: 10 + 5 * (k % 4) for k, name in enumerate(settings.campsites.names)}
    printed = tuple((a, ATTRACTION_POINTS[a]) for a in ATTRACTIONS
                    if a in PRINTED_ATTRACTIONS)
    return replace(settings, campsites=settings.campsites.with_points(sites),
                   attraction_points=printed)


def with_route(settings: Settings) -> Settings:
    """The same trip with the board's route copied too (N2), as a group that wrote its
    board's landmarks in order into its configuration would."""
    return replace(settings, route=PretendTrip.for_game(settings).route())
PATIENCE = 40  # a bot's own turns before it stops going out of its way for Raven Rock
PLACE_TURNS = 3  # turns a bot holds a place's Destination card before it has done it
WAITS = 3  # goes a bot waits at the base of the rock or by Dangerous Point at most
STORMY = frozenset({Weather.HEADWIND, Weather.WINDBOUND})


_BOARDS: OrderedDict[int, tuple[weakref.ref[Settings], dict[int, int]]] = OrderedDict()
"""Where each seat's canoe stands on the pretend board of a game, shared by the bots of
that game (one bot per seat still sees the other canoes, as on a real board, L9); the
boards of the last few games only. Filed by the identity of the game's settings, and kept
with a weak reference to them: an identity is reused once its object is gone, and a new
game must never find an old game's canoes on its board."""
_KEPT_BOARDS = 16


def _board(settings: Settings) -> dict[int, int]:
    """The pretend board of one game (by the identity of its settings)."""
    game = id(settings)
    kept = _BOARDS.get(game)
    if kept is None or kept[0]() is not settings:
        _BOARDS.pop(game, None)
        _BOARDS[game] = (weakref.ref(settings), {})
        while len(_BOARDS) > _KEPT_BOARDS:
            _BOARDS.popitem(last=False)
    return _BOARDS[game][1]


class SensibleBot:
    """Paddles a pretend trip (see the module's docstring) as a careful player would: it
    climbs Raven Rock only in weather that allows it and waits at the base a few goes for
    it, shelters by Dangerous Point in a wind and waits there for a 5, enters the Unmapped
    Region when a card or a long trip asks, stays put on an island while windbound, asks
    who goes ahead on a shared space, camps for its nights, scores an attraction again
    only after crossing another lake (A3), and makes for the dock only when it may finish
    and leads (else it turns round and paddles back for points). One instance follows one
    game at a time and forgets when it sees a new one."""

    def __init__(self, patience: int = PATIENCE) -> None:
        self.patience = patience
        self._game: weakref.ref[Settings] | None = None  # an identity alone is reused
        self._trip: PretendTrip | None = None
        self._where: dict[int, int] = {}
        self._plans: dict[int, tuple[int, list[cmd.Command]]] = {}
        self._turns: dict[int, int] = {}
        self._held: dict[int, int] = {}
        self._waited: dict[int, int] = {}
        self._heading: dict[int, int] = {}  # -1 for a canoe paddling back from the dock
        self._turn_at: dict[int, int] = {}  # where it turns round again
        self._lakes: dict[int, list[int]] = {}  # the lakes each canoe crossed, in turn
        self._sampled: dict[tuple[int, Attraction], tuple[int, int]] = {}

    def _follow(self, state: GameState) -> PretendTrip:
        settings = state.require_settings()
        followed = self._game() if self._game is not None else None
        if followed is not settings or self._trip is None:
            self._game = weakref.ref(settings)
            self._trip = PretendTrip.for_game(settings)
            self._where = _board(settings)
            self._plans, self._turns, self._held, self._waited = {}, {}, {}, {}
            self._heading, self._turn_at, self._lakes, self._sampled = {}, {}, {}, {}
        return self._trip

    def where(self, seat: int) -> int:
        """The space this bot believes a seat's canoe is on."""
        return self._where.get(seat, 0)

    def heading(self, seat: int) -> int:
        """The way a seat's canoe paddles: 1 out towards the dock, -1 back from it."""
        return self._heading.get(seat, 1)

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
        player = state.players[seat]
        if player.windbound or (state.weather is Weather.WINDBOUND and player.place is None
                                and self.where(seat) in trip.islands):
            return cmd.StayWindbound(seat)  # E5, L7
        if player.place in (Place.DANGEROUS_POINT, Place.UNMAPPED_EDGE) \
                and self._waited.get(seat, 0) >= WAITS:
            self._waited[seat] = 0
            return cmd.TurnBack(seat)  # L5, L6: no 5 for a while: paddle back
        self._turns[seat] = self._turns.get(seat, 0) + 1
        if player.destination is not None:
            self._held[seat] = self._held.get(seat, 0) + 1
        if player.place is Place.DANGEROUS_POINT:
            self._waited[seat] = self._waited.get(seat, 0) + 1
        return cmd.Roll(seat)

    def _start(self, state: GameState, seat: int, trip: PretendTrip) -> int:
        """Where the canoe moves from this go (L2, L5, L6: the rock, the region's exit,
        the point)."""
        turn = state.require_turn()
        if turn.start is Place.UNMAPPED:
            unmapped = state.players[seat].unmapped
            assert unmapped is not None
            return trip.exit_space(unmapped[1])
        return {Place.SUMMIT: trip.rock, Place.ROCK_BASE: trip.rock,
                Place.DANGEROUS_POINT: trip.point}.get(turn.start, self.where(seat)) \
            if turn.start is not None else self.where(seat)

    def _wants_rock(self, state: GameState, seat: int) -> bool:
        """Whether climbing Raven Rock is worth the go: a card or the all-night trip asks
        for it, or it has not been climbed yet and the trip is young."""
        player = state.players[seat]
        held = player.destination
        if held is not None and attraction_obeys(CARDS[held], Attraction.RAVEN_ROCK):
            return True
        if Attraction.RAVEN_ROCK in player.attractions:
            return False
        return state.require_settings().variants.every_attraction or \
            self._turns.get(seat, 0) < self.patience

    def _wants_region(self, state: GameState, seat: int) -> bool:
        """Whether to enter the Unmapped Region: its Destination card, or once a trip."""
        player = state.players[seat]
        held = player.destination
        return (held is not None and region_obeys(CARDS[held])) or player.unmapped is None

    def _plan(self, state: GameState, seat: int, trip: PretendTrip,
              rng: random.Random) -> list[cmd.Command]:
        """Everything the canoe does this turn, in the order the player would say it: the
        go (`_go`), less the lines it may not score again yet (`_scores`)."""
        here = self._start(state, seat, trip)
        plan = self._go(state, seat, trip, rng)
        return self._scores(seat, trip, here, self.where(seat), plan)

    def _scores(self, seat: int, trip: PretendTrip, here: int, end: int,
                plan: list[cmd.Command]) -> list[cmd.Command]:
        """A3: "You cannot collect scores from the same attraction again until you have
        crossed a lake different to last lake you crossed before sampling the attraction":
        `plan` without the lines crossed from `here` to `end` that the canoe may not score
        again yet; the lakes it crossed and the lines it scored are noted."""
        lakes = self._lakes.setdefault(seat, [])
        told = {c.attraction for c in plan if isinstance(c, cmd.SeeAttraction)}
        path = range(here + 1, min(end, trip.length - 1) + 1) if end >= here \
            else range(here - 1, end - 1, -1)
        scored: set[Attraction] = set()
        for space in path:
            lake = trip.lake(space)
            if lake is not None and (not lakes or lakes[-1] != lake):
                lakes.append(lake)
            attraction = trip.lines.get(space)
            if attraction is None or attraction not in told:
                continue
            last = self._sampled.get((seat, attraction))
            if last is None or any(other != last[0] for other in lakes[last[1]:]):
                scored.add(attraction)
                self._sampled[(seat, attraction)] = (lakes[-1] if lakes else -1, len(lakes))
        return [c for c in plan if not isinstance(c, cmd.SeeAttraction)
                or c.attraction in scored]

    def _go(self, state: GameState, seat: int, trip: PretendTrip,
            rng: random.Random) -> list[cmd.Command]:
        """Everything the canoe does this turn (`_paddle`). A canoe paddling back goes out
        again once a go ended on the space it meant to turn on, an island or a portage's
        end (`PretendTrip.turns`); a go that ended short of it (a camp, a place) turns
        there only if the rules let it, and one pushed past it on a shared space (L9)
        turns at the next such space back."""
        plan = self._paddle(state, seat, trip, rng)
        where, turn_at = self.where(seat), self._turn_at.get(seat)
        if self.heading(seat) < 0 and turn_at is not None and where <= turn_at:
            if where == turn_at or trip.turns(where):
                self._heading[seat] = 1
                del self._turn_at[seat]
            else:
                self._turn_at[seat] = max((s for s in range(where) if trip.turns(s)),
                                          default=0)
        return plan

    def _paddle(self, state: GameState, seat: int, trip: PretendTrip,
                rng: random.Random) -> list[cmd.Command]:
        """Everything the canoe does this turn, every line it crosses told."""
        line = throw_line(state)
        assert line is not None
        turn = state.require_turn()
        here = self._start(state, seat, trip)
        water = trip.water[min(here, trip.length - 1)]
        if line.island_bound and here in trip.islands:
            spaces = 0
        else:
            spaces = {LAKE: line.lake, RIVER: line.river, PORTAGE: line.portage}[water]
        heading = self.heading(seat)
        to = max(0, here + heading * spaces)
        if heading < 0 and to <= self._turn_at.get(seat, 0):
            to = max(0, self._turn_at.get(seat, 0))  # back far enough: it stops to turn
        plan: list[cmd.Command] = []
        player = state.players[seat]
        if player.destination is not None and self._held.get(seat, 0) >= PLACE_TURNS:
            target = CARDS[player.destination].target
            if target is not None and target.kind is TargetKind.PLACE:
                plan.append(cmd.ObeyDestination(seat))
        stop = self._stop(state, seat, trip, here, to)
        if stop is not None:  # the lines up to the place only: the go ends there
            return [*self._lines(trip, here, self.where(seat), state, seat), *plan, *stop]
        plan = [*self._lines(trip, here, to, state, seat), *plan]
        if to >= trip.length:
            if not finish_reasons(state, seat) and leads_the_board(state, seat):
                self._where[seat] = trip.length
                return [*plan, cmd.Finish(seat)]
            # turn round at the dock and paddle back: for more points near the end, or
            # anywhere for what is still to do (the lines are crossed again going back)
            back = trip.length // 2 if not finish_reasons(state, seat) else trip.length
            self._turn_at[seat] = rng.choice([s for s in range(trip.length - back, trip.length)
                                              if trip.turns(s)] or [0])
            self._heading[seat] = -1
            to = trip.length - 1
        self._where[seat] = to
        if turn.weather is Weather.WINDBOUND and turn.start is None and to in trip.islands \
                and (to - here) * heading < 0:
            return [*plan, cmd.StayWindbound(seat)]  # L7: blown back onto an island
        site = self._camp_site(state, seat, trip, here, to)
        if site is not None:  # N1: the canoe stops at the site: no line beyond it is seen
            space = next(k for k, v in trip.sites.items() if v == site)
            self._where[seat] = space
            plan = [c for c in plan if not isinstance(c, cmd.SeeAttraction)
                    or c in self._lines(trip, here, space, state, seat)]
            return [*plan, cmd.Camp(seat, site, camp_points(state.require_settings(), site))]
        shared = self._shared(state, seat, to)
        if shared is not None:
            ahead = goes_ahead(state, seat, shared)
            taken = {self.where(s) for s in state.on_board if s != seat}
            end = to
            while end in taken and 0 < end < trip.length - 1:
                end += 1 if ahead else -1
            # L9: ahead or behind, by the points; the lines crossed are those up to the
            # space the canoe ends on (one behind a canoe on a line did not cross it)
            crossed = self._lines(trip, here, to, state, seat)
            plan = [*self._lines(trip, here, end, state, seat),
                    *(c for c in plan if c not in crossed), cmd.ShareSpace(seat, shared)]
            to = end
            self._where[seat] = to
        mark = trip.marks[min(to, trip.length - 1)]
        if mark is not None and to != here:
            plan.append(cmd.Land(seat, mark))
        return plan

    def _lines(self, trip: PretendTrip, here: int, to: int, state: GameState,
               seat: int) -> list[cmd.Command]:
        """A2: the attractions whose lines the canoe crosses going from `here` to `to`, in
        the direction it paddles (a canoe blown back against it crosses none)."""
        settings = state.require_settings()
        spaces = range(here + 1, min(to, trip.length) + 1) if self.heading(seat) > 0 \
            else range(here - 1, to - 1, -1)
        return [cmd.SeeAttraction(seat, attraction, attraction_points(settings, attraction))
                for space in spaces if (attraction := trip.lines.get(space)) is not None]

    def _stop(self, state: GameState, seat: int, trip: PretendTrip, here: int,
              to: int) -> list[cmd.Command] | None:
        """L1–L6: a go that ends at Raven Rock, the Unmapped Region or Dangerous Point."""
        turn = state.require_turn()
        passes = (min(here, to) < trip.rock <= max(here, to)) or turn.start is Place.ROCK_BASE
        if passes and turn.start is not Place.SUMMIT and self._wants_rock(state, seat):
            self._where[seat] = trip.rock
            if climb_reason(state, seat) is None:
                self._waited[seat] = 0
                return [cmd.Climb(seat, attraction_points(state.require_settings(),
                                                          Attraction.RAVEN_ROCK))]
            waited = self._waited.get(seat, 0)
            if waited < WAITS:  # L3: wait at the base for the weather to change
                self._waited[seat] = waited + 1
                return [cmd.WaitAtRock(seat)]
            self._waited[seat] = 0
        if min(here, to) < trip.edge <= max(here, to) and turn.start is not Place.UNMAPPED \
                and self._wants_region(state, seat):
            point = next((p for p in range(1, UNMAPPED_POINTS + 1)
                          if unmapped_reason(state, seat, p) is None), None)
            if point is not None:
                self._where[seat] = trip.edge
                return [cmd.ReachUnmapped(seat, point)]  # L4
        if min(here, to) < trip.point <= max(here, to) and turn.weather in STORMY \
                and turn.start is not Place.DANGEROUS_POINT:
            self._where[seat] = trip.point
            self._waited[seat] = 0
            return [cmd.WaitAtPoint(seat)]  # L6: shelter from the wind
        return None

    def _shared(self, state: GameState, seat: int, to: int) -> int | None:
        """L9: another canoe this bot believes is on the space it ends on."""
        if to in self._trip_sites():
            return None  # campsites can be shared
        return next((s for s in state.on_board if s != seat and s in self._where
                     and self._where[s] == to and state.players[s].place is None), None)

    def _trip_sites(self) -> set[int]:
        return set(self._trip.sites) if self._trip is not None else set()

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
    hero = cmd.EnterCard(seat, 0, PaperEffect.HERO)
    if card.kind is CardKind.HERO and any(o.admits(hero) for o in offered):
        return hero  # K11: the group's own Hero card, kept (or played in the rain)
    if card.kind is CardKind.HERO:  # someone holds it: the pile gave another card
        card = rng.choice([c for c in OWN_CARDS[pile] if c.kind is not CardKind.HERO])
    effect = PaperEffect.MISS_GO if card.kind is CardKind.MISS_GO else PaperEffect.POINTS
    return cmd.EnterCard(seat, card.points, effect)


sensible_policy: Policy = SensibleBot()
"""A shared sensible bot (it follows one game at a time, every seat of it); make a
`SensibleBot()` of your own to follow games side by side."""

POLICIES: dict[str, Policy] = {"random": random_policy, "sensible": sensible_policy}
"""Bots by name."""


_EVERY_WEATHER = Ring((Weather.CALM, Weather.HEADWIND, Weather.TAILWIND, Weather.HEAVY_RAIN,
                       Weather.WINDBOUND, Weather.CALM, Weather.HEADWIND, Weather.HEAVY_RAIN),
                      placeholder=False)
_VARIANTS = (Variants(), Variants(DestinationRule.ONE), Variants(DestinationRule.NONE),
             Variants(every_campsite=True), Variants(every_attraction=True))


def trip_settings(number: int) -> Settings:
    """Bot trip `number` of a series that goes through every length and variant: 2 to 6
    players, 1 to 3 nights, each variant (V1–V3), electronic and paper cards (K12), the
    stand-in ring and one with every weather close together (for the demo's statistics
    and the checks that Raven Rock's rules hold, L1, L2)."""
    players = 2 + number % 5
    return Settings.make([f"P{i}" for i in range(players)], 1 + number % 3,
                         _VARIANTS[number % len(_VARIANTS)],
                         (Ring(), _EVERY_WEATHER)[(number // 5) % 2],
                         cards=CardMode.PAPER if number % 4 == 3 else CardMode.ELECTRONIC)


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


__all__ = ["POLICIES", "Policy", "PretendTrip", "SensibleBot", "attraction_points",
           "camp_points", "choose_action", "play_game", "random_policy", "sample",
           "sensible_policy", "trip_settings", "with_board", "with_route"]
