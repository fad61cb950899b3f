"""The flow of a game as data: for each phase, who may act, what kind of act, what next.

A game declares a `Flow`: one `PhaseRow` per phase, each naming the seats that may act
(the table itself among them, as `TABLE`), the kind of act the phase asks for, and its
transitions in the manner of boardgame.io's `next`: the events that end the phase and the
phase each leads to. The game's reducer moves the phase only through `Flow.advance()`, so
the graph `python -m companion.games GAME` prints is the graph the game follows, and a
test can check it for dead ends. The table asks `act_of()` and `seats_to_act()` instead
of restating the flow in chains of phase tests.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Generic, TypeVar

from companion.core.acts import TABLE
from companion.exc import CompanionError

S = TypeVar("S")
E = TypeVar("E")
P = TypeVar("P", bound=Enum)


@dataclass(frozen=True)
class Pick(Generic[S, E, P]):
    """A transition whose target depends on the event or the state: one of `choices`, or
    None for "the phase stays". `choose` returning anything else is a missing row entry."""

    label: str
    choices: tuple[P, ...]
    choose: Callable[[S, E], P | None]


Actors = Callable[[S], tuple[int, ...]]


@dataclass(frozen=True)
class PhaseRow(Generic[S, E, P]):
    """One row of a phase table: the kind of act, who acts, and where each event leads."""

    act: Enum
    actors: Callable[[S], tuple[int, ...]]
    next: Mapping[type[E], P | Pick[S, E, P]] = field(default_factory=dict)


class UndeclaredTransition(CompanionError, AssertionError):
    """An event led somewhere its phase's row does not list: the table is out of step."""


@dataclass(frozen=True)
class Edge(Generic[P]):
    """One arrow of the phase graph."""

    source: P
    event: str
    target: P


class Flow(Generic[S, E, P]):
    """A game's phase table, and the questions every layer asks of it."""

    def __init__(self, rows: Mapping[P, PhaseRow[S, E, P]], phase_of: Callable[[S], P],
                 start: P) -> None:
        self.rows = rows
        self.phase_of = phase_of
        self.start = start

    def advance(self, state: S, event: E) -> P:
        """The phase after `event`, read from the row of the phase `state` is in.

        An event the row does not name leaves the phase as it is; a `Pick` may only land
        on one of the targets the row declares, so the printed graph cannot hide a path.
        """
        phase = self.phase_of(state)
        target = self.rows[phase].next.get(type(event))
        if target is None:
            return phase
        if not isinstance(target, Pick):
            return target
        chosen = target.choose(state, event)
        if chosen is None:
            return phase
        if chosen not in target.choices:
            raise UndeclaredTransition(
                f"{type(event).__name__} in {phase.value} leads to {chosen.value}, "
                f"which the phase table does not list")
        return chosen

    # --- asking the table -----------------------------------------------------------

    def act_of(self, state: S) -> Enum:
        """What kind of act the current phase asks for."""
        return self.rows[self.phase_of(state)].act

    def actors(self, state: S) -> tuple[int, ...]:
        """Seats (and TABLE) that may act now."""
        return self.rows[self.phase_of(state)].actors(state)

    def seats_to_act(self, state: S) -> tuple[int, ...]:
        """The seats (not the table) that may act now, in the row's order."""
        return tuple(s for s in self.actors(state) if s != TABLE)

    # --- the graph ------------------------------------------------------------------

    def edges(self) -> Iterator[Edge[P]]:
        """Every declared transition, in table order."""
        for phase, row in self.rows.items():
            for event, target in row.next.items():
                targets = target.choices if isinstance(target, Pick) else (target,)
                for to in targets:
                    yield Edge(phase, event.__name__, to)

    def reachable(self, start: P) -> set[P]:
        """Phases reachable from `start` (itself included) along declared transitions."""
        seen = {start}
        todo = [start]
        edges = list(self.edges())
        while todo:
            phase = todo.pop()
            for edge in edges:
                if edge.source is phase and edge.target not in seen:
                    seen.add(edge.target)
                    todo.append(edge.target)
        return seen

    def as_text(self) -> str:
        """The graph, a row per phase: who acts, then each event and where it leads."""
        lines = []
        edges = list(self.edges())
        for phase, row in self.rows.items():
            lines.append(f"{phase.value}  [{row.act.value}]")
            for edge in edges:
                if edge.source is phase:
                    lines.append(f"  --{edge.event}--> {edge.target.value}")
        return "\n".join(lines) + "\n"

    def as_dot(self) -> str:
        """The graph in Graphviz's DOT language (`dot -Tsvg`)."""
        lines = ["digraph phases {", "  rankdir=LR;"]
        for phase, row in self.rows.items():
            lines.append(f'  {phase.value} [label="{phase.value}\\n({row.act.value})"];')
        for edge in self.edges():
            lines.append(
                f'  {edge.source.value} -> {edge.target.value} [label="{edge.event}"];')
        lines.append("}")
        return "\n".join(lines) + "\n"


__all__ = ["Edge", "Flow", "PhaseRow", "Pick", "UndeclaredTransition"]
