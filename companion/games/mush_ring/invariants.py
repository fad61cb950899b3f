"""What holds of every Mush-Ring state the rules can reach (U4, U5, U7), checked after
every step of the property tests and for every event a journal reads back."""

from __future__ import annotations

from collections import Counter

from companion.core.invariants import Invariant
from companion.games.mush_ring.cards import SPACES, Card
from companion.games.mush_ring.model import State


def _whole(state: State) -> bool:
    """U4: every card of a dealt deck is in exactly one place."""
    if state.settings is None or state.paper:
        return True
    found: Counter[Card] = state.piles.count()
    for player in state.players:
        found.update(s.card for s in player.ring if s.card is not None)
        found.update(player.pile)
    if state.turn is not None and state.turn.action is not None:
        found[state.turn.action] += 1
    return found == state.settings.cards.holds()


def _rings(state: State) -> bool:
    """U5: six spaces a ring, and an action card in a ring only face-down (Y4). (That a
    full ring is scored before anything else happens holds between commands, not
    between the events of one: the tests check it after every command.)"""
    return all(len(p.ring) == SPACES and all(
        s.card is None or not s.card.action or not s.up for s in p.ring)
        for p in state.players)


def _piles(state: State) -> bool:
    """U7: a score pile holds coloured cards and Wilds only (what scores)."""
    return all(card.worth > 0 for p in state.players for card in p.pile)


INVARIANTS: tuple[Invariant[State], ...] = (
    Invariant("U4", "every card of the deck is in exactly one place", _whole),
    Invariant("U5", "six spaces a ring, an action card in one face-down", _rings),
    Invariant("U7", "a score pile holds only cards that score", _piles),
)

__all__ = ["INVARIANTS"]
