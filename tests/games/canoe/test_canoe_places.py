"""The places the companion keeps without a map: L1–L9 (docs/canoe-rules.md): Raven
Rock, the Unmapped Region, Dangerous Point, islands, an attraction once a go, shared
spaces."""

from __future__ import annotations

import pytest
from canoe_harness import Trip, of, pile

from companion.exc import CommandNotAllowedError, NotYourTurnError
from companion.games.canoe import commands as c
from companion.games.canoe import events as ev
from companion.games.canoe.invariants import journal_violations
from companion.games.canoe.model import Attraction, Pile, Place, Weather
from companion.games.canoe.queries import throw_line
from companion.games.canoe.reasons import explain
from companion.games.canoe.settings import Ring
from companion.games.canoe.state import Outcome
from companion.games.canoe.views import public_view

C, T, H, B, R = (Weather.CALM, Weather.TAILWIND, Weather.HEADWIND, Weather.WINDBOUND,
                 Weather.HEAVY_RAIN)
ROCK = Attraction.RAVEN_ROCK


def _in(weather: Weather) -> Trip:
    """A trip whose weather is `weather` from the start (the ring's first space)."""
    return Trip(2, ring=Ring((weather, C)))


@pytest.mark.parametrize("weather", [C, T])
def test_l1_l2_raven_rock_is_climbed_in_calm_or_tailwind_and_the_go_ends_on_top(
        weather: Weather) -> None:
    trip = _in(weather)
    assert c.Climb not in {o.command for o in trip.options()}  # a climb is a move
    trip.roll(3)
    assert trip.option(c.Climb).blocked is None
    events = trip.do(c.Climb(0, 25))
    assert events == [ev.AttractionSeen(0, ROCK, 25), ev.Stopped(0, Place.SUMMIT),
                      ev.TurnEnded(0), ev.TurnStarted(1, 2)]
    assert trip.score(0) == 25 and ROCK in trip.state.players[0].attractions
    assert trip.state.players[0].place is Place.SUMMIT
    assert public_view(trip.state).seats[0].place is Place.SUMMIT
    with pytest.raises(NotYourTurnError):  # nothing more for the climber this go
        trip.do(c.Land(0, Pile.CANOE))
    trip.sound()


@pytest.mark.parametrize("weather", [H, B, R])
def test_l1_no_climb_in_a_headwind_windbound_or_rain(weather: Weather) -> None:
    trip = _in(weather)
    trip.roll(3)
    blocked = trip.option(c.Climb).blocked
    assert blocked is not None and (blocked.code, blocked.rule) == ("climb_weather", "L1")
    assert explain(blocked) == f"no climbing in {weather.value}"
    before = trip.state
    with pytest.raises(CommandNotAllowedError, match="no climbing"):
        trip.do(c.Climb(0, 25))
    assert trip.state is before and ROCK not in trip.state.players[0].attractions


def test_l1_a_six_moves_the_weather_before_the_climb() -> None:
    trip = Trip(2, ring=Ring((C, H)))
    trip.roll(6)  # E2: Headwind before this go
    blocked = trip.option(c.Climb).blocked
    assert blocked is not None and blocked.args == {"weather": "headwind"}


def test_l1_k9_the_raven_rock_card_is_done_only_by_a_climb_that_counts() -> None:
    trip = Trip(2, ring=Ring((C, R, C)), piles={Pile.CANOE: pile(
        Pile.CANOE, "dest-raven-rock", destinations=["dest-raven-rock"])})
    trip.turn(2, c.Land(0, Pile.CANOE))
    assert trip.state.players[0].destination == "dest-raven-rock"
    trip.turn(6)  # seat 1's 6: Heavy Rain
    trip.roll(3)
    for kind in (c.Climb, c.ObeyDestination):
        assert trip.option(kind).blocked is not None
    trip.do(c.WaitAtRock(0))  # L3: wait at the base for better weather
    trip.turn(6)  # seat 1's 6: Calm again
    trip.roll(2)
    events = trip.do(c.Climb(0, 20))
    assert ev.DestinationObeyed(0, "dest-raven-rock", auto=True) in events
    trip.sound()


