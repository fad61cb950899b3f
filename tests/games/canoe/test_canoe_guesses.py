"""What the Canoe table guesses a player tells next, from what the trip told it: the
campsite along the route (N1, N2), the full list of sites beside the guessed one, the
lines ahead and behind (A2), the dock only where the route ends (F2). The places are in
`test_canoe_guesses_places.py`. The guesses only order what the rules allow; each case is
counted in presses on the real table or read from the guesses themselves."""

from __future__ import annotations

from canoe_harness import Trip, in_order, listed, path_to_key, pile, ranked

from companion.config.table import TableConfig
from companion.games.canoe import commands as c
from companion.games.canoe.model import ENTERED_ATTRACTIONS, Attraction, Pile
from companion.games.canoe.settings import Campsites
from companion.games.canoe.table.controller import CanoeTable
from companion.games.canoe.table.likely import (
    FLOOR,
    HELD_GAIN,
    HELD_GOES,
    LINE_FLOOR,
    TURNING,
    TURNING_STEP,
    UNTOLD_PLACE,
    Guess,
    at_the_end,
    attractions,
    camp_site,
    guesses,
    ranked_sites,
)
from companion.games.canoe.table.memory import (
    Memory,
    firsts,
    learnt,
    remember,
)
from companion.games.canoe.table.menus import seat_tree
from companion.games.canoe.table.route import route_memory
from games.canoe.test_canoe_presses import SITES, Clock, Table

OPEN = list(SITES.names)


def _camped_then_saw() -> Trip:
    """Bob camps at Sugar Island and then sees the rainbow; Ann sees the rainbow."""
    trip = Trip(2, campsites=SITES)
    trip.turn(2, c.SeeAttraction(0, Attraction.MOOSE, 15))
    trip.turn(2, c.Camp(1, "Sugar Island", 15))
    trip.turn(2, c.SeeAttraction(0, Attraction.RAINBOW, 20))
    trip.turn(2)  # Bob's go missed for the camp (N1): Ann again
    trip.turn(2, c.SeeAttraction(1, Attraction.RAINBOW, 20))
    return trip


def test_n2_the_trips_tell_which_landmark_came_first_on_the_way_out() -> None:
    trip = _camped_then_saw()
    before = firsts(remember(trip.events))
    assert before[("site:Sugar Island", "a:rainbow")] == 1
    assert before[("a:moose", "a:rainbow")] == 1
    assert before[("a:rainbow", "site:Sugar Island")] == 0


def test_n1_n2_the_camp_guessed_is_the_next_site_past_the_latest_landmark() -> None:
    trip = _camped_then_saw()
    trip.roll(3)  # Ann (camped nowhere yet) past the rainbow, which comes after Sugar Island
    memory = remember(trip.events)
    # the rules alone would say Solitude Point (the first open site); the trips say the
    # canoe is past Sugar Island: Indian Pond 1 next, then the rest along the board
    assert ranked_sites(trip.state, 0, memory, OPEN) == [
        "Indian Pond 1", "Indian Pond 2", "Sugar Island", "Solitude Point"]
    assert camp_site(trip.state, 0, memory, OPEN)[0] == "Indian Pond 1"
    table = Table(trip)
    # the guess at its printed points leads (the next player's throw ends the go, C4);
    # nothing the trips told after the rainbow points to it (a camp scores as the rules
    # alone say), so the steps are spread out: ◀ the three likeliest, ● on the guess
    assert ranked(table.tree(0))[0].key == "next:camp"
    assert table.presses(c.Camp(0, "Indian Pond 1", 10)) == 2


def test_n1_a_canoe_that_turned_round_camps_nearest_the_dock_first() -> None:
    trip = _camped_then_saw()
    trip.turn(2, c.Camp(0, "Indian Pond 2", 5))
    trip.turn(2, c.SeeAttraction(1, Attraction.MOOSE, 15))  # Bob round again
    trip.turn(2)  # Ann's missed go: Bob
    trip.roll(3)  # Ann, whose latest landmark is the last site of the board
    memory = remember(trip.events)
    # nothing lies past Indian Pond 2: back over the last stretch, nearest the dock first
    assert ranked_sites(trip.state, 0, memory, ["Solitude Point", "Sugar Island",
                                                "Indian Pond 1"]) == [
        "Indian Pond 1", "Sugar Island", "Solitude Point"]


