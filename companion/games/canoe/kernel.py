"""The game-independent pieces this game is built on, in the shapes of the companion's
game seam: commands and events with their class-level traits, the flow as phase rows,
options in two tiers with the reasons that block them, the undo policy, invariants as
named checks, the table of figures for a spreadsheet, a fast copy of a frozen value and
the generic JSON codec of frozen dataclasses.

Nothing here knows the Canoe game. The copy and the codec are MUSH's own today
(`companion.rules`), which holds them without a word of MUSH in them; the rest mirrors the
shared kernel's `acts`, `flow`, `options`, `undo`, `invariants` and `game`, so that moving
this game onto that kernel is a matter of importing these names from it instead.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, Generic, TypeVar

from companion.rules.codec import from_data as from_data
from companion.rules.codec import to_data as to_data
from companion.rules.state import replace as replace

TABLE = -1
"""The seat number of the table itself (setting up)."""

S = TypeVar("S")
E = TypeVar("E")
P = TypeVar("P", bound=Enum)

ParamValues = Sequence[Any]
Note = Mapping[str, int | str]


@dataclass(frozen=True)
class Command:
    """Base of every command; `seat` is who sends it (TABLE for the table). A command
    that costs something says so with `fixed_cost` and `cost_param` (none in this game)."""

    seat: int
    fixed_cost: ClassVar[int] = 0
    cost_param: ClassVar[str | None] = None

    @property
    def cost(self) -> int:
        """What this command costs its sender."""
        extra = int(getattr(self, self.cost_param)) if self.cost_param else 0
        return self.fixed_cost + extra


@dataclass(frozen=True)
class Event:
    """Base of every event; a `private` one carries a secret (none in this game)."""

    private: ClassVar[bool] = False


@dataclass(frozen=True)
class Reason:
    """Why an option that applies is blocked now: a stable `code` (the words of each
    language look it up), the rule that says so, and the numbers and names the words need."""

    code: str
    rule: str = ""
    args: Note = field(default_factory=dict)

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v}" for k, v in self.args.items())
        return f"{self.code} ({self.rule}{'; ' + args if args else ''})"


C = TypeVar("C", bound="Command")


@dataclass(frozen=True)
class Option(Generic[C]):
    """One kind of command a seat could send now: the values each parameter may take,
    why the rules block it now (`blocked`), and what a menu may show beside it (`note`)."""

    command: type[C]
    seat: int
    params: Mapping[str, ParamValues] = field(default_factory=dict)
    blocked: Reason | None = None
    note: Note = field(default_factory=dict)

    def commands(self) -> Iterator[C]:
        """Every concrete command of this option (none for one whose parameters are not
        listed, such as a game's start with its settings)."""
        names = [f.name for f in dataclasses.fields(self.command) if f.name != "seat"]
        if any(name not in self.params for name in names):
            return
        for values in itertools.product(*(self.params[n] for n in names)):
            yield self.command(self.seat, **dict(zip(names, values, strict=True)))

    def admits(self, command: Command) -> bool:
        """Whether a concrete command is one of this option's."""
        if type(command) is not self.command or command.seat != self.seat:
            return False
        return all(getattr(command, name) in values for name, values in self.params.items())


def legal(options: Iterable[Option[C]]) -> list[Option[C]]:
    """The options nothing blocks: what `apply()` accepts."""
    return [o for o in options if o.blocked is None]


def offered(options: Iterable[Option[C]], command: Command) -> Option[C] | None:
    """The option `command` belongs to, blocked or not; None when it does not apply."""
    return next((o for o in options if o.admits(command)), None)


@dataclass(frozen=True)
class Invariant(Generic[S]):
    """One check: the rule that states it, in words, and whether it holds of a state."""

    rule: str
    text: str
    holds: Callable[[S], bool]


class UndoPolicy:
    """Whether each of a game's event types may be undone: never across a die, a draw or
    a shuffle; the journal and the table ask the same policy."""

    def __init__(self, table: Mapping[Any, bool]) -> None:
        self.table: dict[type[Event], bool] = dict(table)
        self.final_types: tuple[type[Event], ...] = tuple(
            t for t, may in self.table.items() if not may)

    def undoable(self, events: Iterable[Event]) -> bool:
        """Whether a command with these events may be taken back."""
        return all(self.table[type(event)] for event in events)

    def final(self, events: Iterable[Event]) -> list[str]:
        """The names of the events among these that no undo may cross, sorted."""
        return sorted({type(e).__name__ for e in events if not self.table[type(e)]})


@dataclass(frozen=True)
class Ledger(Generic[E]):
    """A game's table of figures for a spreadsheet: its columns, and the rows replaying a
    game's events gives (one value per column)."""

    columns: tuple[str, ...]
    rows: Callable[[int, Iterable[E]], Iterator[Sequence[object]]]


@dataclass(frozen=True)
class PhaseRow(Generic[S, E, P]):
    """One row of a phase table: the kind of act, who acts, and where each event leads."""

    act: Enum
    actors: Callable[[S], tuple[int, ...]]
    next: Mapping[type[E], P] = field(default_factory=dict)


@dataclass(frozen=True)
class Edge(Generic[P]):
    """One arrow of the phase graph."""

    source: P
    event: str
    target: P


class Flow(Generic[S, E, P]):
    """A game's phase table, and the questions every layer asks of it: the phase after an
    event, the kind of act a phase asks for, who acts, and the graph."""

    def __init__(self, rows: Mapping[P, PhaseRow[S, E, P]], phase_of: Callable[[S], P],
                 start: P) -> None:
        self.rows = rows
        self.phase_of = phase_of
        self.start = start

    def advance(self, state: S, event: E) -> P:
        """The phase after `event`, read from the row of the phase `state` is in; an event
        the row does not name leaves the phase as it is."""
        phase = self.phase_of(state)
        return self.rows[phase].next.get(type(event), phase)

    def act_of(self, state: S) -> Enum:
        """What kind of act the current phase asks for."""
        return self.rows[self.phase_of(state)].act

    def actors(self, state: S) -> tuple[int, ...]:
        """Seats (and TABLE) that may act now."""
        return self.rows[self.phase_of(state)].actors(state)

    def seats_to_act(self, state: S) -> tuple[int, ...]:
        """The seats (not the table) that may act now."""
        return tuple(s for s in self.actors(state) if s != TABLE)

    def edges(self) -> Iterator[Edge[P]]:
        """Every declared transition, in table order."""
        for phase, row in self.rows.items():
            for event, target in row.next.items():
                yield Edge(phase, event.__name__, target)

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
            lines += [f"  --{e.event}--> {e.target.value}" for e in edges if e.source is phase]
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning seat, or None for a game over without a winner."""

    winner: int | None = None


def broken(state: S, invariants: Iterable[Invariant[S]]) -> list[Invariant[S]]:
    """The invariants `state` breaks, in the order given (none for a sound state)."""
    return [i for i in invariants if not i.holds(state)]


__all__ = ["TABLE", "Command", "Edge", "Event", "Flow", "Invariant", "Ledger", "Note",
           "Option", "Outcome", "ParamValues", "PhaseRow", "Reason", "UndoPolicy", "broken",
           "from_data", "legal", "offered", "replace", "to_data"]
