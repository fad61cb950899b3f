"""What the Canoe table guesses a player tells next at and around the board's places:
Raven Rock, the Unmapped Region and its exits, Dangerous Point, an island the wind blows a
canoe back onto (L1-L7), and the campsites and lines past them. The guesses only order
what the rules allow; each case is counted in presses on the real table or read from the
guesses themselves."""

from __future__ import annotations

from canoe_harness import Trip

from companion.games.canoe import commands as c
from companion.games.canoe import events as ev
from companion.games.canoe.model import ENTERED_ATTRACTIONS, Attraction, Place, Weather
from companion.games.canoe.settings import Ring
from companion.games.canoe.table.likely import (
    BLOWN_BACK,
    FLOOR,
    LEADER_PLACE,
    UNTOLD_PLACE,
    Guess,
    camp_site,
    guesses,
    place_guesses,
    ranked_sites,
    skipped_lines,
)
from companion.games.canoe.table.memory import (
    DANGEROUS_POINT,
    UNMAPPED_EDGE,
    Memory,
    learnt,
    remember,
)
from companion.games.canoe.table.route import route_memory
from games.canoe.test_canoe_presses import SITES, Table

OPEN = list(SITES.names)
WINDY = Ring((Weather.WINDBOUND, Weather.CALM))


def test_l1_l4_a_canoe_that_climbed_or_went_through_the_region_is_seldom_sent_again(
        ) -> None:
    trip = Trip(2, nights=1, campsites=SITES)
    trip.turn(2, c.Climb(0, 25))
    trip.turn(2, c.Climb(1, 25))
    trip.turn(2)  # Ann descends
    trip.roll(2)  # Bob descends
    trip.end()
    trip.roll(2)  # Ann, who climbed already, past the landmark after which Bob climbed
    memory = remember(trip.events)
    guesses = place_guesses(trip.state, 0, memory, [1, 2, 3], climbable=True, may_stop=True)
    climb = next(g for g in guesses if g.kind == "climb")
    assert climb.score == FLOOR


def test_l1_n1_a_canoe_that_climbed_camps_first_at_the_site_just_before_the_rock() -> None:
    # the route puts Sugar Island between Great Falls and the rock: a canoe that climbed
    # (its go ended at the summit) is still there, so the site is no site behind it
    route = ("Solitude Point", "great_falls", "Sugar Island", "raven_rock", "moose",
             "Indian Pond 1", "Indian Pond 2")
    trip = Trip(2, nights=1, campsites=SITES)
    trip.turn(2, c.SeeAttraction(0, Attraction.GREAT_FALLS, 25))
    trip.turn(2)
    trip.turn(2, c.Climb(0, 25))
    trip.turn(2)
    trip.roll(2)  # Ann descends
    board = route_memory(route)
    assert board is not None and board.before[("site:Sugar Island", "a:raven_rock")] == 1
    memory = remember(trip.events, board)
    assert ranked_sites(trip.state, 0, memory, OPEN)[0] == "Sugar Island"
    assert camp_site(trip.state, 0, memory, OPEN)[0] == "Sugar Island"
    # a canoe whose latest is a line it crossed has passed the site: the next one first
    trip = Trip(2, nights=1, campsites=SITES)
    trip.turn(2, c.SeeAttraction(0, Attraction.MOOSE, 15))
    trip.turn(2)
    trip.roll(2)
    assert ranked_sites(trip.state, 0, remember(trip.events, board), OPEN)[0] == \
        "Indian Pond 1"


def _unmapped_after_moose(trip: Trip) -> list[Guess]:
    """Ann's guesses after she crossed the moose's line this go, P allowed, the lines
    nobody told after the moose's still to cross."""
    trip.roll(4)
    trip.do(c.SeeAttraction(0, Attraction.MOOSE, 15))
    told = {Attraction.MOOSE, Attraction.RAINBOW}
    return guesses(trip.state, 0, remember(trip.events),
                   allowed=[a for a in ENTERED_ATTRACTIONS if a not in told],
                   open_sites=[], open_points=[1, 2, 3], climbable=False,
                   may_stop=True, blown=False, portage=True, finish=False)


