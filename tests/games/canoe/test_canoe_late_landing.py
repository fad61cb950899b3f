"""C6: a landing not told in its go (the next player's choice, or "End of turn", ended the
go first, C4) goes in at the player's next go, before the throw: the card is drawn (or
entered, K12) as a landing's, and the go goes on to its throw; once, for that go only."""

from __future__ import annotations

import pytest
from canoe_harness import Trip, of, pile

from companion.exc import RulesError
from companion.games.canoe import commands as c
from companion.games.canoe import events as ev
from companion.games.canoe.cards import PAPER_DESTINATION
from companion.games.canoe.codec import CODEC
from companion.games.canoe.invariants import journal_violations
from companion.games.canoe.model import CardMode, PaperEffect, Phase, Pile, Weather
from companion.games.canoe.phases import ActKind, act_of
from companion.games.canoe.settings import Ring
from companion.games.canoe.state import Outcome

WINDY = Ring((Weather.WINDBOUND, Weather.CALM), placeholder=False)


def _round_to(trip: Trip, seat: int, face: int = 3) -> None:
    """The others throw `face` and end their goes until `seat`'s go begins."""
    while trip.active != seat:
        trip.roll(face)
        trip.end()


def _untold(trip: Trip, face: int = 4) -> None:
    """Ann throws and her go ends with nothing told; the others play, and her go begins."""
    assert trip.active == 0
    trip.roll(face)
    trip.end()
    _round_to(trip, 0)


def test_c6_a_landing_on_c_told_late_draws_the_card_and_the_go_goes_on_to_the_throw(
        ) -> None:
    # C6, C4, K4, K5
    trip = Trip(2, piles={Pile.CANOE: pile(Pile.CANOE, "canoe-05", "canoe-08")})
    _untold(trip)
    assert trip.state.players[0].untold and trip.option(c.LandLate).blocked is None
    events = trip.do(c.LandLate(0, Pile.CANOE))
    assert events == [ev.LandedLate(0, Pile.CANOE),
                      ev.CardDrawn(0, Pile.CANOE, "canoe-05", 15),
                      ev.CardReturned(Pile.CANOE, "canoe-05", Outcome.SCORED)]
    assert trip.score(0) == 15
    assert trip.state.phase is Phase.TURN and trip.active == 0  # the go goes on
    shown = trip.state.shown
    assert shown is not None and shown.late and shown.card == "canoe-05"
    assert trip.option(c.Roll).blocked is None
    trip.roll(2)  # the throw as usual; the new go may land anew
    events = trip.do(c.Land(0, Pile.CANOE))
    assert of(events, ev.CardDrawn) == [ev.CardDrawn(0, Pile.CANOE, "canoe-08", 15)]
    shown = trip.state.shown
    assert shown is not None and not shown.late
    assert events[-2:] == [ev.TurnEnded(0), ev.TurnStarted(1, 4)]
    assert trip.score(0) == 30
    assert journal_violations(trip.events) == []


def test_c6_a_landing_on_p_told_late_draws_from_the_portage_pile() -> None:
    # C6, K4
    trip = Trip(3, piles={Pile.PORTAGE: pile(Pile.PORTAGE, "portage-08")})
    _untold(trip)
    events = trip.do(c.LandLate(0, Pile.PORTAGE))
    assert of(events, ev.CardDrawn) == [ev.CardDrawn(0, Pile.PORTAGE, "portage-08", 20)]
    assert trip.score(0) == 20 and trip.state.phase is Phase.TURN
    assert journal_violations(trip.events) == []


def test_c6_the_next_player_s_throw_ends_the_go_and_its_landing_is_told_late() -> None:
    # C4: the next player's choice ends the go before it; C6: its landing is not lost
    trip = Trip(2, piles={Pile.CANOE: pile(Pile.CANOE, "canoe-06")})
    trip.roll(5)
    trip.end()  # what the table sends for Ann when Bob throws (C4)
    trip.roll(2)
    trip.end()
    assert [o.params["pile"] for o in trip.legal() if o.command is c.LandLate] == [
        (Pile.CANOE, Pile.PORTAGE)]
    trip.do(c.LandLate(0, Pile.CANOE))
    assert trip.score(0) == 20