def test_l2_the_descent_begins_next_go_and_no_second_climb_on_the_way_down() -> None:
    trip = Trip(2)
    trip.roll(3)
    trip.do(c.Climb(0, 20))
    trip.turn(2)
    events = trip.roll(4)
    assert ev.PlaceLeft(0, Place.SUMMIT, "descent") in events
    assert trip.state.players[0].place is None
    blocked = trip.option(c.Climb).blocked
    assert blocked is not None and (blocked.code, blocked.rule) == ("descending", "L2")
    trip.do(c.Land(0, Pile.CANOE))  # the descent is an ordinary move
    trip.sound()


def test_l2_a_journal_that_goes_on_past_the_summit_is_unsound() -> None:
    trip = Trip(2)
    trip.roll(3)
    trip.do(c.Climb(0, 20))
    good = list(trip.events)
    assert journal_violations(good) == []
    at = next(i for i, e in enumerate(good) if isinstance(e, ev.Stopped))
    bad = [*good[:at + 1], ev.Landed(0, Pile.CANOE), *good[at + 1:]]
    assert any(v.startswith("L2:") for v in journal_violations(bad))
    climb = next(i for i, e in enumerate(good) if isinstance(e, ev.AttractionSeen))
    rainy = Trip(2, ring=Ring((R, C)))
    rainy.roll(3)
    forced = [*rainy.events, *good[climb:climb + 2]]
    assert any(v.startswith("L1:") for v in journal_violations(forced))


def test_l3_the_wind_or_the_rain_brings_the_climbers_down_at_once() -> None:
    trip = Trip(3, ring=Ring((C, H, C)))
    trip.roll(3)
    trip.do(c.Climb(0, 20))
    events = trip.roll(6)  # seat 1: a Headwind gets up
    assert events[1:3] == [ev.WeatherAdvanced(1, H, "six"),
                           ev.PlaceLeft(0, Place.SUMMIT, "weather")]
    assert trip.state.players[0].place is None
    trip.sound()


def test_l3_waiting_at_the_base_of_the_rock() -> None:
    trip = _in(H)
    trip.roll(3)
    events = trip.do(c.WaitAtRock(0))
    assert events[:2] == [ev.Stopped(0, Place.ROCK_BASE), ev.TurnEnded(0)]
    assert public_view(trip.state).seats[0].place is Place.ROCK_BASE
    trip.turn(2)
    events = trip.roll(1)
    assert ev.PlaceLeft(0, Place.ROCK_BASE, "throw") in events
    assert trip.state.require_turn().start is Place.ROCK_BASE
    trip.sound()


def test_l4_l5_the_unmapped_region_entry_throw_sets_the_exit() -> None:
    trip = Trip(2, piles={Pile.CANOE: pile(Pile.CANOE, "dest-unmapped",
                                           destinations=["dest-unmapped"])})
    trip.turn(2, c.Land(0, Pile.CANOE))
    trip.turn(2)
    trip.roll(3)
    events = trip.do(c.ReachUnmapped(0, 3))  # the go ends at the boundary
    assert events[:2] == [ev.Stopped(0, Place.UNMAPPED_EDGE, 3), ev.TurnEnded(0)]
    trip.turn(2)
    events = trip.roll(4)  # the throw to enter: out by exit 4
    assert events[1:4] == [ev.UnmappedEntered(0, 3, 4),
                           ev.DestinationObeyed(0, "dest-unmapped", auto=True),
                           ev.TurnEnded(0)]
    line = public_view(trip.state).seats[0]
    assert (line.place, line.point, line.exit) == (Place.UNMAPPED, 3, 4)
    trip.turn(2)
    events = trip.roll(5)  # next go: out by exit 4, moving as thrown
    assert ev.PlaceLeft(0, Place.UNMAPPED, "exit") in events
    assert trip.state.players[0].unmapped == (3, 4)
    assert public_view(trip.state).seats[0].unmapped == (3, 4)
    greyed = {o.params["point"]: o.blocked for o in trip.options()
              if o.command is c.ReachUnmapped and o.blocked is not None}
    assert {p: r.code for p, r in greyed.items() if r} == {(3,): "entered_there",
                                                          (4,): "left_there"}
    with pytest.raises(CommandNotAllowedError, match="another point"):
        trip.do(c.ReachUnmapped(0, 4))
    trip.do(c.ReachUnmapped(0, 1))
    trip.sound()


