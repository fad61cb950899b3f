"""What the table can guess of a Canoe go from what it was told, so that its menus offer
the likeliest steps first, one press each.

The companion has no map, but go after go the players tell it the landmarks their canoes
pass, in order: the attractions, the campsites, Raven Rock, the Unmapped Region and
Dangerous Point. The canoes paddle much the same route, so what the table told after a
landmark is what a player is likeliest to tell after it too (the first canoe round the
board teaches the others; what the table remembers is `memory.Memory`). The landmarks lie
at fixed places along the route, so the throws since a landmark also tell how far past it
the next one lies (`reach`), and which of two told as often this go's throw reaches. A
canoe that turned round (its last two lines lie the other way round on the way out) meets
them in the board's order backwards. The player's Destination card, the nights still to
camp, the weather of the go and the die's own rules narrow it further; where the table has
told nothing yet, the rules' order stands. A shared space is no guess: the screen shows the
answer for every canoe out on the water before anyone asks (L9, `views.share_answers`), so
the players need not tell it, and the rest keeps its room for the steps they do tell.

Nothing here decides a rule: it only orders what the rules' options already allow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.canoe.cards import CARDS
from companion.games.canoe.model import (
    CLIMBED_ATTRACTION,
    ENTERED_ATTRACTIONS,
    Attraction,
    Place,
    is_camped_attraction,
)
from companion.games.canoe.queries import (
    attraction_obeys,
    camping_wanted,
    climb_reason,
    finish_reasons,
    likely_site,
    missing_attractions,
    missing_sites,
    region_obeys,
    site_obeys,
)
from companion.games.canoe.state import GameState
from companion.games.canoe.table.memory import (
    CLIMB,
    DANGEROUS_POINT,
    ROCK_BASE,
    STOPS,
    UNMAPPED_EDGE,
    WEIGHTS,
    WINDS,
    Memory,
    passed_lines,
    way_out,
)
from companion.games.canoe.table.reach import START

FLOOR = 0.3
"""The score of a step the rules allow but nothing the table was told points to: still
offered as a step of its own, after the likelier ones."""

UNTOLD_PLACE = 1.5
"""The score of Raven Rock, the Unmapped Region or Dangerous Point when the trips have not
told it after the player's latest landmark: a canoe that has not been there yet goes once
(the rock for its view, the region for its exit, the point in a wind), so it ranks with the
third likeliest attraction, not after every step the rules allow. Once the canoe has been,
it drops to `FLOOR`. Over 40 bench trips: turns over six presses 138 -> 95."""

LEADER_PLACE = 6.0
"""The score of a place no trip has placed yet (`UNTOLD_PLACE`) for a canoe at the
farthest landmark the trips placed (`Memory.in_front`) that has crossed a line this go: past
the line it meets what nobody has told yet, and a place it must tell (the Unmapped
Region's edge, the rock, the point) is likelier than landing on P. Over 40 bench trips on
six orders of the lines, turns over six presses 445 -> 412. It also outranks the campsite
(4.5 at most, when nothing the trips told points to one): with the rest in levels of
three, the line crossed first costs up to four presses and only the ◀ guess after it keeps
the turn within six; 4.0 -> 6.0 put the turns over six 33 -> 19 over 40 first trips (the
mean 1.9888 -> 1.9869), the other cases unchanged."""

LINE_FLOOR = 0.5
"""The least an attraction the rules allow scores: a go crosses a line far more often than
it goes back to a place the canoe has been to (`FLOOR`), so every attraction ranks above
those. Over 40 bench trips: turns over six 102 -> 93 (first trip), 41 -> 34 (the board
played before), 23 -> 18 (the route copied)."""
HELD_GOES = 3
"""A place's Destination card is likelier done the longer its holder has held it (the
holder makes for the place): its step gains `HELD_GAIN` for each throw since the card was
kept, up to this many. Over 40 bench trips: turns over six 93 -> 89 (first trip), 34 -> 30
(the board played before), 18 -> 13 (the route copied)."""
HELD_GAIN = 2.0
"""What a place's Destination card done gains for each throw its holder has held it (up
to `HELD_GOES`): held two throws or more, it leads the likeliest line (4) and the camp
(4.5) of a go where the trips told nothing after the landmark, the holder being likelier
at the place by then than at a line nothing points to. Over 40 bench trips (a point a
throw before): turns over six 84 -> 84 (the board's points entered), 12 -> 12 (the route
copied), 20 -> 17 (the board played before); presses at "card done" 26 -> 18, 25 -> 18,
32 -> 22."""

TURNING = 4.2
"""F1: a canoe heading back (`Memory.heading_back`) that may finish already paddles back
only for points, and turns round again to make for the dock: its first go out crosses one
of the lines just behind it (`Memory.behind`). Before it crosses a line this go, the
nearest of them scores at least this (just above the likeliest line nothing was told of),
the next `TURNING_LINES` - 1 a `TURNING_STEP` less each, so they come right after the
likeliest way back. Over 40 bench trips: turns over six 87 -> 86 (first trip), 13 -> 10
(the route copied), 23 -> 22 (the board played before); the mean fell in all three."""
TURNING_LINES = 3
TURNING_STEP = 0.2

BLOWN_BACK = 5.0
"""L7: the score of "blown back onto an island" when this go's throw takes a canoe back on a
lake in a Windbound weather (else 3): it leads the list. Over 40 bench trips, that step went
from 4.3 presses on average to 2.5."""

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

    again = passed_lines(trail)[-1] if memory.blown_back(seat) else None  # E3: blown back over it
    meets = memory.meets(seat, [f"a:{a.value}" for a in allowed])

    def rank(a: Attraction) -> tuple[float, ...]:
        key = f"a:{a.value}"
        card = held is not None and attraction_obeys(held, a)
        return (-memory.after(seat, key), -memory.near(seat, key), -(key == again), -card,
                -(a in wanted), meets[key],
                -ago.get(key, len(trail) + 1),
                -memory.told[key], order.get(a, len(order)))

    return sorted(allowed, key=rank)


def ranked_sites(state: GameState, seat: int, memory: Memory, open_sites: Sequence[str]
                 ) -> list[str]:
    """N1, N3, K9: the open campsites, likeliest first for a camp now: the one the player's
    Destination card orders them to, Solitude Point while the all-night trip still wants
    it (where no other site is wanted, or the canoe stands at it: `other_camps`), one the
    table told right after the player's latest landmark (`told_next`; of those told as
    often, the one this go's throw reaches, `Memory.near`), then the open sites along
    the board's order (N2) past the last site some trip camped at before reaching that
    landmark (`firsts`), then the ones before it, nearest the dock first (a canoe that
    turned round paddles back over the last stretch); where no trip tells that, the
    rules' likeliest (`likely_site`) and the board's order from it. A canoe heading back
    (`Memory.heading_back`) meets the sites before its landmark in the board's order
    backwards and camps at the first it wants (the open ones are those it may camp at):
    that order comes before what the trips told after the landmark or the throw
    reaches, a site told next by canoes that did not want the nearer one being no
    sign this canoe passes it. Over 40 bench trips, turns over six that told nothing
    first: 14 -> 14 (the board's points entered), 9 -> 9 (the route copied), 12 -> 11
    (the board played before); the mean 2.0588 -> 2.0581, 1.9478 -> 1.9470, 1.9419 ->
    1.9412. Leaving out what the trips told next and the throw's reach alone put fewer
    turns over six (35 -> 32 in all) but raised the mean with the route copied
    (1.9478 -> 1.9485)."""
    if not open_sites:
        return []
    names = list(state.require_settings().campsites.names)
    latest = memory.latest(seat)
    before = memory.ordered()
    # L5: the Unmapped Region lets a canoe out past its edge, so a site behind the edge
    # is behind an exit too, and so is one before a line the exit skips (`skipped_lines`),
    # for a canoe out of the exit and one landmark past it (heading out, whatever lies
    # before its landmark before the latest lies behind it too)
    recent = [latest] if memory.heading_back(seat) else memory.trail(seat)[-2:]
    marks = list(recent)
    for mark in recent:
        if mark.startswith("exit:"):
            marks += [UNMAPPED_EDGE, *skipped_lines(memory, mark)]
    behind = [i for i, site in enumerate(names)
              if any(before[(f"site:{site}", m)] > before[(m, f"site:{site}")] for m in marks)
              or f"site:{site}" == latest]
    player = state.players[seat]
    held = CARDS[player.destination] if player.destination is not None else None
    likely = likely_site(state, seat)
    # K9, V3: the card's site (or Solitude Point) leads where the canoe stands at it, or
    # where no other site is wanted: else the canoe camps at the first site it reaches
    forced = likely is not None and ((held is not None and site_obeys(held, likely)) or (
        state.require_settings().variants.every_attraction
        and is_camped_attraction(likely) and camping_wanted(state, seat))) and (
        latest == f"site:{likely}" or not other_camps(state, seat, likely))
    told = bool(behind) and latest != START
    start = max(behind) + 1 if told else (names.index(likely) if likely in names else 0)
    if told and latest in STOPS:
        # L1-L6: the last go ended at the place itself, so a site the trips put between
        # the line before it and the place lies where the canoe waits, not behind it
        lines = passed_lines(memory.trail(seat)[:-1])
        line = lines[-1] if lines else START
        here = [i for i in behind if before[(line, f"site:{names[i]}")]
                > before[(f"site:{names[i]}", line)]]
        start = min(here, default=start)
    else:
        here = []

    back = told and memory.heading_back(seat)

    def rank(site: str) -> tuple[float, ...]:
        at = names.index(site)
        if back:
            # N2: heading back, the sites before the landmark, nearest first, then the
            # rest: the board's order backwards before what the trips told
            along = start - at if at < start else len(names) + at - start
            return (-(forced and site == likely), -(at in here), along,
                    -told_next(memory, seat, site), -memory.near(seat, f"site:{site}"))
        # past the landmark first, in the board's order; then (a canoe that turned
        # round) the sites before it, nearest the dock first
        along = at - start if at >= start else (
            len(names) + (start - at) if told else len(names) + at)
        return (-(forced and site == likely), -(at in here), -told_next(memory, seat, site),
                -memory.near(seat, f"site:{site}"), along)

    return sorted(open_sites, key=rank)


def other_camps(state: GameState, seat: int, site: str) -> bool:
    """N1, V2: whether the player has camping to do at a site other than `site`: nights
    short of the trip's, or (the long game) a site never used. A canoe camps at the
    first site it reaches that it wants, so the site its Destination card orders it to
    (or Solitude Point for the all-night trip) leads only where no other is wanted, or
    where the canoe stands at it already. Over 40 bench trips: turns over six 87 -> 84
    (the board's points entered), 13 -> 13 (the route copied), 23 -> 21 (a group that
    played the board before); presses at a camp 621 -> 581, 618 -> 565, 751 -> 705."""
    settings = state.require_settings()
    return state.players[seat].nights < settings.nights or (
        settings.variants.every_campsite and bool(set(missing_sites(state, seat)) - {site}))


def told_next(memory: Memory, seat: int, site: str) -> int:
    """N1, N2: how many times over the trips told `site` right after the player's latest
    landmark (`Memory.after` in steps of `WEIGHTS[0]`, one canoe telling it next): a site
    told only two or three landmarks after it lies farther on, past a site the board's
    order puts first, so it does not outrank that order. Over 40 bench trips: turns over
    six 84 -> 84 (the board's points entered), 13 -> 12 (the route copied), 21 -> 21 (the
    board played before); presses at a camp 581 -> 579, 565 -> 562, 705 -> 700."""
    return memory.after(seat, f"site:{site}") // WEIGHTS[0]


def skipped_lines(memory: Memory, exit_: str) -> list[str]:
    """L5, A2: the lines a canoe out of the Unmapped Region's exit `exit_` has left behind.
    Every canoe tells a line as it crosses it, so a line the trips put on the way out
    (`firsts`) before one they told after that exit, but which no trip told after it,
    lies between the region's edge and where the exit lets a canoe out; a site before
    it is behind the canoe too. Over 40 bench trips (with a canoe one landmark past its
    exit placed so too): turns over six 84 -> 84 (the board's points entered), 12 -> 12
    (the route copied), 21 -> 20 (the board played before); presses at a camp 579 -> 568,
    562 -> 562, 700 -> 692."""
    before = memory.ordered()
    lines = {key for pair in before for key in pair
             if key.startswith("a:") and key in passed_lines([key])}
    told = {key for (first, key), count in memory.follows.items()
            if first == exit_ and count and key in lines}
    return sorted(line for line in lines - told
                  if any(before[(line, ahead)] > before[(ahead, line)] for ahead in told))


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
    # L6: a canoe shelters by the point only in a wind, so its share of what was told
    # after the landmark counts the tellings in a wind (out; back, every telling)
    point = 10 * (memory.chance(seat, DANGEROUS_POINT) if memory.heading_back(seat)
                  else memory.chance_in_wind(seat, DANGEROUS_POINT))
    if turn.weather not in WINDS:
        point = 0  # L6: a canoe waits by the point for its shelter from a wind
    # what the trips told lifts a place above the attractions; a place the trips have not
    # told after this landmark is still ahead of most canoes once (`UNTOLD_PLACE`)
    # a canoe at the farthest landmark placed that crossed a line this go is likelier at
    # a place no trip has placed than landing on P (`LEADER_PLACE`); one the line this go
    # left behind, the canoe passed (`passed_place`)
    along = memory.along()
    untold = LEADER_PLACE if turn.seen and memory.in_front(seat) else UNTOLD_PLACE
    rock, edge, point = (
        x + 3.0 if x else (
            (FLOOR if turn.seen and passed_place(memory, seat, keys) else UNTOLD_PLACE)
            if any(k in along for k in keys) else untold)
        for x, keys in ((rock, (ROCK_BASE, CLIMB)), (edge, (UNMAPPED_EDGE,)),
                        (point, (DANGEROUS_POINT,))))
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
    if turn.weather in WINDS \
            and turn.start is not Place.DANGEROUS_POINT:
        guesses.append(Guess(point, "wait_point"))
    return guesses


def passed_place(memory: Memory, seat: int, keys: Sequence[str]) -> bool:
    """L1-L6, A2: whether the trips put a place (its `keys`) behind the line the canoe
    crossed this go, the way it paddles (`Memory.ordered`; past it on the way out, for a
    canoe heading back): the go went on from the line, away from the place, so it does
    not end there; the place drops to `FLOOR`, after every attraction. Over 40 bench
    trips, turns over six that told nothing first: 14 -> 13 (the board's points entered),
    9 -> 9 (the route copied), 11 -> 11 (the board played before); the mean fell in all
    three (2.0581 -> 2.0578, 1.9470 -> 1.9468, 1.9412 -> 1.9410). A place behind the
    latest landmark before any line this go stays: dropped too, it put far more turns
    over six (37 -> 61 in all heading back, 72 either way); canoes turn round to it."""
    latest = memory.latest(seat)
    return any(memory.behind_on_way(seat, key, latest) for key in keys)


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
    # F1: a canoe paddling back that may finish turns round for the dock (`TURNING`)
    turning = memory.behind(seat, [f"a:{a.value}" for a in allowed])[:TURNING_LINES] \
        if not seen and memory.heading_back(seat) and not finish_reasons(state, seat) \
        else []
    for rank, a in enumerate(attractions(state, seat, memory, allowed)):
        key = f"a:{a.value}"
        score = 10 * memory.chance(seat, key) + max(LINE_FLOOR, base - rank)
        if key in turning:
            score = max(score, TURNING - TURNING_STEP * turning.index(key))
        out.append(Guess(score, "a", a))
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
        # pinned third, ◀ behind ● twice (`menus.PINNED`)
        out.append(Guess(4.5 if at_the_end(memory, seat) else 1.0, "finish"))
    if obey:
        # K8: a place's Destination card, done where only the player sees it: the card
        # sends its holder there once, so it ranks with a place the canoe has not been
        # to yet (`UNTOLD_PLACE`). Over 40 bench trips: turns over six 125 -> 120 (the
        # board's points entered), 55 -> 47 (a group that played the board before)
        out.append(Guess(UNTOLD_PLACE + HELD_GAIN * min(memory.held.get(seat, 0), HELD_GOES),
                         "obey"))
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


__all__ = ["Guess", "at_the_end", "attractions", "camp_site", "climb_ready", "guesses",
           "known_points", "passed_place", "place_guesses", "ranked_sites"]