@pytest.mark.parametrize("told", [
    c.Land(0, Pile.CANOE), c.Land(0, Pile.PORTAGE), c.Camp(0, "Sugar Island", 5),
    c.Climb(0, 20), c.WaitAtRock(0), c.ReachUnmapped(0, 2), c.WaitAtPoint(0),
], ids=lambda command: type(command).__name__)
def test_c6_no_late_landing_after_a_go_that_landed_camped_climbed_or_stopped(
        told: c.Command) -> None:
    # C6: a go has one move's end; L1-L6: a stop at a place is one; N1: so is a camp
    trip = Trip(2)
    trip.roll(4)
    trip.do(told)
    if trip.state.turn is not None and trip.state.turn.seat == 0:
        trip.end()
    _round_to(trip, 0)
    assert not trip.state.players[0].untold
    blocked = trip.option(c.LandLate).blocked
    assert blocked is not None and blocked.code == "nothing_untold" and blocked.rule == "C6"
    with pytest.raises(RulesError, match="had no throw, or ended with a landing"):
        trip.do(c.LandLate(0, Pile.CANOE))


def test_c6_no_late_landing_after_a_go_that_ended_waiting_or_inside_a_place() -> None:
    # L5: the entry throw ends the go inside the region; L6: no 5, still waiting
    trip = Trip(2)
    trip.roll(4)
    trip.do(c.WaitAtPoint(0))
    _round_to(trip, 0)
    trip.roll(3)  # no 5: the go ends, still waiting by the point
    _round_to(trip, 0)
    assert trip.option(c.LandLate).blocked is not None
    trip.roll(5)  # round the point: the canoe moves on, and may land
    trip.end()
    _round_to(trip, 0)
    assert trip.option(c.LandLate).blocked is None
    trip.roll(2)
    trip.do(c.ReachUnmapped(0, 3))
    _round_to(trip, 0)
    trip.roll(4)  # the throw to enter: the go ends inside
    _round_to(trip, 0)
    assert trip.option(c.LandLate).blocked is not None


def test_c6_no_late_landing_after_a_go_without_a_throw_or_blown_onto_an_island() -> None:
    # E5, L7: windbound before the throw (nothing to tell) or after it (on an island)
    trip = Trip(3, ring=WINDY)
    blocked = trip.option(c.LandLate).blocked  # the trip's first go: no go before it
    assert blocked is not None and blocked.code == "nothing_untold"
    trip.do(c.StayWindbound(0))
    trip.roll(3)
    trip.do(c.StayWindbound(1))  # Bob blown back onto an island
    trip.roll(3)
    trip.end()  # Cy's go: thrown, nothing told
    assert trip.active == 0 and trip.option(c.LandLate).blocked is not None
    trip.do(c.StayWindbound(0))
    assert trip.active == 1 and trip.option(c.LandLate).blocked is not None
    assert [p.untold for p in trip.state.players] == [False, False, True]


def test_c6_a_late_landing_is_told_once_and_gone_once_the_player_throws() -> None:
    # C6: once, for the last go only; the throw ends it (the new go may land anew)
    trip = Trip(2)
    _untold(trip)
    trip.do(c.LandLate(0, Pile.CANOE))
    blocked = trip.option(c.LandLate).blocked
    assert blocked is not None and blocked.code == "told_late"
    with pytest.raises(RulesError, match="told already"):
        trip.do(c.LandLate(0, Pile.PORTAGE))
    trip.roll(4)
    assert c.LandLate not in {o.command for o in trip.options()}
    with pytest.raises(RulesError):
        trip.do(c.LandLate(0, Pile.CANOE))

    again = Trip(2)
    _untold(again)
    again.roll(3)  # thrown without telling it: gone
    assert not again.state.players[0].untold
    with pytest.raises(RulesError):
        again.do(c.LandLate(0, Pile.CANOE))
    again.end()  # this go, thrown with nothing told, may be told in its turn
    _round_to(again, 0)
    assert again.option(c.LandLate).blocked is None


