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
    trip.do(c.SeeAttraction(0, Attraction.RAINBOW, 20))
    assert trip.score(0) == 40
    assert trip.state.players[0].attractions == (Attraction.RAINBOW,)
    with pytest.raises(ValueError):
        trip.do(c.SeeAttraction(0, Attraction.RAINBOW, 205))  # beyond what may be entered


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
