"""Finishing and the variants: F1–F5, V1–V3 (docs/canoe-rules.md)."""

from __future__ import annotations

import pytest
from canoe_harness import Trip, of, pile

from companion.exc import SettingsError
from companion.games.canoe import commands as c
from companion.games.canoe import events as ev
from companion.games.canoe.cards import DESTINATION_CARDS
from companion.games.canoe.engine import start_game
from companion.games.canoe.evolve import evolve
from companion.games.canoe.model import (
    ATTRACTIONS,
    ENTERED_ATTRACTIONS,
    DestinationRule,
    Phase,
    Pile,
)
from companion.games.canoe.reasons import explain
from companion.games.canoe.settings import Campsites, Settings, Variants
from companion.games.canoe.state import Outcome
from companion.games.canoe.views import public_view
from companion.games.mush.dice import SeededDice

SITES = Campsites(("Solitude Point", "Sugar Island", "Indian Pond 1"), placeholder=False)


def camped(trip: Trip, seat: int, site: str = "Sugar Island") -> None:
    """Bring the trip round to `seat`, who camps; then round to `seat` again."""
    while trip.active != seat:
        trip.turn(1)
    trip.turn(1, c.Camp(seat, site, 0))
    while trip.active != seat:
        trip.turn(1)


def test_f1_finishing_waits_for_the_nights_and_the_destination_card() -> None:
    trip = Trip(2, nights=1, piles={Pile.CANOE: pile(
        Pile.CANOE, "dest-northern-portage", destinations=["dest-northern-portage"])})
    trip.roll(3)
    blocked = trip.option(c.Finish).blocked
    assert blocked is not None and (blocked.code, blocked.rule) == ("nights", "F1")
    assert explain(blocked) == "0 of 1 nights camped"
    with pytest.raises(ValueError, match="0 of 1 nights camped"):
        trip.do(c.Finish(0))
    trip.do(c.Land(0, Pile.CANOE))
    trip.end()
    camped(trip, 0)
    trip.roll(4)
    line = public_view(trip.state).seats[0]
    assert [r.code for r in line.to_finish] == ["destination"]
    assert "Northern Portage" in explain(line.to_finish[0])
    trip.do(c.ObeyDestination(0))
    trip.do(c.Adjust(0, 100))
    assert trip.option(c.Finish).blocked is None
    assert public_view(trip.state).seats[0].to_finish == ()


def test_f2_finishing_needs_a_throw_and_no_landing_and_announces_the_throw() -> None:
    trip = Trip(2, nights=1)
    camped(trip, 0)
    assert c.Finish not in {o.command for o in trip.options()}  # before the throw
    trip.roll(2)
    events = trip.do(c.Land(0, Pile.PORTAGE))  # the move ended on P: no finishing after
    assert events[-2:] == [ev.TurnEnded(0), ev.TurnStarted(1, trip.state.turns)]
    trip.turn(1)
    trip.roll(5)
    trip.do(c.Adjust(0, 100))
    events = trip.do(c.Finish(0))
    assert events == [ev.GameWon(0, trip.score(0), 5)]  # the exact throw: a 5


def test_f3_the_finisher_with_more_points_than_everyone_still_out_wins() -> None:
    trip = Trip(3, nights=1)
    camped(trip, 0)
    trip.roll(3)
    trip.do(c.Adjust(0, 50 - trip.score(0)))
    note = trip.option(c.Finish).note
    assert note["wins"] == 1 and note["score"] == 50
    trip.do(c.Finish(0))
    assert trip.state.phase is Phase.GAME_OVER and trip.state.winner == 0
    assert public_view(trip.state).winner == 0
    trip.sound()


def test_f3_an_equal_score_is_not_more() -> None:
    trip = Trip(2, nights=1)
    camped(trip, 0)
    trip.roll(3)
    if trip.score(0) != trip.score(1):
        trip.do(c.Adjust(0, trip.score(1) - trip.score(0)))
    assert trip.score(0) == trip.score(1)
    option = trip.option(c.Finish)
    assert option.note["wins"] == 0
    assert option.blocked is not None and (option.blocked.code, option.blocked.rule) == (
        "not_ahead", "F3")
    with pytest.raises(ValueError, match="seek more points"):
        trip.do(c.Finish(0))


