"""Nights and camping: N1–N5 (docs/canoe-rules.md)."""

from __future__ import annotations

import pytest
from canoe_harness import Trip, of, pile

from companion.exc import SettingsError
from companion.games.canoe import commands as c
from companion.games.canoe import events as ev
from companion.games.canoe.model import Phase, Pile
from companion.games.canoe.settings import DEFAULT_CAMPSITES, Campsites
from companion.games.canoe.views import public_view

SITES = Campsites(("Solitude Point", "Sugar Island", "Indian Pond 1"), placeholder=False)


def test_n1_camping_scores_the_site_draws_a_camp_card_and_misses_a_go() -> None:
    trip = Trip(2, piles={Pile.CAMP: pile(Pile.CAMP, "camp-10")})
    trip.roll(4)
    events = trip.do(c.Camp(0, "Sugar Island", 15))
    assert events == [ev.Camped(0, "Sugar Island", 15), ev.GoForfeited(0, "camp"),
                      ev.CardDrawn(0, Pile.CAMP, "camp-10", 10),
                      ev.CardReturned(Pile.CAMP, "camp-10", ev.Outcome.SCORED),
                      ev.TurnEnded(0), ev.TurnStarted(1, 2)]  # the turn ends at the campsite
    assert trip.score(0) == 25 and trip.state.players[0].nights == 1
    trip.turn(2)
    assert trip.active == 1  # seat 0's go was missed
    trip.sound()


def test_n2_the_stand_in_campsites_are_the_ones_the_rules_name_and_marked() -> None:
    trip = Trip(2)
    view = public_view(trip.state)
    assert view.campsites == DEFAULT_CAMPSITES and view.campsites_placeholder
    assert {"Solitude Point", "Sugar Island"} <= set(view.campsites)
    assert sum(s.startswith("Indian Pond") for s in view.campsites) == 2
    own = Trip(2, campsites=SITES)
    assert public_view(own.state).campsites == SITES.names
    assert not public_view(own.state).campsites_placeholder


@pytest.mark.parametrize("names, problem", [
    (("Only",), "1 sites"), (("A", "a"), "same name"), (("A", " "), "not a name"),
    (tuple(f"S{i}" for i in range(25)), "25 sites"),
])
def test_n2_a_campsite_list_the_rules_cannot_use_is_refused(
        names: tuple[str, ...], problem: str) -> None:
    with pytest.raises(SettingsError, match=problem):
        Campsites(names).check()


def test_n3_no_second_camp_at_a_site_until_every_site_is_used() -> None:
    trip = Trip(2, campsites=SITES)
    trip.turn(1, c.Camp(0, "Sugar Island", 5))
    trip.turn(1)
    trip.turn(1)
    trip.roll(3)
    used = [o for o in trip.options() if o.command is c.Camp and o.blocked is not None]
    assert len(used) == 1 and used[0].params["site"] == ("Sugar Island",)
    assert used[0].blocked is not None and used[0].blocked.rule == "N3"
    assert used[0].blocked.args == {"site": "Sugar Island", "left": 2}
    with pytest.raises(ValueError, match="camped at Sugar Island already"):
        trip.do(c.Camp(0, "Sugar Island", 5))
    trip.do(c.Camp(0, "Solitude Point", 5))
    trip.turn(1)
    trip.turn(1)
    trip.roll(2)
    trip.do(c.Camp(0, "Indian Pond 1", 5))
    assert trip.state.players[0].cycle == ()  # every site used: all open again
    trip.turn(1)
    trip.turn(1)
    trip.roll(2)
    assert all(o.blocked is None for o in trip.options() if o.command is c.Camp)
    trip.do(c.Camp(0, "Indian Pond 1", 5))
    trip.sound()


def test_n3_a_destination_card_orders_a_player_back_to_a_used_site() -> None:
    trip = Trip(2, campsites=SITES, piles={Pile.CANOE: pile(
        Pile.CANOE, "dest-sugar-island", destinations=["dest-sugar-island"])})
    trip.turn(1, c.Camp(0, "Sugar Island", 5))
    trip.turn(1)
    trip.turn(1)
    trip.turn(2, c.Land(0, Pile.CANOE))  # K8: a campsite card is obeyed again
    assert trip.state.players[0].destination == "dest-sugar-island"
    trip.turn(1)
    trip.roll(3)
    camp = [o for o in trip.options() if o.command is c.Camp and o.blocked is None]
    assert "Sugar Island" in camp[0].params["site"]
    events = trip.do(c.Camp(0, "Sugar Island", 5))
    assert ev.DestinationObeyed(0, "dest-sugar-island", auto=True) in events
    trip.sound()


def test_n3_campsites_are_shared() -> None:
    trip = Trip(2)
    trip.turn(2, c.Camp(0, "Sugar Island", 5))
    trip.turn(2, c.Camp(1, "Sugar Island", 5))
    assert [p.camps for p in trip.state.players] == [("Sugar Island",)] * 2


def test_n4_nights_are_counted_against_the_trip_and_more_are_allowed() -> None:
    trip = Trip(2, nights=1, campsites=SITES)
    trip.turn(2, c.Camp(0, "Sugar Island", 5))
    line = public_view(trip.state).seats[0]
    assert (line.nights, line.nights_needed) == (1, 1)
    trip.turn(1)
    trip.turn(1)
    trip.turn(2, c.Camp(0, "Solitude Point", 5))
    assert public_view(trip.state).seats[0].nights == 2


def test_n5_a_player_may_camp_without_throwing() -> None:
    trip = Trip(2)
    assert trip.state.phase is Phase.TURN
    trip.do(c.Adjust(0, 5))  # points may be entered before camping
    events = trip.do(c.Camp(0, "Indian Pond 1", 10))
    assert not of(events, ev.DieRolled) and of(events, ev.Camped)
    assert events[-2:] == [ev.TurnEnded(0), ev.TurnStarted(1, 2)]  # N1: the go ends there
    assert trip.state.phase is Phase.TURN and trip.active == 1
    trip.sound()


def test_n1_k11_a_camp_that_draws_the_hero_card_waits_for_the_keep_or_put_back() -> None:
    trip = Trip(2, piles={Pile.CAMP: pile(Pile.CAMP, "camp-09")})
    trip.roll(3)
    events = trip.do(c.Camp(0, "Sugar Island", 10))
    assert of(events, ev.HeroKept) and not of(events, ev.TurnEnded)
    assert trip.state.phase is Phase.MOVE and trip.active == 0
    for kind in (c.Land, c.Finish):  # the turn still ends at the campsite
        blocked = trip.option(kind).blocked
        assert blocked is not None and blocked.code == "camped"
    assert all(o.blocked is not None for o in trip.options() if o.command is c.Camp)
    trip.end()
    assert trip.state.players[0].hero and trip.active == 1
    trip.sound()
