"""The Canoe game as one bundle: everything the table, the journal and the app ask of a
game, under the names the companion's game seam gives them.

`GAME` holds the rules' functions and vocabulary (options in two tiers, apply, evolve,
the codec, the undo policy, the invariants, the views, how a game opens and ends, the
table of figures for a spreadsheet, the bots), so the parts of the companion that play
a game can be written against the bundle and never import the game's own modules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from types import ModuleType

from companion.games.canoe import bots, codec
from companion.games.canoe import commands as cmd
from companion.games.canoe import events as ev
from companion.games.canoe.engine import apply, options
from companion.games.canoe.evolve import evolve
from companion.games.canoe.invariants import INVARIANTS
from companion.games.canoe.kernel import (
    Flow,
    Invariant,
    Ledger,
    Option,
    Outcome,
    UndoPolicy,
    broken,
)
from companion.games.canoe.kernel import legal as unblocked
from companion.games.canoe.model import MAX_PLAYERS, MIN_PLAYERS, Phase
from companion.games.canoe.phases import FLOW
from companion.games.canoe.state import EMPTY, GameState
from companion.games.canoe.views import PublicView, SeatView, public_view, seat_view
from companion.rules.dice import DiceSource

LEDGER_COLUMNS = ("turn", "seat", "name", "score", "nights", "destination", "home")


def ledger_rows(game_id: int, events: Iterable[ev.Event]) -> Iterator[Sequence[object]]:
    """One row per player after each turn (the CSV export's scores over the trip)."""
    state = EMPTY
    for event in events:
        state = evolve(state, event)
        if isinstance(event, ev.TurnEnded | ev.TurnSkipped | ev.GameWon):
            for seat, p in enumerate(state.players):
                yield (state.turns, seat, p.name, p.score, p.nights, p.destination or "",
                       int(p.home))


LEDGER: Ledger[ev.Event] = Ledger(LEDGER_COLUMNS, ledger_rows)


def outcome(state: GameState) -> Outcome | None:
    """F3: the winner once the game is over."""
    return Outcome(state.winner) if state.phase is Phase.GAME_OVER else None


def opening(event: ev.Event) -> object | None:
    """The settings a game's first event carries."""
    return event.settings if isinstance(event, ev.GameStarted) else None


def ending(event: ev.Event) -> Outcome | None:
    """The outcome an event declares."""
    return Outcome(event.seat) if isinstance(event, ev.GameWon) else None


def refusal(state: GameState, event: ev.Event) -> str | None:
    """Why an event read back from a file cannot follow `state`, or None."""
    if isinstance(event, ev.GameStarted):
        return None if state.settings is None else "a second start in one game"
    if state.settings is None:
        return f"{type(event).__name__} before the game started"
    seat = getattr(event, "seat", None)
    if seat is not None and not 0 <= seat < len(state.players):
        return f"{type(event).__name__} for seat {seat}, which is not at this table"
    if isinstance(event, ev.CardDrawn):
        cards = state.pile(event.pile).cards if state.piles else ()
        if not cards or cards[0] != event.card:
            return f"{event.card} is not on top of the {event.pile} pile"
    if isinstance(event, ev.PileShuffled) and state.piles and sorted(
            (*state.pile(event.pile).cards, event.order[-1])) != sorted(event.order):
        return f"the {event.pile} pile shuffled into other cards"
    return None


@dataclass(frozen=True, eq=False)
class CanoeGame:
    """The bundle (see the module's docstring), field for field the seam's `Game`."""

    name: str
    title: str
    seats: range
    initial: GameState
    flow: Flow[GameState, ev.Event, Phase]
    options: Callable[[GameState, int], list[Option[cmd.Command]]]
    apply: Callable[[GameState, cmd.Command, DiceSource], tuple[GameState, list[ev.Event]]]
    evolve: Callable[[GameState, ev.Event], GameState]
    codec: ModuleType
    undo: UndoPolicy
    invariants: tuple[Invariant[GameState], ...]
    public_view: Callable[[GameState], PublicView]
    seat_view: Callable[[GameState, int], SeatView]
    outcome: Callable[[GameState], Outcome | None]
    opening: Callable[[ev.Event], object | None]
    ending: Callable[[ev.Event], Outcome | None]
    refusal: Callable[[GameState, ev.Event], str | None]
    ledger: Ledger[ev.Event]
    bots: Mapping[str, bots.Policy] = field(default_factory=dict)

    def legal(self, state: GameState, seat: int) -> list[Option[cmd.Command]]:
        """The options nothing blocks: exactly what `apply` accepts from `seat`."""
        return unblocked(self.options(state, seat))

    def is_legal(self, state: GameState, command: cmd.Command) -> bool:
        """Whether `apply` would accept the command."""
        return any(o.admits(command) for o in self.legal(state, command.seat))

    def act_of(self, state: GameState) -> Enum:
        """The kind of act the current phase asks for."""
        act: Enum = self.flow.act_of(state)
        return act

    def seats_to_act(self, state: GameState) -> tuple[int, ...]:
        """The seats that may act now."""
        seats: tuple[int, ...] = self.flow.seats_to_act(state)
        return seats

    def replay(self, events: Iterable[ev.Event], start: GameState | None = None) -> GameState:
        """The state the events lead to from `start` (the empty game by default)."""
        state = self.initial if start is None else start
        for event in events:
            state = self.evolve(state, event)
        return state

    def broken(self, state: GameState) -> list[Invariant[GameState]]:
        """The invariants `state` breaks (none for every state the rules can reach)."""
        return broken(state, self.invariants)


GAME = CanoeGame(
    name="canoe", title="The Moosehead Lake Canoe Game",
    seats=range(MIN_PLAYERS, MAX_PLAYERS + 1),  # C1
    initial=EMPTY, flow=FLOW, options=options, apply=apply, evolve=evolve, codec=codec,
    undo=ev.UNDO, invariants=INVARIANTS, public_view=public_view, seat_view=seat_view,
    outcome=outcome, opening=opening, ending=ending, refusal=refusal, ledger=LEDGER,
    bots=bots.POLICIES,
)
"""The Canoe game behind the seam."""