def test_n1_the_full_list_of_sites_is_beside_the_guess_and_opens_on_the_next_likeliest(
        ) -> None:
    trip = _camped_then_saw()
    trip.roll(3)
    tree = seat_tree(trip.state, 0, remember(trip.events))
    assert tree is not None
    steps = listed(tree)
    keys = [n.key for n in steps]
    guess, full = keys.index("next:camp"), keys.index("camp")
    assert 0 < full - guess <= 3  # a few steps further on
    # as deep as the guess (the steps spread out: nothing told after the rainbow points
    # to one, `levels.spread_kind`) or a press or two deeper
    assert 0 <= len(path_to_key(tree, "camp") or ()) - \
        len(path_to_key(tree, "next:camp") or ()) <= 2
    sites = steps[full].children
    # the sites likeliest first, the guessed one last: the next likeliest is one press
    # there, the guessed one the most
    assert sites is not None
    assert "site:Indian Pond 2" in [n.key for n in sites.items]
    depth = {n.key: len(path_to_key(sites, n.key) or ()) for n in in_order(sites)}
    assert depth["site:Indian Pond 1"] == max(depth.values()) > 1
    table = Table(trip)
    # the guess is Indian Pond 1; a camp at Indian Pond 2 is a few presses, not a trip
    # round the list
    assert table.presses(c.Camp(0, "Indian Pond 2", 5)) <= 6


def test_f2_finishing_leads_the_list_only_where_a_canoe_came_round() -> None:
    trip = Trip(2, nights=1, campsites=SITES)
    trip.turn(2, c.SeeAttraction(0, Attraction.MOOSE, 15))
    trip.turn(2, c.SeeAttraction(1, Attraction.MOOSE, 15))
    trip.turn(2, c.SeeAttraction(0, Attraction.RAINBOW, 20))
    memory = remember(trip.events)
    assert not at_the_end(memory, 0)  # nobody has come round yet: the route's end unknown
    trip.turn(2, c.SeeAttraction(1, Attraction.RAINBOW, 20))
    trip.turn(2, c.SeeAttraction(0, Attraction.MOOSE, 15))  # Ann came round after the rainbow
    memory = remember(trip.events)
    assert at_the_end(memory, 1)  # Bob's latest is where Ann's way out ended
    assert not at_the_end(memory, 0)


def _moose_then_falls(sites: Campsites = SITES) -> Trip:
    """A finished-looking trip: each canoe saw the moose, then Great Falls."""
    trip = Trip(2, campsites=sites)
    trip.turn(2, c.SeeAttraction(0, Attraction.MOOSE, 15))
    trip.turn(2, c.SeeAttraction(1, Attraction.MOOSE, 15))
    trip.turn(2, c.SeeAttraction(0, Attraction.GREAT_FALLS, 25))
    trip.turn(2, c.SeeAttraction(1, Attraction.GREAT_FALLS, 25))
    return trip


def test_a2_a_trip_on_the_same_board_starts_with_what_the_earlier_trips_told() -> None:
    earlier = _moose_then_falls().events
    trip = Trip(2, campsites=SITES)
    trip.turn(2, c.SeeAttraction(0, Attraction.MOOSE, 15))
    trip.turn(2)
    trip.roll(3)  # Ann, past the moose: nobody told anything after it on this trip
    allowed = [a for a in Attraction if a in (Attraction.GREAT_FALLS, Attraction.RAINBOW,
                                              Attraction.NORTHERN_LIGHTS)]
    board = learnt([earlier], OPEN)
    assert board is not None and not board.trails and board.last["a:great_falls"] == 25
    # which came first on the way out is kept of the earlier trips too (both canoes)
    assert board.before[("a:moose", "a:great_falls")] == 2
    assert firsts(remember(trip.events, board))[("a:moose", "a:great_falls")] == 2
    assert attractions(trip.state, 0, remember(trip.events, board), allowed)[0] \
        is Attraction.GREAT_FALLS
    assert attractions(trip.state, 0, remember(trip.events), allowed)[0] \
        is not Attraction.GREAT_FALLS
    # the earlier memory is left as it was: this trip's events went to a copy
    again = learnt([earlier], OPEN)
    assert again is not None and board.follows == again.follows