def test_c6_camping_where_the_canoe_stands_ends_the_chance_to_tell_it() -> None:
    # N5: a camp without a throw is this go's own end; the last go's landing is gone
    trip = Trip(2)
    _untold(trip)
    trip.do(c.Camp(0, "Sugar Island", 10))
    assert trip.active == 1 and not trip.state.players[0].untold


def test_c6_k10_the_leak_drawn_late_costs_the_go_after_the_one_under_way() -> None:
    # K10, C6 (ruling), C7, Q4: the go goes on; the next one is missed; a go skipped between
    # does not count as the "last go" of a landing still to tell
    trip = Trip(2, piles={Pile.CANOE: pile(Pile.CANOE, "canoe-10", "canoe-04")})
    _untold(trip)
    events = trip.do(c.LandLate(0, Pile.CANOE))
    assert ev.GoForfeited(0, "card") in events and trip.state.phase is Phase.TURN
    assert trip.score(0) == -15
    trip.roll(2)
    events = trip.end()  # this go played, with nothing told; Bob's, then Ann's is skipped
    trip.roll(3)
    events = trip.end()
    assert ev.TurnSkipped(0) in events and trip.active == 1
    trip.roll(3)
    trip.end()
    assert trip.active == 0 and trip.option(c.LandLate).blocked is None
    trip.do(c.LandLate(0, Pile.CANOE))
    assert trip.score(0) == 5
    assert journal_violations(trip.events) == []


def test_c6_k8_a_place_s_destination_card_drawn_late_may_go_back_before_or_after_the_throw(
        ) -> None:
    # K7, K8 (the Northern Portage: only the player knows), C6
    top = pile(Pile.CANOE, "dest-northern-portage", "canoe-05",
               destinations=["dest-northern-portage"])
    for before in (True, False):
        trip = Trip(2, piles={Pile.CANOE: top})
        _untold(trip)
        events = trip.do(c.LandLate(0, Pile.CANOE))
        assert ev.DestinationKept(0, "dest-northern-portage") in events
        assert trip.state.players[0].destination == "dest-northern-portage"
        assert trip.state.phase is Phase.TURN
        assert trip.option(c.ReturnDestination).blocked is None
        if not before:
            trip.roll(4)  # the choice stays open for the whole go
        events = trip.do(c.ReturnDestination(0))
        assert events == [ev.DestinationReturned(0, "dest-northern-portage"),
                          ev.CardReturned(Pile.CANOE, "dest-northern-portage",
                                          Outcome.ALREADY_DONE)]
        assert trip.state.players[0].destination is None
        assert trip.state.phase is (Phase.TURN if before else Phase.MOVE)
        assert journal_violations(trip.events) == []


def test_c6_k7_a_destination_card_kept_late_waits_for_its_choice_after_the_new_landing(
        ) -> None:
    # C6: the go ends at its own landing once the card's choice is made, or at "done" (C4)
    trip = Trip(2, piles={Pile.CANOE: pile(Pile.CANOE, "dest-northern-portage", "canoe-05",
                                           destinations=["dest-northern-portage"])})
    _untold(trip)
    trip.do(c.LandLate(0, Pile.CANOE))
    trip.roll(4)
    events = trip.do(c.Land(0, Pile.CANOE))
    assert of(events, ev.CardDrawn) and not of(events, ev.TurnEnded)
    assert trip.option(c.ReturnDestination).blocked is None
    trip.end()
    assert trip.state.players[0].destination == "dest-northern-portage"  # kept (K8 default)


