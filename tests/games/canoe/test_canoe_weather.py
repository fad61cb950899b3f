"""The die and the weather: E1–E7 (docs/canoe-rules.md)."""

from __future__ import annotations

import pytest
from canoe_harness import Trip, of, pile

from companion.core.dice import ScriptedDice
from companion.exc import CommandNotAllowedError, SettingsError
from companion.games.canoe import commands as c
from companion.games.canoe import events as ev
from companion.games.canoe.engine import apply
from companion.games.canoe.model import WEATHER_SUMMARY, Moves, Phase, Weather, moves
from companion.games.canoe.queries import throw_line
from companion.games.canoe.settings import Ring
from companion.games.canoe.views import public_view

C, T, H, B, R = (Weather.CALM, Weather.TAILWIND, Weather.HEADWIND, Weather.WINDBOUND,
                 Weather.HEAVY_RAIN)


def test_e1_the_stand_in_ring_is_marked_placeholder_and_starts_on_its_first_space() -> None:
    trip = Trip(2)
    view = public_view(trip.state)
    assert view.ring_placeholder and view.ring == Ring().spaces
    assert len(view.ring) == 12 and set(view.ring) == set(Weather)
    assert view.weather is C and view.ring_position == 0
    own = Trip(2, ring=Ring((H, None, T), placeholder=False))
    assert own.state.weather is H and not public_view(own.state).ring_placeholder


@pytest.mark.parametrize("spaces, problem", [
    ((C,), "1 spaces"), ((C,) * 25, "25 spaces"), ((None, C), "first space"),
    ((B, B, None), "windbound"),
])
def test_e1_a_ring_that_cannot_start_or_end_a_trip_is_refused(
        spaces: tuple[Weather | None, ...], problem: str) -> None:
    with pytest.raises(SettingsError, match=problem):
        Ring(spaces).check()


def test_e2_a_six_moves_the_indicator_before_the_go_and_the_throw_is_read_in_it() -> None:
    trip = Trip(2, ring=Ring((C, T, H)))
    events = trip.roll(6)
    assert [type(e) for e in events] == [ev.DieRolled, ev.WeatherAdvanced]
    assert events[1] == ev.WeatherAdvanced(1, T, "six")
    line = throw_line(trip.state)
    assert line is not None and line.weather is T and line.lake == 8  # tailwind +2
    assert public_view(trip.state).weather_text == WEATHER_SUMMARY[T]


def test_e2_no_other_face_moves_it_and_the_ring_goes_round() -> None:
    trip = Trip(2, ring=Ring((C, T)))
    for face in (1, 2, 3, 4, 5):
        assert not of(trip.turn(face), ev.WeatherAdvanced)
    assert trip.state.position == 0
    trip.turn(6)
    trip.turn(6)
    assert trip.state.position == 0 and trip.state.weather is C  # round the ring


def test_e1_a_blank_space_keeps_the_weather() -> None:
    trip = Trip(2, ring=Ring((H, None, R)))
    trip.turn(6)
    assert trip.state.position == 1 and trip.state.weather is H
    trip.turn(6)
    assert trip.state.weather is R


@pytest.mark.parametrize("weather, face, lake, river, portage, poling", [
    (C, 4, 4, 4, 4, 3),
    (T, 3, 5, 3, 3, 2),
    (H, 2, -1, 2, 2, 1),  # blown back below 3
    (B, 5, 1, 5, 5, 4),  # just making headway on a 5
    (R, 1, 1, 1, -1, 0),  # slipping back on a portage
])
def test_e3_e4_what_each_weather_does_to_the_throw(
        weather: Weather, face: int, lake: int, river: int, portage: int, poling: int) -> None:
    assert moves(face, weather) == Moves(face, weather, lake, river, portage, poling,
                                         weather is B)


def test_e3_a_face_off_the_die_is_refused() -> None:
    with pytest.raises(ValueError, match="1 to 6"):
        moves(7, C)