def test_a2_a_trip_with_other_campsites_learns_nothing_from_it() -> None:
    other = Campsites(("North Camp", "South Camp"), placeholder=False, points=(10, 10))
    assert learnt([_moose_then_falls(other).events], OPEN) is None
    assert learnt([], OPEN) is None


def test_a2_the_table_given_earlier_trips_guesses_from_them() -> None:
    # the table itself: ◀ after the throw is Great Falls at the points entered before
    earlier = _moose_then_falls().events
    trip = Trip(2, campsites=SITES)
    trip.turn(2, c.SeeAttraction(0, Attraction.MOOSE, 15))
    trip.turn(2)
    trip.roll(3)
    table = CanoeTable(trip.state, trip.dice, Clock(), TableConfig(players=2),
                       history=list(trip.events), earlier=[earlier])
    top = next(m for m in table.frame().menus if m.seat == 0)
    assert [i.label for i in top.items if i.button == "left"] == ["Great Falls · +25"]


def test_k8_a_place_card_held_ranks_with_a_place_not_been_to_and_rises_while_held() -> None:
    portage = Pile.PORTAGE
    trip = Trip(2, campsites=SITES, piles={portage: pile(
        portage, "dest-northern-portage", destinations=["dest-northern-portage"])})
    trip.turn(3, c.Land(0, portage))  # Ann draws the Northern Portage card

    def obey() -> Guess:
        ranked = guesses(trip.state, 0, remember(trip.events),
                         allowed=list(ENTERED_ATTRACTIONS), open_sites=OPEN, open_points=[],
                         climbable=False, may_stop=False, blown=False, portage=True,
                         finish=False, obey=True)
        return next(g for g in ranked if g.kind == "obey")

    scores, first = [], []
    for _ in range(HELD_GOES + 2):
        trip.turn(3)
        trip.roll(2)
        scores.append(obey().score)
        first.append(guesses(trip.state, 0, remember(trip.events),
                             allowed=list(ENTERED_ATTRACTIONS), open_sites=OPEN,
                             open_points=[], climbable=False, may_stop=False, blown=False,
                             portage=True, finish=False, obey=True)[0].kind)
        trip.do(c.EndTurn(0))
    # a throw more held, HELD_GAIN more, up to HELD_GOES: the holder makes for the place
    assert scores == [UNTOLD_PLACE + HELD_GAIN * min(n, HELD_GOES)
                      for n in range(1, HELD_GOES + 3)]
    assert scores[0] > UNTOLD_PLACE > FLOOR
    # just kept, a camp or a line leads; held two throws or more, the card done leads
    # the go's likeliest line and camp, nothing told after the landmark yet
    assert first[0] != "obey"
    assert first[1:] == ["obey"] * (HELD_GOES + 1)


def test_a2_a_canoe_paddling_back_meets_the_lines_in_the_board_s_order_backwards() -> None:
    trip = Trip(2, campsites=SITES)
    out = (Attraction.MOOSE, Attraction.GREAT_FALLS, Attraction.RAINBOW)
    for attraction in out:
        trip.turn(2, c.SeeAttraction(0, attraction, 15))
        trip.turn(2, c.SeeAttraction(1, attraction, 15))
    trip.turn(2, c.SeeAttraction(0, Attraction.GREAT_FALLS, 15))  # Ann turned round
    trip.turn(2)
    trip.roll(3)
    memory = remember(trip.events)
    assert memory.heading_back(0) and not memory.heading_back(1)
    allowed = [*out, Attraction.NORTHERN_LIGHTS]
    # back past Great Falls the moose comes next; out past it, the rainbow did
    assert attractions(trip.state, 0, memory, allowed)[0] is Attraction.MOOSE
    assert memory.chance(0, "a:moose") > memory.chance(0, "a:rainbow")
    # Ann told the rainbow before Great Falls going back; it lies past the falls on the
    # way out, so it is not what she meets next
    assert memory.follows[("a:rainbow", "a:great_falls")] > 0
    assert memory.after(0, "a:rainbow") == 0 < memory.after(0, "a:moose")