def test_l5_k8_the_unmapped_card_is_already_done_by_a_player_who_entered() -> None:
    trip = Trip(2, piles={Pile.CANOE: pile(Pile.CANOE, "canoe-05", "dest-unmapped",
                                           destinations=["dest-unmapped"])})
    trip.turn(2, c.ReachUnmapped(0, 2))
    trip.turn(2)
    trip.turn(6)  # in by point 2, out by 6
    trip.turn(2)
    trip.turn(2, c.Land(0, Pile.CANOE))
    trip.turn(2)
    events = trip.turn(2, c.Land(0, Pile.CANOE))
    assert ev.CardReturned(Pile.CANOE, "dest-unmapped", Outcome.ALREADY_DONE) in events


def test_l5_l6_a_canoe_may_turn_back_before_throwing() -> None:
    trip = Trip(2)
    assert c.TurnBack not in {o.command for o in trip.options()}
    trip.turn(2, c.ReachUnmapped(0, 2))
    trip.turn(2)
    assert trip.legal() and c.TurnBack in {o.command for o in trip.legal()}
    assert trip.do(c.TurnBack(0)) == [ev.PlaceLeft(0, Place.UNMAPPED_EDGE, "back")]
    events = trip.roll(3)  # an ordinary throw: the region was not entered
    assert not of(events, ev.UnmappedEntered) and trip.state.players[0].unmapped is None
    trip.sound()


def test_l6_dangerous_point_waits_for_a_5_sheltered_from_the_weather() -> None:
    trip = Trip(2, ring=Ring((H, B, H)))
    trip.roll(4)
    events = trip.do(c.WaitAtPoint(0))
    assert events[0] == ev.Stopped(0, Place.DANGEROUS_POINT)
    trip.turn(6)  # seat 1: Windbound
    assert trip.option(c.StayWindbound).blocked is not None  # not on an island
    events = trip.roll(3)  # no 5: the go ends, still waiting
    assert events[-2:] == [ev.TurnEnded(0), ev.TurnStarted(1, 4)]
    assert trip.state.players[0].place is Place.DANGEROUS_POINT
    trip.turn(2)
    events = trip.roll(5)
    assert ev.PlaceLeft(0, Place.DANGEROUS_POINT, "five") in events
    line = throw_line(trip.state)
    assert line is not None and line.sheltered and line.lake == 5 and not line.island_bound
    blown = trip.option(c.StayWindbound).blocked
    assert blown is not None and blown.code == "sheltered"
    trip.do(c.Land(0, Pile.CANOE))
    trip.sound()


def test_l9_a_shared_space_is_answered_from_the_points() -> None:
    trip = Trip(3)
    assert c.ShareSpace not in {o.command for o in trip.options()}  # before a throw
    trip.turn(2, c.Adjust(0, 10))
    trip.turn(2, c.Adjust(1, 5))
    trip.roll(3)
    option = trip.option(c.ShareSpace)
    assert option.blocked is None and option.params["other"] == (0, 1)
    trip.do(c.Adjust(2, 5))
    assert trip.do(c.ShareSpace(2, 0)) == [ev.SpaceShared(2, 0, False)]  # fewer: behind
    assert trip.do(c.ShareSpace(2, 1)) == [ev.SpaceShared(2, 1, False)]  # the same: behind
    trip.do(c.Adjust(2, 10))
    assert trip.do(c.ShareSpace(2, 0)) == [ev.SpaceShared(2, 0, True)]  # more: ahead
    assert trip.state.require_turn().shared == (0, True)
    trip.sound()
