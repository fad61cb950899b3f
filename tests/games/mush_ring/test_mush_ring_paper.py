"""The paper deck (B): the group plays its own cards; the companion scores each ring
entered, keeps the score piles, runs the last hand and names the winner."""

from __future__ import annotations

import random

import pytest

from companion.core.dice import SeededDice
from companion.exc import RulesError
from companion.games.mush_ring import GAME, Deck, Phase
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.cards import DETH_KAPP, WILD
from companion.games.mush_ring.options import enterable

from .tables import GRN1, GRN2, RED1, RED2, RED3, YEL1, YEL3, names, play_out, started


def enter(state, owner: int, *cards):  # type: ignore[no-untyped-def]
    state, _ = GAME.apply(state, c.RingFull(0, owner), SeededDice(1))
    events = []
    for card in cards:
        state, made = GAME.apply(state, c.Enter(owner, card), SeededDice(1))
        events += made
    return state, events


def test_b1_a_paper_deck_keeps_no_hand_pile_or_turn_and_names_a_dealer() -> None:
    state = started(3, Deck.PAPER)
    assert state.phase is Phase.PAPER and state.turn is None and 0 <= state.dealer < 3
    assert state.piles.draw == () and state.piles.sizes() == (0, 0, 0)
    assert GAME.seats_to_act(state) == (0, 1, 2)  # anyone may say a ring is full


def test_b2_the_owner_enters_six_cards_and_the_ring_is_scored() -> None:
    state = started(2, Deck.PAPER)
    state, _ = GAME.apply(state, c.RingFull(1, 0), SeededDice(1))
    assert state.phase is Phase.ENTER and GAME.seats_to_act(state) == (0,)
    assert enterable(state, 0)[-1] == DETH_KAPP and WILD in enterable(state, 0)
    state, events = enter(started(2, Deck.PAPER), 0, RED3, RED1, DETH_KAPP, YEL3, WILD, GRN1)
    assert names(events)[-1] == "Scored" and state.phase is Phase.PAPER
    assert state.players[0].pile == (RED3, RED1, WILD) and state.players[0].value == 5


def test_b2_a_card_the_deck_cannot_hold_is_refused_and_loses_nothing() -> None:
    state = started(2, Deck.PAPER)
    state, _ = enter(state, 0, RED3, RED3, DETH_KAPP, DETH_KAPP, DETH_KAPP, DETH_KAPP)
    state, _ = GAME.apply(state, c.RingFull(0, 1), SeededDice(1))
    assert RED3 not in enterable(state, 1)  # the deck's two 3s of red are scored
    with pytest.raises(RulesError):
        GAME.apply(state, c.Enter(1, RED3), SeededDice(1))
    assert state.phase is Phase.ENTER and not any(s.card for s in state.players[1].ring)


def test_b3_entries_can_be_taken_back_and_ties_are_asked() -> None:
    state, events = enter(started(2, Deck.PAPER), 1, RED1, RED2, GRN1, GRN2, YEL1)
    assert GAME.undo.undoable(events[-1:])
    state, events = GAME.apply(state, c.Enter(1, DETH_KAPP), SeededDice(1))
    assert events[-1] == c.TieAsked(1, ("red", "green")) and state.phase is Phase.TIE
    state, events = GAME.apply(state, c.Keep(1, "red"), SeededDice(1))
    assert state.players[1].pile == (RED1, RED2) and state.phase is Phase.PAPER


def test_b4_the_last_hand_runs_until_the_others_are_done_then_names_the_winner() -> None:
    state = started(3, Deck.PAPER)
    state, _ = enter(state, 0, RED1, RED2, RED3, RED1, RED2, RED3)
    state, _ = enter(state, 0, YEL1, YEL1, YEL1, WILD, WILD, WILD)
    assert len(state.players[0].pile) == 12 and state.last_hand and state.players[0].last
    assert c.RingFull not in {x.command for x in GAME.legal(state, 0)} or \
        0 not in next(x for x in GAME.legal(state, 0) if x.command is c.RingFull
                      ).params["owner"]
    state, _ = enter(state, 1, GRN1, GRN2, DETH_KAPP, DETH_KAPP, DETH_KAPP, DETH_KAPP)
    state, _ = GAME.apply(state, c.Stop(1), SeededDice(1))
    assert not state.over
    state, events = GAME.apply(state, c.Stop(2), SeededDice(1))
    assert events[-1] == c.GameWon((0,)) and state.over


def test_b4_the_group_may_end_the_game_once_a_ring_is_scored() -> None:
    state = started(2, Deck.PAPER)
    ending = next(x for x in GAME.options(state, 0) if x.command is c.EndGame)
    assert ending.blocked is not None and ending.blocked.rule == "B4"
    state, _ = enter(state, 1, GRN1, GRN2, DETH_KAPP, DETH_KAPP, DETH_KAPP, DETH_KAPP)
    state, events = GAME.apply(state, c.EndGame(0), SeededDice(1))
    assert events == [c.GameWon((1,))]


def test_b_paper_games_of_bots_end_with_the_winner_by_the_rules() -> None:
    for seed in range(4):
        state, _events, _ = play_out(started(2 + seed % 3, Deck.PAPER, seed=seed),
                                    SeededDice(seed), random.Random(seed))
        assert state.over and state.winners