def _turned_at_the_northern_lights(nights: int) -> tuple[Memory, list[Guess]]:
    """Ann, one night camped at Sugar Island, crosses Great Falls, the rainbow and the
    Northern Lights, turns round and crosses the rainbow again; then throws. The group
    copied the route: the canoe paddle's line is its last."""
    board = route_memory(("moose", "Sugar Island", "great_falls", "rainbow",
                          "northern_lights", "canoe_paddle"))
    trip = Trip(2, nights=nights, campsites=SITES)

    def ann(face: int, command: c.Command) -> None:
        while trip.active != 0:
            trip.turn(1)  # Bob throws 1s, telling nothing
        trip.turn(face, command)

    ann(2, c.SeeAttraction(0, Attraction.MOOSE, 15))
    ann(2, c.Camp(0, "Sugar Island", 15))
    for attraction in (Attraction.GREAT_FALLS, Attraction.RAINBOW,
                       Attraction.NORTHERN_LIGHTS, Attraction.RAINBOW):
        ann(3, c.SeeAttraction(0, attraction, 20))
    while trip.active != 0:
        trip.turn(1)
    trip.roll(3)
    memory = remember(trip.events, board)
    assert memory.heading_back(0)
    return memory, guesses(trip.state, 0, memory, allowed=list(ENTERED_ATTRACTIONS),
                         open_sites=[], open_points=[], climbable=False, may_stop=False,
                         blown=False, portage=True, finish=nights == 1)


def test_f1_a2_a_canoe_paddling_back_that_may_finish_turns_round_over_the_lines_behind(
        ) -> None:
    # one night wanted, one camped, no card: Ann may finish, so she paddles back only for
    # points and turns round for the dock; the lines just behind her come right after
    # the likeliest way back, nearest first
    memory, ranked = _turned_at_the_northern_lights(nights=1)
    assert memory.behind(0, ["a:moose", "a:northern_lights", "a:canoe_paddle",
                             "a:rainbow"]) == ["a:rainbow", "a:northern_lights",
                                               "a:canoe_paddle"]
    lines = [g for g in ranked if g.kind == "a"]
    assert [g.value for g in lines[:3]] == [Attraction.GREAT_FALLS, Attraction.RAINBOW,
                                            Attraction.NORTHERN_LIGHTS]
    assert [g.score for g in lines[1:3]] == [TURNING, TURNING - TURNING_STEP]
    # a night still to camp: she goes back for it, and the lines behind her wait
    _, ranked = _turned_at_the_northern_lights(nights=2)
    kinds = [(g.kind, g.value) for g in ranked]
    assert kinds.index(("a", Attraction.NORTHERN_LIGHTS)) > kinds.index(("portage", None)) \
        > kinds.index(("a", Attraction.MOOSE))


def test_f2_n2_past_the_route_s_last_landmark_lies_the_dock_and_the_way_back() -> None:
    board = route_memory(("moose", "Sugar Island", "great_falls"))
    assert board is not None and board.ends["a:great_falls"] == 1
    trip = Trip(2, campsites=SITES)
    trip.turn(2, c.SeeAttraction(0, Attraction.MOOSE, 15))
    trip.turn(2)
    trip.turn(2, c.SeeAttraction(0, Attraction.GREAT_FALLS, 25))
    trip.turn(2)
    trip.roll(3)  # Ann, past the route's last landmark: the dock, or back again
    memory = remember(trip.events, board)
    assert at_the_end(memory, 0) and memory.heading_back(0)
    assert not at_the_end(remember(trip.events), 0)  # without the route, nobody knows
    assert attractions(trip.state, 0, memory, [Attraction.RAINBOW, Attraction.MOOSE])[0] \
        is Attraction.MOOSE


