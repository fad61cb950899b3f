"""The points printed on the board, entered once in setup ("Board points") and kept with the
trip as the weather ring is (N1, A3); the turn counter that counts goes played (C7); the
game-over screen that no longer says a player misses a go."""

from __future__ import annotations

import pytest
from canoe_harness import SetupPads, Trip

from companion.config.table import TableConfig
from companion.exc import SettingsError
from companion.games.canoe import commands as c
from companion.games.canoe.model import Attraction, Pile
from companion.games.canoe.screen import seat_status
from companion.games.canoe.settings import Campsites, Settings
from companion.games.canoe.table.controller import CanoeTable
from companion.games.canoe.views import public_view
from companion.pads.events import Button


class Clock:
    """A fake clock: each press a little later, so no press is taken for a stale one."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def setup_pads(last: Settings | None = None) -> SetupPads:
    """A new table in setup for two, driven by one pad on a fake clock."""
    clock = Clock()

    def later(held: bool) -> None:
        clock.now += 1.2 if held else 0.3

    table = CanoeTable(clock=clock, config=TableConfig(players=2), last=last)
    return SetupPads(table, later)


def test_n1_a3_board_points_are_entered_on_the_pads_and_kept_for_the_next_trip() -> None:
    pads = setup_pads()
    assert pads.line("Board points") == "not entered"
    pads.walk("Board points")
    pads.walk("Sugar Island")
    pads.walk("+15")
    pads.walk("See a moose")
    pads.walk("+20")
    pads.walk("Climb Raven Rock Peak")
    pads.walk("+25")
    pads.press(Button.SELECT, held=True)  # back to the setup menu
    assert pads.line("Board points") == "entered: 3 of 15"
    pads.walk("Start the game")
    settings = pads.table.state.require_settings()
    assert settings.campsites.printed("Sugar Island") == 15
    assert settings.campsites.printed("Solitude Point") is None
    assert settings.printed(Attraction.MOOSE) == 20
    assert settings.printed(Attraction.RAVEN_ROCK) == 25
    assert settings.printed(Attraction.RAINBOW) is None
    # the next trip's setup starts from them, as from the ring
    again = setup_pads(last=settings)
    assert again.line("Board points") == "entered: 3 of 15"
    again.walk("Board points")
    again.walk("Forget them all")
    assert again.line("Board points") == "not entered"
    assert again.table.draft.settings().campsites.points == ()


def test_n1_a3_printed_points_outside_the_board_s_steps_are_refused() -> None:
    with pytest.raises(SettingsError, match="campsites: 12 points"):
        Campsites(("A", "B"), points=(12, None)).check()
    with pytest.raises(SettingsError, match="one each, or none"):
        Campsites(("A", "B"), points=(10,)).check()
    with pytest.raises(SettingsError, match="attraction_points"):
        Settings.make(["Ann", "Bob"], attraction_points=((Attraction.SOLITUDE_POINT, 10),))
    with pytest.raises(SettingsError, match="attraction_points: 7 points"):
        Settings.make(["Ann", "Bob"], attraction_points=((Attraction.MOOSE, 7),))
    with pytest.raises(SettingsError, match="each attraction once"):
        Settings.make(["Ann", "Bob"], attraction_points=((Attraction.MOOSE, 5),
                                                         (Attraction.MOOSE, 10)))


def test_c7_the_turn_counter_counts_the_goes_played_and_never_jumps_a_missed_go() -> None:
    trip = Trip(2, nights=1)
    shown = [public_view(trip.state).turn]
    trip.turn(3, c.Camp(0, "Sugar Island", 10))  # Ann misses her next go (N1)
    shown.append(public_view(trip.state).turn)
    trip.turn(2)  # Bob; Ann's go is skipped, Bob throws again
    shown.append(public_view(trip.state).turn)
    trip.turn(2)
    shown.append(public_view(trip.state).turn)
    assert shown == [1, 2, 3, 4]
    assert trip.active == 0
    trip.sound()


def test_game_over_no_longer_says_a_player_misses_a_go() -> None:
    trip = Trip(2, nights=1)
    trip.turn(3, c.Camp(0, "Sugar Island", 10))
    trip.roll(3)
    trip.do(c.Land(1, Pile.CANOE))  # the go is over; Ann's is skipped: Bob again
    trip.roll(2)
    trip.do(c.Camp(1, "Solitude Point", 60))  # Bob now owes a go
    trip.roll(4)
    trip.do(c.Adjust(0, 100))
    trip.do(c.Finish(0))
    view = public_view(trip.state)
    assert trip.state.players[1].misses == 1 and view.winner == 0
    assert all("misses a go" not in seat_status(view, line) for line in view.seats)
