"""Mush-Ring as one bundle: everything the table, the journal and the app ask of a game,
under the names the companion's game seam gives them (the kernel's `Game`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from companion.core.codec import Codec
from companion.core.game import Game, Ledger, Outcome
from companion.games.mush_ring import acts as ev
from companion.games.mush_ring import bots
from companion.games.mush_ring.evolve import FLOW, evolve
from companion.games.mush_ring.handlers import apply
from companion.games.mush_ring.invariants import INVARIANTS
from companion.games.mush_ring.model import EMPTY, MAX_PLAYERS, MIN_PLAYERS, Settings, State
from companion.games.mush_ring.options import options
from companion.games.mush_ring.views import PublicView, public_view, seat_view

LEDGER_COLUMNS = ("game", "turn", "seat", "name", "cards", "value", "wilds")


def ledger_rows(game_id: int, events: Iterable[ev.Event]) -> Iterator[Sequence[object]]:
    """Each score pile after every ring scored and at the end (the CSV export): the turn
    (a paper deck: the rings scored so far), each player's cards, value and Wilds."""
    state, rings = EMPTY, 0
    for event in events:
        state = evolve(state, event)
        if isinstance(event, ev.Scored | ev.GameWon):
            rings += isinstance(event, ev.Scored)
            for seat, p in enumerate(state.players):
                yield (game_id, state.turns if not state.paper else rings, seat, p.name,
                       len(p.pile), p.value, p.wilds)


def outcome(state: State) -> Outcome | None:
    """Y6, Y7: the winner once the game is over (None for a shared win)."""
    if not state.over:
        return None
    return Outcome(state.winners[0] if len(state.winners) == 1 else None)


def opening(event: ev.Event) -> object | None:
    """The settings a game's first event carries."""
    return event.settings if isinstance(event, ev.Started) else None


def ending(event: ev.Event) -> Outcome | None:
    """The outcome an event declares."""
    if not isinstance(event, ev.GameWon):
        return None
    return Outcome(event.winners[0] if len(event.winners) == 1 else None)


def refusal(state: State, event: ev.Event) -> str | None:
    """Why an event read back from a file cannot follow `state`, or None (a card that is
    not where the event takes it from is caught by the deck as the event is folded)."""
    if isinstance(event, ev.Started):
        return None if state.settings is None else "a second start in one game"
    if state.settings is None:
        return f"{type(event).__name__} before the game started"
    for name in ("seat", "owner", "target", "taker"):
        seat = getattr(event, name, None)
        if seat is not None and not 0 <= seat < len(state.players):
            return f"{type(event).__name__} for seat {seat}, which is not at this table"
    space = getattr(event, "space", None)
    if space is not None and not 0 <= space < 6:
        return f"{type(event).__name__} at space {space}, which no ring has"
    return None


CODEC: Codec[State, Settings, ev.Event, ev.Command] = Codec(
    events=ev.EVENTS, commands=ev.COMMANDS, state=State, state_version=1, settings=Settings,
    label="Mush-Ring")

GAME: Game[State, ev.Command, ev.Event, PublicView] = Game(
    name="mush_ring", title="Mush-Ring", seats=range(MIN_PLAYERS, MAX_PLAYERS + 1),  # G1
    initial=EMPTY, flow=FLOW, options=options, apply=apply, evolve=evolve, codec=CODEC,
    undo=ev.UNDO, invariants=INVARIANTS, public_view=public_view, seat_view=seat_view,
    outcome=outcome, opening=opening, ending=ending, refusal=refusal,
    ledger=Ledger(LEDGER_COLUMNS, ledger_rows), bots=bots.POLICIES,
    pauses=(ev.TurnBegan, ev.Scored),
)
"""Mush-Ring behind the seam."""

__all__ = ["CODEC", "GAME", "LEDGER_COLUMNS", "ledger_rows"]
