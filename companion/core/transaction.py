"""A command's transaction, for any game: the events its handler emits and the state they
lead to, and the dice it rolls.

A game's `apply` opens one per command and hands it to the command's handler, which
emits events one by one, each folded at once by the game's reducer, so the handler reads
the state its own earlier events made; when it returns, the transaction's events are the
command's batch. Every face rolled is in an event, so a replay never rolls.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from companion.core.acts import Event
from companion.core.dice import DiceSource

S = TypeVar("S")
E = TypeVar("E", bound=Event)


class Transaction(Generic[S, E]):
    """The events emitted so far, and the state they lead to from where it began."""

    def __init__(self, state: S, dice: DiceSource, evolve: Callable[[S, E], S]) -> None:
        self.state = state
        self.dice = dice
        self.events: list[E] = []
        self._evolve = evolve

    def emit(self, event: E) -> None:
        """Add `event` to the batch and fold it into the state."""
        self.state = self._evolve(self.state, event)
        self.events.append(event)

    def roll(self, sides: int = 6) -> int:
        """A roll of a fair die with `sides` sides (the standard die by default)."""
        return self.dice.roll(sides)


__all__ = ["Transaction"]
