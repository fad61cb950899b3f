"""How far a Canoe landmark lies past another, learnt from the throws (E3): the throws
since a canoe's landmark bracket where it told the next one, and the table ranks first
the attraction or campsite whose bracket this go's throw reaches, where what was told
after the latest landmark does not settle it. Each case is read from the table's memory
of a real trip through the rules, or from the guesses themselves."""

from __future__ import annotations

from canoe_harness import Trip

from companion.games.canoe import commands as c
from companion.games.canoe.model import Attraction
from companion.games.canoe.table.likely import attractions, ranked_sites
from companion.games.canoe.table.memory import learnt, remember
from companion.games.canoe.table.reach import SLACK, Reach
from games.canoe.test_canoe_presses import SITES

MOOSE, RAINBOW, FALLS = Attraction.MOOSE, Attraction.RAINBOW, Attraction.GREAT_FALLS
RESCUE = Attraction.RESCUE_BEGINNERS


def _two_lines() -> Trip:
    """Ann, Bob and Cy each see the moose on a 4. Ann sees the rainbow on her next go (a
    5); Cy sees Great Falls on his second go of 5: the rainbow lies 0 to 5 spaces past the
    end of the moose's go, Great Falls 5 to 10. Bob throws 1s."""
    trip = Trip(3)
    for seat in range(3):
        trip.turn(4, c.SeeAttraction(seat, MOOSE, 10))
    trip.turn(5, c.SeeAttraction(0, RAINBOW, 20))
    trip.turn(1)  # Bob: 1 past the moose's go
    trip.turn(5)  # Cy: 5
    trip.turn(2)  # Ann
    trip.turn(1)  # Bob: 2
    trip.turn(5, c.SeeAttraction(2, FALLS, 25))  # Cy: 5 to 10 past it
    trip.turn(2)  # Ann
    return trip


def test_e3_the_throws_since_a_landmark_bracket_where_the_next_one_lies() -> None:
    memory = remember(_two_lines().events)
    assert memory.reach.spans[("a:moose", "a:rainbow")] == [(0, 5)]
    assert memory.reach.spans[("a:moose", "a:great_falls")] == [(5, 10)]
    # from the start too: the moose within the first go's 4
    assert memory.reach.spans[("start", "a:moose")] == [(0, 4), (0, 4), (0, 4)]


def test_e3_the_attraction_this_throw_reaches_ranks_first() -> None:
    trip = _two_lines()
    allowed = [FALLS, RAINBOW]
    # both were told once after the moose: the throw since it says which this go reaches
    trip.roll(1)  # Bob: 2 to 3 past the moose's go, the rainbow's stretch
    memory = remember(trip.events)
    assert memory.after(1, "a:rainbow") == memory.after(1, "a:great_falls")
    assert memory.reach.window(1, "a:moose") == (2, 3)
    assert attractions(trip.state, 1, memory, allowed)[0] is RAINBOW
    trip.end()
    for face in (3, 3, 4, 3, 3):
        trip.turn(face)  # Cy, Ann, Bob (7 past it), Cy, Ann
    trip.roll(3)  # Bob: 7 to 10 past it, beyond the rainbow's stretch and its slack
    memory = remember(trip.events)
    assert memory.reach.window(1, "a:moose") == (7, 10)
    assert attractions(trip.state, 1, memory, allowed)[0] is FALLS
    assert attractions(trip.state, 1, memory, list(reversed(allowed)))[0] is FALLS


def test_e3_a_bracket_is_widened_by_the_slack_each_side() -> None:
    reach = Reach()
    reach.turn(0)
    reach.throw(0, 3)
    reach.tell(0, "a:moose")
    reach.turn(0)
    reach.throw(0, 4)
    reach.tell(0, "a:rainbow")  # (0, 4] past the moose's go
    reach.turn(1)
    reach.throw(1, 3)
    reach.tell(1, "a:moose")
    reach.turn(1)
    reach.throw(1, 4 + SLACK)  # (0, 6] of the bracket widened to (-2, 6]
    assert reach.within(1, "a:rainbow") == (4 + SLACK) / (4 + 2 * SLACK)
    reach.turn(1)
    reach.throw(1, 5)  # beyond the rainbow's bracket and its slack: none
    assert reach.within(1, "a:rainbow") == 0.0
    assert reach.within(1, "a:great_falls") is None  # never told after the moose


