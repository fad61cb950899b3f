"""A Canoe turn in few presses: the common turns (a throw then a landing on C or P, a
camp at a site with its printed points, finishing) take at most four presses from the
turn's first menu, and after the throw the focus rests on the likeliest step, never on
"End of turn" while the canoe may still land. And 300 bot trips of every length and
variant keep Raven Rock's rules (L1, L2)."""

from __future__ import annotations

import random

import pytest
from canoe_harness import Trip

from companion.core.dice import SeededDice
from companion.games.canoe import commands as c
from companion.games.canoe.bots import SensibleBot, play_game, trip_settings
from companion.games.canoe.invariants import place_violations
from companion.games.canoe.model import Pile, Weather
from companion.games.canoe.settings import Campsites, Ring
from companion.games.canoe.table.menus import seat_tree
from companion.table.navigation import presses_to

SITES = Campsites(("Solitude Point", "Sugar Island", "Indian Pond 1", "Indian Pond 2"),
                  placeholder=False, points=(20, 15, 10, 5))


def _presses(trip: Trip, command: c.Command) -> int:
    tree = seat_tree(trip.state, trip.active)
    assert tree is not None
    n = presses_to(tree, lambda chosen: chosen == command)
    assert n is not None, command
    return n


def test_n1_c6_a_throw_then_a_landing_takes_two_or_three_presses() -> None:
    trip = Trip(2, nights=0 + 1)
    assert _presses(trip, c.Roll(0)) == 1
    trip.roll(3)
    tree = seat_tree(trip.state, 0)
    assert tree is not None and tree.default == "camp"  # a night still to camp
    assert 1 + _presses(trip, c.Land(0, Pile.CANOE)) <= 4
    assert 1 + _presses(trip, c.Land(0, Pile.PORTAGE)) <= 4
    assert 1 + _presses(trip, c.Camp(0, "Solitude Point", 10)) <= 4


def test_n1_a_camp_at_the_likeliest_site_with_its_printed_points_is_four_presses() -> None:
    trip = Trip(2, campsites=SITES)
    trip.turn(2, c.Camp(0, "Solitude Point", 20))
    trip.turn(2)
    trip.turn(2)
    trip.roll(3)
    # the next site along the board's order, at its printed +15: throw, camp, site, points
    assert 1 + _presses(trip, c.Camp(0, "Sugar Island", 15)) == 4
    tree = seat_tree(trip.state, 0)
    assert tree is not None
    camp = tree.find("camp")
    assert camp is not None and camp.children is not None
    assert camp.children.default == "site:Sugar Island"
    site = camp.children.find("site:Sugar Island")
    assert site is not None and site.children is not None and site.children.default == "15"


def test_n1_without_printed_points_the_stepper_starts_at_the_last_camp_s() -> None:
    trip = Trip(2)
    trip.turn(2, c.Camp(0, "Sugar Island", 25))
    trip.roll(3)
    tree = seat_tree(trip.state, 1, {"camp": 25})
    assert tree is not None
    camp = tree.find("camp")
    assert camp is not None and camp.children is not None
    first = camp.children.items[0]
    assert first.children is not None and first.children.default == "25"


def test_f3_finishing_with_the_lead_is_four_presses_at_most() -> None:
    trip = Trip(2, nights=1)
    trip.turn(2, c.Camp(0, "Sugar Island", 25))
    trip.turn(2)
    trip.turn(2)
    trip.roll(5)
    trip.do(c.Adjust(0, 50))
    assert trip.option(c.Finish).blocked is None
    assert 1 + _presses(trip, c.Finish(0)) <= 4


def test_c6_after_the_throw_the_focus_is_not_on_the_end_of_the_turn() -> None:
    trip = Trip(2, nights=1)
    trip.turn(2, c.Camp(0, "Sugar Island", 10))
    trip.turn(2)
    trip.turn(2)
    trip.roll(4)  # the night camped: landing on C is likeliest
    tree = seat_tree(trip.state, 0)
    assert tree is not None and tree.default == "land:canoe"
    assert 1 + _presses(trip, c.EndTurn(0)) <= 4


def test_l1_after_waiting_at_the_base_the_climb_is_where_the_focus_goes() -> None:
    trip = Trip(2, ring=Ring((Weather.HEADWIND, Weather.CALM)))
    trip.roll(3)
    trip.do(c.WaitAtRock(0))
    trip.turn(6)  # the wind drops
    trip.roll(2)
    tree = seat_tree(trip.state, 0)
    assert tree is not None and tree.default == "places"
    places = tree.find("places")
    assert places is not None and places.children is not None
    assert places.children.default == "climb"
    assert 1 + _presses(trip, c.Climb(0, 10)) == 4  # throw, places, climb, points


VARIANT_SEEDS = range(300)


@pytest.mark.slow
def test_l1_l2_three_hundred_bot_trips_never_climb_in_bad_weather_nor_go_past_a_summit(
        ) -> None:
    climbs = 0
    for seed in VARIANT_SEEDS:
        settings = trip_settings(seed)
        state, events = play_game(settings, [SensibleBot() for _ in range(settings.players)],
                                  SeededDice(seed), random.Random(seed))
        assert state.winner is not None, seed
        assert place_violations(events) == [], seed
        climbs += sum(1 for e in events if getattr(e, "attraction", None) == "raven_rock")
    assert climbs > 300
