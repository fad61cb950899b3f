"""The phase table of the Canoe game: for each phase, who may act, the kind of act, and
which events lead where (the shape of MUSH's `companion.rules.phases`).

`evolve()` moves the phase only through `advance()`, so the graph `as_text()` prints is
the graph the game follows, and a test can check it for dead ends.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from companion.games.canoe import events as ev
from companion.games.canoe.commands import TABLE
from companion.games.canoe.model import Phase
from companion.games.canoe.state import GameState


class ActKind(StrEnum):
    """The kind of act a phase asks for: a menu, a light and a waiting text follow."""

    SET_UP = "set_up"  # the table starts the game
    THROW = "throw"  # the active player throws, stays windbound, or camps (C4)
    TELL = "tell"  # the active player tells what the canoe did (K4, N1, A2, F1)
    ENTER_CARD = "enter_card"  # paper cards: the card drawn is entered (K12)
    NONE = "none"  # the game is over


Actors = Callable[[GameState], tuple[int, ...]]


@dataclass(frozen=True)
class PhaseRow:
    """One row of the phase table."""

    act: ActKind
    actors: Actors
    next: Mapping[type[ev.Event], Phase] = field(default_factory=dict)


def _active(state: GameState) -> tuple[int, ...]:
    return (state.require_turn().seat,)


def _table(state: GameState) -> tuple[int, ...]:
    return (TABLE,)


def _nobody(state: GameState) -> tuple[int, ...]:
    return ()


_TURN_ENDS: Mapping[type[ev.Event], Phase] = {
    ev.TurnStarted: Phase.TURN,  # C3: the next player clockwise
    ev.GameWon: Phase.GAME_OVER,  # F3
}

PHASE_TABLE: Mapping[Phase, PhaseRow] = {
    Phase.SETUP: PhaseRow(ActKind.SET_UP, _table, {ev.TurnStarted: Phase.TURN}),
    Phase.TURN: PhaseRow(ActKind.THROW, _active, {
        ev.DieRolled: Phase.MOVE,
        ev.Camped: Phase.MOVE,  # N5: camping where the canoe stands, without a throw
        ev.TurnStarted: Phase.TURN,  # E5: windbound on an island, no throw
    }),
    Phase.MOVE: PhaseRow(ActKind.TELL, _active, {
        ev.CardAwaited: Phase.CARD,
        **_TURN_ENDS,
    }),
    Phase.CARD: PhaseRow(ActKind.ENTER_CARD, _active, {ev.CardEntered: Phase.MOVE}),
    Phase.GAME_OVER: PhaseRow(ActKind.NONE, _nobody),
}

assert set(PHASE_TABLE) == set(Phase), "every phase needs a row in the phase table"


def advance(state: GameState, event: ev.Event) -> Phase:
    """The phase after `event`, read from the row of the phase `state` is in; an event the
    row does not name leaves the phase as it is."""
    return PHASE_TABLE[state.phase].next.get(type(event), state.phase)


def act_of(state: GameState) -> ActKind:
    """What kind of act the current phase asks for."""
    return PHASE_TABLE[state.phase].act


def actors(state: GameState) -> tuple[int, ...]:
    """Seats (and TABLE) that may act now."""
    return PHASE_TABLE[state.phase].actors(state)


def seats_to_act(state: GameState) -> tuple[int, ...]:
    """The seats (not the table) that may act now."""
    return tuple(s for s in actors(state) if s != TABLE)


@dataclass(frozen=True)
class Edge:
    """One arrow of the phase graph."""

    source: Phase
    event: str
    target: Phase


def edges() -> Iterator[Edge]:
    """Every declared transition, in table order."""
    for phase, row in PHASE_TABLE.items():
        for event, target in row.next.items():
            yield Edge(phase, event.__name__, target)


def reachable(start: Phase) -> set[Phase]:
    """Phases reachable from `start` (itself included) along declared transitions."""
    seen = {start}
    todo = [start]
    while todo:
        phase = todo.pop()
        for edge in edges():
            if edge.source is phase and edge.target not in seen:
                seen.add(edge.target)
                todo.append(edge.target)
    return seen


def as_text() -> str:
    """The graph, a row per phase: who acts, then each event and where it leads."""
    lines = []
    for phase, row in PHASE_TABLE.items():
        lines.append(f"{phase.value}  [{row.act.value}]")
        lines += [f"  --{e.event}--> {e.target.value}" for e in edges() if e.source is phase]
    return "\n".join(lines) + "\n"
