"""Scoring a full ring (O) and the end of the game (Y) with a dealt deck; scoring as a
property over random rings."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.dice import SeededDice
from companion.core.values import replace
from companion.games.mush_ring import GAME, Phase
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.cards import DEFAULT_DECK, DETH_KAPP, WILD, Card, coloured
from companion.games.mush_ring.model import Player, Space
from companion.games.mush_ring.scoring import best, collect, sums, winners

from .tables import (
    BLU1,
    BLU3,
    GRN1,
    GRN2,
    GRN3,
    MORE,
    RED1,
    RED2,
    RED3,
    STOMP,
    YEL1,
    YEL2,
    YEL3,
    names,
    play_out,
    ring,
    started,
    table,
)


def test_o1_neighbours_go_round_the_ring() -> None:
    state = table([[DETH_KAPP], [YEL1]], rings=[(), ring(None, RED1, None, None, None, GRN1)])
    asked, _ = GAME.apply(state, c.PlayKapp(0, DETH_KAPP, 1, 0), SeededDice(1))
    _, events = GAME.apply(asked, c.Answer(1, False), SeededDice(1))
    assert events[0].flipped == (1, 5)  # space 1's neighbours are spaces 2 and 6
    state = table([[DETH_KAPP], [YEL1]], rings=[(), ring(RED1, RED2, RED3, GRN1, None, GRN2)])
    asked, _ = GAME.apply(state, c.PlayKapp(0, DETH_KAPP, 1, 4), SeededDice(1))
    _after, events = GAME.apply(asked, c.Answer(1, False), SeededDice(1))
    assert events[0].flipped == (3, 5)  # spaces 4 and 6 beside 5


def test_o2_o3_a_full_ring_is_scored_at_once_the_rest_discarded() -> None:
    state = table([[RED3, YEL1], [YEL1]], rings=[ring(RED1, YEL2, (GRN3, False), DETH_KAPP, RED2)])
    after, events = GAME.apply(state, c.PlayShroom(0, RED3, 5), SeededDice(1))
    scored = next(e for e in events if isinstance(e, c.Scored))
    assert scored == c.Scored(0, "red", (RED1, RED2, RED3), (YEL2, GRN3, DETH_KAPP))
    assert after.players[0].pile == (RED1, RED2, RED3)
    assert all(s.open for s in after.players[0].ring)
    assert after.piles.discard[:3] == (YEL2, GRN3, DETH_KAPP)


def test_o2_a_deth_kapp_filling_an_opponents_ring_scores_it_for_its_owner() -> None:
    state = table([[DETH_KAPP, RED1], [YEL1]], rings=[(), ring(None, YEL3, YEL1, YEL2, GRN1, GRN1)])
    asked, _ = GAME.apply(state, c.PlayKapp(0, DETH_KAPP, 1, 0), SeededDice(1))
    _after, events = GAME.apply(asked, c.Answer(1, False), SeededDice(1))
    scored = next(e for e in events if isinstance(e, c.Scored))
    assert scored.owner == 1 and scored.collected == (YEL1, YEL2)  # YEL3 beside it flipped (O5)


def test_o4_a_colour_with_fewer_cards_may_be_worth_more() -> None:
    full = ring(RED3, RED3, GRN1, GRN1, GRN1, YEL1)
    assert sums(full) == {"red": 6, "green": 3, "yellow": 1}
    assert best(full, DEFAULT_DECK.colours) == ("red",)


def test_o6_deth_kapps_and_face_down_cards_are_worth_nothing() -> None:
    full = ring(DETH_KAPP, (RED3, False), (WILD, False), GRN1, GRN2, BLU1)
    assert sums(full) == {"green": 3, "blue": 1}
    assert collect(full, "green") == ((GRN1, GRN2), (DETH_KAPP, RED3, WILD, BLU1))


def test_o7_tied_colours_ask_the_owner_who_keeps_one() -> None:
    state = table([[GRN1, YEL1], [YEL1]], rings=[ring(RED1, RED2, GRN1, GRN1, WILD)])
    asked, events = GAME.apply(state, c.PlayShroom(0, GRN1, 5), SeededDice(1))
    assert events[1] == c.TieAsked(0, ("red", "green")) and asked.phase is Phase.TIE
    assert GAME.legal(asked, 0)[0].params == {"colour": ("red", "green")}
    after, events = GAME.apply(asked, c.Keep(0, "green"), SeededDice(1))
    assert events[0] == c.Scored(0, "green", (GRN1, GRN1, WILD, GRN1), (RED1, RED2))
    assert after.turn is not None and after.turn.seat == 1


def test_o8_wilds_go_with_the_best_colour_or_alone() -> None:
    full = ring(WILD, YEL1, WILD, GRN2, (GRN3, False), DETH_KAPP)
    assert best(full, DEFAULT_DECK.colours) == ("green",)
    assert collect(full, "green")[0] == (WILD, WILD, GRN2)
    alone = ring(WILD, DETH_KAPP, (RED3, False), WILD, DETH_KAPP, DETH_KAPP)
    assert best(alone, DEFAULT_DECK.colours) == () and collect(alone, "")[0] == (WILD, WILD)
    nothing = ring(DETH_KAPP, (RED3, False), DETH_KAPP, (GRN1, False), DETH_KAPP, DETH_KAPP)
    assert collect(nothing, "")[0] == ()


def test_o9_a_score_pile_counts_its_cards_value_and_wilds() -> None:
    p = Player("Ann", pile=(RED3, WILD, GRN2, WILD))
    assert (len(p.pile), p.value, p.wilds) == (4, 7, 2)
    view = GAME.public_view(table([[YEL1], [YEL1]], piles=[(RED3, WILD)]))
    assert (view.players[0].cards, view.players[0].value, view.players[0].wilds) == (2, 4, 1)


CARDS = st.sampled_from([*(coloured(col, v) for col in DEFAULT_DECK.colours
                           for v in (1, 2, 3)), WILD, DETH_KAPP])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(CARDS, st.booleans()), min_size=6, max_size=6))
def test_o3_o4_o7_o8_any_full_ring_collects_the_highest_sum_with_its_wilds(
        cards: list[tuple[Card, bool]]) -> None:
    full = tuple(Space(card, up) for card, up in cards)
    found = sums(full)
    top = best(full, DEFAULT_DECK.colours)
    if found:
        assert set(top) == {c for c, v in found.items() if v == max(found.values())}
    for colour in top or ("",):
        kept, thrown = collect(full, colour)
        assert sorted(kept + thrown) == sorted(card for card, _ in cards)
        wilds = [card for card, up in cards if up and card == WILD]
        assert [x for x in kept if x == WILD] == wilds
        assert sum(x.value for x in kept if x != WILD) == (found[colour] if colour else 0)


def test_y1_y2_ten_cards_make_the_last_player_whose_ring_is_out_of_play() -> None:
    pile = (RED1, RED2, GRN1, GRN2, YEL1, YEL2, BLU1, BLU3)
    state = table([[RED3, DETH_KAPP], [DETH_KAPP, YEL3], [GRN3]], piles=[pile],
                  rings=[ring(RED1, RED2, None, YEL3, GRN3, WILD)])
    after, events = GAME.apply(state, c.PlayShroom(0, RED3, 2), SeededDice(1))
    assert c.LastPlayer(0) in events and after.last_hand and after.players[0].last
    assert len(after.players[0].pile) == 12
    assert "Drew" not in names(events)  # Y3: nobody draws up in the last hand
    kapps = [x for x in GAME.options(after, 1) if x.command is c.PlayKapp]
    assert {x.params["target"][0] for x in kapps} == {2}  # not the last player's ring


def test_y3_y4_the_others_play_their_hands_with_actions_face_down_and_may_stop() -> None:
    state = table([[RED1], [MORE, YEL1], [GRN1]], seat=1, last_hand=True)
    state = replace(state, players=(replace(state.players[0], last=True),
                                    *state.players[1:]))
    offered = {x.command for x in GAME.legal(state, 1)}
    assert {c.PlayDown, c.Stop, c.PlayShroom, c.PlayOneMore} <= offered
    after, events = GAME.apply(state, c.PlayDown(1, MORE, 0), SeededDice(1))
    assert after.players[1].ring[0] == Space(MORE, False)
    assert after.turn is not None and after.turn.seat == 2  # the last player is skipped
    stopped, events = GAME.apply(after, c.Stop(2), SeededDice(1))
    assert c.Stopped(2) in events and stopped.players[2].done
    assert stopped.turn is not None and stopped.turn.seat == 1


def test_y5_y6_the_last_hand_ends_when_every_other_player_is_done() -> None:
    state = table([[RED1], [YEL1], [GRN1]], seat=2, last_hand=True,
                  piles=[(RED3, RED3, RED2, RED2, RED1, RED1, YEL3, YEL3, YEL2, YEL2), (GRN3,), ()])
    state = replace(state, players=(replace(state.players[0], last=True),
                                    replace(state.players[1], done=True), state.players[2]))
    after, events = GAME.apply(state, c.Stop(2), SeededDice(1))
    assert events[-1] == c.GameWon((0,)) and after.over and GAME.outcome(after).winner == 0


def test_y5_a_dealt_game_whose_cards_cannot_fill_a_ring_ends() -> None:
    state = table([[RED1, STOMP], [YEL1]], draw=[], discard=[])
    after, events = GAME.apply(state, c.PlayShroom(0, RED1, 0), SeededDice(1))
    assert isinstance(events[-1], c.GameWon) and after.over


def test_y7_ties_go_to_the_fewest_wilds_then_the_fewest_cards_else_shared() -> None:
    a = Player("A", pile=(RED3, RED3))
    b = Player("B", pile=(RED2, RED2, RED1, WILD))
    c_ = Player("C", pile=(RED3, RED2, RED1))
    d = Player("D", pile=(RED3, RED3))
    assert winners([a, b]) == (0,)  # 6 each: B has a Wild
    assert winners([c_, a]) == (1,)  # 6 each, no Wild: A has fewer cards
    assert winners([a, d]) == (0, 1)  # still tied: shared
    assert GAME.ending(c.GameWon((0, 1))).winner is None


def test_y_a_whole_game_of_bots_ends_with_a_winner_by_the_rules() -> None:
    for seed in range(3):
        state, _events, _ = play_out(started(4, seed=seed), SeededDice(seed),
                                    random.Random(seed))
        assert state.winners == winners(state.players)
        assert state.last_hand or state.idle or not any(p.reached for p in state.players)