def test_a2_l4_after_a_line_this_go_a_place_not_yet_been_to_comes_before_a_second() -> None:
    trip = Trip(2, campsites=SITES)
    trip.turn(2)  # Bob's canoe goes ahead, past the moose to the rainbow
    trip.turn(2, c.SeeAttraction(1, Attraction.MOOSE, 15))
    trip.turn(2)
    trip.turn(2, c.SeeAttraction(1, Attraction.RAINBOW, 20))
    ranked = _unmapped_after_moose(trip)
    kinds = [g.kind for g in ranked]
    # the lines lie apart: the Unmapped Region (never entered) before another line
    assert kinds.index("unmapped") < kinds.index("a")
    assert next(g for g in ranked if g.kind == "unmapped").score == UNTOLD_PLACE


def test_l4_a_canoe_in_front_meets_a_place_nobody_placed_before_landing_on_p() -> None:
    # the first canoe past the moose: nobody has told what lies past its line, so the
    # places nobody reached (the Unmapped Region's edge, the rock) lead, ahead of P
    trip = Trip(2, campsites=SITES)
    ranked = _unmapped_after_moose(trip)
    assert remember(trip.events).in_front(0)
    kinds = [g.kind for g in ranked]
    assert kinds[:3] == ["wait_rock", "unmapped", "portage"]
    assert ranked[1].score == LEADER_PLACE > UNTOLD_PLACE
    # before any line this go, the lines still lead: the canoe crosses one first
    trip = Trip(2, campsites=SITES)
    trip.turn(2, c.SeeAttraction(0, Attraction.MOOSE, 15))
    trip.turn(2)
    trip.roll(4)
    ranked = guesses(trip.state, 0, remember(trip.events),
                     allowed=list(ENTERED_ATTRACTIONS), open_sites=[], open_points=[1, 2],
                     climbable=False, may_stop=True, blown=False, portage=True,
                     finish=False)
    assert ranked[0].kind == "a"
    assert next(g for g in ranked if g.kind == "unmapped").score == UNTOLD_PLACE


def test_l4_n1_a_canoe_in_front_meets_a_place_nobody_placed_before_a_campsite() -> None:
    # past the first line nobody told, the rock or the region's edge is likelier than a
    # camp nothing the trips told points to: with the rest in levels of three, that line
    # may have cost four presses, and only the ◀ guess after it keeps the turn within six
    trip = Trip(2, campsites=SITES)
    trip.roll(4)
    trip.do(c.SeeAttraction(0, Attraction.MOOSE, 15))
    ranked = guesses(trip.state, 0, remember(trip.events),
                     allowed=[a for a in ENTERED_ATTRACTIONS if a is not Attraction.MOOSE],
                     open_sites=OPEN, open_points=[1, 2, 3], climbable=True, may_stop=True,
                     blown=False, portage=True, finish=False)
    kinds = [g.kind for g in ranked]
    assert kinds[:2] == ["climb", "unmapped"] and kinds.index("camp") == 2
    assert ranked[0].score == LEADER_PLACE > next(g.score for g in ranked if g.kind == "camp")
    # at the table: ◀ climbs (its points next: the group entered none), one press
    table = Table(trip)
    top = next(m for m in table.table.frame().menus if m.seat == 0)
    assert next(i.label for i in top.items if i.button == "left") == "Climbed Raven Rock"


def _out_of_exit_6(*route: str) -> tuple[Trip, Memory]:
    """Ann sees the moose, enters the Unmapped Region by point 2 and comes out by exit 6,
    then throws again, on a board whose route the group copied."""
    board = route_memory(route)
    assert board is not None
    trip = Trip(2, nights=3, campsites=SITES)
    trip.turn(2, c.SeeAttraction(0, Attraction.MOOSE, 15))
    trip.turn(2)
    trip.turn(2, c.ReachUnmapped(0, 2))
    trip.turn(2)
    trip.turn(6)  # in by point 2, out by exit 6
    trip.turn(2)
    trip.roll(3)
    memory = remember(trip.events, board)
    assert memory.latest(0) == "exit:6"
    return trip, memory


def test_l5_n1_a_canoe_out_of_an_exit_nobody_used_camps_past_the_region_s_edge() -> None:
    # the route: the region's edge lies past Sugar Island; nobody told what lies round
    # exit 6, but the region lets a canoe out past its edge, never behind it
    trip, memory = _out_of_exit_6("Solitude Point", "moose", "Sugar Island",
                                  "unmapped_region", "Indian Pond 1", "rainbow",
                                  "Indian Pond 2")
    assert ranked_sites(trip.state, 0, memory, OPEN)[0] == "Indian Pond 1"


