"""The trip and its turns: C1–C8 (docs/canoe-rules.md), and the phase table."""

from __future__ import annotations

import pytest
from canoe_harness import NAMES, Trip, of, pile

from companion.exc import (
    CommandNotAllowedError,
    GameOverError,
    NotYourTurnError,
    SettingsError,
    UnknownSeatError,
)
from companion.games.canoe import commands as c
from companion.games.canoe import events as ev
from companion.games.canoe.engine import apply, options, start_game
from companion.games.canoe.kernel import replace
from companion.games.canoe.model import Phase, Pile
from companion.games.canoe.phases import PHASE_TABLE, ActKind, act_of, as_text, reachable
from companion.games.canoe.physical import apply_entered, roll_request
from companion.games.canoe.settings import Settings
from companion.games.canoe.state import EMPTY
from companion.games.canoe.views import public_view, seat_view
from companion.games.mush.dice import ScriptedDice, SeededDice


@pytest.mark.parametrize("players", [1, 7])
def test_c1_two_to_six_players(players: int) -> None:
    with pytest.raises(SettingsError, match="2 to 6"):
        Settings.make([f"P{i}" for i in range(players)])


def test_c1_c2_the_players_and_the_trip_s_nights() -> None:
    assert Settings.make(NAMES[:6]).nights == 2
    with pytest.raises(SettingsError, match="nights"):
        Settings.make(NAMES[:2], nights=0)
    trip = Trip(6, nights=3)
    assert [s.name for s in public_view(trip.state).seats] == list(NAMES)
    assert public_view(trip.state).nights == 3


def test_c3_the_first_player_is_a_uniform_draw_then_clockwise() -> None:
    settings = Settings.make(NAMES[:4])
    firsts = set()
    for seed in range(40):
        state, events = start_game(settings, SeededDice(seed))
        drawn = of(events, ev.FirstPlayerDrawn)[0]
        assert isinstance(drawn, ev.FirstPlayerDrawn) and drawn.sides == 4
        assert state.active == drawn.seat == drawn.face - 1
        firsts.add(drawn.seat)
    assert firsts == {0, 1, 2, 3}
    trip = Trip(3, first=2)
    seen = []
    for _ in range(4):
        seen.append(trip.active)
        trip.turn(2)
    assert seen == [2, 0, 1, 2]


def test_c4_a_turn_throws_then_tells_then_ends() -> None:
    trip = Trip(2)
    assert act_of(trip.state) is ActKind.THROW
    assert {o.command for o in trip.legal()} == {
        c.Roll, c.Camp, c.SeeAttraction, c.Adjust}
    trip.roll(3)
    assert act_of(trip.state) is ActKind.TELL
    assert {o.command for o in trip.legal()} == {
        c.Land, c.Camp, c.SeeAttraction, c.Adjust, c.EndTurn, c.Climb, c.WaitAtRock,
        c.ReachUnmapped, c.WaitAtPoint, c.ShareSpace}
    assert trip.end() == [ev.TurnEnded(0), ev.TurnStarted(1, 2)]
    assert options(trip.state, 0) == []  # only the active player acts


def test_c5_the_die_is_fair_and_recorded() -> None:
    trip = Trip(2)
    trip.shuffles = SeededDice(1)
    faces = []
    for _ in range(600):
        faces.append(of(trip.roll(1), ev.DieRolled)[0].face)
        trip.end()
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(60 <= faces.count(f) <= 140 for f in range(1, 7))


def test_c5_a_wooden_die_s_face_is_entered() -> None:
    trip = Trip(2)
    request = roll_request(trip.state, c.Roll(0))
    assert request is not None and request.seat == 0 and request.values == range(1, 7)
    assert roll_request(trip.state, c.Adjust(0, 5)) is None  # nothing thrown
    assert roll_request(trip.state, c.Roll(1)) is None  # not that seat's turn
    with pytest.raises(ValueError, match="1 to 6"):
        apply_entered(trip.state, c.Roll(0), request, 7)
    state, events = apply_entered(trip.state, c.Roll(0), request, 6)
    assert events[0] == ev.DieRolled(0, 6) and isinstance(events[1], ev.WeatherAdvanced)
    trip.state, trip.events = state, trip.events + events
    trip.do(c.Land(0, Pile.CANOE))
    assert roll_request(trip.state, c.Land(0, Pile.PORTAGE)) is None


