"""Scoring a full ring (O3–O8) and naming the winner (Y6, Y7): the sums the table does
by hand, in one place, for the dealt and the paper deck alike."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.mush_ring.cards import Card, Kind
from companion.games.mush_ring.model import Player, Space


def sums(ring: Sequence[Space]) -> dict[str, int]:
    """Each colour's value in a ring: its face-up cards' values added (O4); a face-down
    card and a Deth Kapp count for no colour (O6)."""
    out: dict[str, int] = {}
    for space in ring:
        card = space.card
        if card is not None and space.up and card.kind is Kind.COLOUR:
            out[card.colour] = out.get(card.colour, 0) + card.value
    return out


def best(ring: Sequence[Space], colours: Sequence[str]) -> tuple[str, ...]:
    """The colours worth the most (more than one: a tie, O7), in the deck's order; none
    when no coloured card is face-up. Wilds add 1 to every colour alike (O8), so they
    never change which is highest."""
    found = sums(ring)
    if not found:
        return ()
    top = max(found.values())
    return tuple(c for c in colours if found.get(c) == top)


def collect(ring: Sequence[Space], colour: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """What a ring scored for `colour` gives: the cards collected (the colour's face-up
    cards and every face-up Wild, O3, O8) and the cards discarded (the rest, O3, O6)."""
    kept: list[Card] = []
    thrown: list[Card] = []
    for space in ring:
        card = space.card
        if card is None:
            continue
        wanted = space.up and (card.kind is Kind.WILD or (
            card.kind is Kind.COLOUR and card.colour == colour))
        (kept if wanted else thrown).append(card)
    return tuple(kept), tuple(thrown)


def winners(players: Sequence[Player]) -> tuple[int, ...]:
    """Y6, Y7: the highest value wins; a tie goes to the fewest Wilds, then the fewest
    cards; those still tied share the win."""
    def key(seat: int) -> tuple[int, int, int]:
        p = players[seat]
        return (-p.value, p.wilds, len(p.pile))

    order = sorted(range(len(players)), key=key)
    return tuple(s for s in order if key(s) == key(order[0]))


__all__ = ["best", "collect", "sums", "winners"]