def test_a2_a_canoe_meets_the_next_lines_ahead_then_the_one_behind_it() -> None:
    # the route: moose, Sugar Island, Great Falls, the rainbow, the Northern Lights
    board = route_memory(("moose", "Sugar Island", "great_falls", "rainbow",
                          "northern_lights"))
    trip = Trip(2, campsites=SITES)
    trip.turn(2, c.SeeAttraction(0, Attraction.MOOSE, 15))
    trip.turn(2)
    trip.turn(2, c.SeeAttraction(0, Attraction.GREAT_FALLS, 25))
    trip.turn(2)
    trip.roll(3)
    memory = remember(trip.events, board)
    keys = [f"a:{a.value}" for a in ENTERED_ATTRACTIONS]
    meets = memory.meets(0, keys)
    order = sorted(keys, key=lambda k: meets[k])
    # the next two ahead, then the one just behind (a canoe that turned round), then
    # those nobody placed (all alike), then the rest
    assert order[:3] == ["a:rainbow", "a:northern_lights", "a:great_falls"]
    unplaced = {"a:canoe_paddle", "a:rescue_beginners"}
    assert {meets[k] for k in unplaced} == {3}
    assert meets["a:moose"] > 3
    # the same go on a first trip, without the route: a canoe past every line the table
    # placed leads, so it meets one nobody placed first, then the ones behind it
    memory = remember(trip.events)
    assert not memory.heading_back(0)
    meets = memory.meets(0, keys)
    told = {"a:moose", "a:great_falls"}
    assert {meets[k] for k in keys if k not in told} == {0}
    assert 0 < meets["a:great_falls"] < meets["a:moose"]


def test_a2_every_attraction_ranks_above_a_place_nothing_points_to() -> None:
    trip = Trip(2, campsites=SITES)
    trip.turn(2, c.Climb(0, 25))  # Ann climbed the rock: she seldom goes again
    trip.turn(2)
    trip.turn(2)  # Ann comes down (L2)
    trip.turn(2)
    trip.roll(3)
    ranked = guesses(trip.state, 0, remember(trip.events), allowed=list(ENTERED_ATTRACTIONS),
                     open_sites=[], open_points=[1, 2], climbable=True, may_stop=True,
                     blown=False, portage=False, finish=False)
    lines = [g for g in ranked if g.kind == "a"]
    assert len(lines) == len(ENTERED_ATTRACTIONS)
    assert min(g.score for g in lines) == LINE_FLOOR > FLOOR
    climb = next(g for g in ranked if g.kind == "climb")
    assert climb.score == FLOOR and ranked.index(climb) > ranked.index(lines[-1])


def _holding_sugar_island(nights: int, camped: bool = False) -> Trip:
    """Ann keeps the Sugar Island card from the Portage pile (having camped her first
    night at Solitude Point, when `camped`), then crosses the rainbow past Sugar Island,
    where Bob camped; Ann throws again."""
    portage = Pile.PORTAGE
    trip = Trip(2, nights=nights, campsites=SITES, piles={portage: pile(
        portage, "dest-sugar-island", destinations=["dest-sugar-island"])})
    if camped:
        trip.turn(2, c.Camp(0, "Solitude Point", 10))
        trip.turn(2)  # Bob; Ann's go is missed for the camp (N1)
        trip.turn(2)
    trip.turn(2, c.SeeAttraction(0, Attraction.MOOSE, 15), c.Land(0, portage))
    trip.turn(2, c.Camp(1, "Sugar Island", 15))
    trip.turn(2, c.SeeAttraction(0, Attraction.RAINBOW, 20))
    trip.turn(2)  # Bob's go missed for the camp: Ann again
    trip.turn(2, c.SeeAttraction(1, Attraction.RAINBOW, 20))
    trip.roll(3)
    assert trip.active == 0 and trip.state.players[0].destination == "dest-sugar-island"
    return trip