def test_e3_a_go_without_a_throw_reaches_nothing() -> None:
    reach = Reach()
    reach.turn(0)
    reach.throw(0, 3)
    reach.tell(0, "a:moose")
    reach.turn(0)  # a camp where the canoe stands, or windbound: no throw
    assert reach.window(0, "a:moose") == (0, 0)


def test_l5_no_bracket_reaches_across_the_unmapped_region() -> None:
    reach = Reach()
    reach.turn(0)
    reach.throw(0, 3)
    reach.tell(0, "a:moose")
    reach.tell(0, "stop:unmapped_edge")
    reach.turn(0)
    reach.tell(0, "exit:4")  # the region lets the canoe out: no throw took it there
    reach.turn(0)
    reach.throw(0, 2)
    reach.tell(0, "a:rainbow")
    assert ("exit:4", "a:rainbow") in reach.spans
    assert ("a:moose", "a:rainbow") not in reach.spans
    assert ("stop:unmapped_edge", "a:rainbow") not in reach.spans


def test_l5_a2_out_of_an_exit_nobody_used_the_lines_lie_where_they_did_past_the_others(
        ) -> None:
    trip = Trip(2, campsites=SITES)
    trip.turn(2, c.ReachUnmapped(0, 1))  # Ann at the region's edge
    trip.turn(2, c.ReachUnmapped(1, 2))  # Bob too
    trip.turn(3)  # Ann in: out by exit 3
    trip.turn(6)  # Bob in: out by exit 6
    trip.turn(2, c.SeeAttraction(0, RAINBOW, 20))  # Ann: 0 to 2 past exit 3
    trip.turn(5)  # Bob: 5 past exit 6, nothing told
    # Ann: 2 to 6 past exit 3, and camps there
    trip.turn(4, c.SeeAttraction(0, RESCUE, 15), c.Camp(0, "Indian Pond 2", 10))
    trip.roll(3)  # Bob: 5 to 8 past exit 6
    memory = remember(trip.events)
    assert memory.latest(1) == "exit:6" and memory.after(1, "a:rainbow") == 0
    assert ("exit:6", "a:rescue_beginners") not in memory.reach.spans
    # nobody told a line past exit 6; past exit 3 the rainbow lay nearer than this throw
    # reaches, beyond its slack, and the beginners within it
    assert memory.near(1, "a:rainbow") == 0.0 < memory.near(1, "a:rescue_beginners")
    # the rainbow is the line the trips put next ahead; the throw says the beginners
    meets = memory.meets(1, ["a:rainbow", "a:rescue_beginners"])
    assert meets["a:rainbow"] < meets["a:rescue_beginners"]
    assert attractions(trip.state, 1, memory, [RAINBOW, RESCUE, MOOSE])[:2] == [
        RESCUE, RAINBOW]
    # the lines only: Ann's camp past exit 3 is no measure for Bob's (`Memory.near`)
    assert memory.near(1, "site:Indian Pond 2") == 0.0


def test_n1_the_site_this_throw_reaches_ranks_first() -> None:
    trip = Trip(3, campsites=SITES)
    for seat in range(3):
        trip.turn(3, c.SeeAttraction(seat, MOOSE, 10))
    trip.turn(4, c.Camp(0, "Sugar Island", 10))  # Ann: 0 to 4 past the moose's go
    trip.turn(1)  # Bob
    trip.turn(5)  # Cy
    trip.turn(1)  # Ann's missed go (N1): Bob
    trip.turn(4, c.Camp(2, "Indian Pond 2", 10))  # Cy: 5 to 9 past it
    trip.turn(2)  # Ann
    trip.turn(1)  # Bob: 3 past it
    trip.turn(2)  # Cy's missed go: Ann
    assert trip.active == 1
    trip.roll(5)  # Bob: 3 to 8 past it
    memory = remember(trip.events)
    assert memory.after(1, "site:Sugar Island") == memory.after(1, "site:Indian Pond 2")
    # the board's order would say Sugar Island first; the throws say Indian Pond 2
    assert ranked_sites(trip.state, 1, memory, ["Sugar Island", "Indian Pond 2"])[0] \
        == "Indian Pond 2"


def test_a2_the_brackets_are_what_a_finished_trip_teaches_the_next() -> None:
    trip = _two_lines()
    board = learnt([trip.events], trip.settings.campsites.names)
    assert board is not None
    assert board.reach.spans[("a:moose", "a:rainbow")] == [(0, 5)]
    assert not board.reach.travel and not board.reach.marks  # the seats' throws: not kept