def test_c6_one_landing_a_turn_and_only_after_a_throw() -> None:
    trip = Trip(2, piles={Pile.CANOE: pile(Pile.CANOE, "canoe-05", "dest-northern-portage",
                                           destinations=["dest-northern-portage"])})
    assert c.Land not in {o.command for o in trip.options()}  # a landing follows a throw
    trip.roll(4)
    events = trip.do(c.Land(0, Pile.CANOE))  # the move ended there: so did the go
    assert events[-2:] == [ev.TurnEnded(0), ev.TurnStarted(1, 2)]
    trip.roll(4)
    events = trip.do(c.Land(1, Pile.CANOE))  # a card to keep or put back: the go waits
    assert of(events, ev.DestinationKept) and not of(events, ev.TurnEnded)
    for kind in (c.Land, c.Finish):
        blocked = trip.option(kind).blocked
        assert blocked is not None and blocked.code == "landed"
    with pytest.raises(CommandNotAllowedError, match="already landed"):
        trip.do(c.Land(1, Pile.PORTAGE))
    with pytest.raises(CommandNotAllowedError, match="already landed"):
        trip.do(c.Camp(1, "Sugar Island", 5))
    with pytest.raises(CommandNotAllowedError, match="already landed"):
        trip.do(c.Climb(1, 20))


def test_c7_owed_goes_are_skipped_and_home_players_have_no_turn() -> None:
    trip = Trip(3)
    trip.turn(2, c.Camp(0, "Sugar Island", 5))
    trip.turn(2, c.Camp(1, "Sugar Island", 5))
    events = trip.turn(2)
    assert [type(e) for e in events[-5:]] == [ev.TurnStarted, ev.TurnSkipped, ev.TurnStarted,
                                              ev.TurnSkipped, ev.TurnStarted]
    assert trip.active == 2
    trip.sound()


def test_c8_what_stays_on_the_board_every_score_shown() -> None:
    trip = Trip(3)
    trip.turn(2, c.Adjust(0, 10))
    trip.turn(2, c.Adjust(1, 5))
    view = public_view(trip.state)
    assert [s.score for s in view.seats] == [10, 5, 0]  # "ahead if you have more points"
    commands = {t.__name__ for t in c.COMMAND_TYPES}
    assert not commands & {"Move", "Overtake", "Reverse"}  # no map, no moves to make


def test_refusals_name_the_reason_and_change_nothing() -> None:
    trip = Trip(2)
    before = trip.state
    with pytest.raises(NotYourTurnError):
        apply(trip.state, c.Roll(1), ScriptedDice([3]))
    with pytest.raises(UnknownSeatError):
        apply(trip.state, c.Roll(5), ScriptedDice([3]))
    with pytest.raises(CommandNotAllowedError, match="allowed: "):
        apply(trip.state, c.EndTurn(0), ScriptedDice([]))
    assert trip.state is before
    trip.do(c.Camp(0, "Sugar Island", 5))
    trip.state = replace(trip.state, phase=Phase.GAME_OVER)
    with pytest.raises(GameOverError):
        apply(trip.state, c.Roll(1), ScriptedDice([3]))


def test_the_phase_table_has_no_dead_end() -> None:
    assert set(PHASE_TABLE) == set(Phase)
    for phase in Phase:
        if phase is not Phase.GAME_OVER:
            assert Phase.GAME_OVER in reachable(phase), phase
    assert reachable(Phase.SETUP) == set(Phase)
    assert "--CardAwaited--> card" in as_text()


def test_the_seat_view_is_the_public_view_and_the_seat_s_menu() -> None:
    trip = Trip(2)
    view = seat_view(trip.state, 0)
    assert view.public == public_view(trip.state) and view.seat == 0
    assert {o.command for o in view.options} >= {c.Roll, c.StayWindbound}
    assert seat_view(trip.state, 1).options == ()
    data = view.public.to_data()
    assert data["seats"][0]["name"] == "Ann" and data["weather"] == "calm"
    assert options(EMPTY, c.TABLE)[0].command is c.StartGame
