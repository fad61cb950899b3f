"""What the Canoe table guesses where the trips told it all already: the steps a canoe
takes over landmarks every trip has placed, ranked from what the table knows of them
(where each lies on the way out, how far past another, which way the canoe paddles).
Each case is read from the table's memory of a real trip through the rules, or from the
guesses themselves."""

from __future__ import annotations

from canoe_harness import Trip

from companion.games.canoe import commands as c
from companion.games.canoe import events as ev
from companion.games.canoe.model import Attraction, Place, Weather
from companion.games.canoe.settings import Ring
from companion.games.canoe.table.likely import (
    FLOOR,
    UNTOLD_PLACE,
    passed_place,
    place_guesses,
    ranked_sites,
)
from companion.games.canoe.table.memory import DANGEROUS_POINT, Memory, remember
from games.canoe.test_canoe_presses import SITES

MOOSE, RAINBOW, FALLS = Attraction.MOOSE, Attraction.RAINBOW, Attraction.GREAT_FALLS
OPEN = list(SITES.names)


def test_e3_a2_no_bracket_from_a_landmark_the_line_lies_behind() -> None:
    """Ann paddles out over the moose, the rainbow and Great Falls and turns round over
    the rainbow again: the rainbow lies 0 to 3 spaces past Great Falls on her way back.
    Bob paddles out over the same lines and camps: the rainbow lies behind Great Falls
    on his way, so Ann's bracket from there says nothing of where he meets it."""
    trip = Trip(2, campsites=SITES)
    for line in (MOOSE, RAINBOW, FALLS):
        trip.turn(3, c.SeeAttraction(0, line, 10))
        trip.turn(3, c.SeeAttraction(1, line, 10))
    trip.turn(3, c.SeeAttraction(0, RAINBOW, 10))  # Ann, back over it
    trip.turn(3, c.Camp(1, "Indian Pond 2", 5))  # Bob: 0 to 3 past Great Falls' go
    trip.turn(3)  # Ann; Bob's go missed for the camp (N1)
    trip.turn(3)  # Ann
    assert trip.active == 1
    trip.roll(1)  # Bob: 3 to 4 past Great Falls' go, within Ann's bracket and its slack
    memory = remember(trip.events)
    assert memory.reach.spans[("a:great_falls", "a:rainbow")] == [(0, 3)]
    assert memory.reach.window(1, "a:great_falls") == (3, 4)
    assert not memory.heading_back(1) and memory.heading_back(0)
    within = memory.reach.within(1, "a:rainbow")
    assert within is not None and within > 0  # the bracket itself: this throw reaches it
    assert memory.near(1, "a:rainbow") == 0.0


def test_a2_n1_a_line_level_with_the_site_the_canoe_camped_at_is_ahead_of_it() -> None:
    """Ann paddles out over the moose and the rainbow; Bob over the moose, then camps at
    Indian Pond 2. The trips put the rainbow and the site each one landmark past the
    moose and never one before the other: the rainbow lies ahead of Bob's camp (a line
    he had passed he would have told), so he meets it before a line nobody placed."""
    trip = Trip(2, campsites=SITES)
    trip.turn(3, c.SeeAttraction(0, MOOSE, 10))
    trip.turn(3, c.SeeAttraction(1, MOOSE, 10))
    trip.turn(3, c.SeeAttraction(0, RAINBOW, 10))
    trip.turn(3, c.Camp(1, "Indian Pond 2", 5))
    memory = remember(trip.events)
    assert memory.along()["a:rainbow"] == memory.along()["site:Indian Pond 2"]
    meets = memory.meets(1, ["a:rainbow", "a:great_falls", "a:moose"])
    assert meets["a:rainbow"] < meets["a:great_falls"]
    assert meets["a:rainbow"] < meets["a:moose"]
    # Ann, at the rainbow itself, has it behind her: she passed it
    meets = memory.meets(0, ["a:rainbow", "a:great_falls"])
    assert meets["a:great_falls"] < meets["a:rainbow"]


def test_n1_n2_a_canoe_heading_back_camps_first_at_the_nearest_site_behind_it() -> None:
    """Ann camps at Sugar Island and crosses the rainbow right after it; Cy camps at
    Indian Pond 1 and crosses the moose, then the rainbow. Bob paddles out over the
    moose, the rainbow and Great Falls and back over the rainbow: heading back, he meets
    Indian Pond 1 before Sugar Island (the board's order backwards), though the trips
    told Sugar Island right before the rainbow."""
    trip = Trip(3, campsites=SITES)
    trip.turn(2, c.Camp(0, "Sugar Island", 15))
    trip.turn(2, c.SeeAttraction(1, MOOSE, 10))
    trip.turn(2, c.Camp(2, "Indian Pond 1", 10))
    trip.turn(2, c.SeeAttraction(1, RAINBOW, 20))  # Ann's go missed for the camp (N1)
    trip.turn(2, c.SeeAttraction(0, RAINBOW, 20))  # and Cy's
    trip.turn(2, c.SeeAttraction(1, FALLS, 25))
    trip.turn(2, c.SeeAttraction(2, MOOSE, 10))
    trip.turn(2)  # Ann
    trip.turn(2, c.SeeAttraction(1, RAINBOW, 20))  # Bob, back over it
    trip.turn(2, c.SeeAttraction(2, RAINBOW, 20))
    trip.turn(2)  # Ann
    assert trip.active == 1
    trip.roll(3)
    memory = remember(trip.events)
    assert memory.heading_back(1)
    assert memory.after(1, "site:Sugar Island") > memory.after(1, "site:Indian Pond 1")
    assert ranked_sites(trip.state, 1, memory, OPEN) == [
        "Indian Pond 1", "Sugar Island", "Solitude Point", "Indian Pond 2"]


def _waited_then_rainbow() -> Memory:
    """Bob crossed the moose, waited by Dangerous Point and went on to the rainbow; Ann
    crossed the moose."""
    memory = Memory()
    memory.add(ev.AttractionSeen(1, MOOSE, 10))
    memory.add(ev.Stopped(1, Place.DANGEROUS_POINT))
    memory.add(ev.AttractionSeen(1, RAINBOW, 20))
    memory.add(ev.AttractionSeen(0, MOOSE, 10))
    return memory


def test_l6_a2_a_place_behind_the_line_crossed_this_go_was_passed() -> None:
    """In a Windbound go Ann throws and crosses the rainbow: Dangerous Point, which the
    trips put between the moose and the rainbow, lies behind her, so the go does not end
    by it; before she crossed a line it was still ahead of her."""
    trip = Trip(2, campsites=SITES, ring=Ring((Weather.WINDBOUND, Weather.CALM)))
    trip.roll(5)  # forwards
    memory = _waited_then_rainbow()
    assert not passed_place(memory, 0, [DANGEROUS_POINT])
    point = next(g for g in place_guesses(trip.state, 0, memory, [], False, True)
                 if g.kind == "wait_point")
    assert point.score == UNTOLD_PLACE
    trip.do(c.SeeAttraction(0, RAINBOW, 20))
    memory.add(ev.AttractionSeen(0, RAINBOW, 20))
    assert passed_place(memory, 0, [DANGEROUS_POINT])
    point = next(g for g in place_guesses(trip.state, 0, memory, [], False, True)
                 if g.kind == "wait_point")
    assert point.score == FLOOR