def test_f4_a_canoe_without_the_lead_turns_round_and_the_trip_goes_on() -> None:
    trip = Trip(3, nights=1)
    camped(trip, 0)
    trip.roll(4)
    trip.do(c.Adjust(0, -100))
    blocked = trip.option(c.Finish).blocked
    assert blocked is not None and blocked.code == "not_ahead"
    assert explain(blocked).endswith("seek more points first")
    assert c.Finish not in {o.command for o in trip.legal()}
    trip.end()
    assert trip.state.phase is Phase.TURN and trip.active == 1
    assert not any(p.home for p in trip.state.players)
    trip.sound()


def test_f4_f5_an_older_journal_s_player_at_home_no_longer_counts() -> None:
    trip = Trip(2, nights=1)
    camped(trip, 0)
    home = ev.PlayerHome(1, trip.score(1) + 300, 4)  # what an older companion wrote
    trip.state = evolve(trip.state, home)
    trip.events.append(home)
    assert trip.state.players[1].home and public_view(trip.state).seats[1].home
    trip.roll(6)
    trip.do(c.Adjust(0, -200))
    assert trip.option(c.Finish).note == {"wins": 1, "score": trip.score(0), "best": 0,
                                          "still_out": 0}
    events = trip.do(c.Finish(0))
    assert events == [ev.GameWon(0, trip.score(0), 6)]
    assert ev.PlayerHome in ev.LEGACY_EVENT_TYPES


def test_v1_short_game_with_one_destination_card() -> None:
    variants = Variants(destinations=DestinationRule.ONE)
    trip = Trip(2, variants=variants, piles={Pile.CANOE: pile(
        Pile.CANOE, "dest-northern-portage", "dest-moose",
        destinations=["dest-northern-portage", "dest-moose"])})
    trip.turn(3, c.Land(0, Pile.CANOE), c.ObeyDestination(0))
    trip.turn(3)
    events = trip.turn(3, c.Land(0, Pile.CANOE))
    assert ev.CardReturned(Pile.CANOE, "dest-moose", Outcome.NOT_NEEDED) in events
    assert trip.state.players[0].destination is None


def test_v1_short_game_without_destination_cards() -> None:
    variants = Variants(destinations=DestinationRule.NONE)
    settings = Settings.make(["Ann", "Bob"], variants=variants)
    state, events = start_game(settings, SeededDice(3))
    dealt = of(events, ev.PilesDealt)[0]
    assert isinstance(dealt, ev.PilesDealt)
    ids = {d.id for d in DESTINATION_CARDS}
    assert not ids & set(dealt.canoe + dealt.camp + dealt.portage)
    assert [len(p.cards) for p in state.piles] == [13, 13, 13]


def test_v2_long_game_needs_every_campsite() -> None:
    trip = Trip(2, nights=1, campsites=SITES, variants=Variants(every_campsite=True))
    camped(trip, 0, "Sugar Island")
    trip.roll(2)
    reason = trip.option(c.Finish).blocked
    assert reason is not None and reason.rule == "V2" and reason.args["count"] == 2
    trip.end()
    trip.turn(1)
    camped(trip, 0, "Solitude Point")
    camped(trip, 0, "Indian Pond 1")
    trip.roll(2)
    trip.do(c.Adjust(0, 200))
    assert trip.option(c.Finish).blocked is None


def test_v3_all_night_game_needs_every_attraction() -> None:
    trip = Trip(2, nights=1, variants=Variants(every_attraction=True))
    camped(trip, 0, "Solitude Point")
    trip.roll(2)
    reason = trip.option(c.Finish).blocked
    assert reason is not None and reason.rule == "V3" and reason.args["count"] == 7
    for attraction in ENTERED_ATTRACTIONS:
        trip.do(c.SeeAttraction(0, attraction, 10))
    reason = trip.option(c.Finish).blocked
    assert reason is not None and reason.args["attractions"] == "raven_rock"
    trip.do(c.Climb(0, 10))  # L1, L2: the go ends at the summit
    trip.turn(1)
    trip.roll(2)  # the descent
    trip.do(c.Adjust(0, 200))
    assert trip.option(c.Finish).blocked is None
    assert set(trip.state.players[0].attractions) == set(ATTRACTIONS)


def test_v3_needs_a_solitude_point_campsite() -> None:
    with pytest.raises(SettingsError, match="Solitude Point"):
        Settings.make(["Ann", "Bob"], variants=Variants(every_attraction=True),
                      campsites=Campsites(("A", "B")))