def test_c6_k12_paper_cards_a_late_landing_awaits_its_card_then_the_throw() -> None:
    # K12, C6: the card is entered, and the go returns to its throw
    trip = Trip(2, cards=CardMode.PAPER)
    _untold(trip)
    events = trip.do(c.LandLate(0, Pile.CANOE))
    assert events == [ev.LandedLate(0, Pile.CANOE), ev.CardAwaited(0, Pile.CANOE)]
    assert trip.state.phase is Phase.CARD and act_of(trip.state) is ActKind.ENTER_CARD
    with pytest.raises(RulesError):
        trip.do(c.Roll(0))  # the card first
    trip.do(c.EnterCard(0, 15))
    assert trip.state.phase is Phase.TURN and act_of(trip.state) is ActKind.THROW
    assert trip.score(0) == 15 and trip.option(c.Roll).blocked is None
    blocked = trip.option(c.LandLate).blocked
    assert blocked is not None and blocked.code == "told_late"
    trip.roll(3)
    events = trip.do(c.Land(0, Pile.PORTAGE))  # a landing of this go: its card, then over
    trip.do(c.EnterCard(0, 10))
    assert trip.active == 1
    assert journal_violations(trip.events) == []


@pytest.mark.parametrize("effect", [PaperEffect.MISS_GO, PaperEffect.DESTINATION])
def test_c6_k12_paper_cards_a_late_leak_or_destination_card(effect: PaperEffect) -> None:
    # K10, K7, K8, K12, C6
    trip = Trip(2, cards=CardMode.PAPER)
    _untold(trip)
    trip.do(c.LandLate(0, Pile.CANOE))
    points = -15 if effect is PaperEffect.MISS_GO else 0
    events = trip.do(c.EnterCard(0, points, effect))
    assert trip.state.phase is Phase.TURN and trip.active == 0
    if effect is PaperEffect.MISS_GO:
        assert ev.GoForfeited(0, "card") in events
        assert trip.state.players[0].misses == 1
    else:
        assert ev.DestinationKept(0, PAPER_DESTINATION.id) in events
        trip.do(c.ReturnDestination(0))  # already done, before the throw (K8)
        assert trip.state.players[0].destination is None
        assert trip.state.phase is Phase.TURN
    trip.roll(2)
    trip.end()
    assert journal_violations(trip.events) == []


def test_q5_c6_the_late_landing_s_command_and_event_round_trip_through_the_codec() -> None:
    # Q5: the journal keeps the event, and the command as the table sends it
    command = c.LandLate(2, Pile.PORTAGE)
    assert CODEC.command_from_json(CODEC.command_to_json(command)) == command
    event = ev.LandedLate(2, Pile.PORTAGE)
    assert CODEC.event_from_json(CODEC.event_to_json(event)) == event
    assert ev.UNDOABLE[ev.LandedLate]  # bookkeeping: the card drawn after it is not (Q7)


def test_c6_the_journal_check_finds_a_late_landing_the_rules_would_refuse() -> None:
    # C6: after a go that landed, after this go's throw, and twice
    trip = Trip(2)
    trip.roll(4)
    trip.do(c.Land(0, Pile.CANOE))
    _round_to(trip, 0)
    assert any(v.startswith("C6:") for v in journal_violations(
        [*trip.events, ev.LandedLate(0, Pile.CANOE)]))
    told = Trip(2)
    _untold(told)
    told.do(c.LandLate(0, Pile.CANOE))
    assert journal_violations(told.events) == []
    assert any(v.startswith("C6:") for v in journal_violations(
        [*told.events, ev.LandedLate(0, Pile.PORTAGE)]))
    told.roll(3)
    assert any(v.startswith("C6:") for v in journal_violations(
        [*told.events, ev.LandedLate(0, Pile.PORTAGE)]))
