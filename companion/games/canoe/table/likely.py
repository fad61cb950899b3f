"""What the table can guess of a Canoe go from what it was told, so that its menus offer
the likeliest steps first, one press each.

The companion has no map, but go after go the players tell it the landmarks their canoes
pass, in order: the attractions, the campsites, Raven Rock, the Unmapped Region and
Dangerous Point. The canoes paddle much the same route, so what the table told after a
landmark is what a player is likeliest to tell after it too (the first canoe round the
board teaches the others). The landmarks lie at fixed places along the route, so the
throws since a landmark also tell how far past it the next one lies (`reach`), and which
of two told as often this go's throw reaches. A canoe that turned round (its last two
lines lie the other way round on the way out) meets them in the board's order backwards.
The player's Destination card, the nights still to camp, the weather of the go and the
die's own rules narrow it further; where the table has told nothing yet, the rules' order
stands. A shared space is no guess: the screen shows the answer for every canoe out on
the water before anyone asks (L9, `views.share_answers`), so the players need not tell
it, and the list keeps its room for the steps they do tell.

Nothing here decides a rule: it only orders what the rules' options already allow.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from companion.games.canoe import events as ev
from companion.games.canoe.cards import CARDS
from companion.games.canoe.model import (
    CLIMBED_ATTRACTION,
    ENTERED_ATTRACTIONS,
    Attraction,
    Place,
    Weather,
    is_camped_attraction,
    moves,
)
from companion.games.canoe.queries import (
    attraction_obeys,
    camping_wanted,
    climb_reason,
    likely_site,
    missing_attractions,
    region_obeys,
    site_obeys,
)
from companion.games.canoe.state import GameState
from companion.games.canoe.table.reach import START, Reach

SPAN = 3
"""How many landmarks ahead a landmark's followers are counted (nearer ones weigh more),
so a campsite between two attractions does not hide the second from the first."""
WEIGHTS = (4, 2, 1)
FLOOR = 0.3
"""The score of a step the rules allow but nothing the table was told points to: still
offered as a step of its own, after the likelier ones."""

UNTOLD_PLACE = 1.5
"""The score of Raven Rock, the Unmapped Region or Dangerous Point when the trips have not
told it after the player's latest landmark: a canoe that has not been there yet goes once
(the rock for its view, the region for its exit, the point in a wind), so it ranks with the
third likeliest attraction, not after every step the rules allow. Once the canoe has been,
it drops to `FLOOR`. Over 40 bench trips: turns over six presses 138 -> 95."""

LINE_FLOOR = 0.5
"""The least an attraction the rules allow scores: a go crosses a line far more often than
it goes back to a place the canoe has been to (`FLOOR`), so every attraction ranks above
those. Over 40 bench trips: turns over six 102 -> 93 (first trip), 41 -> 34 (the board
played before), 23 -> 18 (the route copied)."""
HELD_GOES = 3
"""A place's Destination card is likelier done the longer its holder has held it (the
holder makes for the place): its step gains a point for each throw since the card was
kept, up to this many. Over 40 bench trips: turns over six 93 -> 89 (first trip), 34 -> 30
(the board played before), 18 -> 13 (the route copied)."""

BLOWN_BACK = 5.0
"""L7: the score of "blown back onto an island" when this go's throw takes a canoe back on a
lake in a Windbound weather (else 3): it leads the list. Over 40 bench trips, that step went
from 4.3 presses on average to 2.5."""

CLIMB = f"a:{CLIMBED_ATTRACTION.value}"
ROCK_BASE = f"stop:{Place.ROCK_BASE.value}"
UNMAPPED_EDGE = f"stop:{Place.UNMAPPED_EDGE.value}"
DANGEROUS_POINT = f"stop:{Place.DANGEROUS_POINT.value}"
STOPS = frozenset({CLIMB, ROCK_BASE, UNMAPPED_EDGE, DANGEROUS_POINT})
"""The landmarks a go ends at (L1-L6): the canoe is still there at its next go."""


def landmark(event: ev.Event) -> tuple[int, str] | None:
    """The seat and landmark key an event tells, or None: "a:moose", "site:Sugar Island",
    "stop:rock_base" (the summit is the climb's own "a:raven_rock"), "exit:3" (the
    Unmapped Region's exit its entry throw set: the canoe comes out there)."""
    if isinstance(event, ev.AttractionSeen):
        return event.seat, f"a:{event.attraction.value}"
    if isinstance(event, ev.Camped):
        return event.seat, f"site:{event.site}"
    if isinstance(event, ev.Stopped) and event.place is not Place.SUMMIT:
        return event.seat, f"stop:{event.place.value}"
    if isinstance(event, ev.UnmappedEntered):
        return event.seat, f"exit:{event.exit}"  # L5: where the canoe comes out
    return None


@dataclass
class Memory:
    """What the table remembers of this trip for its menus: the points last entered
    (where a stepper starts when the board's value is not known), each seat's landmarks
    in order, which landmarks followed which, and the Unmapped Region's points used."""

    last: dict[str, int] = field(default_factory=dict)
    trails: dict[int, list[str]] = field(default_factory=dict)
    follows: Counter[tuple[str, str]] = field(default_factory=Counter)
    told: Counter[str] = field(default_factory=Counter)
    points_in: Counter[int] = field(default_factory=Counter)
    landings: Counter[tuple[str, str]] = field(default_factory=Counter)
    totals: Counter[str] = field(default_factory=Counter)
    leads: Counter[str] = field(default_factory=Counter)  # `totals` told into a landmark
    weather: Weather | None = None
    backwards: dict[int, tuple[bool, bool]] = field(default_factory=dict)
    reach: Reach = field(default_factory=Reach)
    before: Counter[tuple[str, str]] = field(default_factory=Counter)  # earlier `firsts`
    ends: Counter[str] = field(default_factory=Counter)  # the route's last landmark
    held: dict[int, int] = field(default_factory=dict)  # throws since a Destination card
    # was kept, per seat holding one (K7)
    _back: dict[int, bool] = field(default_factory=dict, init=False, repr=False,
                                   compare=False)  # `heading_back`, until the next landmark
    _along: dict[str, int] | None = field(default=None, init=False, repr=False,
                                          compare=False)  # `along`, the same
    _firsts: Counter[tuple[str, str]] | None = field(default=None, init=False, repr=False,
                                                     compare=False)  # `firsts`, the same

    def add(self, event: ev.Event) -> None:
        """One more event of the trip."""
        if isinstance(event, ev.GameStarted):
            self.weather = event.settings.ring.spaces[0]
        elif isinstance(event, ev.WeatherAdvanced):
            self.weather = event.weather
        elif isinstance(event, ev.TurnStarted):
            self.reach.turn(event.seat)
        if isinstance(event, ev.DieRolled):
            self.reach.throw(event.seat, event.face)  # E3: how far the go took the canoe
            if event.seat in self.held:
                self.held[event.seat] += 1
        elif isinstance(event, ev.DestinationKept):
            self.held[event.seat] = 0
        elif isinstance(event, (ev.DestinationObeyed, ev.DestinationReturned)):
            self.held.pop(event.seat, None)
        if isinstance(event, ev.DieRolled) and self.weather is not None:
            # E3: this go's throw on a lake, and the one before it
            back = moves(event.face, self.weather).lake < 0
            self.backwards[event.seat] = (back, self.backwards.get(event.seat, (False,))[0])
        if isinstance(event, ev.Landed):
            self.landings[(self.latest(event.seat), event.pile.value)] += 1
        if isinstance(event, ev.Camped):
            self.last["camp"] = event.points
            self.last[f"site:{event.site}"] = event.points
        elif isinstance(event, ev.AttractionSeen):
            key = "climb" if event.attraction is CLIMBED_ATTRACTION else \
                f"a:{event.attraction.value}"
            self.last[key] = event.points
        if isinstance(event, ev.Stopped) and event.place is Place.UNMAPPED_EDGE:
            self.points_in[event.point] += 1
        told = landmark(event)
        if told is None:
            return
        seat, key = told
        trail = self.trails.setdefault(seat, [START])
        for weight, before in zip(WEIGHTS, reversed(trail[-SPAN:]), strict=False):
            self.follows[(before, key)] += weight
            self.totals[before] += weight
            self.leads[key] += weight
        self._back.clear()
        self._firsts = None
        self._along = None
        trail.append(key)
        self.told[key] += 1
        self.reach.tell(seat, key)

    def board(self) -> Memory:
        """What stays true of the board once the trip is over, for the next trip on it:
        which landmark followed which, where canoes landed, the Unmapped Region's points
        used, the points entered (the board prints one value each) and how far each
        landmark lay past another (`reach.Reach`). Not the seats' trails, throws or
        weather: those were that trip's."""
        return Memory(last=dict(self.last), follows=Counter(self.follows),
                      told=Counter(self.told), points_in=Counter(self.points_in),
                      landings=Counter(self.landings), totals=Counter(self.totals),
                      leads=Counter(self.leads),
                      reach=self.reach.board(), before=Counter(self.ordered()),
                      ends=Counter(self.ends))

    def trail(self, seat: int) -> list[str]:
        """`seat`'s landmarks in order, from the start."""
        return self.trails.get(seat) or [START]

    def latest(self, seat: int) -> str:
        """The last landmark `seat` told (the start before any)."""
        return self.trail(seat)[-1]

    def blown_back_now(self, seat: int) -> bool:
        """E3: whether this go's throw takes the canoe back on a lake (a wind against it)."""
        return self.backwards.get(seat, (False, False))[0]

    def blown_back(self, seat: int) -> bool:
        """E3: whether the player's go before this one could have taken the canoe back
        on a lake (a wind against it), so that it crosses a line it crossed before."""
        return self.backwards.get(seat, (False, False))[1]

    def heading_back(self, seat: int) -> bool:
        """Whether `seat`'s canoe paddles back towards the start (it turned round at the
        dock, or for points): the last two lines it crossed lie the other way round on
        the way out the trips told (`firsts`), or its latest landmark is the route's last
        (N2: past it lies the dock, where a canoe that does not finish turns round)."""
        if seat not in self._back:
            lines = _lines(self.trail(seat))
            before = self.ordered() if len(lines) > 1 and lines[-1] != lines[-2] else None
            turned = before is not None and \
                before[(lines[-1], lines[-2])] > before[(lines[-2], lines[-1])]
            self._back[seat] = turned or self.latest(seat) in self.ends
        return self._back[seat]

    def ordered(self) -> Counter[tuple[str, str]]:
        """Which landmark came before which on the way out (`firsts`), kept until the
        next landmark is told."""
        if self._firsts is None:
            self._firsts = firsts(self)
        return self._firsts

    def along(self) -> dict[str, int]:
        """Each landmark's place on the way out: how many landmarks the trips told before
        it more often than after it (`ordered`), kept until the next landmark is told."""
        if self._along is None:
            before = self.ordered()
            keys = {k for pair in before for k in pair}
            self._along = {k: sum(1 for j in keys if before[(j, k)] > before[(k, j)])
                           for k in keys}
        return self._along

    def meets(self, seat: int, keys: Iterable[str]) -> dict[str, int]:
        """In which order `seat`'s canoe likeliest meets `keys` from its latest landmark,
        by where the trips put them on the way out (`along`), the way it paddles: the
        next two ahead, then the nearest behind it (a canoe turns round), then those no
        trip placed yet (all alike), then the rest ahead and behind, nearest first. A
        canoe past every one placed (it leads) meets one nobody placed first. Over 40
        bench trips, turns over six: 110 -> 102 (first trip), 51 -> 41 (the board played
        before), 35 -> 23 (the route copied)."""
        along = self.along()
        here = along.get(self.latest(seat))
        way = -1 if self.heading_back(seat) else 1
        ahead: list[tuple[int, str]] = []
        behind: list[tuple[int, str]] = []
        unplaced: list[str] = []
        for key in keys:
            at = along.get(key)
            if here is None or at is None:
                unplaced.append(key)
            elif (at - here) * way > 0:
                ahead.append(((at - here) * way, key))
            else:
                behind.append(((here - at) * way, key))
        ahead.sort()
        behind.sort()
        if not ahead:
            order = [unplaced, *([k] for _, k in behind)]
        else:
            order = [*([k] for _, k in ahead[:2]), *([k] for _, k in behind[:1]), unplaced,
                     *([k] for _, k in ahead[2:]), *([k] for _, k in behind[1:])]
        return {key: rank for rank, group in enumerate(order) for key in group}

    def after(self, seat: int, key: str) -> int:
        """How strongly the table's trips say `key` comes next after `seat`'s latest (the
        way it paddles: before it, for a canoe heading back)."""
        latest = self.latest(seat)
        if not self.heading_back(seat):
            return self.follows[(latest, key)]
        before = self.ordered()  # what lies before it on the way out, not past it
        return self.follows[(key, latest)] if before[(latest, key)] <= before[(key, latest)] \
            else 0

    def near(self, seat: int, key: str) -> float:
        """How much of where the trips told `key` lies this go's throw reaches from
        `seat`'s latest landmarks (`reach.Reach.within`), 0 where they did not tell."""
        return self.reach.within(seat, key) or 0.0

    def chance(self, seat: int, key: str) -> float:
        """`after` as a share of everything told after `seat`'s latest landmark (0 to 1)."""
        latest = self.latest(seat)
        total = self.leads[latest] if self.heading_back(seat) else self.totals[latest]
        return self.after(seat, key) / total if total else 0.0


def remember(events: Iterable[ev.Event], board: Memory | None = None) -> Memory:
    """The memory of a trip from its events, on top of what earlier trips on the same
    board told (`board`, from `learnt`; left unchanged)."""
    memory = board.board() if board is not None else Memory()
    for event in events:
        memory.add(event)
    return memory


@dataclass
class Kept:
    """A trip's memory kept beside its history: the events told since the last look are
    added to it, as the trip told them; it is built anew from the whole trip only where
    events were taken back (an undo, a refused save) or another trip began, so a change
    costs its own events, not the trip's."""

    memory: Memory | None = None
    told: int = 0  # how many events of the history `memory` holds
    last: ev.Event | None = None  # the last of them

    def of(self, history: Sequence[ev.Event], board: Callable[[], Memory | None]) -> Memory:
        """The memory of `history`, on top of what `board()` knows of the board."""
        if self.memory is None or len(history) < self.told or (
                self.told and history[self.told - 1] is not self.last):
            self.memory, self.told = remember((), board()), 0
        for event in history[self.told:]:
            self.memory.add(event)
        self.told, self.last = len(history), (history[-1] if history else None)
        return self.memory


def learnt(trips: Iterable[Sequence[ev.Event]], campsites: Sequence[str],
           route: Memory | None = None) -> Memory | None:
    """What earlier trips told of the board (`Memory.board`), from the trips played with
    the same campsites (a group that names its sites differently plays another board, or
    has not told it the same way), on top of what its `route` told (`route.route_memory`);
    None when there is none."""
    wanted = tuple(campsites)
    memory: Memory | None = route
    for events in trips:
        start = next((e for e in events if isinstance(e, ev.GameStarted)), None)
        if start is None or tuple(start.settings.campsites.names) != wanted:
            continue
        trip = remember(events, memory)
        memory = trip.board()
    return memory


def known_points(state: GameState, memory: Memory, key: str) -> int | None:
    """A1-A3, N1: the points the board prints beside an attraction ("a:moose"), Raven
    Rock's climb ("climb") or a campsite ("site:Sugar Island"), when the group entered them
    in setup or someone entered the same one earlier this trip (the board prints one value
    for each); None when the table does not know them (a stepper then asks)."""
    settings = state.require_settings()
    if key.startswith("site:"):
        printed = settings.campsites.printed(key[len("site:"):])
        return printed if printed is not None else memory.last.get(key)
    attraction = CLIMBED_ATTRACTION if key == "climb" else Attraction(key[len("a:"):])
    printed = settings.printed(attraction)
    return printed if printed is not None else memory.last.get(key)


def attractions(state: GameState, seat: int, memory: Memory,
                allowed: Sequence[Attraction]) -> list[Attraction]:
    """A2, A3, K7: the attractions the player may enter now, likeliest first: the one the
    table told next after the player's latest landmark (of those told as often, the one
    this go's throw reaches, `Memory.near`), the one their Destination card names, one
    the all-night trip still wants, then the ones the player has not seen for
    longest (never first: a trip passes each before it comes round again), the table's
    most told, the rules' order."""
    player = state.players[seat]
    held = CARDS[player.destination] if player.destination is not None else None
    wanted = set(missing_attractions(state, seat)) \
        if state.require_settings().variants.every_attraction else set()
    order = {a: i for i, a in enumerate(ENTERED_ATTRACTIONS)}
    trail = memory.trail(seat)
    ago = {key: len(trail) - i for i, key in enumerate(trail)}  # the latest wins

    again = _lines(trail)[-1] if memory.blown_back(seat) else None  # E3: blown back over it
    meets = memory.meets(seat, [f"a:{a.value}" for a in allowed])

    def rank(a: Attraction) -> tuple[float, ...]:
        key = f"a:{a.value}"
        card = held is not None and attraction_obeys(held, a)
        return (-memory.after(seat, key), -memory.near(seat, key), -(key == again), -card,
                -(a in wanted), meets[key],
                -ago.get(key, len(trail) + 1),
                -memory.told[key], order.get(a, len(order)))

    return sorted(allowed, key=rank)


def _lines(trail: Sequence[str]) -> list[str]:
    """The landmarks every canoe tells as it passes (the attractions' lines, the start and
    the Unmapped Region's exits), not those only a canoe that stops tells."""
    return [k for k in trail if k == START or k.startswith("exit:") or (
        k.startswith("a:") and k != CLIMB)]


def way_out(trail: Sequence[str]) -> tuple[list[str], bool]:
    """A trail's way out: its landmarks up to the first one told again (every canoe meets
    the board's landmarks in the same order on its way out; after a repeat it went round
    again or turned back), and whether it came round. Another go waiting at the same
    place is no repeat."""
    seen: list[str] = []
    for key in trail:
        if seen and key == seen[-1]:
            continue
        if key in seen:
            return seen, True
        seen.append(key)
    return seen, False


def firsts(memory: Memory) -> Counter[tuple[str, str]]:
    """Which landmark came before which on the way out (`way_out`): (a, b) counts the
    canoes whose way out told `a` before `b`, this trip's and those of the earlier trips
    and the route the table learnt the board from (`Memory.before`)."""
    before = Counter(memory.before)
    for trail in memory.trails.values():
        seen, _ = way_out(trail)
        for i, first in enumerate(seen):
            for later in seen[i + 1:]:
                before[(first, later)] += 1
    return before


def ranked_sites(state: GameState, seat: int, memory: Memory, open_sites: Sequence[str]
                 ) -> list[str]:
    """N1, N3, K9: the open campsites, likeliest first for a camp now: the one the player's
    Destination card orders them to, Solitude Point while the all-night trip still wants
    it, one the table told right after the player's latest landmark (of those told as
    often, the one this go's throw reaches, `Memory.near`), then the open sites along
    the board's order (N2) past the last site some trip camped at before reaching that
    landmark (`firsts`), then the ones before it, nearest the dock first (a canoe that
    turned round paddles back over the last stretch); where no trip tells that, the
    rules' likeliest (`likely_site`) and the board's order from it."""
    if not open_sites:
        return []
    names = list(state.require_settings().campsites.names)
    latest = memory.latest(seat)
    before = memory.ordered()
    # L5: the Unmapped Region lets a canoe out past its edge, so a site behind the edge
    # is behind an exit too, where no trip has told what lies round that exit yet
    marks = [latest, UNMAPPED_EDGE] if latest.startswith("exit:") else [latest]
    behind = [i for i, site in enumerate(names)
              if any(before[(f"site:{site}", m)] > before[(m, f"site:{site}")] for m in marks)
              or f"site:{site}" == latest]
    player = state.players[seat]
    held = CARDS[player.destination] if player.destination is not None else None
    likely = likely_site(state, seat)
    forced = likely is not None and ((held is not None and site_obeys(held, likely)) or (
        state.require_settings().variants.every_attraction
        and is_camped_attraction(likely) and camping_wanted(state, seat)))
    told = bool(behind) and latest != START
    start = max(behind) + 1 if told else (names.index(likely) if likely in names else 0)
    if told and latest in STOPS:
        # L1-L6: the last go ended at the place itself, so a site the trips put between
        # the line before it and the place lies where the canoe waits, not behind it
        lines = _lines(memory.trail(seat)[:-1])
        line = lines[-1] if lines else START
        here = [i for i in behind if before[(line, f"site:{names[i]}")]
                > before[(f"site:{names[i]}", line)]]
        start = min(here, default=start)
    else:
        here = []

    def rank(site: str) -> tuple[float, ...]:
        at = names.index(site)
        # past the landmark first, in the board's order; then (a canoe that turned
        # round) the sites before it, nearest the dock first
        along = at - start if at >= start else (
            len(names) + (start - at) if told else len(names) + at)
        return (-(forced and site == likely), -(at in here),
                -memory.after(seat, f"site:{site}"), -memory.near(seat, f"site:{site}"), along)

    return sorted(open_sites, key=rank)


def camp_site(state: GameState, seat: int, memory: Memory, open_sites: Sequence[str]
              ) -> tuple[str | None, int]:
    """N1, N3: the site a camp now most likely is at (`ranked_sites`), and how strongly
    the table's trips told it after the player's latest landmark; None while the player
    has no camping to do (the camp is then no guess of its own)."""
    if not open_sites or not camping_wanted(state, seat):
        return None, 0
    site = ranked_sites(state, seat, memory, open_sites)[0]
    return site, memory.after(seat, f"site:{site}") + 1


@dataclass(frozen=True)
class Guess:
    """A step the player may tell next, and how likely the table thinks it is: `kind` is
    "a" (an attraction), "camp" (a site), "climb", "wait_rock", "wait_point", "unmapped"
    (a point), "blown", "portage" (landed on P), "finish", "obey" (the Destination card
    done); `value` the attraction, site or point."""

    score: float
    kind: str
    value: object = None


def portage_share(memory: Memory, seat: int) -> float:
    """K4: of the landings the table told after the player's latest landmark, the share on
    P (a stretch of portages lands on P; lakes and rivers on C)."""
    latest = memory.latest(seat)
    p = memory.landings[(latest, "portage")]
    c = memory.landings[(latest, "canoe")]
    return p / (p + c) if p + c else 0.0


def place_guesses(state: GameState, seat: int, memory: Memory, open_points: Sequence[int],
                  climbable: bool, may_stop: bool) -> list[Guess]:
    """L1-L6: the places the go may end at, by how strongly the table told them after the
    player's latest landmark: the climb (the wait at the base when the weather forbids
    it), above all after waiting at the base for this weather or with the Raven Rock
    Destination card; the Unmapped Region (its card too) by the point the table used most
    that is open to the player; the wait by Dangerous Point."""
    if not may_stop:
        return []
    turn = state.require_turn()
    player = state.players[seat]
    held = CARDS[player.destination] if player.destination is not None else None
    rock = 10 * (memory.chance(seat, CLIMB) + memory.chance(seat, ROCK_BASE))
    if turn.start is Place.ROCK_BASE:
        rock += 20
    if held is not None and attraction_obeys(held, CLIMBED_ATTRACTION):
        rock += 1
    if turn.start is Place.SUMMIT:
        rock = 0  # L2: the descent, not another climb
    edge = 10 * memory.chance(seat, UNMAPPED_EDGE) + (held is not None and region_obeys(held))
    point = 10 * memory.chance(seat, DANGEROUS_POINT)
    if turn.weather not in (Weather.HEADWIND, Weather.WINDBOUND):
        point = 0  # L6: a canoe waits by the point for its shelter from a wind
    # what the trips told lifts a place above the attractions; a place the trips have not
    # told after this landmark is still ahead of most canoes once (`UNTOLD_PLACE`)
    rock, edge, point = (x + 3.0 if x else UNTOLD_PLACE for x in (rock, edge, point))
    # L1, L4: a canoe that has climbed the rock, or been through the region, seldom goes
    # again unless its Destination card sends it (or it waits at the base to climb)
    if Attraction.RAVEN_ROCK in player.attractions and turn.start is not Place.ROCK_BASE \
            and not (held is not None and attraction_obeys(held, CLIMBED_ATTRACTION)):
        rock = min(rock, FLOOR)
    if player.unmapped is not None and not (held is not None and region_obeys(held)):
        edge = min(edge, FLOOR)
    guesses: list[Guess] = []
    if turn.start is not Place.SUMMIT:
        guesses.append(Guess(rock, "climb" if climbable else "wait_rock"))
    if open_points:
        ranked = sorted(open_points, key=lambda p: (-memory.points_in[p], p))
        guesses.append(Guess(edge, "unmapped", ranked[0]))
    if turn.weather in (Weather.HEADWIND, Weather.WINDBOUND) \
            and turn.start is not Place.DANGEROUS_POINT:
        guesses.append(Guess(point, "wait_point"))
    return guesses


def guesses(state: GameState, seat: int, memory: Memory, *,
            allowed: Sequence[Attraction], open_sites: Sequence[str],
            open_points: Sequence[int], climbable: bool, may_stop: bool, blown: bool,
            portage: bool, finish: bool, obey: bool = False) -> list[Guess]:
    """Every step the table can guess the player tells next, likeliest first. A step's
    score is how strongly the table's trips told it after the player's latest landmark,
    plus what the rules and the player's cards say without the trips: the likeliest
    attractions (`attractions`), the campsite while nights are still to camp, a landing on
    P where the table landed on P after the same landmark, finishing when the player may.
    A shared space is not guessed: its answer is on the screen unasked (L9)."""
    out: list[Guess] = []
    # A2, L8: a go crosses an attraction's line more often than it does anything else
    # but land or end, and seldom crosses two (the lines lie apart): the likeliest
    # attraction leads until one was told this go; after it, a place the canoe has not
    # been to (`UNTOLD_PLACE`) comes before a second line. Over 40 bench trips: turns
    # over six 109 -> 105 (first trip), 43 -> 39 (the route copied)
    seen = bool(state.require_turn().seen)
    base = 0.5 if seen else 4.0
    for rank, a in enumerate(attractions(state, seat, memory, allowed)):
        out.append(Guess(10 * memory.chance(seat, f"a:{a.value}")
                         + max(LINE_FLOOR, base - rank), "a", a))
    if open_sites:
        site, _ = camp_site(state, seat, memory, open_sites)
        if site is not None:
            # N1: a canoe that camped last go has a stretch to paddle to the next site,
            # and likelier crosses a line first
            base = 3.5 if memory.latest(seat).startswith("site:") else 4.5
            out.append(Guess(10 * memory.chance(seat, f"site:{site}") + base, "camp", site))
    out += place_guesses(state, seat, memory, open_points, climbable, may_stop)
    if blown:
        # L7: blown back onto an island, in a Windbound go; likeliest of all where this
        # go's throw takes a canoe back on a lake (E3)
        out.append(Guess(BLOWN_BACK if memory.blown_back_now(seat) else 3.0, "blown"))
    if portage:  # a landing is told after the lines crossed on the way there (A2, K4)
        on_p = portage_share(memory, seat)
        out.append(Guess(1.5 + 2.0 * on_p if allowed and not seen else 2.6 + 10.0 * on_p,
                         "portage"))
    if finish:
        # F2: the dock lies past the route's last landmark; elsewhere finishing is only
        # pinned beside the focus (`menus.PINNED`)
        out.append(Guess(4.5 if at_the_end(memory, seat) else 1.0, "finish"))
    if obey:
        # K8: a place's Destination card, done where only the player sees it: the card
        # sends its holder there once, so it ranks with a place the canoe has not been
        # to yet (`UNTOLD_PLACE`). Over 40 bench trips: turns over six 125 -> 120 (the
        # board's points entered), 55 -> 47 (a group that played the board before)
        out.append(Guess(UNTOLD_PLACE + min(memory.held.get(seat, 0), HELD_GOES), "obey"))
    order = ("a", "camp", "climb", "wait_rock", "unmapped", "wait_point", "blown",
             "portage", "finish", "obey")
    return sorted(out, key=lambda g: (-g.score, order.index(g.kind)))


def at_the_end(memory: Memory, seat: int) -> bool:
    """F2: whether the player's latest landmark is where a canoe's way out ended: the
    last landmark some canoe told before it came round again (it reached the dock and
    turned, `way_out`), or the last of the route the group copied (N2), so the dock is
    next. Before any canoe has come round, and without a route, nowhere."""
    ends = {seen[-1] for trail in memory.trails.values()
            for seen, came_round in [way_out(trail)] if came_round}
    return memory.latest(seat) in (ends | set(memory.ends)) - {START}


def climb_ready(state: GameState, seat: int) -> bool:
    """L1, L3: the canoe waited at the base of the rock and may climb in this go."""
    turn = state.require_turn()
    return turn.start is Place.ROCK_BASE and climb_reason(state, seat) is None


__all__ = ["Guess", "Kept", "Memory", "attractions", "camp_site", "climb_ready", "guesses",
           "known_points", "landmark", "learnt", "place_guesses", "remember"]
