"""The kernel's deck (`companion.core.deck`) on its own: draws taken at random from the
table's dice, reshuffles when the draw pile runs out, nothing drawn from two empty piles,
every move keeping each card in exactly one place, and hands out of the public view."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.deck import DrawStep, Piles, PilesView, deals
from companion.core.dice import ScriptedDice, SeededDice

CARDS = ("a", "a", "b", "c", "d", "e")


def test_a_new_deck_has_every_card_in_the_draw_pile_and_empty_hands() -> None:
    piles = Piles.of(CARDS, 3)
    assert piles.draw == CARDS and piles.discard == () and piles.hands == ((), (), ())
    assert piles.count() == Counter(CARDS) and piles.top is None


def test_a_draw_takes_the_card_the_die_names_and_records_it_by_value() -> None:
    piles = Piles.of(CARDS, 2)
    step = piles.next_draw(ScriptedDice([3]))
    assert step == DrawStep("b")  # the third of six cards
    after = piles.drawn(1, "b")
    assert after.hand(1) == ("b",) and "b" not in after.draw and after.sizes() == (0, 1)
    assert after.count() == piles.count()


def test_draws_are_uniform_over_the_draw_pile() -> None:
    piles = Piles.of(range(4), 1)
    dice = SeededDice(7)
    seen = Counter(piles.next_draw(dice).card for _ in range(4000))
    assert set(seen) == {0, 1, 2, 3}
    assert all(900 < n < 1100 for n in seen.values()), seen


def test_an_empty_draw_pile_asks_for_the_discard_pile_to_be_reshuffled_first() -> None:
    piles = Piles(draw=(), discard=("x", "y"), hands=((),))
    assert piles.next_draw(ScriptedDice([])) == DrawStep(reshuffle=True)
    fresh = piles.reshuffled()
    assert fresh.draw == ("x", "y") and fresh.discard == ()
    with pytest.raises(ValueError, match="not empty"):
        fresh.reshuffled()


def test_two_empty_piles_draw_nothing() -> None:
    assert Piles(hands=((),)).next_draw(ScriptedDice([])) == DrawStep()


def test_moves_between_hands_play_and_the_discard_pile() -> None:
    piles = Piles.of(CARDS, 2).drawn(0, "a").drawn(0, "c").drawn(1, "d")
    piles = piles.discarded(0, "c")
    assert piles.top == "c" and piles.hand(0) == ("a",)
    piles = piles.played(1, "d")  # into play: the game keeps it
    assert piles.hand(1) == () and sum(piles.count().values()) == len(CARDS) - 1
    piles = piles.taken(1, "d").passed(1, 0, "d")
    assert piles.hand(0) == ("a", "d") and piles.hand(1) == ()
    piles = piles.played(0, "a").thrown(["a"]).dug("c")
    assert piles.discard == ("a",)


def test_a_move_the_state_cannot_hold_is_refused() -> None:
    piles = Piles.of(CARDS, 2)
    with pytest.raises(ValueError, match="hand 0"):
        piles.discarded(0, "a")
    with pytest.raises(ValueError, match="draw pile"):
        piles.drawn(0, "z")
    with pytest.raises(ValueError, match="no hand 5"):
        piles.hand(5)
    with pytest.raises(ValueError, match="discard pile"):
        piles.dug("a")


def test_the_public_view_holds_hand_sizes_and_never_a_card_of_a_hand() -> None:
    piles = Piles.of((*CARDS, "secret"), 2).drawn(0, "secret").drawn(1, "b")
    view = piles.discarded(1, "b").view()
    assert view == PilesView(draw=5, discard=("b",), hands=(1, 0))
    assert "secret" not in repr(view)


def test_a_deal_serves_each_seat_in_turn_from_the_first() -> None:
    assert deals(3, 2, first=1) == [1, 2, 0, 1, 2, 0]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 2)), max_size=60),
       st.integers(0, 10_000))
def test_no_card_is_lost_or_doubled_whatever_the_moves(moves: list[tuple[int, int]],
                                                        seed: int) -> None:
    dice = SeededDice(seed)
    piles = Piles.of(CARDS, 3)
    in_play: list[str] = []
    for kind, seat in moves:
        if kind == 0:  # draw one card, reshuffling if need be
            step = piles.next_draw(dice)
            if step.reshuffle:
                piles = piles.reshuffled()
                step = piles.next_draw(dice)
            if step.card is not None:
                piles = piles.drawn(seat, step.card)
        elif kind == 1 and piles.hand(seat):
            piles = piles.discarded(seat, piles.hand(seat)[0])
        elif kind == 2 and piles.hand(seat):
            card = piles.hand(seat)[-1]
            piles = piles.played(seat, card)
            in_play.append(card)
        elif kind == 3 and in_play:
            piles = piles.thrown([in_play.pop()])
        elif kind == 4 and in_play:
            piles = piles.taken(seat, in_play.pop(0))
        assert piles.count() + Counter(in_play) == Counter(CARDS)
