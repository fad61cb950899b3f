"""A game behind the seam: everything the table, the journal and the app ask of one game.

Modelled on boardgame.io's `Game` (a name, a setup, moves, a flow, a player view, whether
a move may be undone) and python-chess's variants (one engine shape, many rule sets): a
`Game` bundles one game's pieces, and the controller, the journal, the exports and the
app are written against it, never against a game's own modules. MUSH is one
(`companion.games.mush.MUSH`); the next game is another value of the same type.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, TypeVar

from companion.core.acts import Command, Event
from companion.core.codec import Codec, to_data
from companion.core.dice import DiceSource
from companion.core.flow import Flow
from companion.core.invariants import Invariant, broken
from companion.core.options import Option, legal
from companion.core.undo import UndoPolicy

S = TypeVar("S")
C = TypeVar("C", bound=Command)
E = TypeVar("E", bound=Event)
V = TypeVar("V")


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning seat, or None for a game over without a winner."""

    winner: int | None = None


@dataclass(frozen=True)
class Ledger(Generic[E]):
    """A game's table of figures per round for a spreadsheet (the CSV export): its
    columns, and the rows replaying a game's events gives (one value per column)."""

    columns: tuple[str, ...]
    rows: Callable[[int, Iterable[E]], Iterator[Sequence[object]]]


Policy = Callable[[S, int, random.Random], C | None]
"""A bot: the command it sends now for a seat, or None while the seat waits."""


@dataclass(frozen=True, eq=False)
class Game(Generic[S, C, E, V]):
    """One game's rules and vocabulary, as the rest of the companion may know them.

    `options` lists what applies to a seat (the blocked with the rules' reasons);
    `apply` checks a command against the unblocked ones and returns the new state and the
    events; `evolve` folds one event (replay is folding them all from `initial`).
    `opening` gives the settings a game's first event carries (None for any other event)
    and `ending` the outcome an event declares, so the journal can keep its table of
    games without knowing the events. `refusal` says why an event read back from a file
    cannot follow a state (a seat that does not exist), before it is folded.
    """

    name: str
    title: str
    seats: range
    initial: S
    flow: Flow[S, E, Any]
    options: Callable[[S, int], list[Option[C]]]
    apply: Callable[[S, C, DiceSource], tuple[S, list[E]]]
    evolve: Callable[[S, E], S]
    codec: Codec[S, Any, E, C]
    undo: UndoPolicy
    invariants: tuple[Invariant[S], ...]
    public_view: Callable[[S], V]
    seat_view: Callable[[S, int], object]
    outcome: Callable[[S], Outcome | None]
    opening: Callable[[E], object | None]
    ending: Callable[[E], Outcome | None]
    refusal: Callable[[S, E], str | None]
    ledger: Ledger[E]
    bots: Mapping[str, Callable[[S, int, random.Random], C | None]] = field(
        default_factory=dict)
    pauses: tuple[type[Event], ...] = ()
    """Events after which the table is at a natural pause (a turn or a round is over):
    the journal folds its newest writes into its main file there, so a card that loses
    the newest file loses at most what came after."""

    def legal(self, state: S, seat: int) -> list[Option[C]]:
        """The options nothing blocks: exactly what `apply` accepts from `seat`."""
        return legal(self.options(state, seat))

    def is_legal(self, state: S, command: C) -> bool:
        """Whether `apply` would accept the command."""
        return any(o.admits(command) for o in self.legal(state, command.seat))

    def act_of(self, state: S) -> Enum:
        """The kind of act the current phase asks for (the flow's row)."""
        return self.flow.act_of(state)

    def seats_to_act(self, state: S) -> tuple[int, ...]:
        """The seats that may act now."""
        return self.flow.seats_to_act(state)

    def replay(self, events: Iterable[E], start: S | None = None) -> S:
        """The state the events lead to from `start` (the empty game by default)."""
        state = self.initial if start is None else start
        for event in events:
            state = self.evolve(state, event)
        return state

    def broken(self, state: S) -> list[Invariant[S]]:
        """The invariants `state` breaks (none for every state the rules can reach)."""
        return broken(state, self.invariants)

    def fold(self, state: S, event: E) -> S:
        """`evolve` for an event read back from a file: anything that cannot have
        happened (an event refused, a reducer failing, an invariant broken after it) is
        raised as ValueError, never played on."""
        problem = self.refusal(state, event)
        if problem is not None:
            raise ValueError(problem)
        try:
            after = self.evolve(state, event)
        except Exception as exc:  # the reducer trusts its input: a failure is bad input
            raise ValueError(f"{type(event).__name__} does not replay "
                             f"({type(exc).__name__}: {exc})") from exc
        wrong = self.broken(after)
        if wrong:
            raise ValueError(f"{type(event).__name__} breaks "
                             + "; ".join(f"{i.rule} ({i.text})" for i in wrong))
        return after

    def view_data(self, state: S) -> Any:
        """The public view as JSON-ready data (`state --json`, the phones)."""
        return to_data(self.public_view(state))


AnyGame = Game[Any, Any, Any, Any]
"""A game of any kind, as the journal and the app hold one."""

__all__ = ["AnyGame", "Game", "Ledger", "Outcome", "Policy"]
