"""A game's reducer as a table: how each event type changes the state, and the phase
moved only as the flow says.

Every game folds its events the same way: the event's own reducer changes the state,
then the flow (`companion.core.flow`) reads the phase after it from the row of the phase
the state was in. The game's opening event makes a fresh state in its first phase and
is not advanced. `apply` folds each event it emits through `evolve`, and a replay folds
a journal's events through the same function, so replaying reproduces the state by
construction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar

from companion.core.acts import Event
from companion.core.flow import Flow
from companion.core.values import complete, replace

S = TypeVar("S")
E = TypeVar("E", bound=Event)


class Reducer(Generic[S, E]):
    """One reducer per event type (every type of `events` needs one), the flow that moves
    the phase, the opening event type and the empty game a replay starts from."""

    def __init__(self, reducers: Mapping[type[E], Callable[[S, Any], S]], *,
                 events: Iterable[type[E]], flow: Flow[S, E, Any], opening: type[E],
                 initial: S, phase: str = "phase") -> None:
        self.reducers = complete(reducers, events, "every event type needs a reducer")
        self.flow = flow
        self.opening = opening
        self.initial = initial
        self._phase = phase

    def evolve(self, state: S, event: E) -> S:
        """The state after one event; the phase moves only as the flow says."""
        after = self.reducers[type(event)](state, event)
        if isinstance(event, self.opening):
            return after  # a new game: a fresh state in its first phase
        phase = self.flow.advance(state, event)
        if phase is getattr(after, self._phase):
            return after
        return replace(after, **{self._phase: phase})

    def replay(self, events: Iterable[E], start: S | None = None) -> S:
        """Fold a journal's events, from the empty game unless `start` is given."""
        state = self.initial if start is None else start
        evolve = self.evolve
        for event in events:
            state = evolve(state, event)
        return state


__all__ = ["Reducer"]
