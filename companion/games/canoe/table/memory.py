"""What the Canoe table remembers of the trips told on a board, for its guesses
(`likely`): each seat's landmarks in order, which landmark followed which, where each lies
on the way out, where canoes landed, the Unmapped Region's points used, the points
entered, and how far each landmark lay past another (`reach`).

The companion has no map: go after go the players tell it the landmarks their canoes pass
(the attractions' lines, the campsites, Raven Rock, the Unmapped Region and Dangerous
Point), and every canoe meets them in the same order on its way out. A trip's memory is
kept event by event (`Kept`), and what stays true of the board is handed to the next trip
on it (`Memory.board`, `learnt`).

Nothing here decides a rule: it only remembers what the players told.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial

from companion.games.canoe import events as ev
from companion.games.canoe.model import CLIMBED_ATTRACTION, Place, Weather, moves
from companion.games.canoe.table.reach import START, Reach

SPAN = 3
"""How many landmarks ahead a landmark's followers are counted (nearer ones weigh more),
so a campsite between two attractions does not hide the second from the first."""
WEIGHTS = (4, 2, 1)

CLIMB = f"a:{CLIMBED_ATTRACTION.value}"
ROCK_BASE = f"stop:{Place.ROCK_BASE.value}"
UNMAPPED_EDGE = f"stop:{Place.UNMAPPED_EDGE.value}"
DANGEROUS_POINT = f"stop:{Place.DANGEROUS_POINT.value}"
STOPS = frozenset({CLIMB, ROCK_BASE, UNMAPPED_EDGE, DANGEROUS_POINT})
WINDS = frozenset({Weather.HEADWIND, Weather.WINDBOUND})
"""L6: the weathers a canoe shelters by Dangerous Point from."""
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
    windy: Counter[str] = field(default_factory=Counter)  # `totals` told in a wind (L6)
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
            if self.weather in WINDS:
                self.windy[before] += weight
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
                      windy=Counter(self.windy),
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
            lines = passed_lines(self.trail(seat))
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

    def first_out(self, first: str, then: str) -> bool:
        """Whether the trips put `first` before `then` on the way out (`ordered`) more
        often than after it."""
        order = self.ordered()
        return order[(first, then)] > order[(then, first)]

    def behind_on_way(self, seat: int, key: str, landmark: str) -> bool:
        """Whether the trips put `key` behind `landmark` the way `seat`'s canoe paddles:
        before it on the way out, past it for a canoe heading back."""
        if self.heading_back(seat):
            return self.first_out(landmark, key)
        return self.first_out(key, landmark)

    def along(self) -> dict[str, int]:
        """Each landmark's place on the way out: how many landmarks the trips told before
        it more often than after it (`ordered`), kept until the next landmark is told."""
        if self._along is None:
            before = self.ordered()
            keys = {k for pair in before for k in pair}
            self._along = {k: sum(1 for j in keys if before[(j, k)] > before[(k, j)])
                           for k in keys}
        return self._along

    def place_of(self, seat: int) -> int | None:
        """Where `seat`'s canoe is on the way out (`along`): at its latest landmark; out of
        an Unmapped Region's exit, past the region's edge at least (L5: an exit lets the
        canoe out past the edge, whatever order the trips told the exits in). Over 40
        bench trips, turns over six: 26 -> 24 (the board played before), 16 -> 13 (the
        route copied)."""
        along = self.along()
        latest = self.latest(seat)
        here = along.get(latest)
        edge = along.get(UNMAPPED_EDGE)
        if here is not None and edge is not None and latest.startswith("exit:"):
            return max(here, edge)
        return here

    def in_front(self, seat: int) -> bool:
        """Whether `seat`'s canoe, heading out, is at the farthest landmark the trips
        placed (`along`): what lies ahead of it, nobody has told yet."""
        along = self.along()
        here = self.place_of(seat)
        return not self.heading_back(seat) and here is not None and here >= max(along.values())

    def meets(self, seat: int, keys: Iterable[str]) -> dict[str, int]:
        """In which order `seat`'s canoe likeliest meets `keys` from its latest landmark,
        by where the trips put them on the way out (`along`), the way it paddles: the
        next two ahead, then the nearest behind it (a canoe turns round), then those no
        trip placed yet (all alike), then the rest ahead and behind, nearest first. A
        canoe past every one placed (it leads) meets one nobody placed first. Over 40
        bench trips, turns over six: 110 -> 102 (first trip), 51 -> 41 (the board played
        before), 35 -> 23 (the route copied). A line as far along as the campsite the
        canoe camped at (`along`), that no trip told before that site the way the canoe
        paddles, is the next ahead, not behind it: a site is told only by the canoes that
        camp there, so the trips seldom place it against the lines beside it, while a line
        the canoe has passed would lie before it. Over 40 bench trips, turns over six that
        told nothing first: 16 -> 14 (the board's points entered; the mean 2.0603 ->
        2.0588), 9 -> 9 (the route copied), 12 -> 12 (the board played before), the mean
        of those two unchanged. Beside a line too, as many turns over six and no fewer
        presses: every canoe tells the lines, so two never told in order lie apart."""
        along = self.along()
        here = self.place_of(seat)
        way = -1 if self.heading_back(seat) else 1
        ahead: list[tuple[int, str]] = []
        behind: list[tuple[int, str]] = []
        unplaced: list[str] = []
        latest = self.latest(seat)
        for key in keys:
            at = along.get(key)
            if here is None or at is None:
                unplaced.append(key)
            elif (at - here) * way > 0:
                ahead.append(((at - here) * way, key))
            elif at == here and latest.startswith("site:") and \
                    not self.behind_on_way(seat, key, latest):
                ahead.append((0, key))  # level with a site few canoes told: not behind
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

    def behind(self, seat: int, keys: Iterable[str]) -> list[str]:
        """The `keys` the trips put behind `seat`'s canoe on the way it paddles (`along`),
        nearest first, those at its latest landmark's place first: a canoe that turns round
        meets them first. Empty where the trips have not placed the canoe."""
        along = self.along()
        here = self.place_of(seat)
        if here is None:
            return []
        way = -1 if self.heading_back(seat) else 1
        placed = [((here - along[key]) * way, key) for key in keys
                  if key in along and (along[key] - here) * way <= 0]
        return [key for _, key in sorted(placed)]

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
        `seat`'s latest landmarks (`reach.Reach.within`), 0 where they did not tell. Out
        of an Unmapped Region exit nobody told an attraction's line after, where the
        trips met it past any exit (L5, `reach.Reach.exit_spans`). Over 40 bench trips,
        turns over six: 86 -> 84 (first trip), 22 -> 21 (the board played before), 10
        -> 10 (the route copied); the mean fell in all three. The lines only: the
        campsites' brackets pooled too put more turns over six (84 -> 88, 21 -> 26,
        10 -> 13). Not from a landmark before the latest that the trips put after `key`
        the way the canoe paddles (`ordered`; before it, for a canoe heading back): the
        canoe passed `key` or paddles away from it, and the bracket was learnt by canoes
        paddling the other way. Over 40 bench trips, turns over six that told nothing
        first: 16 -> 16 (the board's points entered), 9 -> 9 (the route copied), 14 -> 12
        (the board played before); the mean fell in two, the third unchanged. From the
        latest landmark too, more turns went over six (39 -> 43 in all): a canoe turns
        round there."""
        return self.reach.within(seat, key, any_exit=key.startswith("a:"),
                                 behind=partial(self.behind_on_way, seat, key)) or 0.0

    def chance_in_wind(self, seat: int, key: str) -> float:
        """`chance` among what was told in a wind only (a canoe shelters by Dangerous Point
        only then, L6), for a canoe paddling out."""
        total = self.windy[self.latest(seat)]
        return self.follows[(self.latest(seat), key)] / total if total else 0.0

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


def passed_lines(trail: Sequence[str]) -> list[str]:
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


__all__ = ["CLIMB", "DANGEROUS_POINT", "ROCK_BASE", "STOPS", "UNMAPPED_EDGE", "WINDS", "Kept",
           "Memory", "firsts", "landmark", "learnt", "passed_lines", "remember", "way_out"]
