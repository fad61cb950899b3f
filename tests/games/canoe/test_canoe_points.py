"""Attractions and points: A1–A4 (docs/canoe-rules.md)."""

from __future__ import annotations

import pytest
from canoe_harness import Trip, pile

from companion.games.canoe import commands as c
from companion.games.canoe import events as ev
from companion.games.canoe.engine import NONZERO_POINTS, POINTS
from companion.games.canoe.model import (
    ATTRACTION_NAMES,
    ATTRACTIONS,
    ENTERED_ATTRACTIONS,
    POINTS_STEP,
    Attraction,
    Pile,
)
from companion.games.canoe.views import public_view


def test_a1_every_score_is_shown_from_zero_and_may_go_negative() -> None:
    trip = Trip(4)
    view = public_view(trip.state)
    assert [s.score for s in view.seats] == [0, 0, 0, 0]
    trip.turn(3, c.Adjust(0, -35))
    assert public_view(trip.state).seats[0].score == -35


def test_a2_the_attractions_are_the_ones_the_rules_name() -> None:
    assert len(ATTRACTIONS) == 8
    assert {ATTRACTION_NAMES[a] for a in ATTRACTIONS} == {
        "See a moose", "The Northern Lights", "A perfect rainbow", "Great Falls",
        "Camp at Solitude Point", "Rescue beginners", "Make a canoe paddle",
        "Climb Raven Rock Peak"}
    assert Attraction.SOLITUDE_POINT not in ENTERED_ATTRACTIONS  # done by camping there
    trip = Trip(2, piles={Pile.CAMP: pile(Pile.CAMP, "camp-10")})
    trip.turn(2, c.Camp(0, "Solitude Point", 25))
    assert trip.state.players[0].attractions == (Attraction.SOLITUDE_POINT,)
    assert trip.score(0) == 25 + 10  # the camp's points, and the Camp card's


def test_a3_an_attraction_scores_its_printed_points_and_may_be_done_again() -> None:
    trip = Trip(2)
    trip.roll(3)
    option = trip.option(c.SeeAttraction)
    assert set(option.params["attraction"]) == set(ENTERED_ATTRACTIONS)
    assert option.params["points"] == POINTS and POINTS_STEP == 5
    assert trip.do(c.SeeAttraction(0, Attraction.RAINBOW, 20)) == [
        ev.AttractionSeen(0, Attraction.RAINBOW, 20)]
    with pytest.raises(ValueError):
        trip.do(c.SeeAttraction(0, Attraction.MOOSE, 205))  # beyond what may be entered
    trip.end()
    trip.turn(2)
    trip.roll(4)  # another go (the lake crossed since is the players' to judge)
    trip.do(c.SeeAttraction(0, Attraction.RAINBOW, 20))
    assert trip.score(0) == 40
    assert trip.state.players[0].attractions == (Attraction.RAINBOW,)


def test_l8_an_attraction_scores_once_a_go() -> None:
    trip = Trip(2)
    trip.do(c.SeeAttraction(0, Attraction.MOOSE, 15))  # before the throw: the same go
    trip.roll(3)
    with pytest.raises(ValueError, match="scored this go already"):
        trip.do(c.SeeAttraction(0, Attraction.MOOSE, 15))
    greyed = [o for o in trip.options() if o.command is c.SeeAttraction and o.blocked]
    assert [(o.params["attraction"], o.blocked.rule) for o in greyed if o.blocked] == [
        ((Attraction.MOOSE,), "L8")]
    open_ = next(o for o in trip.options() if o.command is c.SeeAttraction and not o.blocked)
    assert Attraction.MOOSE not in open_.params["attraction"]
    trip.do(c.SeeAttraction(0, Attraction.RAINBOW, 20))  # another attraction still counts
    assert trip.score(0) == 35
    trip.sound()


def test_a4_other_points_either_way_and_never_nothing() -> None:
    trip = Trip(2)
    trip.roll(1)
    assert 0 not in NONZERO_POINTS and {-200, 200} <= set(NONZERO_POINTS)
    trip.do(c.Adjust(0, 15))
    trip.do(c.Adjust(0, -5))
    assert trip.score(0) == 10
    with pytest.raises(ValueError):
        trip.do(c.Adjust(0, 0))
    trip.end()
    trip.sound()
