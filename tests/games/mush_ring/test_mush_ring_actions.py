"""The action cards (J) and the Deth Kapp (O5) with a dealt deck."""

from __future__ import annotations

import pytest

from companion.core.dice import ScriptedDice, SeededDice
from companion.exc import RulesError
from companion.games.mush_ring import GAME, Phase
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.cards import HAND

from .tables import (
    BLU1,
    DETH_KAPP,
    DIG,
    DRAW3,
    GRN1,
    GRN2,
    MORE,
    PICK,
    RED1,
    RED2,
    RED3,
    STEAL,
    STOMP,
    WILD,
    YEL1,
    YEL2,
    YEL3,
    names,
    ring,
    table,
)


def test_j1_an_action_card_is_resolved_then_discarded_and_never_enters_a_ring() -> None:
    state = table([[STEAL, RED1], [YEL1]], rings=[(), ring(GRN2)])
    assert not any(x.command is c.PlayShroom and STEAL in x.params["card"]
                   for x in GAME.options(state, 0))
    after, events = GAME.apply(state, c.Steal(0, 1, 0), SeededDice(1))
    assert names(events)[:4] == ["ActionPlayed", "Stolen", "StepTaken", "ActionDiscarded"]
    assert STEAL in after.piles.discard


def test_j2_draw_three_pick_two_draws_three_then_discards_two_chosen_one_by_one() -> None:
    state = table([[DRAW3, RED1, RED2], [YEL1]])
    after, events = GAME.apply(state, c.DrawThree(0), SeededDice(2))
    assert names(events).count("Drew") == 3 and after.phase is Phase.DISCARD
    assert len(after.piles.hand(0)) == 5
    after, _ = GAME.apply(after, c.Discard(0, RED1), SeededDice(2))
    assert after.phase is Phase.DISCARD and after.piles.top == RED1
    after, events = GAME.apply(after, c.Discard(0, RED2), SeededDice(2))
    assert names(events)[:3] == ["Discarded", "StepTaken", "ActionDiscarded"]
    assert after.piles.discard == (RED1, RED2, DRAW3)
    assert after.turn is not None and after.turn.seat == 1
    assert len(after.piles.hand(0)) == HAND  # drawn up again at the turn's end


def test_j3_stomp_discards_any_card_of_an_opponents_ring_flips_staying_down() -> None:
    state = table([[STOMP, RED1], [YEL1]], rings=[(), ring((YEL3, False), DETH_KAPP, GRN1)])
    stomp = next(x for x in GAME.options(state, 0) if x.command is c.Stomp)
    assert stomp.params == {"target": (1,), "space": (0, 1, 2)}
    after, _ = GAME.apply(state, c.Stomp(0, 1, 1), SeededDice(1))
    assert after.players[1].ring[1].open and not after.players[1].ring[0].up
    nothing = table([[STOMP, RED1], [YEL1]])
    blocked = next(x for x in GAME.options(nothing, 0) if x.command is c.Stomp)
    assert blocked.blocked is not None and blocked.blocked.rule == "J3"


def test_j3_o5_a_deth_kapp_asks_its_owner_before_anything_flips() -> None:
    state = table([[DETH_KAPP, RED1], [STOMP, YEL1]], rings=[(), ring(YEL3, None, GRN2)])
    asked, events = GAME.apply(state, c.PlayKapp(0, DETH_KAPP, 1, 1), SeededDice(1))
    assert asked.phase is Phase.ANSWER and GAME.seats_to_act(asked) == (1,)
    assert asked.players[1].ring[0].up and asked.players[1].ring[2].up  # nothing flipped
    # the owner stomps it: both cards to the discard pile, the space open again
    stomped, events = GAME.apply(asked, c.Answer(1, True), SeededDice(1))
    assert events[0] == c.KappStomped(1, 1) and stomped.players[1].ring[1].open
    assert stomped.piles.discard[:2] == (STOMP, DETH_KAPP) and STOMP not in \
        stomped.piles.hand(1)
    # or lets it be: its face-up neighbours flip face-down (O5)
    flipped, events = GAME.apply(asked, c.Answer(1, False), SeededDice(1))
    assert events[0] == c.KappAnswered(1, 1, (0, 2))
    assert [s.up for s in flipped.players[1].ring[:3]] == [False, True, False]
    assert flipped.turn is not None and flipped.turn.seat == 1


def test_j3_the_owner_is_asked_even_without_a_stomp_and_stomp_is_then_greyed() -> None:
    state = table([[DETH_KAPP, RED1], [YEL1]], rings=[(), ring(None, YEL3)])
    asked, _ = GAME.apply(state, c.PlayKapp(0, DETH_KAPP, 1, 0), SeededDice(1))
    stomp, let = GAME.options(asked, 1)
    assert stomp.blocked is not None and stomp.blocked.code == "no_stomp"
    assert let.blocked is None
    with pytest.raises(RulesError):
        GAME.apply(asked, c.Answer(1, True), SeededDice(1))
    _after, events = GAME.apply(asked, c.Answer(1, False), SeededDice(1))
    assert events[0] == c.KappAnswered(1, 0, (1,))  # space 6 is open: only space 2 flips


