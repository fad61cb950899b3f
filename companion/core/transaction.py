"""A command's transaction, for any game: the events its handler emits and the state they
lead to, and the dice it rolls; and `Handlers`, a game's `apply` built from its
handlers, one per command type.

A game's `apply` opens one per command and hands it to the command's handler, which
emits events one by one, each folded at once by the game's reducer, so the handler reads
the state its own earlier events made; when it returns, the transaction's events are the
command's batch. Every face rolled is in an event, so a replay never rolls. A command
the rules do not accept now is refused before any handler runs, with the game's most
specific reason, and changes nothing: states are immutable values.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar

from companion.core.acts import TABLE, Command, Event
from companion.core.dice import DiceSource
from companion.core.values import complete
from companion.exc import GameOverError, UnknownSeatError

S = TypeVar("S")
C = TypeVar("C", bound=Command)
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


class Handlers(Generic[S, C, E]):
    """A game's `apply`: the command checked (`is_legal`), then handed to its type's
    handler in a new transaction (`transaction` opens one on a state and dice); every
    command type of `commands` needs a handler.

    A command refused is refused the same way in every game where the reason is not the
    game's: a `GameOverError` once the game is `over`, an `UnknownSeatError` from a seat
    past the state's number of `seats`; else the game's `refusal` gives its most
    specific reason."""

    def __init__(self, handlers: Mapping[type[C], Callable[[Any, Any], None]], *,
                 commands: Iterable[type[C]],
                 transaction: Callable[[S, DiceSource], Transaction[S, E]],
                 is_legal: Callable[[S, C], bool], over: Callable[[S], bool],
                 seats: Callable[[S], int], refusal: Callable[[S, C], Exception]) -> None:
        self.handlers = complete(handlers, commands, "every command needs a handler")
        self._transaction = transaction
        self._is_legal = is_legal
        self._over = over
        self._seats = seats
        self._refusal = refusal

    def refusal(self, state: S, command: C) -> Exception:
        """Why `command` is refused now (asked only of a command that is not legal)."""
        if self._over(state):
            return GameOverError("the game is over")
        if command.seat != TABLE and not 0 <= command.seat < self._seats(state):
            return UnknownSeatError(f"there is no seat {command.seat}")
        return self._refusal(state, command)

    def apply(self, state: S, command: C, dice: DiceSource) -> tuple[S, list[E]]:
        """The new state and the events, or the refusal raised with nothing changed."""
        if not self._is_legal(state, command):
            raise self.refusal(state, command)
        tx = self._transaction(state, dice)
        self.handlers[type(command)](tx, command)
        return tx.state, tx.events


__all__ = ["Handlers", "Transaction"]
