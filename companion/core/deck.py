"""A deck of cards for any game: a draw pile, a face-up discard pile and a hidden hand per
seat, moved only by the events a game's reducer folds, so a replay deals the same hands.

Randomness comes in as an argument, as the dice do: `next_draw` takes a card uniformly
at random from the draw pile with the table's `DiceSource`, which is the same as drawing
the top card of a pile shuffled fairly. The draw pile is then a set of cards kept in a
fixed order that says nothing of the future (a card drawn is removed, a reshuffle puts
the discard pile under it), and no shuffled order, which would be a secret of the whole
table, is kept anywhere. Each card drawn is in its game's event (`Drew(seat, card)`), so
a replay never draws: the journal holds the hands, and a power cut resumes them.

A hand is hidden: `PilesView` is what the table sees of the piles (sizes, the discard
pile's cards, how many cards each hand holds), and `hand(seat)` what that seat alone
sees. Cards are any values compared by equality (two Red 3s are the same card); a move
names the card, and the first equal one moves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from companion.core.dice import DiceSource

T = TypeVar("T", bound=Hashable)


def _without(cards: tuple[T, ...], card: T, where: str) -> tuple[T, ...]:
    """`cards` with the first card equal to `card` taken out (a ValueError naming `where`
    when there is none: the event does not fit the state)."""
    for index, held in enumerate(cards):
        if held == card:
            return cards[:index] + cards[index + 1:]
    raise ValueError(f"no {card!r} in {where}")


@dataclass(frozen=True)
class DrawStep(Generic[T]):
    """What the next card of a draw needs: the discard pile turned into the draw pile
    first (`reshuffle`), this `card`, or nothing (both piles are empty: neither set)."""

    card: T | None = None
    reshuffle: bool = False


@dataclass(frozen=True)
class PilesView:
    """The piles as the whole table sees them: no card of any hand."""

    draw: int
    discard: tuple[Hashable, ...]
    hands: tuple[int, ...]


@dataclass(frozen=True)
class Piles(Generic[T]):
    """Where the cards not in play are: the draw pile, the discard pile (its top card
    last) and each seat's hand. Cards in play (on a board, in a score pile) are the
    game's to keep; `played`, `taken`, `thrown` and `dug` move cards between them."""

    draw: tuple[T, ...] = ()
    discard: tuple[T, ...] = ()
    hands: tuple[tuple[T, ...], ...] = ()

    @classmethod
    def of(cls, cards: Iterable[T], seats: int) -> Piles[T]:
        """A new deck: every card in the draw pile, `seats` empty hands."""
        return cls(tuple(cards), (), ((),) * seats)

    # --- what a draw takes (a handler asks, then emits the game's events) -----------

    def next_draw(self, dice: DiceSource) -> DrawStep[T]:
        """The next step of a draw: a card of the draw pile, drawn uniformly at random;
        a reshuffle first when the draw pile is empty and the discard pile is not;
        nothing when both are empty."""
        if self.draw:
            return DrawStep(self.draw[dice.roll(len(self.draw)) - 1])
        if self.discard:
            return DrawStep(reshuffle=True)
        return DrawStep()

    # --- moves (the reducers' side) -------------------------------------------------

    def _with_hand(self, seat: int, hand: tuple[T, ...]) -> tuple[tuple[T, ...], ...]:
        if not 0 <= seat < len(self.hands):
            raise ValueError(f"there is no hand {seat}")
        return (*self.hands[:seat], hand, *self.hands[seat + 1:])

    def drawn(self, seat: int, card: T) -> Piles[T]:
        """`card` from the draw pile into the seat's hand."""
        return Piles(_without(self.draw, card, "the draw pile"), self.discard,
                     self._with_hand(seat, (*self.hand(seat), card)))

    def reshuffled(self) -> Piles[T]:
        """The discard pile becomes the draw pile (only when the draw pile is empty)."""
        if self.draw:
            raise ValueError("the draw pile is not empty")
        return Piles(self.discard, (), self.hands)

    def discarded(self, seat: int, card: T) -> Piles[T]:
        """`card` from the seat's hand onto the discard pile."""
        return Piles(self.draw, (*self.discard, card),
                     self._with_hand(seat, _without(self.hand(seat), card, f"hand {seat}")))

    def played(self, seat: int, card: T) -> Piles[T]:
        """`card` from the seat's hand into play (the game keeps it from now on)."""
        return Piles(self.draw, self.discard,
                     self._with_hand(seat, _without(self.hand(seat), card, f"hand {seat}")))

    def taken(self, seat: int, card: T) -> Piles[T]:
        """`card` from play into the seat's hand."""
        return Piles(self.draw, self.discard, self._with_hand(seat, (*self.hand(seat), card)))

    def passed(self, giver: int, taker: int, card: T) -> Piles[T]:
        """`card` from one hand into another."""
        return self.played(giver, card).taken(taker, card)

    def thrown(self, cards: Iterable[T]) -> Piles[T]:
        """Cards from play onto the discard pile, in order (the last on top)."""
        return Piles(self.draw, (*self.discard, *cards), self.hands)

    def dug(self, card: T) -> Piles[T]:
        """`card` out of the discard pile into play."""
        return Piles(self.draw, _without(self.discard, card, "the discard pile"), self.hands)

    # --- what is seen ---------------------------------------------------------------

    def hand(self, seat: int) -> tuple[T, ...]:
        """The seat's hand: for that seat's eyes only."""
        if not 0 <= seat < len(self.hands):
            raise ValueError(f"there is no hand {seat}")
        return self.hands[seat]

    def sizes(self) -> tuple[int, ...]:
        """How many cards each hand holds: what everybody sees of the hands."""
        return tuple(len(h) for h in self.hands)

    @property
    def top(self) -> T | None:
        """The discard pile's top card, if any."""
        return self.discard[-1] if self.discard else None

    def view(self) -> PilesView:
        """The piles as the whole table sees them."""
        return PilesView(len(self.draw), tuple(self.discard), self.sizes())

    def count(self) -> Counter[T]:
        """Every card in the piles and the hands, by card (for a game's invariant that no
        card is lost or doubled)."""
        found: Counter[T] = Counter(self.draw)
        found.update(self.discard)
        for hand in self.hands:
            found.update(hand)
        return found


def deals(seats: int, per_seat: int, first: int = 0) -> list[int]:
    """The seats a deal serves, card by card: one card at a time to every seat in turn
    from `first`, `per_seat` times round."""
    return [(first + k) % seats for k in range(seats * per_seat)]


__all__ = ["DrawStep", "Piles", "PilesView", "deals"]