def test_e4_the_view_carries_the_line_for_the_active_canoe() -> None:
    trip = Trip(2, ring=Ring((H, C)))
    assert public_view(trip.state).throw is None
    trip.roll(4)
    line = public_view(trip.state).throw
    assert line == Moves(4, H, 1, 4, 4, 3, False)


def test_e5_windbound_on_an_island_is_offered_only_in_a_windbound_weather() -> None:
    calm = Trip(2)
    option = calm.option(c.StayWindbound)
    assert option.blocked is not None and option.blocked.rule == "E5"
    trip = Trip(2, ring=Ring((B, C)))
    events = trip.do(c.StayWindbound(0))
    assert [type(e) for e in events] == [ev.Windbound, ev.TurnEnded, ev.TurnStarted]
    assert not of(events, ev.DieRolled) and trip.active == 1
    assert trip.state.players[0].windbound


def test_e6_everyone_windbound_on_islands_moves_the_weather_on() -> None:
    trip = Trip(3, ring=Ring((B, B, C)))
    trip.do(c.StayWindbound(0))
    trip.do(c.StayWindbound(1))
    events = trip.do(c.StayWindbound(2))
    assert of(events, ev.WeatherAdvanced) == [ev.WeatherAdvanced(1, B, "islands")]
    assert events.index(of(events, ev.WeatherAdvanced)[0]) < events.index(
        of(events, ev.TurnStarted)[0])  # before the next go
    assert all(p.windbound for p in trip.state.players)  # L7: the wind has not dropped
    roll = trip.option(c.Roll).blocked
    assert roll is not None and roll.code == "windbound_held" and roll.rule == "L7"
    events = trip.do(c.StayWindbound(0))
    assert of(events, ev.WeatherAdvanced) == [ev.WeatherAdvanced(2, C, "islands")]
    assert trip.state.weather is C and not any(p.windbound for p in trip.state.players)
    trip.sound()


def test_e6_l7_a_canoe_out_on_a_lake_keeps_the_weather_and_home_does_not_count() -> None:
    trip = Trip(3, ring=Ring((B, C)))
    trip.do(c.StayWindbound(0))
    trip.turn(3)  # seat 1 is out on a lake and throws
    trip.do(c.StayWindbound(2))
    assert trip.state.weather is B  # seat 1 is not on an island
    with pytest.raises(CommandNotAllowedError, match="no throw until the wind drops"):
        apply(trip.state, c.Roll(0), ScriptedDice([2]))
    trip.do(c.StayWindbound(0))
    trip.roll(2)
    events = trip.do(c.StayWindbound(1))  # L7: blown back onto an island: all are held
    assert of(events, ev.Windbound) == [ev.Windbound(1)]
    assert of(events, ev.WeatherAdvanced) == [ev.WeatherAdvanced(1, C, "islands")]
    assert not any(p.windbound for p in trip.state.players)  # the wind dropped
    trip.sound()
    home = Trip(2, ring=Ring((B, C)))
    home.state = home.state.with_player(1, home=True)
    home.events = []  # a hand-made position, checked only for the rule
    events = home.do(c.StayWindbound(0))
    assert of(events, ev.WeatherAdvanced) == [ev.WeatherAdvanced(1, C, "islands")]


def test_e7_the_line_of_the_throw_holds_for_the_whole_turn() -> None:
    trip = Trip(2, ring=Ring((T, C)), piles={c.Pile.PORTAGE: pile(
        c.Pile.PORTAGE, "dest-northern-portage", destinations=["dest-northern-portage"])})
    trip.roll(3)
    before = throw_line(trip.state)
    trip.do(c.Adjust(0, 5))
    trip.do(c.Land(0, c.Pile.PORTAGE))
    assert throw_line(trip.state) == before and before is not None and before.lake == 5
    assert trip.state.phase is Phase.MOVE
