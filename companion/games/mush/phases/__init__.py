"""MUSH's phase table: for each phase, who may act, what kind of act it is, what comes next.

The rows are data for the kernel's `Flow` (`companion.core.flow`), in the manner of
boardgame.io's `next`: the events that end the phase and the phase each leads to. The
reducer (`evolve`) moves the phase only through `advance()`, so the graph printed by
`python -m companion.games mush` (or `python -m companion.games.mush.phases`) is the graph the
game follows, and a test can check it for dead ends. The table's menus, its lights, its
waiting texts and the screen ask `act_of()` and `seats_to_act()` instead of restating the
flow in chains of phase tests.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping, Sequence
from enum import StrEnum

from companion.core import flow
from companion.core.flow import UndeclaredTransition as UndeclaredTransition
from companion.games.mush import commands as cmd
from companion.games.mush import events as ev
from companion.games.mush.model import MoveContext, Phase, WindowKind
from companion.games.mush.queries import waiting_seats
from companion.games.mush.state import GameState


class ActKind(StrEnum):
    """The kind of act a phase asks for: a menu, a light and a waiting text follow from it."""

    SET_UP = "set_up"  # the table starts the game; no seat acts
    TRAIN = "train"  # one seat at a time chooses a training (S4)
    BID = "bid"  # every seat at once, in secret (R1)
    WEATHER = "weather"  # the Ice Bear rolls the weather (W3)
    TURN = "turn"  # the active seat rests or moves (T1)
    MOVE = "move"  # the active seat spends its movement (M1, R3, P1)
    PRESS = "press"  # the active seat may press on (P1)
    REACT = "react"  # a reaction window: the seats it waits for, and the table to close it
    NONE = "none"  # the game is over


Pick = flow.Pick[GameState, ev.Event, Phase]
PhaseRow = flow.PhaseRow[GameState, ev.Event, Phase]
Next = Phase | Pick
Edge = flow.Edge[Phase]


# --- who may act -----------------------------------------------------------------------

def _active(state: GameState) -> tuple[int, ...]:
    return (state.require_turn().seat,)


def _table(state: GameState) -> tuple[int, ...]:
    return (cmd.TABLE,)


def _nobody(state: GameState) -> tuple[int, ...]:
    return ()


def _everyone(state: GameState) -> tuple[int, ...]:
    return tuple(state.seats)


def _trainer(state: GameState) -> tuple[int, ...]:
    return () if state.training_next is None else (state.training_next,)


def _ice_bear(state: GameState) -> tuple[int, ...]:
    return () if state.ice_bear is None else (state.ice_bear,)


def _window_actors(state: GameState) -> tuple[int, ...]:
    return (*waiting_seats(state), cmd.TABLE)


# --- what comes next -------------------------------------------------------------------

MOVEMENT_PHASES: Mapping[MoveContext, Phase] = {
    MoveContext.EARLY: Phase.EARLY_RISER,
    MoveContext.NORMAL: Phase.MOVING,
    MoveContext.PRESS: Phase.PRESS_MOVE,
}
WINDOW_PHASES: Mapping[WindowKind, Phase] = {
    WindowKind.REDUCE: Phase.REDUCE,
    WindowKind.REROLL: Phase.REROLL,
}


def movement_phase(context: MoveContext) -> Phase:
    """The phase-table row of a movement context."""
    return MOVEMENT_PHASES[context]


def _movement(state: GameState, event: ev.Event) -> Phase | None:
    """The movement row of the event's context (MovementStarted), else of the turn's."""
    if isinstance(event, ev.MovementStarted):
        return MOVEMENT_PHASES[event.context]
    return MOVEMENT_PHASES[state.require_turn().context]


def _window(state: GameState, event: ev.Event) -> Phase | None:
    assert isinstance(event, ev.WindowOpened)
    return WINDOW_PHASES[event.kind]


def _early_move_over(state: GameState, event: ev.Event) -> Phase | None:
    """R3: the Early Riser's space done, the weather is rolled; other movements ending
    leave the phase until the turn or the pressing offer follows."""
    assert isinstance(event, ev.MovementEnded)
    return Phase.WEATHER if event.context is MoveContext.EARLY else None


def _moving(*choices: Phase) -> Pick:
    return Pick("context", choices, _movement)


def _opens(*choices: Phase) -> Pick:
    return Pick("kind", choices, _window)


_EARLY_OVER = Pick("early", (Phase.WEATHER,), _early_move_over)

# Events that end every phase with a turn in it.
_TURN_ENDS: Mapping[type[ev.Event], Next] = {
    ev.TurnStarted: Phase.TURN,  # T1: the next seat in the order of play
    ev.RoundStarted: Phase.BIDDING,  # R4: the last seat's turn is over
    ev.GameWon: Phase.GAME_OVER,  # S8, T3
}

PHASE_TABLE: Mapping[Phase, PhaseRow] = {
    Phase.SETUP: PhaseRow(ActKind.SET_UP, _table, {ev.TrainingOrderDrawn: Phase.TRAINING}),
    Phase.TRAINING: PhaseRow(ActKind.TRAIN, _trainer, {ev.RoundStarted: Phase.BIDDING}),
    Phase.BIDDING: PhaseRow(ActKind.BID, _everyone, {ev.BidsRevealed: Phase.WEATHER}),
    Phase.WEATHER: PhaseRow(ActKind.WEATHER, _ice_bear, {
        ev.MovementStarted: _moving(Phase.EARLY_RISER),
        ev.WindowOpened: _opens(Phase.REROLL),
        ev.TurnStarted: Phase.TURN,
    }),
    Phase.EARLY_RISER: PhaseRow(ActKind.MOVE, _active, {
        ev.WindowOpened: _opens(Phase.REROLL),
        ev.MovementEnded: _EARLY_OVER,
        ev.GameWon: Phase.GAME_OVER,
    }),
    Phase.TURN: PhaseRow(ActKind.TURN, _active, {
        ev.WindowOpened: _opens(Phase.REDUCE, Phase.REROLL),
        ev.MovementStarted: _moving(Phase.MOVING),
        **_TURN_ENDS,
    }),
    Phase.REDUCE: PhaseRow(ActKind.REACT, _window_actors, {
        ev.WindowOpened: _opens(Phase.REROLL),
        ev.MovementStarted: _moving(Phase.MOVING),
        **_TURN_ENDS,
    }),
    Phase.REROLL: PhaseRow(ActKind.REACT, _window_actors, {
        ev.SpaceEntered: _moving(Phase.EARLY_RISER, Phase.MOVING, Phase.PRESS_MOVE),
        ev.MovementStarted: _moving(Phase.MOVING, Phase.PRESS_MOVE),
        ev.MovementEnded: _EARLY_OVER,
        ev.PressOffered: Phase.PRESSING,
        **_TURN_ENDS,
    }),
    Phase.MOVING: PhaseRow(ActKind.MOVE, _active, {
        ev.WindowOpened: _opens(Phase.REROLL),
        ev.PressOffered: Phase.PRESSING,
        **_TURN_ENDS,
    }),
    Phase.PRESSING: PhaseRow(ActKind.PRESS, _active, {
        ev.WindowOpened: _opens(Phase.REROLL),
        ev.MovementStarted: _moving(Phase.PRESS_MOVE),
        **_TURN_ENDS,
    }),
    Phase.PRESS_MOVE: PhaseRow(ActKind.MOVE, _active, {
        ev.WindowOpened: _opens(Phase.REROLL),
        **_TURN_ENDS,
    }),
    Phase.GAME_OVER: PhaseRow(ActKind.NONE, _nobody),
}

assert set(PHASE_TABLE) == set(Phase), "every phase needs a row in the phase table"

FLOW: flow.Flow[GameState, ev.Event, Phase] = flow.Flow(
    PHASE_TABLE, phase_of=lambda state: state.phase, start=Phase.SETUP)
"""MUSH's flow: the kernel's machinery over the rows above."""


def advance(state: GameState, event: ev.Event) -> Phase:
    """The phase after `event`, read from the row of the phase `state` is in."""
    return FLOW.advance(state, event)


_ACTS: Mapping[Phase, ActKind] = {phase: ActKind(row.act.value)
                                  for phase, row in PHASE_TABLE.items()}


def act_of(state: GameState) -> ActKind:
    """What kind of act the current phase asks for."""
    return _ACTS[state.phase]


def actors(state: GameState) -> tuple[int, ...]:
    """Seats (and TABLE) that may act now."""
    return PHASE_TABLE[state.phase].actors(state)


def seats_to_act(state: GameState) -> tuple[int, ...]:
    """The seats (not the table) that may act now, in the row's order."""
    return tuple(s for s in actors(state) if s != cmd.TABLE)


def edges() -> Iterator[Edge]:
    """Every declared transition, in table order."""
    return FLOW.edges()


def reachable(start: Phase) -> set[Phase]:
    """Phases reachable from `start` (itself included) along declared transitions."""
    return FLOW.reachable(start)


def as_text() -> str:
    """The graph, a row per phase: who acts, then each event and where it leads."""
    return FLOW.as_text()


def as_dot() -> str:
    """The graph in Graphviz's DOT language (`dot -Tsvg`)."""
    return FLOW.as_dot()


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m companion.games.mush.phases [--dot]`: print the phase graph."""
    args = sys.argv[1:] if argv is None else list(argv)
    if args not in ([], ["--dot"]):
        print("usage: python -m companion.games.mush.phases [--dot]", file=sys.stderr)
        return 2
    sys.stdout.write(as_dot() if args else as_text())
    return 0