def test_o5_a_card_played_later_beside_a_deth_kapp_stays_face_up() -> None:
    state = table([[RED3, RED1], [YEL1]], rings=[ring(None, DETH_KAPP)])
    after, _ = GAME.apply(state, c.PlayShroom(0, RED3, 0), SeededDice(1))
    assert after.players[0].ring[0].up


def test_j4_steal_takes_a_ring_card_into_the_hand_face_down_ones_as_themselves() -> None:
    state = table([[STEAL, RED1], [YEL1]], rings=[(), ring((YEL3, False), None, (MORE, False))])
    steal = next(x for x in GAME.options(state, 0) if x.command is c.Steal)
    assert steal.params == {"target": (1,), "space": (0,)}  # not an action face-down
    after, events = GAME.apply(state, c.Steal(0, 1, 0), SeededDice(1))
    assert events[1] == c.Stolen(0, 1, 0, YEL3) and YEL3 in after.piles.hand(0)
    assert after.players[1].ring[0].open


def test_j5_pick_a_color_the_opponent_gives_one_of_the_colour() -> None:
    state = table([[PICK, RED1], [YEL1, YEL2, GRN1], [YEL3]])
    pick = next(x for x in GAME.options(state, 0) if x.command is c.PickColour)
    assert pick.params == {"target": (1, 2), "colour": ("red", "yellow", "green", "blue")}
    asked, events = GAME.apply(state, c.PickColour(0, 1, "yellow"), SeededDice(1))
    assert asked.phase is Phase.GIVE and GAME.seats_to_act(asked) == (1,)
    assert {x.params["card"] for x in GAME.options(asked, 1)} == {(YEL1, YEL2)}
    after, events = GAME.apply(asked, c.Give(1, YEL2), SeededDice(1))
    assert events[0] == c.Given(1, 0, YEL2) and YEL2 in after.piles.hand(0)
    assert after.piles.hand(1) == (YEL1, GRN1)
    # one card of the colour (or all alike): given at once
    once, events = GAME.apply(state, c.PickColour(0, 2, "yellow"), SeededDice(1))
    assert c.Given(2, 0, YEL3) in events and once.turn is not None and once.turn.seat == 1


def test_j5_without_the_colour_the_hand_is_shown_to_the_asker_alone_who_draws_two() -> None:
    state = table([[PICK, RED1], [YEL1, GRN1], [RED2]])
    _after, events = GAME.apply(state, c.PickColour(0, 1, "blue"), ScriptedDice([1, 1, 1, 1]))
    assert c.Shown(0, 1, (GRN1, YEL1)) in events  # sorted
    assert [e.seat for e in events if isinstance(e, c.Drew)] == [0] * 4  # 2, then drawn up
    assert c.Shown.secret == ("cards",) and c.Given.secret == ("card",)


def test_j6_dig_it_puts_a_discarded_shroom_card_into_any_ring() -> None:
    state = table([[DIG, RED1], [YEL1]], discard=[GRN2, STOMP, DETH_KAPP],
                  rings=[ring(RED1, RED1, RED2, RED3, None, BLU1)])
    digs = [x for x in GAME.options(state, 0) if x.command is c.DigIt]
    assert {(x.params["card"][0], x.params["target"][0]) for x in digs} == {
        (GRN2, 0), (GRN2, 1), (DETH_KAPP, 1)}  # no action card, no Deth Kapp into one's own
    _after, events = GAME.apply(state, c.DigIt(0, GRN2, 0, 4), SeededDice(1))
    assert names(events)[:3] == ["ActionPlayed", "Dug", "Scored"]  # it filled the ring
    kapp, _ = GAME.apply(state, c.DigIt(0, DETH_KAPP, 1, 0), SeededDice(1))
    assert kapp.phase is Phase.ANSWER  # a Deth Kapp dug is a Deth Kapp played


def test_j7_play_one_more_is_an_action_then_one_more_shroom_card_or_the_end() -> None:
    state = table([[MORE, RED1, WILD, STOMP], [YEL1]], rings=[(), ring(GRN1)])
    more, events = GAME.apply(state, c.PlayOneMore(0), SeededDice(1))
    assert more.phase is Phase.MORE and MORE in more.piles.discard
    offered = {x.command for x in GAME.legal(more, 0)}
    assert offered == {c.PlayShroom, c.Stop}  # no action card after it
    after, events = GAME.apply(more, c.PlayShroom(0, WILD, 2), SeededDice(1))
    assert after.turn is not None and after.turn.seat == 1
    stop, events = GAME.apply(more, c.Stop(0), SeededDice(1))
    assert stop.turn is not None and stop.turn.seat == 1 and "Played" not in names(events)
    assert YEL2 not in stop.piles.hand(0)