def test_l5_a2_a_canoe_out_of_an_exit_meets_the_lines_past_the_region_s_edge() -> None:
    # the route puts the canoe paddle's line just before the region; Ann, out of exit 6,
    # told few landmarks before it, so the trips place the exit early: she is still past
    # the edge (an exit lets the canoe out past it) and meets the lines beyond it
    _, memory = _out_of_exit_6("Solitude Point", "moose", "Sugar Island", "canoe_paddle",
                               "unmapped_region", "rainbow", "northern_lights")
    along = memory.along()
    assert along["exit:6"] < along[UNMAPPED_EDGE]
    assert memory.place_of(0) == along[UNMAPPED_EDGE]
    meets = memory.meets(0, [f"a:{a.value}" for a in ENTERED_ATTRACTIONS])
    assert sorted(meets, key=lambda k: meets[k])[:2] == ["a:rainbow", "a:northern_lights"]


def test_l7_blown_back_onto_an_island_leads_when_the_throw_takes_the_canoe_back() -> None:
    trip = Trip(2, campsites=SITES, ring=WINDY)
    trip.roll(2)  # Windbound: 2 - 4 on a lake, two spaces back
    memory = remember(trip.events)
    assert memory.blown_back_now(0)
    ranked = guesses(trip.state, 0, memory, allowed=list(ENTERED_ATTRACTIONS),
                     open_sites=OPEN, open_points=[], climbable=False, may_stop=False,
                     blown=True, portage=True, finish=False)
    assert ranked[0] == Guess(BLOWN_BACK, "blown")
    trip = Trip(2, campsites=SITES, ring=WINDY)
    trip.roll(5)  # forwards on a lake: an island it reaches is no island blown back onto
    memory = remember(trip.events)
    ranked = guesses(trip.state, 0, memory, allowed=list(ENTERED_ATTRACTIONS),
                     open_sites=OPEN, open_points=[], climbable=False, may_stop=False,
                     blown=True, portage=True, finish=False)
    assert not memory.blown_back_now(0) and ranked[0].kind != "blown"


def test_l6_dangerous_point_s_share_counts_what_was_told_in_a_wind() -> None:
    # in a headwind Ann waited by Dangerous Point after the moose; in the calm that
    # followed, three canoes went on from the moose to the rainbow
    memory = Memory()
    memory.add(ev.WeatherAdvanced(1, Weather.HEADWIND, "six"))
    memory.add(ev.AttractionSeen(0, Attraction.MOOSE, 15))
    memory.add(ev.Stopped(0, Place.DANGEROUS_POINT))
    memory.add(ev.WeatherAdvanced(2, Weather.CALM, "six"))
    for seat in (1, 2, 3):
        memory.add(ev.AttractionSeen(seat, Attraction.MOOSE, 15))
        memory.add(ev.AttractionSeen(seat, Attraction.RAINBOW, 20))
    memory.add(ev.AttractionSeen(4, Attraction.MOOSE, 15))
    # over every weather the point is the rarer step; in a wind, the one told every time
    assert memory.chance(4, DANGEROUS_POINT) < 0.3
    assert memory.chance_in_wind(4, DANGEROUS_POINT) == 1.0



def test_l5_n1_a_site_before_a_line_the_exit_skips_is_behind_the_canoe() -> None:
    # the route: Indian Pond 1, the rainbow, Indian Pond 2, the Northern Lights, past the
    # region's edge; an earlier trip's canoe out of exit 6 crossed the Northern Lights
    # first, never the rainbow: exit 6 lets a canoe out past the rainbow, and so past
    # Indian Pond 1 before it
    route = ("Solitude Point", "moose", "Sugar Island", "unmapped_region", "Indian Pond 1",
             "rainbow", "Indian Pond 2", "northern_lights")
    earlier, _ = _out_of_exit_6(*route)
    earlier.do(c.SeeAttraction(0, Attraction.NORTHERN_LIGHTS, 20))
    board = learnt([earlier.events], SITES.names, route_memory(route))
    assert board is not None
    trip, _ = _out_of_exit_6(*route)
    memory = remember(trip.events, board)
    # every line the route puts before the Northern Lights, and no trip told after exit 6
    assert skipped_lines(memory, "exit:6") == ["a:moose", "a:rainbow"]
    assert ranked_sites(trip.state, 0, memory, OPEN)[0] == "Indian Pond 2"
    # with no trip out of that exit, the edge is all the table knows: the first site past it
    _, alone = _out_of_exit_6(*route)
    assert skipped_lines(alone, "exit:6") == []
    assert ranked_sites(trip.state, 0, alone, OPEN)[0] == "Indian Pond 1"
