"""The three piles and their cards: K1–K13 (docs/canoe-rules.md)."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest
from canoe_harness import Trip, of, pile

from companion.games.canoe import commands as c
from companion.games.canoe import events as ev
from companion.games.canoe.cards import (
    CAMP_CARDS,
    CANOE_CARDS,
    CARDS,
    DESTINATION_CARDS,
    HERO_CARD,
    OWN_CARDS,
    PORTAGE_CARDS,
    CardKind,
    card,
    shuffle_card,
)
from companion.games.canoe.engine import options, start_game
from companion.games.canoe.evolve import evolve
from companion.games.canoe.invariants import journal_violations
from companion.games.canoe.kernel import replace
from companion.games.canoe.model import CardMode, PaperEffect, Phase, Pile, Weather
from companion.games.canoe.settings import Ring, Settings
from companion.games.canoe.state import Outcome
from companion.games.canoe.views import public_view
from companion.games.mush.dice import SeededDice

CANOE, CAMP, PORTAGE = Pile.CANOE, Pile.CAMP, Pile.PORTAGE
RAIN = Ring((Weather.HEAVY_RAIN, Weather.CALM))


def test_k1_three_piles_of_twelve_cards_from_the_rules_text() -> None:
    assert [len(OWN_CARDS[p]) for p in (CANOE, CAMP, PORTAGE)] == [12, 12, 12]
    assert len(DESTINATION_CARDS) == 9
    assert sum(c.points for c in CANOE_CARDS) == 30
    assert sum(c.points for c in CAMP_CARDS) == 5
    assert sum(c.points for c in PORTAGE_CARDS) == 40
    assert Counter(c.points for c in CANOE_CARDS) == Counter(
        {-5: 2, 5: 1, 25: 1, 20: 2, 15: 2, -20: 1, -15: 2, -10: 1})
    assert card("camp-01").points == -25 and "will to live" in card("camp-01").text
    assert card("portage-08").points == 20 and "stream" in card("portage-08").text
    assert card("canoe-03").choice is not None  # the number is a choice (listed)


def test_k2_k3_the_deal_puts_three_destinations_in_each_pile_and_shuffle_at_the_bottom(
        ) -> None:
    settings = Settings.make(["Ann", "Bob"])
    _, events = start_game(settings, SeededDice(11))
    dealt = of(events, ev.PilesDealt)[0]
    assert isinstance(dealt, ev.PilesDealt)
    destinations = {d.id for d in DESTINATION_CARDS}
    for p, cards in ((CANOE, dealt.canoe), (CAMP, dealt.camp), (PORTAGE, dealt.portage)):
        assert len(cards) == 16 and cards[-1] == shuffle_card(p)
        assert len(set(cards) & destinations) == 3
        assert {c.id for c in OWN_CARDS[p]} < set(cards)
    assert set(dealt.canoe + dealt.camp + dealt.portage) >= destinations
    other = of(start_game(settings, SeededDice(12))[1], ev.PilesDealt)[0]
    assert other != dealt  # a uniform deal, not a fixed one


def test_k3_the_shuffle_card_reshuffles_and_the_top_card_is_drawn_again() -> None:
    canoe = (shuffle_card(CANOE), *pile(CANOE)[:-1])
    trip = Trip(2, piles={CANOE: canoe})
    trip.roll(2)
    faces = [1] * 11  # Fisher-Yates over the 12 cards left: one draw per place but the top
    events = trip.do(c.Land(0, CANOE), *faces)
    drawn = of(events, ev.CardDrawn)
    assert [d.card for d in drawn] == [shuffle_card(CANOE), drawn[1].card]
    shuffled = of(events, ev.PileShuffled)[0]
    assert isinstance(shuffled, ev.PileShuffled)
    assert shuffled.order[-1] == shuffle_card(CANOE)
    assert sorted(shuffled.order) == sorted(canoe)
    assert drawn[1].card == shuffled.order[0]
    assert trip.state.pile(CANOE).cards[-2:] == (shuffle_card(CANOE), shuffled.order[0])
    trip.sound()


@pytest.mark.parametrize("say, which", [(c.Land(0, CANOE), CANOE), (c.Land(0, PORTAGE), PORTAGE),
                                        (c.Camp(0, "Sugar Island", 5), CAMP)])
def test_k4_each_landing_draws_from_its_pile(say: c.Command, which: Pile) -> None:
    trip = Trip(2)
    trip.roll(3)
    events = trip.do(say)
    drawn = of(events, ev.CardDrawn)
    assert len(drawn) == 1 and drawn[0].pile is which


def test_k5_k6_points_at_once_and_the_card_back_under_its_pile() -> None:
    trip = Trip(2, piles={PORTAGE: pile(PORTAGE, "portage-08")})
    trip.roll(3)
    events = trip.do(c.Land(0, PORTAGE))
    assert events[1:3] == [ev.CardDrawn(0, PORTAGE, "portage-08", 20),
                           ev.CardReturned(PORTAGE, "portage-08", Outcome.SCORED)]
    assert trip.score(0) == 20
    assert trip.state.pile(PORTAGE).cards[-1] == "portage-08"
    shown = public_view(trip.state).shown
    assert shown is not None and shown.points == 20 and "stream" in shown.text
    assert shown.outcome is Outcome.SCORED and not shown.chosen


def test_k7_a_destination_card_is_kept_and_a_second_goes_back() -> None:
    canoe = pile(CANOE, "dest-moose", "dest-unmapped", destinations=["dest-raven-rock"])
    trip = Trip(2, piles={CANOE: canoe})
    trip.turn(3, c.Land(0, CANOE))
    assert trip.state.players[0].destination == "dest-moose"
    assert "dest-moose" not in trip.state.pile(CANOE).cards
    trip.turn(3)
    events = trip.turn(4, c.Land(0, CANOE))
    assert of(events, ev.CardReturned) == [ev.CardReturned(CANOE, "dest-unmapped",
                                                           Outcome.HELD_ONE)]
    assert trip.state.players[0].destination == "dest-moose"
    assert trip.state.pile(CANOE).cards[-1] == "dest-unmapped"
    trip.sound()


def test_k8_a_destination_already_done_goes_back_under_the_pile() -> None:
    trip = Trip(2, piles={CANOE: pile(CANOE, "dest-moose", destinations=["dest-unmapped"])})
    trip.roll(3)
    trip.do(c.SeeAttraction(0, c.Attraction.MOOSE, 20))
    events = trip.do(c.Land(0, CANOE))
    assert of(events, ev.CardReturned)[0] == ev.CardReturned(CANOE, "dest-moose",
                                                             Outcome.ALREADY_DONE)
    assert trip.state.players[0].destination is None


def test_k8_the_solitude_point_card_is_an_attraction_done_by_camping_there() -> None:
    trip = Trip(2, piles={CAMP: pile(CAMP, "camp-12", "dest-solitude",
                                     destinations=["dest-solitude"])})
    trip.turn(3, c.Camp(0, "Solitude Point", 10))
    trip.turn(1)
    trip.turn(1)
    events = trip.turn(3, c.Camp(0, "Sugar Island", 5))
    assert ev.CardReturned(CAMP, "dest-solitude", Outcome.ALREADY_DONE) in events


def test_k8_a_campsite_card_is_obeyed_even_if_camped_there_before() -> None:
    trip = Trip(2, piles={CANOE: pile(CANOE, "dest-sugar-island",
                                      destinations=["dest-sugar-island"])})
    trip.turn(3, c.Camp(0, "Sugar Island", 10))
    trip.turn(1)
    trip.turn(1)
    trip.turn(2, c.Land(0, CANOE))
    assert trip.state.players[0].destination == "dest-sugar-island"
    trip.turn(1)
    trip.roll(2)
    trip.do(c.Land(0, PORTAGE))
    assert trip.state.players[0].destination == "dest-sugar-island"
    trip.sound()


def test_k8_a_place_only_the_player_knows_is_said_already_done_that_turn() -> None:
    trip = Trip(2, piles={PORTAGE: pile(PORTAGE, "dest-northern-portage",
                                        destinations=["dest-northern-portage"])})
    assert c.ReturnDestination not in {o.command for o in trip.options()}  # before a throw
    trip.roll(3)
    assert trip.option(c.ReturnDestination).blocked is not None
    trip.do(c.Land(0, PORTAGE))
    assert trip.option(c.ReturnDestination).blocked is None
    events = trip.do(c.ReturnDestination(0))
    assert events == [ev.DestinationReturned(0, "dest-northern-portage"),
                      ev.CardReturned(PORTAGE, "dest-northern-portage", Outcome.ALREADY_DONE)]
    assert trip.state.players[0].destination is None
    trip.sound()


def test_k8_already_done_is_refused_for_a_card_the_companion_can_follow() -> None:
    trip = Trip(2, piles={CANOE: pile(CANOE, "dest-moose", destinations=["dest-moose"])})
    trip.roll(3)
    trip.do(c.Land(0, CANOE))  # nothing to ask: the go ended with the landing
    assert trip.state.players[0].destination == "dest-moose" and trip.active == 1
    trip.turn(2)
    trip.roll(2)
    blocked = trip.option(c.ReturnDestination).blocked
    assert blocked is not None and blocked.code == "none_kept"
    state = replace(trip.state, turn=replace(trip.state.require_turn(), kept="dest-moose"))
    blocked = next(o for o in options(state, 0) if o.command is c.ReturnDestination).blocked
    assert blocked is not None and blocked.code == "obey_anyway"


def test_k8_already_done_is_refused_on_a_later_turn() -> None:
    trip = Trip(2, piles={PORTAGE: pile(PORTAGE, "dest-northern-portage",
                                        destinations=["dest-northern-portage"])})
    trip.turn(3, c.Land(0, PORTAGE))
    trip.turn(3)
    trip.roll(2)
    blocked = trip.option(c.ReturnDestination).blocked
    assert blocked is not None and blocked.rule == "K8"
    with pytest.raises(ValueError, match="kept this turn"):
        trip.do(c.ReturnDestination(0))


def test_k9_obeyed_by_hand_or_by_the_companion_and_out_of_the_game() -> None:
    trip = Trip(2, piles={PORTAGE: pile(
        PORTAGE, "dest-northern-portage", "dest-raven-rock",
        destinations=["dest-northern-portage", "dest-raven-rock"])})
    assert trip.option(c.ObeyDestination).blocked is not None
    trip.turn(3, c.Land(0, PORTAGE))
    trip.turn(3)
    trip.roll(2)
    assert trip.do(c.ObeyDestination(0)) == [ev.DestinationObeyed(0, "dest-northern-portage")]
    trip.end()
    trip.turn(3)
    trip.turn(4, c.Land(0, PORTAGE))
    assert trip.state.players[0].destination == "dest-raven-rock"
    trip.turn(3)
    trip.roll(5)
    blocked = trip.option(c.ObeyDestination).blocked  # only a climb that counts does it
    assert blocked is not None and blocked.code == "obeyed_by_companion"
    events = trip.do(c.Climb(0, 30))
    assert ev.DestinationObeyed(0, "dest-raven-rock", auto=True) in events
    player = trip.state.players[0]
    assert player.destination is None
    assert player.obeyed == ("dest-northern-portage", "dest-raven-rock")
    cards = trip.state.pile(PORTAGE).cards
    assert "dest-northern-portage" not in cards and "dest-raven-rock" not in cards
    trip.sound()


def test_k9_camping_at_the_site_named_obeys_the_card() -> None:
    trip = Trip(2, piles={CAMP: pile(CAMP, "dest-indian-pond", "camp-12",
                                     destinations=["dest-indian-pond"])})
    trip.turn(3, c.Camp(0, "Sugar Island", 5))
    assert trip.state.players[0].destination == "dest-indian-pond"
    trip.turn(2)
    trip.turn(2)  # seat 0 misses this go (camped), seat 1 throws again
    events = trip.turn(4, c.Camp(0, "Indian Pond 2", 10))
    assert ev.DestinationObeyed(0, "dest-indian-pond", auto=True) in events
    trip.sound()


def test_k10_a_leak_costs_15_and_the_next_go() -> None:
    trip = Trip(2, piles={CANOE: pile(CANOE, "canoe-10")})
    events = trip.turn(2, c.Land(0, CANOE))
    assert ev.GoForfeited(0, "card") in events and trip.score(0) == -15
    assert trip.active == 1
    events = trip.turn(3)
    # C7: the skipped go takes no number of its own, so the counter does not jump
    assert events[-3:] == [ev.TurnStarted(0, 3), ev.TurnSkipped(0), ev.TurnStarted(1, 3)]
    events = trip.turn(3)
    assert events[-1] == ev.TurnStarted(0, 4)  # skipped once only
    trip.sound()


def test_k11_the_camp_hero_is_kept_and_scores_40_at_a_camp_in_the_rain() -> None:
    ring = Ring((Weather.CALM, Weather.HEAVY_RAIN))
    trip = Trip(2, ring=ring, piles={CAMP: pile(CAMP, HERO_CARD, "camp-12", "camp-04")})
    events = trip.turn(3, c.Camp(0, "Sugar Island", 5))
    assert ev.HeroKept(0) in events and trip.state.players[0].hero
    assert trip.score(0) == 5 and HERO_CARD not in trip.state.pile(CAMP).cards
    trip.turn(6)  # seat 1 throws a 6: Heavy Rain
    trip.turn(1)  # seat 1 again (seat 0 missed its go)
    events = trip.turn(3, c.Camp(0, "Indian Pond 1", 5))
    assert events[2:5] == [ev.HeroUsed(0, 40), ev.CardReturned(CAMP, HERO_CARD,
                                                              Outcome.HERO_USED),
                           ev.GoForfeited(0, "camp")]
    assert trip.score(0) == 5 + 5 + 40 + 15 and not trip.state.players[0].hero
    assert trip.state.pile(CAMP).cards[-2:] == (HERO_CARD, "camp-12")
    trip.sound()


def test_k11_drawn_while_camping_in_the_rain_it_scores_at_once() -> None:
    trip = Trip(2, ring=RAIN, piles={CAMP: pile(CAMP, HERO_CARD)})
    events = trip.turn(3, c.Camp(0, "Sugar Island", 0))
    assert ev.HeroUsed(0, 40) in events and trip.score(0) == 40
    assert not trip.state.players[0].hero
    shown = public_view(trip.state).shown  # the last card drawn stays on the screen
    assert shown is not None and shown.card == HERO_CARD and shown.points == 40
    assert shown.outcome is Outcome.HERO_USED
    trip.sound()


def test_k11_the_drawer_may_put_the_hero_back_in_the_turn_it_was_drawn() -> None:
    trip = Trip(3, nights=1, piles={CAMP: pile(CAMP, HERO_CARD)})
    assert c.PutBackHero not in {o.command for o in trip.options()}
    trip.roll(3)
    trip.do(c.Camp(0, "Sugar Island", 0))  # "YOU MAY KEEP THIS CARD": the go waits
    assert trip.state.players[0].hero and trip.active == 0
    events = trip.do(c.PutBackHero(0))
    assert events == [ev.HeroDeclined(0),
                      ev.CardReturned(CAMP, HERO_CARD, Outcome.HERO_DECLINED)]
    assert not trip.state.players[0].hero and trip.state.pile(CAMP).cards[-1] == HERO_CARD
    assert c.PutBackHero not in {o.command for o in trip.options()}
    trip.end()
    trip.sound()


def test_k11_an_older_journal_s_holder_who_went_home_put_the_hero_back() -> None:
    trip = Trip(3, nights=1, piles={CAMP: pile(CAMP, HERO_CARD)})
    trip.turn(3, c.Camp(0, "Sugar Island", 0))
    for event in (ev.PlayerHome(0, trip.score(0), 4),
                  ev.CardReturned(CAMP, HERO_CARD, Outcome.WENT_HOME)):
        trip.state = evolve(trip.state, event)
        trip.events.append(event)
    assert not trip.state.players[0].hero and trip.state.pile(CAMP).cards[-1] == HERO_CARD
    assert journal_violations(trip.events) == []


def test_k12_paper_cards_are_entered_with_their_points_and_what_they_do() -> None:
    trip = Trip(2, cards=CardMode.PAPER)
    assert trip.state.piles == ()
    trip.roll(3)
    events = trip.do(c.Land(0, CANOE))
    assert events == [ev.Landed(0, CANOE), ev.CardAwaited(0, CANOE)]
    assert trip.state.phase is Phase.CARD
    assert {o.command for o in trip.options()} == {c.EnterCard}
    trip.do(c.EnterCard(0, -15, PaperEffect.MISS_GO))
    assert trip.score(0) == -15 and trip.state.players[0].misses == 1
    assert trip.state.phase is Phase.TURN and trip.active == 1  # the go ended on C
    trip.roll(4)
    trip.do(c.Camp(1, "Sugar Island", 10))
    assert trip.state.phase is Phase.CARD
    trip.do(c.EnterCard(1, 0, PaperEffect.DESTINATION))
    trip.end()
    assert trip.state.players[1].destination == "dest-paper"
    assert trip.score(1) == 10 and trip.state.players[1].nights == 1
    events = trip.events[-4:]  # seat 0 misses its go, then seat 1 misses its go too
    assert [type(e) for e in events] == [ev.TurnSkipped, ev.TurnStarted, ev.TurnSkipped,
                                         ev.TurnStarted]
    assert trip.active == 0
    trip.sound()


def test_k12_a_paper_destination_drawn_by_a_holder_goes_back() -> None:
    trip = Trip(2, cards=CardMode.PAPER)
    trip.turn(3, c.Land(0, CANOE), c.EnterCard(0, 0, PaperEffect.DESTINATION))
    trip.turn(3)
    assert trip.state.players[0].destination == "dest-paper"
    trip.roll(3)
    trip.do(c.Land(0, CANOE))
    events = trip.do(c.EnterCard(0, 0, PaperEffect.DESTINATION))  # K7: back under the pile
    assert of(events, ev.CardEntered) and not of(events, ev.DestinationKept)
    trip.roll(2)
    trip.do(c.Adjust(1, 5))
    trip.end()
    trip.roll(2)
    assert trip.do(c.ObeyDestination(0)) == [ev.DestinationObeyed(0, "dest-paper")]
    trip.sound()


@pytest.mark.parametrize("which, points, effect", [
    (CANOE, 164, PaperEffect.MISS_GO), (CANOE, 0, PaperEffect.POINTS),
    (CANOE, -25, PaperEffect.POINTS), (PORTAGE, -15, PaperEffect.MISS_GO),
    (PORTAGE, 0, PaperEffect.HERO), (CAMP, 40, PaperEffect.POINTS),
    (CAMP, 10, PaperEffect.DESTINATION),
])
def test_k12_a_paper_card_is_only_what_the_card_sheet_prints(which: Pile, points: int,
                                                          effect: PaperEffect) -> None:
    trip = Trip(2, cards=CardMode.PAPER)
    trip.roll(3)
    trip.do(c.Camp(0, "Sugar Island", 5) if which is CAMP else c.Land(0, which))
    before = trip.state
    with pytest.raises(ValueError):
        trip.do(c.EnterCard(0, points, effect))
    assert trip.state is before
    values = {(p, o.params["effect"][0]) for o in trip.legal() for p in o.params["points"]}
    sheet = {(card.points, PaperEffect.MISS_GO if card.kind is CardKind.MISS_GO
              else PaperEffect.POINTS) for card in OWN_CARDS[which]
             if card.kind is not CardKind.HERO}
    assert values - {(0, PaperEffect.DESTINATION), (0, PaperEffect.HERO)} == sheet


def test_k11_k12_the_group_s_paper_hero_is_kept_then_played_in_the_rain() -> None:
    ring = Ring((Weather.CALM, Weather.HEAVY_RAIN))
    trip = Trip(2, cards=CardMode.PAPER, ring=ring)
    trip.roll(3)
    trip.do(c.Camp(0, "Sugar Island", 5))
    events = trip.do(c.EnterCard(0, 0, PaperEffect.HERO))
    assert ev.HeroKept(0) in events and trip.state.players[0].hero
    trip.end()
    trip.roll(4)
    trip.do(c.Camp(1, "Sugar Island", 5))
    held = [o for o in trip.options() if o.params.get("effect") == (PaperEffect.HERO,)]
    assert held[0].blocked is not None and held[0].blocked.code == "hero_held"
    trip.do(c.EnterCard(1, 15))
    trip.turn(6)  # both missed a go; seat 0 throws a 6: Heavy Rain
    trip.turn(2)
    events = trip.turn(3, c.Camp(0, "Indian Pond 1", 10), c.EnterCard(0, -10))
    assert ev.HeroUsed(0, 40) in events and not trip.state.players[0].hero
    assert trip.score(0) == 5 + 10 + 40 - 10
    trip.sound()


SEED = Path(__file__).resolve().parents[4] / "shared" / "seeds" / \
    "moosehead-canoe-rules-en.txt"


@pytest.mark.skipif(not SEED.is_file(), reason="no shared rules text beside this clone")
def test_k1_each_pile_has_exactly_the_numbers_its_section_of_the_rules_prints() -> None:
    text = SEED.read_text(encoding="utf-8")
    sections = {CAMP: ("Camping Cards", "Portage Cards"),
                CANOE: ("Canoe Cards", "Destination Cards"),
                PORTAGE: ("Portage Cards", "Canoe Cards")}
    for p, (start, end) in sections.items():
        body = text[text.index(start):text.index(end, text.index(start))]
        printed = Counter(int(n) for n in re.findall(r"^([+-][0-9]+)$", body, re.MULTILINE))
        assert printed == Counter(c.points for c in OWN_CARDS[p]), p
        for own in OWN_CARDS[p]:  # every card's words are the box's, line breaks aside
            words = re.sub(r"\s+", " ", body.replace("home-\nmade", "homemade"))
            first = own.text.split(".")[0].split(";")[0][:20].replace("-", "")
            assert first.upper().replace("PASSERSBY", "PASSERS BY")[:12] in \
                words.upper().replace("-", "").replace("PASSERSBY", "PASSERS BY"), own.id


def test_k13_every_card_text_is_the_box_english() -> None:
    texts = [c.text for c in CARDS.values()]
    assert all(t and t.isascii() for t in texts)
    assert sum(1 for c in CARDS.values() if c.kind is CardKind.DESTINATION) == 10  # + paper


def test_k3_k6_a_long_trip_keeps_every_pile_whole() -> None:
    rng = random.Random(5)
    trip = Trip(2)
    trip.shuffles = SeededDice(5)
    for _ in range(120):
        seat = trip.active
        trip.roll(rng.randint(1, 5))
        trip.do(c.Land(seat, rng.choice((CANOE, PORTAGE))))
        if trip.state.phase is Phase.MOVE:  # a place's Destination card kept: done at once
            trip.do(c.ObeyDestination(seat))
            trip.end()
    assert trip.state.pile(CANOE).cards.count(shuffle_card(CANOE)) == 1
    assert of(trip.events, ev.PileShuffled)
    trip.sound()
