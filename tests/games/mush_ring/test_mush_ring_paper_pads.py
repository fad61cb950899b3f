"""A paper deck scored through the real controller: random rings entered on the pads, card
by card, each scored as the rules' text says (O3, O4, O6, O7, O8), checked against sums
worked out here from the rules, not from the scorer: the colour collected is the one
worth the most, the Wilds go with it, a tie is asked of the ring's owner alone, who
keeps the colour of their choice."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from companion.games.mush_ring import GAME
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.cards import Card, Kind
from companion.games.mush_ring.options import OPTIONS, enterable
from companion.table.simple import SimpleTable

from .test_mush_ring_table import app_for, reach, start


def worth_by_colour(cards: list[Card]) -> dict[str, int]:
    """O4, O6: each colour's face-up Shroom cards' values added (a card entered as
    "worth 0" counts for no colour); O8: a Wild adds 1 to every colour alike."""
    totals: dict[str, int] = {}
    for card in cards:
        if card.kind is Kind.COLOUR:
            totals[card.colour] = totals.get(card.colour, 0) + card.value
    wilds = sum(1 for x in cards if x.kind is Kind.WILD)
    return {colour: total + wilds for colour, total in totals.items()}


def expected(cards: list[Card], colour: str) -> tuple[Counter[Card], int]:
    """O3, O8: the cards collected for `colour` (its own and every Wild) and what they
    add to the score pile's value (a Wild 1)."""
    kept = [x for x in cards if x.kind is Kind.WILD or
            (x.kind is Kind.COLOUR and x.colour == colour)]
    return Counter(kept), sum(x.value if x.kind is Kind.COLOUR else 1 for x in kept)


def pick(rng: random.Random, offered: list[Card], entered: list[Card]) -> Card:
    """A card for the next space: often one that evens two colours up, so ties come."""
    shrooms = [x for x in entered if x.kind is Kind.COLOUR]
    if shrooms and rng.random() < 0.4:
        twin = [x for x in offered if x.kind is Kind.COLOUR and x.value == shrooms[-1].value
                and x.colour != shrooms[-1].colour]
        if twin:
            return rng.choice(twin)
    return rng.choice(offered)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 7))
def test_o3_o4_o6_o7_o8_b2_random_paper_rings_entered_on_pads_score_by_the_rules(
        tmp_path: Path, seed: int) -> None:
    app = app_for(tmp_path, "paper", players=4, seed=seed)
    rng = random.Random(seed)
    rings = ties = 0
    try:
        start(app)
        table = app.controller
        assert isinstance(table, SimpleTable)
        while not table.state.over and len(enterable(table.state, 0)) > 3:
            state = table.state
            owners = [s for s in range(4) if not (state.last_hand and state.players[s].last)]
            owner = rng.choice(owners)
            teller = rng.randrange(4)  # anyone at the table says whose ring is full
            if c.RingFull(teller, owner) not in OPTIONS.legal_commands(state, teller):
                break
            before = state.players[owner]
            reach(app, teller, c.RingFull(teller, owner))
            entered: list[Card] = []
            while len(entered) < 6:
                card = pick(rng, enterable(table.state, owner), entered)
                reach(app, owner, c.Enter(owner, card))  # B2: on the owner's pad
                entered.append(card)
            totals = worth_by_colour(entered)
            top = max(totals.values(), default=0)
            best = {colour for colour, total in totals.items() if total == top}
            state = table.state
            if len(best) > 1:  # O7: asked of the owner alone, who chooses
                ties += 1
                assert state.tie is not None and set(state.tie.colours) == best
                assert GAME.seats_to_act(state) == (owner,)
                offered = {x.colour for x in OPTIONS.legal_commands(state, owner)
                           if isinstance(x, c.Keep)}
                assert offered == best
                chosen = rng.choice(sorted(best))
                reach(app, owner, c.Keep(owner, chosen))
            else:
                assert state.tie is None
                chosen = next(iter(best)) if best else ""
            after = table.state.players[owner]
            kept, value = expected(entered, chosen)
            assert Counter(after.pile) - Counter(before.pile) == kept, (entered, chosen)
            assert len(after.pile) - len(before.pile) == sum(kept.values())
            assert after.value - before.value == value
            assert all(not s.card for s in after.ring)  # the ring is emptied (O3)
            rings += 1
            assert rings < 60
    finally:
        app.close()
    assert rings >= 4 and ties, (rings, ties)  # every seed here asks a tie
    print(f"\npaper deck, seed {seed}: {rings} rings entered on pads, {ties} ties asked")
