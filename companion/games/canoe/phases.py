"""The phase table of the Canoe game: for each phase, who may act, the kind of act, and
which events lead where (the shape of MUSH's `companion.games.mush.phases`).

`evolve()` moves the phase only through `FLOW.advance()`, so the graph `as_text()` prints
is the graph the game follows, and a test can check it for dead ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from companion.games.canoe import events as ev
from companion.games.canoe.commands import TABLE
from companion.games.canoe.kernel import Flow, PhaseRow, Pick
from companion.games.canoe.model import Phase
from companion.games.canoe.state import GameState


class ActKind(StrEnum):
    """The kind of act a phase asks for: a menu, a light and a waiting text follow."""

    SET_UP = "set_up"  # the table starts the game
    THROW = "throw"  # the active player throws, stays windbound, or camps (C4)
    TELL = "tell"  # the active player tells what the canoe did (K4, N1, A2, F1)
    ENTER_CARD = "enter_card"  # paper cards: the card drawn is entered (K12)
    NONE = "none"  # the game is over


def _active(state: GameState) -> tuple[int, ...]:
    return (state.require_turn().seat,)


def _table(state: GameState) -> tuple[int, ...]:
    return (TABLE,)


def _nobody(state: GameState) -> tuple[int, ...]:
    return ()


Row = PhaseRow[GameState, ev.Event, Phase]


def _after_card(state: GameState, event: ev.Event) -> Phase:
    """K12, C6: a paper card entered for a landing of this go leaves the player telling
    the rest; one entered for the last go's landing, told before the throw, returns to
    the throw."""
    return Phase.MOVE if state.require_turn().thrown else Phase.TURN


AFTER_CARD = Pick[GameState, ev.Event, Phase]("thrown this go?", (Phase.MOVE, Phase.TURN),
                                              _after_card)

PHASE_TABLE: Mapping[Phase, Row] = {
    Phase.SETUP: Row(ActKind.SET_UP, _table, {ev.TurnStarted: Phase.TURN}),
    Phase.TURN: Row(ActKind.THROW, _active, {
        ev.DieRolled: Phase.MOVE,
        ev.Camped: Phase.MOVE,  # N5: camping where the canoe stands, without a throw
        ev.TurnStarted: Phase.TURN,  # E5: windbound on an island, no throw
        ev.CardAwaited: Phase.CARD,  # C6, K12: the last go's landing, told before the throw
    }),
    Phase.MOVE: Row(ActKind.TELL, _active, {
        ev.CardAwaited: Phase.CARD,
        ev.TurnStarted: Phase.TURN,  # C3: the next player clockwise
        ev.GameWon: Phase.GAME_OVER,  # F3
    }),
    Phase.CARD: Row(ActKind.ENTER_CARD, _active, {ev.CardEntered: AFTER_CARD}),
    Phase.GAME_OVER: Row(ActKind.NONE, _nobody),
}

assert set(PHASE_TABLE) == set(Phase), "every phase needs a row in the phase table"


def _phase_of(state: GameState) -> Phase:
    return state.phase


FLOW: Flow[GameState, ev.Event, Phase] = Flow(PHASE_TABLE, _phase_of, Phase.SETUP)
"""The Canoe game's flow, as the seam asks it."""


def advance(state: GameState, event: ev.Event) -> Phase:
    """The phase after `event` (see `Flow.advance`)."""
    return FLOW.advance(state, event)


def act_of(state: GameState) -> ActKind:
    """What kind of act the current phase asks for."""
    act = PHASE_TABLE[state.phase].act
    assert isinstance(act, ActKind)
    return act


def actors(state: GameState) -> tuple[int, ...]:
    """Seats (and TABLE) that may act now."""
    return FLOW.actors(state)


def seats_to_act(state: GameState) -> tuple[int, ...]:
    """The seats (not the table) that may act now."""
    return FLOW.seats_to_act(state)


def reachable(start: Phase) -> set[Phase]:
    """Phases reachable from `start` along declared transitions."""
    return FLOW.reachable(start)


def as_text() -> str:
    """The graph, a row per phase."""
    return FLOW.as_text()
