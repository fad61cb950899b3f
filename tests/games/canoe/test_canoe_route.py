"""N2: the board's route as the group copied it: the landmarks a canoe meets going out,
in order, so that the table's first trip on a board guesses as a group's second trip does
(`companion.games.canoe.table.route`). The route is checked with the settings, kept in
the journal with them, and only orders what the rules already offer."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from canoe_harness import Trip

from companion.exc import SettingsError
from companion.games.canoe import commands as c
from companion.games.canoe import events as ev
from companion.games.canoe.bots import PretendTrip, trip_settings, with_route
from companion.games.canoe.codec import CODEC, settings_from_json
from companion.games.canoe.model import ENTERED_ATTRACTIONS, Attraction, Weather
from companion.games.canoe.settings import MAX_ROUTE, ROUTE_WORDS, Ring, Settings
from companion.games.canoe.table.likely import UNTOLD_PLACE, guesses
from companion.games.canoe.table.memory import remember
from companion.games.canoe.table.route import route_memory
from games.canoe.test_canoe_presses import SITES, Table

ROUTE = ("great_falls", "Solitude Point", "Sugar Island", "raven_rock", "moose",
         "Indian Pond 1", "unmapped_region", "rainbow", "Indian Pond 2", "dangerous_point")
POINTS = ((Attraction.MOOSE, 15), (Attraction.RAINBOW, 20), (Attraction.GREAT_FALLS, 25),
          (Attraction.RAVEN_ROCK, 25))


def test_n2_a_route_names_the_board_s_campsites_and_landmarks_only() -> None:
    settings = Settings.make(["Ann", "Bob"], campsites=SITES, route=ROUTE)
    assert settings.route == ROUTE
    with pytest.raises(SettingsError, match="route: 'Nowhere' is neither a campsite"):
        Settings.make(["Ann", "Bob"], campsites=SITES, route=("moose", "Nowhere"))
    # Solitude Point's attraction is its campsite: the route names the site
    with pytest.raises(SettingsError, match="'solitude_point'"):
        Settings.make(["Ann", "Bob"], campsites=SITES, route=("solitude_point",))
    assert "solitude_point" not in ROUTE_WORDS and "raven_rock" in ROUTE_WORDS
    with pytest.raises(SettingsError, match=f"route: {MAX_ROUTE + 1} landmarks"):
        Settings.make(["Ann", "Bob"], route=("moose",) * (MAX_ROUTE + 1))


def test_n2_the_route_is_kept_in_the_journal_and_older_games_have_none() -> None:
    settings = Settings.make(["Ann", "Bob"], campsites=SITES, route=ROUTE)
    text = CODEC.event_to_json(ev.GameStarted(settings))
    again = CODEC.event_from_json(text)
    assert isinstance(again, ev.GameStarted) and again.settings.route == ROUTE
    # a game journalled before routes existed: its settings say nothing of one
    older = json.loads(CODEC.settings_to_json(Settings.make(["Ann", "Bob"])))
    older["settings"].pop("route", None)
    assert settings_from_json(json.dumps(older)).route == ()


def _trip(route: tuple[str, ...]) -> Trip:
    trip = Trip(2, nights=1, campsites=SITES)
    trip.settings = replace(trip.settings, attraction_points=POINTS, route=route)
    trip.events[0] = ev.GameStarted(trip.settings)
    trip.state = replace(trip.state, settings=trip.settings)
    return trip


def _left_label(table: Table, seat: int = 0) -> str:
    top = next(m for m in table.table.frame().menus if m.seat == seat)
    return next(i.label for i in top.items if i.button == "left")


def test_n2_a_first_trip_with_its_route_guesses_the_route_s_landmarks_in_turn() -> None:
    # nobody has told the table anything: without the route it goes by the rules text's
    # order (the moose first); with it, Great Falls, the route's first line, is ◀
    table = Table(_trip(ROUTE))
    assert table.presses(c.Roll(0), 3) == 1
    assert _left_label(table) == "Great Falls · +25"
    assert table.presses(c.SeeAttraction(0, Attraction.GREAT_FALLS, 25)) == 1
    unknown = Table(_trip(()))
    unknown.presses(c.Roll(0), 3)
    assert _left_label(unknown) != "Great Falls · +25"
    assert unknown.presses(c.SeeAttraction(0, Attraction.GREAT_FALLS, 25)) > 1
    # Bob too: the route's next landmark after the start, the same for every canoe
    table.presses(c.Land(0, c.Pile.CANOE))
    table.presses(c.Roll(1), 2)
    assert _left_label(table, 1) == "Great Falls · +25"


def test_n2_the_route_is_told_as_a_canoe_stopping_at_each_landmark_without_points() -> None:
    memory = route_memory(ROUTE)
    assert memory is not None and route_memory(()) is None
    # each landmark is followed by the next ones, the nearest the most
    assert memory.follows[("a:great_falls", "site:Solitude Point")] > \
        memory.follows[("a:great_falls", "site:Sugar Island")] > \
        memory.follows[("a:great_falls", "a:raven_rock")] > 0
    assert memory.follows[("site:Indian Pond 1", "stop:unmapped_edge")] > 0
    assert memory.last == {} and not memory.trails  # no points, no seat's trail


def test_n2_the_bots_copy_their_pretend_board_s_route() -> None:
    settings = with_route(trip_settings(1))
    trip = PretendTrip.for_game(settings)
    assert settings.route == trip.route()
    settings.check()
    lines = [a.value for _, a in sorted(trip.lines.items())]
    assert [x for x in settings.route if x in lines] == lines
    assert set(settings.campsites.names) <= set(settings.route)


def test_n2_l6_the_route_places_dangerous_point_for_a_canoe_in_a_wind() -> None:
    # the route's canoe stops at every landmark, so it tells them in a wind (only then
    # does a canoe wait by the point): past Indian Pond 2, the route's last site before
    # the point, a canoe in a headwind is guessed to wait there first
    trip = Trip(2, nights=2, campsites=SITES, ring=Ring((Weather.HEADWIND,) * 2))
    trip.settings = replace(trip.settings, route=ROUTE)
    trip.events[0] = ev.GameStarted(trip.settings)
    trip.state = replace(trip.state, settings=trip.settings)
    trip.turn(2, c.Camp(0, "Indian Pond 2", 5))
    trip.turn(2)
    trip.roll(3)
    board = route_memory(ROUTE)
    assert board is not None
    assert board.windy["site:Indian Pond 2"] == board.totals["site:Indian Pond 2"] > 0
    ranked = guesses(trip.state, 0, remember(trip.events, board),
                     allowed=list(ENTERED_ATTRACTIONS), open_sites=[], open_points=[],
                     climbable=False, may_stop=True, blown=False, portage=True,
                     finish=False)
    assert ranked[0].kind == "wait_point" and ranked[0].score > UNTOLD_PLACE
