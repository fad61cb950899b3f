"""The deck, the deal and a turn with a dealt deck (G, H): every card recorded in its
event, hands of five, the dealer first, draws up to five, reshuffles, empty piles."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.core import TABLE
from companion.core.dice import ScriptedDice, SeededDice
from companion.exc import RulesError, SettingsError
from companion.games.mush_ring import DEFAULT_DECK, GAME, Deck, DeckSpec, Phase, Settings
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.cards import HAND, Kind

from .tables import (
    BLU1,
    DETH_KAPP,
    GRN1,
    GRN2,
    GRN3,
    RED1,
    RED2,
    RED3,
    STOMP,
    WILD,
    YEL1,
    YEL2,
    YEL3,
    names,
    ring,
    started,
    table,
)


def test_g1_g2_the_default_deck_is_fifty_cards_of_the_documented_counts() -> None:
    cards = Counter(DEFAULT_DECK.cards())
    assert sum(cards.values()) == 50
    assert sum(n for card, n in cards.items() if card.kind is Kind.COLOUR) == 28
    assert cards[WILD] == 4 and cards[DETH_KAPP] == 6
    assert all(n == 7 for colour in DEFAULT_DECK.colours
               for n in [sum(m for card, m in cards.items() if card.colour == colour)])
    assert sum(n for card, n in cards.items() if card.action) == 12
    Settings(("A", "B", "C", "D")).check()
    with pytest.raises(SettingsError, match="2 to 4 players"):
        Settings(("A",)).check()
    with pytest.raises(SettingsError, match="2 to 4 players"):
        Settings(tuple("ABCDE")).check()


def test_g2_a_group_enters_its_own_counts_and_a_deck_that_cannot_play_is_refused() -> None:
    own = DeckSpec(colours=("red", "purple"), values=(1, 2, 3, 4), wild=2, deth_kapp=4)
    assert len(own.cards()) == 8 + 2 + 4 + 12
    own.check(2)
    with pytest.raises(SettingsError, match="too small"):
        own.check(4)
    with pytest.raises(SettingsError, match="colours"):
        DeckSpec(colours=("red", "red")).check(2)
    with pytest.raises(SettingsError, match="values"):
        DeckSpec(values=(0, 1)).check(2)
    with pytest.raises(SettingsError, match="stomp"):
        DeckSpec(stomp=21).check(2)
    with pytest.raises(SettingsError):  # refused before anything is recorded
        GAME.apply(GAME.initial, c.Start(TABLE, Settings(("A", "B"), cards=DeckSpec(
            colours=("red",), values=(1,), wild=0, deth_kapp=0))), SeededDice(1))


def test_g3_g4_g5_g9_the_dealer_is_drawn_deals_five_each_and_plays_first() -> None:
    dealers = Counter()
    for seed in range(40):
        state, events = GAME.apply(GAME.initial, c.Start(TABLE, Settings(("A", "B", "C"))),
                                   SeededDice(seed))
        drawn = [e for e in events if isinstance(e, c.Drew)]
        dealer = next(e.seat for e in events if isinstance(e, c.DealerDrawn))
        dealers[dealer] += 1
        assert [e.seat for e in drawn] == [(dealer + k) % 3 for k in range(15)]  # G4
        assert state.piles.sizes() == (HAND, HAND, HAND)
        assert len(state.piles.draw) == 50 - 15  # G5
        assert state.turn is not None and state.turn.seat == dealer  # G9
        assert state.phase is Phase.CARD and names(events)[-1] == "TurnBegan"
        for seat in range(3):  # each card is in its event: the hands replay
            assert Counter(e.card for e in drawn if e.seat == seat) == \
                Counter(state.piles.hand(seat))
        assert GAME.replay(events) == state
    assert set(dealers) == {0, 1, 2}  # G3: any seat may deal


def test_g6_the_discard_pile_is_face_up_on_the_public_view() -> None:
    state = table([[RED1], [YEL1]], discard=[GRN1, BLU1])
    view = GAME.public_view(state)
    assert view.top == BLU1 and view.discard == 2


def test_g7_an_empty_draw_pile_is_the_discard_pile_reshuffled_mid_draw() -> None:
    state = table([[RED1, RED2], [YEL1] * 5], draw=[RED3], discard=[GRN1, BLU1, WILD])
    after, events = GAME.apply(state, c.PlayShroom(0, RED1, 0), ScriptedDice([1, 1, 2, 1]))
    assert names(events) == ["Played", "StepTaken", "Drew", "Reshuffled", "Drew", "Drew",
                             "Drew", "TurnBegan"]
    assert events[3] == c.Reshuffled(3)
    assert len(after.piles.hand(0)) == HAND and after.piles.discard == ()
    assert after.piles.draw == () and after.turn is not None and after.turn.seat == 1


def test_g8_two_empty_piles_draw_nothing_and_the_turn_goes_on() -> None:
    state = table([[RED1, RED2, RED3, GRN1, BLU1, WILD], [YEL1]], draw=[], discard=[])
    after, events = GAME.apply(state, c.PlayShroom(0, WILD, 2), ScriptedDice([]))
    assert "Drew" not in names(events) and len(after.piles.hand(0)) == 5
    assert after.turn is not None and after.turn.seat == 1


def test_h1_h2_a_coloured_or_wild_card_goes_into_an_open_space_of_ones_own_ring() -> None:
    state = table([[RED1, WILD, DETH_KAPP, RED2, GRN1], [YEL1]], rings=[ring(None, GRN1)])
    plays = [x for x in GAME.options(state, 0) if x.command is c.PlayShroom]
    assert {x.params["card"][0] for x in plays} == {RED1, RED2, GRN1, WILD}
    assert all(x.params["space"] == (0, 2, 3, 4, 5) for x in plays)  # space 1 is taken
    with pytest.raises(RulesError):
        GAME.apply(state, c.PlayShroom(0, RED1, 1), SeededDice(1))
    with pytest.raises(RulesError):  # not the seat in turn
        GAME.apply(state, c.PlayShroom(1, YEL1, 0), SeededDice(1))
    after, events = GAME.apply(state, c.PlayShroom(0, RED1, 3), SeededDice(1))
    assert after.players[0].ring[3].card == RED1 and events[0] == c.Played(0, RED1, 0, 3)
    assert after.turn is not None and after.turn.seat == 1  # H1: one card, then the next


def test_h3_a_deth_kapp_goes_into_an_opponents_ring_only() -> None:
    state = table([[DETH_KAPP, RED1], [YEL1], [GRN1]], rings=[(), ring(YEL1, YEL1)])
    kapps = [x for x in GAME.options(state, 0) if x.command is c.PlayKapp]
    assert {x.params["target"][0] for x in kapps} == {1, 2}
    assert next(x for x in kapps if x.params["target"] == (1,)).params["space"] == (2, 3, 4, 5)


def test_h4_h5_an_action_card_is_discarded_once_resolved_and_the_hand_drawn_up() -> None:
    state = table([[STOMP, RED1, RED2], [YEL1]], rings=[(), ring(GRN1)])
    after, events = GAME.apply(state, c.Stomp(0, 1, 0), SeededDice(3))
    assert names(events)[:4] == ["ActionPlayed", "Stomped", "StepTaken", "ActionDiscarded"]
    assert after.piles.discard == (GRN1, STOMP)
    assert len(after.piles.hand(0)) == HAND and names(events).count("Drew") == 3
    big = table([[RED1, RED1, RED2, RED2, RED3, RED3, GRN1], [YEL1]])
    after, events = GAME.apply(big, c.PlayShroom(0, RED1, 0), SeededDice(3))
    assert "Drew" not in names(events) and len(after.piles.hand(0)) == 6  # H5: 5 or more


def test_h6_a_hand_with_nothing_playable_discards_one_and_an_empty_hand_passes() -> None:
    state = table([[STOMP, STEAL := STOMP], [YEL1]])
    offered = GAME.options(state, 0)
    assert {x.command for x in GAME.legal(state, 0)} == {c.Discard}
    assert next(x for x in offered if x.command is c.Stomp).blocked is not None
    after, _ = GAME.apply(state, c.Discard(0, STEAL), SeededDice(1))
    assert after.piles.top == STOMP and after.turn is not None and after.turn.seat == 1
    empty = table([[], [YEL1, YEL2, YEL3, GRN1, GRN2, GRN3]], draw=[], discard=[])
    assert GAME.legal(empty, 0)[0].command is c.Stop
    after, events = GAME.apply(empty, c.Stop(0), SeededDice(1))
    assert after.turn is not None and after.turn.seat == 1 and "Drew" not in names(events)


def test_h7_every_game_replays_from_its_events_to_the_same_hands_and_rings() -> None:
    import random

    from .tables import play_out

    state, events, _ = play_out(started(3, seed=5), SeededDice(5), random.Random(5))
    _start, first = GAME.apply(GAME.initial, c.Start(TABLE, Settings(("Ann", "Bo", "Cy"))),
                              SeededDice(5))
    assert GAME.replay([*first, *events]) == state
    codec = GAME.codec
    again = [codec.event_from_json(codec.event_to_json(e)) for e in [*first, *events]]
    assert GAME.replay(again) == state


def test_h8_a_card_played_may_be_taken_back_unless_something_hidden_came_to_light() -> None:
    undo = GAME.undo
    big = table([[RED1, RED1, RED2, RED2, RED3, RED3, GRN1], [YEL1]])
    _, events = GAME.apply(big, c.PlayShroom(0, RED1, 0), SeededDice(3))
    assert undo.undoable(events)  # nothing drawn: a hand of 6
    _, events = GAME.apply(table([[RED1, RED2], [YEL1]]), c.PlayShroom(0, RED1, 0), SeededDice(3))
    assert not undo.undoable(events) and undo.final(events) == ["Drew"]
    for hidden in (c.Drew, c.Given, c.Shown, c.KappAnswered, c.KappStomped, c.Asked):
        assert not undo.table[hidden]
    assert Deck.PAPER and undo.table[c.Entered] and undo.table[c.Scored]