def test_k9_n1_the_card_s_site_leads_only_where_no_other_site_is_wanted() -> None:
    # N1: with nights still to camp, a canoe camps at the first site it reaches; the
    # card's Sugar Island lies behind it, so the sites ahead come first (`other_camps`)
    trip = _holding_sugar_island(nights=2)
    assert ranked_sites(trip.state, 0, remember(trip.events), OPEN) == [
        "Indian Pond 1", "Indian Pond 2", "Sugar Island", "Solitude Point"]
    assert camp_site(trip.state, 0, remember(trip.events), OPEN)[0] == "Indian Pond 1"
    # K9: its nights camped, the card's site is the one camp left to make
    trip = _holding_sugar_island(nights=1, camped=True)
    assert trip.state.players[0].nights == 1
    open_sites = [s for s in OPEN if s != "Solitude Point"]
    assert ranked_sites(trip.state, 0, remember(trip.events), open_sites)[0] == "Sugar Island"


def test_n1_n2_a_site_told_two_landmarks_on_does_not_outrank_the_board_s_order() -> None:
    trip = Trip(2, campsites=SITES)
    trip.turn(2, c.SeeAttraction(0, Attraction.MOOSE, 15))  # Ann at the moose's line
    trip.turn(2, c.Camp(1, "Sugar Island", 15))
    trip.turn(2)
    trip.turn(2)  # Bob's go missed for the camp (N1): Ann again
    trip.turn(2, c.SeeAttraction(1, Attraction.MOOSE, 15))
    trip.turn(2)
    trip.turn(2, c.SeeAttraction(1, Attraction.RAINBOW, 20))
    trip.turn(2)
    trip.turn(2, c.Camp(1, "Indian Pond 2", 25))  # two landmarks past the moose
    trip.roll(3)
    memory = remember(trip.events)
    assert memory.after(0, "site:Indian Pond 2") > 0
    # Bob camped at Indian Pond 2 only after the rainbow, so it lies farther on than the
    # moose; the board puts Indian Pond 1 before it, past Sugar Island (behind the moose)
    assert ranked_sites(trip.state, 0, memory, OPEN) == [
        "Indian Pond 1", "Indian Pond 2", "Sugar Island", "Solitude Point"]


def test_n1_the_full_list_of_sites_stays_beside_a_guess_the_pins_moved() -> None:
    # Bob told the rainbow and then Great Falls after the moose: for Ann at the moose
    # both lines come before a camp, which the pins move ◀ next to the focus
    trip = Trip(2, campsites=SITES)
    trip.turn(2, c.SeeAttraction(0, Attraction.MOOSE, 15))
    trip.turn(2, c.SeeAttraction(1, Attraction.MOOSE, 15))
    trip.turn(2)
    trip.turn(2, c.SeeAttraction(1, Attraction.RAINBOW, 20))
    trip.turn(2)
    trip.turn(2, c.SeeAttraction(1, Attraction.GREAT_FALLS, 25))
    trip.roll(3)
    memory = remember(trip.events)
    ranked = guesses(trip.state, 0, memory, allowed=list(ENTERED_ATTRACTIONS),
                     open_sites=OPEN, open_points=[], climbable=False, may_stop=False,
                     blown=False, portage=True, finish=False)
    assert [g.kind for g in ranked[:3]] == ["a", "a", "camp"]
    tree = seat_tree(trip.state, 0, memory)
    assert tree is not None
    keys = [n.key for n in listed(tree)]
    # the pins moved the guessed camp to ◀ one level in (behind ● twice), the full list
    # of sites two steps further on
    assert keys.index("next:camp") == 2 and keys.index("camp") == 4
    camp, sites = path_to_key(tree, "next:camp"), path_to_key(tree, "camp")
    assert camp is not None and [n.button for n in camp] == ["select", "select", "left"]
    assert sites is not None and len(sites) == 4
    # a camp at the next likeliest site (the full list opens on it): four presses to
    # the list, ● on the site, at the table (the likeliest line on ◀ there, C4)
    assert Table(trip).presses(c.Camp(0, "Sugar Island", 15)) == 5
